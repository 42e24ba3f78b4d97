// Seeded fuzz cases for #32 item 3: servers on loopback (and stdio children) that answer without end —
// an endless body, an endless event, an endless line, a body that trickles, a huge Content-Length — on
// every protocol. A correct outcome is a typed error naming the bound (too_large with its limit,
// device_timeout with its timeoutMs); loading is a silent loss, anything else a crash or a hang.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isTreewrightError } from '../src/errors.js';
import { McpConnection } from '../src/devices/mcp-client.js';
import { WebDriverClient } from '../src/devices/webdriver.js';
import { LiveDriver } from '../src/devices/live.js';
import { Redactor } from '../src/devices/redact.js';
import { classify, type FuzzCase, type Outcome } from './fuzz-cases.js';
import { prng } from './prng.js';

const CAP = 256 * 1024;
const TIMEOUT = 400;
type Fault = 'endless' | 'trickle' | 'declared' | 'event';

function answer(res: ServerResponse, fault: Fault, head: string): void {
  let open = true;
  res.on('close', () => { open = false; });
  if (fault === 'declared') { res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * 1024 ** 3) }); res.write(head); return; }
  res.writeHead(200, { 'content-type': fault === 'event' ? 'text/event-stream' : 'application/json' });
  res.write(fault === 'event' ? 'event: message\ndata: ' : head);
  if (fault === 'trickle') { const t = setInterval(() => (open ? res.write(' ') : clearInterval(t)), 40); return; }
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  const pump = () => { while (open && res.write(chunk)); if (open) res.once('drain', pump); };
  pump();
}

/** The error names the bound it hit. */
function named(e: unknown): boolean {
  if (!isTreewrightError(e)) return false;
  const d = e.details as { limit?: number; timeoutMs?: number };
  return (e.code === 'too_large' && d.limit === CAP) || (e.code === 'device_timeout' && typeof d.timeoutMs === 'number');
}

export function capCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const protocols = ['mcp-http', 'webdriver', 'live', 'mcp-stdio'] as const;
  const faults: Fault[] = ['endless', 'trickle', 'declared', 'event'];
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const protocol = protocols[i % protocols.length]!;
    const fault = faults[Math.floor(rnd() * faults.length)]!;
    cases.push({
      category: 'caps',
      name: `${protocol} ${fault} #${i}`,
      run: () => classify<Outcome>(async () => {
        if (protocol === 'mcp-stdio') {
          const script = fault === 'trickle' ? `process.stdin.resume(); setInterval(() => process.stdout.write(' '), 40)` : `process.stdin.resume(); const b = Buffer.alloc(1 << 14, 97); const w = () => { while (process.stdout.write(b)); process.stdout.once('drain', w); }; w()`;
          const e = await McpConnection.open({ command: [process.execPath, '-e', script] }, { where: 'fuzz', protocol: 'MoUI', maxBytes: CAP, connectTimeout: TIMEOUT * 5 }).then(async (c) => { await c.close(); return null; }, (x: unknown) => x);
          return e === null ? 'silent loss' : named(e) ? 'typed error' : 'crash';
        }
        const sockets = new Set<Socket>();
        const server = createServer((req, res) => {
          req.resume();
          if (req.url === '/inspect/health') { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'x', buildType: 'debug', processStartedAtMs: 1, processUptimeMs: 1 })); return; }
          req.on('end', () => answer(res, fault, protocol === 'webdriver' ? '{"value":' : '{"jsonrpc":"2.0","id":0,"result":'));
        });
        server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        const port = (server.address() as AddressInfo).port;
        try {
          let e: unknown = null;
          if (protocol === 'mcp-http') {
            e = await McpConnection.open({ url: `http://127.0.0.1:${port}/mcp` }, { where: 'fuzz', protocol: 'JetWhale', maxBytes: CAP, connectTimeout: TIMEOUT * 5 }).then(async (c) => { await c.close(); return null; }, (x: unknown) => x);
          } else if (protocol === 'webdriver') {
            const url = `http://127.0.0.1:${port}`;
            e = await new WebDriverClient({ url, where: 'fuzz', timeout: TIMEOUT, maxBytes: CAP, redactor: Redactor.forSource(url, {}) }).status().then(() => null, (x: unknown) => x);
          } else {
            const driver = new LiveDriver({ host: '127.0.0.1', port, timeout: TIMEOUT, connectTimeout: TIMEOUT * 5, adbPath: '/nonexistent/adb' });
            (driver as unknown as { http: { maxBytes: number } }).http.maxBytes = CAP;
            e = await driver.open().then(() => driver.capture()).then(() => null, (x: unknown) => x);
          }
          return e === null ? 'silent loss' : named(e) ? 'typed error' : 'crash';
        } finally {
          for (const s of sockets) s.destroy();
          await new Promise((r) => server.close(r));
        }
      }, (o) => o),
    });
  }
  return cases;
}
