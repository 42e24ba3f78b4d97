import type { Node, Point, Root, Snapshot } from '../model/schema.js';
import { TargetError } from '../errors.js';
import { isEmptyRect, roundCoord } from './geometry.js';
import { RectIndex } from './rect-index.js';

/** What analysis derives about one node (DESIGN §8). Never stored by importers. */
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
   * window anywhere on screen; any other upper window inside its root's bounds), the answer is that
   * window's root node — the same node `obscuredBy` names for what lies beneath.
   */
  nodeAt(x: number, y: number): Node | null;
}

/** A tap stops here: clickable, long-clickable, editable, or a Click / LongClick / SetText action. */
export function takesTap(node: Node): boolean {
  if (node.clickable || node.longClickable || node.editable) return true;
  for (const a of node.actions) if (a === 'Click' || a === 'LongClick' || a === 'SetText') return true;
  return false;
}

/** A drag is seen here: scrollable, or a ScrollBy / ScrollToIndex action. */
export function takesDrag(node: Node): boolean {
  if (node.scrollable) return true;
  for (const a of node.actions) if (a === 'ScrollBy' || a === 'ScrollToIndex') return true;
  return false;
}

/** Accepts touch input at all. A node with only BringIntoView / RequestFocus / Dismiss… is a label. */
export function acceptsTouch(node: Node): boolean {
  return takesTap(node) || takesDrag(node);
}

/**
 * Offers something to do: an action, editable content or scrolling. A clickable flag counts as the
 * Click it stands for, because formats without an action list (cmp-inspector v1, uiautomator) carry
 * only the flag, and a button read from them must not read "offers nothing".
 */
export function offersSomething(node: Node): boolean {
  return node.actions.length > 0 || node.editable || node.scrollable || node.clickable || node.longClickable;
}

const cache = new WeakMap<Snapshot, Reachability>();

/** Node count, without model/node's per-visit allocation: it sizes the flat columns up front. */
function countAll(snapshot: Snapshot): number {
  let n = 0;
  const stack: Node[] = snapshot.roots.map((r) => r.node);
  while (stack.length) {
    const kids = stack.pop()!.children;
    n++;
    for (let c = 0; c < kids.length; c++) stack.push(kids[c]!);
  }
  return n;
}

/**
 * Reachability of every node of a snapshot (DESIGN §8, JetWhale's rules), memoised per snapshot
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

// Per-node flag bits.
const VISIBLE = 1; // the node and all its ancestors are visible
const RECEIVES = 2; // visible with non-empty bounds: can receive a point at all
const TAP = 4;
const DRAG = 8;
const OPERABLE_IF_HIT = 16; // enabled and offers something

/**
 * How a touch is dispatched, worked out from the capture alone (no tap sent):
 *
 * - Windows are walked from the top (last root) down. A touch-modal window takes every point on screen,
 *   so nothing below it receives anything. A window that is not touch-modal takes the points inside
 *   its root node's bounds — Android hands a touch to the topmost window whose frame contains it, and
 *   an undispatched touch does not fall through to the window below, so a dialog or popup's background
 *   consumes touches; outside its bounds they pass on. The bottom window's background takes nothing
 *   anyone could observe, so a point there that no node takes answers null.
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
 * O(log² n)), so the whole analysis is O(n log² n) and iterative.
 */
class SnapshotReachability implements Reachability {
  private readonly snapshot: Snapshot;
  private readonly nodes: Node[];
  /** Node → index, built on the first lookup the cursor cannot answer (see indexOfNode). */
  private indexOf: Map<Node, number> | null = null;
  private cursor = -1;
  /** Flat per-node columns, in pre-order across the roots bottom to top (= drawing order). */
  private readonly parent: Int32Array;
  private readonly windowOf: Int32Array;
  private readonly flags: Uint8Array;
  /** Bounds, as x, y, width, height columns (same arithmetic as geometry.ts on a Rect). */
  private readonly bx: Float64Array;
  private readonly by: Float64Array;
  private readonly bw: Float64Array;
  private readonly bh: Float64Array;
  /** Nearest ancestor-or-self that takes taps and receives points, or -1. */
  private readonly tapAncestor: Int32Array;
  /** Pre-order index of each window's root node. */
  private readonly rootIndex: number[] = [];
  /** The topmost touch-modal window, or -1. */
  private readonly modal: number;
  private readonly index: RectIndex;
  /** Item → node index; for a window-background item, the window root's node index. */
  private readonly itemNode: Int32Array;
  private readonly itemIsWindow: Uint8Array;
  /** Per node: 1 hittable, 0 not, -1 null (label). */
  private readonly hit: Int8Array;
  private readonly obscurer: Int32Array;
  private readonly reaches: Array<NodeReach | undefined>;

  constructor(snapshot: Snapshot) {
    this.snapshot = snapshot;
    const n = countAll(snapshot);
    this.nodes = new Array<Node>(n);
    this.parent = new Int32Array(n);
    this.windowOf = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.bx = new Float64Array(n);
    this.by = new Float64Array(n);
    this.bw = new Float64Array(n);
    this.bh = new Float64Array(n);
    this.collect();
    const { parent, windowOf, flags } = this;

    this.tapAncestor = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const f = flags[i]!, p = parent[i]!;
      this.tapAncestor[i] = f & TAP && f & RECEIVES ? i : p >= 0 ? this.tapAncestor[p]! : -1;
    }
    // Pre-order: a subtree is the contiguous range [i, end[i]).
    const end = new Int32Array(n);
    for (let i = 0; i < n; i++) end[i] = i + 1;
    for (let i = n - 1; i > 0; i--) {
      const p = parent[i]!;
      if (p >= 0 && end[i]! > end[p]!) end[p] = end[i]!;
    }

    let modal = -1;
    snapshot.roots.forEach((root, w) => { if (root.touchModal) modal = w; });
    this.modal = modal;

    // Hit-test items in priority order: windows bottom to top and, within one, its background first,
    // then its touch-taking nodes in drawing (pre-)order. Windows below the modal one never receive.
    const lowest = Math.max(modal, 0);
    const cap = n + snapshot.roots.length;
    const x1 = new Float64Array(cap), y1 = new Float64Array(cap), x2 = new Float64Array(cap), y2 = new Float64Array(cap);
    const itemNode = new Int32Array(cap), itemIsWindow = new Uint8Array(cap);
    let k = 0;
    const { bx, by, bw, bh } = this;
    const pushItem = (i: number, isWindow: number) => {
      x1[k] = bx[i]!; y1[k] = by[i]!; x2[k] = bx[i]! + bw[i]!; y2[k] = by[i]! + bh[i]!;
      itemNode[k] = i;
      itemIsWindow[k++] = isWindow;
    };
    for (let i = 0; i < n; i++) {
      const w = windowOf[i]!, f = flags[i]!;
      if (w < lowest || !(f & RECEIVES)) continue;
      // The modal window's own background needs no item: an empty answer above `lowest` means it.
      if (parent[i]! < 0 && w > lowest) pushItem(i, 1);
      if (f & (TAP | DRAG)) pushItem(i, 0);
    }
    this.index = new RectIndex(x1.subarray(0, k), y1.subarray(0, k), x2.subarray(0, k), y2.subarray(0, k));
    this.itemNode = itemNode.subarray(0, k);
    this.itemIsWindow = itemIsWindow.subarray(0, k);

    this.hit = new Int8Array(n);
    this.obscurer = new Int32Array(n).fill(-1);
    this.reaches = new Array<NodeReach | undefined>(n);
    const modalRoot = modal >= 0 ? this.rootIndex[modal]! : -1;
    for (let i = 0; i < n; i++) {
      const f = flags[i]!;
      if (!(f & (TAP | DRAG))) { this.hit[i] = -1; continue; }
      if (!(f & RECEIVES)) continue; // nothing to aim at: not hittable, obscured by nothing
      if (windowOf[i]! < lowest) { this.obscurer[i] = modalRoot; continue; }
      const [x, y] = this.hitPoint(i);
      const item = this.index.query(x, y);
      // The node's own item contains its hit point, so an empty answer only comes from float overflow
      // at extreme coordinates; treat it as nothing to aim at.
      if (item < 0) continue;
      if (this.itemIsWindow[item]) { this.obscurer[i] = this.itemNode[item]!; continue; }
      const h = this.itemNode[item]!;
      const dragOk = (f & DRAG) !== 0 && h >= i && h < end[i]!;
      const tapTarget = this.tapTargetFrom(h, x, y);
      const tapOk = (f & TAP) !== 0 && tapTarget === i;
      if (tapOk || dragOk) this.hit[i] = 1;
      // A tap-taker is obscured by whatever takes its tap; a scrollable by what the drag lands on,
      // which is outside its subtree here.
      else this.obscurer[i] = f & TAP ? tapTarget : h;
    }
  }

  /**
   * One iterative pre-order pass over every root, bottom to top, into the flat columns. Not
   * model/node's walk: that hands over the parent as a Node (a Map lookup per node to get its index
   * back) and allocates per visit; on 50,000 nodes this pass is the largest part of the analysis.
   */
  private collect(): void {
    const { nodes, parent, windowOf, flags, bx, by, bw, bh, rootIndex } = this;
    const roots = this.snapshot.roots;
    const stackNode: Node[] = [];
    const stackParent: number[] = [];
    let i = 0;
    for (let w = 0; w < roots.length; w++) {
      stackNode.push(roots[w]!.node);
      stackParent.push(-1);
      while (stackNode.length) {
        const node = stackNode.pop()!, p = stackParent.pop()!;
        if (p < 0) rootIndex[w] = i;
        nodes[i] = node;
        parent[i] = p;
        windowOf[i] = w;
        const b = node.bounds;
        bx[i] = b.x; by[i] = b.y; bw[i] = b.width; bh[i] = b.height;
        let f = node.visible && (p < 0 || flags[p]! & VISIBLE) ? VISIBLE : 0;
        if (f && !isEmptyRect(b)) f |= RECEIVES;
        if (takesTap(node)) f |= TAP;
        if (takesDrag(node)) f |= DRAG;
        if (node.enabled && offersSomething(node)) f |= OPERABLE_IF_HIT;
        flags[i] = f;
        const kids = node.children;
        for (let c = kids.length - 1; c >= 0; c--) { stackNode.push(kids[c]!); stackParent.push(i); }
        i++;
      }
    }
  }

  private contains(i: number, x: number, y: number): boolean {
    const l = this.bx[i]!, t = this.by[i]!;
    return x >= l && x < l + this.bw[i]! && y >= t && y < t + this.bh[i]!;
  }

  /** Where node i is hit-tested: geometry's hitPointOf, on the flat columns. */
  private hitPoint(i: number): [number, number] {
    const cx = this.bx[i]! + this.bw[i]! / 2, cy = this.by[i]! + this.bh[i]! / 2;
    const x = roundCoord(cx), y = roundCoord(cy);
    return this.contains(i, x, y) ? [x, y] : [cx, cy];
  }

  /** Where a tap that lands on candidate h stops (see the class comment). */
  private tapTargetFrom(h: number, x: number, y: number): number {
    let a = this.tapAncestor[h]!;
    while (a >= 0 && !this.contains(a, x, y)) {
      const p = this.parent[a]!;
      a = p >= 0 ? this.tapAncestor[p]! : -1;
    }
    return a >= 0 ? a : h;
  }

  /**
   * Callers mostly ask in document order (an outline, a locator filtering every node), so the node
   * after the last one asked for is tried first; only an out-of-order lookup builds the Map, once.
   */
  private indexOfNode(node: Node): number | undefined {
    const next = this.cursor + 1;
    if (this.nodes[next] === node) return (this.cursor = next);
    if (this.nodes[this.cursor] === node) return this.cursor;
    if (!this.indexOf) {
      this.indexOf = new Map();
      for (let i = 0; i < this.nodes.length; i++) this.indexOf.set(this.nodes[i]!, i);
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
    let r = this.reaches[i];
    if (!r) {
      const f = this.flags[i]!, h = this.hit[i]!, o = this.obscurer[i]!;
      const accepts = (f & (TAP | DRAG)) !== 0;
      r = {
        acceptsTouch: accepts,
        hittable: h < 0 ? null : h === 1,
        obscuredBy: o >= 0 ? this.nodes[o]! : null,
        operable: accepts ? (f & OPERABLE_IF_HIT) !== 0 && h === 1 : null,
        tap: f & RECEIVES ? { x: roundCoord(this.bx[i]! + this.bw[i]! / 2), y: roundCoord(this.by[i]! + this.bh[i]! / 2) } : null,
        root: this.snapshot.roots[this.windowOf[i]!]!,
      };
      this.reaches[i] = r;
    }
    return r;
  }

  nodeAt(x: number, y: number): Node | null {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      throw new TargetError('invalid_arguments', `nodeAt needs a finite screen point, got (${x}, ${y})`, {
        where: this.snapshot.source,
        hint: 'Pass x and y as numbers in the roots\' unit, in screen coordinates.',
      });
    }
    const item = this.index.query(x, y);
    if (item < 0) return this.modal > 0 ? this.nodes[this.rootIndex[this.modal]!]! : null;
    const h = this.itemNode[item]!;
    if (this.itemIsWindow[item]) return this.nodes[h]!;
    return this.nodes[this.tapTargetFrom(h, x, y)]!;
  }
}
