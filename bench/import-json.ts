// JSON import throughput: cmp-inspector tree v1 and treewright's own snapshot JSON, on synthetic
// screens of 5,000 and 50,000 nodes, on held-out cmp trees (held-out.ts: a generator apart from
// synthetic.ts) and on the cmp corpus trees. Run: npx tsx bench/import-json.ts
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { importTree } from '../src/formats/index.js';
import { exportCmpV1 } from '../src/formats/cmp.js';
import { snapshotToJson } from '../src/model/serialize.js';
import { syntheticSnapshot } from './synthetic.js';
import { heldOutCmp } from './held-out.js';
import { asRead, mbps, median } from './stats.js';
import { roundRatio, timeRounds } from './timing.js';

const SIZES = [5_000, 50_000] as const;
const ROUNDS = 9;


export async function run(): Promise<void> {
  console.log(`JSON import: CPU ms per call, medians of ${ROUNDS} rounds that time both sizes back to back; the 50k/5k ratio is judged round by round`);
  for (const [label, make] of [
    // Compact at both sizes (the exporters go compact past 20,000 nodes anyway), so the ratio compares like with like.
    ['cmp tree v1', (n: number) => asRead(exportCmpV1(syntheticSnapshot(n, 1), { roots: 'all', indent: 0 }))],
    ['treewright snapshot', (n: number) => asRead(snapshotToJson(syntheticSnapshot(n, 1), 0))],
  ] as const) {
    const texts = SIZES.map((n) => make(n));
    const rounds = timeRounds(texts.map((input) => ({ f: (t: string) => importTree(t).roots.length, input })), ROUNDS);
    SIZES.forEach((n, k) => {
      const ms = median(rounds[k]!);
      console.log(`  ${label.padEnd(20)} ${n.toLocaleString().padStart(7)} nodes ${(texts[k]!.length / 1e6).toFixed(2).padStart(6)} MB  ${ms.toFixed(1).padStart(8)} ms  ${mbps(Buffer.byteLength(texts[k]!), ms).toFixed(1).padStart(6)} MB/s`);
    });
    const r = roundRatio(rounds[1]!, rounds[0]!);
    console.log(`  ${label.padEnd(20)} 50k/5k time ratio ${r.ratio.toFixed(1)}× [${r.lo.toFixed(1)}–${r.hi.toFixed(1)}] (linear = 10×, limit 12×): ${r.ratio <= 12 ? 'ok' : 'OVER'}`);
  }
  // Held-out trees, beside JSON.parse of the same text (what reading it can at best cost).
  for (const seed of [7, 8]) {
    const text = asRead(heldOutCmp(10_000, seed));
    const [imp, parse] = timeRounds<string>([{ f: (t) => importTree(t).roots.length, input: text }, { f: (t) => JSON.parse(t) as unknown, input: text }], ROUNDS).map(median);
    console.log(`  held-out cmp seed ${seed}  10,000 nodes ${(text.length / 1e6).toFixed(2).padStart(6)} MB  ${imp!.toFixed(1).padStart(8)} ms  (JSON.parse alone ${parse!.toFixed(1)} ms, ${(imp! / parse!).toFixed(1)}×)`);
  }
  // The corpus trees in wall time: a call of tens of µs is shorter than the collector's background work
  // an earlier benchmark's garbage leaves, which CPU time (every thread) would charge to it.
  for (const f of ['fixtures/trees/home.json', 'fixtures/trees/a11y-tree.json']) {
    const text = readFileSync(f, 'utf8');
    for (let i = 0; i < 20; i++) importTree(text);
    const ms = median(Array.from({ length: 201 }, () => { const t0 = performance.now(); importTree(text); return performance.now() - t0; }));
    console.log(`  ${f.padEnd(34)} ${(ms * 1000).toFixed(0).padStart(6)} µs  ${mbps(Buffer.byteLength(text), ms).toFixed(1)} MB/s  (wall)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
