import { AdbClient } from './adb-client.js';
import type { Key } from './driver.js';

/** Android keycodes for the keys a driver can press (KEYCODE_BACK, ENTER, DEL, MOVE_END). */
export const KEYCODES: Record<Key, number> = { back: 4, enter: 66, del: 67, end: 123 };

/**
 * Playwright's key names → Android keycodes (android.view.KeyEvent): what `input keyevent` can send for
 * press(key). Letters and digits map to KEYCODE_A… and KEYCODE_0…; combinations ('Control+A') have no
 * single keycode and are refused.
 */
export const PLAYWRIGHT_KEYCODES: Readonly<Record<string, number>> = {
  Enter: 66, Backspace: 67, Tab: 61, Escape: 111, Delete: 112, Insert: 124, Space: 62, ' ': 62,
  ArrowUp: 19, ArrowDown: 20, ArrowLeft: 21, ArrowRight: 22, Home: 122, End: 123, PageUp: 92, PageDown: 93,
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i + 1}`, 131 + i])),
  ...Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String.fromCharCode(97 + i), 29 + i])),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), 7 + i])),
};

/** How long a long press holds, ms (a swipe that does not move). */
const LONG_PRESS_MS = 700;

/**
 * `adb shell input`: taps, long presses, text, keys and swipes, in screen px. One copy for every
 * driver that reaches a phone through adb (the adb driver, and the live driver's typing).
 */
export class AdbInput {
  constructor(private readonly adb: AdbClient) {}

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    const [ix, iy] = [px(x), px(y)];
    // A long press is a swipe that does not move.
    await this.adb.run(options.long ? ['shell', 'input', 'swipe', ix, iy, ix, iy, String(LONG_PRESS_MS)] : ['shell', 'input', 'tap', ix, iy], { stage: 'input tap' });
  }

  async typeText(text: string): Promise<void> {
    // `input text` splits on spaces, the device shell interprets metacharacters (both escaped), and
    // it cannot carry a newline: each line break is an Enter key.
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) await this.pressKey('enter');
      if (lines[i]) await this.adb.run(['shell', 'input', 'text', escapeInputText(lines[i]!)], { stage: 'input text' });
    }
  }

  async pressKey(key: Key): Promise<void> {
    await this.adb.run(['shell', 'input', 'keyevent', String(KEYCODES[key])], { stage: 'input keyevent' });
  }

  /** press(key) by Playwright's key name (PLAYWRIGHT_KEYCODES); the action layer refuses the others first. */
  async pressKeyName(key: string): Promise<void> {
    const code = PLAYWRIGHT_KEYCODES[key];
    if (code === undefined) throw new Error(`no Android keycode for ${JSON.stringify(key)}`);
    await this.adb.run(['shell', 'input', 'keyevent', String(code)], { stage: 'input keyevent' });
  }

  /** Android's drag and drop (`input draganddrop`): a long press at `from`, then a move to `to`. */
  async drag(from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 1000): Promise<void> {
    await this.adb.run(['shell', 'input', 'draganddrop', ...[from.x, from.y, to.x, to.y].map(px), String(durationMs)], { stage: 'input draganddrop' });
  }

  async swipe(from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 300): Promise<void> {
    await this.adb.run(['shell', 'input', 'swipe', ...[from.x, from.y, to.x, to.y].map(px), String(durationMs)], { stage: 'input swipe' });
  }
}

function px(v: number): string {
  return String(Math.round(v));
}

/** Escapes text for `adb shell input text`: %s for spaces, backslash before shell metacharacters. */
export function escapeInputText(text: string): string {
  return text.replace(/[\\'"`$&|;<>()*?~#!{}[\]^]/g, (c) => `\\${c}`).replace(/ /g, '%s');
}
