import { AdbClient } from './adb-client.js';
import type { Key } from './driver.js';

/** Android keycodes for the keys a driver can press (KEYCODE_BACK, ENTER, DEL, MOVE_END). */
export const KEYCODES: Record<Key, number> = { back: 4, enter: 66, del: 67, end: 123 };

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
