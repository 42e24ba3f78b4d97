import { createServer, type Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';

export type FakeMode = 'ok' | 'stuck503' | 'hang' | 'html' | 'truncated' | 'reset' | 'cold';

/**
 * A fake cmp-inspector live server on 127.0.0.1 with a free port, for fault tests. Its mode can
 * change mid-test; taps are recorded; `restart()` bumps processStartedAtMs.
 */
export class FakeLive {
  mode: FakeMode = 'ok';
  taps: Array<{ x: number; y: number }> = [];
  startedAt = 1_700_000_000_000;
  coldUntil = 0;
  /** Until then /inspect/tree answers 503 while health is 200 (the cmp-inspector before a Compose root is attached). */
  treeColdUntil = 0;
  tree = readFileSync('fixtures/trees/home.json', 'utf8');
  private server!: Server;
  private sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get source() { return `live:127.0.0.1:${this.port}`; }

  restart() { this.startedAt += 60_000; }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const json = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (this.mode === 'hang') return; // accept, never answer
    if (this.mode === 'reset') { req.socket.destroy(); return; }
    if (this.mode === 'html') { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<!doctype html><h1>Welcome to nginx</h1>'); return; }
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/inspect/health') {
      if (this.mode === 'stuck503' || Date.now() < this.coldUntil) return json(503, { error: 'ui not ready' });
      return json(200, { status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'dev.fake', buildType: 'debug', processStartedAtMs: this.startedAt, processUptimeMs: 1000 });
    }
    if (url.pathname === '/inspect/tree') {
      if (this.mode === 'stuck503' || Date.now() < this.treeColdUntil) return json(503, { error: 'ui not ready' });
      if (this.mode === 'truncated') { res.writeHead(200, { 'content-type': 'application/json' }); res.end(this.tree.slice(0, 200)); return; }
      res.writeHead(200, { 'content-type': 'application/json' }); res.end(this.tree); return;
    }
    if (url.pathname === '/inspect/tap' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { const p = JSON.parse(body); this.taps.push(p); json(200, { tapped: true, ...p }); });
      return;
    }
    json(404, { error: `no route ${url.pathname}` });
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
