// The appium device's faults, each a typed error: against the real Appium server where it produces the
// fault itself (refused sessions, a deleted session, an unknown command), and through a small fake
// WebDriver server (alone, or in front of the real one) for hangs, 5xx bodies, stale elements and
// servers that are not WebDriver. Credentials in the URL or capabilities never show anywhere.
import { connect } from '../../src/devices/connect.js';
import type { AppiumDriver } from '../../src/devices/appium.js';
import { namedCapability } from '../../src/devices/appium.js';
import { parseSource } from '../../src/devices/source.js';
import { attachReceipts } from '../../matchers/report-attach.js';
import { fakeCapabilities, fixture, freePort } from '../helpers/appium-server.js';
import { FakeWebDriver, ok, w3cError, type FakeRequest } from '../helpers/fake-webdriver.js';
import { test, expect } from './server.js';

const sessionOf = (d: { driver: unknown }) => (d.driver as AppiumDriver).sessionId!;

/** A minimal W3C server: status, one session, a page source; `extra` answers first. */
function minimalServer(xml: string, extra: (r: FakeRequest) => ReturnType<typeof ok> | 'hang' | undefined = () => undefined) {
  return new FakeWebDriver({
    handle: (r) => extra(r) ?? (
      r.path === '/status' ? ok({ ready: true, message: 'ok' })
        : r.method === 'POST' && r.path === '/session' ? ok({ sessionId: 'S1', capabilities: { platformName: 'Android' } })
          : r.path === '/session/S1/source' ? ok(xml)
            : r.method === 'DELETE' && r.path === '/session/S1' ? ok(null)
              : undefined),
  });
}

test('server down: device_unreachable naming the URL, at once', async () => {
  const port = await freePort();
  // Refused is reported, not waited out: well inside the 30 s command timeout it is connected with.
  const t0 = Date.now();
  const e = await connect({ kind: 'appium', url: `http://127.0.0.1:${port}`, capabilities: {} }, { timeout: 30_000 }).catch((x) => x);
  expect(Date.now() - t0).toBeLessThan(15_000);
  expect(e.code).toBe('device_unreachable');
  expect(e.details.stage).toBe('status');
  expect(e.message).toContain(`nothing is listening at http://127.0.0.1:${port}/status`);
  expect(e.message).toContain('npx appium');
});

test('not Appium: an HTML page, or JSON that is not a WebDriver status, is named as such', async () => {
  const html = await new FakeWebDriver({ handle: () => ({ status: 200, text: '<!doctype html><title>router</title>', contentType: 'text/html' }) }).start();
  const json = await new FakeWebDriver({ handle: () => ok({ hello: 'world' }) }).start();
  try {
    const e1 = await connect(`appium:${html.url}`).catch((x) => x);
    expect(e1.code).toBe('device_error');
    expect(e1.message).toContain(`${html.url}/status`);
    expect(e1.message).toContain('not a W3C WebDriver answer');
    const e2 = await connect(`appium:${json.url}/wd/hub`).catch((x) => x);
    expect(e2.code).toBe('device_error');
    expect(e2.message).toContain(`${json.url}/wd/hub answered GET /status with {"hello":"world"}, not a WebDriver status`);
  } finally {
    await html.stop();
    await json.stop();
  }
});

test('session refused by the real server: its message and the capability it names, no stacktrace', async ({ appium }) => {
  const e = await connect({ kind: 'appium', url: appium.url, capabilities: { platformName: 'Fake', 'appium:automationName': 'Fake' } }).catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.details).toMatchObject({ stage: 'new session', webdriverError: 'session not created', capability: 'appium:app', status: 500 });
  expect(e.details.serverMessage).toContain("'app' is required to be present");
  expect(e.message).toContain("the server refused to create a session (session not created): A new session could not be created. Details: 'app' is required to be present");
  expect(e.message).toContain('Check the capability appium:app');
  expect(e.message).not.toMatch(/SessionNotCreatedError|at FakeDriver|\.js:\d+/);

  const e2 = await connect({ kind: 'appium', url: appium.url, capabilities: { platformName: 'Android', 'appium:automationName': 'UiAutomator2' } }).catch((x) => x);
  expect(e2.details.capability).toBe('appium:automationName');
  expect(e2.message).toContain("Could not find a driver for automationName 'UiAutomator2'");
  expect(await appium.sessions()).toEqual([]);
});

test('namedCapability: a quoted name or value of a capability sent, else the name quoted', () => {
  const caps = { platformName: 'iOS', 'appium:automationName': 'XCUITest', 'appium:bundleId': 'com.x' };
  expect(namedCapability("Could not find a driver for automationName 'XCUITest' and platformName 'iOS'", caps)).toBe('appium:automationName');
  expect(namedCapability("'bundleId' must be a string", caps)).toBe('appium:bundleId');
  expect(namedCapability("'app' is required to be present", caps)).toBe('appium:app');
  expect(namedCapability('no device available', caps)).toBeNull();
});

test('session gone between actions: a typed error; close succeeds; the next connect gets a new session', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/005.xml'), '005.xml');
  const device = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app) });
  const first = sessionOf(device);
  await device.byRole('TextField').fill('1');
  // The server ends the session (as newCommandTimeout or a crash would).
  await fetch(`${appium.url}/session/${first}`, { method: 'DELETE' });
  const e = await device.byRole('TextField').fill('2').catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.details).toMatchObject({ webdriverError: 'invalid session id', sessionGone: true, stage: 'page source' });
  expect(e.message).toContain(`the session ${first} is gone`);
  expect(e.message).toContain('the next test connects with a new session');
  await device.close();
  const next = await connect({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app) });
  expect(sessionOf(next)).not.toBe(first);
  await next.byRole('TextField').fill('3');
  await next.close();
});

test('a command that hangs: device_timeout within the configured timeout, naming the command', async () => {
  const xml = await fixture('uiautomator/005.xml');
  let hang = false;
  const server = await minimalServer(xml, (r) => (hang && r.path.endsWith('/source') ? 'hang' : undefined)).start();
  try {
    // The command timeout ends the hang: long enough that the healthy commands around it never race it.
    const device = await connect({ kind: 'appium', url: server.url, capabilities: {} }, { timeout: 2000 });
    hang = true;
    const e = await device.snapshot().catch((x) => x);
    expect(e.code).toBe('device_timeout');
    expect(e.details).toMatchObject({ stage: 'page source', timeoutMs: 2000 });
    expect(e.message).toContain(`GET ${server.url}/session/S1/source did not answer within 2000ms`);
    await device.close();
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/session/S1' });
  } finally {
    await server.stop();
  }
});

test('HTTP 5xx with a W3C error body: its error and message surfaced, the stacktrace not', async () => {
  const xml = await fixture('uiautomator/005.xml');
  const server = await minimalServer(xml, (r) => (r.path === '/session/S1/screenshot' ? w3cError(500, 'unknown error', 'screenshot failed: the display is secure') : undefined)).start();
  try {
    const device = await connect({ kind: 'appium', url: server.url, capabilities: {} });
    const e = await device.screenshot().catch((x) => x);
    expect(e.code).toBe('device_error');
    expect(e.details).toMatchObject({ status: 500, webdriverError: 'unknown error', serverMessage: 'screenshot failed: the display is secure', stage: 'screenshot' });
    expect(e.message).toContain('screenshot: HTTP 500 unknown error: screenshot failed: the display is secure');
    expect(JSON.stringify({ m: e.message, d: e.details })).not.toContain('secret-path');
    await device.close();
  } finally {
    await server.stop();
  }
});

test('a stale element is found again from a fresh capture, then clicked once; never clicked blindly', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/016.xml'), '016.xml');
  let staled = 0;
  const proxy = await new FakeWebDriver({
    upstream: appium.url,
    handle: (r) => (/\/element\/[^/]+\/click$/.test(r.path) && staled++ === 0
      ? w3cError(404, 'stale element reference', 'The element is no longer attached to the DOM') : undefined),
  }).start();
  try {
    const device = await connect({ kind: 'appium', url: proxy.url, capabilities: fakeCapabilities(app) });
    proxy.requests.length = 0;
    const r = await device.byTag('Compose:Draft:Send').click();
    expect(r.message).toBe('element click (found by resource-id)');
    const paths = proxy.requests.map((q) => `${q.method} ${q.path.replace(/\/session\/[^/]+/, '')}`.replace(/\/element\/[^/]+/, '/element/:id'));
    // capture, capture (stable), find, click → stale; then again: capture, capture, find, click; capture after.
    expect(paths.filter((p) => p === 'POST /elements')).toHaveLength(2);
    expect(paths.filter((p) => p === 'POST /element/:id/click')).toHaveLength(2);
    expect(paths.indexOf('GET /source', paths.indexOf('POST /element/:id/click'))).toBeGreaterThan(0);
    const els = await (await fetch(`${appium.url}/session/${sessionOf(device)}/elements`, { method: 'POST', body: JSON.stringify({ using: 'id', value: 'Compose:Draft:Send' }), headers: { 'content-type': 'application/json' } })).json() as { value: Array<Record<string, string>> };
    const el = Object.values(els.value[0]!)[0];
    const clicks = await (await fetch(`${appium.url}/session/${sessionOf(device)}/element/${el}/attribute/clicks`)).json() as { value: string };
    expect(clicks.value).toBe('1');
    await device.close();
  } finally {
    await proxy.stop();
  }
});

test('density from mobile: deviceInfo when the session capabilities do not carry it', async () => {
  const xml = await fixture('uiautomator/005.xml');
  const server = await minimalServer(xml, (r) => (r.path === '/session/S1/execute/sync' && (r.body as { script: string }).script === 'mobile: deviceInfo'
    ? ok({ displayDensity: 480, model: 'Pixel' }) : r.method === 'GET' && r.path === '/session/S1' ? ok({ platformName: 'Android' }) : undefined)).start();
  try {
    const device = await connect({ kind: 'appium', url: server.url, capabilities: {} });
    const snap = await device.snapshot();
    expect(snap.roots.every((root) => root.density === 3)).toBe(true);
    expect(snap.warnings.map((w) => w.code)).not.toContain('unknown-density');
    await device.close();
  } finally {
    await server.stop();
  }
});

test('credentials in the URL and capabilities never appear in messages, receipts, descriptions or captures', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/016.xml'), '016.xml');
  const secrets = ['hunter2pass', 'ci-robot-user', 'AKIA-SECRET-KEY-9', 'tok3n-q'];
  const caps = fakeCapabilities(app, { 'bstack:options': { userName: 'ci-robot-user', accessKey: 'AKIA-SECRET-KEY-9' } });
  // Appium ignores basic auth, as a local server does; a farm checks it.
  const url = appium.url.replace('http://', 'http://ci-robot-user:hunter2pass@') + '/?token=tok3n-q';
  const seen: string[] = [];
  const device = await connect({ kind: 'appium', url, capabilities: caps });
  try {
    seen.push(device.description, (await device.snapshot()).source, await device.outline());
    seen.push(JSON.stringify(await device.byTag('Compose:Draft:Send').click()));
    seen.push(JSON.stringify(device.receipts), JSON.stringify((device.driver as AppiumDriver).sessionCapabilities));
    // What the fixture attaches for the reporter (and merge-reports) at the end of a test.
    await attachReceipts({ attach: async (_name, { body }) => { seen.push(String(body)); } }, device.description, device.receipts);
    const e = await device.byTag('nope').click({ timeout: 200 }).catch((x) => x);
    seen.push(e.message, JSON.stringify(e.details));
  } finally {
    await device.close();
  }
  // A server that echoes the capabilities it refused, as some grids do.
  const echo = await new FakeWebDriver({
    handle: (r) => (r.path === '/status' ? ok({ ready: true, message: '' }) : w3cError(500, 'session not created', `no device matches ${JSON.stringify((r.body as { capabilities: unknown }).capabilities)}`)),
  }).start();
  try {
    const e = await connect({ kind: 'appium', url: echo.url.replace('http://', 'http://ci-robot-user:hunter2pass@'), capabilities: caps }).catch((x) => x);
    expect(e.details.webdriverError).toBe('session not created');
    seen.push(e.message, JSON.stringify(e.details));
    expect(echo.requests[1]!.body).toMatchObject({ capabilities: { alwaysMatch: { 'bstack:options': { accessKey: 'AKIA-SECRET-KEY-9' } } } });
  } finally {
    await echo.stop();
  }
  // Bad sources are shown without them too.
  for (const bad of [`appium:${url.replace('http', 'htp')}`, { kind: 'appium', url: 'ftp://ci-robot-user:hunter2pass@x', capabilities: caps }]) {
    try { parseSource(bad as never); } catch (e) { seen.push((e as Error).message); }
  }
  expect(seen.length).toBeGreaterThan(10);
  for (const text of seen) for (const s of secrets) expect(text, text).not.toContain(s);
  expect(seen[0]).toMatch(/^appium:http:\/\/127\.0\.0\.1:\d+\/\?token=\*\*\* session [0-9a-f]{8}$/);
});
