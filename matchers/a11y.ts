import type { Node } from '../src/model/schema.js';
import { audit, type A11yOptions } from '../src/analysis/a11y.js';
import { failsAt, parseFailOn, SEVERITIES, severitySummary, type Finding, type Severity } from '../src/common/finding.js';
import { findingLine } from '../src/common/finding-line.js';
import { isLocator, type Locator } from '../src/query/locator.js';
import { TargetError } from '../src/errors.js';
import { nodesMatchedBy, runMatcher, single, type MatcherOptions, type MatcherThis, type Target, type Verdict } from './context.js';
import { NOT_FOUND } from './visibility.js';

export interface A11yMatcherOptions extends MatcherOptions, Pick<A11yOptions, 'rules' | 'thresholds' | 'platform'> {
  /** Nodes (with their subtrees) never reported, by locator; resolved against each capture. */
  ignore?: Locator[];
  /** The lowest severity that fails the assertion (default 'error'); lower ones are listed only. */
  failOn?: Severity;
}

/** Findings listed in a failure message; the rest are counted. */
const MAX_LINES = 50;

/**
 * `expect(device).toPassA11y()` audits the whole screen (every root); `expect(locator)` that node's
 * subtree (strict: one node), with the rest of the screen as context for the duplicate rules. Fails on
 * any finding of severity `failOn` or above; every finding is listed in the message either way.
 */
export async function toPassA11y(this: MatcherThis, target: Target, options: A11yMatcherOptions = {}) {
  const failOn = parseFailOn(options.failOn, 'toPassA11y');
  const ignore = options.ignore ?? [];
  if (!Array.isArray(ignore) || !ignore.every(isLocator)) {
    throw new TargetError('invalid_arguments', 'toPassA11y: `ignore` must be an array of locators', { hint: "e.g. { ignore: [device.byTag('ad_banner')] }" });
  }
  const failing = SEVERITIES.slice(0, SEVERITIES.indexOf(failOn) + 1);
  return runMatcher(this, target, options, {
    name: 'toPassA11y',
    expected: `no accessibility findings of severity ${failing.join(' or ')}`,
    check: (r): Verdict => {
      let within: Node | undefined;
      if (isLocator(target)) {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        within = n;
      }
      const ignored = nodesMatchedBy(r.snapshot, ignore);
      const findings = audit(r.snapshot, {
        rules: options.rules,
        thresholds: options.thresholds,
        platform: options.platform,
        within,
        ignore: ignored.size ? (n) => ignored.has(n) : undefined,
        merged: r.merged,
      });
      // Sizes read at density 1 are not dp: the result says so, passing or not.
      const density = r.snapshot.warnings.find((w) => w.code === 'unknown-density');
      const lines = density ? [`warning: ${density.message}`, ...details(findings)] : details(findings);
      return { pass: !failsAt(findings, failOn), received: `${severitySummary(findings)}${density ? ' (density unknown: sizes judged as px = dp)' : ''}`, details: lines, report: { findings } };
    },
  });
}

/** `2 errors, 1 warning` (and `, 3 info` when there are any). Kept for callers of the old name. */
export const summary = severitySummary;

function details(findings: readonly Finding[]): string[] {
  const lines = findings.slice(0, MAX_LINES).map(findingLine);
  if (findings.length > MAX_LINES) lines.push(`… and ${findings.length - MAX_LINES} more`);
  return lines;
}
