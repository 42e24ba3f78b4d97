import type { Browser, BrowserContextOptions, LaunchOptions, Page } from '@playwright/test';
import { Device } from './device.js';
import { launchChromium } from './chromium.js';
import { withCause } from './messages.js';
import { WebDriver, goto, type WebDriverOptions } from './web.js';
import type { SourceDescriptor } from './source.js';

/**
 * A web source's driver: a fresh page in its own browser context, in the browser given (the test
 * runner's) or in a Chromium launched for this device; loaded from the source's URL. Whatever was
 * opened here is closed with the device.
 */
export async function openWebDriver(
  d: Extract<SourceDescriptor, { kind: 'web' }>,
  options: { browser?: Browser; contextOptions?: BrowserContextOptions; launchOptions?: LaunchOptions; timeout?: number; testIdAttribute?: string },
): Promise<WebDriver> {
  const browser = options.browser ?? (await launchChromium(options.launchOptions));
  const ownsBrowser = !options.browser;
  const cleanup = async () => {
    await context?.close().catch(() => undefined);
    if (ownsBrowser) await browser.close();
  };
  let context: Awaited<ReturnType<Browser['newContext']>> | undefined;
  try {
    context = await browser.newContext(options.contextOptions);
    const page = await context.newPage();
    await goto(page, d.url, options.timeout ?? 30_000);
    const testIdAttribute = d.testIdAttribute ?? options.testIdAttribute;
    return new WebDriver(page, { ...(testIdAttribute ? { testIdAttribute } : {}), owned: cleanup });
  } catch (e) {
    await cleanup().catch((closeError) => withCause(e, closeError));
    throw e;
  }
}

/**
 * treewright over a Playwright Page the test already has (no second browser): `await webDevice(page)`.
 * The page stays the caller's; closing the device detaches from it and leaves it open.
 */
export async function webDevice(page: Page, options: Pick<WebDriverOptions, 'testIdAttribute'> = {}): Promise<Device> {
  const device = new Device(new WebDriver(page, options));
  await device.snapshot();
  return device;
}
