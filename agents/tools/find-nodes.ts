import { z } from 'zod';
import type { Node } from '../../src/model/schema.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { offersSomething } from '../../src/facts/node-facts.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { isVisible, resolveSelector } from '../../src/query/resolve.js';
import { searchesMerged, selectorToCode } from '../../src/query/selector.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { defineTool } from '../tool.js';
import { FormatSchema, GenerationSchema, NodeInfoSchema, matchLine, nodeInfo, plural } from './common.js';

export const findNodesTool = defineTool({
  name: 'find_nodes',
  description:
    'Finds nodes on the current screen with a treewright locator and answers one line per match: its outline line '
    + '(role, #id, text, tag, flags, actions, tap point) and window; the header names the generation, so id + generation address a node for perform_action. '
    + "locator is code, as in a test (byRole('Button', { name: 'Sign in' }), byTag('email'), byText(/Item \\d+/).nth(2), "
    + "byRole('ListItem').filter({ has: byRole('Switch', { checked: true }) })), or JSON steps ([{ kind: 'tag', tag: 'email' }]; either of two: [{ kind: 'tag', tag: 'ok' }, { kind: 'or', locator: \"byText('OK')\" }], both: { kind: 'and', locator: … }). "
    + 'Without a locator it lists what is interactive on screen. operableOnly keeps what a user could operate now. '
    + 'Use when you look for one element or want to know what you can do here; prefer it to get_tree. '
    + 'A locator that finds exactly one visible node is recorded as a check for export_test.',
  input: z.strictObject({
    locator: LocatorInputSchema.optional(),
    operableOnly: z.boolean().default(false).describe('keep only nodes that are enabled, hittable and offer an action'),
    limit: z.number().int().min(1).max(1000).default(20).describe('most matches listed'),
    format: FormatSchema,
  }),
  output: z.object({
    generation: GenerationSchema,
    locator: z.string().nullable(),
    count: z.number().int(),
    nodes: z.array(NodeInfoSchema).optional(),
    lines: z.array(z.string()).optional(),
  }),
  annotations: { title: 'Find nodes', readOnlyHint: true, openWorldHint: true },
  async handler(args, session) {
    const selector = args.locator !== undefined ? locatorFromInput(args.locator) : null;
    const snapshot = await session.capture();
    const reach = analyzeReachability(snapshot);
    let nodes: Node[] = selector
      ? resolveSelector(snapshot, selector)
      : indexSnapshot(snapshot).nodes.filter((n) => offersSomething(n) && isVisible(n, snapshot));
    if (selector && nodes.length === 1 && isVisible(nodes[0]!, snapshot)) session.log({ kind: 'visible', selector });
    if (args.operableOnly) nodes = nodes.filter((n) => reach.get(n).operable === true);
    const shown = nodes.slice(0, args.limit);
    const code = selector ? selectorToCode(selector) : null;
    const what = code ? `${plural(nodes.length, 'match', 'matches')} for ${code}` : `${plural(nodes.length, 'interactive node')} on screen`;
    // Named in the view the locator searched (merged unless it asked for merged: false).
    const view = { snapshot, merged: selector ? searchesMerged(selector) : true };
    const lines = shown.map((n) => matchLine(view, n, reach));
    if (nodes.length > shown.length) lines.push(`…and ${nodes.length - shown.length} more (raise limit, or narrow the locator)`);
    const head = `generation ${snapshot.generation} · ${what}${args.operableOnly ? ' (operable only)' : ''}`;
    return {
      value: {
        generation: snapshot.generation,
        locator: code,
        count: nodes.length,
        ...(args.format === 'json' ? { nodes: shown.map((n) => nodeInfo(snapshot, n, reach, view.merged)) } : { lines }),
      },
      ...(args.format === 'json' ? {} : { text: [head, ...lines].join('\n') }),
      appData: true,
    };
  },
});
