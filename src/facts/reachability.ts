import type { Node, Point, Root, Snapshot } from '../model/schema.js';
import { TargetError } from '../errors.js';
import { roundCoord } from '../common/geometry.js';
import { FACT, nodeFacts, type NodeFacts } from './node-facts.js';
import { RectIndex } from './rect-index.js';
import { perSnapshot } from '../model/memo.js';

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
   * Where a tap aims, in the root's unit (screen coordinates, like bounds): the centre of the on-screen
   * bounds, rounded half up to whole units as the platform's roundToInt does — or, when something else
   * takes the centre (the node's own clickable child, a sibling drawn on top), the centre of the largest
   * part of the node a touch does reach; for a web inline element (a wrapped or rotated link), the
   * centre of its first line fragment, where Playwright aims (platform.aim). null when there is nothing to aim at (empty bounds, or the
   * node or an ancestor is invisible). When no part reaches the node it stays the centre.
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

// The facts store's bits this analysis reads (node-facts.ts).
const { TAP, DRAG, OFFERS, ENABLED } = FACT;
/** Visible with non-empty bounds: can receive a point at all. */
const RECEIVES = FACT.ON_SCREEN;
// A web node: Chromium hit-tests it by paint order (platform.paintOrder), whatever it offers; without
// a paint order (pointer-events: none, no box) it receives no point at all (see webHit). Bits above
// the facts store's (FACT), on this analysis's own copy of the flags.
const WEB = 1 << 24;
const HITS = 1 << 25; // a web node with a paint order: a hit-test item, even if it takes no touch

/**
 * Visible as Playwright means it, counting ancestors: the node and every ancestor visible, with a
 * non-empty on-screen box — exactly when reachability gives it a tap point (FACT.ON_SCREEN).
 */
export function isShown(snapshot: Snapshot, node: Node): boolean {
  return analyzeReachability(snapshot).get(node).tap !== null;
}

/**
 * Reachability of every node of a snapshot (docs/design.md §8, JetWhale's rules), memoised per snapshot
 * object: a snapshot is never mutated once built, and locators ask for it on every resolve.
 */
export const analyzeReachability: (snapshot: Snapshot) => Reachability = perSnapshot((snapshot) => new SnapshotReachability(snapshot));

/** The facts store's columns, plus the nearest ancestor-or-self that takes taps and receives points (or -1). */
interface Columns extends Pick<NodeFacts, 'nodes' | 'parent' | 'bx' | 'by' | 'bw' | 'bh' | 'rootStart' | 'ends'> {
  /** The store's fact bits, with WEB / HITS added on a copy when the tree has web nodes. */
  flags: Uint32Array;
  tapAncestor: Int32Array;
  /** Chromium's paint order of web nodes that hit-test (NaN elsewhere); null when the tree has no web node. */
  paint: Float64Array | null;
  /** Web nodes aimed at off their box's centre (platform.aim: an inline element's first line fragment). */
  aim: Map<number, Point>;
  /** Nodes hit by their line fragments rather than their whole rect (the facts store's). */
  fragments: ReadonlyMap<number, Float64Array>;
}

function columns(snapshot: Snapshot): Columns {
  const facts = nodeFacts(snapshot);
  const { parent, nodes } = facts;
  const n = nodes.length;
  // Web nodes add their own bits: copy the store's flags (shared by every reader) only when there are any.
  let flags: Uint32Array = facts.flags;
  let paint: Float64Array | null = null;
  const aim = new Map<number, Point>();
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!;
    if (node.kind !== 'web') continue;
    if (!paint) { paint = new Float64Array(n).fill(NaN); flags = Uint32Array.from(facts.flags); }
    const a = node.platform.aim as Point | undefined;
    if (a && Number.isFinite(a.x) && Number.isFinite(a.y)) aim.set(i, a);
    const po = node.platform.paintOrder;
    let f = flags[i]! | WEB;
    if (typeof po === 'number') { paint[i] = po; f |= HITS; }
    flags[i] = f;
  }
  const tapAncestor = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const f = flags[i]!, p = parent[i]!;
    tapAncestor[i] = f & TAP && f & RECEIVES ? i : p >= 0 ? tapAncestor[p]! : -1;
  }
  // Geometry is the visible rect: the bounds cut by what clips them (facts/clip.ts).
  const { vx: bx, vy: by, vw: bw, vh: bh, rootStart, ends, fragments } = facts;
  return { nodes, parent, flags, bx, by, bw, bh, rootStart, ends, tapAncestor, paint, aim, fragments };
}

/**
 * Puts the hit-test items of each window in Chromium's paint order (a later item is on top): by paint
 * order, and in document order among equal ones, as Chromium paints one layer's boxes. A window's own
 * background item stays at its bottom. In place; items of one window stay together.
 */
function paintOrdered(paint: Float64Array, rootStart: readonly number[], x1: Float64Array, y1: Float64Array, x2: Float64Array, y2: Float64Array, itemNode: Int32Array, itemIsWindow: Uint8Array): void {
  const count = itemNode.length;
  const win = new Int32Array(count);
  for (let k = 0, w = 0; k < count; k++) {
    while (w + 1 < rootStart.length && itemNode[k]! >= rootStart[w + 1]!) w++;
    win[k] = w;
  }
  const key = (k: number) => (itemIsWindow[k] ? -Infinity : Number.isNaN(paint[itemNode[k]!]!) ? -1 : paint[itemNode[k]!]!);
  const perm = Array.from({ length: count }, (_, k) => k);
  perm.sort((a, b) => win[a]! - win[b]! || key(a) - key(b) || a - b);
  const copy = <T extends Float64Array | Int32Array | Uint8Array>(arr: T) => {
    const old = arr.slice();
    for (let k = 0; k < count; k++) arr[k] = old[perm[k]!]!;
  };
  copy(x1); copy(y1); copy(x2); copy(y2); copy(itemNode); copy(itemIsWindow);
}

/** A rect as [left, top, right, bottom]. */
type Piece = [number, number, number, number];

/** Hit tests spent looking for a free part of one node. */
const MAX_PROBES = 12;

/**
 * The maximal rects of p outside cut, appended to out: the whole bands above, below, left and right of
 * it (they overlap; each is as large as it can be, so "the largest free part" is a real one rather than
 * an artefact of how the area was split).
 */
function subtract(p: Piece, cut: Piece, out: Piece[]): void {
  const [l, t, r, b] = p;
  const [cl, ct, cr, cb] = cut;
  if (cr <= l || cl >= r || cb <= t || ct >= b) { out.push(p); return; }
  if (ct > t) out.push([l, t, r, ct]);
  if (cb < b) out.push([l, cb, r, b]);
  if (cl > l) out.push([l, t, cl, b]);
  if (cr < r) out.push([cr, t, r, b]);
}

/** Pieces with those inside another one dropped, the largest MAX_PIECES kept (largest first). */
function prune(pieces: Piece[]): Piece[] {
  const area = (p: Piece) => (p[2] - p[0]) * (p[3] - p[1]);
  pieces.sort((a, b) => area(b) - area(a));
  const kept: Piece[] = [];
  for (const p of pieces) {
    if (kept.length === MAX_PIECES) break;
    if (!kept.some((k) => k[0] <= p[0] && k[1] <= p[1] && k[2] >= p[2] && k[3] >= p[3])) kept.push(p);
  }
  return kept;
}

const MAX_PIECES = 32;

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
  /** Item rects, for the free-area search. */
  private readonly ix1: Float64Array;
  private readonly iy1: Float64Array;
  private readonly ix2: Float64Array;
  private readonly iy2: Float64Array;
  /** Subtree ends by node (pre-order: the subtree of i is [i, end[i])). */
  private readonly end: Int32Array;
  /** Tap points off the centre, for nodes whose centre something else takes. */
  private readonly moved = new Map<number, Point>();
  /** The shared answers for nodes with nothing to aim at, by 2 × window + acceptsTouch. */
  private readonly blank: NodeReach[] = [];

  constructor(snapshot: Snapshot) {
    this.snapshot = snapshot;
    const cols = (this.cols = columns(snapshot));
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
    // An iOS window (an `apple` root) takes no touch its views do not take: UIKit hit-testing passes
    // through a window none of whose views is hit (system windows for the status bar or an idle
    // alert host span the screen), so only Android windows swallow touches with their background.
    // A modal one still blocks everything beneath (touchModal).
    const isBackground = (i: number) => parent[i]! < 0 && i > first && nodes[i]!.kind !== 'apple';
    const isItem = (f: number) => (f & WEB ? (f & HITS) !== 0 : (f & (TAP | DRAG)) !== 0);
    // A node drawn as line fragments (a wrapped text run or inline element) is one item per fragment.
    const { fragments } = cols;
    const itemsOf = (i: number) => { const fr = fragments.get(i); return fr ? fr.length / 4 : 1; };
    let count = 0;
    for (let i = first; i < n; i++) {
      const f = flags[i]!;
      if (!(f & RECEIVES)) continue;
      if (isBackground(i)) count++;
      if (isItem(f)) count += itemsOf(i);
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
      if (!isItem(f)) continue;
      const fr = fragments.get(i);
      if (!fr) { pushItem(i, 0); continue; }
      for (let j = 0; j < fr.length; j += 4) {
        x1[k] = fr[j]!; y1[k] = fr[j + 1]!; x2[k] = fr[j]! + fr[j + 2]!; y2[k] = fr[j + 1]! + fr[j + 3]!;
        itemNode[k] = i;
        itemIsWindow[k++] = 0;
      }
    }
    if (cols.paint) paintOrdered(cols.paint, rootStart, x1, y1, x2, y2, itemNode, itemIsWindow);
    this.index = new RectIndex(x1, y1, x2, y2);
    this.ix1 = x1; this.iy1 = y1; this.ix2 = x2; this.iy2 = y2;

    // Pre-order: a subtree is the contiguous range [i, end[i]).
    const end = (this.end = cols.ends);

    const state = (this.state = new Int32Array(n));
    const modalRoot = modal >= 0 ? rootStart[modal]! : -1;
    for (let i = 0; i < n; i++) {
      const f = flags[i]!;
      if (!(f & (TAP | DRAG))) { state[i] = LABEL; continue; }
      if (!(f & RECEIVES)) { state[i] = NO_AREA; continue; }
      if (i < first) { state[i] = modalRoot; continue; }
      // The hit point: geometry's hitPointOf, computed on the columns the tree was read into.
      // A web node may be aimed off its centre (an inline element's first line fragment, as
      // Playwright aims), when that point is on screen inside its bounds.
      const aimed = f & WEB ? cols.aim.get(i) : undefined;
      const onAim = !!aimed && this.contains(i, roundCoord(aimed.x), roundCoord(aimed.y));
      const cx = onAim ? aimed!.x : bx[i]! + bw[i]! / 2, cy = onAim ? aimed!.y : by[i]! + bh[i]! / 2;
      const rx = roundCoord(cx), ry = roundCoord(cy);
      const inside = this.contains(i, rx, ry);
      const x = inside ? rx : cx, y = inside ? ry : cy;
      if (onAim) this.moved.set(i, { x, y });
      const item = this.index.query(x, y);
      // The node's own item contains its hit point, so an empty answer only comes from float overflow
      // at extreme coordinates; treat it as nothing to aim at.
      if (item < 0) { state[i] = NO_AREA; continue; }
      if (itemIsWindow[item]) { state[i] = itemNode[item]!; continue; }
      const h = itemNode[item]!;
      const dragOk = (f & DRAG) !== 0 && h >= i && h < end[i]!;
      if (f & WEB) {
        // Chromium: the event goes to the topmost element painted at the point and bubbles up, so a
        // node is reached when that element is the node or inside it; otherwise that element obscures it.
        // The centre only, as Playwright aims and elementFromPoint answers: no free-part search on the web.
        state[i] = f & HITS && h >= i && h < end[i]! ? HITTABLE : h;
        continue;
      }
      const tapTarget = this.tapTargetFrom(h, x, y);
      const tapOk = (f & TAP) !== 0 && tapTarget === i;
      // A tap-taker is obscured by whatever takes its tap; a scrollable by what the drag lands on,
      // which is outside its subtree here.
      state[i] = tapOk || dragOk ? HITTABLE : f & TAP ? tapTarget : h;
      // The centre is taken: look for a part of the node that a touch does reach.
      if (state[i]! >= 0) {
        const p = this.freePoint(i, item);
        if (p) { state[i] = HITTABLE; this.moved.set(i, p); }
      }
    }
  }

  /** Whether a touch at (x, y) reaches node i: the item it lands on, or -1 when it reaches i. */
  private blockerAt(i: number, x: number, y: number): number {
    const item = this.index.query(x, y);
    if (item < 0) return -2;
    if (this.itemIsWindow[item]) return item;
    const f = this.cols.flags[i]!;
    const h = this.itemNode[item]!;
    if (f & DRAG && h >= i && h < this.end[i]!) return -1;
    if (f & TAP && this.tapTargetFrom(h, x, y) === i) return -1;
    return item;
  }

  /**
   * A point of node i's bounds that a touch reaches, when its centre does not: the node's rect minus
   * what was found in the way, as maximal free rects; the centre of the largest is tried, and what it
   * lands on is cut away in turn. At most MAX_PROBES hit tests per node (each O(log² n)), and only
   * for nodes whose centre is taken, so the analysis stays O(n log² n). null when nothing is left.
   */
  private freePoint(i: number, firstBlocker: number): Point | null {
    const { bx, by, bw, bh } = this.cols;
    let pieces: Piece[] = [[bx[i]!, by[i]!, bx[i]! + bw[i]!, by[i]! + bh[i]!]];
    let blocker = firstBlocker;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      if (blocker >= 0) {
        const cut: Piece = [this.ix1[blocker]!, this.iy1[blocker]!, this.ix2[blocker]!, this.iy2[blocker]!];
        const next: Piece[] = [];
        for (const p of pieces) subtract(p, cut, next);
        pieces = prune(next);
      }
      // Largest first (prune sorts); an empty list means nothing is left.
      if (!pieces.length) return null;
      const [l, t, r, b] = pieces[0]!;
      const cx = (l + r) / 2, cy = (t + b) / 2;
      const rx = roundCoord(cx), ry = roundCoord(cy);
      const inside = rx >= l && rx < r && ry >= t && ry < b;
      const x = inside ? rx : cx, y = inside ? ry : cy;
      blocker = this.blockerAt(i, x, y);
      if (blocker === -1) return { x, y };
      // Nothing at all there (float edge cases at extreme coordinates): drop that piece.
      if (blocker === -2) pieces.shift();
    }
    return null;
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
    // Built from the columns on every call rather than kept: a caller asks about a few nodes, not all of
    // them. Nodes with nothing to aim at (scrolled out, invisible: often most of a long list) share one
    // frozen answer per window.
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
      // geometry's tapPointOf, on the columns: RECEIVES means non-empty bounds, so there is one;
      // or the free point found when something else takes the centre.
      tap: this.moved.get(i) ?? { x: roundCoord(bx[i]! + bw[i]! / 2), y: roundCoord(by[i]! + bh[i]! / 2) },
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
