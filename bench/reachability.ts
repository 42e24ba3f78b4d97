// Reachability benchmark: the whole analysis (index build + every node's hittable / obscuredBy /
// operable / tap) on synthetic screens of 5,000 and 50,000 nodes. Linear-ish means the 50k/5k ratio
// stays ≤ 12 (10 would be exactly linear). Run: npx tsx bench/reachability.ts
import { pathToFileURL } from 'node:url';
import { analyzeReachability } from '../src/analysis/reachability.js';
import { walk } from '../src/model/node.js';
import type { Node, Snapshot } from '../src/model/schema.js';
import { syntheticSnapshot, type SyntheticOptions } from './synthetic.js';

const SIZES = [5_000, 50_000] as const;
const MAX_RATIO = 12;
const WARMUP = 3;
const RUNS = 15;

function nodesOf(s: Snapshot): Node[] {
  const out: Node[] = [];
  walk(s, ({ node }) => { out.push(node); });
  return out;
}

/** One full analysis. A shallow copy is a new WeakMap key, so the memo never short-circuits a run. */
function analyseOnce(s: Snapshot, nodes: Node[]): number {
  const t0 = performance.now();
  const reach = analyzeReachability({ ...s });
  let hittable = 0;
  for (const n of nodes) if (reach.get(n).hittable) hittable++;
  const ms = performance.now() - t0;
  if (hittable === 0) throw new Error('benchmark screen has no hittable node: the generator is broken');
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/**
 * Medians for several snapshots, their runs interleaved (a b a b …) so that load from other processes
 * on a shared machine falls on every size alike instead of skewing the ratio.
 */
function measure(snapshots: Snapshot[]): number[] {
  const nodes = snapshots.map(nodesOf);
  for (let i = 0; i < WARMUP; i++) snapshots.forEach((s, k) => analyseOnce(s, nodes[k]!));
  const times: number[][] = snapshots.map(() => []);
  for (let i = 0; i < RUNS; i++) snapshots.forEach((s, k) => times[k]!.push(analyseOnce(s, nodes[k]!)));
  return times.map(median);
}

const SCENARIOS: Array<{ name: string; opts: SyntheticOptions }> = [
  { name: 'phone viewport + popup (rows below the fold scrolled out)', opts: { overlay: 'popup' } },
  { name: 'full page + popup (every node on screen, hit-tested)', opts: { overlay: 'popup', fullPage: true } },
  { name: 'full page + touch-modal dialog', opts: { overlay: 'dialog', fullPage: true } },
];

export async function run(): Promise<void> {
  console.log(`reachability: median of ${RUNS} runs after ${WARMUP} warm-up, whole snapshot (index + every node)`);
  let worst = 0;
  for (const { name, opts } of SCENARIOS) {
    const ms = measure(SIZES.map((n) => syntheticSnapshot(n, 1, opts)));
    const ratio = ms[1]! / ms[0]!;
    worst = Math.max(worst, ratio);
    console.log(`  ${name}`);
    SIZES.forEach((n, i) => console.log(`    ${String(n).padStart(6)} nodes: ${ms[i]!.toFixed(2).padStart(8)} ms  (${((ms[i]! * 1000) / n).toFixed(2)} µs/node)`));
    console.log(`    50k/5k ratio: ${ratio.toFixed(2)} ${ratio <= MAX_RATIO ? '(ok, ≤ ' + MAX_RATIO + ')' : '(OVER ' + MAX_RATIO + ': not linear)'}`);
  }
  if (worst > MAX_RATIO) {
    console.log(`reachability: FAIL, worst 50k/5k ratio ${worst.toFixed(2)} > ${MAX_RATIO}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
