import { FormatError } from '../errors.js';
import { decodeBytes, type DecodeOptions } from './decode.js';
import { parseUnscannedJson, type TextScan } from './json.js';
import { checkTextChars, checkTextInput, checkTextShape, checkWellFormed } from './limits.js';
import { DEFAULT_MAX_BYTES, type ImportOptions } from './types.js';

/** What importTree reads, as errors name it. */
export const TREE_WHAT = 'a JSON or XML semantics tree';

/**
 * The checks every importer runs before parsing (a string or bytes, not over `maxBytes`, not empty,
 * no NUL / control characters or lone surrogates anywhere). Bytes are decoded first as XML and
 * RFC 8259 define (decode.ts: BOM, XML declaration, invalid bytes refused with their offset).
 * U+FFFD is a legal character: it is refused only as what a decoder made of bad bytes, which
 * decodeBytes reports itself. Returns the text without a leading byte-order mark.
 */
export function guardText(input: string | Uint8Array, opts: ImportOptions = {}, what = TREE_WHAT): string {
  const text = typeof input === 'string' ? input : decodeInput(input, opts, what);
  checkTextInput(text, opts, what, GUARD_HINT);
  return withoutBom(text);
}

/**
 * guardText and parseJson of a JSON input in one: the checks that need no scan first, then the parse,
 * which answers for the character scan where it can (json.ts `parseUnscannedJson`), so a valid text is
 * not read once more for control characters. The errors, and which comes first, are guardText's then
 * parseJson's.
 */
export function parseJsonInput(input: string | Uint8Array, opts: ImportOptions = {}, what = TREE_WHAT): unknown {
  const text = typeof input === 'string' ? input : decodeInput(input, opts, what);
  checkTextShape(text, opts, what, GUARD_HINT);
  return parseUnscannedJson(withoutBom(text), opts.where, textScan(text, opts, what));
}

/** The character checks guardText makes on `text`, for parseUnscannedJson to run when it must. */
export function textScan(text: string, opts: ImportOptions, what = TREE_WHAT): TextScan {
  return {
    chars: () => checkTextChars(text, opts, what, GUARD_HINT),
    wellFormed: () => checkWellFormed(text, opts, what, GUARD_HINT),
  };
}

/** guardText's checks that need no scan of the text (a string, its size, not empty); the text without a byte-order mark. */
export function guardShape(input: string | Uint8Array, opts: ImportOptions = {}, what = TREE_WHAT): string {
  const text = typeof input === 'string' ? input : decodeInput(input, opts, what);
  checkTextShape(text, opts, what, GUARD_HINT);
  return text;
}

export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const GUARD_HINT = 'Point at the capture itself (JSON or XML text), not a screenshot, archive or other binary file; re-capture if it is cut off.';

/** Bytes → text (size checked first, so a huge file is refused before it is decoded). */
export function decodeInput(bytes: Uint8Array, opts: ImportOptions, what: string, kind: DecodeOptions['kind'] = 'tree'): string {
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > max) {
    throw new FormatError('too_large', `input is ${bytes.length} bytes, over the ${max}-byte limit`, {
      where: opts.where, hint: 'Capture a smaller tree, or raise maxBytes if this size is expected.',
    });
  }
  return decodeBytes(bytes, { ...(opts.where !== undefined ? { where: opts.where } : {}), what, kind }).text;
}
