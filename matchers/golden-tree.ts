import type { Node, Snapshot } from '../src/model/schema.js';
import { TargetError } from '../src/errors.js';
import { diffTrees, renderDiff, summarizeDiff, type IgnoreNode } from '../src/analysis/diff.js';
import { formatGolden, goldenIsMerged, goldenSnapshot, goldenTreeOf, parseGolden, type GoldenInput, type GoldenNode, type GoldenTree } from '../src/outline/golden.js';
import { isLocator, type Locator } from '../src/query/locator.js';
import { describeTarget, nodesMatchedBy, resolveTarget, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';
import { matchGolden } from './golden-match.js';
import { goldenReport } from '../src/render/golden-report.js';
import { goldenText } from '../src/checks/golden.js';

export interface GoldenTreeOptions extends MatcherOptions {
  /** Largest bounds difference (in the root's unit) that is not a change. Default 1. */
  tolerancePx?: number;
  /** Field names (`'bounds'`, `'text'`, `'t.*'`, a flag…) and locators whose nodes (and subtrees) are left out. */
  ignore?: ReadonlyArray<string | Locator>;
  /**
   * false: write and compare the raw tree (role children of Compose controls as nodes of their own).
   * Default: the view the target reads (merged, unless the device or locator asks for `merged: false`).
   * A golden holding the raw tree is compared with the raw tree whatever this says (goldenIsMerged).
   */
  merged?: boolean;
}

interface Actual {
  tree: GoldenTree;
  snapshot: Snapshot;
  text: string | null;
  /** What the tree was taken of, to take it again in the raw view for a golden written so. */
  input: GoldenInput;
  merged: boolean;
}

interface Expected {
  tree: GoldenTree;
  /** The golden holds the merged view (else the raw tree, which the capture is compared in). */
  merged: boolean;
  /** Nodes of the golden (rebuilt as a snapshot) that the ignore locators match. */
  ignored: Set<Node>;
}

const textOf = (a: Actual) => (a.text ??= formatGolden(a.tree));

/**
 * `expect(device).toMatchGoldenTree('home')` compares the whole screen, `expect(locator)…` that node's
 * subtree, with the golden file `<snapshotPath>/home.tree` (docs/design.md §7): nodes matched by identity, bounds
 * within tolerancePx, ignored fields and nodes left out. Honours --update-snapshots.
 */
export async function toMatchGoldenTree(this: MatcherThis, target: Target, name: string, options: GoldenTreeOptions = {}) {
  const fields: string[] = [];
  const locators: Locator[] = [];
  for (const item of options.ignore ?? []) {
    if (typeof item === 'string') fields.push(item);
    else if (isLocator(item)) locators.push(item);
    else throw new TargetError('invalid_arguments', `ignore takes field names and locators, got ${Object.prototype.toString.call(item)}`, { hint: "Write e.g. ignore: ['bounds', device.byTag('clock')]." });
  }
  // Bad field names or tolerance fail now, even on a run that only writes a missing golden.
  const empty: GoldenTree = { roots: [], entries: [] };
  diffTrees(empty, empty, { ignore: fields, ...(options.tolerancePx !== undefined ? { tolerancePx: options.tolerancePx } : {}) });
  const label = describeTarget(target);
  return matchGolden<Actual, Expected>(this, {
    matcher: 'toMatchGoldenTree',
    kind: isLocator(target) ? 'locator' : 'device',
    label,
    name,
    ext: '.tree',
    contentType: 'text/plain',
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    capture: async () => {
      const r = await resolveTarget(target);
      const merged = options.merged ?? r.merged;
      let input: GoldenInput = r.snapshot;
      if (isLocator(target)) {
        const node = single(target, r);
        if (!node) return null;
        input = { snapshot: r.snapshot, node };
      }
      return { tree: goldenTreeOf(input, { merged }), snapshot: r.snapshot, text: null, input, merged };
    },
    bytes: textOf,
    same: (a, b) => textOf(a) === textOf(b),
    prepare: (bytes, where) => {
      const tree = parseGolden(goldenText(bytes, where), where);
      return { tree, merged: goldenIsMerged(tree), ignored: locators.length ? nodesMatchedBy(goldenSnapshot(tree, where), locators) : new Set() };
    },
    compare: (expected, wanted) => {
      // A golden holding the raw tree is compared with the raw tree (goldenIsMerged).
      const actual: Actual = wanted.merged && !expected.merged
        ? { ...wanted, tree: goldenTreeOf(wanted.input, { merged: false }), text: null, merged: false }
        : wanted;
      const ignore: Array<string | IgnoreNode> = [...fields];
      if (locators.length) {
        const now = nodesMatchedBy(actual.snapshot, locators);
        ignore.push((e: GoldenNode) => e.node !== undefined && (now.has(e.node) || expected.ignored.has(e.node)));
      }
      const diff = diffTrees(expected.tree, actual.tree, { ignore, ...(options.tolerancePx !== undefined ? { tolerancePx: options.tolerancePx } : {}) });
      const pass = diff.changes.length === 0;
      return {
        pass,
        received: pass ? 'a matching tree' : summarizeDiff(diff),
        ...(pass ? {} : { details: renderDiff(diff).split('\n'), diff: { body: renderDiff(diff, { maxLines: Infinity, paths: true }) + '\n', contentType: 'text/plain', ext: '.txt' } }),
        golden: (m) => goldenReport(m, diff, m.expected, actual.tree, textOf(actual)),
      };
    },
  });
}
