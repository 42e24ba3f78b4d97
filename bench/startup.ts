// Start-up as a user meets it: whole processes, from spawn to exit, each beside the reference it is
// judged against, run in the same rounds in alternating order (subject first in even rounds, reference
// first in odd ones), so whatever else loads the machine loads both sides alike. A figure is judged
// round by round (subject − reference, or subject / reference), then the median over rounds with the
// quartiles beside it; each side's own median and quartiles are printed too.
//
//   CLI start-up          `treewright --version`, `--help`            vs `node -e 0`                 overhead ≤ 100 ms
//   verify one capture    `treewright verify <capture> --checks a11y`  vs the cmp-inspector's own     ratio ≤ 1.5
//                                                                         script (bench/peer-a11y-cli.mjs)
//   core import           `await import('treewright/core')`            vs a module that imports nothing overhead ≤ 150 ms
//   worker import         `import('@playwright/test')` + `import('treewright')`
//                                                                      vs `import('@playwright/test')` overhead ≤ 150 ms
//
// Runs the built package (dist/, what bin/treewright.js and the package exports load): `npm run build` first.
//
//   npx tsx bench/startup.ts
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { peerHowTo, peerLibDir } from './peer-lib.js';
import { median } from './stats.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 15;
/** One real capture (the cmp-inspector harness's own output) with findings, so both sides print some. */
const CAPTURE = 'fixtures/trees/a11y-tree.json';

interface Command { argv: string[]; status: number }
interface Figure {
  name: string;
  subject: Command;
  reference: Command;
  referenceName: string;
  judge: 'overhead' | 'ratio';
  target: number;
}

const node = (...argv: string[]): Command => ({ argv, status: 0 });
const esm = (code: string): Command => node('--input-type=module', '-e', code);
const BIN = path.join(REPO, 'bin/treewright.js');

function figures(peerLib: string | null): Figure[] {
  const out: Figure[] = [
    { name: 'treewright --version', subject: node(BIN, '--version'), reference: node('-e', '0'), referenceName: 'node -e 0', judge: 'overhead', target: 100 },
    { name: 'treewright --help', subject: node(BIN, '--help'), reference: node('-e', '0'), referenceName: 'node -e 0', judge: 'overhead', target: 100 },
  ];
  if (peerLib) {
    out.push({
      name: `treewright verify ${CAPTURE} --checks a11y`,
      subject: { argv: [BIN, 'verify', CAPTURE, '--checks', 'a11y'], status: 1 },
      reference: { argv: [path.join(REPO, 'bench/peer-a11y-cli.mjs'), peerLib, CAPTURE], status: 1 },
      referenceName: 'the cmp-inspector\'s script (node + its a11y module)',
      judge: 'ratio', target: 1.5,
    });
  }
  out.push(
    { name: "import('treewright/core')", subject: esm("await import('treewright/core')"), reference: esm('await 0'), referenceName: 'a module importing nothing', judge: 'overhead', target: 150 },
    {
      name: "import('treewright') in a Playwright worker",
      subject: esm("await import('@playwright/test'); await import('treewright')"),
      reference: esm("await import('@playwright/test')"),
      referenceName: "import('@playwright/test')", judge: 'overhead', target: 150,
    },
  );
  return out;
}

/** Wall milliseconds of one whole process; throws (with its stderr) when it exits otherwise than expected. */
function timeProcess(c: Command): number {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // the children run plain node on dist/, not this benchmark's loader
  const t0 = performance.now();
  const r = spawnSync(process.execPath, c.argv, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== c.status) throw new Error(`node ${c.argv.join(' ')} exited ${r.status ?? r.signal}, expected ${c.status}: ${r.stderr.toString().trim()}`);
  return ms;
}

const quartiles = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))]!;
  return { med: median(s), lo: q(0.25), hi: q(0.75) };
};

export interface StartupFigure { name: string; judge: 'overhead' | 'ratio'; value: number; target: number; ok: boolean }

export async function run(): Promise<StartupFigure[]> {
  if (!existsSync(path.join(REPO, 'dist/runner/cli.js'))) throw new Error('dist/ is missing: run npm run build first');
  const lib = peerLibDir();
  const peerLib = existsSync(path.join(lib, 'a11y.mjs')) && existsSync(path.join(lib, 'tree.mjs')) ? lib : null;
  if (!peerLib) {
    console.log(`peer: not found in ${lib} — the verify figure is skipped.`);
    for (const line of peerHowTo(['a11y.mjs', 'contrast.mjs', 'tree.mjs'])) console.log(line);
  }
  const all = figures(peerLib);
  console.log(`whole processes, wall ms, ${ROUNDS} rounds, each subject beside its reference in alternating order; median [quartiles]`);
  const results: StartupFigure[] = [];
  for (const f of all) {
    timeProcess(f.subject); timeProcess(f.reference); // the file cache, not a measurement
    const subj: number[] = [];
    const ref: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) { subj.push(timeProcess(f.subject)); ref.push(timeProcess(f.reference)); } else { ref.push(timeProcess(f.reference)); subj.push(timeProcess(f.subject)); }
    }
    const per = subj.map((s, k) => (f.judge === 'overhead' ? s - ref[k]! : s / ref[k]!));
    const j = quartiles(per), s = quartiles(subj), rf = quartiles(ref);
    const ok = j.med <= f.target;
    const fmt = (v: number) => (f.judge === 'overhead' ? `${v.toFixed(0)} ms` : `${v.toFixed(2)}×`);
    console.log(`  ${f.name}`);
    console.log(`    ${s.med.toFixed(0)} ms [${s.lo.toFixed(0)}–${s.hi.toFixed(0)}]  vs ${f.referenceName}: ${rf.med.toFixed(0)} ms [${rf.lo.toFixed(0)}–${rf.hi.toFixed(0)}]`);
    console.log(`    ${f.judge} ${fmt(j.med)} [${fmt(j.lo)}–${fmt(j.hi)}]  target ≤ ${fmt(f.target)}: ${ok ? 'ok' : 'MISS'}`);
    results.push({ name: f.name, judge: f.judge, value: j.med, target: f.target, ok });
  }
  const missed = results.filter((r) => !r.ok).length;
  console.log(missed ? `  ${missed} start-up figure(s) over target` : '  every start-up figure within target');
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
