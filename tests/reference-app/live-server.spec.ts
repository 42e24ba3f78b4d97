import { test, expect } from '@playwright/test';
import { ReferenceApp } from '../../src/reference-app/app.js';
import { designSystem } from '../../src/reference-app/design.js';
import { startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/start.js';
import { importCmp } from '../../src/formats/cmp.js';
import { all, pngSize } from './helpers.js';

interface CmpNode {
  testTag: string | null;
  text: string | null;
  contentDescription: string | null;
  role?: string | null;
  clickable?: boolean;
  disabled?: boolean;
  bounds: { x: number; y: number; width: number; height: number };
  children: CmpNode[];
}

function flatten(n: CmpNode): CmpNode[] {
  const out: CmpNode[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    out.push(x);
    stack.push(...x.children);
  }
  return out;
}

async function get(base: string, path: string, init?: RequestInit) {
  const res = await fetch(base + path, init);
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('image/png') ? Buffer.from(await res.arrayBuffer()) : await res.json();
  return { status: res.status, type, body, headers: res.headers };
}

const post = (base: string, path: string, body: string) => get(base, path, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

test.describe('live (cmp-inspector HTTP) server', () => {
  let server: StartedReferenceApp;
  let base: string;
  test.beforeAll(async () => {
    server = await startReferenceApp({ protocol: 'live', signedIn: true, coldStartMs: 0 });
    base = server.url;
  });
  test.afterAll(async () => {
    await server.close();
  });

  test('binds loopback on a free port; health', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const h = await get(base, '/inspect/health');
    expect(h.status).toBe(200);
    expect(h.type).toBe('application/json; charset=utf-8');
    expect(h.body).toEqual({
      status: 'ok', schemaVersion: 1, source: 'live-android', appId: 'dev.treewright.reference', buildType: 'debug',
      processStartedAtMs: server.app.processStartedAtMs, processUptimeMs: expect.any(Number),
    });
    expect(h.headers.get('connection')).toBe('close');
  });

  test('tree: cmp v1 of the focused window, root-relative px, importable', async () => {
    const t = await get(base, '/inspect/tree');
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ schemaVersion: 1, source: 'live-android' });
    const root = t.body.root as CmpNode;
    expect(root.bounds).toEqual({ x: 0, y: 0, width: 1080, height: 2337 });
    const nodes = flatten(root);
    const settings = nodes.find((n) => n.contentDescription === 'Settings')!;
    // Screen y 84 is 21 in the app window, which starts at y 63.
    expect(settings.bounds.y).toBe(21);
    expect(settings).toMatchObject({ role: 'Button', clickable: true, disabled: false });
    expect(nodes.some((n) => n.text === 'Welcome, Ada')).toBe(true);
    expect(nodes.some((n) => n.text === '12:00')).toBe(false); // the status bar is another window
    const snap = importCmp(JSON.stringify(t.body), { where: 'live' });
    expect(all(snap).length).toBe(nodes.length);
  });

  test('tap: root-relative px, dispatched by hit-testing; bad bodies are 400', async () => {
    server.app.navigate('feed');
    const root = (await get(base, '/inspect/tree')).body.root as CmpNode;
    const s = flatten(root).find((n) => n.contentDescription === 'Settings')!;
    const x = s.bounds.x + s.bounds.width / 2 + 0.4, y = s.bounds.y + s.bounds.height / 2;
    const r = await post(base, '/inspect/tap', JSON.stringify({ x, y }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ tapped: true, x: Math.round(x), y: Math.round(y) });
    expect((await get(base, '/inspect/nav')).body).toEqual({ currentRoute: 'settings', backStack: ['feed', 'settings'] });

    for (const bad of ['not json', '{"x":1}', '{"x":"1","y":2}', '[1,2]', '']) {
      const b = await post(base, '/inspect/tap', bad);
      expect(b.status, bad).toBe(400);
      expect(b.body).toEqual({ error: 'tap body must be {"x":<px>,"y":<px>} (root-relative px).' });
    }
  });

  test('with the dialog open the tree and taps are the dialog window\'s', async () => {
    server.app.navigate('settings');
    const rows = flatten((await get(base, '/inspect/tree')).body.root as CmpNode);
    const signOut = rows.find((n) => n.text === 'Sign out')!;
    await post(base, '/inspect/tap', JSON.stringify({ x: signOut.bounds.x + 10, y: signOut.bounds.y + 10 }));
    const dialog = (await get(base, '/inspect/tree')).body.root as CmpNode;
    expect(dialog.role).toBe('Dialog');
    expect(dialog.bounds.x).toBe(0);
    expect(dialog.bounds.y).toBe(0);
    // A tap outside the dialog (negative, relative to it) lands on nothing that reacts.
    await post(base, '/inspect/tap', JSON.stringify({ x: -100, y: -100 }));
    expect(((await get(base, '/inspect/tree')).body.root as CmpNode).role).toBe('Dialog');
    const cancel = flatten(dialog).find((n) => n.text === 'Cancel')!;
    await post(base, '/inspect/tap', JSON.stringify({ x: cancel.bounds.x + 5, y: cancel.bounds.y + 5 }));
    expect(((await get(base, '/inspect/tree')).body.root as CmpNode).role).toBeNull();
  });

  test('nav and navigate', async () => {
    expect((await get(base, '/inspect/navigate?route=feed')).body).toEqual({ ok: true, route: 'feed' });
    expect((await get(base, '/inspect/nav')).body).toEqual({ currentRoute: 'feed', backStack: ['feed'] });
    const missing = await get(base, '/inspect/navigate');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/missing route parameter/);
    const unknown = await get(base, '/inspect/navigate?route=nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/unknown route "nowhere"/);
  });

  test('design system, screenshot, crashes', async () => {
    expect((await get(base, '/inspect/design-system')).body).toEqual(designSystem());
    const shot = await get(base, '/inspect/screenshot');
    expect(shot.status).toBe(200);
    expect(shot.type).toBe('image/png');
    expect(pngSize(shot.body as Buffer)).toEqual({ width: 1080, height: 2400 });
    expect((await get(base, '/inspect/crashes')).body).toEqual({ crashes: [] });
  });

  test('db: schema, rows, limit, bad and unknown tables', async () => {
    expect((await get(base, '/inspect/db')).body).toEqual({ tables: [{ name: 'session', sql: expect.any(String) }, { name: 'settings', sql: expect.any(String) }] });
    const rows = await get(base, '/inspect/db?table=settings&limit=1');
    expect(rows.body).toEqual({ table: 'settings', columns: ['key', 'value'], rows: [{ key: 'wifi', value: 'false' }], rowCount: 1 });
    expect((await get(base, '/inspect/db?table=session')).body).toMatchObject({ rowCount: 1, rows: [{ user: 'Ada' }] });
    const unknown = await get(base, '/inspect/db?table=users');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "unknown table 'users' — not present in sqlite_master." });
    const bad = await get(base, '/inspect/db?table=a%3Bb');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/invalid table name/);
  });

  test('unknown paths are 404, wrong methods 405, all with {"error"}', async () => {
    const nf = await get(base, '/inspect/nope');
    expect(nf.status).toBe(404);
    expect(nf.body).toEqual({ error: 'unknown path' });
    const m1 = await get(base, '/inspect/tap');
    expect(m1.status).toBe(405);
    expect(m1.body).toEqual({ error: 'method not allowed' });
    expect(m1.headers.get('allow')).toBe('POST');
    const m2 = await post(base, '/inspect/tree', '{}');
    expect(m2.status).toBe(405);
    const m3 = await get(base, '/inspect/health', { method: 'DELETE' });
    expect(m3.status).toBe(405);
  });
});

test.describe('live server cold start', () => {
  test('503 with an error body until the first frame, then a tree; a restart is cold again', async () => {
    let now = 10_000;
    const app = new ReferenceApp({ now: () => now });
    const server = await startReferenceApp({ protocol: 'live', app, coldStartMs: 300 });
    try {
      const cold = await get(server.url, '/inspect/tree');
      expect(cold.status).toBe(503);
      expect(cold.body).toEqual({ error: 'compose root not ready yet — no Compose root attached (cold start?). Retry shortly.' });
      expect((await get(server.url, '/inspect/screenshot')).status).toBe(503);
      expect((await post(server.url, '/inspect/tap', '{"x":1,"y":1}')).status).toBe(503);
      expect((await get(server.url, '/inspect/navigate?route=feed')).status).toBe(503);
      expect((await get(server.url, '/inspect/nav')).body).toEqual({ currentRoute: null, backStack: [] });
      const health = await get(server.url, '/inspect/health');
      expect(health.status).toBe(200);
      expect(health.body.processUptimeMs).toBe(0);

      now += 300;
      expect((await get(server.url, '/inspect/tree')).status).toBe(200);
      expect((await get(server.url, '/inspect/nav')).body).toEqual({ currentRoute: 'signin', backStack: ['signin'] });

      const before = health.body.processStartedAtMs as number;
      app.crash();
      expect((await get(server.url, '/inspect/tree')).status).toBe(503);
      const after = (await get(server.url, '/inspect/health')).body.processStartedAtMs as number;
      expect(after).toBeGreaterThan(before);
      expect((await get(server.url, '/inspect/crashes')).body.crashes).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
