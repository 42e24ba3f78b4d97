// The inspector's HTTP server: loopback only, every path under a random token (/<token>/…), so another
// local page or user cannot read the screen or drive the device: anything else is 403. The page is one
// static HTML file (page.ts); the rest is a small JSON API over the session.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeConfined } from '../../src/files/write-confined.js';
import { isTreewrightError } from '../../src/errors.js';
import { PAGE_HTML } from './page.js';
import { InspectorSession, PAGE_ACTIONS, describe, type PageAction, type SessionOptions } from './session.js';
import { nodeView } from './view.js';
import { recordedSpec } from './record.js';

export interface InspectorOptions extends SessionOptions {
  /** 0: any free port. */
  port: number;
  /** Where saved specs go (relative paths only, no `..`): default the working directory. */
  saveRoot?: string;
}

export interface Inspector {
  /** http://127.0.0.1:<port>/<token>/ */
  url: string;
  port: number;
  token: string;
  session: InspectorSession;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

/** Starts the session (first capture) and the server; resolves once both are up. */
export async function startInspector(options: InspectorOptions): Promise<Inspector> {
  const token = randomBytes(18).toString('base64url');
  const session = new InspectorSession(options);
  const saveRoot = options.saveRoot ?? process.cwd();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, { error: describe(e) }));
  });
  let port = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, given, ...rest] = url.pathname.split('/');
    // DNS rebinding: a page that resolved its own name to 127.0.0.1 still sends its own Host.
    const host = req.headers.host ?? '';
    if (!tokenMatches(given ?? '', token) || (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)) {
      send(res, 403, { error: 'forbidden: open the URL treewright inspector printed (it carries the token)' });
      return;
    }
    const route = `${req.method} /${rest.join('/')}`;
    switch (route) {
      case 'GET /':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:" });
        res.end(PAGE_HTML);
        return;
      case 'GET /api/state': {
        const since = Number(url.searchParams.get('since') ?? -1);
        const s = session.state();
        send(res, 200, s.version === since ? { version: s.version, same: true } : s);
        return;
      }
      case 'GET /api/node': {
        const snapshot = session.snapshot();
        const view = snapshot ? nodeView(snapshot, url.searchParams.get('id') ?? '') : null;
        send(res, view ? 200 : 404, view ?? { error: 'no such node on the current capture' });
        return;
      }
      case 'POST /api/act': {
        const body = await readJson(req);
        const action = String(body.action) as PageAction;
        if (!PAGE_ACTIONS.includes(action)) { send(res, 400, { error: `action must be one of ${PAGE_ACTIONS.join(', ')}` }); return; }
        try {
          send(res, 200, await session.act(String(body.id), action, typeof body.text === 'string' ? body.text : undefined));
        } catch (e) {
          send(res, 422, { error: describe(e) });
        }
        return;
      }
      case 'POST /api/expect': {
        const body = await readJson(req);
        const kind = String(body.kind);
        if (kind !== 'visible' && kind !== 'text' && kind !== 'checked') { send(res, 400, { error: 'kind must be visible, text or checked' }); return; }
        try {
          send(res, 200, { line: session.expect(String(body.id), kind) });
        } catch (e) {
          send(res, 422, { error: describe(e) });
        }
        return;
      }
      case 'POST /api/record': {
        const body = await readJson(req);
        if (body.clear === true) session.clearLines();
        if (typeof body.on === 'boolean') session.setRecording(body.on);
        send(res, 200, { recording: session.state().recording });
        return;
      }
      case 'POST /api/save': {
        const body = await readJson(req);
        const rel = String(body.path ?? '');
        if (!/\.spec\.[cm]?[jt]s$/.test(rel)) { send(res, 400, { error: 'the file name must end in .spec.ts (or .spec.js)' }); return; }
        const code = recordedSpec(session.state().lines, { name: typeof body.name === 'string' && body.name ? body.name : 'recorded', source: options.source });
        try {
          const written = await writeConfined(saveRoot, rel, code, { shown: rel, what: 'the spec' });
          send(res, 200, { path: path.relative(saveRoot, written), code });
        } catch (e) {
          send(res, 422, { error: isTreewrightError(e) ? e.message : describe(e) });
        }
        return;
      }
      default:
        send(res, 404, { error: `no route ${route}` });
    }
  }

  await session.start();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    port,
    token,
    session,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await session.stop();
    },
  };
}

function tokenMatches(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) { res.end(); return; }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error(`request body over ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  const parsed: unknown = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {};
}
