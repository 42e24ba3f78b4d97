import { readRegularFile } from '../../src/files/read-file.js';
import path from 'node:path';
import type { Snapshot } from '../../src/model/schema.js';
import type { CheckKind, Severity } from '../../src/common/finding.js';
import { audit } from '../../src/analysis/a11y.js';
import { checkDrift, type CatalogIndex } from '../../src/analysis/drift.js';
import { renderDiff } from '../../src/analysis/diff.js';
import { formatGolden, toGolden } from '../../src/outline/golden.js';
import { goldenReport } from '../../src/render/golden-report.js';
import { compareGolden, goldenAction, goldenFindings } from '../../src/checks/golden.js';
import { findingsResult, type CheckResult } from '../../src/checks/result.js';
import { importTree } from '../../src/formats/index.js';
import { countNodes } from '../../src/model/node.js';
import { isTreewrightError, TargetError } from '../../src/errors.js';
import { readGolden } from '../../src/files/read-golden.js';
import { writeConfined } from '../../src/files/write-confined.js';

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
  checks: CheckKind[];
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

/** The golden folder and the golden's path inside it: the write follows no symlink below the folder. */
function goldenPlace(file: string, opts: Pick<VerifyOptions, 'goldenDir' | 'cwd'>): { dir: string; rel: string } {
  const dir = path.resolve(opts.cwd, opts.goldenDir!);
  return { dir, rel: path.relative(dir, goldenPathFor(file, opts)) };
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
  for (const check of opts.checks) {
    if (check === 'a11y') checks.push(findingsResult(check, audit(snapshot), opts.failOn));
    else if (check === 'drift' && opts.catalog) checks.push(findingsResult(check, checkDrift(snapshot, opts.catalog), opts.failOn));
    else if (check === 'golden' && opts.goldenDir) checks.push(await checkGolden(file, snapshot, opts));
  }
}

/** The golden check under the checks module's policy: `--update` is the `changed` mode, without it `none`. */
async function checkGolden(file: string, snapshot: Snapshot, opts: VerifyOptions): Promise<CheckResult> {
  const golden = goldenPathFor(file, opts);
  const shown = path.relative(opts.cwd, golden);
  const c = compareGolden(await readGolden(golden), shown, snapshot, { tolerancePx: opts.tolerancePx });
  const action = goldenAction(opts.update ? 'changed' : 'none', c.state);
  if (action === 'pass') return { check: 'golden', status: 'passed', findings: [], golden: shown };
  if (action === 'write' || action === 'write-soft') {
    const place = goldenPlace(file, opts);
    await writeConfined(place.dir, place.rel, toGolden(snapshot), { shown, what: 'the golden' });
    if (c.state === 'missing') return { check: 'golden', status: 'written', findings: [], golden: shown };
    const diff = c.state === 'unreadable'
      ? `replaced an unreadable golden (${shown}${c.error.details.line !== undefined ? `:${c.error.details.line}` : ''})`
      : c.state === 'changed' ? renderDiff(c.diff) : '';
    return { check: 'golden', status: 'updated', findings: [], golden: shown, diff };
  }
  const findings = goldenFindings(c, shown, `npx treewright verify ${file} --golden ${opts.goldenDir} --update`);
  if (c.state !== 'changed') return { check: 'golden', status: 'failed', findings, golden: shown };
  const report = opts.keepSnapshots ? { report: goldenReport({ name: shown, path: shown }, c.diff, c.text, c.actual, formatGolden(c.actual, shown)) } : {};
  return { check: 'golden', status: 'failed', findings, golden: shown, diff: renderDiff(c.diff), ...report };
}
