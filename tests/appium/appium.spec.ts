// The appium device against a real Appium 3 server running @appium/fake-driver, whose app is a real
// page source from fixtures/: capture through the importers, element actions by derived locators,
// pointer actions, screenshots, session cleanup and parallel sessions. What the device did is read back
// from the server (element attributes, the fake driver's action log), never from the driver itself.
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { matchers } from '../../matchers/index.js';
import { audit } from '../../src/analysis/a11y.js';
import { connect } from '../../src/devices/connect.js';
import type { AppiumDriver } from '../../src/devices/appium.js';
import { importUiautomator } from '../../src/formats/uiautomator.js';
import type { Snapshot } from '../../src/model/schema.js';
import { renderOutline } from '../../src/outline/outline.js';
import { fakeCapabilities, fixture, type AppiumServer } from '../helpers/appium-server.js';
import type { Device } from '../../src/devices/device.js';
import { test, expect as base } from './server.js';

const expect = base.extend(matchers);
const require = createRequire(import.meta.url);
const FAKE_SCREEN = path.join(path.dirname(require.resolve('@appium/fake-driver/package.json')), 'build/lib/screen.png');

/** One W3C command straight to the server, to check what the device did. */
async function wd(url: string, session: string, method: string, p: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${url}/session/${session}${p}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return ((await r.json()) as { value: unknown }).value;
}

async function elementBy(url: string, session: string, using: string, value: string): Promise<string> {
  const els = await wd(url, session, 'POST', '/elements', { using, value }) as Array<Record<string, string>>;
  expect(els).toHaveLength(1);
  return Object.values(els[0]!)[0]!;
}

/** The file import at a known density (as `verify --density` reads it). */
function withDensity(s: Snapshot, density: number): Snapshot {
  return { ...s, roots: s.roots.map((r) => ({ ...r, density })), warnings: s.warnings.filter((w) => w.code !== 'unknown-density') };
}

/** A device on a fresh session whose app is the dump, closed after `body`. */
async function onDevice(appium: AppiumServer, dump: string, ...rest: [Record<string, unknown>, (d: Device) => Promise<void>] | [(d: Device) => Promise<void>]): Promise<void> {
  const body = rest.length === 2 ? rest[1] : rest[0];
  const extra = rest.length === 2 ? rest[0] : {};
  const app = await appium.fakeApp(await fixture(dump), dump.replace(/\W/g, '-'));
  const device = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app, extra) });
  try {
    await body(device);
  } finally {
    await device.close();
  }
}

function sessionOf(device: { driver: unknown }): string {
  return (device.driver as AppiumDriver).sessionId!;
}

test('capture: the page source through the uiautomator importer, in dp from the session density', async ({ appium }) => {
  const xml = await fixture('uiautomator/016.xml');
  const app = await appium.fakeApp(xml, '016.xml');
  // The fake driver reports back the capabilities it was given; UiAutomator2 reports deviceScreenDensity itself.
  const device = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app, { 'appium:deviceScreenDensity': 320 }) });
  try {
    const snap = await device.snapshot();
    const file = withDensity(importUiautomator(await readFile(app, 'utf8'), { where: device.description }), 2);
    expect(snap.roots.map((r) => r.density)).toEqual(file.roots.map(() => 2));
    expect(snap.warnings.map((w) => w.code)).not.toContain('unknown-density');
    expect(renderOutline(snap)).toBe(renderOutline(file));
    expect(renderOutline(snap)).toBe(renderOutline(withDensity(importUiautomator(xml), 2)));
    // a11y judges the same nodes in dp as it does for the file at that density.
    expect(audit(snap).map((f) => `${f.rule} ${f.nodeId}`)).toEqual(audit(file).map((f) => `${f.rule} ${f.nodeId}`));
    expect(snap.source).toContain(device.description);
    expect(await device.byTag('Compose:Draft:Send').count()).toBe(1);
  } finally {
    await device.close();
  }
});

test('click by element: a unique resource-id is found with the id strategy and clicked on the server', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/016.xml', async (device) => {
    const r = await device.byTag('Compose:Draft:Send').click();
    expect(r.via).toBe('semantic');
    expect(r.message).toBe('element click (found by resource-id)');
    const el = await elementBy(appium.url, sessionOf(device), 'id', 'Compose:Draft:Send');
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${el}/attribute/clicks`)).toBe('1');
    // Nothing else was touched: no pointer actions.
    expect(await wd(appium.url, sessionOf(device), 'POST', '/se/log', { type: 'actions' })).toEqual([]);
  });
});

test('click by element: no unique id → the xpath index path, exact to class and bounds', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    // "Guardar"'s clickable container: no resource-id, no description.
    const save = device.all().filter({ hasText: 'Guardar', operable: true }).last();
    const r = await save.click();
    expect(r.message).toBe('element click (found by index path)');
    const xpath = '/hierarchy/*[1]/*[1]/*[1]/*[1]/*[1]/*[1]/*[1]/*[1]/*[5]';
    const el = await elementBy(appium.url, sessionOf(device), 'xpath', xpath);
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${el}/attribute/clicks`)).toBe('1');
    const cancel = await elementBy(appium.url, sessionOf(device), 'xpath', xpath.replace(/\[5\]$/, '[4]'));
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${cancel}/attribute/clicks`)).toBe('');
  });
});

test('fill: clear then set value on the field element; fill again replaces it', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    const field = device.byRole('TextField');
    expect((await field.fill('12')).message).toBe('element set value (found by index path)');
    const el = await elementBy(appium.url, sessionOf(device), 'xpath', '//*[@class="android.widget.EditText"]');
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${el}/text`)).toBe('12');
    await field.fill('7');
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${el}/text`)).toBe('7');
    await field.clear();
    expect(await wd(appium.url, sessionOf(device), 'GET', `/element/${el}/text`)).toBe('');
  });
});

test('touches are W3C pointer actions at the tap point: tap, long press, scroll by', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/016.xml', async (device) => {
    await device.byTag('Compose:Draft:Send').tap();
    await device.byTag('Compose:Draft:Send').longClick();
    await device.byTag('message_list').scrollBy(0, 300);
    const log = await wd(appium.url, sessionOf(device), 'POST', '/se/log', { type: 'actions' }) as Array<Array<{ type: string; parameters: unknown; actions: Array<Record<string, unknown>> }>>;
    expect(log).toHaveLength(3);
    const [tap, long, scroll] = log.map((seq) => seq[0]!);
    expect(tap!.parameters).toEqual({ pointerType: 'touch' });
    expect(tap!.actions).toEqual([
      { type: 'pointerMove', duration: 0, x: 659, y: 1514, origin: 'viewport' },
      { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 50 }, { type: 'pointerUp', button: 0 },
    ]);
    expect(long!.actions[2]).toEqual({ type: 'pause', duration: 800 });
    // Scrolling the content down by 300 drags the finger up by 300, from the centre of the list's
    // visible part (the top app bar is drawn over its top edge).
    expect(scroll!.actions[0]).toMatchObject({ type: 'pointerMove', x: 360, y: 825 });
    expect(scroll!.actions[2]).toMatchObject({ type: 'pointerMove', x: 360, y: 525, duration: 300 });
  });
});

test('dragTo, dblclick and hover are W3C pointer actions: a held finger moved to the target, two taps, a mouse move', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/016.xml', async (device) => {
    const send = device.byTag('Compose:Draft:Send');
    expect((await send.dragTo(device.byTag('message_list'))).via).toBe('drag');
    expect((await send.dblclick()).via).toBe('pointer');
    expect((await send.hover()).via).toBe('pointer');
    const log = await wd(appium.url, sessionOf(device), 'POST', '/se/log', { type: 'actions' }) as Array<Array<{ type: string; id: string; parameters: unknown; actions: Array<Record<string, unknown>> }>>;
    expect(log).toHaveLength(3);
    const [drag, dbl, hover] = log.map((seq) => seq[0]!);
    expect(drag!.parameters).toEqual({ pointerType: 'touch' });
    expect(drag!.actions).toEqual([
      { type: 'pointerMove', duration: 0, x: 659, y: 1514, origin: 'viewport' },
      { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 800 },
      { type: 'pointerMove', duration: 500, x: 360, y: 825, origin: 'viewport' },
      { type: 'pointerUp', button: 0 },
    ]);
    expect(dbl!.actions.filter((a) => a.type === 'pointerDown')).toHaveLength(2);
    expect(dbl!.actions.filter((a) => a.type === 'pointerUp')).toHaveLength(2);
    expect(hover!.parameters).toEqual({ pointerType: 'mouse' });
    expect(hover!.actions).toEqual([{ type: 'pointerMove', duration: 0, x: 659, y: 1514, origin: 'viewport' }]);
  });
});

test('press(key): Playwright\'s key names as W3C key values, modifiers held around the key; a key without one is a typed refusal', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    const field = device.byRole('TextField');
    await field.press('Tab');
    await field.press('Shift+Tab');
    await field.press('ArrowDown');
    const log = await wd(appium.url, sessionOf(device), 'POST', '/se/log', { type: 'actions' }) as Array<Array<{ type: string; actions: unknown[] }>>;
    const keys = log.filter((seq) => seq[0]!.type === 'key').map((seq) => seq[0]!.actions);
    expect(keys).toEqual([
      [{ type: 'keyDown', value: '\uE004' }, { type: 'keyUp', value: '\uE004' }],
      [{ type: 'keyDown', value: '\uE008' }, { type: 'keyDown', value: '\uE004' }, { type: 'keyUp', value: '\uE004' }, { type: 'keyUp', value: '\uE008' }],
      [{ type: 'keyDown', value: '\uE015' }, { type: 'keyUp', value: '\uE015' }],
    ]);
    const e = await field.press('MediaPlayPause', { timeout: 1000 }).catch((x) => x);
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toContain("cannot deliver the key 'MediaPlayPause'");
  });
});

test('keys: pressEnter is a W3C key action; back() is the server\'s to refuse (the fake driver has none)', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    await device.byRole('TextField').pressEnter();
    const log = await wd(appium.url, sessionOf(device), 'POST', '/se/log', { type: 'actions' }) as Array<Array<{ type: string; actions: unknown[] }>>;
    expect(log.at(-1)).toEqual([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: '\uE007' }, { type: 'keyUp', value: '\uE007' }] }]);
    const e = await device.back().catch((x) => x);
    expect(e.code).toBe('action_unavailable');
    expect(e.details.webdriverError).toBe('unknown method');
    expect(e.message).toContain('POST http://127.0.0.1');
    expect(e.message).not.toMatch(/at FakeDriver|\.js:\d+/);
  });
});

test('screenshot: the server\'s PNG; toMatchScreenshot against a baseline', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    expect((await device.screenshot()).equals(await readFile(FAKE_SCREEN))).toBe(true);
    await expect(device).toMatchScreenshot('fake-driver-screen');
  });
});

test('locator.screenshot(): the server\'s screenshot cropped to the node, scaled from the page source\'s px to the PNG\'s', async ({ appium }) => {
  await onDevice(appium, 'uiautomator/005.xml', async (device) => {
    const full = PNG.sync.read(await readFile(FAKE_SCREEN));
    const field = device.byRole('TextField');
    const { snapshot: snap, node } = await field.one();
    const screenWidth = Math.max(...snap.roots.map((r) => r.node.bounds.x + r.node.bounds.width));
    const k = full.width / screenWidth;
    const want = { x: Math.round(node.bounds.x * k), y: Math.round(node.bounds.y * k), x2: Math.round((node.bounds.x + node.bounds.width) * k), y2: Math.round((node.bounds.y + node.bounds.height) * k) };
    const crop = PNG.sync.read(await field.screenshot());
    expect([crop.width, crop.height]).toEqual([want.x2 - want.x, want.y2 - want.y]);
    // Row by row, the crop's pixels are the full screenshot's at that place.
    for (let row = 0; row < crop.height; row++) {
      const a = crop.data.subarray(row * crop.width * 4, (row + 1) * crop.width * 4);
      const start = ((want.y + row) * full.width + want.x) * 4;
      expect(Buffer.from(a).equals(full.data.subarray(start, start + crop.width * 4)), `row ${row}`).toBe(true);
    }
  });
});

test('session lifecycle: created on connect with a newCommandTimeout, deleted on close', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/005.xml'), '005.xml');
  const device = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app) });
  const id = sessionOf(device);
  expect(await appium.sessions()).toContain(id);
  expect(await wd(appium.url, id, 'GET', '')).toMatchObject({ newCommandTimeout: 60 });
  await device.close();
  expect(await appium.sessions()).not.toContain(id);
  expect(await wd(appium.url, id, 'GET', '/source')).toMatchObject({ error: 'invalid session id' });
  // Attaching to a session uses it and leaves it to its owner.
  const owner = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app) });
  const attached = await connect({ kind: 'appium', url: appium.url, session: sessionOf(owner) });
  expect(await attached.byRole('TextField').count()).toBe(1);
  await attached.close();
  expect(await appium.sessions()).toContain(sessionOf(owner));
  await owner.close();
});

test('two workers, two sessions: each device its own session on the one server, acting independently', async ({ appium }) => {
  const a = await appium.fakeApp(await fixture('uiautomator/005.xml'), 'a.xml');
  const b = await appium.fakeApp(await fixture('uiautomator/016.xml'), 'b.xml');
  const [one, two] = await Promise.all([
    connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(a) }),
    connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(b) }),
  ]);
  try {
    expect(sessionOf(one)).not.toBe(sessionOf(two));
    expect(await appium.sessions()).toEqual(expect.arrayContaining([sessionOf(one), sessionOf(two)]));
    await Promise.all([one.byRole('TextField').fill('3'), two.byTag('Compose:Draft:Send').click()]);
    const field = await elementBy(appium.url, sessionOf(one), 'xpath', '//*[@class="android.widget.EditText"]');
    expect(await wd(appium.url, sessionOf(one), 'GET', `/element/${field}/text`)).toBe('3');
    expect(await wd(appium.url, sessionOf(two), 'POST', '/elements', { using: 'xpath', value: '//*[@class="android.widget.EditText"]' })).toEqual([]);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
  expect(await appium.sessions()).not.toContain(sessionOf(one));
});

test('a phone named by udid is leased: a second worker queues for it, another udid does not', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/005.xml'), '005.xml');
  const phone = (udid: string) => ({ kind: 'appium' as const, url: appium.url, capabilities: fakeCapabilities(app, { 'appium:udid': udid }) });
  const held = await connect(phone('emulator-5554'));
  try {
    const e = await connect(phone('emulator-5554'), { leaseTimeout: 300 }).catch((x) => x);
    expect(e.code).toBe('device_timeout');
    expect(e.details.stage).toBe('lease');
    expect(e.message).toContain('appium:udid:emulator-5554');
    const other = await connect(phone('emulator-5556'), { leaseTimeout: 300 });
    await other.close();
  } finally {
    await held.close();
  }
  const again = await connect(phone('emulator-5554'), { leaseTimeout: 2000 });
  await again.close();
});
