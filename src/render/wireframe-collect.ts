/** Wireframe phase 1, collect (docs/design.md §8): which windows and nodes are drawn, in drawing order, and each window's scale. */
import type { Node, Rect, Root, Snapshot } from '../model/schema.js';
import { nodeFacts } from '../facts/node-facts.js';
import { isEmptyRect } from '../common/geometry.js';
import { walkNode } from '../model/node.js';
import { TargetError } from '../errors.js';

/** A node to draw: its window (`w`, an index into the drawn roots), that window's scale `f` and its visible rect. */
export interface Item {
  node: Node;
  /** What is drawn: the node's visible rect (the facts store's: its bounds cut by what clips them). */
  rect: Rect;
  root: Root;
  w: number;
  f: number;
}

export interface Collected {
  /** Every drawn node, window by window, in document order. */
  items: Item[];
  /** The drawn windows, bottom first (the subtree's own window alone for a subtree). */
  roots: Root[];
  /** Each drawn root's scale onto the canvas (a subtree is drawn in its own root's numbers). */
  scales: number[];
  /** The whole screen (windows framed), not a subtree. */
  screen: boolean;
}

/**
 * Each root's scale onto the canvas. One unit throughout: every root in its own numbers. Mixed units
 * (a px app window under a dp dialog): drawn in the px of the largest px root, converting through dp —
 * a px root's density is the device's px per dp, while a dp or pt root's density is 1 by convention
 * and says nothing about px, so dp (and pt, taken as dp) are multiplied by that px root's density and
 * other px roots scaled by the ratio of densities. Mixed dp and pt without any px root: their numbers.
 */
function rootScales(roots: readonly Root[]): number[] {
  if (roots.every((r) => r.unit === roots[0]!.unit)) return roots.map(() => 1);
  let ref: Root | null = null, refArea = -1;
  for (const r of roots) {
    if (r.unit !== 'px') continue;
    const b = r.node.bounds, area = isEmptyRect(b) ? 0 : (b.width / r.density) * (b.height / r.density);
    if (area > refArea) { ref = r; refArea = area; }
  }
  if (!ref) return roots.map(() => 1);
  const d = ref.density;
  return roots.map((r) => (r.unit === 'px' ? d / r.density : d));
}

/**
 * The windows and nodes to draw: every window, or the subtree of node `subtree` (a typed error when
 * there is none); nodes `hidden` says the merged view folds away are not drawn.
 */
export function collect(snapshot: Pick<Snapshot, 'roots' | 'source'>, subtree: string | null | undefined, hidden: ((n: Node) => boolean) | null = null): Collected {
  const items: Item[] = [];
  // The facts store reads a snapshot's roots alone.
  const facts = nodeFacts(snapshot as Snapshot);
  const rectOf = (n: Node): Rect => {
    const i = facts.orderOf(n);
    return i === undefined ? n.bounds : { x: facts.vx[i]!, y: facts.vy[i]!, width: facts.vw[i]!, height: facts.vh[i]! };
  };
  if (subtree == null) {
    const scales = rootScales(snapshot.roots);
    snapshot.roots.forEach((root, w) => {
      const f = scales[w]!;
      walkNode(root.node, (n) => { if (hidden?.(n)) return false; items.push({ node: n, rect: rectOf(n), root, w, f }); return undefined; });
    });
    return { items, roots: [...snapshot.roots], scales, screen: true };
  }
  const { node, root } = findNode(snapshot, subtree);
  walkNode(node, (n) => { if (hidden?.(n)) return false; items.push({ node: n, rect: rectOf(n), root, w: 0, f: 1 }); return undefined; });
  return { items, roots: [root], scales: [1], screen: false };
}

function findNode(snapshot: Pick<Snapshot, 'roots' | 'source'>, id: string): { node: Node; root: Root } {
  let found: { node: Node; root: Root } | null = null;
  for (const root of snapshot.roots) {
    walkNode(root.node, (node) => {
      if (found) return false;
      if (node.id === id) found = { node, root };
      return undefined;
    });
    if (found) return found;
  }
  throw new TargetError('target_not_found', `wireframe: no node #${id} in this snapshot`, {
    where: snapshot.source,
    hint: 'Pass the id of a node of the snapshot as `subtree`, or leave it out to draw every window.',
  });
}
