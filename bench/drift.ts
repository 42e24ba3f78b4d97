// Token-drift benchmark: checkDrift over synthetic screens of 10,000 and 100,000 nodes whose nodes
// carry design tokens the way a create-cmp app reports them (cards, rows, text styles, buttons), with
// ~1 % planted drift and a few misspelt tokens. Linear means the 100k/10k ratio stays ≤ 12 (10 would be
// exactly linear). Run: npx tsx bench/drift.ts
import { pathToFileURL } from 'node:url';
import { checkDrift } from '../src/analysis/drift.js';
import type { Snapshot } from '../src/model/schema.js';
import { CATALOG, decorate } from './tokens.js';
import { syntheticSnapshot } from './synthetic.js';
import { median } from './stats.js';
import { afterImport } from './after-import.js';
import { cpuMs } from './timing.js';

const SIZES = [10_000, 100_000] as const;
const MAX_RATIO = 12;
const WARMUP = 3;
const RUNS = 9;

/** One check, timed in CPU ms (timing.ts: the work done, not the wait for a core); includes indexing the catalog, as a single check would. */
function once(s: Snapshot): { ms: number; findings: number } {
  const t0 = cpuMs();
  const findings = checkDrift(s, CATALOG).length;
  return { ms: cpuMs() - t0, findings };
}

export async function run(): Promise<void> {
  console.log(`drift: checkDrift, CPU ms, median of ${RUNS} rounds after warm-up (synthetic full-page screens, tokens on cards, rows, text and buttons)`);
  const screens = SIZES.map((n) => {
    const s = syntheticSnapshot(n, 1, { fullPage: true, realistic: true });
    return { n, s, tokenized: decorate(s) };
  });
  // Warm up until the JIT has settled, so the small screen is not timed in the interpreter.
  for (const { s } of screens) {
    const until = performance.now() + 300;
    for (let i = 0; i < WARMUP || performance.now() < until; i++) once(s);
  }
  // Rounds alternate the sizes, so a busy machine slows both alike rather than skewing the ratio.
  const times = screens.map(() => [] as number[]);
  const findings = screens.map(() => 0);
  for (let round = 0; round < RUNS; round++) {
    screens.forEach(({ s }, i) => {
      const r = once(s);
      times[i]!.push(r.ms);
      findings[i] = r.findings;
    });
  }
  const ms = times.map(median);
  screens.forEach(({ n, tokenized }, i) => {
    if (findings[i] === 0) throw new Error('benchmark screen has no drift: the decoration is broken');
    console.log(`  ${String(n).padStart(7)} nodes (${tokenized} tokenized, ${findings[i]} findings): ${ms[i]!.toFixed(2).padStart(8)} ms  (${((ms[i]! * 1000) / n).toFixed(2)} µs/node)`);
  });
  const ratio = ms[1]! / ms[0]!;
  console.log(`  100k/10k ratio: ${ratio.toFixed(2)} ${ratio <= MAX_RATIO ? `(ok, ≤ ${MAX_RATIO})` : `(OVER ${MAX_RATIO}: not linear)`}`);
  if (ratio > MAX_RATIO) process.exitCode = 1;
  await afterImport({
    name: 'checkDrift', ours: (s) => checkDrift(s, CATALOG),
    peer: { file: 'drift.mjs', name: 'diffAgainstDesignSystem', call: (f: (t: unknown, c: unknown) => unknown, t) => f(t, CATALOG) },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
