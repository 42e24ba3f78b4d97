// iOS through Appium: the fake driver serves real XCUITest page sources (fixtures/ios), read by the
// XCUITest importer in points; element clicks find the element by accessibility id (XCUITest's `name`:
// the identifier, else the label) or by type and frame; touches are pointer actions in pt.
import { connect } from '../../src/devices/connect.js';
import type { AppiumDriver } from '../../src/devices/appium.js';
import { elementLocators } from '../../src/devices/appium-locate.js';
import type { Device } from '../../src/devices/device.js';
import { importTree } from '../../src/formats/index.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { renderOutline } from '../../src/outline/outline.js';
import { fakeCapabilities, fixture, type AppiumServer } from '../helpers/appium-server.js';
import { test, expect } from './server.js';

const ALERT = 'ios/xcuitest-sioeye-notification-alert.xml';
const CONSENT = 'ios/xcuitest-meetme-consent-table.xml';

async function wd(url: string, session: string, method: string, p: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${url}/session/${session}${p}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return ((await r.json()) as { value: unknown }).value;
}

async function onDevice(appium: AppiumServer, dump: string, body: (d: Device, session: string) => Promise<void>): Promise<void> {
  const app = await appium.fakeApp(await fixture(dump), dump.replace(/\W/g, '-'));
  const device = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app) });
  try {
    await body(device, (device.driver as AppiumDriver).sessionId!);
  } finally {
    await device.close();
  }
}

test('capture: the XCUITest page source through the iOS importer, in pt, every window', async ({ appium }) => {
  await onDevice(appium, ALERT, async (device) => {
    const snap = await device.snapshot();
    const file = importTree(await fixture(ALERT), { where: device.description });
    expect(renderOutline(snap)).toBe(renderOutline(file));
    expect(snap.roots.length).toBe(8);
    expect(new Set(snap.roots.map((r) => `${r.unit} ${r.density}`))).toEqual(new Set(['pt 1']));
    expect(snap.source).toMatch(/\(xcuitest\)$/);
    expect(await device.byRole('Button').count()).toBe(2);
  });
});

test('click by accessibility id: the label where there is no identifier, the identifier where there is', async ({ appium }) => {
  await onDevice(appium, ALERT, async (device, session) => {
    const r = await device.byRole('Button', { name: 'Allow', exact: true }).click();
    expect(r.message).toBe('element click (found by accessibility id)');
    const [el] = await wd(appium.url, session, 'POST', '/elements', { using: 'accessibility id', value: 'Allow' }) as Array<Record<string, string>>;
    expect(await wd(appium.url, session, 'GET', `/element/${Object.values(el!)[0]}/attribute/clicks`)).toBe('1');
  });
  await onDevice(appium, CONSENT, async (device, session) => {
    const r = await device.byRole('Button', { name: 'I Accept' }).click();
    expect(r.message).toBe('element click (found by accessibility id)');
    const [el] = await wd(appium.url, session, 'POST', '/elements', { using: 'accessibility id', value: 'bannerButtonStackFirstItem' }) as Array<Record<string, string>>;
    expect(await wd(appium.url, session, 'GET', `/element/${Object.values(el!)[0]}/attribute/clicks`)).toBe('1');
  });
});

test('a name shared by two elements: the xpath by type and frame finds exactly that one on the server', async ({ appium }) => {
  await onDevice(appium, ALERT, async (device, session) => {
    const snap = await device.snapshot();
    const [title] = resolveSelector(snap, device.byText('Would Like to Send You Notifications').selector);
    const locs = elementLocators(snap, title!);
    expect(locs.map((l) => l.by)).toEqual(['index path']);
    expect(locs[0]!.value).toMatch(/^\/\/XCUIElementTypeStaticText\[@x="\d+" and @y="\d+" and @width="\d+" and @height="\d+"\]$/);
    const found = await wd(appium.url, session, 'POST', '/elements', { using: 'xpath', value: locs[0]!.value }) as unknown[];
    expect(found).toHaveLength(1);
    const [el] = found as Array<Record<string, string>>;
    expect(await wd(appium.url, session, 'GET', `/element/${Object.values(el!)[0]}/name`)).toBe('XCUIElementTypeStaticText');
  });
});

test('touches on iOS are pointer actions in points', async ({ appium }) => {
  await onDevice(appium, CONSENT, async (device, session) => {
    await device.byRole('Button', { name: 'Reject All' }).tap();
    const log = await wd(appium.url, session, 'POST', '/se/log', { type: 'actions' }) as Array<Array<{ actions: unknown[] }>>;
    expect(log[0]![0]!.actions[0]).toEqual({ type: 'pointerMove', duration: 0, x: 188, y: 594, origin: 'viewport' });
  });
});
