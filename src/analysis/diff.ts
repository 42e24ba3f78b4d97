/**
 * Tree diff of two golden trees (docs/design.md §8): the expected one read from a golden file, the actual one
 * printed from a snapshot by the same field extraction (outline/golden.ts), so like is compared with like.
 *
 * Children are matched by identity, not position: a node's key is its tag; else its role + own label
 * (desc, text or input); else its role + the first tag or label found below it; else its role alone
 * (position among same-role siblings, the last resort). Each sibling list is aligned on those keys
 * (align.ts: an LCS), so inserting one node at the top of a screen is one `added` change, not a cascade.
 * What the alignment leaves unpaired is then
 *   - paired across the list when the key is an identity (tag / label): a `moved` node;
 *   - paired in place by role within the same gap: the same node with a changed label (two nodes with
 *     different tags are never paired: a tag is the developer's own identity for a node);
 *   - otherwise `added` (actual only) or `removed` (golden only), one change per subtree.
 * Paired nodes are compared field by field (`changed`) and their children aligned in turn. A node moved
 * to another parent is reported as removed there and added here.
 *
 * Bounds: a size change beyond tolerancePx is a change; a position change is one only where the layout
 * change starts. Each node's shift (actual − golden) is compared with its reference, the previous
 * sibling's shift (the parent's for the first child), and the chain is restarted after an inserted,
 * removed, moved, resized or ignored sibling, which explains the shift of those after it. So a banner
 * inserted at the top pushes the whole screen down and is still one `added` change; a subtree that
 * moved is one change at its top.
 *
 * Iterative (an explicit task stack); linear in the node count plus the alignment's O((N+M)·D) per list.
 */
import { TargetError } from '../errors.js';
import type { Finding } from '../common/finding.js';
import { align } from './align.js';
import { GOLDEN_FLAGS_LIST, type GoldenNode, type GoldenRoot, type GoldenTree } from '../outline/golden.js';
import { readBounds } from '../outline/golden-syntax.js';
import { formatEntryLine, formatRootLine, formatValue, quote } from '../outline/outline-syntax.js';

/** Decides whether a node (and its subtree) is left out of the comparison. Called on both sides. */
export type IgnoreNode = (entry: GoldenNode) => boolean;

export interface DiffOptions {
  /** Largest difference of a bounds coordinate that is not a change. Default 1. */
  tolerancePx?: number;
  /**
   * Fields to leave out (`'bounds'`, `'text'`, `'tokens'`, `'t.radius'`, `'t.*'`, `'flags'`, a flag name
   * such as `'focused'`, `'actions'`, `'role'`, root fields `'rootId'`, `'label'`, …) and node predicates.
   */
  ignore?: ReadonlyArray<string | IgnoreNode>;
}

export interface FieldChange {
  /** `role`, `text`, an attribute key (`desc`, `bounds`, `t.radius`…), `flags` or `actions`. */
  field: string;
  /** As printed in a golden; null when the field is absent on that side. */
  expected: string | null;
  actual: string | null;
}

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface Change {
  kind: ChangeKind;
  /** Short label of the node: role, text, tag (or desc), e.g. `Button "OK" tag=ok`; `root <id>` for a window. */
  label: string;
  /** Labels of the ancestors, outermost first (at most the window and the nearest few). */
  path: string[];
  /** 1-based line in the golden: of the node (removed, changed, moved), of its parent (added). */
  line: number;
  /** The window it is in. */
  rootId: string | null;
  /** changed / moved: what differs (moved may carry none). */
  fields?: FieldChange[];
  /** moved: index among its siblings in the golden and now. */
  from?: number;
  to?: number;
  /** added / removed: index among the siblings (actual / golden), and nodes in the subtree (≥ 1). */
  index?: number;
  size?: number;
  expected?: GoldenNode | GoldenRoot;
  actual?: GoldenNode | GoldenRoot;
}

export interface TreeDiff {
  changes: Change[];
}

const ROOT_FIELDS = new Set(['rootId', 'label', 'unit', 'density', 'offset', 'modal']);
const NODE_FIELDS = new Set(['role', 'head', 'text', 'desc', 'input', 'hint', 'value', 'state', 'toggle', 'tag', 'bounds', 'tokens', 't', 'flags', 'actions']);
const PATH_TAIL = 6;

interface Ignore {
  exact: Set<string>;
  prefixes: string[];
  nodes: IgnoreNode[];
}

function compileIgnore(ignore: DiffOptions['ignore']): Ignore {
  const out: Ignore = { exact: new Set(), prefixes: [], nodes: [] };
  for (const item of ignore ?? []) {
    if (typeof item === 'function') { out.nodes.push(item); continue; }
    if (typeof item !== 'string') {
      throw new TargetError('invalid_arguments', `ignore takes field names and node predicates, got ${Object.prototype.toString.call(item)}`, { hint: "Write e.g. ignore: ['bounds', 't.*']." });
    }
    if (item.endsWith('*')) { out.prefixes.push(item.slice(0, -1)); continue; }
    const name = item === 'head' ? 'role' : item;
    if (!NODE_FIELDS.has(name) && !ROOT_FIELDS.has(name) && !GOLDEN_FLAGS_LIST.includes(name) && !name.startsWith('t.')) {
      throw new TargetError('invalid_arguments', `unknown field ${JSON.stringify(item)} in ignore`, {
        hint: `Ignore one of ${[...NODE_FIELDS].filter((f) => f !== 'head').join(', ')}, t.<facet>, t.*, a flag (${GOLDEN_FLAGS_LIST.join(', ')}) or a root field (${[...ROOT_FIELDS].join(', ')}).`,
      });
    }
    out.exact.add(name);
  }
  return out;
}

function ignoredField(ig: Ignore, field: string): boolean {
  if (ig.exact.has(field)) return true;
  for (const p of ig.prefixes) if (field.startsWith(p)) return true;
  return false;
}

function ignoredNode(ig: Ignore, e: GoldenNode): boolean {
  for (const f of ig.nodes) if (f(e)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Identity

function ownLabel(e: GoldenNode): string {
  return e.attrs.desc ?? e.text ?? e.attrs.input ?? '';
}

/** What identifies a node to an ancestor without a label of its own: its tag, else its own label. */
function ownSig(e: GoldenNode): string {
  const tag = e.attrs.tag;
  return tag !== undefined ? 'tag=' + tag : ownLabel(e);
}

/**
 * The first tag or label in a subtree, pre-order ('' for none). Iterative, stopping at the first hit;
 * each node's answer is kept in `memo` (one per diff, beside the trees, which stay unwritten), so all
 * calls together are linear in the tree.
 */
function sigOf(start: GoldenNode, memo: SigMemo): string {
  // Usually the answer is a few first children down (a wrapper over a labelled node): found without the
  // memo. The memo bounds the rest (a long walk, or one that must back up), so all calls stay linear.
  let x = start;
  for (let k = 0; k < QUICK_SIG_STEPS; k++) {
    const own = ownSig(x);
    if (own !== '') return own;
    if (x.children.length === 0) break;
    x = x.children[0]!;
  }
  const known = memo.sigs.get(start);
  if (known !== undefined) return known;
  // Two parallel stacks owned by the run (node, next child to look at): no tuple per step.
  const nodes = memo.nodes, at = memo.at;
  const base = nodes.length;
  nodes.push(start); at.push(0);
  while (nodes.length > base) {
    const top = nodes.length - 1;
    const node = nodes[top]!;
    const own = ownSig(node);
    if (own !== '') { memo.sigs.set(node, own); nodes.pop(); at.pop(); continue; }
    const k = at[top]!;
    if (k < node.children.length) {
      const c = node.children[k]!;
      const cs = memo.sigs.get(c);
      if (cs === undefined) { nodes.push(c); at.push(0); continue; }
      if (cs !== '') { memo.sigs.set(node, cs); nodes.pop(); at.pop(); continue; }
      at[top] = k + 1;
      continue;
    }
    memo.sigs.set(node, '');
    nodes.pop(); at.pop();
  }
  return memo.sigs.get(start)!;
}

const QUICK_SIG_STEPS = 8;

/** sigOf's answers for one diff, and its scratch stacks. */
interface SigMemo {
  sigs: Map<GoldenNode, string>;
  nodes: GoldenNode[];
  at: number[];
}

/** `t:` tag, `n:` role + own label, `d:` role + the first tag / label below, `p:` role only (position). */
function keyOf(e: GoldenNode, memo: SigMemo): string {
  const tag = e.attrs.tag;
  if (tag !== undefined) return 't:' + tag;
  const label = ownLabel(e);
  if (label !== '') return `n:${e.head}\u0000${label}`;
  const below = e.children.length ? sigOf(e, memo) : '';
  return below !== '' ? `d:${e.head}\u0000${below}` : 'p:' + e.head;
}

/**
 * keyOf(e) === keyOf(a), without building either key: the in-order fast path asks it of every pair of
 * a tree's siblings.
 */
function sameKey(e: GoldenNode, a: GoldenNode, memo: SigMemo): boolean {
  const te = e.attrs.tag, ta = a.attrs.tag;
  if (te !== undefined || ta !== undefined) return te === ta;
  if (e.head !== a.head) return false;
  const le = ownLabel(e), la = ownLabel(a);
  if (le !== '' || la !== '') return le === la;
  return (e.children.length ? sigOf(e, memo) : '') === (a.children.length ? sigOf(a, memo) : '');
}

const isIdentity = (key: string) => key[0] !== 'p';

/** Two tagged nodes with different tags are different nodes, even at the same place. */
const differentTags = (e: GoldenNode, a: GoldenNode) => e.attrs.tag === undefined || a.attrs.tag === undefined || e.attrs.tag === a.attrs.tag;

// ---------------------------------------------------------------------------------------------------
// Labels

/** Short label: role, text (or desc when there is none), tag. */
export function labelOf(e: GoldenNode | GoldenRoot): string {
  if ('rootId' in e) return formatRootLine({ rootId: e.rootId, ...(e.label !== undefined ? { label: e.label } : {}), attrs: {}, flags: [], negFlags: [] });
  const attrs: Record<string, string> = {};
  if (e.text === undefined && e.attrs.desc !== undefined) attrs.desc = e.attrs.desc;
  if (e.attrs.tag !== undefined) attrs.tag = e.attrs.tag;
  return formatEntryLine({ head: e.head, ...(e.text !== undefined ? { text: e.text } : {}), attrs, flags: [], negFlags: [] });
}

/** Labels of a node's ancestors, outermost first: the window, then (past `…`) the nearest few. */
function pathOf(ctx: PathLink | null): string[] {
  const out: string[] = [];
  let c = ctx;
  while (c && out.length < PATH_TAIL) { out.push(labelOf(c.entry)); c = c.parent; }
  if (c) {
    // The window is stored on every link: walking up to it per change is quadratic on a deep chain.
    const top = c.top;
    out.push(top === c ? labelOf(c.entry) : '…');
    if (top !== c) out.push(labelOf(top.entry));
  }
  return out.reverse();
}

// ---------------------------------------------------------------------------------------------------
// Field comparison

function resized(p: Pair, tol: number): boolean {
  return p.both && (Math.abs(p.dw) > tol || Math.abs(p.dh) > tol);
}

/**
 * Bounds differ when the size changed beyond the tolerance, or when the node moved beyond it and
 * differently from its reference: the previous sibling's shift, or its parent's for the first child.
 * So a layout change is reported where it starts, not on everything it pushed along. hasRef false: the
 * shift is explained by an inserted, removed, moved, resized or ignored sibling before it.
 */
function boundsChanged(p: Pair, tol: number): boolean {
  if (!p.both) return p.e.attrs.bounds !== p.a.attrs.bounds;
  if (Math.abs(p.dw) > tol || Math.abs(p.dh) > tol) return true;
  const dx = p.dx, dy = p.dy;
  if (Math.abs(dx) <= tol && Math.abs(dy) <= tol) return false;
  return p.hasRef && (Math.abs(dx - p.rdx) > tol || Math.abs(dy - p.rdy) > tol);
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  const n = a?.length ?? 0;
  if (n !== (b?.length ?? 0)) return false;
  for (let i = 0; i < n; i++) if (a![i] !== b![i]) return false;
  return true;
}

function compareFlags(out: FieldChange[], e: readonly string[], a: readonly string[], ig: Ignore): void {
  if (sameList(e, a) || ignoredField(ig, 'flags')) return;
  const fe = e.filter((f) => !ignoredField(ig, f)).sort().join(' ');
  const fa = a.filter((f) => !ignoredField(ig, f)).sort().join(' ');
  if (fe !== fa) out.push({ field: 'flags', expected: fe || null, actual: fa || null });
}

/** Attributes in print order; bounds are decided by boundsChanged and passed in (null: unchanged). */
function compareAttrs(out: FieldChange[], e: Record<string, string>, a: Record<string, string>, ig: Ignore, bounds: FieldChange | null = null): void {
  for (const k in e) {
    const ev = e[k], av = a[k];
    if (k === 'bounds') { if (bounds) out.push(bounds); continue; }
    if (ev === av || ignoredField(ig, k)) continue;
    out.push({ field: k, expected: ev ?? null, actual: av ?? null });
  }
  for (const k in a) {
    if (k === 'bounds' && !('bounds' in e)) { if (bounds) out.push(bounds); continue; }
    if (k in e || ignoredField(ig, k)) continue;
    out.push({ field: k, expected: null, actual: a[k]! });
  }
}

/** Appends what differs to `out` (the run's scratch list: most pairs differ in nothing, and allocate nothing). */
function compareNodes(p: Pair, ig: Ignore, tol: number, out: FieldChange[]): void {
  const e = p.e, a = p.a;
  if (e.head !== a.head && !ignoredField(ig, 'role')) out.push({ field: 'role', expected: e.head, actual: a.head });
  if (e.text !== a.text && !ignoredField(ig, 'text')) out.push({ field: 'text', expected: e.text ?? null, actual: a.text ?? null });
  const bounds = !ignoredField(ig, 'bounds') && boundsChanged(p, tol);
  compareAttrs(out, e.attrs, a.attrs, ig, bounds ? { field: 'bounds', expected: e.attrs.bounds ?? null, actual: a.attrs.bounds ?? null } : null);
  compareFlags(out, e.flags, a.flags, ig);
  if (!sameList(e.actions, a.actions) && !ignoredField(ig, 'actions')) {
    out.push({ field: 'actions', expected: e.actions?.join(',') || null, actual: a.actions?.join(',') || null });
  }
}

function compareRoots(e: GoldenRoot, a: GoldenRoot, ig: Ignore): FieldChange[] {
  const out: FieldChange[] = [];
  if (e.rootId !== a.rootId && !ignoredField(ig, 'rootId')) out.push({ field: 'rootId', expected: e.rootId, actual: a.rootId });
  if (e.label !== a.label && !ignoredField(ig, 'label')) out.push({ field: 'label', expected: e.label ?? null, actual: a.label ?? null });
  compareAttrs(out, e.attrs, a.attrs, ig);
  compareFlags(out, e.flags, a.flags, ig);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The diff

function subtreeSize(e: GoldenNode | GoldenRoot): number {
  let n = 'rootId' in e ? 0 : 1;
  const stack = [...e.children];
  while (stack.length) {
    const c = stack.pop()!;
    n++;
    for (const k of c.children) stack.push(k);
  }
  return n;
}

/** How two sibling lists pair up. `pairE` null: the lists are the same length and pair in order. */
interface Alignment {
  n: number;
  m: number;
  pairE: Int32Array | null;
  pairA: Int32Array | null;
  /** Per golden index: paired across the list (a move). */
  moved: Uint8Array | null;
}

interface AlignmentVisitor {
  pair(i: number, j: number, moved: boolean): void;
  added(j: number): void;
  removed(i: number): void;
  /** Where a moved node was in the golden (it is reported where it is now). */
  left(i: number): void;
}

/**
 * Aligns two sibling lists: LCS on identity keys, then identity pairs across gaps (moves), then pairs by
 * role inside each gap (when `compatible`).
 */
function alignSiblings<T>(exp: readonly T[], act: readonly T[], key: (x: T) => string, head: (x: T) => string, compatible?: (e: T, a: T) => boolean, same?: (e: T, a: T) => boolean): Alignment {
  const n = exp.length, m = act.length;
  if (n === m) {
    // Fast path: nothing inserted, removed or reordered (the usual case); no arrays allocated.
    let i = 0;
    if (same) while (i < n && same(exp[i]!, act[i]!)) i++;
    else while (i < n && key(exp[i]!) === key(act[i]!)) i++;
    if (i === n) return { n, m, pairE: null, pairA: null, moved: null };
  }
  const ke = exp.map(key), ka = act.map(key);
  const pairE = align(ke, ka);
  const pairA = new Int32Array(m).fill(-1);
  let unpaired = false;
  for (let i = 0; i < n; i++) { const j = pairE[i]!; if (j >= 0) pairA[j] = i; else unpaired = true; }
  const moved = new Uint8Array(n);
  if (unpaired || n !== m) {
    // Moves: an identity key unpaired on both sides (necessarily in different gaps, or the LCS would have paired it).
    const waiting = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      if (pairE[i]! < 0 && isIdentity(ke[i]!)) { const q = waiting.get(ke[i]!); if (q) q.push(i); else waiting.set(ke[i]!, [i]); }
    }
    if (waiting.size) {
      for (let j = 0; j < m; j++) {
        if (pairA[j]! >= 0) continue;
        const q = waiting.get(ka[j]!);
        if (q?.length) { const i = q.shift()!; pairE[i] = j; pairA[j] = i; moved[i] = 1; }
      }
    }
    // In each gap between in-order pairs, pair what is left by role, in order (a relabelled node).
    let i = 0, j = 0;
    while (i < n || j < m) {
      const gi: number[] = [], gj: number[] = [];
      while (i < n && (pairE[i]! < 0 || moved[i])) { if (pairE[i]! < 0) gi.push(i); i++; }
      while (j < m && (pairA[j]! < 0 || moved[pairA[j]!])) { if (pairA[j]! < 0) gj.push(j); j++; }
      if (gi.length && gj.length) {
        const p = align(gi.map((x) => head(exp[x]!)), gj.map((y) => head(act[y]!)));
        for (let g = 0; g < gi.length; g++) {
          const x = gi[g]!, y = p[g]! >= 0 ? gj[p[g]!]! : -1;
          if (y >= 0 && (!compatible || compatible(exp[x]!, act[y]!))) { pairE[x] = y; pairA[y] = x; }
        }
      }
      i++; j++; // past the in-order pair that ends this gap
    }
  }
  return { n, m, pairE, pairA, moved };
}

/** Visits an alignment in actual order, each gap's removals before its additions. */
function visitAlignment(al: Alignment, v: AlignmentVisitor): void {
  const { n, m, pairE, pairA, moved } = al;
  if (!pairE || !pairA || !moved) {
    for (let i = 0; i < n; i++) v.pair(i, i, false);
    return;
  }
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && pairE[i]! < 0) { v.removed(i); i++; continue; }
    if (i < n && moved[i]) { v.left(i); i++; continue; }
    if (j < m && pairA[j]! < 0) { v.added(j); j++; continue; }
    if (j < m && moved[pairA[j]!]) { v.pair(pairA[j]!, j, true); j++; continue; }
    v.pair(i, j, false);
    i++; j++;
  }
}

/** A step of the path to a node: the node's pair (or its window), for labels in changes. */
interface PathLink {
  entry: GoldenNode | GoldenRoot;
  parent: PathLink | null;
  /** The outermost link (the window): itself when it has no parent. */
  top: PathLink;
  rootId: string | null;
  /** The golden line (of the node, or of its window). */
  line: number;
}

/** Where a pair sits: its parent link, its indexes on both sides, and the reference shift it is judged by. */
interface PairPlace {
  parent: PathLink | null;
  from: number;
  to: number;
  moved: boolean;
  /** The reference shift to compare its position with; hasRef false: explained by a sibling, not compared. */
  hasRef: boolean;
  rdx: number;
  rdy: number;
}

/** Two nodes to compare, and where they sit. Also the path link of their children. Flat fields: a big diff makes 10⁵ of these. */
interface Pair extends PathLink, PairPlace {
  e: GoldenNode;
  a: GoldenNode;
  /** Both sides have bounds of four integers; then dw, dh: the size change (actual − golden). */
  both: boolean;
  dw: number;
  dh: number;
  /** Its own shift (its parent's when bounds are missing), the reference of its first child. */
  dx: number;
  dy: number;
}

/**
 * One diff's state (docs/design.md §8): the options as compiled, the task stack, the changes so far and
 * the per-diff memos. Nothing is stored on the trees, so a fresh tree costs what a re-diffed one does.
 */
class DiffRun implements AlignmentVisitor {
  readonly changes: Change[] = [];
  /** Pairs to compare and changes to emit, popped in document order. */
  private readonly tasks: Array<Pair | Change> = [];
  /** Nodes that come right after ignored ones: their position is not compared (the ignored node may explain a shift). */
  private readonly afterIgnored = new Set<GoldenNode>();
  private readonly sigs: SigMemo = { sigs: new Map(), nodes: [], at: [] };
  private readonly scratch: FieldChange[] = [];
  /** Bounds of the pair being made (x, y, w, h), golden and actual side. */
  private readonly eb = [0, 0, 0, 0];
  private readonly ab = [0, 0, 0, 0];
  private readonly key = (x: GoldenNode) => keyOf(x, this.sigs);
  private readonly same = (e: GoldenNode, a: GoldenNode) => sameKey(e, a, this.sigs);
  readonly keep: ((x: GoldenNode) => boolean) | null;

  constructor(readonly ig: Ignore, readonly tol: number) {
    this.keep = ig.nodes.length ? (x: GoldenNode) => !ignoredNode(ig, x) : null;
  }

  pairOf(e: GoldenNode, a: GoldenNode, at: PairPlace): Pair {
    // Read into two scratch arrays, not a Rect per side; the same text (most pairs of a screen that did
    // not move) is read once.
    const bs = e.attrs.bounds, as = a.attrs.bounds;
    const x = this.eb, y = this.ab;
    const both = bs !== undefined && as !== undefined && readBounds(bs, x) && (as === bs ? (y[0] = x[0]!, y[1] = x[1]!, y[2] = x[2]!, y[3] = x[3]!, true) : readBounds(as, y));
    const parent = at.parent;
    const p: Pair = {
      entry: a, parent, top: null as unknown as PathLink, rootId: parent?.rootId ?? null, line: e.line,
      e, a, both, dw: both ? y[2]! - x[2]! : 0, dh: both ? y[3]! - x[3]! : 0, from: at.from, to: at.to, moved: at.moved, hasRef: at.hasRef, rdx: at.rdx, rdy: at.rdy,
      dx: both ? y[0]! - x[0]! : at.rdx, dy: both ? y[1]! - x[1]! : at.rdy,
    };
    p.top = parent ? parent.top : p;
    return p;
  }

  /** The window's one node on each side, compared whatever its identity. */
  pushPair(p: Pair): void {
    this.tasks.push(p);
  }

  private nodeChange(kind: 'added' | 'removed', x: GoldenNode, parent: PathLink | null, index: number): Change {
    return {
      kind, label: labelOf(x), path: pathOf(parent), line: kind === 'removed' ? x.line : parent?.line ?? 0, rootId: parent?.rootId ?? null,
      index, size: subtreeSize(x), ...(kind === 'removed' ? { expected: x } : { actual: x }),
    };
  }

  private kept(list: readonly GoldenNode[]): readonly GoldenNode[] {
    const keep = this.keep;
    if (!keep) return list;
    const out: GoldenNode[] = [];
    let skipped = false;
    for (const x of list) {
      if (!keep(x)) { skipped = true; continue; }
      if (skipped) this.afterIgnored.add(x);
      skipped = false;
      out.push(x);
    }
    return out;
  }

  // The sibling lists being visited (pushChildren is never re-entered: drain runs after it returns), so
  // the run is its own AlignmentVisitor and no closures are made per list.
  private exp: readonly GoldenNode[] = [];
  private act: readonly GoldenNode[] = [];
  private parent: PathLink | null = null;
  private place: PairPlace = { parent: null, from: 0, to: 0, moved: false, hasRef: true, rdx: 0, rdy: 0 };
  /** The reference shift chain is broken: by what explains a shift (inserted, removed, moved, resized, ignored). */
  private broken = false;

  /** Aligns two child lists and queues their pairs and changes, in document order. */
  pushChildren(expList: readonly GoldenNode[], actList: readonly GoldenNode[], parent: PathLink | null, pdx: number, pdy: number): void {
    const exp = this.exp = this.kept(expList), act = this.act = this.kept(actList);
    // One child each (a wrapper chain, the usual case deep in a tree): what the alignment below would
    // decide, without the identity keys — tagged on both sides, the tags decide; else the heads do.
    const al = exp.length === 1 && act.length === 1
      ? (sameOnly(exp[0]!, act[0]!) ? IN_ORDER_1 : APART_1)
      : alignSiblings(exp, act, this.key, headOf, differentTags, this.same);
    const start = this.tasks.length;
    this.parent = parent;
    // Reference shifts in sibling order: the previous sibling's; restarted by what explains a shift.
    this.place = { parent, from: 0, to: 0, moved: false, hasRef: true, rdx: pdx, rdy: pdy };
    this.broken = false;
    visitAlignment(al, this);
    // Queued in document order; the stack pops from the end.
    const tasks = this.tasks;
    for (let x = start, y = tasks.length - 1; x < y; x++, y--) { const t = tasks[x]!; tasks[x] = tasks[y]!; tasks[y] = t; }
  }

  pair(i: number, j: number, moved: boolean): void {
    const e = this.exp[i]!, a = this.act[j]!, place = this.place;
    if (this.afterIgnored.size && (this.afterIgnored.has(e) || this.afterIgnored.has(a))) this.broken = true;
    place.from = i; place.to = j; place.moved = moved; place.hasRef = !moved && !this.broken;
    const p = this.pairOf(e, a, place);
    this.tasks.push(p);
    if (moved) this.broken = true;
    else { place.rdx = p.dx; place.rdy = p.dy; this.broken = resized(p, this.tol); }
  }

  added(j: number): void {
    this.tasks.push(this.nodeChange('added', this.act[j]!, this.parent, j));
    this.broken = true;
  }

  removed(i: number): void {
    this.tasks.push(this.nodeChange('removed', this.exp[i]!, this.parent, i));
    this.broken = true;
  }

  left(): void {
    this.broken = true;
  }

  drain(): void {
    const tasks = this.tasks;
    while (tasks.length) {
      const t = tasks.pop()!;
      if ('kind' in t) { this.changes.push(t); continue; }
      compareNodes(t, this.ig, this.tol, this.scratch);
      if (t.moved || this.scratch.length) {
        const fields = this.scratch.splice(0);
        this.changes.push({
          kind: t.moved ? 'moved' : 'changed', label: labelOf(t.e), path: pathOf(t.parent), line: t.e.line, rootId: t.rootId,
          fields, ...(t.moved ? { from: t.from, to: t.to } : {}), expected: t.e, actual: t.a,
        });
      }
      if (t.e.children.length || t.a.children.length) this.pushChildren(t.e.children, t.a.children, t, t.dx, t.dy);
    }
  }
}

const headOf = (x: GoldenNode) => x.head;

/** One child on each side: paired by alignSiblings exactly when this holds (equal keys, or equal heads with compatible tags). */
function sameOnly(e: GoldenNode, a: GoldenNode): boolean {
  const te = e.attrs.tag, ta = a.attrs.tag;
  return te !== undefined && ta !== undefined ? te === ta : e.head === a.head;
}
const IN_ORDER_1: Alignment = { n: 1, m: 1, pairE: null, pairA: null, moved: null };
// Read only (visitAlignment never writes an alignment), so one copy serves every diff.
const APART_1: Alignment = { n: 1, m: 1, pairE: Int32Array.of(-1), pairA: Int32Array.of(-1), moved: new Uint8Array(1) };

/** Compares a golden tree (expected) with an actual one. Changes come in document order. */
export function diffTrees(expected: GoldenTree, actual: GoldenTree, options: DiffOptions = {}): TreeDiff {
  const tol = options.tolerancePx ?? 1;
  if (!(tol >= 0)) throw new TargetError('invalid_arguments', `tolerancePx must be a number ≥ 0, got ${String(options.tolerancePx)}`, { hint: 'Pass tolerancePx: 0 for exact bounds.' });
  const run = new DiffRun(compileIgnore(options.ignore), tol);
  const { changes, keep } = run;

  // Windows pair only by label / rootId: a popup replaced by a dialog is one window gone and one new.
  const rootKey = (r: GoldenRoot) => (r.label !== undefined ? 'l:' + r.label : 'i:' + r.rootId);
  const er = expected.roots, ar = actual.roots;
  visitAlignment(alignSiblings(er, ar, rootKey, rootKey), {
    pair: (i, j, moved) => {
      const e = er[i]!, a = ar[j]!;
      const fields = compareRoots(e, a, run.ig);
      if (moved || fields.length) {
        changes.push({ kind: moved ? 'moved' : 'changed', label: labelOf(e), path: [], line: e.line, rootId: a.rootId, fields, ...(moved ? { from: i, to: j } : {}), expected: e, actual: a });
      }
      const win = { entry: a, parent: null, rootId: a.rootId, line: e.line } as PathLink;
      win.top = win;
      const en = e.children[0], an = a.children[0];
      // A window's one node is compared with the other's whatever its identity.
      if (en && an && e.children.length === 1 && a.children.length === 1 && (!keep || (keep(en) && keep(an)))) {
        run.pushPair(run.pairOf(en, an, { parent: win, from: 0, to: 0, moved: false, hasRef: true, rdx: 0, rdy: 0 }));
      } else run.pushChildren(e.children, a.children, win, 0, 0);
      run.drain();
    },
    added: (j) => {
      const r = ar[j]!;
      changes.push({ kind: 'added', label: labelOf(r), path: [], line: 0, rootId: r.rootId, index: j, size: subtreeSize(r), actual: r });
    },
    removed: (i) => {
      const r = er[i]!;
      changes.push({ kind: 'removed', label: labelOf(r), path: [], line: r.line, rootId: r.rootId, index: i, size: subtreeSize(r), expected: r });
    },
    left: () => {},
  });
  // A locator's subtree golden: the top entries are siblings.
  if (expected.entries.length || actual.entries.length) {
    run.pushChildren(expected.entries, actual.entries, null, 0, 0);
    run.drain();
  }
  return { changes };
}

// ---------------------------------------------------------------------------------------------------
// Text

function showValue(field: string, v: string | null): string {
  if (v === null) return '(none)';
  if (field === 'text' || field === 'label') return quote(v);
  if (field === 'flags') return `[${v}]`;
  return formatValue(v);
}

function describeFields(fields: readonly FieldChange[]): string {
  return fields.map((f) => {
    if (f.field === 'flags') {
      const e = new Set(f.expected?.split(' ') ?? []), a = new Set(f.actual?.split(' ') ?? []);
      const parts = [...[...a].filter((x) => !e.has(x)).map((x) => '+' + x), ...[...e].filter((x) => !a.has(x)).map((x) => '-' + x)];
      return `[${parts.join(' ')}]`;
    }
    return `${f.field} ${showValue(f.field, f.expected)} → ${showValue(f.field, f.actual)}`;
  }).join(', ');
}

/** One line for a change: `+ …` added, `- …` removed, `~ …` changed or moved. */
export function changeLine(c: Change): string {
  const where = c.line ? `line ${c.line}` : 'golden';
  const more = (c.size ?? 1) > 1 ? ` (+${c.size! - 1} below)` : '';
  switch (c.kind) {
    case 'added': {
      const a = c.actual!;
      const text = 'rootId' in a ? labelOf(a) : formatEntryLine(a);
      return `+ ${text}${more}  (${c.line ? `under line ${c.line}, ` : ''}at ${c.index})`;
    }
    case 'removed': {
      const e = c.expected!;
      const text = 'rootId' in e ? labelOf(e) : formatEntryLine(e);
      return `- ${text}${more}  (${where})`;
    }
    case 'moved':
      return `~ ${c.label} (${where}): moved ${c.from} → ${c.to}${c.fields?.length ? ', ' + describeFields(c.fields) : ''}`;
    case 'changed':
      return `~ ${c.label} (${where}): ${describeFields(c.fields ?? [])}`;
  }
}

export interface RenderDiffOptions {
  /** Lines of changes before "… and N more changes". Default 30. */
  maxLines?: number;
  /** Add each change's ancestors on a line of its own (the full diff does). */
  paths?: boolean;
}

/** The short `+ / - / ~` diff a failing matcher prints (30 changes, then a count), or with paths the full one. */
export function renderDiff(diff: TreeDiff, opts: RenderDiffOptions = {}): string {
  const max = opts.maxLines ?? 30;
  const lines: string[] = [];
  const shown = Math.min(diff.changes.length, max);
  for (let i = 0; i < shown; i++) {
    const c = diff.changes[i]!;
    lines.push(changeLine(c));
    if (opts.paths && c.path.length) lines.push(`    in ${c.path.join(' › ')}`);
  }
  const rest = diff.changes.length - shown;
  if (rest > 0) lines.push(`… and ${rest} more change${rest === 1 ? '' : 's'}`);
  return lines.join('\n');
}

/** `3 changes (1 added, 2 changed)`; `no changes`. */
export function summarizeDiff(diff: TreeDiff): string {
  const n = diff.changes.length;
  if (n === 0) return 'no changes';
  const by: Record<ChangeKind, number> = { added: 0, removed: 0, changed: 0, moved: 0 };
  for (const c of diff.changes) by[c.kind]++;
  const parts = (['added', 'removed', 'changed', 'moved'] as const).filter((k) => by[k]).map((k) => `${by[k]} ${k}`);
  return `${n} change${n === 1 ? '' : 's'} (${parts.join(', ')})`;
}

/** The diff as verify-lane findings (check `golden`, rule `golden-<kind>`, severity error). */
export function diffFindings(diff: TreeDiff): Finding[] {
  return diff.changes.map((c) => {
    const side = c.actual ?? c.expected;
    const node = side && !('rootId' in side) ? side.node ?? null : null;
    return {
      check: 'golden',
      rule: `golden-${c.kind}`,
      severity: 'error',
      nodeId: c.actual && node ? node.id : null,
      rootId: c.rootId,
      node: side ? ('rootId' in side ? labelOf(side) : formatEntryLine(side)) : null,
      message: changeLine(c),
      data: { kind: c.kind, line: c.line, path: c.path, ...(c.fields ? { fields: c.fields } : {}) },
    } satisfies Finding;
  });
}
