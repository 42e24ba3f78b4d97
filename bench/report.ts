// Reporter benchmark: (1) the treewright report of a run of 200 tests, 50 of them failing with treewright
// failures (obscured buttons, a11y audits, golden diffs, text mismatches on 400-node screens, each test
// with five action steps and receipts), from the attachment bodies to index.html on disk — the work
// the reporter's onEnd does; target under 2 s. (2) SVG wireframes of 1,000- and 10,000-node screens,
// every node drawn (full-page screens) with a findings overlay; target 10,000 under 200 ms.
// Run: npx tsx bench/report.ts
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Suite, TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import type { Node, Snapshot } from '../src/model/schema.js';
import { walk } from '../src/model/node.js';
import { audit } from '../src/analysis/a11y.js';
import { analyzeReachability } from '../src/facts/reachability.js';
import { diffTrees } from '../src/analysis/diff.js';
import { formatGolden, goldenTreeOf, parseGolden } from '../src/outline/golden.js';
import { buildFailureReport, REPORT_CONTENT_TYPE, type FailureReport } from '../src/render/failure-report.js';
import { goldenReport } from '../src/render/golden-report.js';
import { renderWireframe } from '../src/render/wireframe.js';
import { modelFromSuite } from '../runner/reporter/model.js';
import { writeReport } from '../runner/reporter/write.js';
import { syntheticSnapshot } from './synthetic.js';
import { median } from './stats.js';

const TESTS = 200;
const FAILING = 50;
const SCREEN_NODES = 400;
const REPORT_TARGET_MS = 2000;
const WIREFRAME_SIZES = [1_000, 10_000] as const;
const WIREFRAME_TARGET_MS = 200;
const WARMUP = 3;
const RUNS = 7;

function nodesOf(s: Snapshot): Node[] {
  const out: Node[] = [];
  walk(s, ({ node }) => { out.push(node); });
  return out;
}

/** One failure of each kind in turn, as the matchers would attach it. */
function failure(i: number): FailureReport {
  const s = syntheticSnapshot(SCREEN_NODES, 100 + i);
  const nodes = nodesOf(s);
  const reach = analyzeReachability(s);
  switch (i % 4) {
    case 0: {
      const obscured = nodes.find((n) => reach.get(n).obscuredBy) ?? nodes[5]!;
      return buildFailureReport({ matcher: 'toBeHittable', target: 'locator', locator: `byId('${obscured.id}')`, expected: 'hittable', received: 'not hittable (obscured)', snapshot: s, nodes: [obscured], node: obscured, obscuredBy: reach.get(obscured).obscuredBy, view: 'screen' });
    }
    case 1:
      return buildFailureReport({ matcher: 'toPassA11y', target: 'device', locator: 'synthetic', expected: 'no findings', received: 'findings', snapshot: s, findings: audit(s) });
    case 2: {
      const actual = goldenTreeOf(s);
      const actualText = formatGolden(actual);
      const expectedText = actualText.replace(/"Item (\d)"/g, '"Row $1"');
      const golden = goldenReport({ name: 'screen.tree', path: 'golden/screen.tree' }, diffTrees(parseGolden(expectedText), actual), expectedText, actual, actualText);
      return buildFailureReport({ matcher: 'toMatchGoldenTree', target: 'device', locator: 'synthetic', expected: 'the golden', received: `${golden.totalChanges} changes`, golden });
    }
    default: {
      const n = nodes.find((x) => x.text) ?? nodes[3]!;
      return buildFailureReport({ matcher: 'toHaveText', target: 'locator', locator: `byId('${n.id}')`, expected: '"x"', received: JSON.stringify(n.text), snapshot: s, nodes: [n] });
    }
  }
}

function step(title: string, children: TestStep[] = []): TestStep {
  return { title, category: 'test.step', duration: 12, startTime: new Date(0), steps: children, attachments: [], annotations: [], titlePath: () => [title] } as unknown as TestStep;
}

/** The suite Playwright would hand the reporter: 200 tests over 20 files, the failing ones with their attachments. */
function fakeSuite(failures: readonly FailureReport[]): Suite {
  const project = { name: 'unit' };
  const tests: TestCase[] = [];
  for (let i = 0; i < TESTS; i++) {
    const calls = Array.from({ length: 5 }, (_, k) => `byTag('field_${k}').fill('value ${i}')`);
    const receipts = calls.map((call, k) => ({ call, locator: `byTag('field_${k}')`, action: 'fill', node: `TextField #${k} tag=field_${k}`, nodeId: String(k), via: 'semantic', before: String(i * 10 + k), after: String(i * 10 + k + 1), changed: true }));
    const attachments: TestResult['attachments'] = [{ name: 'treewright-receipts', contentType: REPORT_CONTENT_TYPE, body: Buffer.from(JSON.stringify({ format: 'treewright-receipts', version: 1, device: 'reference', receipts })) }];
    const failed = i % (TESTS / FAILING) === 0;
    if (failed) attachments.push({ name: 'treewright-x', contentType: REPORT_CONTENT_TYPE, body: Buffer.from(JSON.stringify(failures[(i / (TESTS / FAILING)) % failures.length])) });
    const result = {
      status: failed ? 'failed' : 'passed', duration: 100, retry: 0, attachments, errors: failed ? [{ message: 'expect failed' }] : [],
      steps: calls.map((c) => step(c)), startTime: new Date(0), annotations: [], stdout: [], stderr: [], parallelIndex: 0, workerIndex: 0,
    } as unknown as TestResult;
    const file = `/repo/tests/area-${i % 20}.spec.ts`;
    tests.push({
      title: `test ${i}`, results: [result], location: { file, line: i + 1, column: 1 },
      titlePath: () => ['', 'unit', `area-${i % 20}.spec.ts`, `test ${i}`],
      outcome: () => (failed ? 'unexpected' : 'expected'),
      parent: { project: () => project, parent: undefined },
    } as unknown as TestCase);
  }
  return { allTests: () => tests } as unknown as Suite;
}

async function reportBench(): Promise<void> {
  const failures = Array.from({ length: FAILING }, (_, i) => failure(i));
  const suite = fakeSuite(failures);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-bench-report-'));
  try {
    const once = async () => {
      const t0 = performance.now();
      const file = await writeReport(modelFromSuite({ rootDir: '/repo' }, suite), dir);
      return { ms: performance.now() - t0, file };
    };
    for (let i = 0; i < 2; i++) await once();
    const times: number[] = [];
    let file = '';
    for (let i = 0; i < 5; i++) ({ ms: times[i]!, file } = await once());
    const ms = median(times);
    const size = (await stat(file)).size;
    console.log(`report: ${TESTS} tests, ${FAILING} treewright failures on ${SCREEN_NODES}-node screens, 5 steps with receipts each — attachments → index.html, median of 5`);
    console.log(`  ${ms.toFixed(1).padStart(8)} ms  (${(size / 1024 / 1024).toFixed(2)} MiB page)  ${ms < REPORT_TARGET_MS ? `ok, < ${REPORT_TARGET_MS} ms` : `OVER the ${REPORT_TARGET_MS} ms target`}`);
    if (ms >= REPORT_TARGET_MS) process.exitCode = 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function wireframeBench(): void {
  console.log(`wireframe: renderWireframe of full-page screens (every node drawn) with an a11y overlay, median of ${RUNS} after warm-up`);
  for (const n of WIREFRAME_SIZES) {
    const s = syntheticSnapshot(n, 1, { fullPage: true });
    const findings = audit(s);
    const once = () => {
      const t0 = performance.now();
      const svg = renderWireframe(s, { findings });
      return { ms: performance.now() - t0, bytes: svg.length };
    };
    for (let i = 0; i < WARMUP; i++) once();
    const runs = Array.from({ length: RUNS }, once);
    const ms = median(runs.map((r) => r.ms));
    const flag = n === 10_000 ? (ms < WIREFRAME_TARGET_MS ? `  ok, < ${WIREFRAME_TARGET_MS} ms` : `  OVER the ${WIREFRAME_TARGET_MS} ms target`) : '';
    console.log(`  ${String(n).padStart(7)} nodes (${findings.length} findings): ${ms.toFixed(2).padStart(8)} ms  (${(runs[0]!.bytes / 1024).toFixed(0)} KiB)${flag}`);
    if (n === 10_000 && ms >= WIREFRAME_TARGET_MS) process.exitCode = 1;
  }
}

export async function run(): Promise<void> {
  await reportBench();
  wireframeBench();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
