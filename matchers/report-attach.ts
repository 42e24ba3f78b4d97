/**
 * The attachment contract between treewright's matchers / fixture and its reporter.
 *
 * When a treewright matcher fails under Playwright Test, it attaches to the running test:
 *   treewright-<matcher>          application/vnd.treewright+json  the FailureReport (src/render/failure-report.ts):
 *                                 matcher, call, locator code, expected / received, failing node id(s),
 *                                 obscuredBy id, findings, golden diff, and a bounded snapshot excerpt
 *   <matcher>-outline.txt         text/plain       the outline of the relevant part, marked nodes followed by `# ^ …`
 *   <matcher>-snapshot.json       application/json the snapshot excerpt (treewright snapshot format)
 *   <matcher>-wireframe.svg       image/svg+xml    the wireframe (failing node, obscurer, findings)
 *   <matcher>-golden-expected.svg / -golden-actual.svg   golden failures: the side-by-side pair
 * and at the end of every test whose device performed actions, the fixture attaches
 *   treewright-receipts           application/vnd.treewright+json  the ReceiptsReport (every receipt, in order).
 *
 * The reporter reads only the vnd.treewright+json attachments (never error strings): blob reports carry
 * attachment bodies, so `npx playwright merge-reports` of sharded runs gives the same report.
 * Outside Playwright Test (Jest, the `expect` package, plain scripts) `test.info()` is unavailable and
 * nothing is attached. A test attaches at most MAX_FAILURES_PER_TEST failures (a matcher retried inside
 * `expect.toPass()` would otherwise attach one per attempt).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { actionCall } from '../src/devices/actions.js';
import type { LocatorAction, Receipt } from '../src/query/action.js';
import type { Snapshot } from '../src/model/schema.js';
import { analyzeReachability } from '../src/facts/reachability.js';
import { isTreewrightError } from '../src/errors.js';
import { resolveSelector } from '../src/query/resolve.js';
import { selectorToCode, type Selector } from '../src/query/selector.js';
import { snapshotJsonText } from '../src/formats/snapshot-json.js';
import { REPORT_CONTENT_TYPE, REPORT_VERSION, buildFailureReport, failureOutlineText, failureWireframe, type FailureInput, type FailureReport, type ReceiptsReport, type SourceLocation } from '../src/render/failure-report.js';
import { goldenWireframes } from '../src/render/golden-report.js';

export const MAX_FAILURES_PER_TEST = 20;

/**
 * The failure reports of one attempt of an `expect(fn).toPass()` callback, held instead of attached:
 * Playwright keeps no failed intermediate attempt on a pass, so only the final attempt's reports are
 * attached — at once when it passed, at the end of the test when it failed (see heldAttempts).
 */
interface Attempt {
  info: AttachTarget | null;
  /** What the attempt would have attached: failure reports and golden files alike (see attachOrHold). */
  jobs: Array<(info: AttachTarget) => Promise<void>>;
}

const attempt = new AsyncLocalStorage<Attempt>();
/** Per test: the failed last attempt of each toPass, attached by flushHeldAttempts at the test's end. */
const held = new WeakMap<AttachTarget, Set<Attempt>>();

/**
 * `fn` as a toPass callback whose every call is one attempt: its failure reports are held. The last
 * attempt that failed stays held until a later one settles (toPass may give up while an attempt is
 * still running: the error it reports is the last settled one's, and so are the reports); a passing
 * attempt drops it and attaches its own (reports it caught on purpose).
 */
export function heldAttempts<T>(fn: () => T | Promise<T>): () => Promise<T> {
  let lastFailed: Attempt | null = null;
  const release = () => {
    if (lastFailed?.info) held.get(lastFailed.info)?.delete(lastFailed);
    lastFailed = null;
  };
  return async () => {
    const mine: Attempt = { info: await runningTestInfo(), jobs: [] };
    try {
      const value = await attempt.run(mine, fn);
      release();
      if (mine.info) for (const job of mine.jobs) await job(mine.info);
      return value;
    } catch (e) {
      release();
      lastFailed = mine;
      if (mine.info) {
        const set = held.get(mine.info) ?? new Set<Attempt>();
        set.add(mine);
        held.set(mine.info, set);
      }
      throw e;
    }
  };
}

/** Attaches the held reports of every toPass whose last attempt failed (the fixture calls it at the end of each test). */
export async function flushHeldAttempts(info: AttachTarget): Promise<void> {
  const set = held.get(info);
  if (!set) return;
  held.delete(info);
  // Not through attachFailure: the teardown may still run in the last attempt's async context.
  for (const a of set) for (const job of a.jobs) await job(info);
}

/**
 * Attaches now, or holds the attachment when called inside a toPass attempt, until it is known whether
 * that attempt is the final one (heldAttempts). Every attachment a matcher makes goes through here.
 */
export async function attachOrHold(job: (info: AttachTarget) => Promise<void>, target: AttachTarget | null): Promise<void> {
  const inAttempt = attempt.getStore();
  if (inAttempt) {
    inAttempt.jobs.push(job);
    return;
  }
  if (target) await job(target);
}

/** The part of Playwright's TestInfo used here. */
export interface AttachTarget {
  attach(name: string, options: { body?: string | Buffer; contentType?: string }): Promise<void>;
}

const attached = new WeakMap<object, number>();

/** The running Playwright test's TestInfo, or null (not under Playwright Test, or between tests). */
export async function runningTestInfo(): Promise<AttachTarget | null> {
  try {
    const { test } = await import('@playwright/test');
    return test.info();
  } catch {
    return null;
  }
}

/**
 * Builds the failure report (lazily: only when there is a test to attach it to) and attaches it with
 * its human artefacts. Never throws: a report that cannot be attached must not mask the failure itself.
 */
export async function attachFailure(input: () => FailureInput, target?: AttachTarget | null): Promise<void> {
  const info = attempt.getStore() ? null : target === undefined ? await runningTestInfo() : target;
  await attachOrHold((into) => attachNow(input, into), info);
}

/** Attaches a failure's report now (at most MAX_FAILURES_PER_TEST per test). */
async function attachNow(input: () => FailureInput, info: AttachTarget | null): Promise<void> {
  if (!info) return;
  const count = attached.get(info) ?? 0;
  if (count >= MAX_FAILURES_PER_TEST) return;
  attached.set(info, count + 1);
  try {
    const report = buildFailureReport(input());
    await attachReport(info, report);
  } catch (e) {
    await info.attach('treewright-report-error.txt', { body: `treewright could not attach its failure report: ${(e as Error).message}\n`, contentType: 'text/plain' }).catch(() => {});
  }
}

/** Attaches a built report and the artefacts drawn from it. */
export async function attachReport(info: AttachTarget, report: FailureReport): Promise<void> {
  const m = report.matcher;
  // A capture too large to write as one JSON text (snapshotJsonText's typed too_large) leaves the rest of
  // the report attached, without the capture, and a note that says why it is missing.
  let snapshotJson: string | null = null;
  let tooLarge: string | null = null;
  if (report.snapshot) {
    try { snapshotJson = snapshotJsonText(report.snapshot); } catch (e) {
      if (!isTreewrightError(e) || e.code !== 'too_large') throw e;
      tooLarge = e.message;
    }
  }
  await info.attach(`treewright-${m}`, { body: JSON.stringify(tooLarge === null ? report : { ...report, snapshot: null }), contentType: REPORT_CONTENT_TYPE });
  if (report.outline) await info.attach(`${m}-outline.txt`, { body: failureOutlineText(report), contentType: 'text/plain' });
  if (snapshotJson !== null) await info.attach(`${m}-snapshot.json`, { body: snapshotJson, contentType: 'application/json' });
  if (tooLarge !== null) await info.attach(`${m}-snapshot-too-large.txt`, { body: `${tooLarge}\n`, contentType: 'text/plain' });
  const svg = failureWireframe(report);
  if (svg) await info.attach(`${m}-wireframe.svg`, { body: svg, contentType: 'image/svg+xml' });
  const pair = report.golden ? goldenWireframes(report.golden) : null;
  if (pair) {
    await info.attach(`${m}-golden-expected.svg`, { body: pair.expected, contentType: 'image/svg+xml' });
    await info.attach(`${m}-golden-actual.svg`, { body: pair.actual, contentType: 'image/svg+xml' });
  }
}

/**
 * The failure report of an action that failed (not found, disabled, obscured, ambiguous, unavailable):
 * the screen it last saw with the locator's nodes marked, drawn like a matcher failure. Pure.
 */
export function actionFailureInput(snapshot: Snapshot | null, selector: Selector, action: LocatorAction, error: unknown, location: SourceLocation | null = null): FailureInput {
  const nodes = snapshot ? resolveSelector(snapshot, selector) : [];
  const message = error instanceof Error ? error.message : String(error);
  const code = isTreewrightError(error) ? error.code : 'error';
  const [first = '', ...rest] = message.split('\n');
  const call = actionCall(selector, action);
  // The call is already in the first line ("byTag('x').click(): …"): the received line is the reason.
  const reason = first.startsWith(`${call}: `) ? first.slice(call.length + 2) : first;
  const node = nodes.length === 1 ? nodes[0]! : null;
  const obscuredBy = node && snapshot && code === 'not_hittable' ? analyzeReachability(snapshot).get(node).obscuredBy ?? null : null;
  return {
    matcher: action.kind,
    call,
    target: 'locator',
    locator: selectorToCode(selector),
    expected: 'one visible, enabled, hittable, stable node',
    received: `${code}: ${reason}`,
    timedOut: /timed out/.test(first),
    details: rest,
    snapshot,
    nodes,
    node,
    obscuredBy,
    view: 'screen',
    location,
  };
}

/** Attaches a test's receipts (the fixture calls it at the end of the test). Nothing when there are none. */
export async function attachReceipts(info: AttachTarget, device: string, receipts: readonly Receipt[]): Promise<void> {
  if (receipts.length === 0) return;
  const report: ReceiptsReport = { format: 'treewright-receipts', version: REPORT_VERSION, device, receipts: [...receipts] };
  await info.attach('treewright-receipts', { body: JSON.stringify(report), contentType: REPORT_CONTENT_TYPE });
}
