/**
 * A static 2-D "topmost rectangle at a point" index. Rectangles are given in priority order (a later
 * one is on top of an earlier one); `query(x, y)` answers the index of the topmost rectangle that
 * contains the point (half-open: x1 ≤ x < x2, y1 ≤ y < y2), or -1.
 *
 * Why not a uniform grid: UI rects nest, and a stack of full-screen containers (a window root, a list,
 * a 60,000-deep chain) would land in every cell of a grid, which is quadratic. Here each rect costs
 * O(log n) whatever its size:
 * - x is cut into slabs at every distinct x edge, and a segment tree over the slabs stores each rect
 *   in the O(log n) tree nodes that exactly cover its x range;
 * - y edges are ranked once (one sort of all y values) and dealt, in rank order, to the tree nodes
 *   holding their rect, so every node gets its edges already sorted; each node then remembers, per
 *   piece between two of its edges, its topmost rect (painted highest priority first with a "next
 *   unpainted piece" union-find, so linear).
 * A query walks one leaf-to-root path (O(log n) nodes) with a binary search in each: O(log² n);
 * the few nodes holding a large share of all edges (a list's full-width rows) get a direct table.
 * Build is two sorts plus O(n log n) dealing; UI layouts share few distinct x edges, so the tree is
 * shallow and in practice the build is close to the cost of the y sort.
 *
 * Empty rects must not be passed (they receive nothing; callers filter them out).
 */
export class RectIndex {
  private readonly xs: Float64Array;
  private readonly slabs: number;
  private readonly size: number;
  /** Sorted unique y edges of all rects; per-node pieces are stored as ranks into it. */
  private readonly ys: Float64Array;
  /** Per tree node: offset of its edges in `ranks` / `top`, and how many it has. */
  private readonly start: Int32Array;
  private readonly edges: Int32Array;
  private readonly ranks: Int32Array;
  private readonly top: Int32Array;
  /**
   * For tree nodes holding many edges (at least an eighth of all y edges): the topmost rect per
   * global y piece, so a query there is one lookup instead of a binary search. Bounded: such nodes
   * are few, and together they hold at most 16 entries per stored edge.
   */
  private readonly dense: Array<Int32Array | undefined>;

  constructor(x1: ArrayLike<number>, y1: ArrayLike<number>, x2: ArrayLike<number>, y2: ArrayLike<number>) {
    const n = x1.length;
    this.xs = sortedUnique(x1, x2);
    this.ys = sortedUnique(y1, y2);
    this.slabs = Math.max(0, this.xs.length - 1);
    let size = 1;
    while (size < this.slabs) size <<= 1;
    this.size = size;

    // Each rect's slab range and y edge ranks.
    const lo = new Int32Array(n), hi = new Int32Array(n), r1 = new Int32Array(n), r2 = new Int32Array(n);
    const count = new Int32Array(2 * size);
    for (let i = 0; i < n; i++) {
      lo[i] = lowerBound(this.xs, x1[i]!);
      hi[i] = lowerBound(this.xs, x2[i]!);
      r1[i] = lowerBound(this.ys, y1[i]!);
      r2[i] = lowerBound(this.ys, y2[i]!);
      for (let l = lo[i]! + size, r = hi[i]! + size; l < r; l >>= 1, r >>= 1) {
        if (l & 1) count[l++]!++;
        if (r & 1) count[--r]!++;
      }
    }
    // Tree-node storage (CSR): room for two edges per rect stored there.
    this.start = new Int32Array(2 * size + 1);
    for (let v = 0; v < 2 * size; v++) this.start[v + 1] = this.start[v]! + 2 * count[v]!;
    const total = this.start[2 * size]!;
    this.edges = new Int32Array(2 * size);
    this.ranks = new Int32Array(total);
    this.top = new Int32Array(total).fill(-1);

    // Every rect edge in rank order (a counting sort: ranks are small integers), then dealt to the
    // tree nodes holding its rect, so each node's edge list comes out sorted without sorting it.
    const g = this.ys.length;
    const bucket = new Int32Array(g + 1);
    for (let i = 0; i < n; i++) { bucket[r1[i]! + 1]!++; bucket[r2[i]! + 1]!++; }
    for (let j = 0; j < g; j++) bucket[j + 1]! += bucket[j]!;
    // Edge codes: 2i is rect i's top edge, 2i + 1 its bottom edge.
    const byRank = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) { byRank[bucket[r1[i]!]!++] = 2 * i; byRank[bucket[r2[i]!]!++] = 2 * i + 1; }
    const edges = this.edges, ranks = this.ranks, start = this.start;
    const push = (v: number, rank: number) => {
      const b = edges[v]!, at = start[v]! + b;
      if (b === 0 || ranks[at - 1] !== rank) { ranks[at] = rank; edges[v] = b + 1; }
    };
    for (let e = 0; e < 2 * n; e++) {
      const code = byRank[e]!, i = code >> 1;
      const rank = code & 1 ? r2[i]! : r1[i]!;
      for (let l = lo[i]! + size, r = hi[i]! + size; l < r; l >>= 1, r >>= 1) {
        if (l & 1) push(l++, rank);
        if (r & 1) push(--r, rank);
      }
    }

    // Paint each node's pieces with their topmost rect, highest priority first.
    let maxEdges = 0;
    for (let v = 1; v < 2 * size; v++) maxEdges = Math.max(maxEdges, edges[v]!);
    const next = new Int32Array(maxEdges + 1);
    const itemsOf = new Int32Array(total >> 1);
    const fill = new Int32Array(2 * size);
    for (let i = 0; i < n; i++) {
      for (let l = lo[i]! + size, r = hi[i]! + size; l < r; l >>= 1, r >>= 1) {
        if (l & 1) { itemsOf[(start[l]! >> 1) + fill[l]!++] = i; l++; }
        if (r & 1) { --r; itemsOf[(start[r]! >> 1) + fill[r]!++] = i; }
      }
    }
    // Global rank → position in the current node's edge list; only this node's ranks are read back.
    const posOfRank = new Int32Array(g);
    for (let v = 1; v < 2 * size; v++) {
      const b = edges[v]!, m = count[v]!;
      if (!m) continue;
      const off = start[v]!;
      for (let j = 0; j < b; j++) { next[j] = j; posOfRank[ranks[off + j]!] = j; }
      let unpainted = b - 1;
      for (let t = m - 1; t >= 0 && unpainted > 0; t--) {
        const it = itemsOf[(off >> 1) + t]!;
        const ph = posOfRank[r2[it]!]!;
        for (let j = find(next, posOfRank[r1[it]!]!); j < ph; j = find(next, j + 1)) {
          this.top[off + j] = it;
          next[j] = j + 1;
          unpainted--;
        }
      }
    }

    this.dense = new Array<Int32Array | undefined>(2 * size);
    const heavy = Math.max(64, g >> 3);
    for (let v = 1; v < 2 * size; v++) {
      const b = edges[v]!;
      if (b < heavy) continue;
      const off = start[v]!;
      const d = new Int32Array(g).fill(-1);
      for (let j = 0; j < b - 1; j++) d.fill(this.top[off + j]!, ranks[off + j]!, ranks[off + j + 1]!);
      this.dense[v] = d;
    }
  }

  /** Index of the topmost rect containing (x, y), or -1. */
  query(x: number, y: number): number {
    if (!this.slabs) return -1;
    const s = upperBound(this.xs, x) - 1;
    if (s < 0 || s >= this.slabs) return -1;
    const gr = upperBound(this.ys, y) - 1;
    if (gr < 0 || gr >= this.ys.length - 1) return -1;
    let best = -1;
    for (let v = s + this.size; v >= 1; v >>= 1) {
      const d = this.dense[v];
      if (d) {
        const c = d[gr]!;
        if (c > best) best = c;
        continue;
      }
      const b = this.edges[v]!;
      if (b < 2) continue;
      const off = this.start[v]!;
      const j = upperBoundInt(this.ranks, off, off + b, gr) - off - 1;
      if (j >= 0 && j < b - 1) {
        const c = this.top[off + j]!;
        if (c > best) best = c;
      }
    }
    return best;
  }
}

/** Union-find "next unpainted piece" with path compression, iterative. */
function find(next: Int32Array, j: number): number {
  let r = j;
  while (next[r] !== r) r = next[r]!;
  while (next[j] !== r) { const t = next[j]!; next[j] = r; j = t; }
  return r;
}

/** The sorted distinct values of a and b together. */
function sortedUnique(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const n = a.length;
  const all = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) { all[2 * i] = a[i]!; all[2 * i + 1] = b[i]!; }
  all.sort();
  let w = 0;
  for (let i = 0; i < all.length; i++) if (w === 0 || all[i] !== all[w - 1]) all[w++] = all[i]!;
  return all.slice(0, w);
}

/** First index with a[i] >= v. */
function lowerBound(a: Float64Array, v: number): number {
  let l = 0, h = a.length;
  while (l < h) { const m = (l + h) >>> 1; if (a[m]! < v) l = m + 1; else h = m; }
  return l;
}

/** First index with a[i] > v. */
function upperBound(a: Float64Array, v: number): number {
  let l = 0, h = a.length;
  while (l < h) { const m = (l + h) >>> 1; if (a[m]! <= v) l = m + 1; else h = m; }
  return l;
}

/** First index in [from, to) with a[i] > v. */
function upperBoundInt(a: Int32Array, from: number, to: number, v: number): number {
  let l = from, h = to;
  while (l < h) { const m = (l + h) >>> 1; if (a[m]! <= v) l = m + 1; else h = m; }
  return l;
}
