// `treewright verify` throughput: 1,000 captured trees (cmp-inspector JSON and uiautomator XML, real
// fixtures and synthetic screens) through the whole lane — read, import, a11y, drift and golden —
// with goldens written first. Target: at least 100 trees per second. Run: npx tsx bench/verify.ts
import { cp, mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runVerify } from '../runner/verify/index.js';
import { exportCmpV1 } from '../src/formats/cmp.js';
import { syntheticSnapshot } from './synthetic.js';

const TREES = 1000;

function quietIo(cwd: string) {
  const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
  return { stdout: sink, stderr: sink, cwd, env: { CI: '1' } };
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-verify-bench-'));
  try {
    await mkdir(path.join(dir, 'captures'));
    const real = [
      ...['home.json', 'a11y-tree.json'].map((f) => path.resolve('fixtures/trees', f)),
      ...(await readdir('fixtures/uiautomator')).filter((f) => f.endsWith('.xml')).map((f) => path.resolve('fixtures/uiautomator', f)),
    ];
    // Half real captures (copied), half synthetic screens of 200–400 nodes.
    for (let i = 0; i < TREES; i++) {
      const out = path.join(dir, 'captures', `tree-${String(i).padStart(4, '0')}`);
      if (i % 2 === 0) {
        const src = real[(i / 2) % real.length]!;
        await cp(src, out + path.extname(src));
      } else {
        await writeFile(out + '.json', exportCmpV1(syntheticSnapshot(200 + (i % 5) * 50, i), { roots: 'all' }));
      }
    }
    await cp('fixtures/design-system.json', path.join(dir, 'design-system.json'));
    const args = ['captures/*', '--catalog', 'design-system.json', '--golden', 'golden', '--reporter', 'json', '--out-dir', 'out'];
    await runVerify([...args, '--update'], quietIo(dir)); // write the goldens
    const t0 = performance.now();
    const code = await runVerify(args, quietIo(dir));
    const s = (performance.now() - t0) / 1000;
    console.log(`verify: ${TREES} trees (a11y + drift + golden, json reporter) in ${s.toFixed(2)} s = ${Math.round(TREES / s)} trees/s (target ≥ 100), exit ${code}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
