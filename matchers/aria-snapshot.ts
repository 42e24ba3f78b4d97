import { relative } from 'node:path';
import type { Node } from '../src/model/schema.js';
import { isLocator } from '../src/query/locator.js';
import { TargetError } from '../src/errors.js';
import { readGolden } from '../src/files/read-golden.js';
import { writeAtomic } from '../src/files/write-atomic.js';
import { parseAriaTemplate } from '../src/outline/aria-parse.js';
import { ariaSnapshotText, matchAriaSnapshot, unshiftTemplate } from '../src/outline/aria-snapshot.js';
import { lineDiff } from '../src/render/line-diff.js';
import { goldenAction, type UpdateMode } from '../src/checks/golden.js';
import { NOT_FOUND, failureMessage, resolveTarget, runMatcher, single, type MatcherOptions, type MatcherThis, type MatcherResult, type Target } from './context.js';
import { baselinePath, runningTestInfo, updateMode } from './golden-file.js';
import { rebaseline, rewrites, runningMode } from './outline.js';

/**
 * Playwright's file form: `toMatchAriaSnapshot({ name: 'inbox' })` reads and writes `inbox.aria.yml`
 * next to the test's other baselines; without a name (or with no argument at all) the file is named
 * as Playwright names it, after the test's title and a count (`sign-in-1.aria.yml`).
 */
export interface AriaSnapshotFile {
  name?: string;
  timeout?: number;
}

interface AriaMatcherResult extends MatcherResult {
  suggestedRebaseline?: string;
  softError?: Error;
  shouldNotRetryTest?: boolean;
}

const NAME = 'toMatchAriaSnapshot';
const EXT = '.aria.yml';

/**
 * `expect(locator | device).toMatchAriaSnapshot(template)`: Playwright's aria-snapshot template
 * (docs/design.md §9.1) against the aria tree of the locator's node (its subtree) or of the whole
 * screen, read off the merged semantics tree of any platform. The template is parsed before the first
 * capture, so a malformed one throws at once (line, column, hint) instead of being retried.
 *
 * `-u` (`--update-snapshots=changed`, or `all`) rewrites an inline template that does not match with
 * the scope's aria snapshot, as Playwright does (changing numbers and ids as regexes);
 * `{ name }` reads `<name>.aria.yml` and writes it when missing or, with `-u`, when it does not match.
 */
export async function toMatchAriaSnapshot(this: MatcherThis, target: Target, expected?: string | AriaSnapshotFile, options?: MatcherOptions): Promise<AriaMatcherResult> {
  if (expected === undefined || (typeof expected === 'object' && expected !== null && (expected.name === undefined || typeof expected.name === 'string'))) {
    return named(this, target, expected ?? {});
  }
  if (typeof expected !== 'string') {
    throw new TargetError('invalid_arguments', `${NAME}(expected) needs a template string or { name }, got ${expected === null ? 'null' : typeof expected}`, {
      hint: 'Pass the template, e.g. expect(device).toMatchAriaSnapshot(`- button "Send"`), or { name: \'inbox\' } for a file; print one with locator.ariaSnapshot().',
    });
  }
  const mode = await runningMode();
  if (expected.trim() === '' && mode !== null && !this.isNot) return generate(target, mode);
  const result = await inline(this, target, expected, 'template', options);
  if (!this.isNot && mode && rewrites(mode, result.pass) && result.rebaseline !== null) {
    return { pass: true, message: () => '', name: NAME, suggestedRebaseline: rebaseline(result.rebaseline) };
  }
  return result.result;
}

/**
 * An empty inline template is a missing baseline, as in Playwright: written into the spec from one
 * capture (`-u`, or by default failing softly so the run goes on), or, with `--update-snapshots=none`,
 * a failure saying so.
 */
async function generate(target: Target, mode: UpdateMode): Promise<AriaMatcherResult> {
  const action = goldenAction(mode, 'missing');
  if (action === 'fail') {
    return { pass: false, name: NAME, message: () => `${NAME}: the template is empty.\n  → Write one, or let Playwright write it: npx playwright test --update-snapshots=missing (then review it).` };
  }
  const r = await resolveTarget(target);
  const node = isLocator(target) ? single(target, r) : undefined;
  if (node === null) {
    const message = failureMessage({ call: `expect(locator).${NAME}(expected)`, kind: 'locator', label: r.label, expected: 'a node to write the snapshot from', received: NOT_FOUND, timeout: null, log: [`one capture of ${r.label}, to write the snapshot from`] });
    return { pass: false, name: NAME, message: () => message };
  }
  const suggestedRebaseline = rebaseline(ariaSnapshotText(r.snapshot, node ?? undefined, { regex: true }));
  const text = 'A snapshot is not provided, generating new baseline.';
  if (action === 'write-soft') return { pass: true, name: NAME, message: () => text, suggestedRebaseline, softError: new Error(text), shouldNotRetryTest: true };
  return { pass: true, name: NAME, message: () => '', suggestedRebaseline };
}

async function inline(self: MatcherThis, target: Target, text: string, where: string, options?: MatcherOptions): Promise<{ result: MatcherResult; pass: boolean; rebaseline: string | null }> {
  const template = parseAriaTemplate(text, { where });
  const shown = unshiftTemplate(text);
  const lines = shown.split('\n').length;
  const locator = isLocator(target);
  let last: string | null = null;
  const result = await runMatcher(self, target, options, {
    name: NAME,
    argument: where === 'template' ? 'expected' : '{ name }',
    expected: `matching the aria snapshot${where === 'template' ? '' : ` ${where}`} (${lines} line${lines === 1 ? '' : 's'})`,
    check: (r) => {
      let within: Node | undefined;
      if (locator) {
        const n = single(target, r);
        if (!n) { last = null; return { pass: false, received: NOT_FOUND }; }
        within = n;
      }
      const m = matchAriaSnapshot(template, r.snapshot, within ? { within, where } : { where });
      last = m.rebaseline;
      const received = m.received.split('\n');
      if (m.pass) return { pass: true, received: `matches ${locator ? "the locator's aria snapshot" : "the screen's aria snapshot"}`, details: ['Received:', ...received.map((l) => `  ${l}`)] };
      return { pass: false, received: 'the aria snapshot below, which the template does not match', details: lineDiff(shown, m.received) };
    },
  });
  return { result, pass: result.pass, rebaseline: last };
}

async function named(self: MatcherThis, target: Target, t: AriaSnapshotFile): Promise<AriaMatcherResult> {
  const info = await runningTestInfo();
  if (!info) {
    throw new TargetError('invalid_arguments', `${NAME}({ name }) must be called during a Playwright test`, {
      hint: 'Snapshot files are found and updated through Playwright Test (testInfo.snapshotPath, --update-snapshots); pass the template inline elsewhere.',
    });
  }
  let path: string;
  if (t.name === undefined) {
    // Playwright's own naming of an anonymous aria snapshot (title and count, shared with its matchers in the same test).
    const resolve = (info as { _resolveSnapshotPaths?: (kind: 'aria', name: undefined, update: 'updateSnapshotIndex') => { absoluteSnapshotPath: string } })._resolveSnapshotPaths;
    if (typeof resolve !== 'function') {
      throw new TargetError('invalid_arguments', `${NAME}() without a template needs a Playwright Test that names snapshot files`, { hint: "Name the file, e.g. { name: 'inbox' }, or pass the template inline." });
    }
    path = resolve.call(info, 'aria', undefined, 'updateSnapshotIndex').absoluteSnapshotPath;
  } else {
    if (t.name.trim() === '') throw new TargetError('invalid_arguments', `${NAME}({ name }) needs a non-empty name`, { hint: "Name the file, e.g. { name: 'inbox' }: it is stored as inbox.aria.yml." });
    path = baselinePath(info, t.name.endsWith(EXT) ? t.name : t.name + EXT, 'aria').path;
  }
  const shown = relative(process.cwd(), path) || path;
  const mode = updateMode(info);
  const bytes = await readGolden(path);
  const options = t.timeout !== undefined ? { timeout: t.timeout } : undefined;
  if (bytes === null) {
    const action = goldenAction(mode, 'missing');
    if (self.isNot || action === 'fail') {
      return { pass: !!self.isNot, name: NAME, message: () => `A snapshot doesn't exist at ${shown}.\n  → Create it with: npx playwright test --update-snapshots=missing (then review and commit it).` };
    }
    const r = await resolveTarget(target);
    const node = isLocator(target) ? single(target, r) : undefined;
    if (node === null) {
      const message = failureMessage({ call: `expect(locator).${NAME}({ name })`, kind: 'locator', label: r.label, expected: `a node to write ${shown} from`, received: NOT_FOUND, timeout: null, log: [`one capture of ${r.label}, to write the snapshot from`] });
      return { pass: false, name: NAME, message: () => message };
    }
    await writeAtomic(path, ariaSnapshotText(r.snapshot, node ?? undefined, { regex: true }) + '\n');
    const text = `A snapshot doesn't exist at ${shown}, writing actual.`;
    if (action === 'write-soft') return { pass: true, name: NAME, message: () => text, softError: new Error(text), shouldNotRetryTest: true };
    console.log(text);
    return { pass: true, name: NAME, message: () => text };
  }
  const before = bytes.toString('utf8');
  const result = await inline(self, target, before, shown, options);
  if (!self.isNot && rewrites(mode, result.pass) && result.rebaseline !== null) {
    const next = result.rebaseline + '\n';
    if (next !== before) {
      await writeAtomic(path, next);
      console.log(`${shown} does not match, writing actual.`);
    }
    return { pass: true, name: NAME, message: () => '' };
  }
  return result.result;
}
