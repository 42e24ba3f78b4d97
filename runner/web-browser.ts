import { existsSync } from 'node:fs';
import type { Browser, BrowserType, LaunchOptions, PlaywrightWorkerOptions } from '@playwright/test';
import { launchChromium } from '../src/devices/chromium.js';
import { DeviceError } from '../src/errors.js';

/** What the worker's browser is opened from: the `playwright` fixture's browser types and the project's options. */
export interface WorkerBrowserOptions {
  playwright: Record<'chromium' | 'firefox' | 'webkit', Pick<BrowserType, 'launch' | 'connect' | 'executablePath'>>;
  browserName: 'chromium' | 'firefox' | 'webkit';
  launchOptions: LaunchOptions;
  /** The project's `headless` and `channel` options (they override launchOptions', as in Playwright). */
  headless?: boolean;
  channel?: string;
  connectOptions?: PlaywrightWorkerOptions['connectOptions'];
  env?: NodeJS.ProcessEnv;
}

/**
 * The worker's one browser (docs/design.md §6: the `device` fixture), as Playwright's own `browser` fixture opens it: connected when
 * `connectOptions` say so, else launched by the `playwright` fixture's browser type, whose defaults are
 * the project's `launchOptions`, `headless` and `channel` (set by Playwright for the worker). The one
 * difference: when the project names no Chromium and Playwright's own download is absent (or
 * CHROMIUM_PATH is set), Chromium comes from CHROMIUM_PATH or the usual system places with the
 * container flags, as a web device that launches its own does; none found is the typed error naming
 * where it looked (chromium.ts).
 */
export async function openWorkerBrowser(o: WorkerBrowserOptions): Promise<Browser> {
  const type = o.playwright[o.browserName];
  const options: LaunchOptions = { ...o.launchOptions, ...(o.headless !== undefined ? { headless: o.headless } : {}), ...(o.channel !== undefined ? { channel: o.channel } : {}) };
  if (o.connectOptions) {
    const { wsEndpoint, headers, ...rest } = o.connectOptions;
    // Playwright sends the launch options to the remote server in this header (HTTP headers are ASCII).
    const launch = JSON.stringify(options).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return type.connect(wsEndpoint, { ...rest, headers: { 'x-playwright-launch-options': launch, ...headers } });
  }
  // A channel (Chrome, Edge) is Playwright's to find: launched with the worker's defaults, which include it.
  if (o.browserName !== 'chromium' || options.channel) return type.launch();
  const env = o.env ?? process.env;
  const named = options.executablePath;
  if (!named && !env.CHROMIUM_PATH?.trim() && existsSync(type.executablePath())) return type.launch();
  return launchChromium(options, type, env);
}

/** A web source reads Chromium's accessibility tree over CDP: a project on another browser cannot serve it. */
export function requireChromium(browserName: string): void {
  if (browserName === 'chromium') return;
  throw new DeviceError('device_unreachable', `a web source needs Chromium (it reads Chromium's accessibility tree over CDP); this project's browserName is ${browserName}`, {
    where: 'web', browserName, hint: "Run web sources in a project with browserName: 'chromium'.",
  });
}
