import type { Node, Snapshot } from '../model/schema.js';
import { TargetError } from '../errors.js';
import { analyzeReachability } from '../facts/reachability.js';
import { outlineLine } from '../outline/outline.js';
import { searchesMerged, selectorToCode, type Selector } from './selector.js';
import { noMatchLines, noMatchReport } from './near.js';

export const MAX_CANDIDATES = 10;

/** Candidate nodes as numbered outline lines (in the merged view unless `merged` is false), at most 10, then a count of the rest. */
export function candidateLines(snapshot: Snapshot, nodes: readonly Node[], max = MAX_CANDIDATES, merged = true): string[] {
  const reach = analyzeReachability(snapshot);
  const lines = nodes.slice(0, max).map((n, i) => `    ${i + 1}) ${outlineLine(n, { reach, snapshot, merged })}`);
  if (nodes.length > max) lines.push(`    …and ${nodes.length - max} more`);
  return lines;
}

export function strictViolation(snapshot: Snapshot, selector: Selector, nodes: readonly Node[]): TargetError {
  const code = selectorToCode(selector);
  return new TargetError(
    'target_ambiguous',
    [`strict mode violation: ${code} resolved to ${nodes.length} nodes:`, ...candidateLines(snapshot, nodes, MAX_CANDIDATES, searchesMerged(selector))].join('\n'),
    { locator: code, count: nodes.length, hint: 'Make the locator more specific (exact: true, filter({ has }), or .first() / .nth(i) when any will do).' },
  );
}

export function notFound(snapshot: Snapshot, selector: Selector): TargetError {
  const code = selectorToCode(selector);
  return new TargetError('target_not_found', [`${code} resolved to no node in ${snapshot.source}`, ...noMatchLines(noMatchReport(snapshot, selector))].join('\n'), {
    locator: code,
    hint: 'Check the locator against `npx treewright inspect` output, or wait for the screen to change.',
  });
}

/** Exactly one node, or a strict-mode / not-found error. */
export function expectOne(snapshot: Snapshot, selector: Selector, nodes: readonly Node[]): Node {
  if (nodes.length === 1) return nodes[0]!;
  if (nodes.length === 0) throw notFound(snapshot, selector);
  throw strictViolation(snapshot, selector, nodes);
}
