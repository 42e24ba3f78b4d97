import { test, expect } from '@playwright/test';
import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { runReferenceAppCli, startReferenceApp } from '../../src/reference-app/start.js';
import { connectHttp } from './mcp-helpers.js';

function capture() {
  const stream = new PassThrough();
  let data = '';
  stream.on('data', (c: Buffer) => { data += c.toString('utf8'); });
  return { stream, text: () => data };
}

async function firstLine(get: () => string): Promise<string> {
  for (let i = 0; i < 200 && !get().includes('\n'); i++) await new Promise((r) => setTimeout(r, 10));
  return get().split('\n')[0]!;
}

test.describe('reference-app CLI', () => {
  test('serves until stopped and prints its URL', async () => {
    const out = capture();
    let stop!: () => void;
    const stopSignal = new Promise<void>((r) => { stop = r; });
    const done = runReferenceAppCli(['--port', '0', '--protocol', 'moui'], { stdout: out.stream, stderr: capture().stream, stopSignal });
    const url = await firstLine(out.text);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connectHttp(url);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['perform_action', 'read_semantics']);
    await client.close();
    stop();
    expect(await done).toBe(0);
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
  });

  test('live flavour with --signed-in starts on the feed', async () => {
    const out = capture();
    let stop!: () => void;
    const done = runReferenceAppCli(['--port=0', '--signed-in', '--cold-start-ms', '0'], { stdout: out.stream, stopSignal: new Promise<void>((r) => { stop = r; }) });
    const url = await firstLine(out.text);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${url}/inspect/nav`)).json()).toEqual({ currentRoute: 'feed', backStack: ['feed'] });
    stop();
    expect(await done).toBe(0);
  });

  test('bad arguments exit 2 with usage; a taken port exits 2 in the live protocol\'s words', async () => {
    for (const argv of [['--protocol', 'grpc'], ['--port'], ['--port', '70000'], ['--bogus'], ['--stdio']]) {
      const err = capture();
      const code = await runReferenceAppCli(argv, { stdout: capture().stream, stderr: err.stream, stopSignal: Promise.resolve() });
      expect(code, argv.join(' ')).toBe(2);
      expect(err.text()).toMatch(/treewright reference-app: /);
    }
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    const err = capture();
    expect(await runReferenceAppCli(['--port', String(port)], { stdout: capture().stream, stderr: err.stream, stopSignal: Promise.resolve() })).toBe(2);
    expect(err.text()).toMatch(/could not start: .*(EADDRINUSE|already in use)/);
    // The live protocol's own words, not the MCP shim's.
    expect(err.text()).toMatch(/cannot serve the live protocol \(cmp-inspector HTTP\) at 127\.0\.0\.1:\d+: port \d+ is already in use/);
    expect(err.text()).not.toMatch(/MCP/);
    await new Promise((r) => blocker.close(r));
    const help = capture();
    expect(await runReferenceAppCli(['--help'], { stdout: help.stream })).toBe(0);
    expect(help.text()).toMatch(/usage: treewright reference-app/);
  });

  test('startReferenceApp refuses an unknown protocol', async () => {
    await expect(startReferenceApp({ protocol: 'grpc' as never })).rejects.toThrow(/unknown reference-app protocol "grpc"/);
  });

  test('MCP over stdio, through npx tsx in a child process', async () => {
    const entry = fileURLToPath(new URL('./stdio-entry.ts', import.meta.url));
    const transport = new StdioClientTransport({ command: 'npx', args: ['tsx', entry, '--protocol', 'jetwhale', '--stdio', '--signed-in'], stderr: 'pipe' });
    const client = new Client({ name: 'treewright-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('com.kitakkun.jetwhale.semantics.findNodes');
      const r = (await client.callTool({ name: 'findNodes', arguments: { contentDescription: 'Settings' } })) as CallToolResult;
      expect((r.structuredContent as { nodes: Array<{ id: number }> }).nodes.map((n) => n.id)).toEqual([43]);
    } finally {
      await client.close();
    }
  });
});
