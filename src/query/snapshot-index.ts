import type { Node, Root, Snapshot } from '../model/schema.js';

/** Roles whose node merges its descendants' text into its own label, as a merged semantics tree does. */
const MERGING_ROLES = new Set(['Button', 'Checkbox', 'Switch', 'RadioButton', 'Tab', 'Link', 'ListItem', 'MenuItem']);

/** A per-node lookup (backed by an array indexed by document order). */
export interface NodeLookup<T> {
  get(node: Node): T | undefined;
}

/**
 * Lookup tables for one snapshot, built once in a single linear pass and memoised, so every
 * locator and matcher on the same capture shares them. One Map (node → document order); every
 * other table is an array indexed by that order, which keeps the build cheap on big trees.
 */
export interface SnapshotIndex {
  /** Every node in document order (roots bottom to top, pre-order). */
  nodes: Node[];
  order: NodeLookup<number>;
  parent: NodeLookup<Node | null>;
  root: NodeLookup<Root>;
  byId: Map<string, Node>;
  /** Index (in `nodes`) one past the node's last descendant: the subtree is nodes[order, end). */
  subtreeEnd: NodeLookup<number>;
  /** The same by document order: the subtree of nodes[i] is nodes[i, ends[i]). */
  ends: readonly number[];
  /** name / textContent by document order (no node → order lookup: what locator scans use). */
  nameAt(i: number): string;
  textContentAt(i: number): string;
  /** The node's own label, else its merged descendants' text where it merges them (accessible name). */
  name(node: Node): string;
  /** Text and editable text of the node and its descendants, no descriptions, like the DOM's textContent: what `toHaveText` reads (`filter({ hasText })` answers the same question in bulk, text-filter.ts). */
  textContent(node: Node): string;
}

const cache = new WeakMap<Snapshot, SnapshotIndex>();

export function indexSnapshot(snapshot: Snapshot): SnapshotIndex {
  const hit = cache.get(snapshot);
  if (hit) return hit;
  // One iterative pre-order pass: document order, parents, windows, and (on leaving a node) where
  // its subtree ends, so the subtree of nodes[i] is the contiguous range nodes[i, ends[i]), which
  // the text lookups below scan lazily (building every node's text eagerly would copy each string
  // once per ancestor). No per-node allocations beyond the tables themselves.
  const nodes: Node[] = [];
  const parents: Array<Node | null> = [];
  const roots: Root[] = [];
  const ends: number[] = [];
  const stack: Array<Node | number> = [];
  for (const root of snapshot.roots) {
    stack.push(root.node);
    const parentAt: Array<Node | null> = [null]; // parent of each pending stack entry that is a node
    while (stack.length) {
      const top = stack.pop()!;
      if (typeof top === 'number') { ends[top] = nodes.length; continue; }
      const parent = parentAt.pop()!;
      const i = nodes.length;
      nodes.push(top);
      parents.push(parent);
      roots.push(root);
      stack.push(i);
      for (let c = top.children.length - 1; c >= 0; c--) {
        stack.push(top.children[c]!);
        parentAt.push(top);
      }
    }
  }
  const n = nodes.length;
  let byId: Map<string, Node> | null = null;
  // node → order is built on first use: a locator scan works by order and never needs it, and a
  // 50,000-entry Map is the largest cost of indexing a big capture.
  let orderMap: Map<Node, number> | null = null;
  const orderOf = {
    get(x: Node): number | undefined {
      if (!orderMap) {
        orderMap = new Map();
        for (let i = 0; i < n; i++) orderMap.set(nodes[i]!, i);
      }
      return orderMap.get(x);
    },
  };

  const at = <T>(arr: T[]): NodeLookup<T> => ({ get: (x) => { const i = orderOf.get(x); return i === undefined ? undefined : arr[i]; } });
  const memo = (compute: (i: number) => string) => {
    const cached = new Array<string | undefined>(n);
    return (i: number) => (cached[i] ??= compute(i));
  };
  const byNode = (at: (i: number) => string) => (x: Node) => {
    const i = orderOf.get(x);
    return i === undefined ? '' : at(i);
  };
  const collect = (i: number, parts: (m: Node) => Array<string | null>, stopAtMerging: boolean) => {
    const out: string[] = [];
    for (let j = i; j < ends[i]!; j++) {
      const m = nodes[j]!;
      if (stopAtMerging && j > i && mergesDescendants(m)) { j = ends[j]! - 1; continue; }
      for (const p of parts(m)) if (p) out.push(p);
    }
    return out.join(' ');
  };

  // A node that merges its descendants takes their text up to the next node that merges its own.
  const nameAt = memo((i) => {
    const node = nodes[i]!;
    return ownLabel(node) || (mergesDescendants(node) ? collect(i, (m) => [ownLabel(m)], true) : '');
  });
  const textContentAt = memo((i) => collect(i, (m) => [m.text, m.editableText], false));

  const index: SnapshotIndex = {
    nodes,
    order: orderOf,
    parent: at(parents),
    root: at(roots),
    get byId() {
      if (!byId) {
        byId = new Map();
        for (const x of nodes) if (!byId.has(x.id)) byId.set(x.id, x);
      }
      return byId;
    },
    subtreeEnd: at(ends),
    ends,
    nameAt,
    textContentAt,
    name: byNode(nameAt),
    textContent: byNode(textContentAt),
  };
  cache.set(snapshot, index);
  return index;
}

/** A node's own label: its description when it has one (that is what a screen reader speaks), else its text. */
function ownLabel(n: Node): string {
  return n.contentDescription || n.text || n.editableText || '';
}

// A checkable node (a toggleable row, a Compose checkbox exported with a separate role child) speaks its label too.
function mergesDescendants(n: Node): boolean {
  return n.clickable || n.longClickable || n.toggle !== null || n.actions.includes('Click') || (n.role !== null && MERGING_ROLES.has(n.role));
}
