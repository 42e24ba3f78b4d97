import { isVisible } from '../src/query/resolve.js';
import { NOT_FOUND, runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';

export { NOT_FOUND };

export function toBeVisible(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeVisible',
    expected: 'visible',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const pass = isVisible(n, r.snapshot);
      return { pass, received: pass ? 'visible' : !n.visible ? 'hidden (not visible)' : isVisible(n) ? 'hidden (an ancestor is hidden)' : 'hidden (empty on-screen bounds: scrolled out or clipped)' };
    },
  });
}

export function toBeHidden(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeHidden',
    expected: 'hidden',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: true, received: NOT_FOUND };
      const pass = !isVisible(n, r.snapshot);
      return { pass, received: pass ? 'hidden' : 'visible' };
    },
  });
}
