import { indexSnapshot } from '../src/query/snapshot-index.js';
import { normalizeWhitespace, type TextPattern } from '../src/query/text.js';
import type { Node } from '../src/model/schema.js';
import { testPattern } from '../src/common/pattern.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Resolved, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';

export interface TextOptions extends MatcherOptions {
  ignoreCase?: boolean;
}

/** What a text matcher reads from the node: the string, or why there is none (e.g. not a field). */
type Reader = (n: Node, r: Resolved) => string | { none: string };

const textContent: Reader = (n, r) => indexSnapshot(r.snapshot).textContent(n);

/** A field's value only (what the user typed, never the hint that toHaveText would read with it); a slider's value. */
const fieldValue: Reader = (n) => (n.editable || n.actions.includes('SetText') ? n.editableText ?? '' : n.value ?? { none: `no value (${n.role ?? n.rawRole ?? 'node'} is not a field or a range)` });

/** The accessible name: the node's label, else its merged descendants' text (what byRole's name matches). */
const accessibleName: Reader = (n, r) => indexSnapshot(r.snapshot).name(n);

/** The accessible description: the state description and the hint, read after the name by TalkBack / VoiceOver. */
const accessibleDescription: Reader = (n) => [n.stateDescription, n.hint].filter((x): x is string => !!x).join(', ');

function textMatcher(name: string, whole: boolean, read: Reader = textContent) {
  return function (this: MatcherThis, target: Target, expected: TextPattern, options?: TextOptions) {
    const shown = expected instanceof RegExp ? expected.toString() : JSON.stringify(expected);
    return runMatcher(this, target, options, {
      name,
      argument: 'expected',
      expected: whole || expected instanceof RegExp ? shown : `containing ${shown}`,
      check: (r) => {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        const got = read(n, r);
        if (typeof got !== 'string') return { pass: false, received: got.none };
        const actual = normalizeWhitespace(got);
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
export const toHaveValue = textMatcher('toHaveValue', true, fieldValue);
export const toHaveAccessibleName = textMatcher('toHaveAccessibleName', true, accessibleName);
export const toHaveAccessibleDescription = textMatcher('toHaveAccessibleDescription', true, accessibleDescription);
