/** A snapshot delta (src/analysis/snapshot-delta.ts) as the lines and JSON an agent reads. */
import { z } from 'zod';
import type { Snapshot } from '../../src/model/schema.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import type { SnapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { outlineRootLine } from '../../src/outline/outline.js';
import { matchLine } from './common.js';

/**
 * `+ line parent=#p` for a new node, `~ line` for a changed one, `- #id` for a gone one, and root
 * lines for windows that opened or closed; at most `max` lines, then a count of the rest.
 */
export function deltaLines(delta: SnapshotDelta, next: Snapshot, max = Infinity): string[] {
  const reach = analyzeReachability(next);
  const lines: string[] = [];
  for (const id of delta.roots.added) {
    const root = next.roots.find((r) => r.rootId === id);
    if (root) lines.push(`+ ${outlineRootLine(root)}`);
  }
  for (const id of delta.roots.removed) lines.push(`- root ${id}`);
  for (const e of delta.upserted) {
    lines.push(e.added ? `+ ${matchLine({ snapshot: next }, e.node, reach, e.parentId !== null ? { parent: `#${e.parentId}` } : {})}` : `~ ${matchLine({ snapshot: next }, e.node, reach)}`);
  }
  for (const id of delta.removed) lines.push(`- #${id}`);
  if (lines.length > max) {
    const rest = lines.length - max;
    lines.length = max;
    lines.push(`…and ${rest} more change${rest === 1 ? '' : 's'} (get_tree shows the whole screen)`);
  }
  return lines;
}

export const DeltaNodeSchema = z.record(z.string(), z.unknown()).describe('node fields without children, plus childIds, parentId, rootId, added');

export function deltaJson(delta: SnapshotDelta) {
  return {
    upserted: delta.upserted.map((e) => {
      const { children, ...own } = e.node;
      return { ...own, childIds: children.map((c) => c.id), parentId: e.parentId, rootId: e.rootId, added: e.added } as Record<string, unknown>;
    }),
    removed: delta.removed,
    roots: delta.roots,
  };
}

export function deltaSummary(delta: SnapshotDelta): string {
  const added = delta.upserted.filter((e) => e.added).length;
  const parts = [`${delta.upserted.length - added} changed`, `${added} added`, `${delta.removed.length} removed`];
  if (delta.roots.added.length) parts.push(`${delta.roots.added.length} window${delta.roots.added.length === 1 ? '' : 's'} opened`);
  if (delta.roots.removed.length) parts.push(`${delta.roots.removed.length} window${delta.roots.removed.length === 1 ? '' : 's'} closed`);
  return parts.join(', ');
}
