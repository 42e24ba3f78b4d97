// Golden tree diff benchmark: a golden of a synthetic screen (10,000 and 100,000 nodes) against the same
// screen with one row inserted at the top of the feed, and with 1 % of its nodes edited at scattered places
// (text, bounds, toggle / enabled, a few removals and insertions). Timed: the diff alone (both trees in
// golden form) and what a matcher attempt costs (the actual snapshot's golden form + the diff).
// Targets: a 10,000-node attempt under 50 ms; the diff of 100,000 within 12× of 10,000; judged on CPU time
// (wall time is printed too). Run: npx tsx bench/diff.ts
import { pathToFileURL } from 'node:url';
import { diffTrees, summarizeDiff, type TreeDiff } from '../src/analysis/diff.js';
import { makeNode, walk } from '../src/model/node.js';
import { makeSnapshot } from '../src/model/serialize.js';
import type { Node, Snapshot } from '../src/model/schema.js';
import { goldenTreeOf, parseGolden, toGolden, type GoldenNode, type GoldenTree } from '../src/outline/golden.js';
import { syntheticSnapshot } from './synthetic.js';
import { prng } from './prng.js';
import { asRead, median } from './stats.js';

const SIZES = [10_000, 100_000] as const;
const TARGET_MS = 50;
const MAX_RATIO = 12;
const WARMUP = 3;
const RUNS = 15;
const FLOOR_WALKS = 10;

function clone(s: Snapshot): Snapshot {
  return makeSnapshot({ source: s.source, capturedAt: s.capturedAt, roots: structuredClone(s.roots) });
}

function feedOf(s: Snapshot): Node {
  let feed: Node | null = null;
  walk(s, ({ node }) => { if (node.tag === 'feed') feed = node; });
  if (!feed) throw new Error('synthetic screen has no feed');
  return feed;
}

function row(id: string, y: number): Node {
  const b = (x: number, dy: number, w: number, h: number) => ({ x, y: y + dy, width: w, height: h });
  return makeNode(`${id}`, { role: 'ListItem', tag: 'row-new', clickable: true, actions: ['Click'], bounds: b(0, 0, 1080, 189) }, [
    makeNode(`${id}a`, { role: 'Image', contentDescription: 'Avatar', bounds: b(42, 42, 105, 105) }),
    makeNode(`${id}b`, { bounds: b(189, 32, 630, 126) }, [
      makeNode(`${id}c`, { role: 'Text', text: 'new message', bounds: b(189, 32, 630, 63) }),
      makeNode(`${id}d`, { role: 'Text', text: 'just now', bounds: b(189, 95, 630, 52) }),
    ]),
  ]);
}

/** One row inserted at the top of the feed. */
function withInsertion(base: Snapshot): Snapshot {
  const s = clone(base);
  const feed = feedOf(s);
  feed.children.unshift(row('new', feed.bounds.y));
  return s;
}


/** 1 % of the nodes edited, spread over the whole screen. */
function withScatteredEdits(base: Snapshot, fraction = 0.01): { snapshot: Snapshot; edits: number } {
  const s = clone(base);
  const all: Array<{ node: Node; parent: Node | null }> = [];
  walk(s, ({ node, parent }) => { all.push({ node, parent }); });
  const rand = prng(7);
  const edits = Math.round(all.length * fraction);
  const picked = new Set<number>();
  while (picked.size < edits) picked.add(1 + Math.floor(rand() * (all.length - 1)));
  let k = 0;
  for (const i of picked) {
    const { node, parent } = all[i]!;
    const kind = k++ % 20;
    if (kind < 8) {
      if (node.text !== null) node.text += ' (edited)';
      else node.contentDescription = (node.contentDescription ?? '') + ' (edited)';
    } else if (kind < 14) node.bounds = { ...node.bounds, y: node.bounds.y + 7 };
    else if (kind < 17) {
      if (node.toggle) node.toggle = node.toggle === 'on' ? 'off' : 'on';
      else node.enabled = !node.enabled;
    } else if (kind < 19 && parent) {
      const at = parent.children.indexOf(node);
      if (at >= 0) parent.children.splice(at, 1);
    } else if (parent) {
      parent.children.splice(parent.children.indexOf(node) + 1, 0, makeNode(`x${i}`, { role: 'Text', text: `inserted ${i}`, bounds: node.bounds }));
    }
  }
  return { snapshot: s, edits };
}

interface Case {
  id: string;
  name: string;
  golden: GoldenTree;
  actual: Snapshot;
  actualTree: GoldenTree;
  check: (d: TreeDiff) => string | null;
}

function time(f: () => void): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

/** CPU time (user + system, ms) of this process while f runs: on a shared, loaded machine the wall clock
 * also counts the time spent waiting for a core, CPU time does not. */
function cpu(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** A bare walk over both trees the diff reads, touching one field per node: the memory floor of a diff. */
function walkBoth(c: Case): number {
  let sum = 0;
  for (const tree of [c.golden, c.actualTree]) {
    const stack: GoldenNode[] = [];
    for (const r of tree.roots) stack.push(...r.children);
    stack.push(...tree.entries);
    while (stack.length) {
      const e = stack.pop()!;
      sum += e.line;
      const kids = e.children;
      for (let k = 0; k < kids.length; k++) stack.push(kids[k]!);
    }
  }
  return sum;
}

interface Timing {
  diff: number[];
  attempt: number[];
  attemptCpu: number[];
  diffCpu: number[];
  floorCpu: number[];
  result: TreeDiff;
}

/** One timed run of a case: the diff alone, then a matcher attempt (golden form of the capture + diff). */
function runOnce(c: Case, t: Timing): void {
  t.diff.push(time(() => { t.result = diffTrees(c.golden, c.actualTree); }));
  t.attempt.push(time(() => { t.result = diffTrees(c.golden, goldenTreeOf(c.actual)); }));
  t.attemptCpu.push(cpu(() => { t.result = diffTrees(c.golden, goldenTreeOf(c.actual)); }));
  t.diffCpu.push(cpu(() => { t.result = diffTrees(c.golden, c.actualTree); }));
  // Repeated: one walk is too short for a CPU-time reading.
  t.floorCpu.push(cpu(() => { for (let i = 0; i < FLOOR_WALKS; i++) walkBoth(c); }) / FLOOR_WALKS);
}

/** The cases of one size, built fresh (so one size's heap never slows the other's garbage collection). */
function casesOf(n: number): Case[] {
  const base = syntheticSnapshot(n, 1);
  const text = asRead(toGolden(base));
  const golden = parseGolden(text, `synthetic-${n}.tree`);
  const printMs = median(Array.from({ length: 5 }, () => time(() => toGolden(base))));
  const parseMs = median(Array.from({ length: 5 }, () => time(() => parseGolden(text, 'x'))));
  console.log(`  ${n} nodes: golden file ${(text.length / 1024).toFixed(0)} KiB, print ${printMs.toFixed(1)} ms, parse ${parseMs.toFixed(1)} ms`);
  const inserted = withInsertion(base);
  const { snapshot: edited, edits } = withScatteredEdits(base);
  return [
    { id: 'same', name: 'identical', golden, actual: base, actualTree: goldenTreeOf(base), check: (d) => (d.changes.length ? `expected no change, got ${summarizeDiff(d)}` : null) },
    {
      id: 'insert', name: 'one row inserted at the top', golden, actual: inserted, actualTree: goldenTreeOf(inserted),
      check: (d) => (d.changes.length === 1 && d.changes[0]!.kind === 'added' ? null : `expected exactly 1 added, got ${summarizeDiff(d)}`),
    },
    {
      id: 'edits', name: `1 % scattered edits (${edits})`, golden, actual: edited, actualTree: goldenTreeOf(edited),
      check: (d) => (d.changes.length >= edits * 0.8 && d.changes.length <= edits * 1.2 ? null : `expected about ${edits} changes, got ${summarizeDiff(d)}`),
    },
  ];
}

export async function run(): Promise<void> {
  console.log(`golden diff: median of ${RUNS} runs after ${WARMUP} warm-up; "diff" = both trees in golden form, "attempt" = what one matcher retry costs (the capture's golden form + the diff)`);
  const rows: Array<{ n: number; id: string; name: string; diff: number; attempt: number; cpu: number; diffCpu: number; floorCpu: number }> = [];
  for (const n of SIZES) {
    const cases = casesOf(n);
    const timings = cases.map((): Timing => ({ diff: [], attempt: [], attemptCpu: [], diffCpu: [], floorCpu: [], result: { changes: [] } }));
    for (let i = 0; i < WARMUP; i++) cases.forEach((c, k) => runOnce(c, timings[k]!));
    cases.forEach((c, k) => {
      const bad = c.check(timings[k]!.result);
      if (bad) throw new Error(`${c.name}: ${bad}`);
      timings[k] = { diff: [], attempt: [], attemptCpu: [], diffCpu: [], floorCpu: [], result: timings[k]!.result };
    });
    // Cases interleaved, so load from other processes falls on each alike.
    for (let i = 0; i < RUNS; i++) cases.forEach((c, k) => runOnce(c, timings[k]!));
    cases.forEach((c, k) => {
      const r = { n, id: c.id, name: c.name, diff: median(timings[k]!.diff), attempt: median(timings[k]!.attempt), cpu: median(timings[k]!.attemptCpu), diffCpu: median(timings[k]!.diffCpu), floorCpu: median(timings[k]!.floorCpu) };
      rows.push(r);
      console.log(`    ${c.name.padEnd(34)} diff ${r.diff.toFixed(2).padStart(7)} ms (CPU ${r.diffCpu.toFixed(2).padStart(7)})   attempt ${r.attempt.toFixed(2).padStart(7)} ms (CPU ${r.cpu.toFixed(2).padStart(7)})   ${summarizeDiff(timings[k]!.result)}`);
    });
  }
  let failed = false;
  for (const id of new Set(rows.map((r) => r.id))) {
    const [small, big] = SIZES.map((n) => rows.find((r) => r.n === n && r.id === id)!);
    // Judged on CPU time (the wall clock on a shared machine also counts waiting for a core): a whole
    // matcher attempt at 10k under the target, and the diff engine's 100k/10k ratio. The attempt's ratio
    // is printed too; building a 100k-node golden form is allocation-bound (its nodes outlive V8's young
    // generation, so garbage collection copies them), which the diff itself is not.
    const ratio = big!.diffCpu / small!.diffCpu;
    const ok = small!.cpu < TARGET_MS && ratio <= MAX_RATIO;
    failed ||= !ok;
    console.log(`  ${small!.name.replace(/ \(.*/, '')}: 10k attempt ${small!.cpu.toFixed(1)} ms CPU (target < ${TARGET_MS}); diff 100k/10k ratio ${ratio.toFixed(2)} (≤ ${MAX_RATIO}) ${ok ? 'ok' : 'FAIL'}; attempt ratio ${(big!.cpu / small!.cpu).toFixed(2)}; ` +
      `memory floor (a bare walk over both trees) ${(big!.floorCpu / small!.floorCpu).toFixed(2)}`);
  }
  if (failed) {
    console.log('golden diff: FAIL');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
