/** String distance for suggestions (misspelt tokens, near-miss locators). */

/** Optimal-string-alignment distance (a swap of two neighbours is one edit); returns `cap` once it cannot be below it. */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (a === b) return 0;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    // Later rows build on this row, or (by a swap) on the one before it plus one.
    if (Math.min(rowMin, prevMin + 1) >= cap) return cap;
    prevMin = rowMin;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, cap);
}
