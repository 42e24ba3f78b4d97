// The same server over streamable HTTP (--http): the task through the SDK client, and HTTP-level refusals.
import { test, expect } from '@playwright/test';
import { request } from 'node:http';
import { IDLE_CONNECTION_MS } from '../../src/mcp/transport.js';
import { httpAgent, httpServer } from './helpers.js';

test('over streamable HTTP: the task, malformed JSON-RPC, and a foreign Host refused', async () => {
  const server = await httpServer(['--source', 'reference']);
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const agent = await httpAgent(server.url);
    try {
      expect((await agent.client.listTools()).tools).toHaveLength(7);
      await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' });
      await agent.call('perform_action', { locator: "byTag('password')", action: 'fill', text: 'correct horse' });
      const signIn = await agent.call('perform_action', { locator: "byRole('Button', { name: 'Sign in' })", action: 'click' });
      expect(signIn.env.value.message).toBe('signed in as Ada');
      await agent.call('perform_action', { locator: "byDesc('Settings')", action: 'click' });
      const wifi = await agent.call('find_nodes', { locator: "byRole('Switch', { name: 'Wi-Fi' })" });
      expect(wifi.env.value.count).toBe(1);
      // Each POST is served statelessly, but the session (device, history, steps) is the server's.
      const since = await agent.call('get_tree', { since: signIn.env.value.after });
      expect(since.env.value.kind).toBe('delta');
      const exported = await agent.call('export_test');
      expect(exported.env.value.steps).toBe(5);
      const ambiguous = await agent.call('perform_action', { locator: "byRole('Switch')", action: 'click' });
      expect(ambiguous.result.isError).toBe(true);
      expect(ambiguous.env.error!.details.candidates).toHaveLength(3);
    } finally {
      await agent.close();
    }

    const post = (body: string, headers: Record<string, string> = {}) => fetch(server.url, {
      method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    const garbage = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(garbage.status).toBe(400);
    // Idle connections outlive a client's stall between calls (src/mcp/transport.ts IDLE_CONNECTION_MS).
    expect(garbage.headers.get('keep-alive')).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`);
    expect((await garbage.json()).error.code).toBe(-32700);
    expect((await fetch(server.url)).status).toBe(405);
    expect((await fetch(server.url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);

    // DNS rebinding: a page on another origin that resolves to 127.0.0.1 sends its own Host.
    const foreign = await new Promise<number>((resolve, reject) => {
      const u = new URL(server.url);
      const req = request({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(foreign).toBe(403);
  } finally {
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
});
