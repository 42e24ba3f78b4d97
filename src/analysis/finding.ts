/**
 * One problem found by a verify-lane check (a11y, drift, golden). The matchers, `treewright verify`,
 * the reporter and the MCP shim all consume this one shape.
 */
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
