/**
 * Token drift (docs/design.md §8): each node's `designToken { tokens, resolved }` checked against the
 * design-system catalog (drift-catalog.ts) by meaning and by kind (drift-judge.ts).
 *
 * One pass over the nodes. What a node's findings need beyond its values (catalog entries, which token
 * each facet is checked against, the words of unknown and unchecked tokens) depends on its token and
 * facet names alone: planned once per such shape (DriftJudge.plan, kept for the first MAX_PLANS shapes),
 * then applied to each node's values (DriftJudge.hits). A design system repeats a few shapes over
 * thousands of nodes.
 */
import type { DesignToken, Node, Snapshot } from '../model/schema.js';
import { outlineHead, outlineLine } from '../outline/outline.js';
import { viewRole } from '../facts/merged-view.js';
import type { Finding, Severity } from '../common/finding.js';
import type { Catalog } from '../formats/catalog.js';
import { indexCatalog, isCatalogIndex, type CatalogIndex } from './drift-catalog.js';
import { DriftJudge, type DriftHit, type DriftRule, type Facet, type FindingData, type Plan } from './drift-judge.js';

export { indexCatalog, type CatalogIndex } from './drift-catalog.js';
export { facetKind, type DriftRule, type FacetKind } from './drift-judge.js';
export { editDistance } from '../common/edit-distance.js';

/** Every rule with its default severity and what it means (for docs, reporters and `rules` options). */
export const DRIFT_RULES: Readonly<Record<DriftRule, { severity: Severity; description: string }>> = {
  'token-mismatch': { severity: 'error', description: "a resolved value differs from its token's catalog value" },
  'unknown-token': { severity: 'error', description: 'a token name the catalog does not declare (misspelt, or missing from the catalog)' },
  'malformed-value': { severity: 'error', description: 'a resolved value that is not a colour / length / weight of its facet' },
  'missing-token': { severity: 'error', description: 'a node that requireTokens says must carry a token carries none' },
  // A hard-coded value beside tokens is a smell, not proof of drift: the design may not have a token for it.
  'no-token-for-facet': { severity: 'warning', description: 'a resolved value with no token of its kind on the node' },
  // The node names the token but reports nothing it could be checked against: worth knowing, not failing.
  'unchecked-token': { severity: 'info', description: 'a catalog token on a node that resolved no facet of its kind' },
};

export interface DriftOptions {
  /** Nodes for which this is true must carry at least one token (`missing-token` otherwise). */
  requireTokens?: (node: Node) => boolean;
  /** Nodes for which this is true are skipped, with their subtrees. */
  ignore?: (node: Node) => boolean;
  /** Check only these nodes' subtrees (a locator's match); default every root. */
  within?: readonly Node[];
  /** Change a rule's severity, or turn it off. */
  rules?: Partial<Record<DriftRule, Severity | 'off'>>;
  /** false: findings name their node as the raw tree prints it (`View #12`); default the merged view's `Button #12`. */
  merged?: boolean;
}

/**
 * Every drift finding in the snapshot (or in `options.within`), in document order. `catalog` may be a
 * parsed Catalog or an index of one (cheaper when checking many snapshots). Anything but an index is
 * indexed, which validates it: a catalog written as a plain object (no `dimens`) works, a bad one is
 * the catalog format's FormatError, never a TypeError.
 */
export function checkDrift(snapshot: Snapshot, catalog: Catalog | CatalogIndex, options: DriftOptions = {}): Finding[] {
  const index = isCatalogIndex(catalog) ? catalog : indexCatalog(catalog);
  const run = new DriftRun(index, options, snapshot);
  const within = options.within ? new Set(options.within) : null;
  const { ignore } = options;
  // Iterative pre-order with the depth beside each node (a subtree of `within` ends where the depth
  // returns to its root's), bottom root first.
  const stack: Node[] = [];
  const depths: number[] = [];
  for (const root of snapshot.roots) {
    let insideDepth = -1;
    stack.push(root.node);
    depths.push(0);
    while (stack.length) {
      const node = stack.pop()!, depth = depths.pop()!;
      if (ignore?.(node)) continue;
      if (insideDepth >= 0 && depth <= insideDepth) insideDepth = -1;
      if (within && insideDepth < 0 && within.has(node)) insideDepth = depth;
      if (!within || insideDepth >= 0) run.check(node, root.rootId);
      const kids = node.children;
      for (let c = kids.length - 1; c >= 0; c--) {
        stack.push(kids[c]!);
        depths.push(depth + 1);
      }
    }
  }
  return run.out;
}

/**
 * The design-token shapes whose plans a check keeps. A design system repeats a few shapes over a screen;
 * where every node has a shape of its own, keeping thousands of plans costs more than planning again.
 */
const MAX_PLANS = 64;

/** A design-token shape (token names, facet names and kinds) with its plan. */
interface PlannedShape {
  tokens: readonly string[];
  names: readonly string[];
  facets: readonly Facet[];
  plan: Plan;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One check over a snapshot: the options, the findings, and the design-token shapes planned so far. */
class DriftRun {
  readonly out: Finding[] = [];
  private readonly judge: DriftJudge;
  /**
   * Plans by design-token shape (its token names, then each facet's name and kind), bucketed by its first
   * token name, then by its last facet name (hitsOf). Values are not in it: a screen may resolve a different
   * value on every node, and what a value changes is worked out per node from the plan (DriftJudge.hits).
   */
  private readonly plans = new Map<string, Map<string, PlannedShape[]>>();
  /** How many shapes `plans` holds (at most MAX_PLANS). */
  private kept = 0;
  /** The design token being judged: its facets' names, kinds and values, in its plan's order. */
  private readonly names: string[] = [];
  private readonly facets: Facet[] = [];
  /** The values of the design token being judged, in its plan's facet order. */
  private readonly raws: string[] = [];

  constructor(
    index: CatalogIndex,
    private readonly options: DriftOptions,
    private readonly snapshot: Snapshot,
  ) {
    this.judge = new DriftJudge(index);
  }

  check(node: Node, rootId: string): void {
    const dt = node.designToken;
    if ((!dt || dt.tokens.length === 0) && this.options.requireTokens?.(node)) {
      this.emit(node, rootId, 'missing-token', 'carries no design token, but requireTokens says it must', { token: null, facet: null, expected: 'a design token', actual: null });
    }
    if (!dt) return;
    const hits = this.hitsOf(dt);
    for (let k = 0; k < hits.length; k++) this.emit(node, rootId, hits[k]!.rule, hits[k]!.message, hits[k]!.data);
  }

  /** A design token's hits: its shape's plan, applied to its values. */
  private hitsOf(dt: DesignToken): readonly DriftHit[] {
    const tokens = dt.tokens;
    const resolved = dt.resolved, raws = this.raws, names = this.names, facets = this.facets, judge = this.judge;
    raws.length = 0;
    names.length = 0;
    facets.length = 0;
    for (const facet in resolved) {
      const raw = resolved[facet]!;
      const f = judge.facetOf(facet, raw);
      if (!f) continue;
      names.push(facet);
      raws.push(raw);
      facets.push(f);
    }
    // Shapes are found by two names the node already holds, and told apart within a bucket by comparing
    // them whole: no key is built per node.
    const first = tokens.length ? tokens[0]! : '', last = names.length ? names[names.length - 1]! : '';
    let byLast = this.plans.get(first);
    const bucket = byLast?.get(last);
    if (bucket) {
      for (let b = 0; b < bucket.length; b++) {
        const s = bucket[b]!;
        if (sameItems(s.tokens, tokens) && sameItems(s.names, names) && sameItems(s.facets, facets)) return judge.hits(s.plan, raws);
      }
    }
    const plan = judge.plan(tokens, names.map((n, k) => [n, facets[k]!] as const));
    if (this.kept < MAX_PLANS) {
      const shape = { tokens: [...tokens], names: [...names], facets: [...facets], plan };
      if (bucket) bucket.push(shape);
      else {
        if (!byLast) this.plans.set(first, (byLast = new Map()));
        byLast.set(last, [shape]);
      }
      this.kept++;
    }
    return judge.hits(plan, raws);
  }

  private severity(rule: DriftRule): Severity | 'off' {
    return this.options.rules?.[rule] ?? DRIFT_RULES[rule].severity;
  }

  /** The node the last finding was about, with its outline line and label: a node's findings come together, and name it once. */
  private named: { node: Node; line: string; label: string } | null = null;

  private emit(node: Node, rootId: string, rule: DriftRule, message: string, data: FindingData): void {
    const severity = this.severity(rule);
    if (severity === 'off') return;
    if (this.named?.node !== node) {
      const merged = this.options.merged !== false;
      this.named = { node, line: outlineLine(node, { snapshot: this.snapshot, merged }), label: nodeLabel(node, viewRole(this.snapshot, node, merged)) };
    }
    const { line, label } = this.named;
    // `data` is this finding's own (DriftJudge.hits makes it per hit).
    data.label = label;
    const f: Finding = { check: 'drift', rule, severity, nodeId: node.id, rootId, node: line, message: `${label}: ${message}`, data };
    if (data.actual !== null) f.measured = data.actual;
    if (data.expected !== null) f.threshold = data.expected;
    this.out.push(f);
  }
}

/** The node as a reader names it in a finding: its tag, else its role (in the view asked for) and id (`data.label`). */
export function nodeLabel(node: Node, role: Node['role'] = node.role): string {
  return node.tag ?? `${outlineHead(node, role)} #${node.id}`;
}
