/**
 * One check's result on one capture (docs/design.md §8.1): what `treewright verify` reports per tree
 * and check, and what its reporters (line, junit, html) read.
 */
import { failsAt, type CheckKind, type Finding, type Severity } from '../common/finding.js';
import type { GoldenReport } from '../render/golden-report.js';

/** passed / failed by the fail-on severity; written / updated for a golden the check wrote. */
export type CheckStatus = 'passed' | 'failed' | 'written' | 'updated';

export interface CheckResult {
  check: CheckKind;
  status: CheckStatus;
  findings: Finding[];
  /** Golden: the short +/-/~ diff. */
  diff?: string;
  /** Golden: where the golden lives, as shown. */
  golden?: string;
  /**
   * A failed golden's report data from this very comparison (its tolerance, its working directory), so
   * a report shows what the check decided; without it the findings are listed as the diff.
   */
  report?: GoldenReport;
}

/** A11y and drift: passed, or failed when a finding is at `failOn` or more severe. */
export function findingsResult(check: Exclude<CheckKind, 'golden'>, findings: Finding[], failOn: Severity): CheckResult {
  return { check, findings, status: failsAt(findings, failOn) ? 'failed' : 'passed' };
}
