import type { Snapshot } from '../model/schema.js';
import { generationOf } from '../model/node.js';
import { importUiautomator, DENSITY_WARNING } from '../formats/uiautomator.js';
import { DeviceError } from '../errors.js';
import { AdbClient, type AdbOptions } from './adb-client.js';
import { NO_CAPABILITIES, type Capabilities, type Driver, type Key } from './driver.js';

const DUMP_PATH = '/sdcard/treewright-window.xml';
const KEYCODES: Record<Key, number> = { back: 4, enter: 66, del: 67, end: 123 };

/**
 * Any Android app, no instrumentation: `uiautomator dump` for the tree, `input` for taps, text,
 * swipes and keys, `screencap` for pixels. Coordinates are screen px, as uiautomator reports them.
 */
export class AdbDriver implements Driver {
  readonly kind = 'adb';
  description: string;
  private readonly adb: AdbClient;

  constructor(options: AdbOptions = {}) {
    this.adb = new AdbClient(options);
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
    const snapshot = importUiautomator(xml, { where: this.description });
    // A dump carries no density; the device told us at connect time, so sizes can be judged in dp.
    if (this.density) {
      for (const root of snapshot.roots) root.density = this.density;
      snapshot.warnings = snapshot.warnings.filter((w) => !w.startsWith(DENSITY_WARNING));
      // The density is content: the same dump at another density must not share a generation.
      snapshot.generation = generationOf(`${snapshot.generation}:${this.density}`);
    }
    return snapshot;
  }

  capabilities(): Capabilities {
    return { ...NO_CAPABILITIES, taps: true, typing: true, screenshot: true, live: true };
  }

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    const [ix, iy] = [String(Math.round(x)), String(Math.round(y))];
    // A long press is a swipe that does not move.
    await this.adb.run(options.long ? ['shell', 'input', 'swipe', ix, iy, ix, iy, '700'] : ['shell', 'input', 'tap', ix, iy], { stage: 'input tap' });
  }

  async typeText(text: string): Promise<void> {
    // `input text` splits on spaces and the device shell interprets metacharacters: encode both.
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) await this.pressKey('enter');
      if (lines[i]) await this.adb.run(['shell', 'input', 'text', escapeInputText(lines[i]!)], { stage: 'input text' });
    }
  }

  async pressKey(key: Key): Promise<void> {
    await this.adb.run(['shell', 'input', 'keyevent', String(KEYCODES[key])], { stage: 'input keyevent' });
  }

  async swipe(from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 300): Promise<void> {
    await this.adb.run(['shell', 'input', 'swipe', ...[from.x, from.y, to.x, to.y].map((v) => String(Math.round(v))), String(durationMs)], { stage: 'input swipe' });
  }

  async back(): Promise<void> {
    await this.pressKey('back');
  }

  async screenshot(): Promise<Buffer> {
    return this.adb.runBinary(['exec-out', 'screencap', '-p'], 'screencap');
  }

  async close(): Promise<void> {}
}

/** Escapes text for `adb shell input text`: %s for spaces, backslash before shell metacharacters. */
export function escapeInputText(text: string): string {
  return text.replace(/[\\'"`$&|;<>()*?~#!{}[\]^]/g, (c) => `\\${c}`).replace(/ /g, '%s');
}
