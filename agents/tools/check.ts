import path from 'node:path';
import { z } from 'zod';
import type { Node } from '../../src/model/schema.js';
import { audit } from '../../src/analysis/a11y.js';
import { NATIVE_PLATFORMS } from '../../src/analysis/a11y-platform.js';
import { checkDrift } from '../../src/analysis/drift.js';
import { diffFindings } from '../../src/analysis/diff.js';
import { bySeverity, CheckKindSchema, countBySeverity, FindingSchema, severitySummary, type Finding } from '../../src/common/finding.js';
import { findingLine } from '../../src/common/finding-line.js';
import { SourceError, TargetError } from '../../src/errors.js';
import { readGolden } from '../../src/files/read-golden.js';
import { compareGolden } from '../../src/checks/golden.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { expectOne } from '../../src/query/strict.js';
import { searchesMerged, selectorToCode } from '../../src/query/selector.js';
import { loadCatalog } from '../../src/files/catalog-file.js';
import { confinePath } from '../policy.js';
import { defineTool } from '../tool.js';
import { GenerationSchema } from './common.js';

export const checkTool = defineTool({
  name: 'check',
  description:
    'Runs the verify lane\'s checks on the current screen (or one node\'s subtree, with locator) and answers the findings the matchers report, '
    + 'errors first: a11y (touch targets in dp, contrast, speakable text, duplicates…), drift (design-token values against the design-system catalog: '
    + 'catalog is a JSON file under the server root, else what the device serves), golden (the tree against a golden file under the root, '
    + 'nodes matched by identity, bounds within tolerancePx). Without kinds it runs a11y, drift when a catalog is at hand, and golden when a file is named. '
    + 'Use when you changed the UI or finished a task and want to know whether it is accessible, on-token and as approved.',
  input: z.strictObject({
    kinds: z.array(CheckKindSchema).min(1).optional(),
    locator: LocatorInputSchema.optional().describe('check only this node\'s subtree (it must match one node)'),
    catalog: z.string().min(1).optional().describe('design-system catalog JSON, relative to the server root'),
    golden: z.string().min(1).optional().describe('golden tree file (.tree), relative to the server root'),
    platform: z.enum(NATIVE_PLATFORMS).optional().describe('a11y: judge a native screen by this platform\'s rules (touch targets, units), e.g. desktop for a desktop-only Compose app; default: what the capture tells. A web page is always judged by the web\'s rules'),
    tolerancePx: z.number().min(0).optional().describe('golden: largest bounds difference that is not a change (default 1)'),
    limit: z.number().int().min(1).max(1000).default(50).describe('most findings listed'),
  }),
  output: z.object({
    generation: GenerationSchema,
    checks: z.array(CheckKindSchema),
    counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
    total: z.number().int(),
    findings: z.array(FindingSchema),
  }),
  annotations: { title: 'Run checks', readOnlyHint: true, openWorldHint: true },
  async handler(args, session) {
    const device = await session.device();
    const selector = args.locator !== undefined ? locatorFromInput(args.locator) : null;
    const snapshot = await session.capture();
    const node: Node | null = selector ? expectOne(snapshot, selector, resolveSelector(snapshot, selector)) : null;
    const merged = device.merged && (selector === null || searchesMerged(selector));
    const kinds = args.kinds ?? [
      'a11y' as const,
      ...(args.catalog !== undefined || device.capabilities().designSystem ? ['drift' as const] : []),
      ...(args.golden !== undefined ? ['golden' as const] : []),
    ];
    const findings: Finding[] = [];
    for (const kind of new Set(kinds)) {
      // Findings name their nodes in the view the locator (or the device) reads.
      if (kind === 'a11y') findings.push(...audit(snapshot, { ...(node ? { within: node } : {}), ...(args.platform !== undefined ? { platform: args.platform } : {}), merged }));
      else if (kind === 'drift') {
        const catalog = args.catalog !== undefined
          ? await loadCatalog(await confinePath(args.catalog, session.policy, 'the catalog'), { confineTo: session.policy.root })
          : await loadCatalog(undefined, { device });
        findings.push(...checkDrift(snapshot, catalog, { ...(node ? { within: [node] } : {}), merged }));
      } else {
        if (args.golden === undefined) throw new TargetError('invalid_arguments', 'the golden check needs a golden file: give golden: "<path>.tree"', { hint: 'Golden files are written by toMatchGoldenTree or `treewright verify --update`.' });
        const abs = await confinePath(args.golden, session.policy, 'the golden file');
        const shown = path.relative(session.policy.root, abs);
        // Re-checked at the read itself: a regular file (never a FIFO that blocks the session), still inside the root.
        const bytes = await readGolden(abs, { shown, confineTo: session.policy.root });
        const c = compareGolden(bytes, shown, node ? { snapshot, node } : snapshot, args.tolerancePx !== undefined ? { tolerancePx: args.tolerancePx } : {});
        // The tool never writes (the `none` mode); a golden it cannot use is an error of the call, not a finding.
        if (c.state === 'missing') {
          throw new SourceError('file_not_found', `cannot read the golden file ${shown}: it does not exist`, { where: shown, hint: 'Write it first with toMatchGoldenTree or `npx treewright verify <tree> --golden <dir> --update`.' });
        }
        if (c.state === 'unreadable') throw c.error;
        findings.push(...diffFindings(c.diff));
      }
    }
    const sorted = bySeverity(findings); // each check's own order within a severity
    const counts = countBySeverity(sorted);
    const shown = sorted.slice(0, args.limit);
    const head = `generation ${snapshot.generation} · ${[...new Set(kinds)].join(', ')}${selector ? ` within ${selectorToCode(selector)}` : ''}: `
      + (findings.length ? severitySummary(findings) : 'no findings');
    const lines = shown.map(findingLine);
    if (findings.length > shown.length) lines.push(`…and ${findings.length - shown.length} more (raise limit)`);
    return {
      value: { generation: snapshot.generation, checks: [...new Set(kinds)], counts, total: findings.length, findings: shown },
      text: [head, ...lines].join('\n'),
      appData: true,
    };
  },
});
