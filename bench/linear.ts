// npm run bench -- linear: the parsers #15 found quadratic, timed at n, 10n and 100n, printed as
// ratios (linear: ~10× per step; quadratic: ~100×). Cold: each input is made fresh and parsed once per sample.
import { LINEAR_CASES } from './linear-cases.js';
import { median } from './stats.js';

export async function run(): Promise<void> {
  console.log('case                                                   n=1k ms   10k ms   100k ms   10k/1k   100k/10k');
  for (const c of LINEAR_CASES) {
    const ms: number[] = [];
    for (const n of [1_000, 10_000, 100_000]) {
      const samples: number[] = [];
      for (let k = 0; k < (n === 100_000 ? 3 : 5); k++) {
        const input = c.make(n);
        const t0 = performance.now();
        if (c.run(input) !== n) throw new Error(`${c.name}: lost items at n=${n}`);
        samples.push(performance.now() - t0);
      }
      ms.push(median(samples));
    }
    const [a, b, d] = ms as [number, number, number];
    console.log(`${c.name.padEnd(54)} ${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(8)} ${d.toFixed(1).padStart(9)} ${(b / a).toFixed(1).padStart(8)}× ${(d / b).toFixed(1).padStart(9)}×`);
  }
  console.log('linear: about 10× per 10× size (≤ 20× allowed for noise); the quadratic parsers were ~100× (30 s, 43 s, 42 s at 100k).');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
