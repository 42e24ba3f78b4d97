import type { Node, Root, Snapshot } from '../model/schema.js';
import { nodeFacts, type NodeFacts } from '../facts/node-facts.js';
import { subtreeText } from './text-filter.js';
import { perSnapshot } from '../model/memo.js';

/** A per-node lookup (backed by an array indexed by document order). */
export interface NodeLookup<T> {
  get(node: Node): T | undefined;
}

/**
 * Lookup tables for one snapshot over its facts store (document order, parents, subtrees, names:
 * facts/node-facts.ts), memoised, so every locator and matcher on the same capture shares them.
 * One Map (node → document order), built on first use; every other table is indexed by that order.
 */
export interface SnapshotIndex {
  /** Every node in document order (roots bottom to top, pre-order). */
  nodes: readonly Node[];
  /** The per-node facts this index is built on. */
  facts: NodeFacts;
  order: NodeLookup<number>;
  parent: NodeLookup<Node | null>;
  root: NodeLookup<Root>;
  byId: Map<string, Node>;
  /** Index (in `nodes`) one past the node's last descendant: the subtree is nodes[order, end). */
  subtreeEnd: NodeLookup<number>;
  /** The same by document order: the subtree of nodes[i] is nodes[i, ends[i]). */
  ends: ArrayLike<number>;
  /** name / textContent by document order (no node → order lookup: what locator scans use). */
  nameAt(i: number): string;
  textContentAt(i: number): string;
  /** The node's own label, else its merged descendants' text where it merges them (accessible name). */
  name(node: Node): string;
  /** Text and editable text of the node and its descendants, no descriptions, like the DOM's textContent: what `toHaveText` reads (`filter({ hasText })` answers the same question in bulk, text-filter.ts). */
  textContent(node: Node): string;
}

/** The index of a snapshot, memoised per snapshot object (model/memo.ts). */
export const indexSnapshot: (snapshot: Snapshot) => SnapshotIndex = perSnapshot(buildIndex);

function buildIndex(snapshot: Snapshot): SnapshotIndex {
  const facts = nodeFacts(snapshot);
  const nodes = facts.nodes;
  const byOrder = <T>(value: (i: number) => T): NodeLookup<T> => ({
    get: (node) => {
      const i = facts.orderOf(node);
      return i === undefined ? undefined : value(i);
    },
  });
  let ids: Map<string, Node> | null = null;
  // Text content by document order, built lazily and kept (eagerly it would copy each string once per ancestor).
  let texts: Array<string | undefined> | null = null;
  const textContentAt = (i: number): string => ((texts ??= new Array<string | undefined>(nodes.length))[i] ??= subtreeText(index, i));
  const index: SnapshotIndex = {
    nodes,
    facts,
    order: { get: facts.orderOf },
    parent: byOrder((i) => {
      const p = facts.parent[i]!;
      return p < 0 ? null : nodes[p]!;
    }),
    root: byOrder((i) => snapshot.roots[facts.rootOf[i]!]!),
    get byId() {
      if (!ids) {
        ids = new Map();
        for (const x of nodes) if (!ids.has(x.id)) ids.set(x.id, x);
      }
      return ids;
    },
    subtreeEnd: byOrder((i) => facts.ends[i]!),
    ends: facts.ends,
    nameAt: facts.name,
    textContentAt,
    name: (node) => {
      const i = facts.orderOf(node);
      return i === undefined ? '' : facts.name(i);
    },
    textContent: (node) => {
      const i = facts.orderOf(node);
      return i === undefined ? '' : textContentAt(i);
    },
  };
  return index;
}
