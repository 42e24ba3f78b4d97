// The `device` fixture and the `source` option, through the package as users get them.
import { test, expect } from 'treewright';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { execa } from 'execa';

test.describe('source from test.use', () => {
  test.use({ source: { kind: 'file', path: 'fixtures/trees/home.json' } });
  test('a descriptor source connects the device fixture', async ({ device }) => {
    await expect(device.byTag('home_title')).toHaveText('Home');
    expect(device.description).toBe('file:fixtures/trees/home.json');
  });
});

test.describe('string shorthand', () => {
  test.use({ source: 'file:fixtures/uiautomator/034.xml' });
  test('connects and closes', async ({ device }) => {
    await expect(device.byRole('Button', { name: 'EXIT', exact: true })).toBeVisible();
  });
});

test('TREEWRIGHT_SOURCE overrides the configured source; with none the reference app is used', async () => {
  const { chooseSource } = await import('../../runner/fixtures.js');
  expect(chooseSource('file:a.json', { TREEWRIGHT_SOURCE: 'file:b.xml' })).toBe('file:b.xml');
  expect(chooseSource('file:a.json', {})).toBe('file:a.json');
  expect(chooseSource(undefined, {})).toBe('reference');
});

test('file: paths resolve from the config file\'s folder; the lease wait ends before the test timeout', async () => {
  const { fixtureConnectOptions } = await import('../../runner/fixtures.js');
  const cfg = path.join(path.sep, 'repo', 'playwright.config.ts');
  expect(fixtureConnectOptions({ timeout: 30_000, config: { configFile: cfg } })).toEqual({ cwd: path.join(path.sep, 'repo'), leaseTimeout: 27_000 });
  expect(fixtureConnectOptions({ timeout: 2_000, config: { configFile: cfg } }).leaseTimeout).toBe(1_800);
  expect(fixtureConnectOptions({ timeout: 0, config: {} })).toEqual({ cwd: process.cwd() });
  expect(test.info().config.configFile).toBeTruthy(); // the real TestInfo has what the fixture reads
});

test('launched from another folder, the fixture still finds file: sources next to the config', async () => {
  test.setTimeout(60_000);
  const root = path.resolve('.');
  // Its own output folder: the config's (test-results/ beside it) is emptied when a run starts, under the tests running beside this one.
  const output = await mkdtemp(path.join(tmpdir(), 'tw-fixture-'));
  const r = await execa('node', [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', path.join(root, 'playwright.config.ts'), '--project=unit', 'package/fixture.spec.ts', '-g', 'connects', '--reporter=line', '--output', output], {
    cwd: tmpdir(), reject: false, env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(k))), extendEnv: false,
  });
  await rm(output, { recursive: true, force: true });
  expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/\b2 passed/);
});

test('a failing close keeps the first error, with the close failure as its cause', async () => {
  const { closingAfter } = await import('../../runner/fixtures.js');
  const first = new Error('test body failed');
  const closeErr = new Error('close failed');
  const err = await closingAfter(async () => { throw first; }, async () => { throw closeErr; }).catch((e) => e);
  expect(err).toBe(first);
  expect(err.cause).toBe(closeErr);
  expect(await closingAfter(async () => {}, async () => { throw closeErr; }).catch((e) => e)).toBe(closeErr);
  let closed = false;
  expect(await closingAfter(async () => { throw first; }, async () => { closed = true; }).catch((e) => e)).toBe(first);
  expect(closed).toBe(true);
});
