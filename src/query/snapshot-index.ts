import type { Node, Root, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';

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
  /** The node's own label, else its merged descendants' text where it merges them (accessible name). */
  name(node: Node): string;
  /** Text and editable text of the node and its descendants, no descriptions, like the DOM's textContent: what `toHaveText` and `filter({ hasText })` read. */
  textContent(node: Node): string;
}

const cache = new WeakMap<Snapshot, SnapshotIndex>();

export function indexSnapshot(snapshot: Snapshot): SnapshotIndex {
  const hit = cache.get(snapshot);
  if (hit) return hit;
  const nodes: Node[] = [];
  const orderOf = new Map<Node, number>();
  const parents: Array<Node | null> = [];
  const roots: Root[] = [];
  const byId = new Map<string, Node>();
  walk(snapshot, ({ node, parent, root }) => {
    orderOf.set(node, nodes.length);
    nodes.push(node);
    parents.push(parent);
    roots.push(root);
    if (!byId.has(node.id)) byId.set(node.id, node);
  });

  // Reverse document order visits children before parents: subtree extents bottom-up. The subtree
  // of nodes[i] is then the contiguous range nodes[i, ends[i]), which the text lookups below scan
  // lazily: building every node's text eagerly would copy each string once per ancestor.
  const n = nodes.length;
  const ends = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let end = i + 1;
    for (const c of nodes[i]!.children) {
      const e = ends[orderOf.get(c)!]!;
      if (e > end) end = e;
    }
    ends[i] = end;
  }

  const at = <T>(arr: T[]): NodeLookup<T> => ({ get: (x) => { const i = orderOf.get(x); return i === undefined ? undefined : arr[i]; } });
  const memo = (compute: (i: number) => string) => {
    const cached = new Array<string | undefined>(n);
    return (x: Node) => {
      const i = orderOf.get(x);
      if (i === undefined) return '';
      return (cached[i] ??= compute(i));
    };
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

  const index: SnapshotIndex = {
    nodes,
    order: orderOf,
    parent: at(parents),
    root: at(roots),
    byId,
    subtreeEnd: at(ends),
    // A node that merges its descendants takes their text up to the next node that merges its own.
    name: memo((i) => {
      const node = nodes[i]!;
      return ownLabel(node) || (mergesDescendants(node) ? collect(i, (m) => [ownLabel(m)], true): '');
    }),
    textContent: memo((i) => collect(i, (m) => [m.text, m.editableText], false)),
  };
  cache.set(snapshot, index);
  return index;
}

/** A node's own label: its description when it has one (that is what a screen reader speaks), else its text. */
function ownLabel(n: Node): string {
  return n.contentDescription || n.text || n.editableText || '';
}

function mergesDescendants(n: Node): boolean {
  return n.clickable || n.longClickable || n.actions.includes('Click') || (n.role !== null && MERGING_ROLES.has(n.role));
}
