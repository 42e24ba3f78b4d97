// What the inspector page shows of one capture, as plain JSON: the outline as rows with node ids (the
// merged view, as `treewright inspect` prints it), the wireframe, the a11y findings and, for a picked
// node, its facts and best locator (docs/design.md §12).
import type { Node, Snapshot } from '../../src/model/schema.js';
import type { Finding } from '../../src/common/finding.js';
import type { SnapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { audit } from '../../src/analysis/a11y.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { mergedView, viewRole } from '../../src/facts/merged-view.js';
import { outlineLine, outlineRootLine } from '../../src/outline/outline.js';
import { bestLocator } from '../../src/query/best-locator.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { renderWireframe, type DiffMark } from '../../src/render/wireframe.js';

export interface OutlineRow {
  /** null for a window (root) line. */
  id: string | null;
  depth: number;
  line: string;
}

export interface ScreenView {
  generation: string;
  capturedAt: string;
  rows: OutlineRow[];
  svg: string;
  findings: Array<Pick<Finding, 'rule' | 'severity' | 'nodeId' | 'message'>>;
  /** Ids added or changed since the capture before, and ids gone. */
  delta: { added: string[]; changed: string[]; removed: string[] };
}

/** The outline in the merged view, one row per line, each node row with its id. */
export function outlineRows(snapshot: Snapshot): OutlineRow[] {
  const reach = analyzeReachability(snapshot);
  const view = mergedView(snapshot);
  const rows: OutlineRow[] = [];
  for (const root of snapshot.roots) {
    rows.push({ id: null, depth: 0, line: outlineRootLine(root) });
    const stack: Array<[Node, number]> = [[root.node, 1]];
    while (stack.length) {
      const [node, depth] = stack.pop()!;
      const at = view.orderOf(node);
      if (at !== undefined && view.mergedInto(at) >= 0) continue;
      rows.push({ id: node.id, depth, line: outlineLine(node, { reach, snapshot }) });
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1]);
    }
  }
  return rows;
}

/** The page's view of a capture; `delta` from the capture before (null: the first one). */
export function screenView(snapshot: Snapshot, delta: SnapshotDelta | null): ScreenView {
  const findings = audit(snapshot);
  const added = delta ? delta.upserted.filter((e) => e.added).map((e) => e.node.id) : [];
  const changed = delta ? delta.upserted.filter((e) => !e.added).map((e) => e.node.id) : [];
  const diff = new Map<string, DiffMark>([...changed.map((id) => [id, 'changed'] as const), ...added.map((id) => [id, 'added'] as const)]);
  return {
    generation: snapshot.generation,
    capturedAt: snapshot.capturedAt,
    rows: outlineRows(snapshot),
    svg: renderWireframe(snapshot, { width: 420, maxHeight: 760, findings, ...(diff.size ? { diff } : {}), title: `wireframe of ${snapshot.source}` }),
    findings: findings.map((f) => ({ rule: f.rule, severity: f.severity, nodeId: f.nodeId, message: f.message })),
    delta: { added, changed, removed: delta ? delta.removed : [] },
  };
}

export interface NodeView {
  id: string;
  line: string;
  role: string | null;
  name: string;
  state: Record<string, string | boolean | null>;
  /** The on-screen (clipped) rect, in the window's unit. */
  rect: { x: number; y: number; width: number; height: number };
  unit: string;
  tap: { x: number; y: number } | null;
  hittable: boolean | null;
  operable: boolean | null;
  /** What takes the touch instead, as an outline line. */
  coveredBy: string | null;
  coveredById: string | null;
  locator: string;
  /** Which expect lines make sense for it. */
  expects: { visible: boolean; text: string | null; checked: boolean | null };
}

/** The facts of one node and its best locator; null when no node has that id on this capture. */
export function nodeView(snapshot: Snapshot, id: string): NodeView | null {
  const index = indexSnapshot(snapshot);
  const node = index.byId.get(id);
  if (!node) return null;
  const reach = analyzeReachability(snapshot).get(node);
  const text = index.textContent(node).replace(/\s+/g, ' ').trim();
  return {
    id,
    line: outlineLine(node, { snapshot }),
    role: viewRole(snapshot, node),
    name: index.name(node),
    state: {
      enabled: node.enabled, visible: node.visible, toggle: node.toggle, selected: node.selected, focused: node.focused,
      editable: node.editable, value: node.value, stateDescription: node.stateDescription,
    },
    rect: { x: node.bounds.x, y: node.bounds.y, width: node.bounds.width, height: node.bounds.height },
    unit: reach.root.unit,
    tap: reach.tap,
    hittable: reach.hittable,
    operable: reach.operable,
    coveredBy: reach.obscuredBy ? outlineLine(reach.obscuredBy, { snapshot }) : null,
    coveredById: reach.obscuredBy?.id ?? null,
    locator: bestLocator(snapshot, node).code,
    expects: { visible: reach.tap !== null, text: text || null, checked: node.toggle === null ? null : node.toggle === 'on' },
  };
}
