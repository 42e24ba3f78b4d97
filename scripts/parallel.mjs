// `npm test`'s driver: `node scripts/parallel.mjs build:js types lint -- playwright test …`.
// The npm scripts before `--` start side by side; the command after it starts as soon as the first
// script (the bundles, which the tests read from dist/) has passed, while the others are still running,
// so the type check and the lint fill the cores the tests leave idle instead of delaying them. The
// command's output streams live; each script's output is printed whole when it ends, so two never
// interleave. The exit code is the first failure's (a script's, else the command's), else 0.
//
// A test that needs what a later script writes (the package's declarations, for the tarball test) waits
// for it: the command gets TREEWRIGHT_SCRIPTS_DONE, a folder where each script, as it ends, leaves a file
// of its name holding its exit code (tests/helpers/scripts-done.ts reads it).
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dash = process.argv.indexOf('--');
const names = process.argv.slice(2, dash === -1 ? undefined : dash);
const command = dash === -1 ? [] : process.argv.slice(dash + 1);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>... [-- <command> <arg>...]');
  process.exit(2);
}

function script(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (e) => resolve({ name, code: 1, output: `${e.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  }).then((r) => {
    process.stdout.write(`> ${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`}\n${r.output}`);
    // Written aside and renamed, so a reader never sees the file without its code.
    writeFileSync(path.join(done, `.${r.name}`), String(r.code));
    renameSync(path.join(done, `.${r.name}`), path.join(done, r.name));
    return r;
  });
}

function live([file, ...args]) {
  return new Promise((resolve) => {
    // npx finds the command in node_modules/.bin, as an npm script would.
    const child = spawn('npx', ['--no-install', file, ...args], { stdio: 'inherit', env: { ...process.env, TREEWRIGHT_SCRIPTS_DONE: done } });
    child.on('error', (e) => { console.error(`${file}: ${e.message}`); resolve({ name: file, code: 1 }); });
    child.on('close', (code, signal) => resolve({ name: file, code: code ?? (signal ? 1 : 0) }));
  });
}

const done = mkdtempSync(path.join(tmpdir(), 'tw-scripts-'));
process.on('exit', () => rmSync(done, { recursive: true, force: true }));

const [first, ...rest] = names.map(script);
const others = Promise.all(rest);
const head = await first;
const ran = head.code === 0 && command.length ? await live(command) : null;
const results = [head, ...(await others), ...(ran ? [ran] : [])];
const failed = results.find((r) => r.code !== 0);
process.exit(failed ? failed.code : 0);
