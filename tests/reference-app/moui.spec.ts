import { test, expect } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ReferenceApp } from '../../src/reference-app/app.js';
import { startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/start.js';
import { MOUI_RETAINED_DELTAS, type MouiNode, type MouiRead } from '../../src/reference-app/moui.js';
import { applyMouiDelta, importMoui } from '../../src/formats/moui.js';
import { all } from './helpers.js';
import { call, connectHttp, text } from './mcp-helpers.js';

type Envelope = { ok: true; value: Record<string, unknown> } | { ok: false; error: { code: string; message: string; details: Record<string, unknown> } };

function envelope(r: CallToolResult): Envelope {
  const env = r.structuredContent as Envelope;
  // The text fallback is the same envelope.
  expect(JSON.parse(text(r))).toEqual(env);
  expect(r.isError).toBe(!env.ok);
  return env;
}

async function read(client: Client, since?: string): Promise<MouiRead> {
  const env = envelope(await call(client, 'read_semantics', since === undefined ? {} : { since }));
  if (!env.ok) throw new Error(`read failed: ${env.error.code}`);
  return env.value as unknown as MouiRead;
}

async function perform(client: Client, target: object, action: object, precondition: object = { kind: 'latest' }) {
  return envelope(await call(client, 'perform_action', { target, action, precondition }));
}

function errorCode(env: Envelope): string | null {
  return env.ok ? null : env.error.code;
}

test.describe('MoUI-style MCP server (streamable HTTP)', () => {
  let server: StartedReferenceApp;
  let client: Client;
  test.beforeEach(async () => {
    server = await startReferenceApp({ protocol: 'moui' });
    client = await connectHttp(server.url);
    // Listing the tools makes the SDK client check every structuredContent against its outputSchema.
    await client.listTools();
  });
  test.afterEach(async () => {
    await client.close();
    await server.close();
  });

  test('exposes exactly read_semantics and perform_action', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['perform_action', 'read_semantics']);
    expect(tools.find((t) => t.name === 'read_semantics')!.annotations?.readOnlyHint).toBe(true);
  });

  test('full, unchanged and delta reads; the importer reads them', async () => {
    const full = await read(client);
    expect(full.kind).toBe('full');
    if (full.kind !== 'full') return;
    expect(full.generation).toMatch(/^\d+$/);
    expect(full.root).toBe('1');
    const email = full.nodes.find((n) => n.semantic_id === 'email')!;
    expect(email).toMatchObject({ role: 'text_field', label: 'Email', value: '', actions: ['activate', 'focus', 'set_text', 'submit'] });
    expect(full.nodes.find((n) => n.semantic_id === 'password')!.state.password).toBe(true);
    expect(full.nodes.every((n) => /^[1-9]\d*$/.test(n.node_id))).toBe(true);
    const snap = importMoui(JSON.stringify(full), { where: 'moui' });
    expect(snap.generation).toBe(full.generation);
    expect(all(snap).length).toBe(full.nodes.length);

    expect(await read(client, full.generation)).toEqual({ kind: 'unchanged', generation: full.generation });
    // Reads do not advance the generation.
    expect((await read(client)).kind === 'full' && (await read(client, full.generation)).kind).toBe('unchanged');

    const receipt = await perform(client, { kind: 'semantic_id', id: 'email' }, { kind: 'set_text', value: 'ada@example.com' }, { kind: 'exact', generation: full.generation });
    expect(receipt.ok).toBe(true);
    if (!receipt.ok) return;
    expect(receipt.value).toEqual({ before: full.generation, after: expect.any(String), pending_work: false });
    expect(receipt.value.after).not.toBe(full.generation);

    const delta = await read(client, full.generation);
    expect(delta.kind).toBe('delta');
    if (delta.kind !== 'delta') return;
    expect(delta.from).toBe(full.generation);
    expect(delta.to).toBe(receipt.value.after);
    const upserted = delta.upserted.find((n) => n.semantic_id === 'email')!;
    expect(upserted.value).toBe('ada@example.com');
    expect(upserted.state.focused).toBe(true);
    expect(delta.removed).toEqual([]);
    // A delta applied to the previous import equals a fresh full read.
    const applied = applyMouiDelta(snap, delta);
    const fresh = await read(client);
    const freshSnap = importMoui(JSON.stringify(fresh));
    expect(applied.generation).toBe(freshSnap.generation);
    expect(all(applied).map(({ node }) => [node.id, node.editableText, node.focused])).toEqual(all(freshSnap).map(({ node }) => [node.id, node.editableText, node.focused]));
  });

  test('an expired cursor recovers with a full read', async () => {
    const first = await read(client);
    for (let i = 0; i <= MOUI_RETAINED_DELTAS; i++) {
      expect((await perform(client, { kind: 'node_id', id: '21' }, { kind: 'set_text', value: `v${i}` })).ok).toBe(true);
    }
    expect((await read(client, first.kind === 'full' ? first.generation : '')).kind).toBe('full');
    expect((await read(client, '987654321')).kind).toBe('full');
  });

  test('a stale generation is rejected without side effect', async () => {
    const g0 = (await read(client)) as Extract<MouiRead, { kind: 'full' }>;
    const ok = await perform(client, { kind: 'semantic_id', id: 'email' }, { kind: 'set_text', value: 'a' });
    expect(ok.ok).toBe(true);
    const g1 = (await read(client)) as Extract<MouiRead, { kind: 'full' }>;
    const stale = await perform(client, { kind: 'semantic_id', id: 'email' }, { kind: 'set_text', value: 'CHANGED' }, { kind: 'exact', generation: g0.generation });
    expect(stale).toEqual({ ok: false, error: { code: 'stale_generation', message: expect.any(String), details: { expected: g0.generation, current: g1.generation } } });
    expect(await read(client, g1.generation)).toEqual({ kind: 'unchanged', generation: g1.generation });
    expect(server.app.snapshot().roots[1]!.node.children.find((c) => c.tag === 'email')!.editableText).toBe('a');
  });

  test('every rejection code, each without side effect', async () => {
    const g = ((await read(client)) as Extract<MouiRead, { kind: 'full' }>).generation;
    const expectNoChange = async () => expect(await read(client, g)).toEqual({ kind: 'unchanged', generation: g });

    const notFound = await perform(client, { kind: 'node_id', id: '999999' }, { kind: 'activate' });
    expect(notFound).toMatchObject({ ok: false, error: { code: 'target_not_found', details: { target: { kind: 'node_id', id: '999999' } } } });
    expect(errorCode(await perform(client, { kind: 'semantic_id', id: 'nope' }, { kind: 'activate' }))).toBe('target_not_found');
    const disabled = await perform(client, { kind: 'node_id', id: '23' }, { kind: 'activate' });
    expect(disabled).toMatchObject({ ok: false, error: { code: 'target_disabled', details: { target: { kind: 'node_id', id: '23' } } } });
    const unavailable = await perform(client, { kind: 'semantic_id', id: 'email' }, { kind: 'scroll', direction: 'down' });
    expect(unavailable).toMatchObject({ ok: false, error: { code: 'action_unavailable', details: { target: { kind: 'semantic_id', id: 'email' }, action: 'scroll' } } });
    await expectNoChange();

    server.app.perform('21', 'SetText', { text: 'ada@example.com' });
    server.app.perform('22', 'SetText', { text: 'correct horse' });
    expect((await perform(client, { kind: 'node_id', id: '23' }, { kind: 'activate' })).ok).toBe(true);
    const g2 = ((await read(client)) as Extract<MouiRead, { kind: 'full' }>).generation;
    const ambiguous = await perform(client, { kind: 'semantic_id', id: 'feed-item' }, { kind: 'activate' });
    expect(ambiguous).toMatchObject({ ok: false, error: { code: 'target_ambiguous', details: { semantic_id: 'feed-item' } } });
    const full = (await read(client)) as Extract<MouiRead, { kind: 'full' }>;
    expect(full.issues).toEqual([{ kind: 'duplicate_semantic_id', semantic_id: 'feed-item', nodes: expect.arrayContaining(['1000', '1002']) }]);
    const rejected = await perform(client, { kind: 'semantic_id', id: 'feed' }, { kind: 'scroll', direction: 'backward' });
    expect(rejected).toMatchObject({ ok: false, error: { code: 'handler_rejected', details: { target: { kind: 'semantic_id', id: 'feed' }, action: 'scroll' } } });
    expect(await read(client, g2)).toEqual({ kind: 'unchanged', generation: g2 });
    // The same scroll forward is a page.
    expect((await perform(client, { kind: 'semantic_id', id: 'feed' }, { kind: 'scroll', direction: 'forward' })).ok).toBe(true);

    server.mouiHost!.close();
    expect(errorCode(envelope(await call(client, 'read_semantics', {})))).toBe('host_closed');
    expect(errorCode(await perform(client, { kind: 'semantic_id', id: 'feed' }, { kind: 'scroll', direction: 'forward' }))).toBe('host_closed');
  });

  test('invalid arguments and unknown tools are tool results; malformed envelopes are JSON-RPC errors', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['read_semantics', { since: '01' }],
      ['read_semantics', { since: 5 }],
      ['read_semantics', { cursor: '1' }],
      ['perform_action', { target: 'email', action: { kind: 'activate' }, precondition: { kind: 'latest' } }],
      ['perform_action', { target: { kind: 'node_id', id: '0' }, action: { kind: 'activate' }, precondition: { kind: 'latest' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'has space' }, action: { kind: 'activate' }, precondition: { kind: 'latest' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'email' }, action: { kind: 'set_text' }, precondition: { kind: 'latest' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'email' }, action: { kind: 'fly' }, precondition: { kind: 'latest' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'email' }, action: { kind: 'activate' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'email' }, action: { kind: 'activate' }, precondition: { kind: 'exact', generation: 'x' } }],
      ['perform_action', { target: { kind: 'semantic_id', id: 'email' }, action: { kind: 'activate' }, precondition: { kind: 'latest' }, extra: 1 }],
    ];
    for (const [tool, args] of cases) {
      const env = envelope(await call(client, tool, args));
      expect(errorCode(env), JSON.stringify(args)).toBe('invalid_arguments');
    }
    const unknown = envelope(await call(client, 'wait_for', {}));
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });

    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: {} } }),
    });
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
  });

  test('set_numeric_value, increment and decrement drive the slider', async () => {
    server.app.navigate('settings');
    const full = (await read(client)) as Extract<MouiRead, { kind: 'full' }>;
    const slider = full.nodes.find((n: MouiNode) => n.role === 'slider')!;
    expect(slider).toMatchObject({ label: 'Brightness', value: '50%', actions: ['increment', 'decrement', 'set_numeric_value'], numeric: { current: 50, min: 0, max: 100, step: 1, value_text: '50%' } });
    expect((await perform(client, { kind: 'node_id', id: slider.node_id }, { kind: 'set_numeric_value', value: 80 })).ok).toBe(true);
    expect((await perform(client, { kind: 'node_id', id: slider.node_id }, { kind: 'increment' })).ok).toBe(true);
    expect(server.app.db('settings')).toMatchObject({ rows: expect.arrayContaining([{ key: 'brightness', value: '81' }]) });
    const sw = full.nodes.find((n) => n.label === 'Wi-Fi')!;
    expect(sw).toMatchObject({ role: 'switch', state: { checked: 'unchecked' } });
  });
});

test('a MoUI host survives an app restart with fresh cursors and unrepeated generations', async () => {
  const app = new ReferenceApp();
  const server = await startReferenceApp({ protocol: 'moui', app });
  const client = await connectHttp(server.url);
  try {
    const before = (await read(client)) as Extract<MouiRead, { kind: 'full' }>;
    app.restart();
    const after = await read(client, before.generation);
    expect(after.kind).toBe('full');
    expect(Number((after as Extract<MouiRead, { kind: 'full' }>).generation)).toBeGreaterThan(Number(before.generation));
  } finally {
    await client.close();
    await server.close();
  }
});
