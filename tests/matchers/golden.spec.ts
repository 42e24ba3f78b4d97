// toMatchGoldenTree and toMatchScreenshot. The update modes need Playwright's own runner (testInfo,
// --update-snapshots), so one test writes a small project to a temp dir (its spec imports the matchers by
// absolute path) and runs it with each mode in a child Playwright, in parallel; the JSON report and the
// files left on disk are checked. The file mechanics and the device checks run in-process.
import { test, expect as base } from '@playwright/test';
import { execa } from 'execa';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchers } from '../../matchers/index.js';
import { goldenFileName, updateMode } from '../../matchers/golden-file.js';
import { readGolden } from '../../src/files/read-golden.js';
import { writeAtomic } from '../../src/files/write-atomic.js';
import { DeviceError, TargetError } from '../../src/errors.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { GOLDEN_HEADER, toGolden } from '../../src/outline/golden.js';
import { deviceOf } from '../helpers/build.js';
import { png, screen } from './golden-screens.js';

const expect = base.extend(matchers);
const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const CLI = join(ROOT, 'node_modules/@playwright/test/cli.js');

test.describe('golden files', () => {
  let dir: string;
  test.beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'treewright-golden-')); });
  test.afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  test('writeAtomic: concurrent writers and a reader never see a torn file, and leave no temp files', async () => {
    const path = join(dir, 'nested', 'home.tree');
    const payloads = Array.from({ length: 8 }, (_, i) => String(i).repeat(256 * 1024 + i));
    await writeAtomic(path, payloads[0]!);
    let reading = true, reads = 0;
    const reader = (async () => {
      while (reading) {
        const got = await readFile(path, 'utf8');
        reads++;
        if (!payloads.includes(got)) throw new Error(`torn read: ${got.length} chars`);
      }
    })();
    await Promise.all(payloads.flatMap((p) => [writeAtomic(path, p), writeAtomic(path, p)]));
    reading = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(payloads).toContain(await readFile(path, 'utf8'));
    expect(await readdir(join(dir, 'nested'))).toEqual(['home.tree']);
  });

  test('readGolden: null when missing; names and modes', async () => {
    expect(await readGolden(join(dir, 'nope.tree'))).toBeNull();
    expect(goldenFileName('toMatchGoldenTree', 'home', '.tree')).toBe('home.tree');
    expect(goldenFileName('toMatchGoldenTree', 'home.tree', '.tree')).toBe('home.tree');
    expect(goldenFileName('toMatchScreenshot', 'a.b', '.png')).toBe('a.b.png');
    expect(() => goldenFileName('toMatchGoldenTree', '', '.tree')).toThrow(TargetError);
    expect(() => goldenFileName('toMatchGoldenTree', undefined, '.tree')).toThrow(/needs a non-empty name/);
    const info = (updateSnapshots: string) => ({ snapshotPath: () => '', attach: async () => {}, config: { updateSnapshots } });
    expect(['all', 'changed', 'missing', 'none', 'default', 'weird'].map((m) => updateMode(info(m)))).toEqual(['all', 'changed', 'missing', 'none', 'default', 'default']);
  });
});

test.describe('arguments and targets are checked before any file is touched', () => {
  test('a device without pixels is a clear error naming it and the sources that have them', async () => {
    const err = await expect(deviceOf(screen())).toMatchScreenshot('home').then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect((err as DeviceError).message).toContain('scripted:test has no pixels');
    expect((err as DeviceError).details.hint).toMatch(/live:host:port \(GET \/inspect\/screenshot\), adb:serial, appium:<url> and the reference app/);
  });

  test('bad toMatchGoldenTree options fail at once, before any file is touched', async () => {
    await expect(expect(deviceOf(screen())).toMatchGoldenTree('x', { ignore: ['bound'] })).rejects.toThrow(/unknown field "bound" in ignore/);
    await expect(expect(deviceOf(screen())).toMatchGoldenTree('x', { tolerancePx: -2 })).rejects.toThrow(/tolerancePx must be a number ≥ 0/);
  });

  test('a locator is refused: screenshots are of the whole screen', async () => {
    await expect(expect(deviceOf(screen()).byTag('card')).toMatchScreenshot('card')).rejects.toThrow(/takes a device, not a locator \(byTag\('card'\)\)/);
  });
});

// ------------------------------------------------------------------------------------------------------
// The update modes, in child Playwright runs.

const SPEC = `
import { test, expect as base } from '@playwright/test';
import { matchers } from '${ROOT}/matchers/index.js';
import { deviceOf, ScriptedDriver } from '${ROOT}/tests/helpers/build.js';
import { Device } from '${ROOT}/src/devices/device.js';
import { screen, png, PixelDevice } from '${ROOT}/tests/matchers/golden-screens.js';
import { expect as twExpect } from '${ROOT}/runner/expect.js';
const expect = base.extend(matchers);
const WHITE: [number, number, number] = [255, 255, 255];
// The tests this mode makes fail (TW_FAILING) are declared expected failures: Playwright then keeps the
// worker for the next test instead of starting a new one after each failure; the results still say failed.
const failing = new Set((process.env.TW_FAILING ?? '').split(','));
test.beforeEach(({}, info) => { test.fail(failing.has(info.title), 'fails on purpose in this mode'); });

test('tree-same', async () => { await expect(deviceOf(screen())).toMatchGoldenTree('home'); });
test('tree-missing', async () => { await expect(deviceOf(screen())).toMatchGoldenTree('new-screen'); console.log('AFTER-MISSING'); });
test('tree-differs', async () => { await expect(deviceOf(screen({ title: 'Hone' }))).toMatchGoldenTree('home', { timeout: 300 }); });
test('tree-tolerance', async () => { await expect(deviceOf(screen({ dy: 1 }))).toMatchGoldenTree('home'); });
test('tree-tolerance-zero', async () => { await expect(deviceOf(screen({ dy: 1 }))).toMatchGoldenTree('home', { tolerancePx: 0, timeout: 0 }); });
test('tree-locator', async () => { await expect(deviceOf(screen()).byTag('card')).toMatchGoldenTree('card'); });
test('tree-ignore', async () => {
  const d = deviceOf(screen({ clock: '10:02', dy: 5 }));
  await expect(d).toMatchGoldenTree('home', { ignore: ['bounds', d.byTag('clock')] });
});
test('tree-topass', async () => {
  let n = 0;
  await twExpect(async () => {
    n++;
    await expect(deviceOf(screen({ title: n < 3 ? 'Hone' : 'Home' }))).toMatchGoldenTree('home', { timeout: 0 });
  }).toPass({ intervals: [10], timeout: 10_000 });
});
test('tree-not', async () => { await expect(deviceOf(screen({ title: 'Hone' }))).not.toMatchGoldenTree('home', { timeout: 0 }); });
test('tree-nonsense', async () => { await expect(deviceOf(screen())).toMatchGoldenTree('nonsense'); });
test('shot-same', async () => { await expect(new PixelDevice(png(WHITE))).toMatchScreenshot('shot'); });
test('shot-differs', async () => { await expect(new PixelDevice(png(WHITE, 7))).toMatchScreenshot('shot', { timeout: 300 }); });
test('shot-driver', async () => {
  const driver = Object.assign(new ScriptedDriver([screen()]), { screenshot: async () => png(WHITE) });
  await expect(new Device(driver)).toMatchScreenshot('shot');
});
test('shot-within', async () => { await expect(new PixelDevice(png(WHITE, 7))).toMatchScreenshot('shot', { maxDiffPixels: 7 }); });
test('shot-missing', async () => { await expect(new PixelDevice(png([0, 128, 255]))).toMatchScreenshot('new-shot'); });
`;

const CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', snapshotPathTemplate: 'golden/{testFilePath}/{arg}{ext}', workers: 1, timeout: 30_000, reporter: 'json' });
`;

interface Outcome {
  status: string;
  error: string;
  attachments: string[];
  stdout: string;
}

interface Run {
  dir: string;
  code: number | undefined;
  tests: Map<string, Outcome>;
  file(name: string): Promise<string | null>;
  raw: string;
}

const HOME_TREE = toGolden(screen());

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'treewright-modes-'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(dir, 'playwright.config.ts'), CONFIG);
  await writeFile(join(dir, 'home.spec.ts'), SPEC);
  const golden = join(dir, 'golden', 'home.spec.ts');
  await mkdir(golden, { recursive: true });
  const s = screen();
  await writeFile(join(golden, 'home.tree'), HOME_TREE);
  await writeFile(join(golden, 'card.tree'), toGolden({ snapshot: s, node: resolveSelector(s, [{ kind: 'tag', tag: 'card' }])[0]! }));
  await writeFile(join(golden, 'nonsense.tree'), `${GOLDEN_HEADER}\nroot main unit=px density=1\n- node tag=home_root bounds=0,0,360,800 [clikable]\n`);
  await writeFile(join(golden, 'shot.png'), png([255, 255, 255]));
  return dir;
}

/**
 * Runs the project with one --update-snapshots mode (none = no flag) and the tests matching `grep`;
 * `failing` are the tests this mode must fail (the run exits 0 only if exactly they fail).
 */
async function runMode(mode: string | null, grep: string, failing: string[]): Promise<Run> {
  const dir = await project();
  // The child must not think it is one of this run's workers.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(k)));
  const args = [CLI, 'test', '-c', join(dir, 'playwright.config.ts'), '-g', grep, ...(mode ? [`--update-snapshots=${mode}`] : [])];
  const r = await execa('node', args, { cwd: dir, reject: false, env: { ...env, CI: '', TW_FAILING: failing.join(',') }, extendEnv: false });
  let report: { suites?: Suite[]; errors?: unknown[] };
  try {
    report = JSON.parse(r.stdout) as typeof report;
  } catch {
    throw new Error(`child Playwright (${mode ?? 'default'}) printed no JSON report:\n${r.stdout}\n${r.stderr}`);
  }
  const tests = new Map<string, Outcome>();
  const walkSuites = (suites: Suite[] = []) => {
    for (const s of suites) {
      for (const spec of s.specs ?? []) {
        const res = spec.tests[0]!.results[0]!;
        tests.set(spec.title, {
          status: res.status,
          error: (res.errors ?? []).map((e) => e.message ?? '').join('\n'),
          attachments: (res.attachments ?? []).map((a) => a.name),
          stdout: (res.stdout ?? []).map((o) => o.text ?? '').join(''),
        });
      }
      walkSuites(s.suites);
    }
  };
  walkSuites(report.suites);
  return {
    dir, code: r.exitCode, tests, raw: r.stdout,
    file: async (name) => (await readGolden(join(dir, 'golden', 'home.spec.ts', name)))?.toString('latin1') ?? null,
  };
}

interface Suite {
  suites?: Suite[];
  specs?: Array<{ title: string; tests: Array<{ results: Array<{ status: string; errors?: Array<{ message?: string }>; attachments?: Array<{ name: string }>; stdout?: Array<{ text?: string }> }> }> }>;
}

// eslint-disable-next-line no-control-regex -- ESC starts an ANSI colour sequence
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

test('update modes, messages and attachments, as a Playwright user sees them', async () => {
  test.setTimeout(180_000);
  const [def, none, missing, changed, all] = await Promise.all([
    runMode(null, '.', ['tree-missing', 'shot-missing', 'tree-differs', 'tree-tolerance-zero', 'tree-nonsense', 'shot-differs']),
    runMode('none', 'missing', ['tree-missing', 'shot-missing']),
    runMode('missing', 'missing|tree-differs', ['tree-differs']),
    runMode('changed', 'tree-same|tree-differs|tree-missing|tree-nonsense|shot-differs', []),
    runMode('all', 'tree-tolerance$|tree-nonsense', []),
  ]);
  try {
    const st = (run: Run, t: string) => run.tests.get(t)?.status ?? `(no result for ${t}: ${run.raw.slice(0, 2000)})`;
    const err = (run: Run, t: string) => plain(run.tests.get(t)?.error ?? '');

    // Default (no flag): matching goldens pass; a missing one is written and the test fails softly.
    for (const t of ['tree-same', 'tree-tolerance', 'tree-locator', 'tree-ignore', 'tree-not', 'shot-same', 'shot-driver', 'shot-within']) expect(st(def, t), t).toBe('passed');
    expect(st(def, 'tree-missing')).toBe('failed');
    expect(err(def, 'tree-missing')).toContain("A golden doesn't exist at golden/home.spec.ts/new-screen.tree, writing actual.");
    expect(def.tests.get('tree-missing')!.stdout).toContain('AFTER-MISSING'); // soft: the test went on
    expect(await def.file('new-screen.tree')).toBe(HOME_TREE);
    expect(st(def, 'shot-missing')).toBe('failed');
    expect(await def.file('new-shot.png')).toBe(png([0, 128, 255]).toString('latin1'));

    // A different tree: the short diff in the message, expected / actual / diff attached, the golden untouched.
    expect(st(def, 'tree-differs')).toBe('failed');
    const differs = err(def, 'tree-differs');
    expect(differs).toContain('expect(device).toMatchGoldenTree(name) failed');
    expect(differs).toContain('Expected: the golden golden/home.spec.ts/home.tree');
    expect(differs).toContain('Received: 1 change (1 changed)');
    expect(differs).toContain('Timeout:  300ms');
    expect(differs).toContain('~ node "Home" tag=title (line 4): text "Home" → "Hone"');
    expect(def.tests.get('tree-differs')!.attachments).toEqual(expect.arrayContaining(['home-expected.tree', 'home-actual.tree', 'home-diff.txt']));
    expect(await def.file('home.tree')).toBe(HOME_TREE);
    // Inside treewright's toPass: the two failed attempts' golden files are not kept on the pass.
    expect(st(def, 'tree-topass')).toBe('passed');
    expect(def.tests.get('tree-topass')!.attachments.filter((a) => a.startsWith('home-'))).toEqual([]);
    expect(st(def, 'tree-tolerance-zero')).toBe('failed');
    expect(err(def, 'tree-tolerance-zero')).toContain('bounds 16,100,328,120 → 16,101,328,120');

    // A golden hand-edited into nonsense: the file and line, at once.
    expect(st(def, 'tree-nonsense')).toBe('failed');
    expect(err(def, 'tree-nonsense')).toContain('golden/home.spec.ts/nonsense.tree:3:');
    expect(err(def, 'tree-nonsense')).toContain('unknown flag [clikable]');

    // Screenshots: Playwright's wording and the three images.
    expect(st(def, 'shot-differs')).toBe('failed');
    expect(err(def, 'shot-differs')).toContain('Received: 7 pixels (ratio 0.04 of all image pixels) are different.');
    expect(def.tests.get('shot-differs')!.attachments).toEqual(expect.arrayContaining(['shot-expected.png', 'shot-actual.png', 'shot-diff.png']));

    // none: nothing written; the path and the command to create it.
    expect(st(none, 'tree-missing')).toBe('failed');
    expect(err(none, 'tree-missing')).toContain("A golden doesn't exist at golden/home.spec.ts/new-screen.tree.");
    expect(err(none, 'tree-missing')).toContain('npx playwright test --update-snapshots=missing');
    expect(st(none, 'shot-missing')).toBe('failed');
    expect(await none.file('new-screen.tree')).toBeNull();
    expect(await none.file('new-shot.png')).toBeNull();

    // missing: written, and the test passes; a different golden still fails and is kept.
    expect(st(missing, 'tree-missing')).toBe('passed');
    expect(await missing.file('new-screen.tree')).toBe(HOME_TREE);
    expect(st(missing, 'shot-missing')).toBe('passed');
    expect(st(missing, 'tree-differs')).toBe('failed');
    expect(await missing.file('home.tree')).toBe(HOME_TREE);

    // changed: a different golden is rewritten and passes; a matching one is left as it was.
    for (const t of ['tree-same', 'tree-differs', 'tree-missing', 'shot-differs']) expect(st(changed, t), t).toBe('passed');
    expect(await changed.file('home.tree')).toBe(toGolden(screen({ title: 'Hone' })));
    expect(await changed.file('new-screen.tree')).toBe(HOME_TREE);
    expect(await changed.file('shot.png')).toBe(png([255, 255, 255], 7).toString('latin1'));

    // all: re-captured and rewritten even when it matched within tolerance.
    expect(st(all, 'tree-tolerance')).toBe('passed');
    expect(await all.file('home.tree')).toBe(toGolden(screen({ dy: 1 })));

    // A corrupt golden is replaced under 'changed' (it differs from any capture) and 'all' (never parsed).
    for (const run of [changed, all]) {
      expect(st(run, 'tree-nonsense')).toBe('passed');
      expect(await run.file('nonsense.tree')).toBe(HOME_TREE);
    }

    // Atomic writes leave no temp files behind.
    for (const run of [def, missing, changed, all]) {
      expect((await readdir(join(run.dir, 'golden', 'home.spec.ts'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }

    // Every test of every run ended as its mode says: the ones listed failed, all others passed.
    for (const run of [def, none, missing, changed, all]) expect(run.code, [...run.tests].map(([t, o]) => `${t}: ${o.status}`).join('\n')).toBe(0);
  } finally {
    await Promise.all([def, none, missing, changed, all].map((r) => rm(r.dir, { recursive: true, force: true })));
  }
});
