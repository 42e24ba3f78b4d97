/** String matching shared by locators and matchers (docs/design.md §6). */
import { testPattern } from '../common/pattern.js';

export type TextPattern = string | RegExp;

/** Collapses runs of whitespace (including non-breaking space and line breaks) and trims. */
export function normalizeWhitespace(s: string): string {
  return NOT_NORMAL.test(s) ? s.replace(/[\s\u00a0\u200b]+/g, ' ').trim() : s;
}

/**
 * What normalizeWhitespace changes: whitespace other than a space, a zero-width space, two spaces in a
 * row, a space at either end. Most texts have none of it (single spaces between words) and are
 * returned as they are, not rebuilt.
 */
const NOT_NORMAL = /[^\S ]|\u200b| {2}|^ | $/;

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
