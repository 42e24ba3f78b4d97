import type { Finding } from '../common/finding.js';

export const DRIFT_TABLE_MAX_ROWS = 50;
const MAX_CELL = 40;

const COLUMNS = ['node', 'token', 'facet', 'expected', 'actual', 'rule'] as const;

/**
 * Drift findings as a small aligned table — node · token · facet · expected · actual · rule — one line
 * each, `—` where a finding has no such value; at most `maxRows` rows, then a count of the rest.
 * The matcher prints it under its message; `treewright verify`'s line reporter can print the same.
 */
export function driftTable(findings: readonly Finding[], maxRows = DRIFT_TABLE_MAX_ROWS): string[] {
  const shown = findings.slice(0, maxRows);
  const rows = shown.map((f) => driftRow(f, MAX_CELL));
  const all = [COLUMNS.map(String), ...rows];
  const widths = COLUMNS.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const lines = all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
  if (findings.length > shown.length) lines.push(`… and ${findings.length - shown.length} more`);
  return lines;
}

/**
 * One finding's cells — node · token · facet · expected · actual · rule — `—` where it has no such
 * value, each cut to `maxCell` characters. The text table above and the HTML report both use it.
 */
export function driftRow(f: Finding, maxCell = Infinity): string[] {
  const d = f.data ?? {};
  const cell = (v: unknown) => {
    const s = v === null || v === undefined || v === '' ? '—' : String(v);
    return s.length > maxCell ? s.slice(0, maxCell - 1) + '…' : s;
  };
  const rule = f.severity === 'error' ? f.rule : `${f.rule} (${f.severity})`;
  return [cell(d.label ?? f.nodeId), cell(d.token), cell(d.facet), cell(d.expected), cell(d.actual), rule];
}

export const DRIFT_COLUMNS: readonly string[] = COLUMNS;
