import { readRegularFile } from '../../src/files/read-file.js';
import path from 'node:path';
import type { Snapshot } from '../../src/model/schema.js';
import type { Finding, Severity } from '../../src/common/finding.js';
import { failsAt } from '../../src/common/finding.js';
import { audit } from '../../src/analysis/a11y.js';
import { checkDrift, type CatalogIndex } from '../../src/analysis/drift.js';
import { diffTrees, diffFindings, renderDiff } from '../../src/analysis/diff.js';
import { formatGolden, goldenTreeOf, parseGolden, toGolden } from '../../src/outline/golden.js';
import { goldenReport, type GoldenReport } from '../../src/render/golden-report.js';
import { importTree } from '../../src/formats/index.js';
import { countNodes } from '../../src/model/node.js';
import { isTreewrightError, TargetError } from '../../src/errors.js';
import { readGolden } from '../../src/files/read-golden.js';
import { writeAtomic } from '../../src/files/write-atomic.js';

export type CheckName = 'a11y' | 'drift' | 'golden';

export interface CheckResult {
  check: CheckName;
  /** passed / failed by the fail-on severity; written / updated for goldens under --update. */
  status: 'passed' | 'failed' | 'written' | 'updated';
  findings: Finding[];
  /** For golden: the short +/-/~ diff. */
  diff?: string;
  /** Where the golden lives. */
  golden?: string;
  /**
   * For a failed golden (kept with keepSnapshots, for the html reporter): the texts and change list from
   * this very comparison, so the report shows what the lane decided (its tolerance, its cwd).
   */
  report?: GoldenReport;
}

export interface TreeResult {
  file: string;
  nodes: number;
  ms: number;
  checks: CheckResult[];
  /** The tree could not be read or checked at all (typed error code and message), and at which stage: reading the tree, checking it, writing its golden. */
  error?: { code: string; message: string; stage?: 'read' | 'check' | 'write' };
  /** The snapshot, kept only when a reporter needs it (html). */
  snapshot?: Snapshot;
}

export interface VerifyOptions {
  checks: CheckName[];
  catalog?: CatalogIndex;
  goldenDir?: string;
  update: boolean;
  failOn: Severity;
  tolerancePx: number;
  cwd: string;
  keepSnapshots: boolean;
  /** px per dp for px roots whose capture does not say (uiautomator dumps): sizes are judged in dp. */
  density?: number;
}

/**
 * Where a tree's golden lives: its path relative to the working directory, extension kept, plus .tree
 * (`captures/x.json` → `<golden>/captures/x.json.tree`), so `x.json` and `x.xml` never share a golden.
 * A tree outside the working directory has no such path (`../a` would collide with `a`): refused.
 */
export function goldenPathFor(file: string, opts: Pick<VerifyOptions, 'goldenDir' | 'cwd'>): string {
  const rel = path.relative(opts.cwd, path.resolve(opts.cwd, file));
  if (rel === '' || path.isAbsolute(rel) || rel.split(/[\\/]/)[0] === '..') {
    throw new TargetError('invalid_arguments', `${file} is outside the working directory, so it has no place in the golden folder`, {
      where: file,
      hint: `Run treewright verify from a folder that contains the trees (now ${opts.cwd}), e.g. the repository root.`,
    });
  }
  return path.resolve(opts.cwd, opts.goldenDir!, rel + '.tree');
}

/** Runs the lane's checks on one captured tree, with the same engines the matchers use. */
export async function checkTree(file: string, opts: VerifyOptions): Promise<TreeResult> {
  const t0 = performance.now();
  let snapshot: Snapshot;
  try {
    // --density: the density of trees that do not carry one (uiautomator dumps); the dump's warning goes.
    snapshot = importTree(await readRegularFile(path.resolve(opts.cwd, file), { shown: file, what: 'the tree file' }), { where: file, ...(opts.density ? { density: opts.density } : {}) });
  } catch (e) {
    const err = isTreewrightError(e) ? { code: e.code, message: e.message, stage: 'read' as const } : { code: (e as NodeJS.ErrnoException).code ?? 'error', message: `${file}: ${(e as Error).message}`, stage: 'read' as const };
    return { file, nodes: 0, ms: performance.now() - t0, checks: [], error: err };
  }
  const checks: CheckResult[] = [];
  try {
    await runChecks(file, snapshot, opts, checks);
  } catch (e) {
    // One tree's broken check (an unwritable golden folder…) is that tree's error; the other trees still run.
    const stage = isTreewrightError(e) && e.details.stage === 'write' ? 'write' as const : 'check' as const;
    const error = isTreewrightError(e) ? { code: e.code, message: e.message, stage } : { code: (e as NodeJS.ErrnoException).code ?? 'error', message: `${file}: ${(e as Error).message}`, stage };
    return { file, nodes: countNodes(snapshot), ms: performance.now() - t0, checks, error };
  }
  return { file, nodes: countNodes(snapshot), ms: performance.now() - t0, checks, ...(opts.keepSnapshots ? { snapshot } : {}) };
}

async function runChecks(file: string, snapshot: Snapshot, opts: VerifyOptions, checks: CheckResult[]): Promise<void> {
  const failing = (fs: Finding[]) => failsAt(fs, opts.failOn);
  for (const check of opts.checks) {
    if (check === 'a11y') {
      const findings = audit(snapshot);
      checks.push({ check, findings, status: failing(findings) ? 'failed' : 'passed' });
    } else if (check === 'drift' && opts.catalog) {
      const findings = checkDrift(snapshot, opts.catalog);
      checks.push({ check, findings, status: failing(findings) ? 'failed' : 'passed' });
    } else if (check === 'golden' && opts.goldenDir) {
      checks.push(await checkGolden(file, snapshot, opts));
    }
  }
}

async function checkGolden(file: string, snapshot: Snapshot, opts: VerifyOptions): Promise<CheckResult> {
  const golden = goldenPathFor(file, opts);
  const shown = path.relative(opts.cwd, golden);
  const existing = await readGolden(golden);
  if (existing === null) {
    if (opts.update) {
      await writeAtomic(golden, toGolden(snapshot));
      return { check: 'golden', status: 'written', findings: [], golden: shown };
    }
    const finding: Finding = {
      check: 'golden', rule: 'golden-missing', severity: 'error', nodeId: null, rootId: null, node: null,
      message: `no golden tree at ${shown}; create it with: npx treewright verify ${file} --golden ${opts.goldenDir} --update`,
    };
    return { check: 'golden', status: 'failed', findings: [finding], golden: shown };
  }
  const update = `npx treewright verify ${file} --golden ${opts.goldenDir} --update`;
  let expected;
  try {
    expected = parseGolden(existing.toString('utf8'), shown);
  } catch (e) {
    if (!isTreewrightError(e)) throw e;
    // A corrupt golden fails this tree's golden check only; --update replaces it like any changed golden.
    if (opts.update) {
      await writeAtomic(golden, toGolden(snapshot));
      return { check: 'golden', status: 'updated', findings: [], golden: shown, diff: `replaced an unreadable golden (${shown}${e.details.line !== undefined ? `:${e.details.line}` : ''})` };
    }
    const at = e.details.line !== undefined ? `${shown}:${e.details.line}${e.details.column !== undefined ? `:${e.details.column}` : ''}` : shown;
    const reason = e.reason.split('\n')[0]!;
    const finding: Finding = {
      check: 'golden', rule: 'golden-unreadable', severity: 'error', nodeId: null, rootId: null, node: null,
      message: `the golden ${at} cannot be read (${reason}); review it, or re-create it with: ${update}`,
      data: { code: e.code, golden: shown, ...(e.details.line !== undefined ? { line: e.details.line } : {}) },
    };
    return { check: 'golden', status: 'failed', findings: [finding], golden: shown };
  }
  const actual = goldenTreeOf(snapshot);
  const diff = diffTrees(expected, actual, { tolerancePx: opts.tolerancePx });
  if (diff.changes.length === 0) return { check: 'golden', status: 'passed', findings: [], golden: shown };
  if (opts.update) {
    await writeAtomic(golden, toGolden(snapshot));
    return { check: 'golden', status: 'updated', findings: [], golden: shown, diff: renderDiff(diff) };
  }
  const report = opts.keepSnapshots ? { report: goldenReport({ name: shown, path: shown }, diff, existing.toString('utf8'), actual, formatGolden(actual, shown)) } : {};
  return { check: 'golden', status: 'failed', findings: diffFindings(diff), golden: shown, diff: renderDiff(diff), ...report };
}
