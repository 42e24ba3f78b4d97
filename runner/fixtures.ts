import path from 'node:path';
import { test as base, type Browser, type BrowserContextOptions, type TestInfo } from '@playwright/test';
import { parseSource } from '../src/devices/source.js';
import { connect, type ConnectOptions } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';
import type { SourceSpec } from '../src/devices/source.js';
import { actionFailureInput, attachFailure, attachReceipts, flushHeldAttempts } from '../matchers/report-attach.js';
import { pointAtCaller, userFrames } from '../matchers/caller.js';
import { openWorkerBrowser, requireChromium } from './web-browser.js';
import { sourceLocation } from './source-location.js';

export interface TreewrightOptions {
  /**
   * Where the `device` fixture connects: `file:path`, `live:host:port`, `adb:serial`, `reference`, or
   * a descriptor object. Set with `test.use({ source })` or `use: { source }`; the environment
   * variable TREEWRIGHT_SOURCE overrides both.
   */
  source: SourceSpec | undefined;
  /**
   * W3C capabilities for an `appium:<url>` source (`platformName`, `appium:automationName`, …), so the
   * URL can come from TREEWRIGHT_SOURCE and the device from the project. A descriptor's own win.
   */
  capabilities: Record<string, unknown> | undefined;
}

export interface TreewrightFixtures {
  /** The connected device, closed after the test. */
  device: Device;
}

/** TREEWRIGHT_SOURCE overrides the configured option, so one suite runs against any device; the default is the reference app. */
export function chooseSource(option: SourceSpec | undefined, env: NodeJS.ProcessEnv = process.env): SourceSpec {
  // With nothing configured, tests get the bundled reference app (a fresh one each).
  return env.TREEWRIGHT_SOURCE?.trim() || option || 'reference';
}

/** What the fixture leaves for Playwright to report the lease error in: the rest of the test's time. */
const LEASE_MARGIN_MS = 5_000;

/**
 * How the fixture connects for a test. Relative `file:` paths resolve from the config file's folder
 * (where the examples' paths start), not from wherever playwright was launched. The wait for a shared
 * device's lease ends before the test's timeout, so a queued worker fails with the lease error naming
 * the holder instead of Playwright's generic fixture timeout.
 */
export function fixtureConnectOptions(info: Pick<TestInfo, 'timeout'> & { config: { configFile?: string | undefined } }): ConnectOptions {
  const cwd = info.config.configFile ? path.dirname(info.config.configFile) : process.cwd();
  if (!(info.timeout > 0)) return { cwd }; // no test timeout: connect's own default
  const margin = Math.min(LEASE_MARGIN_MS, Math.ceil(info.timeout / 10));
  return { cwd, leaseTimeout: Math.max(1, info.timeout - margin) };
}

/**
 * Runs `body`, then `close` either way. When both fail, the body's error is the one reported (it is the
 * first thing that went wrong) and carries the close failure as its `cause`, so neither is lost.
 */
export async function closingAfter(body: () => Promise<void>, close: () => Promise<void>): Promise<void> {
  let failed = false;
  let error: unknown;
  try {
    await body();
  } catch (e) {
    failed = true;
    error = e;
  }
  try {
    await close();
  } catch (closeError) {
    if (!failed) throw closeError;
    if (error instanceof Error && error.cause === undefined) error.cause = closeError;
  }
  if (failed) throw error;
}

/**
 * The worker's one browser, opened on first use (openWorkerBrowser) and closed with the worker. It is
 * Playwright's `browser` fixture (so `page` and `context` live in it) and the browser of every web
 * source, whichever a test asks for first: a test using `page` and a web `device` runs one Chromium.
 */
export interface WebWorkerFixtures {
  _treewrightBrowser: () => Promise<Browser>;
}

/**
 * A web device's context options: Playwright's own combination of the test's `use` options (its
 * `_combinedContextOptions` fixture, what its `context` and `page` are made with, client certificates
 * resolved), so a web device's page is set up exactly as `page` is. Declared here to be read; the
 * fixture below passes Playwright's value through unchanged.
 */
export interface WebContextFixtures {
  _combinedContextOptions: BrowserContextOptions;
}

export const test = base.extend<TreewrightFixtures & TreewrightOptions & WebContextFixtures & { _treewrightHeldAttempts: void }, WebWorkerFixtures>({
  source: [undefined, { option: true }],
  // A toPass whose last attempt failed: that attempt's failure reports are attached at the end of the test.
  _treewrightHeldAttempts: [async ({}, use, testInfo) => {
    await use();
    await flushHeldAttempts(testInfo);
  }, { auto: true }],
  _treewrightBrowser: [async ({ playwright, browserName, launchOptions, headless, channel, connectOptions }, use) => {
    let browser: Promise<Browser> | null = null;
    await use(() => (browser ??= openWorkerBrowser({ playwright, browserName, launchOptions, headless, channel, connectOptions })));
    if (browser) await (await (browser as Promise<Browser>).catch(() => null))?.close();
  }, { scope: 'worker', timeout: 0 }],
  browser: [async ({ _treewrightBrowser }, use) => use(await _treewrightBrowser()), { scope: 'worker', timeout: 0 }],
  _combinedContextOptions: async ({ _combinedContextOptions }, use) => use(_combinedContextOptions),
  capabilities: [undefined, { option: true }],
  device: async ({ source, capabilities, actionTimeout, browserName, _treewrightBrowser, _combinedContextOptions, testIdAttribute }, use, testInfo) => {
    const spec = chooseSource(source);
    const options = { ...fixtureConnectOptions(testInfo), ...(capabilities ? { capabilities } : {}) };
    // A source that cannot be used fails at the line that configured it (test.use, or the project's use).
    const pointAtSource = (e: unknown): never => {
      const at = process.env.TREEWRIGHT_SOURCE?.trim() ? null : sourceLocation(spec, [testInfo.file, testInfo.config.configFile]);
      if (at) pointAtCaller(e, [`    at ${at.file}:${at.line}:${at.column}`]);
      throw e;
    };
    const kind = (() => { try { return parseSource(spec).kind; } catch (e) { return pointAtSource(e); } })();
    if (kind === 'web') {
      // A fresh context and page per test in the worker's browser (Playwright's `browser`), with the test's `use` options.
      requireChromium(browserName);
      Object.assign(options, { browser: await _treewrightBrowser(), contextOptions: _combinedContextOptions, ...(testIdAttribute ? { testIdAttribute } : {}) });
    }
    const device = await connect(spec, options).catch(pointAtSource);
    // Actions show up in the report as steps named by their code form: byTag('email').fill('…').
    // Each step sits at the spec's line that called the action, and a failed action's error points there
    // too (its frames are the user's), with the outline and wireframe attached like a matcher failure.
    device.step = async (title, body, about) => {
      const caller = userFrames();
      try {
        const pointed = () => body().catch((e: unknown) => { pointAtCaller(e, caller.lines); throw e; });
        return await base.step(title, pointed, caller.location ? { location: caller.location } : {});
      } catch (e) {
        if (about) await attachFailure(() => actionFailureInput(device.lastSnapshot(), about.selector, about.action, e, caller.location ?? null), testInfo);
        throw e;
      }
    };
    if (actionTimeout) device.actionTimeout = actionTimeout;
    await closingAfter(async () => {
      try {
        await use(device);
      } finally {
        // The receipts go to the treewright reporter, which pairs them with the steps above.
        await attachReceipts(testInfo, device.description, device.receipts);
      }
    }, () => device.close());
  },
});
