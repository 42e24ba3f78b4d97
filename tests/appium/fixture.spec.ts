// The `device` fixture with an `appium:<url>` source whose capabilities come from the `capabilities`
// option (as a project's `use` would give them), against the real server: one session per test,
// deleted when the test ends.
import { leaseKeyOf } from '../../src/devices/lease-key.js';
import { parseSource } from '../../src/devices/source.js';
import type { AppiumDriver } from '../../src/devices/appium.js';
import { fakeCapabilities, fixture } from '../helpers/appium-server.js';
import { test as base, expect } from './server.js';

const test = base.extend<{ app: string }>({
  app: async ({ appium }, use) => { await use(await appium.fakeApp(await fixture('uiautomator/034.xml'), '034.xml')); },
  source: async ({ appium }, use) => { await use(`appium:${appium.url}`); },
  capabilities: async ({ app }, use) => { await use(fakeCapabilities(app, { 'appium:deviceScreenDensity': 420 })); },
});

const sessions: string[] = [];

test('appium:<url> takes the capabilities option; the device acts through its own session', async ({ device }) => {
  sessions.push((device.driver as AppiumDriver).sessionId!);
  expect(device.description).toMatch(/^appium:http:\/\/127\.0\.0\.1:\d+ session [0-9a-f]{8}$/);
  const r = await device.byRole('Button', { name: 'EXIT', exact: true }).click();
  expect(r.message).toBe('element click (found by resource-id)');
  expect((await device.snapshot()).roots[0]!.density).toBe(2.625);
});

test('the next test gets a new session; the last one is gone', async ({ device, appium }) => {
  const id = (device.driver as AppiumDriver).sessionId!;
  expect(sessions).toHaveLength(1);
  expect(id).not.toBe(sessions[0]);
  expect(await appium.sessions()).toEqual([id]);
});

test('source descriptors: shorthand, capabilities default, bad URLs typed, udid lease keys', () => {
  expect(parseSource('appium:http://127.0.0.1:4723')).toEqual({ kind: 'appium', url: 'http://127.0.0.1:4723', capabilities: {} });
  expect(parseSource({ kind: 'appium', url: 'https://hub.example.com/wd/hub', session: 'abc' })).toMatchObject({ session: 'abc', capabilities: {} });
  for (const bad of ['appium:127.0.0.1:4723', 'appium:ftp://x']) {
    const e = (() => { try { parseSource(bad); } catch (x) { return x as { code: string; message: string }; } return null; })();
    expect(e?.code, bad).toBe('source_invalid');
  }
  expect(leaseKeyOf(parseSource({ kind: 'appium', url: 'http://a:4723', capabilities: { 'appium:udid': 'R58M' } }))).toBe('appium:udid:R58M');
  expect(leaseKeyOf(parseSource({ kind: 'appium', url: 'http://a:4723', capabilities: { platformName: 'Android' } }))).toBeNull();
});
