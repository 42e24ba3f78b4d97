import type { CapabilityName } from '../../src/query/action.js';
import { z } from 'zod';
import { SourceDescriptorSchema, sourceDescriptorForms } from '../../src/devices/source.js';
import { SOURCE_SHORTHANDS } from '../../src/devices/source-forms.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { countNodes } from '../../src/model/node.js';
import { WarningSchema } from '../../src/model/warnings.js';
import { renderOutline } from '../../src/outline/outline.js';
import { defineTool } from '../tool.js';
import { GenerationSchema } from './common.js';

/** How `can:` names each capability (one per capability: the compiler checks they agree). */
const CAPABILITY_NAMES: Record<CapabilityName, string> = {
  semanticActions: 'semantic actions', taps: 'taps', swipes: 'swipes', typing: 'typing', screenshot: 'screenshots',
  navigation: 'navigation', designSystem: 'design system', live: 'live',
};

export const connectTool = defineTool({
  name: 'connect',
  description:
    'Connects to a device and makes it the one every other tool reads and drives, closing the previous one. '
    + `source is a string (${SOURCE_SHORTHANDS.join(', ')}) `
    + `or a descriptor (${sourceDescriptorForms().join(' | ')}). `
    + 'Files must lie under the server root and hosts must be loopback unless the user allowed them. '
    + 'Use when the task names another app, device or captured tree, or to start over on a fresh reference app. '
    + 'Answers the device, its capabilities and what can be operated on screen. Starts a new step log for export_test.',
  input: z.strictObject({
    source: z.union([z.string().min(1), SourceDescriptorSchema]).describe('where the device comes from'),
    timeoutMs: z.number().int().min(100).max(120_000).optional().describe('how long a live device may take to answer while connecting (default 15000)'),
  }),
  output: z.object({
    device: z.string(),
    driver: z.string(),
    generation: GenerationSchema,
    nodes: z.number().int(),
    roots: z.array(z.object({ rootId: z.string(), label: z.string().nullable() })),
    capabilities: z.record(z.string(), z.boolean()),
    /** What the capture worked around (docs/design.md §4.1): the code to act on, the message to show. */
    warnings: z.array(WarningSchema),
  }),
  annotations: { title: 'Connect to a device', readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async handler(args, session) {
    const device = await session.connect(args.source, args.timeoutMs !== undefined ? { connectTimeout: args.timeoutMs } : {});
    const snapshot = await session.capture();
    const capabilities = device.capabilities();
    const can = Object.entries(capabilities).filter(([, v]) => v).map(([k]) => CAPABILITY_NAMES[k as CapabilityName] ?? k);
    const nodes = countNodes(snapshot);
    const outline = renderOutline(snapshot, { reach: analyzeReachability(snapshot), interactiveOnly: true });
    return {
      value: {
        device: device.description,
        driver: device.driver.kind,
        generation: snapshot.generation,
        nodes,
        roots: snapshot.roots.map((r) => ({ rootId: r.rootId, label: r.label })),
        capabilities: { ...capabilities },
        warnings: snapshot.warnings,
      },
      text: `connected to ${device.description} (${device.driver.kind} driver) · generation ${snapshot.generation} · ${nodes} nodes\n`
        + snapshot.warnings.map((w) => `warning: ${w.message}\n`).join('')
        + `can: ${can.join(', ') || 'read only'}\n`
        + `what can be operated:\n${outline}`,
      appData: true,
    };
  },
});
