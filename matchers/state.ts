import type { Node } from '../src/model/schema.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';

/** A matcher about one boolean state of one node. */
function stateMatcher(name: string, expected: string, opposite: string, test: (n: Node) => boolean) {
  return function (this: MatcherThis, target: Target, options?: MatcherOptions) {
    return runMatcher(this, target, options, {
      name,
      expected,
      check: (r) => {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        const pass = test(n);
        return { pass, received: pass ? expected : opposite };
      },
    });
  };
}

export const toBeEnabled = stateMatcher('toBeEnabled', 'enabled', 'disabled', (n) => n.enabled);
export const toBeDisabled = stateMatcher('toBeDisabled', 'disabled', 'enabled', (n) => !n.enabled);

export interface CheckedOptions extends MatcherOptions {
  /** Expect unchecked with `checked: false` (Playwright's form). */
  checked?: boolean;
}

export function toBeChecked(this: MatcherThis, target: Target, options?: CheckedOptions) {
  const want = options?.checked ?? true;
  const label = (t: string | null) => (t === 'on' ? 'checked' : t === 'indeterminate' ? 'indeterminate' : t === 'off' ? 'unchecked' : 'not checkable');
  return runMatcher(this, target, options, {
    name: 'toBeChecked',
    expected: want ? 'checked' : 'unchecked',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      return { pass: want ? n.toggle === 'on' : n.toggle === 'off', received: label(n.toggle) };
    },
  });
}
