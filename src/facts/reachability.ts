import type { Node, Point, Root, Snapshot } from '../model/schema.js';
import { TargetError } from '../errors.js';
import { isEmptyRect, roundCoord } from '../common/geometry.js';
import { RectIndex } from './rect-index.js';

/** What analysis derives about one node (docs/design.md §8). Never stored by importers. Read-only: it may be shared (and frozen). */
export interface NodeReach {
  /** Whether the node accepts touch input at all (clickable, long-clickable, scrollable, editable, or has Click/LongClick/ScrollBy… actions). */
  acceptsTouch: boolean;
  /** null for nodes that do not accept touch (labels are never flagged either way). */
  hittable: boolean | null;
  /** The node that takes the touch instead (for a touch-modal window: that window's root node). */
  obscuredBy: Node | null;
  /** Offers something (actions / editable / scrollable) and enabled and hittable; null for labels. */
  operable: boolean | null;
  /**
   * Centre of the on-screen bounds, in the root's unit (screen coordinates, like bounds), rounded half
   * up to whole units as the platform's roundToInt does; null when there is nothing to aim at (empty
   * bounds, or the node or an ancestor is invisible).
   */
  tap: Point | null;
  root: Root;
}

export interface Reachability {
  get(node: Node): NodeReach;
  /**
   * The node a tap at screen point (x, y) is dispatched to, or null when nothing there takes touch.
   * When a window above another one swallows the tap without any of its nodes taking it (a touch-modal
   * window anywhere on screen, even when it is the only or bottom window; any other upper window
   * inside its root's bounds), the answer is that window's root node — the same node `obscuredBy`
   * names for what lies beneath.
   */
  nodeAt(x: number, y: number): Node | null;
}

// Per-node flag bits.
const TAP = 1; // a tap stops here
const DRAG = 2; // a drag is seen here
const OFFERS = 4; // offers something to do
const VISIBLE = 8; // the node and all its ancestors are visible
const RECEIVES = 16; // visible with non-empty bounds: can receive a point at all
const ENABLED = 32;

/** TAP / DRAG / OFFERS of a node, reading its actions once (the exported predicates share it). */
function touchBits(node: Node): number {
  let f = node.clickable || node.longClickable || node.editable ? TAP : 0;
  if (node.scrollable) f |= DRAG;
  const actions = node.actions;
  for (let k = 0; k < actions.length; k++) {
    const a = actions[k];
    if (a === 'Click' || a === 'LongClick' || a === 'SetText') f |= TAP;
    else if (a === 'ScrollBy' || a === 'ScrollToIndex') f |= DRAG;
  }
  // A clickable flag counts as the Click it stands for: formats without an action list (cmp-inspector
  // v1, uiautomator) carry only the flag, and a button read from them must not read "offers nothing".
  if (actions.length > 0 || node.editable || node.scrollable || node.clickable || node.longClickable) f |= OFFERS;
  return f;
}

/** A tap stops here: clickable, long-clickable, editable, or a Click / LongClick / SetText action. */
export function takesTap(node: Node): boolean {
  return (touchBits(node) & TAP) !== 0;
}

/** A drag is seen here: scrollable, or a ScrollBy / ScrollToIndex action. */
export function takesDrag(node: Node): boolean {
  return (touchBits(node) & DRAG) !== 0;
}

/** Accepts touch input at all. A node with only BringIntoView / RequestFocus / Dismiss… is a label. */
export function acceptsTouch(node: Node): boolean {
  return (touchBits(node) & (TAP | DRAG)) !== 0;
}

/** Offers something to do: an action, editable content or scrolling (a clickable flag counts as its Click). */
export function offersSomething(node: Node): boolean {
  return (touchBits(node) & OFFERS) !== 0;
}

/**
 * Visible as Playwright means it, counting ancestors: the node and every ancestor visible, with a
 * non-empty on-screen box — exactly when reachability gives it a tap point. The one definition the
 * audit (a11y-context's ON_SCREEN) and the locators' `visible` filter should share.
 */
export function isShown(snapshot: Snapshot, node: Node): boolean {
  return analyzeReachability(snapshot).get(node).tap !== null;
}

const cache = new WeakMap<Snapshot, Reachability>();

/**
 * Reachability of every node of a snapshot (docs/design.md §8, JetWhale's rules), memoised per snapshot
 * object: a snapshot is never mutated once built, and locators ask for it on every resolve.
 */
export function analyzeReachability(snapshot: Snapshot): Reachability {
  let r = cache.get(snapshot);
  if (!r) {
    r = new SnapshotReachability(snapshot);
    cache.set(snapshot, r);
  }
  return r;
}

/** The tree as per-node columns, in pre-order across the roots bottom to top (= drawing order). */
interface Columns {
  nodes: Node[];
  parent: Int32Array;
  flags: Uint8Array;
  /** Nearest ancestor-or-self that takes taps and receives points, or -1. */
  tapAncestor: Int32Array;
  /** Bounds, as x, y, width, height columns (the same arithmetic as geometry.ts on a Rect). */
  bx: Float64Array;
  by: Float64Array;
  bw: Float64Array;
  bh: Float64Array;
  /** Pre-order index of each window's root node: window w is the range [rootStart[w], rootStart[w + 1]). */
  rootStart: number[];
}

function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

/**
 * One iterative pre-order pass over every root into the columns, grown by doubling, so the tree is
 * read once: on 50,000 nodes, touching the node objects is most of the analysis. Not model/node's
 * walk: it hands over the parent as a Node (a Map lookup per node to get its index back) and
 * allocates per visit.
 */
function flatten(snapshot: Snapshot): Columns {
  let cap = 1024;
  let parent = new Int32Array(cap), flags = new Uint8Array(cap), tapAncestor = new Int32Array(cap);
  let bx = new Float64Array(cap), by = new Float64Array(cap), bw = new Float64Array(cap), bh = new Float64Array(cap);
  const nodes: Node[] = [];
  const rootStart: number[] = [];
  const stackNode: Node[] = [];
  const stackParent: number[] = [];
  const roots = snapshot.roots;
  let i = 0;
  for (let w = 0; w < roots.length; w++) {
    rootStart.push(i);
    stackNode.push(roots[w]!.node);
    stackParent.push(-1);
    while (stackNode.length) {
      const node = stackNode.pop()!, p = stackParent.pop()!;
      if (i === cap) {
        cap *= 2;
        parent = grown(parent, cap); flags = grown(flags, cap); tapAncestor = grown(tapAncestor, cap);
        bx = grown(bx, cap); by = grown(by, cap); bw = grown(bw, cap); bh = grown(bh, cap);
      }
      nodes.push(node);
      parent[i] = p;
      const b = node.bounds;
      bx[i] = b.x; by[i] = b.y; bw[i] = b.width; bh[i] = b.height;
      let f = touchBits(node);
      if (node.enabled) f |= ENABLED;
      if (node.visible && (p < 0 || flags[p]! & VISIBLE)) {
        f |= VISIBLE;
        if (!isEmptyRect(b)) f |= RECEIVES;
      }
      flags[i] = f;
      tapAncestor[i] = f & TAP && f & RECEIVES ? i : p >= 0 ? tapAncestor[p]! : -1;
      const kids = node.children;
      for (let c = kids.length - 1; c >= 0; c--) { stackNode.push(kids[c]!); stackParent.push(i); }
      i++;
    }
  }
  rootStart.push(i);
  return {
    nodes, rootStart,
    parent: parent.subarray(0, i), flags: flags.subarray(0, i), tapAncestor: tapAncestor.subarray(0, i),
    bx: bx.subarray(0, i), by: by.subarray(0, i), bw: bw.subarray(0, i), bh: bh.subarray(0, i),
  };
}

// Per-node outcome codes (`state`); a value ≥ 0 is the index of the node that obscures it.
const LABEL = -1;
const HITTABLE = -2;
const NO_AREA = -3; // accepts touch but has nothing to aim at: not hittable, obscured by nothing

/**
 * How a touch is dispatched, worked out from the capture alone (no tap sent):
 *
 * - Windows are walked from the top (last root) down. A touch-modal window takes every point on screen,
 *   so nothing below it receives anything. A window that is not touch-modal takes the points inside
 *   its root node's bounds — Android hands a touch to the topmost window whose frame contains it, and
 *   an undispatched touch does not fall through to the window below, so a dialog or popup's background
 *   consumes touches; outside its bounds they pass on. The bottom window's background takes nothing
 *   anyone could observe, so a point there that no node takes answers null — unless that window is
 *   touch-modal (a dialog dumped alone), which takes it like any touch-modal window.
 * - Within a window, the last-drawn node first: reverse pre-order (children last to first, a subtree
 *   before its parent). Only nodes that accept touch are candidates; labels never block. A node receives
 *   a point inside its own bounds (on screen, already clipped) if it and its ancestors are visible.
 *   Ancestors' bounds are not intersected: Compose delivers touches to children drawn outside a
 *   non-clipping parent, and `hittable: false` has to stay reliable.
 * - The first candidate found, H, is where the touch lands; the gesture then travels up H's ancestors.
 *   A tap stops at the deepest tap-taker on that path (H or its nearest tap-taking ancestor whose
 *   bounds hold the point; a scrollable does nothing with a tap, so a card around a carousel still gets
 *   its click), or at H itself when no one on the path takes taps. A drag is seen by every scrollable
 *   on the path, so a scrollable is reached when H is itself or inside its subtree.
 *
 * All nodes are hit-tested at their own tap point through one RectIndex (topmost rect at a point in
 * O(log² n)), so the whole analysis is O(n log² n) and iterative. The tree is read once, into compact
 * per-node columns; results live in those columns and get() builds a NodeReach from them on demand.
 */
class SnapshotReachability implements Reachability {
  private readonly snapshot: Snapshot;
  private readonly cols: Columns;
  /** Node → index, built on the first lookup the cursor cannot answer (see indexOfNode). */
  private indexOf: Map<Node, number> | null = null;
  private cursor = -1;
  /** The topmost touch-modal window, or -1. */
  private readonly modal: number;
  private readonly index: RectIndex;
  /** Item → node index; for a window-background item, the window root's node index. */
  private readonly itemNode: Int32Array;
  private readonly itemIsWindow: Uint8Array;
  private readonly state: Int32Array;
  /** The shared answers for nodes with nothing to aim at, by 2 × window + acceptsTouch. */
  private readonly blank: NodeReach[] = [];

  constructor(snapshot: Snapshot) {
    this.snapshot = snapshot;
    const cols = (this.cols = flatten(snapshot));
    const { nodes, parent, flags, rootStart, bx, by, bw, bh } = cols;
    const n = nodes.length;

    let modal = -1;
    snapshot.roots.forEach((root, w) => { if (root.touchModal) modal = w; });
    this.modal = modal;
    // Windows below the topmost touch-modal one never receive anything: their nodes start before `first`.
    const lowest = Math.max(modal, 0);
    const first = rootStart[lowest] ?? n;

    // Hit-test items in priority order: windows bottom to top and, within one, its background first,
    // then its touch-taking nodes in drawing (pre-)order. The modal window's own background needs no
    // item: an empty answer means it.
    const isBackground = (i: number) => parent[i]! < 0 && i > first;
    let count = 0;
    for (let i = first; i < n; i++) {
      const f = flags[i]!;
      if (!(f & RECEIVES)) continue;
      if (isBackground(i)) count++;
      if (f & (TAP | DRAG)) count++;
    }
    const x1 = new Float64Array(count), y1 = new Float64Array(count), x2 = new Float64Array(count), y2 = new Float64Array(count);
    const itemNode = (this.itemNode = new Int32Array(count)), itemIsWindow = (this.itemIsWindow = new Uint8Array(count));
    let k = 0;
    const pushItem = (i: number, isWindow: number) => {
      x1[k] = bx[i]!; y1[k] = by[i]!; x2[k] = bx[i]! + bw[i]!; y2[k] = by[i]! + bh[i]!;
      itemNode[k] = i;
      itemIsWindow[k++] = isWindow;
    };
    for (let i = first; i < n; i++) {
      const f = flags[i]!;
      if (!(f & RECEIVES)) continue;
      if (isBackground(i)) pushItem(i, 1);
      if (f & (TAP | DRAG)) pushItem(i, 0);
    }
    this.index = new RectIndex(x1, y1, x2, y2);

    // Pre-order: a subtree is the contiguous range [i, end[i]).
    const end = new Int32Array(n);
    for (let i = 0; i < n; i++) end[i] = i + 1;
    for (let i = n - 1; i > 0; i--) {
      const p = parent[i]!;
      if (p >= 0 && end[i]! > end[p]!) end[p] = end[i]!;
    }

    const state = (this.state = new Int32Array(n));
    const modalRoot = modal >= 0 ? rootStart[modal]! : -1;
    for (let i = 0; i < n; i++) {
      const f = flags[i]!;
      if (!(f & (TAP | DRAG))) { state[i] = LABEL; continue; }
      if (!(f & RECEIVES)) { state[i] = NO_AREA; continue; }
      if (i < first) { state[i] = modalRoot; continue; }
      // The hit point: geometry's hitPointOf, computed on the typed-array columns rather than through
      // node.bounds, because reading 50,000 node objects here is what makes big screens slow.
      const cx = bx[i]! + bw[i]! / 2, cy = by[i]! + bh[i]! / 2;
      const rx = roundCoord(cx), ry = roundCoord(cy);
      const inside = this.contains(i, rx, ry);
      const x = inside ? rx : cx, y = inside ? ry : cy;
      const item = this.index.query(x, y);
      // The node's own item contains its hit point, so an empty answer only comes from float overflow
      // at extreme coordinates; treat it as nothing to aim at.
      if (item < 0) { state[i] = NO_AREA; continue; }
      if (itemIsWindow[item]) { state[i] = itemNode[item]!; continue; }
      const h = itemNode[item]!;
      const dragOk = (f & DRAG) !== 0 && h >= i && h < end[i]!;
      const tapTarget = this.tapTargetFrom(h, x, y);
      const tapOk = (f & TAP) !== 0 && tapTarget === i;
      // A tap-taker is obscured by whatever takes its tap; a scrollable by what the drag lands on,
      // which is outside its subtree here.
      state[i] = tapOk || dragOk ? HITTABLE : f & TAP ? tapTarget : h;
    }
  }

  private contains(i: number, x: number, y: number): boolean {
    const { bx, by, bw, bh } = this.cols;
    const l = bx[i]!, t = by[i]!;
    return x >= l && x < l + bw[i]! && y >= t && y < t + bh[i]!;
  }

  /** Where a tap that lands on candidate h stops (see the class comment). */
  private tapTargetFrom(h: number, x: number, y: number): number {
    const { tapAncestor, parent } = this.cols;
    let a = tapAncestor[h]!;
    while (a >= 0 && !this.contains(a, x, y)) {
      const p = parent[a]!;
      a = p >= 0 ? tapAncestor[p]! : -1;
    }
    return a >= 0 ? a : h;
  }

  /**
   * Callers mostly ask in document order (an outline, a locator filtering every node), so the node
   * after the last one asked for is tried first; only an out-of-order lookup builds the Map, once.
   */
  private indexOfNode(node: Node): number | undefined {
    const nodes = this.cols.nodes;
    const next = this.cursor + 1;
    if (nodes[next] === node) return (this.cursor = next);
    if (nodes[this.cursor] === node) return this.cursor;
    if (!this.indexOf) {
      this.indexOf = new Map();
      for (let i = 0; i < nodes.length; i++) this.indexOf.set(nodes[i]!, i);
    }
    const i = this.indexOf.get(node);
    if (i !== undefined) this.cursor = i;
    return i;
  }

  get(node: Node): NodeReach {
    const i = this.indexOfNode(node);
    if (i === undefined) {
      throw new TargetError('target_not_found', `node #${node.id} is not part of the snapshot being analysed`, {
        where: this.snapshot.source,
        hint: 'Analyse the snapshot the node came from: a node from an earlier capture is not in a new one.',
      });
    }
    // Built from the columns on every call rather than kept: holding 50,000 result objects costs
    // more (they outlive the young generation) than making the few a caller keeps. Nodes with nothing
    // to aim at (scrolled out, invisible: often most of a long list) share one frozen answer per window.
    const { flags, bx, by, bw, bh, rootStart, nodes } = this.cols;
    const f = flags[i]!, st = this.state[i]!;
    const accepts = (f & (TAP | DRAG)) !== 0;
    let w = rootStart.length - 2;
    while (rootStart[w]! > i) w--;
    if (!(f & RECEIVES)) {
      const key = 2 * w + (accepts ? 1 : 0);
      return (this.blank[key] ??= Object.freeze({
        acceptsTouch: accepts, hittable: accepts ? false : null, obscuredBy: null, operable: accepts ? false : null, tap: null,
        root: this.snapshot.roots[w]!,
      }));
    }
    return {
      acceptsTouch: accepts,
      hittable: accepts ? st === HITTABLE : null,
      obscuredBy: st >= 0 ? nodes[st]! : null,
      operable: accepts ? (f & (OFFERS | ENABLED)) === (OFFERS | ENABLED) && st === HITTABLE : null,
      // geometry's tapPointOf, on the columns: RECEIVES means non-empty bounds, so there is one.
      tap: { x: roundCoord(bx[i]! + bw[i]! / 2), y: roundCoord(by[i]! + bh[i]! / 2) },
      root: this.snapshot.roots[w]!,
    };
  }

  nodeAt(x: number, y: number): Node | null {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      throw new TargetError('invalid_arguments', `nodeAt needs a finite screen point, got (${x}, ${y})`, {
        where: this.snapshot.source,
        hint: 'Pass x and y as numbers in the roots\' unit, in screen coordinates.',
      });
    }
    const nodes = this.cols.nodes;
    const item = this.index.query(x, y);
    // A touch-modal window takes every point none of its nodes take, the bottom one included.
    if (item < 0) return this.modal >= 0 ? nodes[this.cols.rootStart[this.modal]!]! : null;
    const h = this.itemNode[item]!;
    if (this.itemIsWindow[item]) return nodes[h]!;
    return nodes[this.tapTargetFrom(h, x, y)]!;
  }
}
