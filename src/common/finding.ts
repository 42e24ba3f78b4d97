/**
 * One problem found by a verify-lane check (a11y, drift, golden). The matchers, `treewright verify`,
 * the reporter and the MCP shim all consume this one shape.
 */
import { TargetError } from '../errors.js';
import { plural } from './words.js';

export type Severity = 'error' | 'warning' | 'info';
export type CheckKind = 'a11y' | 'drift' | 'golden';

export interface Finding {
  check: CheckKind;
  /** Stable rule id, e.g. `touch-target`, `text-contrast`, `token-mismatch`, `golden-changed`. */
  rule: string;
  severity: Severity;
  /** The node the finding is about (null for whole-screen findings). */
  nodeId: string | null;
  rootId: string | null;
  /** The node as an outline line, so a reader sees which node without the tree. */
  node: string | null;
  /** One sentence: what is wrong, with the measured value against the threshold. */
  message: string;
  measured?: number | string;
  threshold?: number | string;
  /** Rule-specific structured data (e.g. drift: token, facet, expected, actual). */
  data?: Record<string, unknown>;
}

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

/** Severities from most to least severe: the values `failOn` takes. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/**
 * A `failOn` option or `--fail-on` flag as a Severity (undefined: 'error'), or a TargetError naming
 * `where` (e.g. `toPassA11y`, `--fail-on`) and the values it takes.
 */
export function parseFailOn(value: unknown, where: string): Severity {
  if (value === undefined) return 'error';
  if (typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value)) return value as Severity;
  throw new TargetError('invalid_arguments', `${where}: failOn takes error, warning or info, got ${JSON.stringify(value) ?? String(value)}`, {
    hint: "Use 'error', 'warning' or 'info' (default 'error'): findings of that severity or above fail.",
  });
}

/** True when a finding is at `failOn` or more severe. */
export function failsAt(findings: readonly Finding[], failOn: Severity): boolean {
  return findings.some((f) => SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[failOn]);
}

/** `2 errors, 1 warning` (and `, 3 info` when there are any): how every surface counts findings. */
export function severitySummary(findings: readonly Finding[]): string {
  const c = countBySeverity(findings);
  return [plural(c.error, 'error'), plural(c.warning, 'warning'), ...(c.info ? [`${c.info} info`] : [])].join(', ');
}
