// Each transport's driver is imported when a source of its kind connects (docs/design.md §3,
// loading): the agent-protocol drivers bring the MCP SDK, adb brings a process runner, web brings
// Playwright, and a user reading files needs none of them.
import { importUiautomator } from '../formats/uiautomator.js';
import { Device } from './device.js';
import { FileDriver } from './file.js';
import { acquireLease } from './lease.js';
import { leaseKeyOf } from './lease-key.js';
import type { Driver } from './driver.js';
import { withCause } from './messages.js';
import { SourceError } from '../errors.js';
import { parseSource, type SourceDescriptor, type SourceSpec } from './source.js';
import type { Browser, BrowserContextOptions, LaunchOptions } from '@playwright/test';

export interface ConnectOptions {
  /** Relative file paths resolve from here (default: the working directory). */
  cwd?: string;
  /** The adb executable for adb sources (default $ADB or `adb` on PATH). */
  adbPath?: string;
  /** Absolute real path of a directory file sources must stay in, re-checked at every read (the MCP shim's --root). */
  confineTo?: string;
  /** Per-request timeout for live devices, ms. */
  timeout?: number;
  /** How long a live device may stay cold or unreachable while connecting, ms. */
  connectTimeout?: number;
  /** How long to queue for a device another worker holds, ms. */
  leaseTimeout?: number;
  /**
   * px per dp of the device, for captures that do not say (uiautomator dumps, from a file or adb);
   * a descriptor's own `density` wins. Without it a dump is read at density 1 with a warning.
   */
  density?: number;
  /** false: every locator and outline of this device reads the unmerged tree (Compose's useUnmergedTree). Default true. */
  merged?: boolean;
  /** Web sources: the browser to open the page in (the test runner's), else Chromium is launched for the device. */
  browser?: Browser;
  /** Web sources: options of the page's browser context (viewport, deviceScaleFactor, baseURL, …). */
  contextOptions?: BrowserContextOptions;
  /** Web sources: options for launching Chromium when no browser is given. */
  launchOptions?: LaunchOptions;
  /** Web sources: the test-id attribute when the source does not name one (Playwright's testIdAttribute). */
  testIdAttribute?: string;
  /** Capabilities for an appium source (`appium:<url>`); the descriptor's own capabilities win. */
  capabilities?: Record<string, unknown>;
}


/** Connects to a source (string shorthand or descriptor) and returns the Device. */
export async function connect(source: SourceSpec, options: ConnectOptions = {}): Promise<Device> {
  let descriptor = parseSource(source);
  // "The only attached phone" is a particular phone: lease it by its serial, as adb:<serial> would be.
  if (descriptor.kind === 'adb' && !descriptor.serial) {
    const { AdbClient } = await import('./adb-client.js');
    descriptor = { kind: 'adb', serial: await new AdbClient(options.adbPath ? { adbPath: options.adbPath } : {}).selectDevice() };
  }
  if (descriptor.kind === 'appium' && options.capabilities) {
    descriptor = { ...descriptor, capabilities: { ...options.capabilities, ...descriptor.capabilities } };
  }
  // A live app, a phone or an app at a URL serves one test at a time: workers queue for it instead of interleaving taps.
  const key = leaseKeyOf(descriptor);
  const lease = key !== null ? await acquireLease(key, { timeout: options.leaseTimeout ?? 120_000 }) : null;
  try {
    const driver = await makeDriver(descriptor, options);
    const device = new Device(driver, options.merged === false ? { merged: false } : {});
    if (lease) device.onClose(() => lease.release());
    // Fail at connect time, naming the stage, rather than at the first assertion.
    await device.snapshot().catch(async (e) => {
      // The capture's error is the one to report; a failing close is attached, not swapped in.
      await device.close().catch((closeError) => withCause(e, closeError));
      throw e;
    });
    return device;
  } catch (e) {
    await lease?.release().catch((releaseError) => withCause(e, releaseError));
    throw e;
  }
}

async function makeDriver(d: SourceDescriptor, options: ConnectOptions): Promise<Driver> {
  switch (d.kind) {
    case 'file':
      return new FileDriver(d.path, options.cwd, { density: d.density ?? checkedDensity(options), confineTo: options.confineTo });
    case 'uiautomator': {
      const density = d.density ?? checkedDensity(options);
      return d.xmlPath !== undefined ? new FileDriver(d.xmlPath, options.cwd, { density, confineTo: options.confineTo }) : new InlineXmlDriver(d.xml!, density);
    }
    case 'adb': {
      const { AdbDriver } = await import('./adb.js');
      const driver = new AdbDriver({ ...(d.serial ? { serial: d.serial } : {}), ...(options.adbPath ? { adbPath: options.adbPath } : {}) });
      await driver.open();
      const density = checkedDensity(options);
      if (density !== undefined) driver.density = density; // what the caller says wins over `wm density`
      return driver;
    }
    case 'live': {
      const { LiveDriver } = await import('./live.js');
      const driver = new LiveDriver({ host: d.host, port: d.port, ...pick(options, 'timeout', 'connectTimeout', 'adbPath') });
      await driver.open();
      return driver;
    }
    case 'reference':
      return referenceDriver(d, options);
    case 'web': {
      const { openWebDriver } = await import('./web-open.js');
      return openWebDriver(d, options);
    }
    case 'appium': {
      const { AppiumDriver } = await import('./appium.js');
      const driver = new AppiumDriver({ url: d.url, capabilities: d.capabilities, session: d.session, timeout: options.timeout, connectTimeout: options.connectTimeout });
      await driver.open();
      return driver;
    }
    case 'moui':
    case 'jetwhale': {
      const endpoint = d.url !== undefined ? { url: d.url } : { command: d.command! };
      const mcp = { ...endpoint, ...pick(options, 'timeout', 'connectTimeout', 'cwd') };
      const driver = d.kind === 'moui' ? new (await import('./moui.js')).MouiDriver(mcp) : new (await import('./jetwhale.js')).JetWhaleDriver(mcp);
      await driver.open();
      return driver;
    }
  }
}

/** A uiautomator XML given inline (the cmp-inspector's `{ kind: 'uiautomator', xml }`). */
export class InlineXmlDriver implements Driver {
  readonly kind = 'uiautomator';
  readonly description = 'uiautomator:inline';
  private readonly snapshot;
  constructor(xml: string, density?: number) {
    this.snapshot = importUiautomator(xml, { where: this.description, ...(density !== undefined ? { density } : {}) });
  }
  async capture() { return this.snapshot; }
  async close() {}
}


/** connect()'s density option, checked (a SourceError naming it when it is not a positive number). */
function checkedDensity(options: ConnectOptions): number | undefined {
  const d = options.density;
  if (d === undefined) return undefined;
  if (typeof d !== 'number' || !Number.isFinite(d) || d <= 0) {
    throw new SourceError('source_invalid', `connect(): density must be a positive number of px per dp, got ${String(d)}`, {
      hint: 'Pass the device density, e.g. { density: 2.625 } for 420 dpi (`adb shell wm density` / 160).',
    });
  }
  return d;
}

function pick<T extends object, K extends keyof T>(o: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/**
 * The bundled reference app: in-process, or a private server of its own reached over one of the
 * protocols it speaks, so each protocol's driver is exercised end to end. Either way each device
 * gets a fresh app, stopped when the device closes. The app sits above devices in the layer order
 * (docs/design.md §3) and is loaded only when asked for, so `treewright/core` does not load it.
 */
async function referenceDriver(d: Extract<SourceDescriptor, { kind: 'reference' }>, options: ConnectOptions): Promise<Driver> {
  if (d.protocol === 'inprocess') {
    const { ReferenceDriver } = await import('../reference-app/driver.js');
    return new ReferenceDriver({ signedIn: d.signedIn });
  }
  const { startReferenceApp } = await import('../reference-app/start.js');
  const server = await startReferenceApp({ protocol: d.protocol, port: 0, signedIn: d.signedIn, coldStartMs: 0 });
  try {
    const inner = await makeDriver(
      d.protocol === 'live' ? { kind: 'live', host: '127.0.0.1', port: server.port } : { kind: d.protocol, url: server.url },
      { ...options, adbPath: options.adbPath ?? '/nonexistent/adb' }, // a private local app: never forward a phone's port onto it
    );
    return withCleanup(inner, `reference:${d.protocol}`, () => server.close());
  } catch (e) {
    await server.close().catch((closeError) => withCause(e, closeError));
    throw e;
  }
}

/** The same driver, described as `description`, that also runs `cleanup` when closed. */
function withCleanup(inner: Driver, description: string, cleanup: () => Promise<void>): Driver {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'description') return description;
      if (prop === 'close') {
        return async () => {
          const closeError = await target.close().then(() => null, (e: unknown) => e ?? new Error('close failed'));
          await cleanup().catch((e) => { if (closeError) withCause(closeError, e); else throw e; });
          if (closeError) throw closeError;
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
