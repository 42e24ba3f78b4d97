import { FormatError } from '../errors.js';
import { DEFAULT_MAX_BYTES, type ImportOptions } from './types.js';

/**
 * The checks every text importer makes before parsing: a string, not over `maxBytes`, not empty,
 * not binary. `what` names the expected format in messages ("a uiautomator XML dump").
 */
export function checkTextInput(text: unknown, opts: ImportOptions, what: string, hint: string): asserts text is string {
  checkTextShape(text, opts, what, hint);
  checkTextChars(text, opts, what, hint);
}

/** The cheap half of checkTextInput: a string, not over `maxBytes`, not empty. */
export function checkTextShape(text: unknown, opts: ImportOptions, what: string, hint: string): asserts text is string {
  const where = opts.where;
  if (typeof text !== 'string') {
    throw new FormatError('format_error', `expected ${what} as text, got ${text === null ? 'null' : typeof text}`, { where, hint });
  }
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (text.length > max) {
    throw new FormatError('too_large', `input is ${text.length} bytes, over the ${max}-byte limit`, {
      where,
      hint: 'Capture a smaller tree, or raise maxBytes if this size is expected.',
    });
  }
  if (text.trim() === '') throw new FormatError('format_error', `empty input: expected ${what}`, { where, hint });
}

/** The scanning half of checkTextInput: no control character and no lone surrogate anywhere. */
export function checkTextChars(text: string, opts: ImportOptions, what: string, hint: string): void {
  const bin = binaryOffset(text);
  if (bin !== -1) {
    const { line, column } = lineColumnAt(text, bin);
    throw new FormatError('format_error', `binary input (control character U+${text.charCodeAt(bin).toString(16).padStart(4, '0').toUpperCase()} at offset ${bin}): expected ${what}`, {
      where: opts.where, line, column, offset: bin, hint,
    });
  }
  checkWellFormed(text, opts, what, hint);
}

/** A lone surrogate is no character in any encoding: text built from broken UTF-16. */
export function checkWellFormed(text: string, opts: ImportOptions, what: string, hint: string): void {
  if ((text as string & { isWellFormed(): boolean }).isWellFormed()) return;
  const at = LONE_SURROGATE.exec(text)?.index ?? 0;
  const { line, column } = lineColumnAt(text, at);
  throw new FormatError('format_error', `invalid text (a lone UTF-16 surrogate U+${text.charCodeAt(at).toString(16).toUpperCase()} at offset ${at}): expected ${what}`, {
    where: opts.where, line, column, offset: at, hint,
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

/**
 * Offset of the first character no text format allows (NUL and C0 controls other than tab / LF / CR),
 * anywhere in the text: a control character after the first kilobytes is as wrong as one at the
 * start (one regex scan).
 */
export function binaryOffset(text: string): number {
  const m = CONTROL.exec(text);
  return m === null ? -1 : m.index;
}

/** 1-based line and column of a UTF-16 offset (counted only when an error needs it). */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}
