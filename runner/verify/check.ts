import { readRegularFile } from '../../src/files/read-file.js';
import path from 'node:path';
import type { Snapshot } from '../../src/model/schema.js';
import type { CheckKind, Severity } from '../../src/common/finding.js';
import { audit } from '../../src/analysis/a11y.js';
import type { NativePlatform } from '../../src/analysis/a11y-platform.js';
import type { CatalogIndex } from '../../src/analysis/drift.js';
import { findingsResult, type CheckResult } from '../../src/checks/result.js';
import { loadTree } from '../../src/formats/load-tree.js';
import { countNodes } from '../../src/model/node.js';
import { isTreewrightError } from '../../src/errors.js';

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
  /** The platform whose a11y rules judge native trees (the audit's `platform` option); default: what each tree tells. */
  platform?: NativePlatform;
}

/** Runs the lane's checks on one captured tree, with the same engines the matchers use. */
export async function checkTree(file: string, opts: VerifyOptions): Promise<TreeResult> {
  const t0 = performance.now();
  let snapshot: Snapshot;
  try {
    // --density: the density of trees that do not carry one (uiautomator dumps); the dump's warning goes.
    snapshot = await loadTree(await readRegularFile(path.resolve(opts.cwd, file), { shown: file, what: 'the tree file' }), { where: file, ...(opts.density ? { density: opts.density } : {}) });
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
    if (check === 'a11y') checks.push(findingsResult(check, audit(snapshot, opts.platform !== undefined ? { platform: opts.platform } : {}), opts.failOn));
    // The drift and golden checks' code is loaded by the first tree that runs them.
    else if (check === 'drift' && opts.catalog) checks.push(findingsResult(check, (await import('../../src/analysis/drift.js')).checkDrift(snapshot, opts.catalog), opts.failOn));
    else if (check === 'golden' && opts.goldenDir) checks.push(await (await import('./golden-check.js')).checkGolden(file, snapshot, opts));
  }
}
