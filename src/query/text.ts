/** String matching shared by locators and matchers (docs/design.md §6). */
import { testPattern } from '../common/pattern.js';

export type TextPattern = string | RegExp;

/** Collapses runs of whitespace (including non-breaking space and line breaks) and trims. */
export function normalizeWhitespace(s: string): string {
  return s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/**
 * normalizeWhitespace(s), returning s itself when it is already normal (most labels are): one pass of
 * char-code tests, no regex and no copy. Normal means no whitespace but single spaces between other
 * characters: no leading, trailing or doubled space, no other \s character (tab, line break, NBSP,
 * U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF) and no zero-width space U+200B.
 */
export function normalizedWhitespace(s: string): string {
  // Start of string counts as after a space, so a leading space is caught like a doubled one.
  let afterSpace = true;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x20) {
      if (afterSpace) return normalizeWhitespace(s);
      afterSpace = true;
      continue;
    }
    afterSpace = false;
    if (c < 0x20 ? c >= 0x09 && c <= 0x0d : c >= 0xa0 && isOtherSpace(c)) return normalizeWhitespace(s);
  }
  return afterSpace && s.length > 0 ? normalizeWhitespace(s) : s;
}

/** From U+00A0 on: what \s matches besides the ASCII ones, and U+200B, which normalizeWhitespace also collapses. */
function isOtherSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Strings match case-insensitively by substring after whitespace normalisation, unless
 * `exact` (then whole and case-sensitive). A RegExp is tested against the normalised text, in
 * linear time (pattern.ts).
 */
export function matchesText(actual: string | null | undefined, pattern: TextPattern, exact = false): boolean {
  if (actual == null) return false;
  const a = normalizeWhitespace(actual);
  if (pattern instanceof RegExp) {
    // Bounded time whatever the pattern (pattern.ts); g / y keep no state between calls.
    return testPattern(pattern, a);
  }
  const p = normalizeWhitespace(pattern);
  return exact ? a === p : a.toLowerCase().includes(p.toLowerCase());
}

/** Whole-string, case-sensitive matching for identifiers (tag, id). */
export function matchesIdentifier(actual: string | null | undefined, expected: string): boolean {
  return actual != null && actual === expected;
}
