// Item 6 of #15: linear parsing of uiautomator attributes, outline lines and goldens. Each case must
// read back everything at 1,000, 10,000 and 100,000 items, and grow linearly: its time at 100,000 is
// compared with its time at 10,000 in the same process (the quadratic versions grew ~100× per 10×, and
// took 30–43 s at 100,000). Timing ratios are printed by `npm run bench -- linear`.
import { test, expect } from '@playwright/test';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LINEAR_CASES } from '../../bench/linear-cases.js';

/**
 * How much more work `run(big)` is than `run(small)`: this process's CPU time, not the wall clock, so
 * time spent waiting for a core that other processes hold does not count; the least of a few
 * alternating tries of each, so a collection that lands in one try does not either. Linear code grows
 * about as the size does (10×); quadratic code as its square (100×). The bound is set between.
 */
async function growth(run: (size: number) => unknown | Promise<unknown>, small: number, big: number, tries = 3): Promise<number> {
  const best = { small: Infinity, big: Infinity };
  const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  for (let k = 0; k < tries; k++) {
    for (const which of ['small', 'big'] as const) {
      const t0 = cpuMs();
      await run(which === 'small' ? small : big);
      best[which] = Math.min(best[which], cpuMs() - t0);
    }
  }
  return best.big / Math.max(best.small, 0.05);
}
const LINEAR_BOUND = 40; // per 10×: linear ~10, quadratic ~100

for (const c of LINEAR_CASES) {
  test(`linear: ${c.name} at 10× and 100×`, async () => {
    for (const n of [1_000, 10_000, 100_000]) expect(c.run(c.make(n)), `${c.name} at ${n}`).toBe(n);
    const inputs = new Map([10_000, 100_000].map((n) => [n, c.make(n)]));
    expect(await growth((n) => c.run(inputs.get(n)!), 10_000, 100_000)).toBeLessThan(LINEAR_BOUND);
  });
}

test('verify with a crafted golden (one line of 100,000 flags) finishes, reports it, and grows linearly', async () => {
  const { runVerify } = await import('../../runner/verify/index.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-golden-'));
  writeFileSync(path.join(dir, 'a.xml'), '<hierarchy rotation="0"><node class="android.widget.Button" clickable="true" bounds="[0,0][100,100]"/></hierarchy>');
  mkdirSync(path.join(dir, 'golden'));
  const verify = async (n: number) => {
    const flags = Array.from({ length: n }, (_, i) => `f${i}`).join(' ');
    writeFileSync(path.join(dir, 'golden', 'a.xml.tree'), `# treewright golden v1\nroot window-0 unit=px density=1\n- Button bounds=0,0,100,100 [${flags}]\n`);
    const out: string[] = [];
    const sink = { write: (s: string) => { out.push(s); return true; } };
    const code = await runVerify(['a.xml', '--golden', 'golden', '--checks', 'golden', '--out-dir', path.join(dir, 'report')], { cwd: dir, stdout: sink, stderr: sink, env: {} } as never);
    return { code, out: out.join('') };
  };
  const r = await verify(100_000);
  expect(r.code).toBe(1);
  expect(r.out).toMatch(/unknown flag|f0/);
  expect(await growth(verify, 10_000, 100_000, 2)).toBeLessThan(LINEAR_BOUND);
});
