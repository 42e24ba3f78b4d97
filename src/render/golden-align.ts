/**
 * The golden and the actual tree's text side by side, row by row (docs/design.md §3, render): an
 * unchanged line sits on the same row on both sides, a removed node's lines only on the left and an
 * added node's only on the right (the other side padded), a changed or moved node's two lines on one
 * row when their order allows. Built from the report's change list (each change knows its line on
 * either side and its subtree's size), so it agrees with the `+ / - / ~` text; linear in the lines.
 */
import type { GoldenChange, GoldenReport } from './golden-report.js';
import type { ChangeKind } from '../analysis/diff.js';

export interface GoldenRow {
  /** 1-based line numbers; null where that side is padded. */
  left: number | null;
  right: number | null;
  /** `same` for unchanged lines, else the change that put the line (or pair of lines) there. */
  kind: 'same' | ChangeKind;
}

/** A line's partner key: unchanged lines by their text, a changed / moved node's two lines by their change. */
type Token = { solo: ChangeKind } | { key: string; kind: 'same' | ChangeKind };

function tokens(lines: readonly string[], changes: readonly GoldenChange[], side: 'left' | 'right'): Token[] {
  const out: Token[] = lines.map((l) => ({ key: `=${l.trimEnd()}`, kind: 'same' }));
  changes.forEach((c, k) => {
    const line = side === 'left' ? c.expectedLine : c.actualLine;
    if (line === null || line < 1 || line > out.length) return;
    if ((c.kind === 'removed' && side === 'left') || (c.kind === 'added' && side === 'right')) {
      // The node and its subtree, which follows it in the printed tree.
      for (let i = line; i < Math.min(out.length + 1, line + (c.size ?? 1)); i++) out[i - 1] = { solo: c.kind };
    } else if (c.kind === 'changed' || c.kind === 'moved') {
      out[line - 1] = { key: `#${k}`, kind: c.kind };
    }
  });
  return out;
}

/** For each key, its positions in order, to find the next occurrence at or after a position. */
function positions(ts: readonly Token[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  ts.forEach((t, i) => {
    if (!('key' in t)) return;
    const p = m.get(t.key);
    if (p) p.push(i); else m.set(t.key, [i]);
  });
  return m;
}

function nextAt(pos: Map<string, number[]>, key: string, from: number): number {
  const p = pos.get(key);
  if (!p) return Infinity;
  let lo = 0, hi = p.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (p[mid]! < from) lo = mid + 1; else hi = mid; }
  return lo < p.length ? p[lo]! : Infinity;
}

/** The aligned rows of a golden report; null when the texts were too large to carry. */
export function alignGolden(g: Pick<GoldenReport, 'expected' | 'actual' | 'changes'>): GoldenRow[] | null {
  if (g.expected === null || g.actual === null) return null;
  const L = tokens(lines(g.expected), g.changes, 'left'), R = tokens(lines(g.actual), g.changes, 'right');
  const pl = positions(L), pr = positions(R);
  const rows: GoldenRow[] = [];
  let i = 0, j = 0;
  while (i < L.length || j < R.length) {
    const a = L[i], b = R[j];
    if (a && 'solo' in a) { rows.push({ left: ++i, right: null, kind: a.solo }); continue; }
    if (b && 'solo' in b) { rows.push({ left: null, right: ++j, kind: b.solo }); continue; }
    if (!a) { rows.push({ left: null, right: ++j, kind: alone(b!, 'added') }); continue; }
    if (!b) { rows.push({ left: ++i, right: null, kind: alone(a, 'removed') }); continue; }
    if (a.key === b.key) { rows.push({ left: ++i, right: ++j, kind: a.kind }); continue; }
    // Out of step: the line whose partner is nearer on the other side waits; the other is shown alone.
    const da = nextAt(pr, a.key, j) - j, db = nextAt(pl, b.key, i) - i;
    if (da === Infinity && db === Infinity) {
      // Neither has a partner (a line the diff treats as equal, e.g. bounds within tolerance): one row.
      rows.push({ left: ++i, right: ++j, kind: 'changed' });
    } else if (da <= db) {
      rows.push({ left: null, right: ++j, kind: alone(b, 'added') });
    } else {
      rows.push({ left: ++i, right: null, kind: alone(a, 'removed') });
    }
  }
  return rows;
}

/** A paired line shown without its partner: an unchanged line there counts as added / removed. */
function alone(t: Token, as: 'added' | 'removed'): GoldenRow['kind'] {
  return 'solo' in t ? t.solo : t.kind === 'same' ? as : t.kind;
}

/** The text's lines, without the empty one after a final newline. */
export function lines(text: string): string[] {
  const out = text.split('\n');
  if (out.length && out[out.length - 1] === '') out.pop();
  return out;
}
