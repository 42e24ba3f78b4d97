// The packed tarball as a user installs it, in a fresh project: the install prints no warning of
// treewright's, the tarball holds what the exports and source maps name and nothing of the repo's
// own (tests, bench, fixtures), an error's stack names files the package has, and in a fresh project's
// CommonJS and ESM files (skipLibCheck: false) the declarations compile and a Playwright spec and a plain-`expect`
// script (typed) run. One pack, one install, shared by the tests below.
import { test, expect } from '@playwright/test';
import { execa, type Result } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptDone } from '../helpers/scripts-done.js';

const REPO = path.resolve('.');

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, outDir: 'out', types: ['node'] },
  include: ['*.ts', '*.mts', '*.cts'],
}, null, 2);

const PW_SPEC = `import { test, expect } from 'treewright';
test.use({ source: 'file:005.xml' });
test('Playwright expect with treewright matchers', async ({ device }) => {
  await expect(device.byText('Guardar')).toBeVisible();
  await expect(device.byRole('TextField')).toHaveValue('');
  await expect(device.byRole('Text')).toHaveCount(5);
});
`;

const PLAIN = `import { expect } from 'expect';
import { matchers } from 'treewright/matchers/expect';
import { connect } from 'treewright';
expect.extend(matchers);
async function main(): Promise<void> {
  const device = await connect('file:005.xml');
  await expect(device.byText('Guardar')).toBeVisible();
  await expect(device.byText('Guardar')).toHaveAccessibleName('Guardar');
  await expect(device.byText('nothing')).not.toBeAttached({ timeout: 0 });
  // @ts-expect-error a typo in a matcher name is a type error: the augmentation is real
  void expect(device).toPassAlly;
  await device.close();
  console.log('plain expect ok');
}
main().catch((e) => { console.error(e); process.exit(1); });
`;

/** A typed error thrown inside the package, its stack printed for the test to read. */
const THROWS = `import { connect } from 'treewright';
const e = await connect('file:missing.json').catch((err) => err);
console.log(JSON.stringify({ code: e.code, stack: e.stack }));
`;

/** The folders a packed path may start with: the build, the CLI, and the sources its maps name. */
const SHIPPED_TOP = new Set(['dist', 'bin', 'src', 'runner', 'matchers', 'agents', 'package.json', 'README.md']);

/** A module of `export … from '…'` statements only (comments aside). */
function isReexportIndex(text: string): boolean {
  const statements = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').split(';').map((s) => s.trim()).filter(Boolean);
  return statements.length > 0 && statements.every((s) => /^export\s[^;]*\sfrom\s+'[^']+'$/.test(s));
}

let dir = '';
let files: string[] = [];
let install: Result;
/** The installed package. */
let pkg = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Under npm test the declarations are written beside the first tests (scripts/build.mjs --types).
  await scriptDone('types');
  dir = await mkdtemp(path.join(tmpdir(), 'tw-pack-'));
  // --ignore-scripts: the suite runs against the dist/ already built; a prepack build would replace it under the other tests.
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO });
  const info = JSON.parse(packed.stdout)[0] as { filename: string; files: Array<{ path: string }> };
  files = info.files.map((f) => f.path);
  const { version } = JSON.parse(await readFile(path.join(REPO, 'node_modules/@playwright/test/package.json'), 'utf8')) as { version: string };
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  // Scripts allowed, as a user installs: a lifecycle script the package keeps is reported here.
  install = await execa('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund',
    path.join(dir, info.filename), `@playwright/test@${version}`, 'expect@30', 'typescript@5.9', '@types/node@20'], { cwd: dir, reject: false, all: true });
  pkg = path.join(dir, 'node_modules/treewright');
});

test.afterAll(async () => {
  if (dir && !process.env.TREEWRIGHT_KEEP_TMP) await rm(dir, { recursive: true, force: true });
});

/** npm's warnings, one block per topic run (`npm warn install-scripts …` lines form one block). */
function warningBlocks(output: string): string[][] {
  const blocks: string[][] = [];
  let topic = '';
  for (const line of output.split('\n')) {
    const m = /^npm warn (\S*)/i.exec(line);
    if (!m) { topic = ''; continue; }
    if (m[1] !== topic || !blocks.length) blocks.push([]);
    topic = m[1]!;
    blocks.at(-1)!.push(line);
  }
  return blocks;
}

test('npm warning blocks are grouped by topic', () => {
  expect(warningBlocks('added 1\nnpm warn install-scripts a\nnpm warn install-scripts   treewright@0.1.0 (prepare)\nnpm warn deprecated x\n'))
    .toEqual([['npm warn install-scripts a', 'npm warn install-scripts   treewright@0.1.0 (prepare)'], ['npm warn deprecated x']]);
});

test('the install succeeds and prints no warning about treewright (no lifecycle script, no peer conflict)', () => {
  expect(install.exitCode, String(install.all)).toBe(0);
  const ours = warningBlocks(String(install.all)).filter((b) => b.some((l) => /treewright/.test(l)));
  expect(ours, String(install.all)).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[script], script).toBeUndefined();
});

test('the tarball holds the exports, the bin and every source a map names, and nothing of the repo\'s own', () => {
  const packed = new Set(files);
  const outside = files.filter((f) => !SHIPPED_TOP.has(f.split('/')[0]!) || /\.(spec|test)\.ts$|\.tsbuildinfo$/.test(f));
  expect(outside).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>>; bin: Record<string, string> };
  const targets = [...Object.values(manifest.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t))), ...Object.values(manifest.bin)];
  for (const t of targets) expect(packed.has(path.posix.normalize(t)), t).toBe(true);
  const named = new Set<string>();
  const maps = files.filter((f) => f.endsWith('.js.map'));
  expect(maps.length).toBeGreaterThan(40);
  for (const map of maps) {
    expect(packed.has(map.slice(0, -'.map'.length)), `${map} without its script`).toBe(true);
    const m = JSON.parse(readFileSync(path.join(pkg, map), 'utf8')) as { sources: string[]; sourceRoot?: string };
    for (const s of m.sources) named.add(path.posix.join(path.posix.dirname(map), m.sourceRoot ?? '', s));
  }
  for (const js of files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'))) expect(packed.has(`${js}.map`), `${js} names a map`).toBe(true);
  expect([...named].filter((s) => !packed.has(s)), 'sources the maps name that the tarball lacks').toEqual([]);
  // The bundles resolve re-export indexes (src/index.ts, runner/index.ts) away, so no map names them;
  // any other source no map names is code no entry of the package reaches.
  const unnamed = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !named.has(f));
  expect(unnamed.filter((f) => !isReexportIndex(readFileSync(path.join(pkg, f), 'utf8'))), 'sources no map names').toEqual([]);
});

test('an error thrown inside the installed package names files the package has, with or without source maps', async () => {
  await writeFile(path.join(dir, 'throws.mjs'), THROWS);
  for (const flags of [['--enable-source-maps'], []]) {
    const r = await execa('node', [...flags, 'throws.mjs'], { cwd: dir, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    const { code, stack } = JSON.parse(r.stdout) as { code: string; stack: string };
    expect(code).toBe('file_not_found');
    const frames = [...stack.matchAll(/^\s*at (?:async )?(?:.*? \()?(.*?):(\d+):\d+\)?$/gm)]
      .map((m) => ({ file: m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!, line: Number(m[2]) }))
      .filter((f) => f.file.startsWith(pkg + path.sep));
    expect(frames.length, stack).toBeGreaterThan(0);
    for (const f of frames) {
      expect(existsSync(f.file), `${flags.join(' ') || 'no flags'}: ${f.file} in\n${stack}`).toBe(true);
      expect(readFileSync(f.file, 'utf8').split('\n').length, `${f.file}:${f.line} is past the file's end`).toBeGreaterThanOrEqual(f.line);
    }
  }
});

test('a fresh project, CommonJS and ESM files side by side: types with skipLibCheck false, a spec of each kind runs', async () => {
  test.setTimeout(300_000);
  expect(install.exitCode, String(install.all)).toBe(0);
  // Under NodeNext a .cts file is CommonJS and a .mts file ESM whatever the package says: one project,
  // one type check and one Playwright run hold a CommonJS user's files and an ESM user's.
  const p = path.join(dir, 'app');
  await mkdir(p);
  await writeFile(path.join(p, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true }));
  await writeFile(path.join(p, 'tsconfig.json'), TSCONFIG);
  for (const ext of ['cts', 'mts']) {
    await writeFile(path.join(p, `a.spec.${ext}`), PW_SPEC);
    await writeFile(path.join(p, `plain.${ext}`), PLAIN);
  }
  await writeFile(path.join(p, 'playwright.config.ts'), `import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', testIgnore: 'out/**', reporter: 'line' });\n`);
  await cp(path.join(REPO, 'fixtures/uiautomator/005.xml'), path.join(p, '005.xml'));
  const types = await execa('node', [path.join(dir, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: p, reject: false });
  expect(types.exitCode, `tsc:\n${types.stdout}${types.stderr}`).toBe(0);
  for (const out of ['out/plain.cjs', 'out/plain.mjs']) {
    const plain = await execa('node', [out], { cwd: p, reject: false });
    expect(plain.stdout, `${out}:\n${plain.stderr}`).toContain('plain expect ok');
  }
  const spec = await execa('node', [path.join(dir, 'node_modules/@playwright/test/cli.js'), 'test'], { cwd: p, reject: false, env: { CI: '1', FORCE_COLOR: '0', TREEWRIGHT_SOURCE: '' } });
  expect(spec.exitCode, `spec:\n${spec.stdout}${spec.stderr}`).toBe(0);
  expect(spec.stdout).toMatch(/2 passed/);
});
