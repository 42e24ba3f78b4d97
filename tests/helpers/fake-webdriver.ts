/**
 * A small HTTP server for the faults a real Appium server will not produce on demand: hangs, 5xx
 * answers, stale elements, a server that is not WebDriver at all. Each request goes to `handle`; what it
 * does not answer (returns undefined) is forwarded to `upstream` (a real Appium server) unchanged, so a
 * fault can be injected into one command of an otherwise real session.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

/** An answer: status and JSON body, or 'hang' (never answers), or raw text with a content type. */
export type FakeAnswer = { status: number; json: unknown } | { status: number; text: string; contentType: string } | 'hang';

export class FakeWebDriver {
  readonly requests: FakeRequest[] = [];
  private server: Server | null = null;
  private readonly open = new Set<ServerResponse>();
  port = 0;

  constructor(private readonly options: { upstream?: string; handle?: (r: FakeRequest) => FakeAnswer | undefined }) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => { void this.serve(req, res); });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try { body = raw ? JSON.parse(raw) : undefined; } catch { body = raw; }
    const r: FakeRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body };
    this.requests.push(r);
    const answer = this.options.handle?.(r);
    if (answer === 'hang') { this.open.add(res); return; }
    if (answer) {
      if ('json' in answer) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      else res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text);
      return;
    }
    if (!this.options.upstream) { res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ value: { error: 'unknown command', message: `no route ${r.method} ${r.path}` } })); return; }
    const up = await fetch(`${this.options.upstream}${r.path}`, {
      method: r.method, ...(raw ? { body: raw, headers: { 'content-type': 'application/json' } } : {}),
    });
    res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await up.arrayBuffer()));
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.open.clear();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = null;
  }
}

/** A W3C success answer. */
export function ok(value: unknown): FakeAnswer {
  return { status: 200, json: { value } };
}

/** A W3C error answer, stacktrace included (the driver must not show it). */
export function w3cError(status: number, error: string, message: string): FakeAnswer {
  return { status, json: { value: { error, message, stacktrace: `${error}: ${message}\n    at handler (/srv/internal/secret-path.js:42:7)` } } };
}
