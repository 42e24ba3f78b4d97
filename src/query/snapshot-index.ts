import type { Node, Root, Snapshot } from '../model/schema.js';
import { nodeFacts, type NodeFacts } from '../facts/node-facts.js';
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
  return new Index(snapshot, nodeFacts(snapshot));
}

/**
 * Lookups are small objects and methods, not closures made by closure factories: with closures two
 * scopes deep over the index, a dropped snapshot survived every young collection whole until a full
 * one (measured with `gc({ type: 'minor' })`; bench/young-child.mjs), so each audited import was
 * copied and promoted before it could die.
 */
class Index implements SnapshotIndex {
  readonly nodes: readonly Node[];
  readonly order: NodeLookup<number>;
  readonly parent: NodeLookup<Node | null>;
  readonly root: NodeLookup<Root>;
  readonly subtreeEnd: NodeLookup<number>;
  readonly ends: ArrayLike<number>;
  readonly nameAt: (i: number) => string;
  private ids: Map<string, Node> | null = null;
  /** Text content by document order, built lazily and kept (eagerly it would copy each string once per ancestor). */
  private texts: Array<string | undefined> | null = null;

  constructor(private readonly snapshot: Snapshot, readonly facts: NodeFacts) {
    this.nodes = facts.nodes;
    this.ends = facts.ends;
    this.order = { get: facts.orderOf };
    this.nameAt = facts.name;
    this.parent = new ByOrder(this, PARENT);
    this.root = new ByOrder(this, ROOT);
    this.subtreeEnd = new ByOrder(this, END);
  }

  get byId(): Map<string, Node> {
    if (!this.ids) {
      this.ids = new Map();
      for (const x of this.nodes) if (!this.ids.has(x.id)) this.ids.set(x.id, x);
    }
    return this.ids;
  }

  textContentAt(i: number): string {
    return ((this.texts ??= new Array<string | undefined>(this.nodes.length))[i] ??= textContentOf(this.nodes, this.ends, i));
  }

  name(node: Node): string {
    const i = this.facts.orderOf(node);
    return i === undefined ? '' : this.facts.name(i);
  }

  textContent(node: Node): string {
    const i = this.facts.orderOf(node);
    return i === undefined ? '' : this.textContentAt(i);
  }

  parentAt(i: number): Node | null {
    const p = this.facts.parent[i]!;
    return p < 0 ? null : this.nodes[p]!;
  }

  rootAt(i: number): Root {
    return this.snapshot.roots[this.facts.rootOf[i]!]!;
  }
}

const PARENT = (x: Index, i: number) => x.parentAt(i);
const ROOT = (x: Index, i: number) => x.rootAt(i);
const END = (x: Index, i: number) => x.ends[i]!;

/** A per-node lookup by the node's document order. */
class ByOrder<T> implements NodeLookup<T> {
  constructor(private readonly index: Index, private readonly value: (x: Index, i: number) => T) {}
  get(node: Node): T | undefined {
    const i = this.index.facts.orderOf(node);
    return i === undefined ? undefined : this.value(this.index, i);
  }
}

function textContentOf(nodes: readonly Node[], ends: ArrayLike<number>, i: number): string {
  const out: string[] = [];
  for (let j = i; j < ends[i]!; j++) {
    const m = nodes[j]!;
    if (m.text) out.push(m.text);
    if (m.editableText) out.push(m.editableText);
  }
  return out.join(' ');
}
