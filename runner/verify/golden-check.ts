// The golden check of `treewright verify`: where a tree's golden lives, and the check under the checks
// module's policy. Loaded only when --golden is given.
import path from 'node:path';
import type { Snapshot } from '../../src/model/schema.js';
import { renderDiff } from '../../src/analysis/diff.js';
import { formatGolden, toGolden } from '../../src/outline/golden.js';
import { goldenReport } from '../../src/render/golden-report.js';
import { compareGolden, goldenAction, goldenFindings } from '../../src/checks/golden.js';
import type { CheckResult } from '../../src/checks/result.js';
import { TargetError } from '../../src/errors.js';
import { readGolden } from '../../src/files/read-golden.js';
import { writeConfined } from '../../src/files/write-confined.js';
import type { VerifyOptions } from './check.js';

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

/** The golden check under the checks module's policy: `--update` is the `changed` mode, without it `none`. */
export async function checkGolden(file: string, snapshot: Snapshot, opts: VerifyOptions): Promise<CheckResult> {
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
