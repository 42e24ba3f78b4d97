import { test, expect } from '@playwright/test';
import { Device } from '../../src/devices/device.js';
import { type Driver, type SemanticRequest } from '../../src/devices/driver.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { TargetError } from '../../src/errors.js';
import { connect } from '../../src/devices/connect.js';
import { n, r, root, snap } from '../helpers/build.js';
import { readFileSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';

/** A tiny app: a text field, a Send button enabled once the field has text, a counter, an optional cover. */
class FakeApp implements Driver {
  readonly kind = 'fake';
  readonly description = 'fake:app';
  text = '';
  sent = 0;
  covered = false;
  capturesUntilEnabled = 0;
  moving = 0;
  calls: string[] = [];
  semantic = true;
  constructor(opts: Partial<Pick<FakeApp, 'semantic' | 'covered' | 'capturesUntilEnabled' | 'moving'>> = {}) {
    Object.assign(this, opts);
    if (!this.semantic) this.perform = undefined;
  }
  async capture(): Promise<Snapshot> {
    if (this.capturesUntilEnabled > 0) this.capturesUntilEnabled--;
    const y = this.moving > 0 ? 300 + this.moving-- * 10 : 300;
    const kids: Node[] = [
      n({ id: '2', tag: 'field', role: 'TextField', editable: true, editableText: this.text || null, actions: ['SetText', 'ImeAction'], bounds: r(0, 100, 400, 80) }),
      n({ id: '3', tag: 'send', role: 'Button', text: 'Send', clickable: true, enabled: this.text !== '' && this.capturesUntilEnabled === 0, actions: ['Click'], bounds: r(0, y, 200, 100) }),
      n({ id: '4', tag: 'count', text: `Sent ${this.sent}`, bounds: r(0, 500, 200, 50) }),
      n({ id: '5', tag: 'list', role: 'List', scrollable: true, actions: ['ScrollBy'], bounds: r(0, 600, 400, 400) }),
    ];
    const roots = [root(n({ id: '1', bounds: r(0, 0, 400, 1000) }, kids), { rootId: 'main' })];
    if (this.covered) roots.push(root(n({ id: '9', text: 'Dialog', bounds: r(0, 0, 400, 1000) }), { rootId: 'dialog', touchModal: true }));
    return snap(...roots);
  }
  async close() {}
  perform? = async (target: { node: Node }, req: SemanticRequest) => {
    this.calls.push(`perform ${target.node.tag} ${req.action}${req.text !== undefined ? ` ${req.text}` : ''}`);
    if (req.action === 'SetText') this.text = req.text ?? '';
    else if (req.action === 'Click' && target.node.tag === 'send') this.sent++;
    else return { performed: false, message: `${req.action} not handled` };
    return { performed: true };
  };
  async tap(x: number, y: number) {
    this.calls.push(`tap ${x},${y}`);
    if (this.covered) return;
    if (y >= 300 && y < 400 && this.text) this.sent++;
  }
  async typeText(t: string) { this.calls.push(`type ${t}`); this.text += t; }
  async pressKey(k: string) { this.calls.push(`key ${k}`); if (k === 'del') this.text = this.text.slice(0, -1); }
}

test('fill and click go through semantic actions and return receipts', async () => {
  const app = new FakeApp();
  const device = new Device(app);
  const r1 = await device.byTag('field').fill("it's me");
  expect(r1).toMatchObject({ call: "byTag('field').fill('it\\'s me')", via: 'semantic', changed: true, nodeId: '2' });
  expect(r1.before).not.toBe(r1.after);
  const r2 = await device.byRole('Button', { name: 'Send' }).click();
  expect(r2.via).toBe('semantic');
  expect(app.sent).toBe(1);
  expect(app.calls).toEqual(["perform field SetText it's me", 'perform send Click']);
  expect(device.receipts.map((x) => x.call)).toEqual(["byTag('field').fill('it\\'s me')", "byRole('Button', { name: 'Send' }).click()"]);
});

test('without semantic actions, click is a tap at the tap point and fill taps, clears and types', async () => {
  const app = new FakeApp({ semantic: false });
  app.text = 'ab';
  const device = new Device(app);
  await device.byTag('field').fill('hi');
  expect(app.calls).toEqual(['tap 200,140', 'key end', 'key del', 'key del', 'type hi']);
  const rc = await device.byTag('send').click();
  expect(rc.via).toBe('tap');
  expect(app.calls.at(-1)).toBe('tap 100,350');
  expect(app.sent).toBe(1);
});

test('tap() is always coordinates, even on a semantic device', async () => {
  const app = new FakeApp();
  app.text = 'x';
  const rc = await new Device(app).byTag('send').tap();
  expect(rc.via).toBe('tap');
  expect(app.calls).toEqual(['tap 100,350']);
});

test('actions wait for the target to become enabled', async () => {
  const app = new FakeApp({ capturesUntilEnabled: 4 });
  app.text = 'x';
  await new Device(app).byTag('send').click({ timeout: 5000 });
  expect(app.sent).toBe(1);
});

test('actions wait for stable bounds (two captures agree)', async () => {
  const app = new FakeApp({ moving: 3, semantic: false });
  app.text = 'x';
  await new Device(app).byTag('send').click({ timeout: 5000 });
  expect(app.calls).toEqual(['tap 100,350']);
});

test('a disabled target times out with target_disabled and a hint', async () => {
  const err = await new Device(new FakeApp()).byTag('send').click({ timeout: 200 }).catch((e) => e);
  expect(err).toBeInstanceOf(TargetError);
  expect(err.code).toBe('target_disabled');
  expect(err.message).toMatch(/byTag\('send'\)\.click\(\): timed out after 200ms waiting for byTag\('send'\): the node is disabled/);
});

test('a touch on a node under a modal window is not delivered: not_hittable names the cover', async () => {
  const app = new FakeApp({ semantic: false, covered: true });
  app.text = 'x';
  const err = await new Device(app).byTag('send').click({ timeout: 200 }).catch((e) => e);
  expect(err.code).toBe('not_hittable');
  expect(err.message).toContain('obscured by');
  expect(app.calls).toEqual([]);
});

test('semantic touches check hittability too: click, fill and scrollBy under a modal window fail naming it; force: true acts and says so', async () => {
  const app = new FakeApp({ covered: true }); // semantic device: Click / SetText / ScrollBy need no coordinates
  app.text = 'x';
  const device = new Device(app);
  for (const act of [() => device.byTag('send').click({ timeout: 150 }), () => device.byTag('field').fill('y', { timeout: 150 }), () => device.byTag('list').scrollBy(0, 100, { timeout: 150 })]) {
    const err = await act().catch((e) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect(err.code).toBe('not_hittable');
    expect(err.message).toMatch(/obscured by node #9 "Dialog"/);
    expect(err.message).toContain('{ force: true }');
  }
  expect(app.calls).toEqual([]);
  expect(app.sent).toBe(0);
  const forced = await device.byTag('send').click({ force: true });
  expect(forced).toMatchObject({ via: 'semantic', forced: true, changed: true });
  expect(app.calls).toEqual(['perform send Click']);
  // An action that was not forced says nothing about it.
  app.covered = false;
  expect((await device.byTag('send').click()).forced).toBeUndefined();
});

test('the reference app: with the sign-out dialog open, click() on anything below fails naming the dialog and changes nothing', async () => {
  const device = await connect({ kind: 'reference', signedIn: true });
  try {
    await device.navigate('settings');
    await device.byText('Sign out', { exact: true }).click();
    const before = await device.snapshot();
    for (const target of [device.byRole('Switch', { name: 'Wi-Fi' }), device.byRole('Button', { name: 'Navigate up' }), device.byRole('Slider')]) {
      const err = await target.click({ timeout: 300 }).catch((e) => e);
      expect(err.code).toBe('not_hittable');
      expect(err.message).toMatch(/timed out after 300ms .* obscured by Dialog #\d+/);
    }
    const after = await device.snapshot();
    expect(after.generation).toBe(before.generation);
    await expect(device.byRole('Switch', { name: 'Wi-Fi' }).one()).resolves.toMatchObject({ node: { toggle: 'off' } });
  } finally {
    await device.close();
  }
});

test('a missing target times out with target_not_found; an ambiguous one fails at once', async () => {
  const device = new Device(new FakeApp());
  expect((await device.byTag('nope').click({ timeout: 100 }).catch((e) => e)).code).toBe('target_not_found');
  const t0 = Date.now();
  const amb = await device.all().filter({ hasText: /./ }).click({ timeout: 30_000 }).catch((e) => e);
  expect(amb.code).toBe('target_ambiguous');
  expect(Date.now() - t0).toBeLessThan(15_000); // not waited out to the timeout
});

test('an action the device cannot express says so and names the drivers that can', async () => {
  const device = new Device(new FakeApp({ semantic: false }));
  const err = await device.byTag('list').scrollToIndex(3).catch((e) => e);
  expect(err.code).toBe('action_unavailable');
  expect(err.message).toMatch(/scrollToIndex needs the node's own ScrollToIndex \(or ScrollBy\) semantics action/);
  expect(err.message).toMatch(/reference, moui, jetwhale/);
});

test('a refused semantic action is an error, not a silent success', async () => {
  const app = new FakeApp();
  const err = await new Device(app).byTag('list').scrollBy(0, 100).catch((e) => e);
  expect(err.code).toBe('action_unavailable');
  expect(err.message).toContain('ScrollBy not handled');
});

test('device-level calls the driver lacks fail clearly', async () => {
  const device = new Device(new FakeApp());
  await expect(device.nav()).rejects.toThrow(/device\.nav\(\): fake:app \(fake driver\) cannot report navigation/);
  await expect(device.screenshot()).rejects.toThrow(/cannot provide pixels/);
});

test('each action runs inside the step wrapper, titled by its code form', async () => {
  const device = new Device(new FakeApp());
  const titles: string[] = [];
  device.step = async (title, body) => { titles.push(title); return body(); };
  await device.byTag('field').fill('a');
  await device.byTag('send').click();
  expect(titles).toEqual(["byTag('field').fill('a')", "byTag('send').click()"]);
});

test('receipts and refusals name a Compose control as inspect prints it; { merged: false } keeps the raw form (real dump 005)', async () => {
  // fixtures/uiautomator/005.xml: a Compose dialog whose "Cancelar" button is View #12 with a Button role child.
  const dump = importTree(readFileSync(new URL('../../fixtures/uiautomator/005.xml', import.meta.url)), { where: '005.xml' });
  const taps: string[] = [];
  const driver: Driver = { kind: 'dump', description: 'dump:005', capture: async () => dump, close: async () => {}, tap: async (x, y) => { taps.push(`${x},${y}`); } };
  const device = new Device(driver);
  const merged = await device.byRole('Button', { name: 'Cancelar' }).click();
  expect(merged.node).toMatch(/^Button #12 \[clickable\]/);
  const raw = await device.byId('12', { merged: false }).click();
  expect(raw.node).toMatch(/^View #12 \[clickable\]/);
  expect(taps).toEqual(['627,1944', '627,1944']);
  // A device connected unmerged names every node raw.
  const unmerged = await new Device(driver, { merged: false }).byId('12').click();
  expect(unmerged.node).toMatch(/^View #12 /);
  const refused = await device.byRole('Button', { name: 'Cancelar' }).fill('x').then(() => { throw new Error('filled a button'); }, (e: TargetError) => e);
  expect(refused.code).toBe('action_unavailable');
  expect(refused.details.node).toMatch(/^Button #12 /);
});
