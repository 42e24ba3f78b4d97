import type { Node, Point, Root, Snapshot } from '../model/schema.js';

/** What analysis derives about one node (DESIGN §8). Never stored by importers. */
export interface NodeReach {
  /** Whether the node accepts touch input at all (clickable, long-clickable, scrollable, editable, or has Click/LongClick/ScrollBy… actions). */
  acceptsTouch: boolean;
  /** null for nodes that do not accept touch (labels are never flagged either way). */
  hittable: boolean | null;
  /** The node that takes the touch instead (for a touch-modal window: that window's root node). */
  obscuredBy: Node | null;
  /** Offers something (actions / editable / scrollable) and enabled and hittable; null for labels. */
  operable: boolean | null;
  /** Centre of the on-screen bounds, in the root's unit; null for empty bounds. */
  tap: Point | null;
  root: Root;
}

export interface Reachability {
  get(node: Node): NodeReach;
  /** The node a tap at screen point (x, y) is dispatched to, or null when nothing there takes touch. */
  nodeAt(x: number, y: number): Node | null;
}

export function analyzeReachability(_snapshot: Snapshot): Reachability {
  throw new Error('not implemented');
}
