/**
 * The report's data, independent of where it came from: a Playwright run (built here from the
 * reporter API — test cases, results, steps and the treewright attachments) or a `treewright verify`
 * lane run (verify-html.ts). html.ts draws a page and summary.ts a paragraph from it.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, Suite, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import type { Receipt } from '../../src/query/action.js';
import { countBySeverity, type Severity } from '../../src/common/finding.js';
import { REPORT_CONTENT_TYPE, parseTreewrightReport, type FailureReport, type ReceiptsReport, type SourceLocation } from '../../src/render/failure-report.js';

export type TestStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

export interface ReportStep {
  title: string;
  category: string;
  durationMs: number;
  error?: string;
  /** The action's receipt, when this step is a treewright action. */
  receipt?: Receipt;
  steps: ReportStep[];
}

/** Where a failure's call is in the user's spec, and the source around it (read when the report is written). */
export interface CodeFrame {
  /** Relative to the root directory, `/`-separated. */
  file: string;
  line: number;
  column: number;
  /** A few lines around `line`; null when the source could not be read (say why in `missing`). */
  lines: Array<{ line: number; text: string }> | null;
  missing?: string;
}

/** A failure as the page shows it: the attached report and its code frame. */
export type ReportFailure = FailureReport & { frame?: CodeFrame };

export interface ReportAttempt {
  retry: number;
  status: TestStatus;
  durationMs: number;
  failures: ReportFailure[];
  /** Errors as Playwright reports them (shown for failures treewright did not describe). */
  errors: string[];
  steps: ReportStep[];
}

export interface ReportTest {
  /** Stable across runs and shards: file, project and title path. */
  key: string;
  project: string;
  /** Relative to the root directory, `/`-separated. */
  file: string;
  line: number;
  column: number;
  /** Describe blocks and the test's title. */
  title: string[];
  status: TestStatus;
  /** Failed (unexpectedly) or flaky: shown by "failed only". */
  failed: boolean;
  flaky: boolean;
  /** A `test.fail()` test that failed as expected: counted as passed, shown as an expected failure. */
  expectedFailure?: boolean;
  durationMs: number;
  attempts: ReportAttempt[];
}

export interface ReportModel {
  title: string;
  tests: ReportTest[];
}

export interface ReportCounts {
  tests: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  treewrightFailures: number;
  a11y: Record<Severity, number>;
  drift: number;
  goldenChanges: number;
}

// eslint-disable-next-line no-control-regex -- ESC is what starts an ANSI colour sequence
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** Steps a reader follows: actions and user steps, assertions, API calls. Hooks and fixtures only when they failed. */
const SHOWN = new Set(['test.step', 'expect', 'pw:api']);

function stepsOf(steps: readonly TestStep[]): ReportStep[] {
  const out: ReportStep[] = [];
  for (const s of steps) {
    const children = stepsOf(s.steps);
    if (SHOWN.has(s.category) || (s.error && s.category !== 'test.attach')) {
      out.push({ title: s.title, category: s.category, durationMs: s.duration, ...(s.error ? { error: clean(s.error.message ?? s.error.value ?? '') } : {}), steps: children });
    } else {
      out.push(...children);
    }
  }
  return out;
}

function clean(message: string): string {
  return message.replace(ANSI, '');
}

/** Pairs receipts with the action steps (titled with the same code form), in order. */
function pairReceipts(steps: ReportStep[], receipts: readonly Receipt[]): void {
  const queues = new Map<string, Receipt[]>();
  for (const r of receipts) {
    const q = queues.get(r.call);
    if (q) q.push(r);
    else queues.set(r.call, [r]);
  }
  const stack = [...steps].reverse();
  while (stack.length) {
    const s = stack.pop()!;
    if (s.category === 'test.step') {
      const q = queues.get(s.title);
      if (q?.length && !s.error) s.receipt = q.shift()!;
    }
    for (let i = s.steps.length - 1; i >= 0; i--) stack.push(s.steps[i]!);
  }
}

/** The treewright reports attached to a result, in attachment order. */
export function treewrightAttachments(result: Pick<TestResult, 'attachments'>): { failures: FailureReport[]; receipts: ReceiptsReport[] } {
  const failures: FailureReport[] = [];
  const receipts: ReceiptsReport[] = [];
  for (const a of result.attachments) {
    if (a.contentType !== REPORT_CONTENT_TYPE) continue;
    let body: Buffer | undefined = a.body;
    if (!body && a.path) {
      try { body = readFileSync(a.path); } catch { body = undefined; }
    }
    if (!body) continue;
    const r = parseTreewrightReport(body);
    if (r?.format === 'treewright-failure') failures.push(r);
    else if (r?.format === 'treewright-receipts') receipts.push(r);
  }
  return { failures, receipts };
}

/** Lines shown above and below the failing line, as Playwright's code frames show them. */
const FRAME_BEFORE = 3;
const FRAME_AFTER = 2;
/** Sources larger than this are not read for a code frame. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/** Reads spec sources once per report; only files under the root directory (attachments may come from merged blobs). */
export class SourceReader {
  private readonly cache = new Map<string, string[] | string>();
  constructor(private readonly rootDir: string) {}

  frame(at: SourceLocation): CodeFrame {
    const rel = path.relative(this.rootDir, at.file);
    const file = rel.split(path.sep).join('/');
    const base = { file, line: at.line, column: at.column };
    if (rel.startsWith('..') || path.isAbsolute(rel)) return { ...base, file: at.file, lines: null, missing: 'outside the test root' };
    const text = this.read(at.file);
    if (typeof text === 'string') return { ...base, lines: null, missing: text };
    if (at.line < 1 || at.line > text.length) return { ...base, lines: null, missing: `the file has ${text.length} lines` };
    const lines: Array<{ line: number; text: string }> = [];
    for (let n = Math.max(1, at.line - FRAME_BEFORE); n <= Math.min(text.length, at.line + FRAME_AFTER); n++) lines.push({ line: n, text: text[n - 1]! });
    return { ...base, lines };
  }

  /** The file's lines, or why it could not be read. */
  private read(file: string): string[] | string {
    let v = this.cache.get(file);
    if (v === undefined) {
      try {
        const st = statSync(file);
        v = !st.isFile() ? 'not a regular file' : st.size > MAX_SOURCE_BYTES ? 'too large to show' : readFileSync(file, 'utf8').split(/\r?\n/);
      } catch (e) {
        v = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file is not on this machine' : `unreadable (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
      }
      this.cache.set(file, v);
    }
    return v;
  }
}

function attemptOf(result: TestResult, sources: SourceReader): ReportAttempt {
  const { failures, receipts } = treewrightAttachments(result);
  const steps = stepsOf(result.steps);
  pairReceipts(steps, receipts.flatMap((r) => r.receipts));
  // A passed attempt's failures were caught on purpose (`.rejects`, try/catch): not failures.
  const shown: ReportFailure[] = result.status === 'passed' ? [] : failures;
  shown.forEach((f, i) => {
    // Reports written before they carried a location: the last one is the error Playwright reports.
    const at = f.location ?? (i === shown.length - 1 ? result.errors[result.errors.length - 1]?.location : undefined);
    if (at) f.frame = sources.frame(at);
  });
  return {
    retry: result.retry,
    status: result.status,
    durationMs: result.duration,
    failures: shown,
    errors: result.errors.map((e) => clean(e.message ?? e.value ?? '')).filter(Boolean),
    steps,
  };
}

function projectOf(test: TestCase): string {
  for (let s: Suite | undefined = test.parent; s; s = s.parent) {
    const p = s.project();
    if (p) return p.name;
  }
  return '';
}

/** The model of a Playwright run, tests sorted by file, line, column, project and title (shard-independent). */
export function modelFromSuite(config: Pick<FullConfig, 'rootDir'>, suite: Suite, title = 'treewright report'): ReportModel {
  const sources = new SourceReader(config.rootDir);
  const tests: ReportTest[] = suite.allTests().map((test) => {
    const file = path.relative(config.rootDir, test.location.file).split(path.sep).join('/');
    const project = projectOf(test);
    // titlePath: '', project, file, …describes, title.
    const title = test.titlePath().slice(3);
    const attempts = test.results.map((r) => attemptOf(r, sources));
    const last = test.results[test.results.length - 1];
    const outcome = test.outcome();
    return {
      key: [file, project, ...title].join('\u0000'),
      project,
      file,
      line: test.location.line,
      column: test.location.column,
      title,
      status: last?.status ?? 'skipped',
      failed: outcome === 'unexpected' || outcome === 'flaky',
      flaky: outcome === 'flaky',
      expectedFailure: test.expectedStatus === 'failed' && outcome === 'expected',
      durationMs: test.results.reduce((t, r) => t + r.duration, 0),
      attempts,
    };
  });
  tests.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  return { title, tests };
}

/** Totals for the summary: tests by outcome, and what treewright found in each test's last attempt. */
export function countModel(model: ReportModel): ReportCounts {
  const c: ReportCounts = { tests: model.tests.length, passed: 0, failed: 0, flaky: 0, skipped: 0, treewrightFailures: 0, a11y: { error: 0, warning: 0, info: 0 }, drift: 0, goldenChanges: 0 };
  for (const t of model.tests) {
    if (t.flaky) c.flaky++;
    else if (t.failed) c.failed++;
    else if (t.status === 'skipped') c.skipped++;
    else c.passed++;
    const last = t.attempts[t.attempts.length - 1];
    for (const f of last?.failures ?? []) {
      c.treewrightFailures++;
      const a = countBySeverity(f.findings.filter((x) => x.check === 'a11y'));
      for (const s of ['error', 'warning', 'info'] as const) c.a11y[s] += a[s];
      c.drift += f.findings.filter((x) => x.check === 'drift').length;
      c.goldenChanges += f.golden?.totalChanges ?? 0;
    }
  }
  return c;
}
