/**
 * The report data of one treewright failure, and of a test's action receipts: the structured JSON the
 * matchers attach to Playwright results (content type `application/vnd.treewright+json`) and the only
 * thing the reporter reads, so a report merged from sharded blob reports is the same as an unsharded
 * one. Also the human artefacts drawn from it (outline text, wireframe), so an attachment and the report
 * page always show the same picture. Bounded: a failure carries an excerpt of at most ~1,000 nodes and
 * 500 findings, and says how much was left out.
 */
import type { Finding } from '../common/finding.js';
import type { Node, Snapshot } from '../model/schema.js';
import type { Receipt } from '../query/action.js';
import { analyzeReachability } from '../facts/reachability.js';
import { walkNode } from '../model/node.js';
import { DEFAULT_EXCERPT_NODES, excerptSnapshot } from './excerpt.js';
import { outlineLine, outlineRootLine } from '../outline/outline.js';
import { mergedView } from '../facts/merged-view.js';
import { renderWireframe } from './wireframe.js';
import type { GoldenReport } from './golden-report.js';

export const REPORT_CONTENT_TYPE = 'application/vnd.treewright+json';
export const REPORT_VERSION = 1;
export const MAX_REPORT_FINDINGS = 500;
export const MAX_REPORT_NODE_IDS = 50;

/** `screen`: every window, the failing node in place; `subtree`: the locator's node on its own canvas. */
export type ReportView = 'screen' | 'subtree';

/**
 * The parts of the report page a failure gets, decided when the report is built from what the failure
 * carries (never from the matcher's name): the wireframe and outline of its snapshot, the a11y findings
 * table, the drift table, the golden diff, the matcher's detail lines (when no table says the same).
 */
export const REPORT_PANELS = ['wireframe', 'outline', 'findings', 'drift', 'golden', 'details'] as const;
export type ReportPanel = (typeof REPORT_PANELS)[number];

/** The panels that apply to a failure's data, in page order. */
export function reportPanels(r: Pick<FailureReport, 'snapshot' | 'outline' | 'findings' | 'golden' | 'details'>): ReportPanel[] {
  const has: Record<ReportPanel, boolean> = {
    wireframe: !!r.snapshot && r.snapshot.roots.length > 0,
    outline: !!r.outline,
    findings: r.findings.some((f) => f.check !== 'drift'),
    drift: r.findings.some((f) => f.check === 'drift'),
    golden: !!r.golden,
    details: r.details.length > 0 && !r.golden && r.findings.length === 0,
  };
  return REPORT_PANELS.filter((p) => has[p]);
}

export interface FailureReport {
  format: 'treewright-failure';
  version: typeof REPORT_VERSION;
  /** `toBeHittable`, `toPassA11y`, … (or a verify-lane check name). */
  matcher: string;
  /** The call as code: `expect(locator).not.toBeHittable()`. */
  call: string;
  negated: boolean;
  target: 'locator' | 'device';
  /** The locator's code form (`byRole('Button', { name: 'Send' })`), or the device's description. */
  locator: string;
  expected: string;
  received: string;
  timedOut: boolean;
  /** The lines the matcher prints under its message (plain text). */
  details: string[];
  /** The nodes the locator resolved to (at most 50); the first is the failing node. */
  nodeIds: string[];
  nodeId: string | null;
  /** The node that takes the touch instead (toBeHittable / toBeOperable). */
  obscuredBy: string | null;
  view: ReportView;
  /** What the page shows for this failure (see reportPanels). */
  panels: ReportPanel[];
  /** The user's spec line that made the failing call (absolute file), when it was known. */
  location?: SourceLocation | null;
  /** The screen when the failure was decided — an excerpt when it was large (see `excerpt`). */
  snapshot: Snapshot | null;
  excerpt: { totalNodes: number; keptNodes: number } | null;
  /** The outline of the relevant part, with each line's node id (null for window lines). */
  outline: { lines: string[]; ids: Array<string | null> } | null;
  findings: Finding[];
  totalFindings: number;
  golden: GoldenReport | null;
  /** false: the failure is about the raw tree (its outline and wireframe drawn so); absent or true: the merged view. */
  merged?: boolean;
}

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface ReceiptsReport {
  format: 'treewright-receipts';
  version: typeof REPORT_VERSION;
  /** The device's description. */
  device: string;
  receipts: Receipt[];
}

export type TreewrightReport = FailureReport | ReceiptsReport;

export interface FailureInput {
  matcher: string;
  /** Defaults to `expect(<target>).[not.]<matcher>()`. */
  call?: string;
  negated?: boolean;
  target: 'locator' | 'device';
  locator: string;
  expected: string;
  received: string;
  timedOut?: boolean;
  details?: readonly string[];
  snapshot?: Snapshot | null;
  /** What the locator resolved to. */
  nodes?: readonly Node[];
  /** The failing node (default: the only resolved node). */
  node?: Node | null;
  obscuredBy?: Node | null;
  findings?: readonly Finding[];
  golden?: GoldenReport | null;
  /** Default: `subtree` for a locator's node unless something obscures it, else `screen`. */
  view?: ReportView;
  /** The user's spec line that made the call. */
  location?: SourceLocation | null;
  maxNodes?: number;
  /**
   * false: the outline shows the raw tree (a locator that searched with `merged: false`, or a device
   * connected so). Default true: the merged view, as `inspect` prints it (docs/design.md §8).
   */
  merged?: boolean;
}

/** Builds the bounded report data of a failure. Pure; reads the snapshot only. */
export function buildFailureReport(input: FailureInput): FailureReport {
  const negated = !!input.negated;
  const nodes = input.nodes ?? [];
  const node = input.node !== undefined ? input.node : nodes.length === 1 ? nodes[0]! : null;
  const obscuredBy = input.obscuredBy ?? null;
  const findings = (input.findings ?? []).slice(0, MAX_REPORT_FINDINGS);
  const view: ReportView = input.view ?? (input.target === 'locator' && node && !obscuredBy ? 'subtree' : 'screen');
  const marked = [...(node ? [node] : []), ...nodes.filter((n) => n !== node).slice(0, MAX_REPORT_NODE_IDS - 1), ...(obscuredBy ? [obscuredBy] : [])];

  let snapshot: Snapshot | null = null;
  let excerpt: FailureReport['excerpt'] = null;
  let outline: FailureReport['outline'] = null;
  if (input.snapshot) {
    const ex = excerptSnapshot(input.snapshot, {
      keep: marked,
      keepIds: findings.flatMap((f) => (f.nodeId !== null ? [f.nodeId] : [])),
      scope: view === 'subtree' ? node : null,
      maxNodes: input.maxNodes ?? DEFAULT_EXCERPT_NODES,
    });
    snapshot = ex.snapshot;
    excerpt = { totalNodes: ex.totalNodes, keptNodes: ex.keptNodes };
    const reach = analyzeReachability(input.snapshot);
    const merged = input.merged !== false;
    const opts = { reach, snapshot: input.snapshot, merged };
    // In the merged view a role child is part of its control: no line of its own.
    const mv = merged ? mergedView(input.snapshot) : null;
    const hidden = mv && mv.mergedCount > 0 ? (n: Node) => {
      const i = mv.orderOf(ex.original(n));
      return i !== undefined && mv.mergedInto(i) >= 0;
    } : null;
    outline = outlineOf(ex.snapshot, view === 'subtree' && node ? node.id : null, (n) => outlineLine(ex.original(n), opts), hidden);
  }
  const target = input.target;
  const report: FailureReport = {
    format: 'treewright-failure',
    version: REPORT_VERSION,
    matcher: input.matcher,
    call: input.call ?? `expect(${target}).${negated ? 'not.' : ''}${input.matcher}()`,
    negated,
    target,
    locator: input.locator,
    expected: input.expected,
    received: input.received,
    timedOut: !!input.timedOut,
    details: [...(input.details ?? [])],
    nodeIds: marked.filter((n) => n !== obscuredBy || nodes.includes(n)).map((n) => n.id),
    nodeId: node?.id ?? null,
    obscuredBy: obscuredBy?.id ?? null,
    view,
    snapshot,
    excerpt,
    outline,
    findings,
    totalFindings: input.findings?.length ?? 0,
    golden: input.golden ?? null,
    panels: [],
    ...(input.location ? { location: input.location } : {}),
    ...(input.merged === false ? { merged: false } : {}),
  };
  report.panels = reportPanels(report);
  return report;
}

/**
 * Outline lines of a snapshot (window lines, then nodes indented by depth) with each line's node id;
 * with `focus`, only that node's ancestors and subtree; nodes `hidden` says are merged away are left out.
 */
function outlineOf(snapshot: Snapshot, focus: string | null, line: (n: Node) => string, hidden: ((n: Node) => boolean) | null): NonNullable<FailureReport['outline']> {
  const lines: string[] = [];
  const ids: Array<string | null> = [];
  for (const root of snapshot.roots) {
    let on: Set<Node> | null = null;
    if (focus !== null) {
      // The ancestors of the focus node, found with a parent map (one pass).
      const parent = new Map<Node, Node | null>();
      let hit: Node | null = null;
      walkNode(root.node, (n, _d, p) => { parent.set(n, p); if (n.id === focus) hit = n; });
      if (!hit) continue;
      on = new Set<Node>();
      for (let n: Node | null | undefined = hit; n; n = parent.get(n)) on.add(n);
    }
    lines.push(outlineRootLine(root));
    ids.push(null);
    let inside = -1; // depth of the focus node while inside its subtree
    walkNode(root.node, (n, depth) => {
      if (inside >= 0 && depth <= inside) inside = -1;
      if (on && inside < 0 && !on.has(n)) return false;
      if (n.id === focus) inside = depth;
      if (hidden?.(n)) return false;
      lines.push(`${'  '.repeat(depth)}- ${line(n)}`);
      ids.push(n.id);
      return undefined;
    });
  }
  return { lines, ids };
}

/** What a marked outline line is, for the text attachment's comment lines and the page's highlights. */
export function outlineMarks(r: Pick<FailureReport, 'nodeIds' | 'obscuredBy' | 'findings'>): Map<string, string> {
  const marks = new Map<string, string>();
  for (const f of r.findings) if (f.nodeId !== null && !marks.has(f.nodeId)) marks.set(f.nodeId, `${f.severity} ${f.rule}`);
  if (r.obscuredBy !== null) marks.set(r.obscuredBy, 'obscures the failing node');
  r.nodeIds.forEach((id, i) => marks.set(id, i === 0 ? 'failing node' : 'also matched'));
  return marks;
}

/** The outline as text, each marked node followed by a `# ^ …` comment line (still valid outline grammar). */
export function failureOutlineText(r: FailureReport): string {
  if (!r.outline) return '';
  const marks = outlineMarks(r);
  const out: string[] = [];
  r.outline.lines.forEach((l, i) => {
    out.push(l);
    const id = r.outline!.ids[i];
    const mark = id != null ? marks.get(id) : undefined;
    if (mark) out.push(`${' '.repeat(l.length - l.trimStart().length)}  # ^ ${mark}`);
  });
  if (r.excerpt && r.excerpt.keptNodes < r.excerpt.totalNodes) out.push(`# excerpt: ${r.excerpt.keptNodes} of ${r.excerpt.totalNodes} nodes`);
  return out.join('\n') + '\n';
}

/** The failure's wireframe: the failing node, what obscures it and the findings drawn over the screen or subtree. */
export function failureWireframe(r: FailureReport, opts: { width?: number } = {}): string | null {
  if (!r.snapshot || r.snapshot.roots.length === 0) return null;
  const subtree = r.view === 'subtree' ? r.nodeId : null;
  return renderWireframe(r.snapshot, {
    subtree,
    failing: r.nodeIds,
    obscuredBy: r.obscuredBy,
    findings: r.findings,
    title: `${r.call} — ${r.locator}`,
    merged: r.merged !== false,
    ...(opts.width !== undefined ? { width: opts.width } : {}),
  });
}

/** Reads one attachment body back; null for anything that is not a treewright report of this version. */
export function parseTreewrightReport(body: string | Uint8Array): TreewrightReport | null {
  let v: unknown;
  try {
    v = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  } catch {
    return null;
  }
  if (v === null || typeof v !== 'object') return null;
  const o = v as { format?: unknown; version?: unknown };
  if (o.version !== REPORT_VERSION) return null;
  if (o.format === 'treewright-failure') {
    const f = v as FailureReport;
    // Written before reports carried their panels: derived from the same data.
    if (!Array.isArray(f.panels)) f.panels = reportPanels(f);
    return f;
  }
  if (o.format === 'treewright-receipts') return v as TreewrightReport;
  return null;
}
