import type { Snapshot } from '../model/schema.js';
import { importUiautomator } from '../formats/uiautomator.js';
import { DeviceError } from '../errors.js';
import { AdbClient, type AdbOptions } from './adb-client.js';
import { AdbInput, PLAYWRIGHT_KEYCODES } from './adb-input.js';
import { type Driver, type Key } from './driver.js';

export { escapeInputText } from './adb-input.js';

const DUMP_PATH = '/sdcard/treewright-window.xml';

/**
 * Any Android app, no instrumentation: `uiautomator dump` for the tree, `input` for taps, text,
 * swipes and keys, `screencap` for pixels. Coordinates are screen px, as uiautomator reports them.
 */
export class AdbDriver implements Driver {
  readonly kind = 'adb';
  description: string;
  private readonly adb: AdbClient;
  private readonly input: AdbInput;

  constructor(options: AdbOptions = {}) {
    this.adb = new AdbClient(options);
    this.input = new AdbInput(this.adb);
    this.description = `adb:${options.serial ?? '(only device)'}`;
  }

  /** px per dp, from `wm density` (the override when one is set); null when the device does not say. */
  density: number | null = null;

  /** Resolves which device to use; fails naming the stage when none, several, or adb itself is missing. */
  async open(): Promise<void> {
    const serial = await this.adb.selectDevice();
    this.description = `adb:${serial}`;
    const out = await this.adb.run(['shell', 'wm', 'density'], { stage: 'wm density' }).catch(() => '');
    const dpi = Number((/Override density:\s*(\d+)/.exec(out) ?? /Physical density:\s*(\d+)/.exec(out))?.[1]);
    // Android's baseline is 160 dpi = 1 px per dp.
    if (dpi > 0) this.density = dpi / 160;
  }

  async capture(): Promise<Snapshot> {
    const out = await this.adb.run(['shell', 'uiautomator', 'dump', DUMP_PATH], { stage: 'uiautomator dump' });
    if (/ERROR|null root node/i.test(out)) {
      throw new DeviceError('device_error', `uiautomator dump failed: ${out.trim()}`, { where: this.description, stage: 'uiautomator dump', hint: 'The screen may be animating or secure; retry, or check `adb shell uiautomator dump` by hand.' });
    }
    const xml = await this.adb.run(['exec-out', 'cat', DUMP_PATH], { stage: 'read dump' });
    // A dump carries no density; the device told us at connect time, so sizes can be judged in dp.
    return importUiautomator(xml, { where: this.description, ...(this.density ? { density: this.density } : {}) });
  }

  readonly live = true;

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    await this.input.tap(x, y, options);
  }

  async typeText(text: string): Promise<void> {
    await this.input.typeText(text);
  }

  async pressKey(key: Key): Promise<void> {
    await this.input.pressKey(key);
  }

  async swipe(from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 300): Promise<void> {
    await this.input.swipe(from, to, durationMs);
  }

  /** press(key): Playwright's key names that have an Android keycode (PLAYWRIGHT_KEYCODES). */
  async pressKeyName(key: string): Promise<void> {
    await this.input.pressKeyName(key);
  }

  deliversKey(key: string): boolean {
    return Object.hasOwn(PLAYWRIGHT_KEYCODES, key);
  }

  async drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.input.drag(from, to);
  }

  async back(): Promise<void> {
    await this.pressKey('back');
  }

  async screenshot(): Promise<Buffer> {
    return this.adb.runBinary(['exec-out', 'screencap', '-p'], 'screencap');
  }

  async close(): Promise<void> {}
}
