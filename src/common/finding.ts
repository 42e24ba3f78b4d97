/**
 * One problem found by a check (a11y, drift, golden; docs/design.md §8.1). The analyses produce it;
 * the matchers, `treewright verify`, the reporter and the MCP shim all consume this one shape, whose
 * zod schema is its type (and the MCP check tool's output schema).
 */
import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import { TargetError } from '../errors.js';
import { plural } from './words.js';

/** The checks, in the order the verify lane runs and reports them. */
export const CHECK_KINDS = ['a11y', 'drift', 'golden'] as const;
const checkKindSchema = onFirstCall(() => zod().enum(CHECK_KINDS));
export const CheckKindSchema = lazySchema(checkKindSchema);
export type CheckKind = z.infer<typeof CheckKindSchema>;

/** Severities from most to least severe: the values `failOn` takes. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
const severitySchema = onFirstCall(() => zod().enum(SEVERITIES));
export const SeveritySchema = lazySchema(severitySchema);
export type Severity = z.infer<typeof SeveritySchema>;

const findingSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    check: checkKindSchema(),
    /** Stable rule id, e.g. `touch-target`, `text-contrast`, `token-mismatch`, `golden-changed`. */
    rule: z.string(),
    severity: severitySchema(),
    /** The node the finding is about (null for whole-screen findings). */
    nodeId: z.string().nullable(),
    rootId: z.string().nullable(),
    /** The node as an outline line, so a reader sees which node without the tree. */
    node: z.string().nullable(),
    /** One sentence: what is wrong, with the measured value against the threshold. */
    message: z.string(),
    measured: z.union([z.number(), z.string()]).optional(),
    threshold: z.union([z.number(), z.string()]).optional(),
    /** Rule-specific structured data (e.g. drift: token, facet, expected, actual). */
    data: z.record(z.string(), z.unknown()).optional(),
  });
});
export const FindingSchema = lazySchema(findingSchema);
export type Finding = z.infer<typeof FindingSchema>;

export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

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
/** Findings sorted by severity, most severe first; within a severity in the order given (a stable sort). */
export function bySeverity(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

export function severitySummary(findings: readonly Finding[]): string {
  const c = countBySeverity(findings);
  return [plural(c.error, 'error'), plural(c.warning, 'warning'), ...(c.info ? [`${c.info} info`] : [])].join(', ');
}
