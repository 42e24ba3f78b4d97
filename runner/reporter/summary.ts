import type { ReportCounts } from './model.js';
import { plural } from '../../src/common/words.js';

/**
 * The one-paragraph summary printed at the end of a run (and shown at the top of the page): tests by
 * outcome, treewright failures, a11y findings by severity, token drifts, golden changes, and where the
 * report is (when `reportPath` is given).
 */
export function summaryText(c: ReportCounts, reportPath: string | null): string {
  const outcomes = [`${c.passed} passed`, `${c.failed} failed`, ...(c.flaky ? [`${c.flaky} flaky`] : []), ...(c.skipped ? [`${c.skipped} skipped`] : [])];
  const parts = [
    `${plural(c.tests, 'test')} (${outcomes.join(', ')})`,
    `${plural(c.treewrightFailures, 'treewright failure')}`,
    `a11y findings: ${c.a11y.error} error${c.a11y.error === 1 ? '' : 's'}, ${c.a11y.warning} warning${c.a11y.warning === 1 ? '' : 's'}, ${c.a11y.info} info`,
    plural(c.drift, 'token drift'),
    plural(c.goldenChanges, 'golden change'),
  ];
  return `treewright: ${parts.join('; ')}.${reportPath ? ` Report: ${reportPath}` : ''}`;
}
