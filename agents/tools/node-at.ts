import { z } from 'zod';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { defineTool } from '../tool.js';
import { GenerationSchema, NodeInfoSchema, matchLine, nodeInfo } from './common.js';

export const nodeAtTool = defineTool({
  name: 'node_at',
  description:
    'Answers which node a tap at a screen point would reach, worked out from the tree alone (top window first, last-drawn child first; '
    + 'a touch-modal dialog takes every tap outside it), or that nothing there takes a tap. x and y are screen coordinates in the '
    + "roots' unit, as tap= points and bounds are. Nothing is tapped. "
    + 'Use when you have a point (from a screenshot or a layout question) rather than a node, or to check what is in the way of one.',
  input: z.strictObject({
    x: z.number().finite().describe('screen x, in the roots\' unit'),
    y: z.number().finite().describe('screen y, in the roots\' unit'),
  }),
  output: z.object({ generation: GenerationSchema, x: z.number(), y: z.number(), node: NodeInfoSchema.nullable() }),
  annotations: { title: 'Node at a point', readOnlyHint: true, openWorldHint: true },
  async handler(args, session) {
    const snapshot = await session.capture();
    const reach = analyzeReachability(snapshot);
    const node = reach.nodeAt(args.x, args.y);
    return {
      value: { generation: snapshot.generation, x: args.x, y: args.y, node: node ? nodeInfo(snapshot, node, reach) : null },
      text: `generation ${snapshot.generation} · (${args.x}, ${args.y}) → ${node ? matchLine({ snapshot }, node, reach) : 'nothing there takes a tap'}`,
      appData: node !== null,
    };
  },
});
