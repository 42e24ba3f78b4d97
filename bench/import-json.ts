// JSON import throughput: cmp-inspector tree v1 and treewright's own snapshot JSON, on synthetic
// screens of 5,000 and 50,000 nodes and on the cmp corpus trees. Run: npx tsx bench/import-json.ts
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { importTree } from '../src/formats/index.js';
import { exportCmpV1 } from '../src/formats/cmp.js';
import { snapshotToJson } from '../src/model/serialize.js';
import { syntheticSnapshot } from './synthetic.js';
import { asRead, median } from './stats.js';

const SIZES = [5_000, 50_000] as const;

function throughput(text: string, runs: number): { ms: number; mbps: number } {
  for (let i = 0; i < 2; i++) importTree(text);
  const times = Array.from({ length: runs }, () => {
    const t0 = performance.now();
    importTree(text);
    return performance.now() - t0;
  });
  const ms = median(times);
  return { ms, mbps: Buffer.byteLength(text) / 1e6 / (ms / 1000) };
}

export async function run(): Promise<void> {
  console.log('JSON import: median of the runs after 2 warm-up');
  for (const [label, make] of [
    // Compact at both sizes (the exporters go compact past 20,000 nodes anyway), so the ratio compares like with like.
    ['cmp tree v1', (n: number) => asRead(exportCmpV1(syntheticSnapshot(n, 1), { roots: 'all', indent: 0 }))],
    ['treewright snapshot', (n: number) => asRead(snapshotToJson(syntheticSnapshot(n, 1), 0))],
  ] as const) {
    const res = SIZES.map((n) => { const text = make(n); return { n, bytes: text.length, ...throughput(text, n > 10_000 ? 7 : 21) }; });
    for (const r of res) console.log(`  ${label.padEnd(20)} ${r.n.toLocaleString().padStart(7)} nodes ${(r.bytes / 1e6).toFixed(2).padStart(6)} MB  ${r.ms.toFixed(1).padStart(8)} ms  ${r.mbps.toFixed(1).padStart(6)} MB/s`);
    console.log(`  ${label.padEnd(20)} 50k/5k time ratio ${(res[1]!.ms / res[0]!.ms).toFixed(1)}× (linear = 10×, limit 12×)`);
  }
  for (const f of ['fixtures/trees/home.json', 'fixtures/trees/a11y-tree.json']) {
    const r = throughput(readFileSync(f, 'utf8'), 201);
    console.log(`  ${f.padEnd(34)} ${(r.ms * 1000).toFixed(0).padStart(6)} µs  ${r.mbps.toFixed(1)} MB/s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
