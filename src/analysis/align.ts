/**
 * Sequence alignment of two key lists: which items of `a` pair with which of `b`, in order, so that as
 * many as possible pair (a longest common subsequence). The tree diff runs it on every sibling list.
 *
 * Common prefix and suffix are matched first (the usual case: nothing or one thing changed). The rest
 * goes to Myers' O((N+M)·D) greedy algorithm (D = number of insertions + deletions), whose trace is
 * kept only as wide as each step needs (O(D²) memory in all). When D grows past a budget (thousands of
 * siblings, all different) it stops and falls back to pairing equal keys in order of occurrence and
 * keeping the longest increasing run of those pairs (O(n log n)); that is the LCS whenever keys are
 * unique, and close to it otherwise.
 */

/** Myers' work budget, in snake steps: bounds the time spent on one sibling list before the fallback. */
const MYERS_BUDGET = 10_000_000;
const MIN_MAX_D = 64;

/**
 * For each index of `a`, the index of `b` it is paired with, or -1. Pairs never cross
 * (i < i' ⇒ pair(i) < pair(i')) and paired keys are equal.
 */
export function align(a: readonly string[], b: readonly string[]): Int32Array {
  const n = a.length, m = b.length;
  const pair = new Int32Array(n).fill(-1);
  let pre = 0;
  while (pre < n && pre < m && a[pre] === b[pre]) { pair[pre] = pre; pre++; }
  let suf = 0;
  while (suf < n - pre && suf < m - pre && a[n - 1 - suf] === b[m - 1 - suf]) { pair[n - 1 - suf] = m - 1 - suf; suf++; }
  const an = n - pre - suf, bm = m - pre - suf;
  if (an === 0 || bm === 0) return pair;

  // Intern the middle's keys so the inner loops compare integers.
  const ids = new Map<string, number>();
  const intern = (k: string) => {
    let id = ids.get(k);
    if (id === undefined) { id = ids.size; ids.set(k, id); }
    return id;
  };
  const ka = new Int32Array(an), kb = new Int32Array(bm);
  for (let i = 0; i < an; i++) ka[i] = intern(a[pre + i]!);
  for (let j = 0; j < bm; j++) kb[j] = intern(b[pre + j]!);

  const maxD = Math.max(MIN_MAX_D, Math.floor(MYERS_BUDGET / (an + bm)));
  const pairs = myers(ka, kb, maxD) ?? increasingPairs(ka, kb, ids.size);
  for (let p = 0; p < pairs.length; p += 2) pair[pre + pairs[p]!] = pre + pairs[p + 1]!;
  return pair;
}

/**
 * Myers' greedy shortest edit script; returns the matched (i, j) pairs flattened in increasing order,
 * or null when the edit distance exceeds maxD.
 */
function myers(a: Int32Array, b: Int32Array, maxD: number): number[] | null {
  const n = a.length, m = b.length;
  const max = Math.min(n + m, maxD);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] = V before step d, on diagonals -d..d (all that backtracking through step d reads).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d, off + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) { x++; y++; }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number): number[] {
  const out: number[] = [];
  let x = n, y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    let px = 0, py = 0;
    if (d > 0) {
      const t = trace[d]!; // index of diagonal k is k + d
      const k = x - y;
      const down = k === -d || (k !== d && t[k - 1 + d]! < t[k + 1 + d]!);
      const pk = down ? k + 1 : k - 1;
      px = t[pk + d]!;
      py = px - pk;
    }
    while (x > px && y > py) { x--; y--; out.push(y, x); } // pushed reversed as (j, i)
    x = px; y = py;
  }
  out.reverse(); // now (i, j) pairs in increasing order
  return out;
}

/**
 * Fallback: pair the k-th occurrence of each key in `a` with its k-th occurrence in `b`, then keep the
 * longest run of pairs increasing in both (patience sorting), so the result never crosses.
 */
function increasingPairs(a: Int32Array, b: Int32Array, keyCount: number): number[] {
  // Occurrences of each key in b, as a linked list through `nextInB`.
  const headB = new Int32Array(keyCount).fill(-1), tailB = new Int32Array(keyCount).fill(-1), nextInB = new Int32Array(b.length).fill(-1);
  for (let j = 0; j < b.length; j++) {
    const k = b[j]!;
    if (tailB[k]! < 0) headB[k] = j; else nextInB[tailB[k]!] = j;
    tailB[k] = j;
  }
  const ci: number[] = [], cj: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const k = a[i]!;
    const j = headB[k]!;
    if (j >= 0) { ci.push(i); cj.push(j); headB[k] = nextInB[j]!; }
  }
  // Longest increasing subsequence of cj (ci is already increasing).
  const tails: number[] = [], prev = new Int32Array(cj.length).fill(-1);
  for (let p = 0; p < cj.length; p++) {
    let lo = 0, hi = tails.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cj[tails[mid]!]! < cj[p]!) lo = mid + 1; else hi = mid; }
    if (lo > 0) prev[p] = tails[lo - 1]!;
    tails[lo] = p;
  }
  const out: number[] = new Array(tails.length * 2);
  let p = tails.length ? tails[tails.length - 1]! : -1;
  for (let w = tails.length - 1; w >= 0; w--) { out[2 * w] = ci[p]!; out[2 * w + 1] = cj[p]!; p = prev[p]!; }
  return out;
}
