// The `device` fixture's web source in Playwright's own `browser`: the test's `use` options shape the page
// the device captures, and a test using both `page` and `device` runs one Chromium.
import { readFileSync, readdirSync } from 'node:fs';
import { expect as pwExpect, type Browser } from '@playwright/test';
import { test as base, connect, isTreewrightError, WebDriver, type Device } from 'treewright';
import { openWorkerBrowser, requireChromium, type WorkerBrowserOptions } from '../../runner/web-browser.js';
import { serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

const test = base.extend<object, { site: StaticSite }>({
  site: [async ({}, use) => { const site = await serveFixtures(); await use(site); await site.close(); }, { scope: 'worker' }],
  source: async ({ site }, use) => use(`web:${site.url}/pages/actions.html`),
});
test.describe.configure({ mode: 'serial' });

/** Chromium browser processes started by this worker (its direct children), by pid. */
function chromiumChildren(): number[] {
  const out: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(comm)) out.push(Number(pid));
    } catch { /* exited meanwhile */ }
  }
  return out;
}

function pageOf(device: Device) {
  return (device.driver as unknown as WebDriver).page;
}

test.describe('a phone-sized viewport at density 2', () => {
  test.use({ viewport: { width: 390, height: 700 }, deviceScaleFactor: 2 });

  test('the device opens its page in the test\'s browser with the project\'s viewport and scale: root bounds and density follow', async ({ device, browser }) => {
    const page = pageOf(device);
    pwExpect(page.context().browser()).toBe(browser);
    const root = (await device.snapshot()).roots[0]!;
    pwExpect(root.density).toBe(2);
    pwExpect(root.node.bounds).toEqual({ x: 0, y: 0, width: 390, height: 700 });
    pwExpect(await page.evaluate(() => devicePixelRatio)).toBe(2);
  });
});

test.describe('a desktop viewport at density 1', () => {
  test.use({ viewport: { width: 1100, height: 640 }, deviceScaleFactor: 1, colorScheme: 'dark' });

  test('other `use` options, another capture: bounds, density and the colour scheme come from the test', async ({ device }) => {
    const root = (await device.snapshot()).roots[0]!;
    pwExpect(root.density).toBe(1);
    pwExpect(root.node.bounds).toEqual({ x: 0, y: 0, width: 1100, height: 640 });
    pwExpect(await pageOf(device).evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  });
});

test('page and device in one test share one Chromium: no second browser process', async ({ page, device, browser }) => {
  pwExpect(pageOf(device).context().browser()).toBe(browser);
  pwExpect(page.context()).not.toBe(pageOf(device).context()); // a context of its own, as Playwright's page has
  pwExpect(chromiumChildren()).toHaveLength(1);
});

test('the device closes the context it opened; the worker\'s browser stays for the next test', async ({ browser }) => {
  pwExpect(browser.isConnected()).toBe(true);
  pwExpect(browser.contexts()).toEqual([]);
});

test('outside a test (the CLI and MCP path) a web source launches its own Chromium and closes it with the device', async ({ site }) => {
  const before = chromiumChildren();
  const device = await connect(`web:${site.url}/pages/actions.html`);
  const launched = chromiumChildren().filter((pid) => !before.includes(pid));
  pwExpect(launched).toHaveLength(1);
  pwExpect((await device.snapshot()).roots[0]!.node.bounds).toMatchObject({ width: 1280, height: 720 });
  await device.close();
  await pwExpect.poll(() => chromiumChildren().filter((pid) => launched.includes(pid))).toEqual([]);
});

function typedError(f: () => unknown): Error & { code: string; details: Record<string, unknown> } {
  try { f(); } catch (e) { pwExpect(isTreewrightError(e), String(e)).toBe(true); return e as never; }
  throw new Error('expected a typed error');
}

test('the worker browser: opened as Playwright opens it; a named Chromium that is missing or another browser is a typed error', async () => {
  const calls: Array<[string, unknown]> = [];
  type Types = WorkerBrowserOptions['playwright'];
  const fake = (name: string, own: string) => ({
    launch: async (o?: unknown) => { calls.push([`${name}.launch`, o]); return {} as Browser; },
    connect: async (ws: unknown, o?: unknown) => { calls.push([`${name}.connect ${String(ws)}`, o]); return {} as Browser; },
    executablePath: () => own,
  }) as unknown as Types['chromium'];
  const playwright: Types = { chromium: fake('chromium', '/nonexistent/playwright-chromium'), firefox: fake('firefox', '/x'), webkit: fake('webkit', '/x') };
  // Playwright's own download present (here: any existing file stands in): launched with Playwright's defaults only.
  await openWorkerBrowser({ playwright: { ...playwright, chromium: fake('chromium', '/bin/sh') }, browserName: 'chromium', launchOptions: {}, env: {} });
  pwExpect(calls.pop()).toEqual(['chromium.launch', undefined]);
  // Absent: the system Chromium, with the container flags, on top of the project's launch options.
  await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: { args: ['--mute-audio'] }, env: { CHROMIUM_PATH: '/bin/sh' } });
  pwExpect(calls.pop()).toEqual(['chromium.launch', pwExpect.objectContaining({ executablePath: '/bin/sh', args: pwExpect.arrayContaining(['--no-sandbox', '--mute-audio']) })]);
  await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: {}, connectOptions: { wsEndpoint: 'ws://127.0.0.1:1/x', headers: { a: 'b' } }, env: {} });
  pwExpect(calls.pop()).toEqual(['chromium.connect ws://127.0.0.1:1/x', { headers: { 'x-playwright-launch-options': '{}', a: 'b' } }]);
  // The project's `channel` is Playwright's to launch (not the system Chromium); `headless` overrides
  // launchOptions' and reaches the remote server too, as Playwright sends them.
  await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: {}, channel: 'chrome', env: {} });
  pwExpect(calls.pop()).toEqual(['chromium.launch', undefined]);
  await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: { headless: true }, headless: false, env: { CHROMIUM_PATH: '/bin/sh' } });
  pwExpect(calls.pop()).toEqual(['chromium.launch', pwExpect.objectContaining({ executablePath: '/bin/sh', headless: false })]);
  await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: {}, headless: true, channel: 'chrome', connectOptions: { wsEndpoint: 'ws://127.0.0.1:1/x' }, env: {} });
  pwExpect(calls.pop()).toEqual(['chromium.connect ws://127.0.0.1:1/x', { headers: { 'x-playwright-launch-options': '{"headless":true,"channel":"chrome"}' } }]);
  await openWorkerBrowser({ playwright, browserName: 'firefox', launchOptions: {}, env: {} });
  pwExpect(calls.pop()).toEqual(['firefox.launch', undefined]);

  const missing = await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: { executablePath: '/nonexistent/chromium' }, env: {} }).then(() => null, (e: unknown) => e as Error & { code: string });
  pwExpect(isTreewrightError(missing)).toBe(true);
  pwExpect(missing!.code).toBe('device_unreachable');
  pwExpect(missing!.message).toContain('/nonexistent/chromium (executablePath)');
  const nothing = await openWorkerBrowser({ playwright, browserName: 'chromium', launchOptions: {}, env: { CHROMIUM_PATH: '/also/missing' } }).then(() => null, (e: unknown) => e as Error);
  pwExpect(nothing!.message).toContain('/also/missing (CHROMIUM_PATH)');
  pwExpect(calls).toEqual([]);

  const firefox = typedError(() => requireChromium('firefox'));
  pwExpect(firefox.details).toMatchObject({ browserName: 'firefox' });
  pwExpect(firefox.message).toContain('needs Chromium');
  requireChromium('chromium');
});
