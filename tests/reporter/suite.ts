/**
 * A tiny, deliberately failing Playwright suite written into a temporary folder inside the repository
 * (so `import { test, expect } from 'treewright'` resolves to this package through its exports map,
 * i.e. from dist/ — run `npm run build` first), and the runs of it the reporter tests share: one
 * unsharded run with the treewright and json reporters, two blob shards, and their merge.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import { importTree } from '../../src/formats/index.js';
import { toGolden } from '../../src/outline/golden.js';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Strings planted in node texts, descriptions, tags and class names; the report must show them literally. */
export const PLANTED = {
  script: '<script>alert(1)</script>',
  img: '"><img src=x onerror=alert(2)>',
  svg: '</svg><b id="pwned">bold</b>',
  tag: 'evil',
  rawRole: "</title><img src=x onerror=alert(3)>'",
  desc: "' onmouseover='alert(4)",
};

const r = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

/** An app window with a Wi-Fi switch, and a touch-modal dialog over it: the switch is obscured. */
export function dialogTree(): string {
  const app = makeNode('1', { tag: 'app_root', bounds: r(0, 0, 360, 800) }, [
    makeNode('2', { role: 'Heading', text: 'Settings', heading: true, bounds: r(16, 16, 328, 40) }),
    makeNode('3', { role: 'Switch', tag: 'wifi', text: 'Wi-Fi', clickable: true, toggle: 'on', actions: ['Click'], bounds: r(16, 200, 328, 48) }),
    makeNode('4', { role: 'Button', tag: 'sign_out', text: 'Sign out', clickable: true, actions: ['Click'], bounds: r(16, 600, 328, 48) }),
  ]);
  const dialog = makeNode('10', { role: 'Dialog', tag: 'confirm', bounds: r(40, 180, 280, 200) }, [
    makeNode('11', { role: 'Text', text: 'Sign out?', bounds: r(56, 196, 248, 32) }),
    makeNode('12', { role: 'Button', tag: 'cancel', text: 'Cancel', clickable: true, actions: ['Click'], bounds: r(56, 316, 120, 48) }),
  ]);
  return snapshotToJson(makeSnapshot({
    source: 'dialog.json',
    capturedAt: '2026-01-01T00:00:00.000Z',
    roots: [
      { rootId: 'app', label: 'Settings', unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: app },
      { rootId: 'dialog', label: 'Sign out?', unit: 'px', density: 1, windowOffset: { x: 40, y: 180 }, touchModal: true, node: dialog },
    ],
  }));
}

/** A screen whose node strings are markup. */
export function plantedTree(): string {
  const root = makeNode('1', { tag: 'root', bounds: r(0, 0, 360, 640) }, [
    makeNode('2', { tag: PLANTED.tag, text: PLANTED.script, contentDescription: PLANTED.desc, rawRole: PLANTED.rawRole, bounds: r(8, 8, 344, 120) }, [
      makeNode('3', { text: PLANTED.img, tag: PLANTED.img, bounds: r(16, 150, 328, 60) }),
      makeNode('4', { text: PLANTED.svg, contentDescription: PLANTED.svg, rawRole: PLANTED.svg, bounds: r(16, 230, 328, 60) }),
    ]),
  ]);
  return snapshotToJson(makeSnapshot({
    source: 'planted.json',
    capturedAt: '2026-01-01T00:00:00.000Z',
    roots: [{ rootId: PLANTED.script, label: PLANTED.img, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: root }],
  }));
}

/** home.json's golden, edited: the subtitle line removed (→ added), Card One renamed (→ changed), a Help button added (→ removed). */
export function editedHomeGolden(homeJson: string): string {
  const golden = toGolden(importTree(homeJson, { where: 'home.json' }));
  const lines = golden.split('\n').filter((l) => !l.includes('"Untokenized subtitle"'));
  const edited = lines.map((l) => l.replace('"Card One"', '"Card 1"'));
  const at = edited.findIndex((l) => l.includes('tag=card_two ')) ;
  edited.splice(at, 0, '  - Button "Help" tag=help bounds=16,380,328,48 [clickable] actions=Click');
  return edited.join('\n');
}

// Playwright starts a new worker after each failed test, so each passing test is declared just before a
// failing one: it runs in the worker that failing test ends, in the unsharded run and in either shard.
const SPECS: Record<string, string> = {
  'reach.spec.ts': `import { test, expect } from 'treewright';
test.use({ source: 'file:trees/dialog.json' });
test('the Wi-Fi switch is on screen', async ({ device }) => {
  await expect(device.byTag('wifi')).toBeVisible();
  await expect(device.byRole('Dialog')).toHaveCount(1);
  // A failure caught on purpose is attached, but the test passes: the report shows no failure for it.
  await expect(expect(device.byTag('nope')).toBeVisible({ timeout: 0 })).rejects.toThrow('toBeVisible');
});
test('the dialog obscures the Wi-Fi switch', async ({ device }) => {
  await expect(device.byTag('wifi')).toBeHittable();
});
`,
  'checks.spec.ts': `import { test, expect } from 'treewright';
test.describe('accessibility', () => {
  test.use({ source: 'file:trees/a11y-tree.json' });
  test('the a11y screen passes the audit', async ({ device }) => {
    await expect(device).toPassA11y();
  });
});
test.describe('tokens', () => {
  test.use({ source: 'file:trees/home.json' });
  test('home title', async ({ device }) => {
    await expect(device.byTag('home_title')).toHaveText('Home');
  });
  test('home uses its design tokens', async ({ device }) => {
    await expect(device).toHaveNoTokenDrift({ catalog: 'design-system.json' });
  });
});
`,
  'golden.spec.ts': `import { test, expect } from 'treewright';
test.use({ source: 'file:trees/home.json' });
test('home matches its golden tree', async ({ device }) => {
  await expect(device).toMatchGoldenTree('home');
});
`,
  'actions.spec.ts': `import { test, expect } from 'treewright';
test('signing in greets the user', async ({ device }) => {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
  await expect(device.byText('Welcome, Grace')).toBeVisible();
});
`,
  'planted.spec.ts': `import { test, expect } from 'treewright';
test.use({ source: 'file:trees/planted.json' });
test('planted markup is shown as text', async ({ device }) => {
  await expect(device.byTag('evil')).toHaveText('safe');
});
`,
};

const CONFIG = `import { defineConfig } from '@playwright/test';
const blob = process.env.TW_BLOB_DIR;
export default defineConfig({
  testDir: 'specs',
  outputDir: process.env.TW_OUTPUT_DIR ?? 'test-results',
  snapshotPathTemplate: 'golden/{arg}{ext}',
  fullyParallel: true,
  // The unsharded run has two workers (the report gathers results from both); each shard is a process of
  // its own already, so one worker each keeps the three runs from crowding CI's two cores.
  workers: blob ? 1 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 300 },
  reporter: blob
    ? [['blob', { outputDir: blob }]]
    : [['treewright/reporter', { outputFolder: 'report', open: 'never' }], ['json', { outputFile: 'results.json' }]],
});
`;

const MERGE_CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: 'specs',
  reporter: [['treewright/reporter', { outputFolder: 'report-merged', open: 'never' }]],
});
`;

export interface SuiteRuns {
  dir: string;
  /** The unsharded run: exit code and stdout (the summary paragraph is printed there). */
  full: { exitCode: number; stdout: string; stderr: string };
  merged: { exitCode: number; stdout: string; stderr: string };
  html: string;
  mergedHtml: string;
  /** The json reporter's output of the unsharded run (attachments as Playwright stores them). */
  json: unknown;
}

/** Fails with the next step when the package was not built: the suite imports treewright from dist/. */
export function assertBuilt(): void {
  for (const f of ['dist/runner/index.js', 'dist/runner/reporter/index.js', 'dist/matchers/index.js']) {
    if (!existsSync(path.join(REPO, f))) throw new Error(`${f} is missing: run \`npm run build\` before the reporter tests (npm test does).`);
  }
}

const pw = (dir: string, args: string[], env: Record<string, string> = {}) =>
  execa('node', [path.join(REPO, 'node_modules/@playwright/test/cli.js'), ...args], {
    cwd: dir, reject: false, all: false, env: { ...env, CI: '', FORCE_COLOR: '0', TREEWRIGHT_SOURCE: '' },
  });

/** Writes the suite and runs it: unsharded, two blob shards (in parallel), then the merge. */
export async function runSuite(): Promise<SuiteRuns> {
  assertBuilt();
  await mkdir(path.join(REPO, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(REPO, '.tmp', 'reporter-'));
  await mkdir(path.join(dir, 'specs'));
  await mkdir(path.join(dir, 'trees'));
  await mkdir(path.join(dir, 'golden'));
  // Playwright resolves a reporter's name with require.resolve from the config's folder, which finds
  // packages in node_modules (as a user's project has it) but not a package's reference to itself.
  await mkdir(path.join(dir, 'node_modules'));
  await symlink(REPO, path.join(dir, 'node_modules', 'treewright'), 'dir');
  for (const [name, text] of Object.entries(SPECS)) await writeFile(path.join(dir, 'specs', name), text);
  await writeFile(path.join(dir, 'playwright.config.ts'), CONFIG);
  await writeFile(path.join(dir, 'merge.config.ts'), MERGE_CONFIG);
  await writeFile(path.join(dir, 'trees/dialog.json'), dialogTree());
  await writeFile(path.join(dir, 'trees/planted.json'), plantedTree());
  for (const f of ['a11y-tree.json', 'home.json']) await cp(path.join(REPO, 'fixtures/trees', f), path.join(dir, 'trees', f));
  await cp(path.join(REPO, 'fixtures/design-system.json'), path.join(dir, 'design-system.json'));
  const home = await readFile(path.join(REPO, 'fixtures/trees/home.json'), 'utf8');
  await writeFile(path.join(dir, 'golden/home.tree'), editedHomeGolden(home));

  // Each run has a transform cache of its own: runs at once sharing Playwright's one cache folder can
  // read a transformed spec another is still writing, and then report its lines unmapped.
  const cache = (name: string) => ({ PLAYWRIGHT_TRANSFORM_CACHE_DIR: path.join(dir, `cache-${name}`) });
  const [full, s1, s2] = await Promise.all([
    pw(dir, ['test', '--config', 'playwright.config.ts'], { TW_OUTPUT_DIR: 'results-full', ...cache('full') }),
    pw(dir, ['test', '--config', 'playwright.config.ts', '--shard=1/2'], { TW_OUTPUT_DIR: 'results-1', TW_BLOB_DIR: 'blob-1', ...cache('1') }),
    pw(dir, ['test', '--config', 'playwright.config.ts', '--shard=2/2'], { TW_OUTPUT_DIR: 'results-2', TW_BLOB_DIR: 'blob-2', ...cache('2') }),
  ]);
  for (const [name, run] of [['shard 1/2', s1], ['shard 2/2', s2]] as const) {
    if (run.exitCode !== 1) throw new Error(`${name} exited ${run.exitCode} (expected 1: the suite fails on purpose)\n${run.stdout}\n${run.stderr}`);
  }
  await mkdir(path.join(dir, 'blobs'));
  for (const b of ['blob-1', 'blob-2']) {
    for (const f of await readdir(path.join(dir, b))) await cp(path.join(dir, b, f), path.join(dir, 'blobs', f));
  }
  const merged = await pw(dir, ['merge-reports', '--config', 'merge.config.ts', 'blobs'], cache('merge'));
  const read = (p: string) => readFile(path.join(dir, p), 'utf8').catch(() => '');
  return {
    dir,
    full: { exitCode: full.exitCode ?? -1, stdout: full.stdout, stderr: full.stderr },
    merged: { exitCode: merged.exitCode ?? -1, stdout: merged.stdout, stderr: merged.stderr },
    html: await read('report/index.html'),
    mergedHtml: await read('report-merged/index.html'),
    json: JSON.parse((await read('results.json')) || 'null'),
  };
}

export async function removeSuite(dir: string): Promise<void> {
  if (!process.env.TREEWRIGHT_KEEP_TMP) await rm(dir, { recursive: true, force: true });
}
