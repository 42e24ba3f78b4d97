import type { Node, Snapshot } from '../src/model/schema.js';
import { TargetError } from '../src/errors.js';
import { isVisible } from '../src/query/resolve.js';
import { indexSnapshot } from '../src/query/snapshot-index.js';
import { NOT_FOUND, runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';

export { NOT_FOUND };

export function toBeVisible(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeVisible',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    expected: 'visible',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const pass = isVisible(n, r.snapshot);
      return { pass, received: pass ? 'visible' : !n.visible ? 'hidden (not visible)' : isVisible(n) ? 'hidden (an ancestor is hidden)' : 'hidden (empty on-screen bounds: scrolled out or clipped)' };
    },
  });
}

export interface ViewportOptions extends MatcherOptions {
  /** The least share of the node's area that must be on screen (0–1); default: any. */
  ratio?: number;
}

/**
 * Its box intersects its window (Playwright's toBeInViewport): the share of its layout box (unclipped,
 * where the format carries it) that lies on screen, more than 0 or at least `ratio`.
 */
export function toBeInViewport(this: MatcherThis, target: Target, options?: ViewportOptions) {
  const ratio = options?.ratio;
  if (ratio !== undefined && !(typeof ratio === 'number' && ratio >= 0 && ratio <= 1)) {
    throw new TargetError('invalid_arguments', `toBeInViewport({ ratio }) takes a number from 0 to 1, got ${JSON.stringify(ratio)}`, { hint: 'e.g. toBeInViewport({ ratio: 0.5 }) for at least half on screen.' });
  }
  return runMatcher(this, target, options, {
    name: 'toBeInViewport',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    argument: ratio !== undefined ? `{ ratio: ${ratio} }` : '',
    expected: ratio !== undefined ? `in viewport (ratio ≥ ${ratio})` : 'in viewport',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const share = viewportRatio(n, r.snapshot);
      const pass = ratio === undefined || ratio === 0 ? share > 0 : share >= ratio;
      return { pass, received: share === 0 ? 'outside the viewport' : `ratio ${Math.round(share * 1000) / 1000} in the viewport` };
    },
  });
}

/** The share of the node's layout box inside its window's box (0 for a hidden node). */
export function viewportRatio(n: Node, snapshot: Snapshot): number {
  if (!isVisible(n, snapshot)) return 0;
  const box = n.layoutBounds ?? n.bounds;
  const area = box.width * box.height;
  if (area <= 0) return 0;
  const win = indexSnapshot(snapshot).root.get(n)?.node.bounds ?? n.bounds;
  const w = Math.max(0, Math.min(box.x + box.width, win.x + win.width, n.bounds.x + n.bounds.width) - Math.max(box.x, win.x, n.bounds.x));
  const h = Math.max(0, Math.min(box.y + box.height, win.y + win.height, n.bounds.y + n.bounds.height) - Math.max(box.y, win.y, n.bounds.y));
  return Math.min(1, (w * h) / area);
}

export function toBeHidden(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeHidden',
    // About where the node is on the screen: drawn on the whole screen, not the locator's subtree.
    view: 'screen',
    expected: 'hidden',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: true, received: NOT_FOUND };
      const pass = !isVisible(n, r.snapshot);
      return { pass, received: pass ? 'hidden' : 'visible' };
    },
  });
}
