/**
 * Visible rects: a node's bounds cut by every ancestor that clips, worked out in the facts store's one
 * pre-order walk (node-facts.ts). Which ancestors clip is each platform's own, from what its source says:
 *
 * - Android (uiautomator, Compose, JetWhale) and Apple (XCUITest, Mac2, WDA, Maestro iOS): a window's
 *   root (the screen, a dialog, a popup), a scroller (the source marks it scrollable) and a list or
 *   scroll container by class (Android's ScrollView / ListView / GridView / RecyclerView / ViewPager,
 *   XCUITest's Table / CollectionView / ScrollView, and an XCUITest Window). Nothing else: Compose draws
 *   and delivers touches to children outside a parent that does not clip, and a plain container says
 *   nothing about clipping.
 * - The bars drawn over a scroller's edge (a top app bar, a bottom bar, a navigation bar: a later
 *   sibling of the scroller or of one of its ancestors that shows something, spans the scroller's
 *   whole width and covers its top or bottom edge over less than half its height, or the same sideways)
 *   hide what scrolls under them: the outermost scroller's visible rect stops at their inner edge.
 * - The web: the capture clips (formats/cdp.ts cuts each box to its containing blocks whose computed
 *   overflow is not visible, and to the viewport), so bounds are already the visible rect; the
 *   accessibility tree's ancestors are not the containing blocks, so nothing is cut again here. A web
 *   node that wraps carries its line fragments (`platform.lineBoxes`): its hit areas.
 *
 * A bound of empty size clips nothing (it says nothing about the screen); a clip cut to nothing hides
 * what is inside it.
 */
import type { Node } from '../model/schema.js';

/** List and scroll containers by class: they clip their content whether or not it scrolls now. */
const CLIPPING_CLASS = /(?:^|[.$])(?:XCUIElementType(?:Table|CollectionView|ScrollView|Window)|[A-Za-z]*(?:ScrollView|ListView|GridView|RecyclerView|ViewPager2?))$/;
/** Scrollers that move sideways (the others scroll vertically, as lists do by default). */
const HORIZONTAL_CLASS = /Horizontal|ViewPager/;
/** Later siblings looked at for bars, per scroller: bars are drawn right after the content they cover. */
const BAR_SCAN = 512;
/** Within this many units, a box ends on an edge. */
const EDGE = 1;
/** Sources whose bounds may come clipped already (Android's boundsInScreen): a cut row ends on the edge. */
const PRECLIPPED = new Set<Node['kind']>(['view', 'compose', 'generic']);

/** One node's answer: visible x, y, width, height, and whether it is cut by its scroller's edge (1) or not (0). */
export type Visible = [number, number, number, number, number];

/** A scroll container of a platform whose ancestors clip: what clips its content, and which way it scrolls. */
function scrollerKind(node: Node, scrollable: boolean): 0 | 1 | 2 {
  const cls = node.rawRole ?? '';
  if (!scrollable && !(CLIPPING_CLASS.test(cls) && !cls.endsWith('Window'))) return 0;
  return HORIZONTAL_CLASS.test(cls) || node.role === 'Pager' ? 2 : 1;
}

/**
 * Fed every node in pre-order (enter), it answers each one's visible rect. Per node it keeps what its
 * children are clipped to and the nearest clipping scroller above them (its visible rect and axis).
 */
export class Clipper {
  readonly fragments = new Map<number, Float64Array>();
  /** What node i's children are clipped to (x1, y1, x2, y2), by node; columns grown by doubling, as the facts store's. */
  private clip = new Float64Array(4 * 256);
  /** The nearest clipping scroller at or above node i (its index), or -1. */
  private scroller = new Int32Array(256);
  /** Each clipping scroller's visible rect (x1, y1, x2, y2) and axis (1 vertical, 2 horizontal), by its index. */
  private readonly scrollers = new Map<number, { rect: readonly [number, number, number, number]; axis: 1 | 2 }>();
  private readonly out: Visible = [0, 0, 0, 0, 0];

  constructor(private readonly nodes: readonly Node[], private readonly parentOf: (i: number) => number) {}

  /** Node i (parent p, -1 for a window's root) with its own fact bits' scrollable flag; `nodes[i]` is the node. */
  enter(i: number, p: number, node: Node, scrollable: boolean): Visible {
    if (i >= this.scroller.length) {
      const scroller = new Int32Array(2 * this.scroller.length), clip = new Float64Array(2 * this.clip.length);
      scroller.set(this.scroller);
      clip.set(this.clip);
      this.scroller = scroller;
      this.clip = clip;
    }
    const b = node.bounds;
    const bx2 = b.x + b.width, by2 = b.y + b.height;
    const c = this.clip;
    let x1 = b.x, y1 = b.y, x2 = bx2, y2 = by2;
    if (p >= 0) {
      x1 = Math.max(x1, c[4 * p]!); y1 = Math.max(y1, c[4 * p + 1]!);
      x2 = Math.min(x2, c[4 * p + 2]!); y2 = Math.min(y2, c[4 * p + 3]!);
    }
    const web = node.kind === 'web';
    const kind = web ? 0 : scrollerKind(node, scrollable);
    const up = p >= 0 ? this.scroller[p]! : -1;
    const sized = b.width > 0 && b.height > 0;
    // The outermost scroller: the bars drawn over its edges hide what scrolls under them.
    if (kind && up < 0 && sized && x2 > x1 && y2 > y1) [x1, y1, x2, y2] = this.underBars(i, p, x1, y1, x2, y2);
    const empty = !(x2 > x1 && y2 > y1);
    // What the children are clipped to: this node's visible rect when it clips, else what it was given.
    const clips = !web && sized && (p < 0 || kind !== 0 || CLIPPING_CLASS.test(node.rawRole ?? ''));
    if (clips) { c[4 * i] = x1; c[4 * i + 1] = y1; c[4 * i + 2] = empty ? x1 : x2; c[4 * i + 3] = empty ? y1 : y2; }
    else if (p >= 0) { c[4 * i] = c[4 * p]!; c[4 * i + 1] = c[4 * p + 1]!; c[4 * i + 2] = c[4 * p + 2]!; c[4 * i + 3] = c[4 * p + 3]!; }
    else { c[4 * i] = -Infinity; c[4 * i + 1] = -Infinity; c[4 * i + 2] = Infinity; c[4 * i + 3] = Infinity; }
    this.scroller[i] = kind && clips ? i : up;
    if (kind && clips) this.scrollers.set(i, { rect: [x1, y1, x2, y2], axis: kind });
    const o = this.out;
    o[0] = x1; o[1] = y1; o[2] = empty ? 0 : x2 - x1; o[3] = empty ? 0 : y2 - y1;
    o[4] = !web && up >= 0 && sized ? this.cutBy(up, node, b.x, b.y, bx2, by2) : 0;
    if (web) this.readFragments(i, node, x1, y1, x2, y2, empty);
    return o;
  }

  /** 1 when the box reaches past scroller s's visible rect, or (a source that may clip bounds itself) onto its edge along its axis. */
  private cutBy(s: number, node: Node, x1: number, y1: number, x2: number, y2: number): number {
    const { rect: [l, t, r, btm], axis } = this.scrollers.get(s)!;
    if (x1 < l - EDGE || y1 < t - EDGE || x2 > r + EDGE || y2 > btm + EDGE) return 1;
    if (!PRECLIPPED.has(node.kind)) return 0;
    return (axis === 2 ? x1 <= l + EDGE || x2 >= r - EDGE : y1 <= t + EDGE || y2 >= btm - EDGE) ? 1 : 0;
  }

  /**
   * The rect (x1, y1, x2, y2) of scroller i less the bars drawn over its edges: later siblings of it
   * and of its ancestors in its window, each judged against the scroller's rect as the clips left it.
   */
  private underBars(i: number, p: number, x1: number, y1: number, x2: number, y2: number): [number, number, number, number] {
    let top = y1, bottom = y2, left = x1, right = x2;
    let child = this.nodes[i]!;
    let budget = BAR_SCAN;
    for (let a = p; a >= 0 && budget > 0; a = this.parentOf(a)) {
      const parent = this.nodes[a]!;
      const kids = parent.children;
      for (let k = kids.indexOf(child) + 1; k > 0 && k < kids.length && budget > 0; k++, budget--) {
        const bar = kids[k]!;
        // A bar shows something (an empty overlay layer is transparent) and is visible.
        if (!bar.visible || !(bar.children.length || bar.text || bar.contentDescription)) continue;
        const { x, y, width: w, height: h } = bar.bounds;
        if (!(w > 0 && h > 0)) continue;
        const bx2 = x + w, by2 = y + h;
        // Spanning the scroller's width over less than half its height (a bar, not a sheet), or the reverse.
        if (x <= x1 + EDGE && bx2 >= x2 - EDGE) {
          if (y <= y1 && by2 > y1 && by2 - y1 < (y2 - y1) / 2) top = Math.max(top, by2);
          else if (by2 >= y2 && y < y2 && y2 - y < (y2 - y1) / 2) bottom = Math.min(bottom, y);
        } else if (y <= y1 + EDGE && by2 >= y2 - EDGE) {
          if (x <= x1 && bx2 > x1 && bx2 - x1 < (x2 - x1) / 2) left = Math.max(left, bx2);
          else if (bx2 >= x2 && x < x2 && x2 - x < (x2 - x1) / 2) right = Math.min(right, x);
        }
      }
      child = parent;
    }
    return [left, top, right, bottom];
  }

  /** A wrapping web node's line fragments (platform.lineBoxes), each cut to its visible rect. */
  private readFragments(i: number, node: Node, x1: number, y1: number, x2: number, y2: number, empty: boolean): void {
    const boxes = node.platform.lineBoxes;
    if (!Array.isArray(boxes)) return;
    const out: number[] = [];
    if (!empty) {
      for (const r of boxes as unknown[]) {
        if (!r || typeof r !== 'object') continue;
        const { x, y, width, height } = r as Record<string, unknown>;
        if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number') continue;
        const l = Math.max(x, x1), t = Math.max(y, y1), rr = Math.min(x + width, x2), bb = Math.min(y + height, y2);
        if (rr > l && bb > t) out.push(l, t, rr - l, bb - t);
      }
    }
    this.fragments.set(i, Float64Array.from(out));
  }
}
