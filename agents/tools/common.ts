/** Pieces the tools share: how a node is described in JSON and as a line, and common schemas. */
import { z } from 'zod';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { analyzeReachability, type Reachability } from '../../src/facts/reachability.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { isVisible } from '../../src/query/resolve.js';
import { outlineFields, outlineLine } from '../../src/outline/outline.js';
import { viewRole } from '../../src/facts/merged-view.js';
import { formatEntryLine } from '../../src/outline/outline-syntax.js';

export const GenerationSchema = z.string().regex(/^\d+$/).describe('a capture generation (decimal string)');
export const FormatSchema = z.enum(['text', 'json']).default('text').describe('text (compact outline, the default) or json');

export const NodeInfoSchema = z.object({
  id: z.string(),
  rootId: z.string(),
  /** The node as an outline line (docs/design.md §9). */
  line: z.string(),
  role: z.string().nullable(),
  tag: z.string().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  visible: z.boolean(),
  hittable: z.boolean().nullable(),
  operable: z.boolean().nullable(),
  obscuredBy: z.string().nullable().describe('the node that takes a tap instead, as an outline line'),
  tap: z.object({ x: z.number(), y: z.number() }).nullable(),
  bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  actions: z.array(z.string()),
});
export type NodeInfo = z.infer<typeof NodeInfoSchema>;

/**
 * A node as an answer names it: in the merged view (docs/design.md §8), a control by the role it took,
 * as `inspect` and get_tree print it; `merged: false` (a locator that searched the raw tree) names it raw.
 */
export function nodeInfo(snapshot: Snapshot, node: Node, reach: Reachability = analyzeReachability(snapshot), merged = true): NodeInfo {
  const r = reach.get(node);
  const view = { reach, snapshot, merged };
  return {
    id: node.id,
    rootId: r.root.rootId,
    line: outlineLine(node, view),
    role: viewRole(snapshot, node, merged) ?? node.rawRole,
    tag: node.tag,
    name: indexSnapshot(snapshot).name(node),
    enabled: node.enabled,
    visible: isVisible(node, snapshot),
    hittable: r.hittable,
    operable: r.operable,
    obscuredBy: r.obscuredBy ? outlineLine(r.obscuredBy, view) : null,
    tap: r.tap,
    bounds: node.bounds,
    actions: [...node.actions],
  };
}

/** The view a line names its node in: the snapshot it belongs to, merged unless asked otherwise. */
export interface LineView {
  snapshot: Snapshot;
  merged?: boolean;
}

/** A node as one line of a flat list: its outline line with `root=` added (a flat list has no root lines). */
export function matchLine(view: LineView, node: Node, reach: Reachability, extra: Record<string, string> = {}): string {
  const f = outlineFields(node, { reach, snapshot: view.snapshot, merged: view.merged !== false });
  return formatEntryLine({ ...f, attrs: { ...f.attrs, root: reach.get(node).root.rootId, ...extra } });
}

export { plural } from '../../src/common/words.js';
