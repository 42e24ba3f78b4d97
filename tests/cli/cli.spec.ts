// The CLI as a user runs it: the built bin, a real process, real files.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdtemp, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = path.resolve('bin/treewright.js');
const run = (...args: string[]) => execa('node', [bin, ...args], { reject: false });

test('inspect prints the outline of a uiautomator dump, every window', async () => {
  const r = await run('inspect', 'fixtures/uiautomator/026.xml');
  expect(r.exitCode).toBe(0);
  expect(r.stdout.split('\n').filter((l) => l.startsWith('root '))).toHaveLength(3);
  expect(r.stdout).toMatch(/^\s+- .*tap=\d+,\d+/m);
});

test('inspect --format json prints a snapshot that reads back equal', async () => {
  const r = await run('inspect', 'fixtures/trees/home.json', '--format', 'json');
  expect(r.exitCode).toBe(0);
  const snapshot = JSON.parse(r.stdout);
  expect(snapshot.format).toBe('treewright-snapshot');
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-cli-'));
  const file = path.join(dir, 'snap.json');
  await writeFile(file, r.stdout);
  const again = await run('inspect', file, '--format', 'json');
  const reread = JSON.parse(again.stdout);
  expect({ ...reread, capturedAt: 0, source: 0 }).toEqual({ ...snapshot, capturedAt: 0, source: 0 });
});

test('inspect --interactive keeps what can be operated and its ancestors', async () => {
  const full = await run('inspect', 'fixtures/uiautomator/034.xml');
  const inter = await run('inspect', 'fixtures/uiautomator/034.xml', '--interactive');
  expect(inter.exitCode).toBe(0);
  const lines = inter.stdout.split('\n').filter((l) => l.trim().startsWith('- '));
  expect(lines.length).toBeLessThan(full.stdout.split('\n').length);
  expect(inter.stdout).toContain('"CANCEL"');
  expect(inter.stdout).toContain('"EXIT"');
  expect(inter.stdout).not.toContain('Are you sure');
});

test('inspect --format cmp exports cmp-inspector tree v1', async () => {
  const r = await run('inspect', 'fixtures/trees/home.json', '--format', 'cmp');
  expect(r.exitCode).toBe(0);
  const tree = JSON.parse(r.stdout);
  expect(tree.schemaVersion).toBe(1);
  expect(tree.root.children[0].testTag).toBe('home_title');
});

test('schema writes the JSON Schema generated from the model', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-cli-'));
  const out = path.join(dir, 'schema.json');
  const r = await run('schema', '--out', out);
  expect(r.exitCode).toBe(0);
  const schema = JSON.parse(await readFile(out, 'utf8'));
  expect(schema.properties.generation.pattern).toBe('^\\d+$');
  expect(JSON.stringify(schema)).toContain('"$ref":"#/$defs/Node"');
});

test('bad input: a clear one-line error and exit code 2, never a stack', async () => {
  const missing = await run('inspect', 'fixtures/nope.json');
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toMatch(/^treewright: \/.*nope\.json: no such file\n {2}→ Check the path \(relative paths resolve from \/.*\)/);
  expect(missing.stderr).not.toMatch(/\n\s+at /);

  const dir = await mkdtemp(path.join(tmpdir(), 'tw-cli-'));
  const bad = path.join(dir, 'bad.json');
  await writeFile(bad, '{"schemaVersion": 1, "root": {');
  const r = await run('inspect', bad);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain(bad);
  expect(r.stderr).not.toMatch(/\n\s+at /);

  expect((await run('inspect')).exitCode).toBe(2);
  expect((await run('inspect', 'x.json', '--format', 'yaml')).stderr).toContain('unknown --format');
  expect((await run('frobnicate')).stderr).toContain('unknown command');
});

test('an unexpected error is one line (plus a please-report line), its stack only with TREEWRIGHT_DEBUG', async () => {
  const { describeFailure } = await import('../../runner/cli.js');
  const bug = new RangeError('Invalid array length\nmore detail');
  const quiet = describeFailure(bug, {});
  expect(quiet).toBe('treewright: internal error: Invalid array length\n  → This is a bug in treewright; please report it with the command you ran (TREEWRIGHT_DEBUG=1 prints the stack).\n');
  expect(describeFailure(bug, { TREEWRIGHT_DEBUG: '1' })).toContain('    at ');
  const out = await execa('node', [bin, 'schema', '--out', path.join(tmpdir(), 'no-such-dir-tw', 'x.json')], { reject: false, env: { TREEWRIGHT_DEBUG: '' } });
  expect(out.exitCode).toBe(2);
  expect(out.stderr.trim().split('\n')).toHaveLength(2);
  expect(out.stderr).toMatch(/^treewright schema: cannot write .*x\.json: no such file or folder \(ENOENT\)\n {2}→ Check the path; to write a file there, create its folder first\.$/);
});

test('inspect usage lists every source kind', async () => {
  const r = await run('help');
  for (const s of ['file:<path>', 'live:<host>:<port>', 'adb[:<serial>]', 'moui:<url>', 'jetwhale:<url>', 'web:<url>', 'appium:<url>', 'reference[:live|moui|jetwhale]']) expect(r.stdout).toContain(s);
});
