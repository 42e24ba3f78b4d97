/**
 * The same report page for a `treewright verify` lane run: one entry per tree and check (as the junit
 * reporter has one test case per tree and check), each failed check drawn like a matcher failure —
 * the wireframe with the findings' badges, the findings / drift tables, the golden diff side by side.
 */
import type { CheckKind } from '../../src/common/finding.js';
import type { CheckResult } from '../../src/checks/result.js';
import type { TreeResult } from '../verify/check.js';
import type { ChangeKind } from '../../src/analysis/diff.js';
import { buildFailureReport, type FailureReport } from '../../src/render/failure-report.js';
import type { GoldenReport } from '../../src/render/golden-report.js';
import type { ReportModel, ReportTest } from './model.js';
import { writeReport } from './write.js';
import { plural } from '../../src/common/words.js';

/** One tree's lane result, as this reporter reads it (runner/verify's TreeResult; `ms` may be absent). */
export type VerifyTreeResult = Pick<TreeResult, 'file' | 'checks' | 'error' | 'snapshot'> & { ms?: number };

const EXPECTED: Record<CheckKind, string> = {
  a11y: 'no accessibility findings that fail the lane',
  drift: 'no token drift that fails the lane',
  golden: 'the golden tree',
};

/** The lane's own report data; without it (a corrupt golden, a caller that kept none) the findings are the diff. */
function goldenOf(c: CheckResult): GoldenReport {
  if (c.report) return c.report;
  const path = c.golden ?? 'golden';
  const changes = c.findings.map((f) => {
    const kind = (f.data?.kind as ChangeKind | undefined) ?? 'changed';
    const line = typeof f.data?.line === 'number' && kind !== 'added' ? f.data.line : null;
    return { kind, text: f.message, expectedLine: line, actualLine: null };
  });
  return { name: path, path, expected: null, actual: null, changes, totalChanges: changes.length, note: 'no side-by-side view: the lane kept no comparison data for this golden' };
}

/** The report model of a lane run: tests in file order, then a11y, drift, golden. */
export async function modelFromVerify(results: readonly VerifyTreeResult[], title = 'treewright verify'): Promise<ReportModel> {
  const tests: ReportTest[] = [];
  const ordered = [...results].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const t of ordered) {
    const base = { project: 'verify', file: t.file, line: 0, column: 0, flaky: false };
    if (t.error) {
      tests.push({ ...base, key: t.file, title: [t.file], status: 'failed', failed: true, durationMs: t.ms ?? 0, attempts: [{ retry: 0, status: 'failed', durationMs: t.ms ?? 0, failures: [], errors: [`${t.error.code}: ${t.error.message}`], steps: [] }] });
      continue;
    }
    for (const c of t.checks) {
      const failed = c.status === 'failed';
      const failures: FailureReport[] = [];
      if (failed) {
        failures.push(buildFailureReport({
          matcher: c.check,
          call: `treewright verify --checks ${c.check}`,
          target: 'device',
          locator: t.file,
          expected: EXPECTED[c.check],
          received: c.check === 'golden' ? plural(c.findings.length, 'change') : plural(c.findings.length, 'finding'),
          details: c.diff ? c.diff.split('\n') : [],
          snapshot: t.snapshot ?? null,
          findings: c.check === 'golden' ? [] : c.findings,
          golden: c.check === 'golden' ? goldenOf(c) : null,
        }));
      }
      tests.push({
        ...base,
        key: `${t.file}\u0000${c.check}`,
        title: [t.file, c.check],
        status: failed ? 'failed' : 'passed',
        failed,
        durationMs: t.ms ?? 0,
        attempts: [{ retry: 0, status: failed ? 'failed' : 'passed', durationMs: t.ms ?? 0, failures, errors: [], steps: [] }],
      });
    }
  }
  return { title, tests };
}

/**
 * Writes the report page of a `treewright verify` run to `<outDir>/index.html` and returns its path
 * (for `treewright verify --reporter html`). Keep the snapshots in the results for the wireframes.
 */
export async function writeHtmlReport(results: readonly VerifyTreeResult[], outDir: string, options: { title?: string } = {}): Promise<string> {
  return writeReport(await modelFromVerify(results, options.title), outDir);
}
