/**
 * The hand-over of a fast reader (cmp-scan.ts, golden-scan.ts) to its careful one: the fast reader calls
 * giveUp() at the first thing it does not read exactly as the careful reader would, and fastRead turns
 * that into null, so the careful reader reads the text again and composes every error itself.
 */
const GIVE_UP: unique symbol = Symbol('give up');

/** Abandons the fast read (never escapes fastRead). */
export function giveUp(): never {
  throw GIVE_UP;
}

/** `read()`'s result, or null when it gave up; any other throw is a bug and passes through. */
export function fastRead<T>(read: () => T): T | null {
  try {
    return read();
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
}
