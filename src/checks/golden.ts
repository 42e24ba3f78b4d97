/**
 * The golden check's policy, in one place for the three surfaces that run it (docs/design.md §8.1):
 * the golden matchers (Playwright's `--update-snapshots` modes), `treewright verify` (`--update` is the
 * `changed` mode, without it `none`) and the MCP check tool (`none`: it never writes). Pure: the
 * callers read and write the files (files/read-golden.ts, files/write-atomic.ts).
 *
 * A golden is in one of four states against a capture — missing, unreadable, changed, same — and the
 * mode says, per state, whether to pass, fail, or write the capture over it. How a failure is told
 * is each surface's own (a matcher message, a finding, a tool error).
 */
import type { Node, Snapshot } from '../model/schema.js';
import { isTreewrightError, type TreewrightError } from '../errors.js';
import type { Finding } from '../common/finding.js';
import { decodeBytes } from '../formats/decode.js';
import { goldenIsMerged, goldenTreeOf, parseGolden, type GoldenTree } from '../outline/golden.js';
import { diffFindings, diffTrees, type DiffOptions, type TreeDiff } from '../analysis/diff.js';

/**
 * Playwright's update modes (1.50+; `default` is a run without the flag):
 *   default   a missing golden is written and the test fails (softly: the test goes on, then fails),
 *             so a CI run never passes by creating its own goldens; a different one fails.
 *   missing   a missing golden is written and the test passes; a different one fails.
 *   changed   a missing, unreadable or different golden is (re)written and the test passes.
 *   all       every golden is re-captured and written when its bytes differ; the test passes.
 *   none      nothing is written; a missing golden fails with its path and the command to create it.
 */
export const UPDATE_MODES = ['all', 'changed', 'missing', 'none', 'default'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

export type GoldenState = 'missing' | 'unreadable' | 'changed' | 'same';
/** `write-soft`: write the capture, and fail softly (the test goes on, then fails). */
export type GoldenAction = 'pass' | 'fail' | 'write' | 'write-soft';

export interface GoldenPolicy {
  /** What to do per state (`same` always passes). */
  missing: GoldenAction;
  unreadable: GoldenAction;
  changed: GoldenAction;
  /** The golden is judged by its bytes, not parsed: any difference from the capture's is `changed`. */
  byBytes: boolean;
}

export const GOLDEN_POLICY: Readonly<Record<UpdateMode, GoldenPolicy>> = {
  none: { missing: 'fail', unreadable: 'fail', changed: 'fail', byBytes: false },
  default: { missing: 'write-soft', unreadable: 'fail', changed: 'fail', byBytes: false },
  missing: { missing: 'write', unreadable: 'fail', changed: 'fail', byBytes: false },
  changed: { missing: 'write', unreadable: 'write', changed: 'write', byBytes: false },
  all: { missing: 'write', unreadable: 'write', changed: 'write', byBytes: true },
};

/** What to do with a golden in `state` under `mode`. */
export function goldenAction(mode: UpdateMode, state: GoldenState): GoldenAction {
  return state === 'same' ? 'pass' : GOLDEN_POLICY[mode][state];
}

/** A golden file's text: UTF-8, a byte-order mark tolerated, bad bytes a FormatError naming their offset. */
export function goldenText(bytes: Uint8Array, shown: string): string {
  return decodeBytes(bytes, { where: shown, kind: 'text', what: 'a golden tree' }).text;
}

/** A golden tree compared with a capture (the whole snapshot, or one node's subtree). */
export type GoldenComparison =
  | { state: 'missing' }
  | { state: 'unreadable'; error: TreewrightError }
  | { state: 'same' | 'changed'; text: string; expected: GoldenTree; actual: GoldenTree; diff: TreeDiff };

/**
 * Reads the golden's bytes (null: there is none) and diffs it against the capture: nodes matched by
 * identity, bounds within the tolerance, in the view the golden was written in (the merged view, or the
 * raw tree for a golden that holds it: `goldenIsMerged`). A golden that cannot be decoded or parsed is
 * `unreadable`, with the typed error saying where.
 */
export function compareGolden(bytes: Uint8Array | null, shown: string, target: Snapshot | { snapshot: Snapshot; node: Node }, options: DiffOptions = {}): GoldenComparison {
  if (bytes === null) return { state: 'missing' };
  let text: string;
  let expected: GoldenTree;
  try {
    text = goldenText(bytes, shown);
    expected = parseGolden(text, shown);
  } catch (e) {
    if (!isTreewrightError(e)) throw e;
    return { state: 'unreadable', error: e };
  }
  const actual = goldenTreeOf(target, { merged: goldenIsMerged(expected) });
  const diff = diffTrees(expected, actual, options);
  return { state: diff.changes.length ? 'changed' : 'same', text, expected, actual, diff };
}

/** The findings of a golden check that fails: `recreate` is the command that writes the golden anew. */
export function goldenFindings(c: GoldenComparison, shown: string, recreate: string): Finding[] {
  const finding = (rule: string, message: string, data?: Record<string, unknown>): Finding => ({
    check: 'golden', rule, severity: 'error', nodeId: null, rootId: null, node: null, message, ...(data ? { data } : {}),
  });
  if (c.state === 'missing') return [finding('golden-missing', `no golden tree at ${shown}; create it with: ${recreate}`)];
  if (c.state === 'unreadable') {
    const { line, column } = c.error.details;
    const at = line !== undefined ? `${shown}:${line}${column !== undefined ? `:${column}` : ''}` : shown;
    return [finding('golden-unreadable', `the golden ${at} cannot be read (${c.error.reason.split('\n')[0]!}); review it, or re-create it with: ${recreate}`, {
      code: c.error.code, golden: shown, ...(line !== undefined ? { line } : {}),
    })];
  }
  return diffFindings(c.diff);
}
