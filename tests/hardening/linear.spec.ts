// Item 6 of #15: linear parsing of uiautomator attributes, outline lines and goldens. Each case runs
// at 10× and 100× (1,000 → 10,000 → 100,000) and must complete; the quadratic versions took 30 s,
// 43 s and 42 s at the largest size. Timing ratios are printed by `npm run bench -- linear`.
import { test, expect } from '@playwright/test';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LINEAR_CASES } from '../../bench/linear-cases.js';

for (const c of LINEAR_CASES) {
  test(`linear: ${c.name} at 10× and 100×`, () => {
    test.setTimeout(60_000);
    const t0 = Date.now();
    for (const n of [1_000, 10_000, 100_000]) expect(c.run(c.make(n)), `${c.name} at ${n}`).toBe(n);
    expect(Date.now() - t0).toBeLessThan(30_000); // generous: the quadratic code took 30–43 s for the 100× case alone
  });
}

test('verify with a crafted golden (one line of 100,000 flags) finishes and reports it', async () => {
  test.setTimeout(60_000);
  const { runVerify } = await import('../../runner/verify/index.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-golden-'));
  writeFileSync(path.join(dir, 'a.xml'), '<hierarchy rotation="0"><node class="android.widget.Button" clickable="true" bounds="[0,0][100,100]"/></hierarchy>');
  mkdirSync(path.join(dir, 'golden'));
  const flags = Array.from({ length: 100_000 }, (_, i) => `f${i}`).join(' ');
  writeFileSync(path.join(dir, 'golden', 'a.xml.tree'), `# treewright golden v1\nroot window-0 unit=px density=1\n- Button bounds=0,0,100,100 [${flags}]\n`);
  const out: string[] = [];
  const t0 = Date.now();
  const sink = { write: (s: string) => { out.push(s); return true; } };
  const code = await runVerify(['a.xml', '--golden', 'golden', '--checks', 'golden', '--out-dir', path.join(dir, 'report')], { cwd: dir, stdout: sink, stderr: sink, env: {} } as never);
  expect(Date.now() - t0).toBeLessThan(30_000);
  expect(code).toBe(1);
  expect(out.join('')).toMatch(/unknown flag|f0/);
});
