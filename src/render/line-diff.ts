/**
 * A line diff of two texts in the layout Playwright's expect prints (jest's unified diff):
 * `- Expected  - n` / `+ Received  + m`, then the lines, `- ` only in the expected text, `+ ` only in
 * the received, two spaces in both; runs of common lines beyond the context are cut to hunks headed
 * `@@ -a,b +c,d @@`. Lines are paired by a longest common subsequence (analysis/align.ts).
 */
import { align } from '../analysis/align.js';

/** Common lines kept either side of a change. */
const CONTEXT = 5;

export function lineDiff(expected: string, received: string, labels: { expected: string; received: string } = { expected: 'Expected', received: 'Received' }): string[] {
  const a = expected.split('\n'), b = received.split('\n');
  const pair = align(a, b);
  type Row = { mark: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const rows: Row[] = [];
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const p = pair[i]!;
    if (p < 0) { rows.push({ mark: '-', text: a[i]!, ai: i, bi: j }); continue; }
    while (j < p) { rows.push({ mark: '+', text: b[j]!, ai: i, bi: j }); j++; }
    rows.push({ mark: ' ', text: a[i]!, ai: i, bi: j });
    j++;
  }
  while (j < b.length) { rows.push({ mark: '+', text: b[j]!, ai: a.length, bi: j }); j++; }
  const removed = rows.filter((r) => r.mark === '-').length, added = rows.filter((r) => r.mark === '+').length;
  const width = Math.max(labels.expected.length, labels.received.length);
  const out = [`- ${labels.expected.padEnd(width)}  - ${removed}`, `+ ${labels.received.padEnd(width)}  + ${added}`, ''];
  // Which rows to show: every change and CONTEXT common rows either side.
  const show = rows.map(() => false);
  rows.forEach((r, k) => {
    if (r.mark === ' ') return;
    for (let d = Math.max(0, k - CONTEXT); d <= Math.min(rows.length - 1, k + CONTEXT); d++) show[d] = true;
  });
  const cut = show.some((s) => !s);
  for (let k = 0; k < rows.length;) {
    if (!show[k]) { k++; continue; }
    let end = k;
    while (end < rows.length && show[end]) end++;
    if (cut) {
      const hunk = rows.slice(k, end);
      const aLen = hunk.filter((r) => r.mark !== '+').length, bLen = hunk.filter((r) => r.mark !== '-').length;
      out.push(`@@ -${rows[k]!.ai + 1},${aLen} +${rows[k]!.bi + 1},${bLen} @@`);
    }
    for (let m = k; m < end; m++) out.push(`${rows[m]!.mark === ' ' ? ' ' : rows[m]!.mark} ${rows[m]!.text}`);
    k = end;
  }
  return out;
}
