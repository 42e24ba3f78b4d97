import { indexSnapshot } from '../src/query/snapshot-index.js';
import { normalizeWhitespace, type TextPattern } from '../src/query/text.js';
import type { Node } from '../src/model/schema.js';
import { testPattern } from '../src/common/pattern.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Resolved, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';
import { TargetError } from '../src/errors.js';
import { showValue } from '../src/query/arguments.js';
import { idOf, platformAttribute } from '../src/query/get-by.js';
import { selectValue } from '../src/query/select-values.js';
import { ariaRoleOf, isAriaRole } from '../src/roles/aria.js';

export interface TextOptions extends MatcherOptions {
  ignoreCase?: boolean;
}

/** What a text matcher reads from the node: the string, or why there is none (e.g. not a field). */
type Reader = (n: Node, r: Resolved) => string | { none: string };

const textContent: Reader = (n, r) => indexSnapshot(r.snapshot).textContent(n);

/**
 * A field's value only (what the user typed, never the hint that toHaveText would read with it); a
 * slider's value; a web `<select>`'s `select.value` (its chosen option's value), as Playwright's reads it.
 */
const fieldValue: Reader = (n) => {
  if (n.editable || n.actions.includes('SetText')) return n.editableText ?? '';
  return selectValue(n) ?? n.value ?? { none: `no value (${n.role ?? n.rawRole ?? 'node'} is not a field or a range)` };
};

/** The accessible name: the node's label, else its merged descendants' text (what byRole's name matches). */
const accessibleName: Reader = (n, r) => indexSnapshot(r.snapshot).name(n);

/**
 * The accessible description: on the web Chromium's (aria-describedby, title); elsewhere the state
 * description and the hint, read after the name by TalkBack / VoiceOver.
 */
const accessibleDescription: Reader = (n) => n.kind === 'web'
  ? (typeof n.platform.description === 'string' ? n.platform.description : '')
  : [n.stateDescription, n.hint].filter((x): x is string => !!x).join(', ');

function textMatcher(name: string, whole: boolean, read: Reader = textContent) {
  return function (this: MatcherThis, target: Target, expected: TextPattern, options?: TextOptions) {
    checkExpected(name, expected);
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

/** A missing or wrong expected value is a typed error where it is given, not a TypeError inside the retry loop. */
export function checkExpected(name: string, expected: unknown): asserts expected is TextPattern {
  if (typeof expected === 'string' || expected instanceof RegExp) return;
  throw new TargetError('invalid_arguments', `expect(locator).${name}(expected): expected must be a string or a RegExp, got ${showValue(expected)}`, {
    where: name, hint: `Give the text to compare with, e.g. expect(locator).${name}('Sign in') or a /regex/.`,
  });
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

/** Playwright's toHaveId: the web's id attribute; elsewhere the test handle (resource-id, accessibilityIdentifier, testTag). */
export function toHaveId(this: MatcherThis, target: Target, expected: TextPattern, options?: MatcherOptions) {
  checkExpected('toHaveId', expected);
  return valueMatcher(this, target, options, 'toHaveId', expected, (n) => idOf(n) ?? { none: 'no id' });
}

/**
 * Playwright's toHaveAttribute: with a value, the attribute equals it (a string whole, or a RegExp);
 * without, the node has it. Attributes are the node's platform fields (query/get-by.ts platformAttribute).
 */
export function toHaveAttribute(this: MatcherThis, target: Target, name: string, expected?: TextPattern | MatcherOptions, options?: MatcherOptions) {
  if (typeof name !== 'string' || name === '') {
    throw new TargetError('invalid_arguments', `expect(locator).toHaveAttribute(name): the name must be a non-empty string, got ${showValue(name)}`, { where: 'toHaveAttribute', hint: "Name the attribute, e.g. toHaveAttribute('resource-id', 'com.app:id/send')." });
  }
  if (expected === undefined || (typeof expected === 'object' && !(expected instanceof RegExp))) {
    const opts = expected as MatcherOptions | undefined;
    return runMatcher(this, target, opts, {
      name: 'toHaveAttribute', argument: 'name', expected: `attribute ${JSON.stringify(name)}`,
      check: (r) => {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        const v = platformAttribute(n, name);
        return { pass: v !== null, received: v === null ? `no attribute ${JSON.stringify(name)}` : `${name}=${JSON.stringify(v)}` };
      },
    });
  }
  return valueMatcher(this, target, options, 'toHaveAttribute', expected, (n) => platformAttribute(n, name) ?? { none: `no attribute ${JSON.stringify(name)}` }, 'name, expected');
}

/** Playwright's toHaveRole: the node's ARIA role (roles/aria.ts); a treewright role name compares with the normalised role. */
export function toHaveRole(this: MatcherThis, target: Target, role: string, options?: MatcherOptions) {
  if (typeof role !== 'string' || role === '') {
    throw new TargetError('invalid_arguments', `expect(locator).toHaveRole(role): the role must be a non-empty string, got ${showValue(role)}`, { where: 'toHaveRole', hint: "Give an ARIA role such as 'button' or 'checkbox'." });
  }
  const aria = isAriaRole(role);
  return runMatcher(this, target, options, {
    name: 'toHaveRole', argument: 'expected', expected: JSON.stringify(role),
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const got = aria ? ariaRoleOf(n) : n.role;
      return { pass: aria ? got === role : got !== null && got.toLowerCase() === role.toLowerCase(), received: got === null ? 'no role' : JSON.stringify(got) };
    },
  });
}

/** A string read from the node compared whole (or by RegExp), with the text matchers' layout. */
function valueMatcher(self: MatcherThis, target: Target, options: MatcherOptions | undefined, name: string, expected: TextPattern, read: (n: Node) => string | { none: string }, argument = 'expected') {
  const shown = expected instanceof RegExp ? expected.toString() : JSON.stringify(expected);
  return runMatcher(self, target, options, {
    name, argument, expected: shown,
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const got = read(n);
      if (typeof got !== 'string') return { pass: false, received: got.none };
      return { pass: expected instanceof RegExp ? testPattern(expected, got) : got === expected, received: JSON.stringify(got) };
    },
  });
}
