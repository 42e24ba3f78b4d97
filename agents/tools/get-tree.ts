import { z } from 'zod';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { offersSomething } from '../../src/facts/node-facts.js';
import { isEmptyDelta, snapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { FormatError, TargetError } from '../../src/errors.js';
import { walkNode } from '../../src/model/node.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { outlineLines } from '../../src/outline/outline.js';
import { MAX_ANSWER_CHARS } from '../limits.js';
import type { Device } from '../../src/devices/device.js';
import { defineTool } from '../tool.js';
import type { Session } from '../session.js';
import { FormatSchema, GenerationSchema } from './common.js';
import { DeltaNodeSchema, deltaJson, deltaLines, deltaSummary } from './delta.js';

export const getTreeTool = defineTool({
  name: 'get_tree',
  description:
    'Reads the whole semantics tree of the current screen: by default as the compact text outline, one node per line, '
    + 'indented by depth (Role #id "text" desc= tag= [flags] actions= tap=x,y), every window with its root line; format json gives the full model. '
    + 'since: a generation you saw before; the answer is then unchanged, or a delta (+ added, ~ changed, - removed, by node id), '
    + 'or the full tree when that generation is no longer held. maxDepth, interactiveOnly and rootId cut the tree down; '
    + 'merged: false prints the raw tree: the role child of a Compose control read from a uiautomator dump as a line of its own, and label nodes separate where the device keeps them apart (the reference app). '
    + 'Use when the layout itself is the question or after an action changed the screen; to find one element, find_nodes is cheaper.',
  input: z.strictObject({
    format: FormatSchema,
    since: GenerationSchema.optional(),
    maxDepth: z.number().int().min(0).optional().describe('deepest depth shown (a window\'s node is 0)'),
    interactiveOnly: z.boolean().default(false).describe('only what can be operated, with its ancestors'),
    rootId: z.string().optional().describe('only this window'),
    merged: z.boolean().default(true).describe('false: the raw tree (role children of Compose controls as lines of their own; the reference app\'s label nodes separate)'),
  }),
  output: z.object({
    kind: z.enum(['full', 'delta', 'unchanged']),
    generation: GenerationSchema,
    from: GenerationSchema.optional(),
    format: z.enum(['text', 'json']),
    // The outline travels once: as the answer's text content, not again inside the structured value.
    snapshot: z.record(z.string(), z.unknown()).optional().describe('json format, full: the snapshot'),
    upserted: z.array(DeltaNodeSchema).optional(),
    removed: z.array(z.string()).optional(),
    roots: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }).optional(),
    note: z.string().optional(),
  }),
  annotations: { title: 'Get the tree', readOnlyHint: true, openWorldHint: true },
  async handler(args, session) {
    // The unmerged view is not kept for `since`: generations of one view are compared with that view only.
    const snapshot = args.merged ? await session.capture() : await unmerged(await session.device(), session);
    const g = snapshot.generation;
    const cut = args.maxDepth !== undefined || args.interactiveOnly || args.rootId !== undefined;
    const deltaOk = !cut && args.merged;
    if (args.since !== undefined && deltaOk) {
      if (args.since === g) {
        return { value: { kind: 'unchanged' as const, generation: g, format: args.format }, text: `generation ${g} · unchanged`, appData: false };
      }
      const prev = session.seen(args.since);
      if (prev) {
        const delta = snapshotDelta(prev, snapshot);
        if (isEmptyDelta(delta)) return { value: { kind: 'unchanged' as const, generation: g, from: args.since, format: args.format }, text: `generation ${g} · unchanged since ${args.since}`, appData: false };
        const head = `generation ${g} · delta since ${args.since}: ${deltaSummary(delta)}`;
        if (args.format === 'json') return { value: { kind: 'delta' as const, generation: g, from: args.since, format: 'json' as const, ...deltaJson(delta) }, appData: true };
        const text = [head, ...deltaLines(delta, snapshot)].join('\n');
        return { value: { kind: 'delta' as const, generation: g, from: args.since, format: 'text' as const }, text, appData: true };
      }
    }
    const note = args.since === undefined ? undefined
      : !deltaOk ? 'since is answered with the full tree when maxDepth, interactiveOnly, rootId or merged: false is given'
      : `generation ${args.since} is not among the captures this session holds; this is the full tree`;
    const opts = { ...(args.maxDepth !== undefined ? { maxDepth: args.maxDepth } : {}), interactiveOnly: args.interactiveOnly, ...(args.rootId !== undefined ? { rootId: args.rootId } : {}) };
    if (args.format === 'json') {
      const pruned = cut ? prune(snapshot, opts) : snapshot;
      checkJsonDepth(pruned);
      return { value: { kind: 'full' as const, generation: g, format: 'json' as const, snapshot: JSON.parse(snapshotToJson(pruned, 0)) as Record<string, unknown>, ...(note ? { note } : {}) }, appData: true };
    }
    const lines = [`generation ${g} · full${note ? ` (${note})` : ''}`];
    let size = 0;
    // Line by line, so a huge tree is refused after MAX_ANSWER_CHARS rather than printed whole first.
    for (const line of outlineLines(snapshot, { ...opts, merged: args.merged, reach: analyzeReachability(snapshot) })) {
      size += line.length + 1;
      if (size > MAX_ANSWER_CHARS) {
        throw new FormatError('too_large', `the outline of this screen is over ${MAX_ANSWER_CHARS / 1024 / 1024} MiB (${lines.length} lines in)`, {
          where: snapshot.source, hint: 'Narrow it with maxDepth, rootId or interactiveOnly, or look for what you need with find_nodes.',
        });
      }
      lines.push(line);
    }
    const text = lines.join('\n');
    return { value: { kind: 'full' as const, generation: g, format: 'text' as const, ...(note ? { note } : {}) }, text, appData: true };
  },
});

/** JSON nests one level per tree level, and JSON.stringify (the SDK's, on the way out) recurses. */
export const MAX_JSON_DEPTH = 1000;

function checkJsonDepth(s: Snapshot): void {
  let deepest = 0;
  for (const root of s.roots) walkNode(root.node, (_n, depth) => { if (depth > deepest) deepest = depth; });
  if (deepest > MAX_JSON_DEPTH) {
    throw new FormatError('too_large', `this tree is ${deepest} levels deep; a JSON answer holds at most ${MAX_JSON_DEPTH}`, {
      where: s.source, hint: 'Ask for format: "text" (the outline), or pass maxDepth.',
    });
  }
}

/**
 * The unmerged tree: the reference app's with its label nodes apart; any other device's capture, which
 * the outline then prints without the merged view.
 */
async function unmerged(device: Device, session: Session): Promise<Snapshot> {
  const app = (device.driver as { app?: { snapshot?: (o: { merged: boolean }) => Snapshot } }).app;
  return typeof app?.snapshot === 'function' ? app.snapshot({ merged: false }) : session.capture();
}

/**
 * The snapshot cut like the outline cuts it: one window, nodes down to maxDepth, and with
 * interactiveOnly only nodes that offer something plus their ancestors. Iterative; children are
 * settled before parents by going through the pre-order list backwards.
 */
function prune(s: Snapshot, o: { maxDepth?: number; interactiveOnly: boolean; rootId?: string }): Snapshot {
  const roots = o.rootId === undefined ? s.roots : s.roots.filter((r) => r.rootId === o.rootId);
  if (o.rootId !== undefined && roots.length === 0) {
    throw new TargetError('target_not_found', `no root ${JSON.stringify(o.rootId)} in this snapshot`, { where: s.source, hint: `Use one of: ${s.roots.map((r) => r.rootId).join(', ')}.` });
  }
  const maxDepth = o.maxDepth ?? Infinity;
  return {
    ...s,
    roots: roots.map((root) => {
      const order: Node[] = [];
      const parent = new Map<Node, Node | null>();
      walkNode(root.node, (n, depth, p) => { order.push(n); parent.set(n, p); return depth < maxDepth; });
      const keep = new Set<Node>();
      for (let i = order.length - 1; i >= 0; i--) {
        const n = order[i]!;
        if (!o.interactiveOnly || keep.has(n) || offersSomething(n)) {
          keep.add(n);
          const p = parent.get(n);
          if (p) keep.add(p);
        }
      }
      const copies = new Map<Node, Node>();
      for (const n of order) if (keep.has(n)) copies.set(n, { ...n, children: [] });
      for (const n of order) {
        const p = parent.get(n);
        if (p && copies.has(n)) copies.get(p)!.children.push(copies.get(n)!);
      }
      return { ...root, node: copies.get(root.node) ?? { ...root.node, children: [] } };
    }),
  };
}
