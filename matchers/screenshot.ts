import { Device } from '../src/devices/device.js';
import { DeviceError, TargetError } from '../src/errors.js';
import { comparePng, type PixelOptions } from '../src/analysis/pixels.js';
import { isLocator } from '../src/query/locator.js';
import type { MatcherOptions, MatcherThis, Target } from './context.js';
import { matchGolden } from './golden-match.js';

export interface ScreenshotOptions extends MatcherOptions, Pick<PixelOptions, 'maxDiffPixels' | 'maxDiffPixelRatio' | 'threshold'> {}

/** A device whose driver renders pixels (live, adb, the reference app) can take one; a file of trees cannot. */
interface PixelDevice {
  screenshot(): Promise<Uint8Array>;
}

function pixelSource(target: Target): { device: Device; shoot: () => Promise<Buffer> } {
  if (isLocator(target)) {
    throw new TargetError('invalid_arguments', `toMatchScreenshot takes a device, not a locator (${target.toCode()})`, {
      hint: 'Compare the whole screen with expect(device).toMatchScreenshot(name); for one node\'s subtree use toMatchGoldenTree.',
    });
  }
  if (!(target instanceof Device)) {
    throw new TargetError('invalid_arguments', `toMatchScreenshot expected a treewright Device, received ${typeof target === 'object' ? Object.prototype.toString.call(target) : typeof target}`, { hint: 'Pass the device fixture.' });
  }
  // Checked before any baseline is read or written: the device's own screenshot() (a subclass may
  // provide one), else its driver's.
  const shot = (target as Partial<PixelDevice>).screenshot;
  const inherited = (Device.prototype as Partial<PixelDevice>).screenshot;
  const driverHas = typeof (target.driver as { screenshot?: unknown }).screenshot === 'function';
  if (typeof shot !== 'function' || (shot === inherited && !driverHas)) {
    throw new DeviceError('action_unavailable', `${target.description} has no pixels: it serves semantics trees, not screenshots`, {
      where: target.description,
      hint: 'Screenshots come from devices that render the app: live:host:port (GET /inspect/screenshot), adb:serial, appium:<url> and the reference app. For captured trees compare structure with toMatchGoldenTree.',
    });
  }
  return { device: target, shoot: async () => { const b = await shot.call(target); return Buffer.isBuffer(b) ? b : Buffer.from(b); } };
}

/**
 * `expect(device).toMatchScreenshot('home')`: the device's screenshot against `<snapshotPath>/home.png`
 * with pixelmatch (Playwright's toHaveScreenshot rules and --update-snapshots semantics).
 */
export async function toMatchScreenshot(this: MatcherThis, target: Target, name: string, options: ScreenshotOptions = {}) {
  const { device, shoot } = pixelSource(target);
  const pixels: PixelOptions = {};
  if (options.maxDiffPixels !== undefined) pixels.maxDiffPixels = options.maxDiffPixels;
  if (options.maxDiffPixelRatio !== undefined) pixels.maxDiffPixelRatio = options.maxDiffPixelRatio;
  if (options.threshold !== undefined) pixels.threshold = options.threshold;
  const source = `screenshot from ${device.description}`;
  return matchGolden<Buffer, { bytes: Buffer; where: string }>(this, {
    matcher: 'toMatchScreenshot',
    kind: 'device',
    label: device.description,
    name,
    ext: '.png',
    contentType: 'image/png',
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    capture: shoot,
    bytes: (a) => a,
    same: (a, b) => a.equals(b) || comparePng(a, b, { threshold: 0, expectedName: source, actualName: source }).diffPixels === 0,
    prepare: (bytes, where) => ({ bytes, where }),
    compare: (expected, actual) => {
      const r = comparePng(expected.bytes, actual, { ...pixels, expectedName: expected.where, actualName: source });
      return {
        pass: r.pass,
        received: r.pass ? `${r.diffPixels} differing pixels (within the limit)` : r.message,
        ...(r.pass ? {} : { diff: { body: r.diffPng, contentType: 'image/png', ext: '.png' } }),
      };
    },
  });
}
