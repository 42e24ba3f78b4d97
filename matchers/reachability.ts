import { analyzeReachability } from '../src/facts/reachability.js';
import { offersSomething } from '../src/facts/node-facts.js';
import { outlineLine } from '../src/outline/outline.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target, type Verdict } from './context.js';
import { NOT_FOUND } from './visibility.js';

export function toBeHittable(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeHittable',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    expected: 'hittable',
    check: (r): Verdict => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const reach = analyzeReachability(r.snapshot).get(n);
      if (reach.hittable === null) return { pass: false, received: 'not hittable (accepts no touch: a label)' };
      if (reach.hittable) return { pass: true, received: 'hittable' };
      return {
        pass: false,
        received: reach.obscuredBy ? 'not hittable (obscured)' : 'not hittable (no on-screen area to aim at)',
        details: [`Node:        ${outlineLine(n, { reach: analyzeReachability(r.snapshot) })}`, ...(reach.obscuredBy ? [`Obscured by: ${outlineLine(reach.obscuredBy, { reach: analyzeReachability(r.snapshot) })}`] : [])],
        report: { node: n, obscuredBy: reach.obscuredBy },
      };
    },
  });
}

export function toBeOperable(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeOperable',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    expected: 'operable',
    check: (r): Verdict => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const analysis = analyzeReachability(r.snapshot);
      const reach = analysis.get(n);
      if (reach.operable) return { pass: true, received: 'operable' };
      const why: string[] = [];
      if (reach.operable === null || !offersSomething(n)) why.push('offers no action');
      if (!n.enabled) why.push('disabled');
      if (reach.hittable === false) why.push(reach.obscuredBy ? 'obscured' : 'not on screen');
      return {
        pass: false,
        received: `not operable (${why.join(', ') || 'unknown'})`,
        details: [`Node:        ${outlineLine(n, { reach: analysis })}`, ...(reach.obscuredBy ? [`Obscured by: ${outlineLine(reach.obscuredBy, { reach: analysis })}`] : [])],
        report: { node: n, obscuredBy: reach.obscuredBy },
      };
    },
  });
}
