/**
 * A bounded excerpt of a snapshot, for reports and attachments: a failure on a 50,000-node screen must
 * not attach 50,000 nodes. Small snapshots are kept whole. Otherwise the excerpt keeps the nodes that
 * matter (the failing node, what obscures it, the nodes with findings — each with its ancestors), then
 * fills breadth-first from the scope (a locator's node, else the windows' tops) up to the cap. A kept
 * node's parent in the excerpt is its nearest kept ancestor, so any kept set is a valid tree.
 * Iterative and linear in the snapshot's node count.
 */
import type { Node, Root, Snapshot } from '../model/schema.js';
import { walk, walkNode } from '../model/node.js';
import { withRoots } from '../model/serialize.js';

export const DEFAULT_EXCERPT_NODES = 1000;
/** An ancestor chain longer than this keeps its top node and its nearest ANCESTOR_TAIL ancestors only. */
const ANCESTOR_CHAIN = 64;
const ANCESTOR_TAIL = 48;

export interface ExcerptOptions {
  /** Nodes that must be kept, with their ancestors, most important first. */
  keep?: readonly Node[];
  /** Ids of further nodes to keep (e.g. the nodes of findings), after `keep`. */
  keepIds?: Iterable<string>;
  /** Where to fill from, breadth-first, until the cap: a locator's node; default every window. */
  scope?: Node | null;
  /** Most nodes kept. Default 1,000. */
  maxNodes?: number;
}

export interface Excerpt {
  /** The original when nothing was cut, else a copy holding only the kept nodes (same roots, fields). */
  snapshot: Snapshot;
  totalNodes: number;
  keptNodes: number;
  /** Each node of `snapshot` → the original node (identity when nothing was cut). */
  original: (node: Node) => Node;
}

export function excerptSnapshot(snapshot: Snapshot, options: ExcerptOptions = {}): Excerpt {
  const max = Math.max(1, options.maxNodes ?? DEFAULT_EXCERPT_NODES);
  const parent = new Map<Node, Node | null>();
  const wanted = new Set(options.keepIds ?? []);
  const byId = new Map<string, Node>();
  walk(snapshot, ({ node, parent: p }) => {
    parent.set(node, p);
    if (wanted.has(node.id) && !byId.has(node.id)) byId.set(node.id, node);
  });
  const total = parent.size;
  if (total <= max) return { snapshot, totalNodes: total, keptNodes: total, original: (n) => n };

  const kept = new Set<Node>();
  const withAncestors = (node: Node) => {
    const chain: Node[] = [];
    for (let n: Node | null | undefined = node; n && !kept.has(n); n = parent.get(n)) chain.push(n);
    if (chain.length > ANCESTOR_CHAIN) {
      // A very deep node: its nearest ancestors and the window's top, not the whole chain.
      let top = chain[chain.length - 1]!;
      for (let p = parent.get(top); p; p = parent.get(p)) top = p;
      kept.add(top);
      chain.length = ANCESTOR_TAIL;
    }
    for (const n of chain) kept.add(n);
  };
  for (const n of options.keep ?? []) if (parent.has(n)) withAncestors(n);
  for (const id of wanted) {
    if (kept.size >= max) break;
    const n = byId.get(id);
    if (n) withAncestors(n);
  }
  if (options.scope && parent.has(options.scope)) withAncestors(options.scope);
  // Breadth-first from the scope: the top of the picture first, details as the budget allows.
  const queue: Node[] = options.scope && parent.has(options.scope) ? [options.scope] : snapshot.roots.map((r) => r.node);
  for (let i = 0; i < queue.length && kept.size < max; i++) {
    const n = queue[i]!;
    kept.add(n);
    for (const c of n.children) queue.push(c);
  }

  const original = new Map<Node, Node>();
  const roots: Root[] = [];
  for (const root of snapshot.roots) {
    let top: Node | null = null;
    const copies = new Map<Node, Node>();
    walkNode(root.node, (node, _depth, p) => {
      // The nearest kept ancestor's copy is carried down in `copies` (unkept nodes map to it).
      const holder = p ? copies.get(p) ?? null : null;
      if (!kept.has(node)) {
        if (holder) copies.set(node, holder);
        return undefined;
      }
      const copy: Node = { ...node, children: [] };
      original.set(copy, node);
      copies.set(node, copy);
      if (holder) holder.children.push(copy);
      else if (!top) top = copy;
      else top.children.push(copy); // (not reached: a window's top is kept whenever anything below it is)
      return undefined;
    });
    if (top) roots.push({ ...root, node: top });
  }
  return {
    snapshot: withRoots(snapshot, roots),
    totalNodes: total,
    keptNodes: original.size,
    original: (n) => original.get(n) ?? n,
  };
}
