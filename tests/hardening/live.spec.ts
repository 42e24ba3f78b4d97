// Item 3 of #15: the live driver against servers that misbehave in the ways the fuzz campaign found.
// Each server is a real HTTP server on 127.0.0.1 with a free port, stopped after its test.
import { test, expect } from '@playwright/test';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../../src/devices/connect.js';
import { LiveDriver } from '../../src/devices/live.js';
import { parseSource } from '../../src/devices/source.js';

const TREE = readFileSync('fixtures/trees/home.json', 'utf8');
const health = (extra: Record<string, unknown> = {}) => ({ status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'a', buildType: 'debug', processStartedAtMs: 1_700_000_000_000, processUptimeMs: 5, ...extra });
// Timeouts far above what a loaded machine takes to answer on loopback: a test about a deadline sets its
// own, against a server whose answers it holds back, so what runs out is what the test chose.
const NO_ADB = { adbPath: '/nonexistent/adb', timeout: 20_000, connectTimeout: 30_000 };

let servers: Server[] = [];
test.afterEach(async () => { await Promise.all(servers.map((s) => new Promise((r) => s.close(r)))); servers = []; });

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const s = createServer(handle);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}
const json = (res: ServerResponse, status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };

test('redirects are not followed, to another host or anywhere', async () => {
  let hits = 0;
  const target = await serve((_req, res) => { hits++; json(res, 200, health()); });
  const port = await serve((_req, res) => { res.writeHead(302, { location: `http://localhost:${target}/inspect/health` }); res.end(); });
  const e = await connect(`live:127.0.0.1:${port}`, NO_ADB).catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.message).toMatch(/answered a redirect \(HTTP 302 to http:\/\/localhost:\d+\/inspect\/health\), which treewright does not follow/);
  expect(hits).toBe(0);
});

test('every health field is validated: processStartedAtMs missing, a string or 1e300 never throws RangeError', async () => {
  for (const [value, want] of [['1700000000000', /processStartedAtMs: Invalid input: expected number/], [1e300, /processStartedAtMs: Too big/]] as const) {
    const port = await serve((req, res) => (req.url === '/inspect/health' ? json(res, 200, health({ processStartedAtMs: value })) : json(res, 200, JSON.parse(TREE))));
    const e = await connect(`live:127.0.0.1:${port}`, NO_ADB).catch((x) => x);
    expect(e.code, String(value)).toBe('device_error');
    expect(e.message).toMatch(want);
    expect(e).not.toBeInstanceOf(RangeError);
  }
  // Missing: connects, and says that restarts cannot be noticed.
  const { processStartedAtMs: _, ...noStart } = health();
  const port = await serve((req, res) => (req.url === '/inspect/health' ? json(res, 200, noStart) : req.url === '/inspect/tap' ? json(res, 200, { tapped: true }) : json(res, 200, JSON.parse(TREE))));
  const device = await connect(`live:127.0.0.1:${port}`, NO_ADB);
  try {
    expect((await device.snapshot()).warnings).toContainEqual({ code: 'no-process-start', message: expect.stringMatching(/no processStartedAtMs: an app restart between two actions cannot be noticed/) });
  } finally {
    await device.close();
  }
});

test('a null health answer before a tap is refused, not a skipped restart check; a restart is still caught', async () => {
  let mode: 'ok' | 'null' | 'restarted' = 'ok';
  const taps: unknown[] = [];
  const port = await serve((req, res) => {
    if (req.url === '/inspect/health') return mode === 'null' ? json(res, 200, null) : json(res, 200, health(mode === 'restarted' ? { processStartedAtMs: 1_700_000_060_000 } : {}));
    if (req.url === '/inspect/tap') { taps.push(1); return json(res, 200, { tapped: true }); }
    json(res, 200, JSON.parse(TREE));
  });
  const device = await connect(`live:127.0.0.1:${port}`, NO_ADB);
  try {
    mode = 'null';
    const e = await device.byTag('card_one').click().catch((x) => x);
    expect(e.code).toBe('device_error');
    expect(e.message).toMatch(/health: unexpected answer null/);
    mode = 'restarted';
    const r = await device.byTag('card_one').click().catch((x) => x);
    expect(r.message).toMatch(/the app restarted \(process start 2023-11-14T22:13:20\.000Z → 2023-11-14T22:14:20\.000Z\)/);
    expect(taps).toHaveLength(0);
  } finally {
    await device.close();
  }
});

test('one deadline for connect across all retries: a retried request is cut at the connect timeout', async () => {
  // A 503 at once (cold: retried), then every answer held back for a minute, with a per-request timeout of
  // a minute too: only the connect's one deadline can end the retry, and it cuts the request it falls in.
  let calls = 0;
  let cut = 0;
  const held: Array<ReturnType<typeof setTimeout>> = [];
  const port = await serve((req, res) => {
    if (calls++ === 0) return json(res, 503, { error: 'cold' });
    req.socket.on('close', () => cut++);
    held.push(setTimeout(() => json(res, 503, { error: 'cold' }), 60_000));
  });
  // The deadline must outlast the first answer, however slow the machine is now: measured on this server.
  const t0 = performance.now();
  await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
  const deadline = Math.max(1500, Math.ceil(((performance.now() - t0) * 20) / 100) * 100);
  calls = 0;
  const e = await connect(`live:127.0.0.1:${port}`, { adbPath: '/nonexistent/adb', timeout: 600_000, connectTimeout: deadline }).catch((x) => x);
  held.forEach(clearTimeout);
  expect(e.code).toBe('device_unreachable');
  expect(e.message).toContain(`stayed cold (HTTP 503) for ${deadline}ms`);
  expect(calls).toBe(2);
  await expect.poll(() => cut).toBe(1); // the held request was dropped by the client, not answered
});

test('hints name the real port; hosts are validated as hosts', async () => {
  const port = await serve(() => undefined);
  await new Promise((r) => servers.pop()!.close(r)); // nothing listening there now
  const e = await connect(`live:127.0.0.1:${port}`, { ...NO_ADB, connectTimeout: 300 }).catch((x) => x);
  expect(e.message).toContain(`adb forward tcp:${port} tcp:${port}`);
  expect(e.message).not.toContain('tcp:9500');
  // Out of time before anything answered (a loaded machine, a tiny deadline): still unreachable, never "up but cold".
  const late = await connect(`live:127.0.0.1:${port}`, { ...NO_ADB, connectTimeout: 1 }).catch((x) => x);
  // (which of "no answer within 1ms" and "nothing is listening" depends on whether the refusal beats the deadline)
  expect(late.message).toMatch(new RegExp(`could not reach the inspector at http://127.0.0.1:${port}: (no answer within 1ms|health: nothing is listening)`));
  expect(late.message).toContain(`adb forward tcp:${port} tcp:${port}`);
  expect(late.message).not.toContain('stayed cold');
  for (const host of ['127.0.0.1/evil?x=', 'user@127.0.0.1', '127.0.0.1#frag', 'a b', '']) {
    expect(() => parseSource({ kind: 'live', host, port: 9500 }), host).toThrow(/is not a host name or an IP address/);
    expect(() => new LiveDriver({ host, port: 9500 }), host).toThrow(/invalid live host/);
  }
  expect(() => parseSource('live:127.0.0.1/evil?x=:9500')).toThrow(/not a host name/);
  expect(parseSource('live:[::1]:9500')).toMatchObject({ host: '::1' });
  expect(parseSource('live:emulator.local:9500')).toMatchObject({ host: 'emulator.local' });
});

test('responses have a size cap: too_large, not 430 MB of memory', async () => {
  const port = await serve((req, res) => {
    if (req.url === '/inspect/health') return json(res, 200, health());
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => { while (sent < 64 && res.write(chunk)) sent++; if (sent < 64) res.once('drain', pump); else res.end(); };
    pump();
  });
  const driver = new LiveDriver({ host: '127.0.0.1', port, ...NO_ADB });
  (driver as unknown as { http: { maxBytes: number } }).http.maxBytes = 8 * 1024 * 1024;
  await driver.open();
  const e = await driver.capture().catch((x) => x);
  expect(e.code).toBe('too_large');
  expect(e.message).toMatch(/tree: .* answered more than 8388608 bytes, over the 8388608-byte limit/);
});

test('a failing adb forward is a warning when the port answers directly', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-adb-'));
  const adb = path.join(dir, 'adb');
  writeFileSync(adb, '#!/bin/sh\ncase "$1" in\n  devices) printf "List of devices attached\\nemulator-5554\\tdevice\\n\\n" ;;\n  forward) echo "adb: error: cannot bind listener: Address already in use" >&2; exit 1 ;;\n  *) exit 1 ;;\nesac\n');
  chmodSync(adb, 0o755);
  const port = await serve((req, res) => (req.url === '/inspect/health' ? json(res, 200, health()) : json(res, 200, JSON.parse(TREE))));
  const device = await connect(`live:127.0.0.1:${port}`, { ...NO_ADB, adbPath: adb });
  try {
    expect((await device.snapshot()).warnings).toContainEqual({ code: 'adb-forward-failed', message: expect.stringMatching(/adb forward failed .*answered directly, so the connection goes on without it/) });
  } finally {
    await device.close();
  }
});
