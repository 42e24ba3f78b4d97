// Item 2 of #15: the MCP server is unkillable from its wire. The real shim (registry, session,
// transport) on in-process streams, so each probe is fast; tests/agents covers the same server as a process.
import { test, expect } from '@playwright/test';
import { PassThrough } from 'node:stream';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, rmSync, symlinkSync, existsSync, renameSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from '../../agents/session.js';
import { serveStdio } from '../../agents/server.js';
import { MAX_LINE_BYTES } from '../../src/mcp/transport.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-RPC answers are read loosely in tests
type Msg = Record<string, any>;

async function wire(source: string, root: string) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const session = new Session({ source, root, allowHosts: [] });
  const serving = await serveStdio(session, { stdin, stdout });
  const answers: Msg[] = [];
  let buf = '';
  stdout.on('data', (c: Buffer) => {
    buf += c.toString('utf8');
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) { answers.push(JSON.parse(buf.slice(0, nl))); buf = buf.slice(nl + 1); }
  });
  let id = 10;
  const w = {
    send: (m: unknown) => stdin.write((typeof m === 'string' ? m : JSON.stringify(m)) + '\n'),
    async next(want: number | null, ms = 20_000): Promise<Msg> {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const a = answers.find((m) => m.id === want);
        if (a) { answers.splice(answers.indexOf(a), 1); return a; }
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no answer for id ${want} within ${ms} ms`);
    },
    async call(name: string, args: Record<string, unknown> = {}): Promise<Msg> {
      const n = ++id;
      w.send({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name, arguments: args } });
      return (await w.next(n)).result;
    },
    async close() { stdin.end(); await serving.close(); await session.close(); },
  };
  w.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'wire', version: '0' } } });
  await w.next(1);
  w.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return w;
}

function tempRoot(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-wire-')));
  copyFileSync('fixtures/trees/home.json', path.join(dir, 'home.json'));
  return dir;
}

test('a stdin line of 10 MiB and more is answered with a JSON-RPC error (with its id) and the server goes on', async () => {
  const root = tempRoot();
  const w = await wire('file:home.json', root);
  try {
    for (const mib of [10, 12]) {
      const big = 'x'.repeat(mib * 1024 * 1024);
      w.send(`{"method":"tools/call","params":{"name":"find_nodes","arguments":{"locator":"${big}"}},"jsonrpc":"2.0","id":${mib}}`);
      const a = await w.next(mib);
      expect(a.error.code).toBe(-32600);
      expect(a.error.message).toContain(`over the ${MAX_LINE_BYTES / 1024 / 1024} MiB`);
    }
    // Without an id to find: id null.
    w.send('y'.repeat(11 * 1024 * 1024));
    expect((await w.next(null)).error.code).toBe(-32600);
    expect((await w.call('find_nodes', { locator: "byTag('card_one')" })).structuredContent.value.count).toBe(1);
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('tools/call without params answers -32602', async () => {
  const root = tempRoot();
  const w = await wire('file:home.json', root);
  try {
    w.send({ jsonrpc: '2.0', id: 2, method: 'tools/call' });
    expect((await w.next(2)).error.code).toBe(-32602);
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('perform_action fill with 5 MiB of text is refused before anything is typed; the screen can still be read', async () => {
  const root = tempRoot();
  const w = await wire('reference', root);
  try {
    const r = await w.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'a'.repeat(5 * 1024 * 1024) });
    expect(r.structuredContent.error.code).toBe('too_large');
    expect(r.structuredContent.error.message).toMatch(/the fill text would be 5\.0 MiB/);
    const email = await w.call('find_nodes', { locator: "byTag('email')" });
    expect(email.structuredContent.value.lines[0]).not.toContain('aaaa');
    expect((await w.call('get_tree')).isError).toBeFalsy();
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('export_test refuses an answer too large before writing the file', async () => {
  test.setTimeout(120_000);
  const root = tempRoot();
  const w = await wire('reference', root);
  try {
    for (const tag of ['email', 'password']) {
      expect((await w.call('perform_action', { locator: `byTag('${tag}')`, action: 'fill', text: 'b'.repeat(1024 * 1024) })).structuredContent.ok).toBe(true);
    }
    const r = await w.call('export_test', { path: 'big.spec.ts' });
    expect(r.structuredContent.error.code).toBe('too_large');
    expect(existsSync(path.join(root, 'big.spec.ts'))).toBe(false);
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a FIFO named as a golden, a catalog or a tree is refused at once, and later calls are not blocked', async () => {
  const root = tempRoot();
  execFileSync('mkfifo', [path.join(root, 'g.tree')]);
  execFileSync('mkfifo', [path.join(root, 'c.json')]);
  const w = await wire('file:home.json', root);
  try {
    // Opening a FIFO for reading blocks until a writer comes: a reader that did would hang the test.
    const g = await w.call('check', { kinds: ['golden'], golden: 'g.tree' });
    expect(g.structuredContent.error).toMatchObject({ code: 'source_invalid', details: { refused: 'not_regular' } });
    expect(g.structuredContent.error.message).toMatch(/is a FIFO \(named pipe\), not a regular file/);
    const c = await w.call('check', { kinds: ['drift'], catalog: 'c.json' });
    expect(c.structuredContent.error.message).toMatch(/FIFO/);
    const t = await w.call('connect', { source: 'file:g.tree' });
    expect(t.structuredContent.error.code).toBe('source_invalid');
    expect((await w.call('find_nodes', {})).isError).toBeFalsy();
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file source swapped for a symlink (or its folder for one) after connect is refused, not read through', async () => {
  const root = tempRoot();
  const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-outside-')));
  writeFileSync(path.join(outside, 'secret.json'), JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: { testTag: 'secret', text: 'TOP SECRET', contentDescription: null, bounds: { x: 0, y: 0, width: 1, height: 1 }, designToken: null, children: [] } }));
  mkdirSync(path.join(root, 'sub'));
  copyFileSync('fixtures/trees/home.json', path.join(root, 'sub', 'tree.json'));
  const w = await wire('file:home.json', root);
  try {
    expect((await w.call('find_nodes', {})).isError).toBeFalsy();
    rmSync(path.join(root, 'home.json'));
    symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'home.json'));
    const r = await w.call('find_nodes', { locator: "byText('TOP SECRET')" });
    expect(r.structuredContent.error).toMatchObject({ code: 'source_invalid', details: { refused: 'symlink' } });

    expect((await w.call('connect', { source: 'file:sub/tree.json' })).structuredContent.ok).toBe(true);
    renameSync(path.join(root, 'sub'), path.join(root, 'sub-old'));
    mkdirSync(path.join(outside, 'sub'));
    copyFileSync(path.join(outside, 'secret.json'), path.join(outside, 'sub', 'tree.json'));
    symlinkSync(path.join(outside, 'sub'), path.join(root, 'sub'));
    const r2 = await w.call('find_nodes', { locator: "byText('TOP SECRET')" });
    expect(r2.structuredContent.error).toMatchObject({ code: 'source_invalid', details: { refused: 'path' } });
    expect(r2.structuredContent.error.message).toMatch(/outside the root/);
  } finally {
    await w.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
