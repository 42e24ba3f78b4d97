/**
 * What toMatchGoldenTree and toMatchScreenshot share: resolving the baseline through Playwright's
 * `testInfo.snapshotPath` (so `snapshotPathTemplate` applies), the `--update-snapshots` policy with
 * Playwright's semantics, atomic writes, the retry, the message layout and the attachments.
 *
 * Update modes (Playwright 1.50+; `default` is what a run without the flag gets):
 *   default   a missing baseline is written and the test fails (softly: the test goes on, then fails),
 *             so a CI run never passes by creating its own baselines; a different one fails.
 *   missing   a missing baseline is written and the test passes; a different one fails.
 *   changed   a missing or different baseline is (re)written and the test passes.
 *   all       every baseline is re-captured and written when its bytes differ; the test passes.
 *   none      nothing is written; a missing baseline fails with its path and the command to create it.
 */
import { dirname, extname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TargetError } from '../src/errors.js';
import type { MatcherResult, MatcherThis } from './context.js';
import { DEFAULT_EXPECT_TIMEOUT, poll } from './retry.js';
import { attachFailure } from './report-attach.js';
import type { GoldenReport } from '../src/render/golden-report.js';
import { writeAtomic } from '../src/files/write-atomic.js';
import { readGolden } from '../src/files/read-golden.js';

export type UpdateMode = 'all' | 'changed' | 'missing' | 'none' | 'default';

/** Playwright's kinds of baseline: each has its own pathTemplate and default (see baselinePath). */
export type SnapshotKind = 'screenshot' | 'aria' | 'snapshot';

/**
 * Where a baseline lives, through Playwright's `testInfo.snapshotPath(name, { kind })`:
 *   pixels (`screenshot`)  expect.toHaveScreenshot.pathTemplate, else snapshotPathTemplate, else Playwright's
 *                          default `…-snapshots/{arg}{-projectName}{-snapshotSuffix}{ext}` (pixels do differ by OS);
 *   trees and outlines (`aria`)  expect.toMatchAriaSnapshot.pathTemplate, else snapshotPathTemplate, else
 *                          `{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{ext}`: no project or
 *                          platform suffix, since a semantics tree does not depend on the OS running the test.
 * `legacy` is where treewright before 0.2 put the same file (the `snapshot` kind: with project and
 * platform suffix), when that differs: a baseline found only there is reported with the command that moves it.
 */
export function baselinePath(info: GoldenTestInfo, file: string, kind: Exclude<SnapshotKind, 'snapshot'>): { path: string; legacy: string | null } {
  const path = info.snapshotPath(file, { kind });
  if (kind === 'screenshot') return { path, legacy: null };
  const legacy = info.snapshotPath(file);
  return { path, legacy: legacy !== path ? legacy : null };
}

/** The part of Playwright's TestInfo a golden matcher uses (a test may pass a stand-in). */
export interface GoldenTestInfo {
  /** Playwright ≥ 1.53: `snapshotPath(name, { kind })` picks the kind's pathTemplate. */
  snapshotPath(name: string, options?: { kind: SnapshotKind }): string;
  config: { updateSnapshots: string; ignoreSnapshots?: boolean };
  attach(name: string, options: { body?: string | Buffer; contentType?: string }): Promise<void>;
}

/** Playwright's own fields for a failure that lets the test go on (what toHaveScreenshot returns for a written baseline). */
export interface GoldenMatcherResult extends MatcherResult {
  softError?: Error;
  shouldNotRetryTest?: boolean;
}

/** The running test's TestInfo, or a clear error outside Playwright Test. */
export async function currentTestInfo(matcher: string): Promise<GoldenTestInfo> {
  let info: GoldenTestInfo | undefined;
  try {
    const { test } = await import('@playwright/test');
    info = test.info();
  } catch {
    info = undefined;
  }
  if (!info) {
    throw new TargetError('invalid_arguments', `${matcher}() must be called during a Playwright test`, {
      hint: 'Golden baselines are resolved and updated through Playwright Test (testInfo.snapshotPath, --update-snapshots); run it inside test(…).',
    });
  }
  return info;
}

/** The baseline's file name: `name` plus the extension unless it already ends in it. */
export function goldenFileName(matcher: string, name: unknown, ext: string): string {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new TargetError('invalid_arguments', `${matcher}(name) needs a non-empty name, got ${typeof name === 'string' ? JSON.stringify(name) : typeof name}`, {
      hint: `Name the baseline, e.g. ${matcher}('home'); it is stored as home${ext} next to the test's other baselines.`,
    });
  }
  return extname(name) === ext ? name : name + ext;
}

export function updateMode(info: GoldenTestInfo): UpdateMode {
  const m = info.config.updateSnapshots;
  return m === 'all' || m === 'changed' || m === 'missing' || m === 'none' ? m : 'default';
}

/** A file to attach: `<name>-<suffix><ext>`. */
export interface Attachment {
  suffix: 'expected' | 'actual' | 'previous' | 'diff';
  body: string | Buffer;
  contentType: string;
  ext: string;
}

async function attachAll(info: GoldenTestInfo, base: string, files: readonly Attachment[]): Promise<void> {
  for (const f of files) await info.attach(`${base}-${f.suffix}${f.ext}`, { body: f.body, contentType: f.contentType });
}

/** One comparison of a capture with the baseline. */
export interface Comparison {
  pass: boolean;
  /** For the Received: line, e.g. `2 changes (1 added, 1 changed)`. */
  received: string;
  /** Lines under the message (the short diff). */
  details?: string[];
  /** The full diff, attached on failure. */
  diff?: Omit<Attachment, 'suffix'>;
  /** The failure as report data (golden trees: texts and change list), attached for the treewright reporter. */
  golden?: (meta: { name: string; path: string; expected: string }) => GoldenReport;
}

export interface GoldenSpec<A, E> {
  matcher: 'toMatchGoldenTree' | 'toMatchScreenshot';
  /** `device` or `locator`, and its description, for the message. */
  kind: 'device' | 'locator';
  label: string;
  name: unknown;
  ext: string;
  contentType: string;
  timeout?: number;
  /** One fresh capture; null when the target is not there (a locator that matches nothing). */
  capture(): Promise<A | null>;
  /** The baseline file's content for a capture. */
  bytes(actual: A): string | Buffer;
  /** Same capture twice in a row: the screen has settled (for writing a missing baseline). */
  same(a: A, b: A): boolean;
  /** Reads the baseline once (throwing a FormatError naming `where` for a corrupt one). */
  prepare(expected: Buffer, where: string): E;
  compare(expected: E, actual: A): Comparison;
}

const NOT_FOUND = '<element(s) not found>';
const HERE = dirname(fileURLToPath(import.meta.url));

/** An error whose stack starts at the test's expect call, not inside the matchers (as Playwright's own do). */
function callerError(message: string): Error {
  const err = new Error(message);
  const frames = (err.stack ?? '').split('\n').slice(1).filter((l) => !l.includes(HERE));
  err.stack = [message, ...frames].join('\n');
  return err;
}

interface Log {
  lines: string[];
  last: string;
}

function note(log: Log, line: string): void {
  if (line !== log.last) log.lines.push(line);
  log.last = line;
}

/** Captures until two in a row are the same (Playwright's "stable screenshot"); always at least two captures. */
async function captureStable<A>(spec: GoldenSpec<A, unknown>, timeout: number, log: Log): Promise<{ actual: A | null; previous: A | null; stable: boolean; timedOut: boolean }> {
  let previous: A | null = null;
  let first = true;
  const outcome = await poll(
    async () => {
      let a = await spec.capture();
      if (first && a !== null) {
        // The first attempt captures twice, so that a settled screen passes even with timeout 0.
        first = false;
        previous = a;
        a = await spec.capture();
      }
      const stable = a !== null && previous !== null && spec.same(previous, a);
      note(log, a === null ? `  ${spec.label} resolved to no node` : stable ? '  two captures in a row are the same' : '  the capture changed; waiting for it to settle');
      const out = { actual: a, previous, stable };
      if (!stable) previous = a;
      return out;
    },
    (r) => r.stable,
    timeout,
  );
  return { ...outcome.value, timedOut: outcome.timedOut };
}

/**
 * Checks a capture against its baseline file with Playwright's update semantics. Retries (fresh captures,
 * Playwright's back-off) until it matches or the timeout ends; on failure prints the short diff and
 * attaches expected, actual and the diff.
 */
export async function matchGolden<A, E>(self: MatcherThis, spec: GoldenSpec<A, E>): Promise<GoldenMatcherResult> {
  const info = await currentTestInfo(spec.matcher);
  const file = goldenFileName(spec.matcher, spec.name, spec.ext);
  const isNot = !!self.isNot;
  const base = { name: spec.matcher };
  if (info.config.ignoreSnapshots) return { ...base, pass: !isNot, message: () => '' };
  const { path, legacy } = baselinePath(info, file, spec.matcher === 'toMatchScreenshot' ? 'screenshot' : 'aria');
  const shown = relative(process.cwd(), path) || path;
  const mode = updateMode(info);
  const timeout = spec.timeout ?? self.timeout ?? DEFAULT_EXPECT_TIMEOUT;
  const stem = file.slice(0, file.length - spec.ext.length);
  const log: Log = { lines: [`Expect "${isNot ? 'not ' : ''}${spec.matcher}" with timeout ${timeout}ms`, `waiting for ${spec.label}`], last: '' };
  const attachment = (suffix: Attachment['suffix'], a: A): Attachment => ({ suffix, body: spec.bytes(a), contentType: spec.contentType, ext: spec.ext });

  const message = (lines: { expected: string; received: string; timedOut?: boolean; details?: string[] }) => () => [
    `expect(${spec.kind}).${isNot ? 'not.' : ''}${spec.matcher}(name) failed`,
    '',
    `${spec.kind === 'locator' ? 'Locator' : 'Device'}:  ${spec.label}`,
    `Expected: ${isNot ? 'not ' : ''}${lines.expected}`,
    `Received: ${lines.received}`,
    ...(lines.timedOut && timeout > 0 ? [`Timeout:  ${timeout}ms`] : []),
    ...(lines.details?.length ? ['', ...lines.details] : []),
    '',
    'Call log:',
    ...log.lines.map((l) => `  - ${l}`),
  ].join('\n');

  const expectedBytes = await readGolden(path);

  if (expectedBytes === null && legacy !== null && (await readGolden(legacy)) !== null) {
    // A baseline recorded under the old platform-suffixed name: never silently re-recorded.
    const old = relative(process.cwd(), legacy) || legacy;
    return {
      ...base, pass: isNot,
      message: message({
        expected: `the golden ${shown}`,
        received: `only the old-style golden ${old}`,
        details: [`Goldens of trees no longer carry the platform and project in their name (see the README, "Baselines").`, `Move it: git mv '${old}' '${shown}'`],
      }),
    };
  }

  if (expectedBytes === null) {
    if (isNot) {
      // Playwright's rule: a negated matcher never writes a baseline, and fails without one.
      return { ...base, pass: true, message: () => `A golden doesn't exist at ${shown}${mode !== 'none' ? ', matchers using ".not" won\'t write them automatically.' : '.'}` };
    }
    if (mode === 'none') {
      const a = await spec.capture();
      if (a !== null) await attachAll(info, stem, [attachment('actual', a)]);
      return {
        ...base, pass: false,
        message: message({
          expected: `the golden ${shown}`,
          received: `no golden at ${shown}`,
          details: [`A golden doesn't exist at ${shown}.`, 'Create it with: npx playwright test --update-snapshots=missing (then review and commit it).'],
        }),
      };
    }
    const { actual, previous, stable, timedOut } = await captureStable(spec, timeout, log);
    if (!stable || actual === null) {
      const files = [...(actual !== null ? [attachment('actual', actual)] : []), ...(previous !== null && actual !== null ? [attachment('previous', previous)] : [])];
      await attachAll(info, stem, files);
      return {
        ...base, pass: false,
        message: message({
          expected: `a settled capture to write to ${shown}`,
          received: actual === null ? NOT_FOUND : 'it kept changing between captures',
          timedOut,
          details: [`A golden doesn't exist at ${shown}, and none was written.`],
        }),
      };
    }
    await writeAtomic(path, spec.bytes(actual));
    await attachAll(info, stem, [attachment('expected', actual), attachment('actual', actual)]);
    const text = `A golden doesn't exist at ${shown}, writing actual.`;
    if (mode === 'default') return { ...base, pass: true, message: () => text, softError: callerError(text), shouldNotRetryTest: true };
    console.log(text);
    return { ...base, pass: true, message: () => text };
  }

  // 'all' re-captures whatever the baseline holds, so it is not parsed: a corrupt one is replaced, not reported.
  if (mode === 'all' && !isNot) {
    const { actual, stable, timedOut } = await captureStable(spec, timeout, log);
    if (!stable || actual === null) {
      return { ...base, pass: false, message: message({ expected: `a settled capture to write to ${shown}`, received: actual === null ? NOT_FOUND : 'it kept changing between captures', timedOut }) };
    }
    const bytes = spec.bytes(actual);
    if (!Buffer.from(bytes).equals(expectedBytes)) {
      await writeAtomic(path, bytes);
      console.log(`${shown} is re-generated, writing actual.`);
      return { ...base, pass: true, message: () => `${shown} running with --update-snapshots, writing actual.` };
    }
    return { ...base, pass: true, message: () => '' };
  }

  let expected: E;
  try {
    expected = spec.prepare(expectedBytes, shown);
  } catch (e) {
    // 'changed' rewrites a baseline that differs; one that cannot be read differs from every capture.
    if (mode !== 'changed' || isNot) throw e;
    const { actual, stable, timedOut } = await captureStable(spec, timeout, log);
    if (!stable || actual === null) {
      return { ...base, pass: false, message: message({ expected: `a settled capture to replace the unreadable ${shown}`, received: actual === null ? NOT_FOUND : 'it kept changing between captures', timedOut, details: [(e as Error).message] }) };
    }
    await writeAtomic(path, spec.bytes(actual));
    console.log(`${shown} cannot be read, writing actual.`);
    return { ...base, pass: true, message: () => `${shown} running with --update-snapshots, writing actual.` };
  }

  const outcome = await poll(
    async () => {
      const actual = await spec.capture();
      const result = actual === null ? { pass: false, received: NOT_FOUND } : spec.compare(expected, actual);
      note(log, `  ${actual === null ? `${spec.label} resolved to no node` : `received ${result.received}`}`);
      return { actual, result };
    },
    (r) => r.result.pass !== isNot,
    timeout,
  );
  const { actual, result } = outcome.value;
  const lines = { expected: `the golden ${shown}`, received: result.received, timedOut: outcome.timedOut, ...(result.details ? { details: result.details } : {}) };
  if (result.pass === isNot && !isNot && actual !== null && mode === 'changed') {
    await writeAtomic(path, spec.bytes(actual));
    console.log(`${shown} does not match, writing actual.`);
    return { ...base, pass: true, message: () => `${shown} running with --update-snapshots, writing actual.` };
  }
  if (result.pass === isNot && !isNot) {
    await attachAll(info, stem, [
      { suffix: 'expected', body: expectedBytes, contentType: spec.contentType, ext: spec.ext },
      ...(actual !== null ? [attachment('actual', actual)] : []),
      ...(result.diff ? [{ suffix: 'diff' as const, ...result.diff }] : []),
    ]);
    await attachFailure(() => ({
      matcher: spec.matcher, call: `expect(${spec.kind}).${spec.matcher}(name)`, target: spec.kind, locator: spec.label,
      expected: lines.expected, received: result.received, timedOut: outcome.timedOut && timeout > 0, details: result.details ?? [],
      golden: result.golden?.({ name: file, path: shown, expected: expectedBytes.toString('utf8') }) ?? null,
    }), info);
  }
  return { ...base, pass: result.pass, message: message(lines), expected: lines.expected, actual: result.received };
}
