/**
 * Exact matching of outline template entries against nodes, for toMatchOutline (semantics at the top of
 * outline-match.ts). Memoised per (entry, node, deep); recursion follows the template, search is iterative.
 */
import type { Node, Root } from '../model/schema.js';
import type { ChildrenMode, OutlineEntry, OutlineRoot } from '../outline/outline-syntax.js';
import type { LineReader } from './outline-lines.js';

/** How a list of template children is compared with a node's children. */
export interface ListMode {
  kind: 'contain' | 'equal';
  /** Children compared under deep-equal: their own unmarked children must be equal too. */
  deep: boolean;
}

export const CONTAIN: ListMode = { kind: 'contain', deep: false };

/** Playwright's precedence: the node's own mode, else an enclosing deep-equal, else contain. */
export function listMode(mode: ChildrenMode | undefined, deep: boolean): ListMode {
  if (mode === 'contain') return CONTAIN;
  if (mode === 'equal') return { kind: 'equal', deep: false };
  if (mode === 'deep-equal' || deep) return { kind: 'equal', deep: true };
  return CONTAIN;
}

/**
 * Templates at least this tall are pruned by subtree height. Below it the extra pass over the scope costs
 * more than it saves; above it, without pruning, a template as deep as the tree would be tried to full
 * depth at every offset (quadratic).
 */
export const PRUNE_HEIGHT = 8;

/** Exact matching of entries against nodes, memoised per (entry, node, deep). */
export class ExactMatcher {
  private readonly memo = [new Map<OutlineEntry, Map<Node, boolean>>(), new Map<OutlineEntry, Map<Node, boolean>>()] as const;
  private readonly rootMemo = new Map<OutlineRoot, Map<Root, Node | null | false>>();
  private nodeHeight: Map<Node, number> | null = null;
  private entryHeight: Map<OutlineEntry, number> | null = null;

  constructor(readonly lines: LineReader) {}

  /**
   * A node whose subtree is shallower than an entry's cannot match it (children match direct children,
   * level by level). Heights of the scope's nodes and the template's entries, computed once, iteratively.
   */
  pruneByHeight(top: readonly Node[], entries: readonly OutlineEntry[]): void {
    this.nodeHeight = heights(top, (n) => this.lines.children(n));
    this.entryHeight = heights(entries, (e) => e.children);
  }

  /** The entry's line holds for the node and its template children match the node's children. */
  matches(e: OutlineEntry, node: Node, deep: boolean): boolean {
    const table = this.memo[deep ? 1 : 0];
    let m = table.get(e);
    if (!m) table.set(e, (m = new Map()));
    const known = m.get(node);
    if (known !== undefined) return known;
    const ok = !this.tooShallow(e, node)
      && this.lines.lineMatches(e, node) && this.assign(e.children, this.lines.children(node), listMode(e.childrenMode, deep)) !== null;
    m.set(node, ok);
    return ok;
  }

  private tooShallow(e: OutlineEntry, node: Node): boolean {
    if (!this.nodeHeight) return false;
    const hn = this.nodeHeight.get(node);
    return hn !== undefined && this.entryHeight!.get(e)! > hn;
  }

  /** The index of the node each entry takes (earliest first, or position for equal), or null when they do not match. */
  assign(entries: readonly OutlineEntry[], nodes: readonly Node[], mode: ListMode): number[] | null {
    if (mode.kind === 'equal') {
      if (entries.length !== nodes.length) return null;
      for (let i = 0; i < entries.length; i++) if (!this.matches(entries[i]!, nodes[i]!, mode.deep)) return null;
      return entries.map((_, i) => i);
    }
    if (entries.length > nodes.length) return null;
    const taken: number[] = [];
    let j = 0;
    for (const e of entries) {
      while (j < nodes.length && !this.matches(e, nodes[j]!, false)) j++;
      if (j === nodes.length) return null;
      taken.push(j++);
    }
    return taken;
  }

  /**
   * The node whose children take the entries: the virtual parent of `top` first (→ null), then every
   * node below in pre-order (contain only; equal applies to `top` itself). undefined when none does.
   */
  findAnchor(top: readonly Node[], entries: readonly OutlineEntry[], mode: ListMode): Node | null | undefined {
    if (this.assign(entries, top, mode)) return null;
    if (mode.kind !== 'contain') return undefined;
    const stack: Node[] = [];
    for (let i = top.length - 1; i >= 0; i--) stack.push(top[i]!);
    while (stack.length) {
      const node = stack.pop()!;
      const children = this.lines.children(node);
      if (children.length >= entries.length && this.assign(entries, children, mode)) return node;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    return undefined;
  }

  /** A root line holds for the window and its lines are found in it: the anchor there, or false. */
  rootAnchor(t: OutlineRoot, root: Root): Node | null | false {
    let m = this.rootMemo.get(t);
    if (!m) this.rootMemo.set(t, (m = new Map()));
    const known = m.get(root);
    if (known !== undefined) return known;
    let result: Node | null | false = false;
    if (this.lines.rootLineMatches(t, root)) {
      const anchor = this.findAnchor([root.node], t.children, listMode(t.childrenMode, false));
      if (anchor !== undefined) result = anchor;
    }
    m.set(root, result);
    return result;
  }

  /** Template roots → windows, earliest first, or null. */
  assignRoots(templates: readonly OutlineRoot[], roots: readonly Root[]): number[] | null {
    const taken: number[] = [];
    let j = 0;
    for (const t of templates) {
      while (j < roots.length && this.rootAnchor(t, roots[j]!) === false) j++;
      if (j === roots.length) return null;
      taken.push(j++);
    }
    return taken;
  }

  /** Records entry → node for a list that matched, and below it. */
  collect(entries: readonly OutlineEntry[], nodes: readonly Node[], mode: ListMode, out: Map<OutlineEntry, Node>): void {
    const taken = this.assign(entries, nodes, mode);
    if (!taken) return;
    entries.forEach((e, i) => {
      const node = nodes[taken[i]!]!;
      out.set(e, node);
      this.collect(e.children, this.lines.children(node), listMode(e.childrenMode, mode.deep), out);
    });
  }
}

/** Height of every item under `top` (a leaf is 1): pre-order list, then children settled before parents. */
function heights<T>(top: readonly T[], children: (item: T) => readonly T[]): Map<T, number> {
  const order: T[] = [];
  const stack = [...top];
  while (stack.length) {
    const item = stack.pop()!;
    order.push(item);
    for (const c of children(item)) stack.push(c);
  }
  const h = new Map<T, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const item = order[i]!;
    let max = 0;
    for (const c of children(item)) max = Math.max(max, h.get(c)!);
    h.set(item, max + 1);
  }
  return h;
}
