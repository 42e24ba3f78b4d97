import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';
import { TargetError } from '../src/errors.js';
import { showValue } from '../src/query/arguments.js';
import { selectedValues } from '../src/query/select-values.js';
import { testPattern } from '../src/common/pattern.js';
import { outlineLine } from '../src/outline/outline.js';

type Expected = ReadonlyArray<string | RegExp>;

/** An array as Playwright's Expected / Received lines print it: `["R", /G/]`. */
function showList(items: ReadonlyArray<string | RegExp>): string {
  return `[${items.map((x) => (x instanceof RegExp ? String(x) : JSON.stringify(x))).join(', ')}]`;
}

/**
 * Playwright's toHaveValues: a web `<select multiple>`'s chosen options' values, in order, each equal
 * to its string or matching its RegExp, and as many as expected (query/select-values.ts). A web node
 * that is no multi-select fails with Playwright's error, negated or not; a node of another platform is
 * refused: no native capture holds a multi-choice control's values.
 */
export function toHaveValues(this: MatcherThis, target: Target, expected: Expected, options?: MatcherOptions) {
  if (!Array.isArray(expected) || !expected.every((x) => typeof x === 'string' || x instanceof RegExp)) {
    throw new TargetError('invalid_arguments', `expect(locator).toHaveValues(expected): expected must be an array of strings and RegExps, got ${showValue(expected)}`, {
      where: 'toHaveValues', hint: "Give the chosen options' values in order, e.g. toHaveValues(['red', /gr/]).",
    });
  }
  return runMatcher(this, target, options, {
    name: 'toHaveValues',
    argument: 'expected',
    expected: showList(expected),
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      if (n.kind !== 'web') {
        throw new TargetError('invalid_arguments', `toHaveValues() reads a web <select multiple>; ${outlineLine(n, { snapshot: r.snapshot, merged: r.merged })} is a native node, whose capture holds no option values`, {
          where: 'toHaveValues', node: outlineLine(n, { snapshot: r.snapshot, merged: r.merged }),
          hint: "Assert the chosen rows instead: expect(list.getByRole(role, { selected: true })).toHaveCount(n), or toBeSelected() / toBeChecked() on each.",
        });
      }
      const got = selectedValues(n);
      if ('error' in got) return { pass: false, received: got.error, error: got.error };
      const pass = got.values.length === expected.length && got.values.every((v, i) => {
        const e = expected[i]!;
        return e instanceof RegExp ? testPattern(e, v) : v === e;
      });
      return { pass, received: showList(got.values) };
    },
  });
}
