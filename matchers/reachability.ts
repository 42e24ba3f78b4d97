import type { Node, Snapshot } from '../src/model/schema.js';
import { analyzeReachability, type Reachability } from '../src/facts/reachability.js';
import { offersSomething } from '../src/facts/node-facts.js';
import { outlineLine } from '../src/outline/outline.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target, type Verdict } from './context.js';
import { NOT_FOUND } from './visibility.js';

/**
 * A failed reachability verdict: the node's outline line, and what obscures it, in the message and the
 * report, in the view the locator read (a control by the role it took in the merged view).
 */
function failed(n: Node, analysis: Reachability, received: string, view: { snapshot: Snapshot; merged: boolean }): Verdict {
  const { obscuredBy } = analysis.get(n);
  const opts = { reach: analysis, snapshot: view.snapshot, merged: view.merged };
  return {
    pass: false,
    received,
    details: [`Node:        ${outlineLine(n, opts)}`, ...(obscuredBy ? [`Obscured by: ${outlineLine(obscuredBy, opts)}`] : [])],
    report: { node: n, obscuredBy },
  };
}

export function toBeHittable(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeHittable',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    expected: 'hittable',
    check: (r): Verdict => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const analysis = analyzeReachability(r.snapshot);
      const reach = analysis.get(n);
      if (reach.hittable === null) return { pass: false, received: 'not hittable (accepts no touch: a label)' };
      if (reach.hittable) return { pass: true, received: 'hittable' };
      return failed(n, analysis, reach.obscuredBy ? 'not hittable (obscured)' : 'not hittable (no on-screen area to aim at)', r);
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
      return failed(n, analysis, `not operable (${why.join(', ') || 'unknown'})`, r);
    },
  });
}
