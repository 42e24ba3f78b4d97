// #32 item 2's fuzz target, and the runner of this round's categories (wired into bench/fuzz.ts):
// confined writes while another process swaps a folder on the path for a symlink to outside the
// root; every write lands inside or is refused typed (an escape is any file outside). Plus write
// failures of every kind the writer names (a file or symlink in the way, an existing file).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isTreewrightError } from '../src/errors.js';
import { writeConfined } from '../src/files/write-confined.js';
import { prng } from './prng.js';
import { patternCases2 } from './fuzz-patterns.js';

export type Outcome2 = 'typed error' | 'ok' | 'crash' | 'hang' | 'escape' | 'silent';
const OUTCOMES2: Outcome2[] = ['typed error', 'ok', 'crash', 'hang', 'escape', 'silent'];
export interface Case2 { category: string; name: string; run(): Promise<Outcome2> }

/** `count` confined writes under one racing swapper; then the fixed failure kinds. */
export function writeCases(seed: number, count: number): { cases: Case2[]; setup(): Promise<void>; teardown(): void } {
  const rnd = prng(seed);
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-fuzz-w-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'sub'), { recursive: true });
  mkdirSync(outside);
  let swapper: ReturnType<typeof spawn> | null = null;
  const escaped = () => readdirSync(outside).length > 0;
  const cases: Case2[] = [];
  for (let i = 0; i < count; i++) {
    const depth = 1 + Math.floor(rnd() * 3);
    const rel = ['sub', ...Array.from({ length: depth - 1 }, (_, k) => `d${k}`), `f${i}.tree`].join('/');
    const mode = rnd() < 0.5 ? 'create' as const : 'replace' as const;
    cases.push({
      category: 'write-race', name: `${mode} ${rel}`,
      run: async () => {
        const r = await writeConfined(root, rel, 'x\n', { mode }).then(() => 'ok' as const, (e: unknown) => (isTreewrightError(e) ? 'typed error' as const : 'crash' as const));
        return escaped() ? 'escape' : r;
      },
    });
  }
  const kinds: Array<[string, () => Promise<unknown>]> = [
    ['symlink folder', async () => { symlinkSync(outside, path.join(root, 'link')); return writeConfined(root, 'link/a', 'x'); }],
    ['file in the way', async () => { writeFileSync(path.join(root, 'file'), 'x'); return writeConfined(root, 'file/a', 'x'); }],
    ['exists', async () => { writeFileSync(path.join(root, 'there'), 'x'); return writeConfined(root, 'there', 'x', { mode: 'create' }); }],
    ['dotdot', () => writeConfined(root, '../a', 'x')],
  ];
  for (const [name, f] of kinds) {
    cases.push({
      category: 'write-errors', name,
      run: () => f().then(() => 'silent' as const, (e: unknown) => (isTreewrightError(e) && typeof e.details.hint === 'string' ? 'typed error' as const : 'crash' as const)).then((o) => (escaped() ? 'escape' : o)),
    });
  }
  return {
    cases,
    async setup() {
      // Each round moves the folder away (whatever the writer put in it), puts the symlink there, then a fresh folder.
      const script = `const fs=require('node:fs');const s=${JSON.stringify(path.join(root, 'sub'))};process.stdout.write('r');for(let i=0;;i++){try{fs.renameSync(s,s+'.old'+i)}catch{}try{fs.symlinkSync(${JSON.stringify(outside)},s)}catch{}try{if(fs.lstatSync(s).isSymbolicLink())fs.unlinkSync(s)}catch{}try{fs.mkdirSync(s)}catch{}}`;
      const p = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
      swapper = p;
      await new Promise<void>((r) => p.stdout!.once('data', () => r()));
    },
    teardown() {
      swapper?.kill('SIGKILL');
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * #32 item 5: the built CLI (dist/) with stdout on a full disk, for seeded commands and options: exit
 * 2 and one line, else silent; and globs leading out of the working directory: refused, else escape.
 */
export function cliCases(seed: number, count: number): Case2[] {
  const rnd = prng(seed);
  const repo = path.resolve(import.meta.dirname, '..');
  const bin = path.join(repo, 'bin/treewright.js');
  if (!existsSync(path.join(repo, 'dist/runner/cli.js'))) return [];
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tw-fuzz-cli-')));
  copyFileSync(path.join(repo, 'fixtures/uiautomator/005.xml'), path.join(dir, 'a.xml'));
  const commands = ['--help', '--version', 'help', 'inspect --help', 'schema --help', 'verify --help', 'mcp --help', 'reference-app --help', 'inspect a.xml', 'inspect a.xml --format json', 'inspect a.xml --format cmp', 'schema', 'verify a.xml', 'verify a.xml --reporter line,json --out-dir r'];
  const globs = ['/**/*.xml', '../**/*.xml', '/tmp/*.xml', '../../*', `${path.dirname(dir)}/**/x`];
  const cases: Case2[] = [];
  for (let i = 0; i < count; i++) {
    const full = i % 3 !== 2;
    const arg = full ? commands[Math.floor(rnd() * commands.length)]! : `verify '${globs[Math.floor(rnd() * globs.length)]!}'`;
    cases.push({
      category: 'cli-writes', name: `${arg}${full ? ' > /dev/full' : ''}`,
      run: async () => {
        const r = spawnSync('sh', ['-c', `node ${bin} ${arg}${full ? ' > /dev/full' : ' > /dev/null'}`], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, CI: '1', TREEWRIGHT_SOURCE: '' } });
        if (r.error) return 'hang';
        if (full) return r.status === 2 && r.stderr.trim().split('\n').length === 1 ? 'typed error' : 'silent';
        return r.status === 2 && /would walk .*outside/.test(r.stderr) ? 'typed error' : 'escape';
      },
    });
  }
  if (cases.length) cases[cases.length - 1]!.run = ((run) => async () => { try { return await run(); } finally { rmSync(dir, { recursive: true, force: true }); } })(cases[cases.length - 1]!.run);
  return cases;
}

/** This round's categories: runs them, prints counts per category; crash, hang, escape and silent must be 0. */
export async function runRound2(seed: number): Promise<void> {
  const w = writeCases(seed, 300);
  const groups: Array<{ cases: Case2[]; setup?: () => Promise<void>; teardown?: () => void }> = [{ cases: patternCases2(seed, 400) }, w, { cases: cliCases(seed, 30) }];
  const counts = new Map<string, Record<Outcome2, number>>();
  const bad: string[] = [];
  for (const g of groups) {
    await g.setup?.();
    try {
      for (const c of g.cases) {
        let o: Outcome2;
        try { o = await c.run(); } catch { o = 'crash'; }
        const row = counts.get(c.category) ?? Object.fromEntries(OUTCOMES2.map((x) => [x, 0])) as Record<Outcome2, number>;
        row[o]++;
        counts.set(c.category, row);
        if (o !== 'ok' && o !== 'typed error') bad.push(`${o}: ${c.category} ${c.name}`);
      }
    } finally {
      g.teardown?.();
    }
  }
  console.log(`${'category'.padEnd(14)}${OUTCOMES2.map((o) => o.padStart(12)).join('')}`);
  for (const [cat, row] of counts) console.log(`${cat.padEnd(14)}${OUTCOMES2.map((o) => String(row[o]).padStart(12)).join('')}`);
  for (const b of bad.slice(0, 20)) console.log(`  ${b}`);
  console.log(bad.length === 0 ? 'OK: 0 crashes, 0 hangs, 0 escapes, 0 silent' : `FAILED: ${bad.length} bad outcomes`);
  if (bad.length) process.exitCode = 1;
}
