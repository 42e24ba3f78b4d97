// The MoUI driver against the reference app's MoUI MCP server: the issue's flow (over HTTP, through
// `reference:moui` and `moui:<url>`, and once over stdio), delta captures, the generation guard with
// its re-resolve, MoUI's error codes, and back() as Dismiss.
import { test as base, expect as baseExpect } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { connect } from '../../src/devices/connect.js';
import { Device } from '../../src/devices/device.js';
import { MouiDriver, mouiAction } from '../../src/devices/moui.js';
import type { SemanticRequest } from '../../src/devices/driver.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { walk } from '../../src/model/node.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { ID, startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/index.js';
import { STDIO_ENTRY } from './mcp-helpers.js';

const test = base;
const expect = baseExpect.extend(matchers);

function find(s: Snapshot, pred: (n: Node) => boolean): Node {
  let hit: Node | null = null;
  walk(s, ({ node }) => { if (!hit && pred(node)) hit = node; });
  if (!hit) throw new Error('no such node');
  return hit;
}

function wifiOn(server: StartedReferenceApp): boolean {
  return find(server.app.snapshot(), (n) => n.id === String(ID.wifi)).toggle === 'on';
}

/** The issue's flow, as far as MoUI's protocol reaches. */
async function issueFlow(device: Device): Promise<void> {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
  await expect(device.byText('Welcome, Ada')).toBeVisible();
  // MoUI has no ScrollToIndex: the action layer pages with the feed's own scroll action instead.
  const r = await device.byTag('feed').scrollToIndex(240);
  expect(r.via).toBe('scroll-steps');
  await expect(device.byText('Item 240', { exact: true })).toBeVisible();
  // MoUI has one label per node (no separate content description): the icon button is found by its name.
  await device.byRole('Button', { name: 'Settings' }).click();
  await device.byRole('Switch', { name: 'Wi-Fi' }).click();
  await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked();
}

test.describe('the issue flow over MoUI', () => {
  test('through reference:moui', async () => {
    const device = await connect({ kind: 'reference', protocol: 'moui' });
    try {
      expect(device.description).toBe('reference:moui');
      await issueFlow(device);
      // Every action went through perform_action, generation to generation.
      expect(device.receipts.map((r) => r.via)).toEqual(['semantic', 'semantic', 'semantic', 'scroll-steps', 'semantic', 'semantic']);
      for (const r of device.receipts) expect(Number(r.after)).toBeGreaterThan(Number(r.before));
    } finally {
      await device.close();
    }
  });

  test('through moui:<url>', async () => {
    const server = await startReferenceApp({ protocol: 'moui', port: 0 });
    try {
      const device = await connect('moui:' + server.url);
      expect(device.description).toBe(`moui:${server.url}`);
      await issueFlow(device);
      await device.close();
      expect(wifiOn(server)).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('over stdio, through npx tsx', async () => {
    const device = await connect({ kind: 'moui', command: ['npx', 'tsx', STDIO_ENTRY, '--protocol', 'moui', '--stdio'] });
    try {
      expect(device.description).toMatch(/^moui:stdio:npx tsx .*stdio-entry\.ts --protocol moui --stdio$/);
      await device.byTag('email').fill('ada@example.com');
      await device.byTag('password').fill('correct horse');
      await device.byTag('password').pressEnter(); // submit: the IME action signs in
      await expect(device.byText('Welcome, Ada')).toBeVisible();
      await device.byRole('Button', { name: 'Settings' }).click();
      await device.byRole('Switch', { name: 'Wi-Fi' }).click();
      await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked();
    } finally {
      await device.close();
    }
  });
});

test.describe('against one server', () => {
  let server: StartedReferenceApp;
  let driver: MouiDriver;
  test.beforeEach(async () => {
    server = await startReferenceApp({ protocol: 'moui', port: 0, signedIn: true });
    driver = new MouiDriver({ url: server.url, timeout: 2000 });
    await driver.open();
  });
  test.afterEach(async () => {
    await driver.close();
    await server.close();
  });

  /** Records the arguments of every tool call. */
  function spy(): Array<{ tool: string; args: Record<string, unknown> }> {
    const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
    const conn = driver.connection;
    const real = conn.call.bind(conn);
    conn.call = (tool, args, stage) => { calls.push({ tool, args }); return real(tool, args, stage); };
    return calls;
  }

  test('captures read since the last generation: unchanged reuses the snapshot, a delta equals a full read', async () => {
    const calls = spy();
    const s1 = await driver.capture();
    const s2 = await driver.capture();
    expect(s2).toBe(s1); // unchanged: nothing rebuilt
    expect(calls.map((c) => c.args)).toEqual([{}, { since: s1.generation }]);

    server.app.navigate('settings');
    const s3 = await driver.capture();
    expect(calls[2]!.args).toEqual({ since: s1.generation });
    expect(Number(s3.generation)).toBeGreaterThan(Number(s1.generation));
    // The delta-applied tree is the tree a fresh full read gives.
    const fresh = new MouiDriver({ url: server.url });
    await fresh.open();
    const full = await fresh.capture();
    await fresh.close();
    const strip = (s: Snapshot) => snapshotToJson({ ...s, capturedAt: '' });
    expect(strip(s3)).toBe(strip(full));
    expect(s3.generation).toBe(full.generation);
  });

  test('an expired cursor recovers with a full read', async () => {
    const s1 = await driver.capture();
    // More than the 64 retained deltas later, since=s1 is unknown to the host: it answers full.
    for (let i = 0; i < 70; i++) {
      server.app.perform(String(ID.feed), 'ScrollBy', { dy: i % 2 ? -30 : 30 });
      server.mouiHost!.commit();
    }
    const s2 = await driver.capture();
    expect(Number(s2.generation)).toBeGreaterThan(Number(s1.generation) + 64);
    expect(find(s2, (n) => n.tag === 'feed').actions).toEqual(['ScrollBy']);
  });

  test('perform: node_id target, exact precondition, and the receipt generations', async () => {
    server.app.navigate('settings');
    const calls = spy();
    const s = await driver.capture();
    const wifi = find(s, (n) => n.role === 'Switch' && n.text === 'Wi-Fi');
    const r = await driver.perform({ snapshot: s, node: wifi }, { action: 'Click' });
    expect(r.performed).toBe(true);
    expect(calls[1]).toEqual({
      tool: 'perform_action',
      args: { target: { kind: 'node_id', id: wifi.id }, action: { kind: 'activate' }, precondition: { kind: 'exact', generation: s.generation } },
    });
    expect(driver.lastReceipt).toEqual({ before: s.generation, after: String(Number(s.generation) + 1), pending_work: false });
    expect(wifiOn(server)).toBe(true);
  });

  test('generation guard: a node from an older capture is rejected stale, with no side effect', async () => {
    server.app.navigate('settings');
    const s = await driver.capture();
    const wifi = find(s, (n) => n.role === 'Switch' && n.text === 'Wi-Fi');
    server.app.perform(String(ID.bluetooth), 'Click'); // the app moves on
    const e = await driver.perform({ snapshot: s, node: wifi }, { action: 'Click' }).catch((x) => x);
    expect(e.name).toBe('TargetError');
    expect(e.code).toBe('stale_generation');
    expect(e.details).toMatchObject({ expected: s.generation, current: String(Number(s.generation) + 1), stage: 'perform_action', where: `moui:${server.url}` });
    expect(wifiOn(server)).toBe(false); // not dispatched
  });

  test('the Device re-resolves a stale target and acts exactly once', async () => {
    server.app.navigate('settings');
    const outcomes: string[] = [];
    let raced = false;
    const racing = new (class extends MouiDriver {
      override async perform(target: { snapshot: Snapshot; node: Node }, req: SemanticRequest) {
        if (!raced) { raced = true; server.app.perform(String(ID.darkTheme), 'Click'); } // a change between capture and action
        try {
          const r = await super.perform(target, req);
          outcomes.push(`performed at ${target.snapshot.generation}`);
          return r;
        } catch (e) {
          outcomes.push(`${(e as { code: string }).code} at ${target.snapshot.generation}`);
          throw e;
        }
      }
    })({ url: server.url });
    await racing.open();
    const device = new Device(racing);
    try {
      const receipt = await device.byRole('Switch', { name: 'Wi-Fi' }).click();
      expect(outcomes).toHaveLength(2);
      expect(outcomes[0]).toMatch(/^stale_generation at \d+$/);
      expect(outcomes[1]).toMatch(/^performed at \d+$/);
      expect(receipt.changed).toBe(true);
      // Toggled once: a blind second dispatch would have switched it back off.
      expect(wifiOn(server)).toBe(true);
      await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked();
    } finally {
      await device.close();
    }
  });

  test("MoUI's error codes become typed errors", async () => {
    const fresh = await startReferenceApp({ protocol: 'moui', port: 0 });
    const d = new MouiDriver({ url: fresh.url });
    await d.open();
    try {
      const s = await d.capture();
      const signIn = find(s, (n) => n.role === 'Button' && n.text === 'Sign in');
      // disabled until both fields are filled
      let e = await d.perform({ snapshot: s, node: signIn }, { action: 'Click' }).catch((x) => x);
      expect([e.name, e.code]).toEqual(['TargetError', 'target_disabled']);
      // a node the host does not have
      e = await d.perform({ snapshot: s, node: { ...signIn, id: '987654' } }, { action: 'Click' }).catch((x) => x);
      expect([e.name, e.code]).toEqual(['TargetError', 'target_not_found']);
      // an action the node does not offer
      const heading = find(s, (n) => n.role === 'Heading');
      e = await d.perform({ snapshot: s, node: heading }, { action: 'SetText', text: 'x' }).catch((x) => x);
      expect([e.name, e.code, e.details.mouiCode]).toEqual(['DeviceError', 'action_unavailable', 'action_unavailable']);
      // the runtime destroyed
      fresh.mouiHost!.close();
      e = await d.capture().catch((x) => x);
      expect([e.name, e.code, e.details.stage, e.details.mouiCode]).toEqual(['DeviceError', 'device_unreachable', 'read_semantics', 'host_closed']);
      expect(e.message).toContain(`moui:${fresh.url}`);
    } finally {
      await d.close();
      await fresh.close();
    }
  });

  test('actions MoUI lacks are not performed, and say why', async () => {
    const s = await driver.capture();
    const feed = find(s, (n) => n.tag === 'feed');
    expect(feed.actions).not.toContain('ScrollToIndex');
    const r = await driver.perform({ snapshot: s, node: feed }, { action: 'ScrollToIndex', index: 240 });
    expect(r).toEqual({ performed: false, message: expect.stringMatching(/MoUI has no ScrollToIndex action/) });
    expect(mouiAction({ action: 'LongClick' })).toEqual({ unavailable: expect.stringMatching(/no LongClick/) });
    expect(mouiAction({ action: 'ScrollBy', dx: 0, dy: 0 })).toEqual({ unavailable: expect.stringMatching(/no direction/) });
  });

  test('scrollBy: direction from the sign of dx / dy, one page, and the receipt says so', async () => {
    expect(mouiAction({ action: 'ScrollBy', dy: 300 })).toMatchObject({ action: { kind: 'scroll', direction: 'down' } });
    expect(mouiAction({ action: 'ScrollBy', dy: -1 })).toMatchObject({ action: { kind: 'scroll', direction: 'up' } });
    expect(mouiAction({ action: 'ScrollBy', dx: 5, dy: 2 })).toMatchObject({ action: { kind: 'scroll', direction: 'right' } });
    expect(mouiAction({ action: 'ScrollBy', dx: -5 })).toMatchObject({ action: { kind: 'scroll', direction: 'left' } });
    const device = new Device(driver);
    await expect(device.byText('Item 0', { exact: true })).toBeVisible();
    const receipt = await device.byTag('feed').scrollBy(0, 500);
    expect(receipt.via).toBe('semantic');
    expect(receipt.message).toMatch(/scrolled down by one page \(asked for 0, 500\)/);
    await expect(device.byText('Item 0', { exact: true })).toBeHidden();
  });

  test('back() dismisses the modal dialog; with none open it says MoUI has no back', async () => {
    server.app.navigate('settings');
    const device = new Device(driver);
    await device.byText('Sign out').click();
    await expect(device.byRole('Dialog')).toBeVisible();
    await device.back();
    await expect(device.byRole('Dialog')).toBeHidden();
    const e = await device.back().catch((x) => x);
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toMatch(/the moui protocol has no system back/);
    expect(e.details.where).toBe(`moui:${server.url}`);
  });
});
