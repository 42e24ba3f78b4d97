// Start-up as a user meets it: whole processes, from spawn to exit, each beside the reference it is
// judged against, run in the same rounds in alternating order (subject first in even rounds, reference
// first in odd ones), so whatever else loads the machine loads both sides alike. Each process is timed
// twice: its CPU time (user + system, all its threads, from the kernel's account of reaped children)
// and its wall time. A figure is judged on CPU time, round by round (subject − reference, or subject /
// reference), then the median over rounds with the quartiles beside it: on a shared machine wall time
// is mostly the wait for a core, which the same process does not spend on an idle one. Wall time is
// printed beside it, judged the same way, as a user with the machine to themselves would feel it.
//
//   CLI start-up          `treewright --version`, `--help`            vs `node -e 0`                 overhead ≤ 100 ms
//   verify one capture    `treewright verify <capture> --checks a11y`  vs the cmp-inspector's own     ratio ≤ 1.5
//                                                                         script (bench/peer-a11y-cli.mjs)
//   core import           `await import('treewright/core')`            vs a module importing nothing overhead ≤ 150 ms
//   worker import         `import('@playwright/test')` + `import('treewright')`
//                                                                      vs `import('@playwright/test')` overhead ≤ 150 ms
//
// Runs the built package (dist/, what bin/treewright.js and the package exports load): `npm run build` first.
//
//   npx tsx bench/startup.ts
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { peerHowTo, peerLibDir } from './peer-lib.js';
import { median } from './stats.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 15);
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

/**
 * CPU milliseconds this process's reaped children have used (Linux: /proc/self/stat's cutime + cstime,
 * in clock ticks of 10 ms), or null where the kernel does not say.
 */
function childrenCpuMs(): number | null {
  try {
    // The fields after the command name (which may hold spaces, inside parentheses): cutime and cstime are the 14th and 15th.
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return null;
  }
}

interface Sample { cpu: number | null; wall: number }

/** One whole process: its CPU and wall milliseconds; throws (with its stderr) when it exits otherwise than expected. */
function timeProcess(c: Command): Sample {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // the children run plain node on dist/, not this benchmark's loader
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, c.argv, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = performance.now() - t0;
  const c1 = childrenCpuMs();
  if (r.status !== c.status) throw new Error(`node ${c.argv.join(' ')} exited ${r.status ?? r.signal}, expected ${c.status}: ${r.stderr.toString().trim()}`);
  return { cpu: c0 === null || c1 === null ? null : c1 - c0, wall };
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
  const byCpu = childrenCpuMs() !== null;
  console.log(`whole processes, ${ROUNDS} rounds, each subject beside its reference in alternating order; median [quartiles] of the per-round figures;`);
  console.log(byCpu ? '  judged on CPU ms (user + system), wall ms beside' : '  judged on wall ms (this system does not report children\'s CPU time)');
  const results: StartupFigure[] = [];
  for (const f of all) {
    timeProcess(f.subject); timeProcess(f.reference); // the file cache, not a measurement
    const subj: Sample[] = [];
    const ref: Sample[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) { subj.push(timeProcess(f.subject)); ref.push(timeProcess(f.reference)); } else { ref.push(timeProcess(f.reference)); subj.push(timeProcess(f.subject)); }
    }
    const fmt = (v: number) => (f.judge === 'overhead' ? `${v.toFixed(0)} ms` : `${v.toFixed(2)}×`);
    const judged = (pick: (s: Sample) => number) => {
      const per = subj.map((s, k) => (f.judge === 'overhead' ? pick(s) - pick(ref[k]!) : pick(s) / pick(ref[k]!)));
      const j = quartiles(per), s = quartiles(subj.map(pick)), rf = quartiles(ref.map(pick));
      return { j, line: `${s.med.toFixed(0)} ms [${s.lo.toFixed(0)}–${s.hi.toFixed(0)}] vs ${rf.med.toFixed(0)} ms [${rf.lo.toFixed(0)}–${rf.hi.toFixed(0)}]: ${f.judge} ${fmt(j.med)} [${fmt(j.lo)}–${fmt(j.hi)}]` };
    };
    const wall = judged((s) => s.wall);
    const cpu = byCpu ? judged((s) => s.cpu!) : null;
    const value = (cpu ?? wall).j.med;
    const ok = value <= f.target;
    console.log(`  ${f.name}  (reference: ${f.referenceName})`);
    if (cpu) console.log(`    CPU   ${cpu.line}`);
    console.log(`    wall  ${wall.line}`);
    console.log(`    ${f.judge} ${fmt(value)}, target ≤ ${fmt(f.target)}: ${ok ? 'ok' : 'MISS'}${cpu ? ` (wall ${fmt(wall.j.med)})` : ''}`);
    results.push({ name: f.name, judge: f.judge, value, target: f.target, ok });
  }
  const missed = results.filter((r) => !r.ok).length;
  console.log(missed ? `  ${missed} start-up figure(s) over target` : '  every start-up figure within target');
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
