// Item 3 of #32: every answer from a device is size-capped and time-capped, on every protocol, through
// one module (devices/answer-limits.ts); the error names the cap (`limit`) or the timeout (`timeoutMs`).
// Each server is a real one on 127.0.0.1 with a free port (or a real child process), stopped after its test;
// each sends without end, so what ends the read is the bound the test chose, however fast the machine.
import { test, expect } from '@playwright/test';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpConnection } from '../../src/devices/mcp-client.js';
import { WebDriverClient } from '../../src/devices/webdriver.js';
import { AdbClient } from '../../src/devices/adb-client.js';
import { LiveDriver } from '../../src/devices/live.js';
import { MAX_ANSWER_BYTES } from '../../src/devices/answer-limits.js';
import { Redactor } from '../../src/devices/redact.js';

const MiB = 1024 * 1024;
let servers: Array<{ server: Server; sockets: Set<Socket> }> = [];
test.afterEach(async () => {
  for (const { server, sockets } of servers) {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
  servers = [];
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server = createServer(handle);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  servers.push({ server, sockets });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** Writes `chunk` until the client goes away: an answer without end. */
function endless(res: ServerResponse, contentType: string, chunk: Buffer, head = ''): void {
  res.writeHead(200, { 'content-type': contentType });
  if (head) res.write(head);
  let open = true;
  res.on('close', () => { open = false; });
  const pump = () => { while (open && res.write(chunk)); if (open) res.once('drain', pump); };
  pump();
}

/** Writes one byte now and then, never ending: a body that only time can bound. */
function trickle(res: ServerResponse, contentType: string): void {
  res.writeHead(200, { 'content-type': contentType });
  res.write(' ');
  const t = setInterval(() => res.write(' '), 50);
  res.on('close', () => clearInterval(t));
}

const readBody = (req: IncomingMessage) => new Promise<void>((r) => { req.resume(); req.on('end', () => r()); });

test.describe('MCP over streamable HTTP (moui:, jetwhale:)', () => {
  test('an endless JSON body is too_large at the default cap, naming it', async () => {
    const port = await serve((req, res) => { void readBody(req).then(() => endless(res, 'application/json', Buffer.alloc(MiB, 0x20), '{"jsonrpc":"2.0","id":0,"result":')); });
    const e = await McpConnection.open({ url: `http://127.0.0.1:${port}/mcp` }, { where: 'moui:test', protocol: 'MoUI', connectTimeout: 120_000 }).catch((x) => x);
    expect([e.code, e.details.stage, e.details.limit]).toEqual(['too_large', 'connect', MAX_ANSWER_BYTES]);
    expect(e.message).toContain(`over the ${MAX_ANSWER_BYTES}-byte limit for one answer`);
  });

  test('an endless event in an event stream is too_large; a declared Content-Length over the cap is refused before reading', async () => {
    const events = await serve((req, res) => { void readBody(req).then(() => endless(res, 'text/event-stream', Buffer.alloc(64 * 1024, 0x61), 'event: message\ndata: ')); });
    const e = await McpConnection.open({ url: `http://127.0.0.1:${events}/mcp` }, { where: 'jetwhale:test', protocol: 'JetWhale', maxBytes: MiB, connectTimeout: 120_000 }).catch((x) => x);
    expect([e.code, e.details.stage, e.details.limit]).toEqual(['too_large', 'connect', MiB]);
    const declared = await serve((req, res) => { void readBody(req).then(() => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * 1024 * MiB) }); res.write('{'); }); });
    const d = await McpConnection.open({ url: `http://127.0.0.1:${declared}/mcp` }, { where: 'moui:test', protocol: 'MoUI', maxBytes: MiB, connectTimeout: 120_000 }).catch((x) => x);
    expect([d.code, d.details.limit, d.details.size]).toEqual(['too_large', MiB, 5 * 1024 * MiB]);
    expect(d.message).toContain(`answered ${5 * 1024 * MiB} bytes, over the ${MiB}-byte limit`);
  });

  test('an event stream of many small events is not cut by the cap: only one event is bounded', async () => {
    // Each answer comes after 400 comment events of 100 bytes (40 KiB in all) under a 16 KiB cap.
    const results: Record<string, unknown> = {
      initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'x', version: '1' } },
      'tools/list': { tools: [{ name: 'read_semantics', inputSchema: { type: 'object' } }] },
    };
    const port = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => {
        const msg = req.method === 'POST' && body ? JSON.parse(body) as { id?: number; method: string } : null;
        if (!msg || msg.id === undefined) { res.writeHead(req.method === 'POST' ? 202 : 405).end(); return; }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let i = 0; i < 400; i++) res.write(`: ${'x'.repeat(96)}\n\n`);
        res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: results[msg.method] })}\n\n`);
      });
    });
    const conn = await McpConnection.open({ url: `http://127.0.0.1:${port}/mcp` }, { where: 'moui:test', protocol: 'MoUI', maxBytes: 16 * 1024, connectTimeout: 120_000, timeout: 120_000 });
    try {
      expect(conn.tools).toEqual(['read_semantics']);
    } finally {
      await conn.close();
    }
  });

  test('a body that trickles forever is device_timeout, naming the timeout', async () => {
    const port = await serve((req, res) => { void readBody(req).then(() => trickle(res, 'application/json')); });
    const e = await McpConnection.open({ url: `http://127.0.0.1:${port}/mcp` }, { where: 'moui:test', protocol: 'MoUI', connectTimeout: 700 }).catch((x) => x);
    expect([e.code, e.details.stage, e.details.timeoutMs]).toEqual(['device_timeout', 'connect', 700]);
    expect(e.message).toMatch(/did not answer within 700ms/);
  });
});

test('MCP over stdio: an endless line is too_large, naming the cap', async () => {
  const script = `const b = Buffer.alloc(1 << 16, 0x61); const w = () => { while (process.stdout.write(b)); process.stdout.once('drain', w); }; process.stdin.resume(); w();`;
  const e = await McpConnection.open({ command: [process.execPath, '-e', script] }, { where: 'moui:stdio', protocol: 'MoUI', maxBytes: MiB, connectTimeout: 120_000 }).catch((x) => x);
  expect([e.code, e.details.stage, e.details.limit]).toEqual(['too_large', 'connect', MiB]);
  expect(e.message).toContain(`over the ${MiB}-byte limit for one answer`);
});

test.describe('W3C WebDriver (appium:)', () => {
  const client = (port: number, extra: { timeout?: number; maxBytes?: number } = {}) => new WebDriverClient({ url: `http://127.0.0.1:${port}`, where: 'appium:test', timeout: extra.timeout ?? 120_000, redactor: Redactor.forSource(`http://127.0.0.1:${port}`, {}), ...(extra.maxBytes ? { maxBytes: extra.maxBytes } : {}) });

  test('an endless answer is too_large, naming the cap', async () => {
    const port = await serve((_req, res) => endless(res, 'application/json', Buffer.alloc(64 * 1024, 0x20), '{"value":'));
    const e = await client(port, { maxBytes: MiB }).status().catch((x) => x);
    expect([e.code, e.details.stage, e.details.limit]).toEqual(['too_large', 'status', MiB]);
  });

  test('an answer that trickles forever is device_timeout, naming the timeout', async () => {
    const port = await serve((_req, res) => trickle(res, 'application/json'));
    const e = await client(port, { timeout: 600 }).status().catch((x) => x);
    expect([e.code, e.details.stage, e.details.timeoutMs]).toEqual(['device_timeout', 'status', 600]);
  });
});

test('live: a tree body that trickles forever is device_timeout, naming the timeout', async () => {
  const health = { status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'a', buildType: 'debug', processStartedAtMs: 1, processUptimeMs: 5 };
  const port = await serve((req, res) => (req.url === '/inspect/health' ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(health)) : trickle(res, 'application/json')));
  const driver = new LiveDriver({ host: '127.0.0.1', port, adbPath: '/nonexistent/adb', timeout: 600, connectTimeout: 120_000 });
  const e = await driver.open().catch((x) => x);
  expect([e.code, e.details.stage, e.details.timeoutMs]).toEqual(['device_timeout', 'tree', 600]);
});

test('adb: endless output is too_large naming the cap; a command that never ends is device_timeout naming the timeout', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-adb-cap-'));
  const adb = path.join(dir, 'adb');
  writeFileSync(adb, '#!/bin/sh\ncase "$1" in\n  flood) exec yes ;;\n  *) exec sleep 600 ;;\nesac\n');
  chmodSync(adb, 0o755);
  const client = new AdbClient({ adbPath: adb, maxBytes: MiB, timeout: 120_000 });
  const e = await client.run(['flood'], { stage: 'read dump' }).catch((x) => x);
  expect([e.code, e.details.stage, e.details.limit]).toEqual(['too_large', 'read dump', MiB]);
  const b = await client.runBinary(['flood'], 'screencap').catch((x) => x);
  expect([b.code, b.details.stage, b.details.limit]).toEqual(['too_large', 'screencap', MiB]);
  const slow = new AdbClient({ adbPath: adb, timeout: 500 });
  const t = await slow.run(['hang'], { stage: 'uiautomator dump' }).catch((x) => x);
  expect([t.code, t.details.stage, t.details.timeoutMs]).toEqual(['device_timeout', 'uiautomator dump', 500]);
});
