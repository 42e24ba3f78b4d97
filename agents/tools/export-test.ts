import path from 'node:path';
import { z } from 'zod';
import { TargetError } from '../../src/errors.js';
import { writeConfined } from '../../src/files/write-confined.js';
import { exportSpec } from '../export.js';
import { confinePath } from '../policy.js';
import { defineTool } from '../tool.js';
import { checkAnswerSize } from '../limits.js';

export const exportTestTool = defineTool({
  name: 'export_test',
  description:
    "Writes what you did since connecting as a runnable treewright spec (Playwright Test, `import { test, expect } from 'treewright'`): "
    + 'each successful perform_action as one locator call, each find_nodes locator that found exactly one visible node as expect(…).toBeVisible(), '
    + 'and the source in test.use. Rejected actions are left out; actions addressed by id are written with a locator that finds the same node. '
    + 'Returns the code; with path (a .spec.ts file under the server root) it also writes the file, never over an existing one unless overwrite is true. '
    + 'Use when the task is done and should stay done: the spec reproduces it in CI against the same device.',
  input: z.strictObject({
    name: z.string().min(1).max(200).default('agent session').describe('the test title'),
    path: z.string().min(1).optional().describe('where to write it, relative to the server root; must end in .spec.ts or .test.ts'),
    overwrite: z.boolean().default(false),
  }),
  output: z.object({ code: z.string(), steps: z.number().int(), path: z.string().optional() }),
  annotations: { title: 'Export a test', readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async handler(args, session) {
    const device = await session.device();
    const code = exportSpec(session.steps, { name: args.name, source: session.sourceSpec, device: device.description, now: new Date().toISOString() });
    // The answer carries the code twice (value and text): refuse now, before a file is written, if it cannot.
    checkAnswerSize('export_test', 'the exported spec', code.length * 2 + 4096, undefined, 'Export a shorter session: connect again to start a new step log, or fill shorter texts.');
    let written: string | undefined;
    if (args.path !== undefined) {
      if (!/\.(spec|test)\.ts$/.test(args.path)) {
        throw new TargetError('invalid_arguments', `export_test writes .spec.ts or .test.ts files, not ${JSON.stringify(args.path)}`, { where: args.path, hint: "e.g. path: 'tests/agent/sign-in.spec.ts'" });
      }
      const abs = await confinePath(args.path, session.policy, 'the spec file');
      // Written relative to the root with no symlink followed on the way (a folder swapped for one
      // after the check above is refused, not written through); 'create' refuses an existing file:
      // an agent does not replace a test unless told to.
      await writeConfined(session.policy.root, path.relative(session.policy.root, abs), code, {
        mode: args.overwrite ? 'replace' : 'create', shown: args.path, what: 'the spec file', createBase: false,
        hint: 'Pick another path, or pass overwrite: true to replace it.',
      });
      written = path.relative(session.policy.root, abs);
    }
    return {
      value: { code, steps: session.steps.length, ...(written ? { path: written } : {}) },
      text: `${written ? `wrote ${written} · ` : ''}${session.steps.length} steps\n${code}`,
      appData: true,
    };
  },
});
