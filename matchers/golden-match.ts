/**
 * matchGolden: a capture against its baseline file with Playwright's `--update-snapshots` semantics
 * (the policy of each mode: src/checks/golden.ts). One handler per update mode, each a pair — what to do
 * when the baseline is missing, and when it is there — over shared steps (settled capture, write,
 * compare with the retry loop); every failure is laid out by context.ts failureMessage, the layout
 * every matcher uses.
 */
import { relative } from 'node:path';
import { NOT_FOUND, failureMessage, type MatcherThis } from './context.js';
import { DEFAULT_EXPECT_TIMEOUT, poll } from './retry.js';
import { attachFailure, attachOrHold } from './report-attach.js';
import { userFrames } from './caller.js';
import { writeAtomic } from '../src/files/write-atomic.js';
import { readGolden } from '../src/files/read-golden.js';
import {
  baselinePath, currentTestInfo, goldenFileName, updateMode,
  type Attachment, type GoldenMatcherResult, type GoldenSpec, type GoldenTestInfo,
} from './golden-file.js';
import { GOLDEN_POLICY, type UpdateMode } from '../src/checks/golden.js';

/** An error whose stack starts at the test's expect call, not inside the matchers (as Playwright's own do). */
function callerError(message: string): Error {
  const err = new Error(message);
  err.stack = [message, ...userFrames().lines].join('\n');
  return err;
}

/** One golden assertion in progress: what every handler reads. */
interface Run<A, E> {
  spec: GoldenSpec<A, E>;
  info: GoldenTestInfo;
  file: string;
  isNot: boolean;
  mode: UpdateMode;
  path: string;
  /** The path as shown (relative to the working directory). */
  shown: string;
  legacy: string | null;
  timeout: number;
  /** The attachments' base name (the file name without its extension). */
  stem: string;
  log: { lines: string[]; last: string };
}

function note(run: Run<unknown, unknown>, line: string): void {
  if (line !== run.log.last) run.log.lines.push(line);
  run.log.last = line;
}

/** The failure message, in the shared layout. */
function message(run: Run<unknown, unknown>, lines: { expected: string; received: string; timedOut?: boolean; details?: string[] }): () => string {
  const { spec, isNot, timeout } = run;
  return () => failureMessage({
    call: `expect(${spec.kind}).${isNot ? 'not.' : ''}${spec.matcher}(name)`, kind: spec.kind, label: spec.label,
    expected: `${isNot ? 'not ' : ''}${lines.expected}`, received: lines.received, details: lines.details ?? [],
    timeout: lines.timedOut && timeout > 0 ? timeout : null, log: run.log.lines,
  });
}

function attachment<A>(run: Run<A, unknown>, suffix: Attachment['suffix'], a: A): Attachment {
  return { suffix, body: run.spec.bytes(a), contentType: run.spec.contentType, ext: run.spec.ext };
}

async function attachAll(run: Run<unknown, unknown>, files: readonly Attachment[]): Promise<void> {
  await attachOrHold(async (info) => {
    for (const f of files) await info.attach(`${run.stem}-${f.suffix}${f.ext}`, { body: f.body, contentType: f.contentType });
  }, run.info);
}

function result(run: Run<unknown, unknown>, pass: boolean, text: () => string): GoldenMatcherResult {
  return { name: run.spec.matcher, pass, message: text };
}

/** Captures until two in a row are the same (Playwright's "stable screenshot"); always at least two captures. */
async function captureStable<A>(run: Run<A, unknown>): Promise<{ actual: A | null; previous: A | null; stable: boolean; timedOut: boolean }> {
  const { spec } = run;
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
      note(run, a === null ? `  ${spec.label} resolved to no node` : stable ? '  two captures in a row are the same' : '  the capture changed; waiting for it to settle');
      const out = { actual: a, previous, stable };
      if (!stable) previous = a;
      return out;
    },
    (r) => r.stable,
    run.timeout,
  );
  return { ...outcome.value, timedOut: outcome.timedOut };
}

/** A settled capture, or the failure saying why there is none (`what`: what it was for). */
async function settled<A>(run: Run<A, unknown>, what: string, details?: string[]): Promise<{ actual: A } | { failed: GoldenMatcherResult; actual: A | null; previous: A | null }> {
  const { actual, previous, stable, timedOut } = await captureStable(run);
  if (stable && actual !== null) return { actual };
  const failed = result(run, false, message(run, {
    expected: what, received: actual === null ? NOT_FOUND : 'it kept changing between captures', timedOut, ...(details ? { details } : {}),
  }));
  return { failed, actual, previous };
}

/** The baseline rewritten from `actual`; the test passes, saying so (`why`: what was wrong with the old one). */
async function rewrite<A>(run: Run<A, unknown>, actual: A, why: string): Promise<GoldenMatcherResult> {
  await writeAtomic(run.path, run.spec.bytes(actual));
  console.log(`${run.shown} ${why}, writing actual.`);
  return result(run, true, () => `${run.shown} running with --update-snapshots, writing actual.`);
}

// ── What to do with a missing baseline ──────────────────────────────────────────────────────────────

/** `none`: nothing is written; the failure names the path and the command that creates it. */
async function failMissing<A>(run: Run<A, unknown>): Promise<GoldenMatcherResult> {
  const a = await run.spec.capture();
  if (a !== null) await attachAll(run, [attachment(run, 'actual', a)]);
  return result(run, false, message(run, {
    expected: `the golden ${run.shown}`,
    received: `no golden at ${run.shown}`,
    details: [`A golden doesn't exist at ${run.shown}.`, 'Create it with: npx playwright test --update-snapshots=missing (then review and commit it).'],
  }));
}

/** Write a settled capture; `soft`: the test then fails softly (Playwright's default, so CI never passes by creating its baselines). */
function writeMissing(soft: boolean) {
  return async <A>(run: Run<A, unknown>): Promise<GoldenMatcherResult> => {
    const got = await settled(run, `a settled capture to write to ${run.shown}`, [`A golden doesn't exist at ${run.shown}, and none was written.`]);
    if ('failed' in got) {
      const { actual, previous } = got;
      await attachAll(run, [...(actual !== null ? [attachment(run, 'actual', actual)] : []), ...(previous !== null && actual !== null ? [attachment(run, 'previous', previous)] : [])]);
      return got.failed;
    }
    await writeAtomic(run.path, run.spec.bytes(got.actual));
    await attachAll(run, [attachment(run, 'expected', got.actual), attachment(run, 'actual', got.actual)]);
    const text = `A golden doesn't exist at ${run.shown}, writing actual.`;
    if (soft) return { ...result(run, true, () => text), softError: callerError(text), shouldNotRetryTest: true };
    console.log(text);
    return result(run, true, () => text);
  };
}

/** A negated matcher never writes a baseline (Playwright's rule), and passes without one. */
async function negatedMissing(run: Run<unknown, unknown>): Promise<GoldenMatcherResult> {
  return result(run, true, () => `A golden doesn't exist at ${run.shown}${run.mode !== 'none' ? ', matchers using ".not" won\'t write them automatically.' : '.'}`);
}

// ── What to do with a baseline that is there ────────────────────────────────────────────────────────

/** Compare with the retry loop; on failure attach expected, actual, the diff and the report data. `onDiffer` may replace the failure. */
async function compare<A, E>(run: Run<A, E>, expectedBytes: Buffer, expected: E, onDiffer?: (actual: A) => Promise<GoldenMatcherResult>): Promise<GoldenMatcherResult> {
  const { spec, isNot } = run;
  const outcome = await poll(
    async () => {
      const actual = await spec.capture();
      const r = actual === null ? { pass: false, received: NOT_FOUND } : spec.compare(expected, actual);
      note(run, `  ${actual === null ? `${spec.label} resolved to no node` : `received ${r.received}`}`);
      return { actual, result: r };
    },
    (r) => r.result.pass !== isNot,
    run.timeout,
  );
  const { actual, result: r } = outcome.value;
  const lines = { expected: `the golden ${run.shown}`, received: r.received, timedOut: outcome.timedOut, ...(r.details ? { details: r.details } : {}) };
  const failed = r.pass === isNot && !isNot;
  if (failed && actual !== null && onDiffer) return onDiffer(actual);
  if (failed) {
    await attachAll(run, [
      { suffix: 'expected', body: expectedBytes, contentType: spec.contentType, ext: spec.ext },
      ...(actual !== null ? [attachment(run, 'actual', actual)] : []),
      ...(r.diff ? [{ suffix: 'diff' as const, ...r.diff }] : []),
    ]);
    await attachFailure(() => ({
      matcher: spec.matcher, call: `expect(${spec.kind}).${spec.matcher}(name)`, target: spec.kind, locator: spec.label,
      expected: lines.expected, received: r.received, timedOut: outcome.timedOut && run.timeout > 0, details: r.details ?? [],
      golden: r.golden?.({ name: run.file, path: run.shown, expected: expectedBytes.toString('utf8') }) ?? null,
    }), run.info);
  }
  return { ...result(run, r.pass, message(run, lines)), expected: lines.expected, actual: r.received };
}

/** `none`, `default`, `missing` and any negated matcher: read the baseline (a corrupt one is a FormatError) and compare. */
async function compareOnly<A, E>(run: Run<A, E>, bytes: Buffer): Promise<GoldenMatcherResult> {
  return compare(run, bytes, run.spec.prepare(bytes, run.shown));
}

/** `changed`: compare, and rewrite a baseline that differs or cannot be read (it differs from every capture). */
async function compareOrRewrite<A, E>(run: Run<A, E>, bytes: Buffer): Promise<GoldenMatcherResult> {
  let expected: E;
  try {
    expected = run.spec.prepare(bytes, run.shown);
  } catch (e) {
    const got = await settled(run, `a settled capture to replace the unreadable ${run.shown}`, [(e as Error).message]);
    return 'failed' in got ? got.failed : rewrite(run, got.actual, 'cannot be read');
  }
  return compare(run, bytes, expected, (actual) => rewrite(run, actual, 'does not match'));
}

/** `all`: re-capture whatever the baseline holds (not parsed: a corrupt one is replaced, not reported); write when the bytes differ. */
async function recapture<A>(run: Run<A, unknown>, bytes: Buffer): Promise<GoldenMatcherResult> {
  const got = await settled(run, `a settled capture to write to ${run.shown}`);
  if ('failed' in got) return got.failed;
  const fresh = run.spec.bytes(got.actual);
  if (Buffer.from(fresh).equals(bytes)) return result(run, true, () => '');
  await writeAtomic(run.path, fresh);
  console.log(`${run.shown} is re-generated, writing actual.`);
  return result(run, true, () => `${run.shown} running with --update-snapshots, writing actual.`);
}

interface ModeHandler {
  missing<A>(run: Run<A, unknown>): Promise<GoldenMatcherResult>;
  present<A, E>(run: Run<A, E>, bytes: Buffer): Promise<GoldenMatcherResult>;
}

/** The handler of an update mode (Playwright's `--update-snapshots`), as the checks module's policy says. */
function handlerOf(mode: UpdateMode): ModeHandler {
  const policy = GOLDEN_POLICY[mode];
  return {
    missing: policy.missing === 'fail' ? failMissing : writeMissing(policy.missing === 'write-soft'),
    present: policy.byBytes ? recapture : policy.changed === 'write' ? compareOrRewrite : compareOnly,
  };
}
/** A negated matcher ignores the mode: it never writes. */
const NEGATED: ModeHandler = { missing: negatedMissing, present: compareOnly };

/**
 * Checks a capture against its baseline file with Playwright's update semantics. Retries (fresh captures,
 * Playwright's back-off) until it matches or the timeout ends; on failure prints the short diff and
 * attaches expected, actual and the diff.
 */
export async function matchGolden<A, E>(self: MatcherThis, spec: GoldenSpec<A, E>): Promise<GoldenMatcherResult> {
  const info = await currentTestInfo(spec.matcher);
  const file = goldenFileName(spec.matcher, spec.name, spec.ext);
  const isNot = !!self.isNot;
  if (info.config.ignoreSnapshots) return { name: spec.matcher, pass: !isNot, message: () => '' };
  const { path, legacy } = baselinePath(info, file, spec.matcher === 'toMatchScreenshot' ? 'screenshot' : 'aria');
  const t = spec.timeout ?? self.timeout ?? DEFAULT_EXPECT_TIMEOUT;
  const run: Run<A, E> = {
    spec, info, file, isNot, mode: updateMode(info), path, shown: relative(process.cwd(), path) || path, legacy, timeout: t,
    stem: file.slice(0, file.length - spec.ext.length),
    log: { lines: [`Expect "${isNot ? 'not ' : ''}${spec.matcher}" with timeout ${t}ms`, `waiting for ${spec.label}`], last: '' },
  };
  const handler = isNot ? NEGATED : handlerOf(run.mode);
  const bytes = await readGolden(path);
  if (bytes !== null) return handler.present(run, bytes);
  if (legacy !== null && (await readGolden(legacy)) !== null) return movedBaseline(run, legacy);
  return handler.missing(run);
}

/** A baseline recorded under the old platform-suffixed name: never silently re-recorded, in any mode. */
function movedBaseline(run: Run<unknown, unknown>, legacy: string): GoldenMatcherResult {
  const old = relative(process.cwd(), legacy) || legacy;
  return result(run, run.isNot, message(run, {
    expected: `the golden ${run.shown}`,
    received: `only the old-style golden ${old}`,
    details: [`Goldens of trees no longer carry the platform and project in their name (see the README, "Baselines").`, `Move it: git mv '${old}' '${run.shown}'`],
  }));
}
