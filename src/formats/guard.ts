import { FormatError } from '../errors.js';
import { checkTextInput, lineColumnAt } from './limits.js';
import type { ImportOptions } from './types.js';

/**
 * The checks every JSON importer runs before parsing — the shared ones (a string, not over
 * `maxBytes`, not empty, no NUL / control bytes) plus U+FFFD, which is what a UTF-8 decoder
 * leaves for bytes that are not UTF-8: a binary file read as text. Looks at the first 4 KiB
 * like the shared check, since binary content shows within bytes. Returns the text without a
 * leading byte-order mark.
 */
export function guardText(text: string, opts: ImportOptions = {}, what = 'a JSON or XML semantics tree'): string {
  const hint = 'Point at the capture itself (JSON or XML text), not a screenshot, archive or other binary file; re-capture if it is cut off.';
  checkTextInput(text, opts, what, hint);
  const bad = text.slice(0, 4096).indexOf('\uFFFD');
  if (bad !== -1) {
    const { line, column } = lineColumnAt(text, bad);
    throw new FormatError('format_error', `binary input (invalid UTF-8 at offset ${bad}): expected ${what}`, { where: opts.where, line, column, hint });
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
