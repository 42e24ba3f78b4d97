// Item 5 of #32: the CLI reports every write error, and a glob cannot walk the whole disk. The real
// bin in a child process, as a shell runs it.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = path.resolve('bin/treewright.js');
const TREE = path.resolve('fixtures/uiautomator/005.xml');
const sh = (cmd: string, cwd = process.cwd()) => spawnSync('bash', ['-c', cmd], { cwd, encoding: 'utf8', env: { ...process.env, TREEWRIGHT_SOURCE: '', CI: '1' } });

test('every command, --help and --version included, exits 2 with one line when stdout is a full disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-out-'));
  copyFileSync(TREE, path.join(dir, 'a.xml'));
  try {
    const commands = [
      '--help', '--version', 'help', 'inspect --help', 'schema --help', 'verify --help', 'mcp --help', 'reference-app --help', 'inspect a.xml -V',
      'inspect a.xml', 'inspect a.xml --format cmp', 'schema', 'verify a.xml', 'verify a.xml --reporter line,json --out-dir r',
    ];
    for (const c of commands) {
      const r = sh(`node ${BIN} ${c} > /dev/full`, dir);
      expect(r.status, c).toBe(2);
      expect(r.stderr.trim().split('\n'), c).toEqual(['treewright: cannot write to standard output: no space left on the device (ENOSPC)']);
    }
    // A reader that has gone (head) is a quiet end, as Unix tools do.
    for (const c of ['--help', 'verify a.xml', 'inspect a.xml']) {
      const r = sh(`set -o pipefail; node ${BIN} ${c} | head -c 1 > /dev/null`, dir);
      expect(r.stderr, c).not.toMatch(/EPIPE|cannot write| at /);
      expect([0, 1], c).toContain(r.status);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the MCP shim\'s own bin and the servers\' URL lines go through the same checked writer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-out-'));
  try {
    // `node dist/agents/main.js` is the shim as a process of its own; `mcp --http` and `reference-app`
    // print the URL a caller connects to, and stop when it cannot be written.
    const cases: Array<[string, string]> = [
      [`node ${path.resolve('dist/agents/main.js')} --help`, 'treewright mcp: '],
      [`node ${BIN} mcp --http 0`, 'treewright mcp: '],
      [`node ${BIN} reference-app --port 0`, 'treewright: '],
    ];
    for (const [c, prefix] of cases) {
      const r = sh(`${c} > /dev/full`, dir);
      expect(r.status, c).toBe(2);
      expect(r.stderr.trim().split('\n'), c).toEqual([`${prefix}cannot write to standard output: no space left on the device (ENOSPC)`]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a report file that cannot be written: exit 2 and the error naming the file, no stack', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-out-'));
  copyFileSync(TREE, path.join(dir, 'a.xml'));
  writeFileSync(path.join(dir, 'blocked'), 'a file where the report folder should be');
  try {
    for (const rep of ['json', 'junit', 'html']) {
      const r = sh(`node ${BIN} verify a.xml --reporter ${rep} --out-dir blocked/r > /dev/null`, dir);
      expect(r.status, rep).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines[0], rep).toMatch(/^treewright: .*cannot write the .*blocked\/r.*: a part of the path is a file, not a folder \((ENOTDIR|EEXIST)\)$/);
      expect(lines.slice(1).every((l) => l.startsWith('  → ')), rep).toBe(true);
      expect(r.stderr).not.toMatch(/ at /);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a glob leading out of the working directory is refused at once; --root allows it, bounded by --max-visited', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-glob-'));
  const work = path.join(dir, 'work');
  mkdirSync(path.join(dir, 'many'), { recursive: true });
  mkdirSync(work);
  for (let i = 0; i < 60; i++) writeFileSync(path.join(dir, 'many', `f${i}.txt`), '');
  copyFileSync(TREE, path.join(dir, 'many', 'a.xml'));
  try {
    for (const g of ['/**/*.x', '../**/*.xml', `${dir}/many/*.xml`]) {
      const r = sh(`node ${BIN} verify '${g}'`, work);
      expect(r.status, g).toBe(2);
      expect(r.stderr, g).toMatch(/^treewright verify: the glob ".*" would walk .*, outside the working directory .*\n {2}→ .*--root <dir>/);
    }
    const ok = sh(`node ${BIN} verify '../many/*.xml' --root ..`, work);
    expect(ok.stderr).not.toMatch(/would walk/);
    expect(ok.stdout).toMatch(/^verify: 1 trees/m);
    const capped = sh(`node ${BIN} verify '../many/**/*.xml' --root .. --max-visited 50`, work);
    expect(capped.status).toBe(2);
    expect(capped.stderr).toMatch(/^treewright verify: the glob "\.\.\/many\/\*\*\/\*\.xml" read more than 50 files and folders; stopped\n {2}→ Narrow the glob/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
