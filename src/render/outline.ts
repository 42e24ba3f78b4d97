import type { Node, Snapshot } from '../model/schema.js';
import type { Reachability } from '../analysis/reachability.js';

export interface OutlineOptions {
  /** Adds [unhittable] / [not operable] flags and uses tap points from analysis. */
  reach?: Reachability;
  /** Keep only nodes that can be operated (actions / editable / scrollable) and their ancestors. */
  interactiveOnly?: boolean;
  maxDepth?: number;
  rootId?: string;
}

/** One outline line for a node, without indentation or leading "- ". */
export function outlineLine(_node: Node, _opts: Pick<OutlineOptions, 'reach'> = {}): string {
  throw new Error('not implemented');
}

export function renderOutline(_snapshot: Snapshot, _opts: OutlineOptions = {}): string {
  throw new Error('not implemented');
}
