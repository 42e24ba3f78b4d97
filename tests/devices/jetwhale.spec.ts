// The JetWhale driver against the reference app's JetWhale MCP server: the issue's whole flow
// (through `reference:jetwhale` and `jetwhale:<url>`), performNodeAction's arguments and
// `performed: false`, nodeAt, back() as Dismiss, and ids repeated across roots.
import { test, expect as baseExpect } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { connect } from '../../src/devices/connect.js';
import { Device } from '../../src/devices/device.js';
import { JetWhaleDriver } from '../../src/devices/jetwhale.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { walk } from '../../src/model/node.js';
import { ID, startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/index.js';
import { jsonResult, serveTools } from './mcp-helpers.js';

const expect = baseExpect.extend(matchers);

function find(s: Snapshot, pred: (n: Node) => boolean): Node {
  let hit: Node | null = null;
  walk(s, ({ node }) => { if (!hit && pred(node)) hit = node; });
  if (!hit) throw new Error('no such node');
  return hit;
}

async function issueFlow(device: Device): Promise<void> {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
  await expect(device.byText('Welcome, Ada')).toBeVisible();
  await device.byTag('feed').scrollToIndex(240);
  await expect(device.byText('Item 240', { exact: true })).toBeVisible();
  await device.byDesc('Settings').click();
  await device.byRole('Switch', { name: 'Wi-Fi' }).click();
  await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked();
}

test.describe('the issue flow over JetWhale', () => {
  test('through reference:jetwhale', async () => {
    const device = await connect({ kind: 'reference', protocol: 'jetwhale' });
    try {
      expect(device.description).toBe('reference:jetwhale');
      await issueFlow(device);
      expect(device.receipts.map((r) => `${r.action} ${r.via} ${r.changed}`)).toEqual([
        'fill semantic true', 'fill semantic true', 'click semantic true', 'scrollToIndex semantic true', 'click semantic true', 'click semantic true',
      ]);
    } finally {
      await device.close();
    }
  });

  test('through jetwhale:<url>', async () => {
    const server = await startReferenceApp({ protocol: 'jetwhale', port: 0 });
    try {
      const device = await connect('jetwhale:' + server.url);
      expect(device.description).toBe(`jetwhale:${server.url}`);
      await issueFlow(device);
      await device.close();
      expect(find(server.app.snapshot(), (n) => n.id === String(ID.wifi)).toggle).toBe('on');
    } finally {
      await server.close();
    }
  });
});

test.describe('against one server', () => {
  let server: StartedReferenceApp;
  let driver: JetWhaleDriver;
  test.beforeEach(async () => {
    server = await startReferenceApp({ protocol: 'jetwhale', port: 0, signedIn: true });
    driver = new JetWhaleDriver({ url: server.url, timeout: 2000 });
    await driver.open();
  });
  test.afterEach(async () => {
    await driver.close();
    await server.close();
  });

  test('capture: the merged tree with its windows; off-screen feed rows read as hidden', async () => {
    const s = await driver.capture();
    expect(s.roots.map((r) => r.rootId)).toEqual(['android-window-statusbar', 'compose-root-main']);
    expect(s.source).toContain(`jetwhale:${server.url}`);
    const feed = find(s, (n) => n.tag === 'feed');
    expect(feed.actions).toEqual(expect.arrayContaining(['ScrollBy', 'ScrollToIndex']));
    const beyond = feed.children.filter((c) => !c.visible);
    expect(beyond.length).toBeGreaterThan(0);
    // Same content, same generation: JetWhale has no counter of its own.
    expect((await driver.capture()).generation).toBe(s.generation);
  });

  test('perform sends the rootId / nodeId pair and JetWhale argument names', async () => {
    const conn = driver.connection;
    const calls: Array<Record<string, unknown>> = [];
    const real = conn.call.bind(conn);
    conn.call = (tool, args, stage) => { if (tool.endsWith('performNodeAction')) calls.push(args); return real(tool, args, stage); };
    const s = await driver.capture();
    const feed = find(s, (n) => n.tag === 'feed');
    expect(await driver.perform({ snapshot: s, node: feed, rootId: 'compose-root-main' }, { action: 'ScrollBy', dx: 0, dy: 400 })).toEqual({ performed: true, message: 'scrolled 400 px' });
    expect(await driver.perform({ snapshot: s, node: feed, rootId: 'compose-root-main' }, { action: 'ScrollToIndex', index: 240 })).toMatchObject({ performed: true });
    expect(calls).toEqual([
      { rootId: 'compose-root-main', nodeId: ID.feed, action: 'ScrollBy', scrollX: 0, scrollY: 400 },
      { rootId: 'compose-root-main', nodeId: ID.feed, action: 'ScrollToIndex', index: 240 },
    ]);
    expect(find(await driver.capture(), (n) => n.text === 'Item 240').visible).toBe(true);
  });

  test('performed: false comes back with its message, and the action layer reports it', async () => {
    const s = await driver.capture();
    const welcome = find(s, (n) => n.text === 'Welcome, Ada');
    const r = await driver.perform({ snapshot: s, node: welcome, rootId: 'compose-root-main' }, { action: 'Dismiss' });
    expect(r.performed).toBe(false);
    expect(r.message).toBeTruthy();
    // BringIntoView is allowed on any node; a visible one is already in view.
    const device = new Device(driver);
    const receipt = await device.byText('Welcome, Ada').bringIntoView();
    expect(receipt.via).toBe('semantic');
  });

  test('nodeAt: the node a tap would reach, from JetWhale\'s own hit test', async () => {
    const s = await driver.capture();
    const settings = find(s, (n) => n.contentDescription === 'Settings');
    const cx = settings.bounds.x + settings.bounds.width / 2;
    const cy = settings.bounds.y + settings.bounds.height / 2;
    const hit = await driver.nodeAt(cx, cy);
    expect(hit).toMatchObject({ rootId: 'compose-root-main', nodeId: Number(settings.id) });
    expect(hit!.node?.contentDescription).toBe('Settings');
    expect(await driver.nodeAt(5, 5)).toBeNull(); // the status bar takes no touch
  });

  test('back() dismisses the dialog window; with none open it says JetWhale has no back', async () => {
    server.app.navigate('settings');
    const device = new Device(driver);
    await device.byText('Sign out').click();
    await expect(device.byRole('Switch', { name: 'Wi-Fi' })).not.toBeHittable();
    await device.back();
    await expect(device.byRole('Dialog')).toBeHidden();
    await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeHittable();
    const e = await device.back().catch((x) => x);
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toMatch(/the jetwhale protocol has no system back/);
  });
});

test('ids repeated across roots: the qualified node is addressed by its own rootId and number; plain tool names work', async () => {
  const node = (id: number, extra: Record<string, unknown> = {}) => ({ id, bounds: { x: 0, y: 0, width: 100, height: 100 }, ...extra });
  const tree = {
    merged: true,
    roots: [
      { rootId: 'main', label: 'Main', density: 2, node: node(1, { children: [node(5, { text: 'Under', actions: ['Click'], clickable: true })] }) },
      { rootId: 'popup', label: 'Popup', density: 2, node: node(1, { children: [node(5, { text: 'Over', actions: ['Click'], clickable: true })] }) },
    ],
  };
  const performed: unknown[] = [];
  const server = await serveTools([
    { name: 'getNodeTree', call: () => jsonResult(tree) },
    { name: 'performNodeAction', call: (args) => { performed.push(args); return jsonResult({ performed: true, ...args }); } },
  ]);
  const driver = new JetWhaleDriver({ url: server.url });
  try {
    await driver.open();
    const s = await driver.capture();
    const over = find(s, (n) => n.text === 'Over');
    expect(over.id).toBe('popup:5');
    await driver.perform({ snapshot: s, node: over, rootId: 'popup' }, { action: 'Click' });
    expect(performed).toEqual([{ rootId: 'popup', nodeId: 5, action: 'Click' }]);
    const e = await driver.nodeAt(1, 1).catch((x) => x);
    expect(e.code).toBe('action_unavailable'); // this server has no nodeAt
  } finally {
    await driver.close();
    await server.close();
  }
});
