import { runMatcher, type MatcherOptions, type MatcherThis, type Target } from './context.js';

export function toHaveCount(this: MatcherThis, target: Target, count: number, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toHaveCount',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    argument: 'expected',
    expected: String(count),
    check: (r) => ({ pass: r.nodes.length === count, received: String(r.nodes.length) }),
  });
}
