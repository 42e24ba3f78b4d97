import { indexSnapshot } from '../src/query/snapshot-index.js';
import { normalizeWhitespace, type TextPattern } from '../src/query/text.js';
import { testPattern } from '../src/common/pattern.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';

export interface TextOptions extends MatcherOptions {
  ignoreCase?: boolean;
}

function textMatcher(name: 'toHaveText' | 'toContainText', whole: boolean) {
  return function (this: MatcherThis, target: Target, expected: TextPattern, options?: TextOptions) {
    const shown = expected instanceof RegExp ? expected.toString() : JSON.stringify(expected);
    return runMatcher(this, target, options, {
      name,
      argument: 'expected',
      expected: whole || expected instanceof RegExp ? shown : `containing ${shown}`,
      check: (r) => {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        const actual = normalizeWhitespace(indexSnapshot(r.snapshot).textContent(n));
        return { pass: compare(actual, expected, whole, options?.ignoreCase ?? false), received: JSON.stringify(actual) };
      },
    });
  };
}

/** Playwright's rule: strings are whitespace-normalised; toHaveText matches whole, toContainText a substring. */
function compare(actual: string, expected: TextPattern, whole: boolean, ignoreCase: boolean): boolean {
  if (expected instanceof RegExp) {
    const re = ignoreCase && !expected.flags.includes('i') ? new RegExp(expected.source, expected.flags + 'i') : expected;
    return testPattern(re, actual); // bounded time (src/query/pattern.ts)
  }
  let a = actual, e = normalizeWhitespace(expected);
  if (ignoreCase) { a = a.toLowerCase(); e = e.toLowerCase(); }
  return whole ? a === e : a.includes(e);
}

export const toHaveText = textMatcher('toHaveText', true);
export const toContainText = textMatcher('toContainText', false);
