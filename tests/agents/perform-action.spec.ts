// perform_action runs the same action path as Device.act (actOnce), in-process.
import { test, expect } from '@playwright/test';
import { buildRegistry } from '../../agents/registry.js';
import { Session } from '../../agents/session.js';
import type { WireJson } from './helpers.js';

const registry = buildRegistry();
const call = async (session: Session, name: string, args: Record<string, unknown>) =>
  (await registry.call(name, args, session)).structuredContent as { ok: boolean; value?: WireJson; error?: { code: string; message: string } };

test('perform_action scrollToIndex over MoUI pages with the list\'s ScrollBy (the scroll-steps route)', async () => {
  const session = new Session({ source: { kind: 'reference', protocol: 'moui', signedIn: true }, root: process.cwd(), allowHosts: [] });
  try {
    const r = await call(session, 'perform_action', { locator: "byTag('feed')", action: 'scrollToIndex', index: 40, timeoutMs: 20_000 });
    expect(r.error).toBeUndefined();
    expect(r.value).toMatchObject({ via: 'scroll-steps', changed: true });
    expect(r.value.message).toMatch(/index 40 reached after \d+ scroll steps/);
  } finally {
    await session.close();
  }
});

test('a pinned target is refused as stale, never re-resolved onto the newer screen', async () => {
  const session = new Session({ source: { kind: 'reference', signedIn: true }, root: process.cwd(), allowHosts: [] });
  try {
    const found = await call(session, 'find_nodes', { locator: "byTag('feed')", format: 'json' });
    const { generation } = found.value;
    const id = found.value.nodes[0].id;
    await call(session, 'perform_action', { locator: "byTag('feed')", action: 'scrollBy', dy: 300 });
    const r = await call(session, 'perform_action', { target: { id, generation }, action: 'scrollBy', dy: 300 });
    expect(r.error?.code).toBe('stale_generation');
  } finally {
    await session.close();
  }
});
