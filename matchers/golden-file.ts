/**
 * What toMatchGoldenTree and toMatchScreenshot share: resolving the baseline through Playwright's
 * `testInfo.snapshotPath` (so `snapshotPathTemplate` applies), the `--update-snapshots` modes, the
 * baseline's name and the comparison's shape. matchGolden (golden-match.ts) runs them, one handler per
 * mode; what each mode does with a missing, unreadable or different baseline is the checks module's
 * policy (src/checks/golden.ts GOLDEN_POLICY), which `treewright verify` and the MCP check tool follow too.
 */
import { extname } from 'node:path';
import { TargetError } from '../src/errors.js';
import type { MatcherResult } from './context.js';
import type { GoldenReport } from '../src/render/golden-report.js';
import type { UpdateMode } from '../src/checks/golden.js';

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

/** The running test's TestInfo, or null outside Playwright Test (test.info() throws there). */
export async function runningTestInfo(): Promise<GoldenTestInfo | null> {
  try {
    const { test } = await import('@playwright/test');
    return test.info() ?? null;
  } catch {
    return null;
  }
}

/** The running test's TestInfo, or a clear error outside Playwright Test. */
export async function currentTestInfo(matcher: string): Promise<GoldenTestInfo> {
  const info = await runningTestInfo();
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
