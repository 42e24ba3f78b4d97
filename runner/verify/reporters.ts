import type { TreeResult } from './check.js';
import type { CheckResult } from '../../src/checks/result.js';
import { countBySeverity, severitySummary } from '../../src/common/finding.js';

export interface Summary {
  trees: number;
  failing: number;
  unreadable: number;
  byCheck: Record<string, number>;
  findings: Record<'error' | 'warning' | 'info', number>;
  goldensWritten: number;
  seconds: number;
}

export function summarize(results: readonly TreeResult[], seconds: number): Summary {
  const byCheck: Record<string, number> = {};
  const findings = { error: 0, warning: 0, info: 0 };
  let failing = 0, unreadable = 0, goldensWritten = 0;
  for (const r of results) {
    if (r.error) { unreadable++; continue; }
    let bad = false;
    for (const c of r.checks) {
      const s = countBySeverity(c.findings);
      findings.error += s.error; findings.warning += s.warning; findings.info += s.info;
      if (c.status === 'failed') { bad = true; byCheck[c.check] = (byCheck[c.check] ?? 0) + 1; }
      if (c.status === 'written' || c.status === 'updated') goldensWritten++;
    }
    if (bad) failing++;
  }
  return { trees: results.length, failing, unreadable, byCheck, findings, goldensWritten, seconds };
}

export function summaryLine(s: Summary): string {
  const checks = Object.entries(s.byCheck).map(([k, v]) => `${k} ${v}`).join(', ');
  const rate = s.seconds > 0 ? ` (${Math.round(s.trees / s.seconds)} trees/s)` : '';
  return `verify: ${s.trees} trees, ${s.failing} failing${checks ? ` (${checks})` : ''}, ${s.unreadable} unreadable; findings: ${s.findings.error} errors, ${s.findings.warning} warnings, ${s.findings.info} info${s.goldensWritten ? `; ${s.goldensWritten} goldens written` : ''} — ${s.seconds.toFixed(2)} s${rate}`;
}

/** The `line` reporter: one block per tree that failed or could not be read, then the summary. */
export function lineReport(results: readonly TreeResult[], s: Summary, maxFindings = 20): string {
  const out: string[] = [];
  for (const r of results) {
    if (r.error) { out.push(`✘ ${r.file}  ${r.error.stage === 'write' ? 'could not write its golden' : r.error.stage === 'check' ? 'could not be checked' : 'could not be read'}: ${r.error.message.split('\n').join('\n    ')}`); continue; }
    const failed = r.checks.filter((c) => c.status === 'failed');
    const wrote = r.checks.filter((c) => c.status === 'written' || c.status === 'updated');
    for (const c of wrote) out.push(`✎ ${r.file}  golden ${c.status}: ${c.golden}`);
    if (!failed.length) continue;
    out.push(`✘ ${r.file}  ${failed.map((c) => `${c.check}: ${describe(c)}`).join(' · ')}`);
    for (const c of failed) {
      const shown = c.findings.slice(0, maxFindings);
      for (const f of shown) out.push(`    ${f.severity.padEnd(7)} ${c.check}/${f.rule}  ${f.message}${f.node ? `\n            ${f.node}` : ''}`);
      if (c.findings.length > shown.length) out.push(`    … and ${c.findings.length - shown.length} more`);
    }
  }
  out.push(summaryLine(s));
  return out.join('\n') + '\n';
}

/** A failed check in a few words: its findings by severity, or `failed`. */
export function describe(c: CheckResult): string {
  return c.findings.length ? severitySummary(c.findings) : 'failed';
}

/** The `json` reporter: everything, machine-readable. */
export function jsonReport(results: readonly TreeResult[], s: Summary): string {
  return JSON.stringify({ summary: s, trees: results.map(({ snapshot: _s, ...r }) => ({ ...r, checks: r.checks.map(({ report: _r, ...c }) => c) })) }, null, 2) + '\n';
}
