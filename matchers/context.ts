import type { Node, Snapshot } from '../src/model/schema.js';
import { Device } from '../src/devices/device.js';
import { isLocator, type Locator } from '../src/query/locator.js';
import { resolveSelector } from '../src/query/resolve.js';
import { searchesMerged } from '../src/query/selector.js';
import { expectOne } from '../src/query/strict.js';
import { TargetError, isTreewrightError } from '../src/errors.js';
import { noMatchLines, noMatchReport } from '../src/query/near.js';
import type { Finding } from '../src/common/finding.js';
import { DEFAULT_EXPECT_TIMEOUT, poll } from './retry.js';
import { attachFailure } from './report-attach.js';
import { captureCaller } from './caller.js';
import type { ReportView } from '../src/render/failure-report.js';

export const NOT_FOUND = '<element(s) not found>';

/** The parts of a matcher's `this` we use; both Playwright's and Jest's expect provide them. */
export interface MatcherThis {
  isNot?: boolean;
  /** Playwright's expect timeout (from config or expect.configure). */
  timeout?: number;
}

export interface MatcherOptions {
  timeout?: number;
}

export type Target = Locator | Device;

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  name: string;
  expected?: unknown;
  actual?: unknown;
}

/** One check of the condition on one capture. `pass` means the positive matcher holds. */
export interface Verdict {
  pass: boolean;
  /** What was seen, for the Received: line. */
  received: string;
  /** Extra lines shown under the message (e.g. the obscuring node). */
  details?: string[];
  /** Structured data for the report (attached on failure, see report-attach.ts). */
  report?: VerdictReport;
  /**
   * The assertion cannot be judged on this node (Playwright's "Not a select element with a multiple
   * attribute"): it fails, negated or not, at once, with this as its `Error:` line.
   */
  error?: string;
}

/** What a check found, as data: the reporter draws and lists it. */
export interface VerdictReport {
  /** The node the verdict is about (default: the locator's only node). */
  node?: Node | null;
  /** The node that takes the touch instead. */
  obscuredBy?: Node | null;
  findings?: readonly Finding[];
}

export interface Resolved {
  snapshot: Snapshot;
  nodes: Node[];
  /** The locator's code form, or the device description for a whole-screen assertion. */
  label: string;
  /**
   * Whether the nodes are named in the merged view (docs/design.md §8): false when the locator searched
   * with `merged: false` or the device was connected so. Messages and reports follow it.
   */
  merged: boolean;
}

export function describeTarget(target: Target): string {
  return isLocator(target) ? target.toCode() : target.description;
}

export async function resolveTarget(target: Target): Promise<Resolved> {
  if (isLocator(target)) {
    const snapshot = await target.host.snapshot();
    return { snapshot, nodes: resolveSelector(snapshot, target.selector), label: target.toCode(), merged: target.host.merged !== false && searchesMerged(target.selector) };
  }
  if (target instanceof Device) {
    const snapshot = await target.snapshot();
    return { snapshot, nodes: snapshot.roots.map((r) => r.node), label: target.description, merged: target.merged };
  }
  throw new TargetError('invalid_arguments', `expected a treewright Locator or Device, received ${typeof target === 'object' ? Object.prototype.toString.call(target) : typeof target}`, {
    hint: 'Pass device.byTag(…) / device.byRole(…) or the device itself.',
  });
}

/** Every node any of the locators matches on this capture (for `ignore` / `requireTokens` options). */
export function nodesMatchedBy(snapshot: Snapshot, locators: readonly Locator[]): Set<Node> {
  const out = new Set<Node>();
  for (const l of locators) for (const n of resolveSelector(snapshot, l.selector)) out.add(n);
  return out;
}

/**
 * One check, with a strict-mode violation (thrown by single()) turned into a failing verdict that carries
 * it, so it is reported in the matcher's layout (and attached) instead of escaping as a raw TargetError.
 */
function checkStrict(spec: RunSpec, r: Resolved, isNot: boolean): Verdict & { strict?: string } {
  try {
    const v = spec.check(r);
    return v.error !== undefined ? { ...v, pass: isNot } : v;
  } catch (e) {
    if (!(isTreewrightError(e) && e.code === 'target_ambiguous')) throw e;
    return { pass: isNot, received: `strict mode violation (${r.nodes.length} nodes)`, strict: e.message };
  }
}

/** Exactly one node or the strict-mode error (thrown: ambiguity is a test bug, not a state to wait out; runMatcher reports it). */
export function single(target: Target, r: Resolved): Node | null {
  if (r.nodes.length === 0) return null;
  if (!isLocator(target)) throw new TargetError('invalid_arguments', 'this assertion needs a locator for one node, not the whole device');
  return expectOne(r.snapshot, target.selector, r.nodes);
}

export interface RunSpec {
  name: string;
  /** What the positive matcher expects, e.g. `visible`, `"Home"`, `3`. */
  expected: string;
  /** The `(expected)` argument shown in `expect(locator).toHaveText(expected)`; empty for none. */
  argument?: string;
  check: (r: Resolved) => Verdict;
  /**
   * How the report draws a failure: `screen` for matchers about where the node is on the screen
   * (visibility, hittability, counts), else the default (the locator's subtree). Data the matcher
   * declares and the report carries (FailureReport.view), never guessed from the matcher's name.
   */
  view?: ReportView;
}

/** What a failed assertion's message says, field by field (failureMessage lays it out). */
export interface FailureLines {
  /** The call as code: `expect(locator).not.toHaveText(expected)`. */
  call: string;
  kind: 'locator' | 'device';
  /** The locator's code form or the device's description. */
  label: string;
  /** With `not ` already in front for a negated matcher. */
  expected: string;
  /** What was seen; or `error`, Playwright's line for a strict-mode violation inside an assertion. */
  received?: string;
  error?: string;
  /** The timeout, when the retry ran out (null: not shown). */
  timeout: number | null;
  /** Lines under the header (a diff, the candidates, what a locator came close to). */
  details?: readonly string[];
  /** The call log, one step a line. */
  log: readonly string[];
}

/**
 * Playwright's failure layout (call, Locator / Device, Expected, Received or Error, Timeout, details,
 * call log): the one layout every treewright matcher's message uses, the golden matchers' included.
 */
export function failureMessage(l: FailureLines): string {
  return [
    `${l.call} failed`,
    '',
    `${l.kind === 'locator' ? 'Locator' : 'Device'}:  ${l.label}`,
    `Expected: ${l.expected}`,
    ...(l.error !== undefined ? [`Error: ${l.error}`] : [`Received: ${l.received ?? ''}`]),
    ...(l.timeout !== null ? [`Timeout:  ${l.timeout}ms`] : []),
    ...(l.details?.length ? ['', ...l.details] : []),
    '',
    'Call log:',
    ...l.log.map((line) => `  - ${line}`),
  ].join('\n');
}

/**
 * The shared retry loop and message layout of every treewright matcher: check at once, then
 * re-capture and re-check with growing pauses until the (possibly negated) condition holds
 * or the timeout ends; fail with Playwright's layout (matcher, locator, expected, received, timeout, call log).
 */
export async function runMatcher(self: MatcherThis, target: Target, options: MatcherOptions | undefined, spec: RunSpec): Promise<MatcherResult> {
  // Before the first await: the user's `expect(…)` line is still on the stack.
  const caller = captureCaller();
  const isNot = !!self.isNot;
  const timeout = options?.timeout ?? self.timeout ?? DEFAULT_EXPECT_TIMEOUT;
  const label = describeTarget(target);
  const log: string[] = [`Expect "${isNot ? 'not ' : ''}${spec.name}" with timeout ${timeout}ms`, `waiting for ${label}`];
  let lastReceived = '';
  const outcome = await poll(
    async () => {
      const r = await resolveTarget(target);
      const v = checkStrict(spec, r, isNot);
      if (v.received !== lastReceived) log.push(`  ${r.nodes.length === 0 ? 'locator resolved to no node' : v.strict ? `${label} resolved to ${r.nodes.length} nodes` : `${label} resolved; received ${v.received}`} (generation ${r.snapshot.generation})`);
      lastReceived = v.received;
      return { r, v };
    },
    // A strict-mode violation, or a node the assertion cannot judge, does not get better by waiting: it ends the retry at once.
    ({ v }) => v.pass !== isNot || v.strict !== undefined || v.error !== undefined,
    timeout,
  );
  const { r } = outcome.value;
  let v = outcome.value.v;
  const kind = isLocator(target) ? 'locator' : 'device';
  // A locator that found nothing says what it came close to (near names, roles on screen).
  if (v.pass === isNot && !v.strict && isLocator(target) && r.nodes.length === 0) {
    v = { ...v, details: [...(v.details ?? []), ...noMatchLines(noMatchReport(r.snapshot, target.selector))] };
  }
  const timedOut = outcome.timedOut && timeout > 0 && !v.strict && v.error === undefined;
  const call = `expect(${kind}).${isNot ? 'not.' : ''}${spec.name}(${spec.argument ?? ''})`;
  if (v.pass === isNot) {
    // The one place every matcher's failure passes: attach what the reporter shows (a no-op outside Playwright Test).
    const shown = v;
    await attachFailure(() => ({
      matcher: spec.name,
      call,
      negated: isNot,
      target: kind,
      locator: label,
      expected: `${isNot ? 'not ' : ''}${spec.expected}`,
      received: shown.received,
      timedOut,
      details: shown.strict ? shown.strict.split('\n') : shown.error !== undefined ? [shown.error] : shown.details ?? [],
      snapshot: r.snapshot,
      nodes: kind === 'locator' ? r.nodes : [],
      ...(shown.report?.node !== undefined ? { node: shown.report.node } : shown.strict ? { node: null } : {}),
      obscuredBy: shown.report?.obscuredBy ?? null,
      findings: shown.report?.findings ?? [],
      view: shown.strict ? 'screen' : spec.view,
      location: caller() ?? null,
      merged: r.merged,
    }));
  }
  const message = () => failureMessage({
    call, kind, label, expected: `${isNot ? 'not ' : ''}${spec.expected}`,
    ...(v.strict ? { error: v.strict } : v.error !== undefined ? { error: v.error } : { received: v.received, details: v.details ?? [] }),
    timeout: timedOut ? timeout : null, log,
  });
  return { pass: v.pass, message, name: spec.name, expected: spec.expected, actual: v.received };
}
