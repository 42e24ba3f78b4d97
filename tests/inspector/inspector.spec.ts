// `treewright inspector` driven as a person uses it: the page in real Chromium, the server on
// 127.0.0.1 at a free port, a device behind it (the reference app, a real Compose dump). Every locator
// the page shows is resolved on the session's capture and must find exactly the picked node.
import { test, expect, chromium, type Browser, type Page } from '@playwright/test';
import { execa } from 'execa';
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'node:http';
import { connect } from '../../src/devices/connect.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { startInspector, type Inspector } from '../../runner/inspector/server.js';
import { CHROMIUM_ARGS, findChromium } from '../../src/devices/chromium.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const COMPOSE_DUMP = path.join(REPO, 'fixtures/uiautomator/016.xml');

let browser: Browser;
test.beforeAll(async () => { browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS }); });
test.afterAll(async () => { await browser?.close(); });

async function inspector(source: string, extra: { saveRoot?: string } = {}): Promise<Inspector> {
  return startInspector({ source, open: (s) => connect(s), interval: 150, port: 0, actionTimeout: 3_000, ...extra });
}

async function open(i: Inspector): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(i.url).origin });
  const page = await context.newPage();
  await page.goto(i.url);
  await expect(page.locator('#outline .row[data-id]').first()).toBeVisible();
  return page;
}

/** The locator the page shows resolves, on the session's current capture, to exactly the picked node. */
async function expectShownLocatorFinds(page: Page, i: Inspector, id: string): Promise<string> {
  await expect(page.locator('#picked')).toHaveAttribute('data-id', id);
  const code = (await page.locator('#locator').textContent())!;
  const found = resolveSelector(i.session.snapshot()!, parseLocator(code));
  expect(found.map((n) => n.id), code).toEqual([id]);
  return code;
}

test('a request without the token, with a wrong one or from another host name gets 403', async () => {
  const i = await inspector(`file:${COMPOSE_DUMP}`);
  try {
    const base = new URL(i.url);
    expect((await fetch(base.origin + '/')).status).toBe(403);
    expect((await fetch(`${base.origin}/api/state`)).status).toBe(403);
    expect((await fetch(`${base.origin}/${'x'.repeat(i.token.length)}/api/state`)).status).toBe(403);
    // A page on another name that resolves to 127.0.0.1 (DNS rebinding) sends its own Host.
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port: i.port, path: new URL(i.url).pathname + 'api/state', headers: { host: `evil.example:${i.port}` } }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject).end();
    });
    expect(status).toBe(403);
    expect((await fetch(i.url + 'api/state')).status).toBe(200);
    expect(base.hostname).toBe('127.0.0.1');
  } finally {
    await i.close();
  }
});

test('pick on a real Compose dump: hover highlights in both views, a click shows the facts and a locator that finds exactly that node', async () => {
  const i = await inspector(`file:${COMPOSE_DUMP}`);
  try {
    const page = await open(i);
    // Hover a wireframe node: its outline row lights up, and the other way round.
    const rect = page.locator('#wire rect[data-id="35"]').first();
    // (dispatched: a label or a child drawn over the box would take a pointer aimed at it)
    await rect.dispatchEvent('mouseover');
    await expect(page.locator('.row[data-id="35"]')).toHaveClass(/hl/);
    await page.locator('.row[data-id="28"]').hover();
    await expect(page.locator('#wire rect[data-id="28"]').first()).toHaveClass(/hl/);

    // Pick from the outline and from the wireframe.
    await page.locator('.row[data-id="28"]').click();
    expect(await expectShownLocatorFinds(page, i, '28')).toBe("getByTestId('text_separator').getByTestId('message_text')");
    await expect(page.locator('[data-fact="tap point"]')).toHaveText(/^\d+,\d+$/);
    await expect(page.locator('[data-fact="covered by"]')).toHaveText('nothing');
    await rect.dispatchEvent('click');
    await expectShownLocatorFinds(page, i, '35');
    // Several more nodes of the screen, each through the page.
    for (const row of await page.locator('.row[data-id]').all().then((rows) => rows.filter((_, k) => k % 9 === 0))) {
      await row.click();
      await expectShownLocatorFinds(page, i, (await row.getAttribute('data-id'))!);
    }
    // The copy button puts the locator on the clipboard.
    await page.locator('#copy').click();
    await expect(page.locator('#msg')).toHaveText('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.locator('#locator').textContent());
    // A file device does not act: no action buttons.
    await expect(page.locator('#acting')).toBeHidden();

    // A finding picks its node.
    const finding = page.locator('#findings li[data-node]').first();
    const nodeId = (await finding.getAttribute('data-node'))!;
    await finding.click();
    await expectShownLocatorFinds(page, i, nodeId);
  } finally {
    await i.close();
  }
});

test('on the reference app: act from the page, see the delta, record three steps and save a spec that passes', async () => {
  test.setTimeout(120_000);
  const tmp = await mkdtemp(path.join(REPO, '.tw-inspector-'));
  const i = await inspector('reference', { saveRoot: tmp });
  try {
    const page = await open(i);
    await page.locator('#record').check();
    const rowOf = (text: string) => page.locator('.row[data-id]', { hasText: text }).first();

    await rowOf('tag=email').click();
    await expectShownLocatorFinds(page, i, (await rowOf('tag=email').getAttribute('data-id'))!);
    await expect(page.locator('#acting')).toBeVisible();
    const generation = await page.locator('#generation').textContent();
    await page.locator('#fill-text').fill('ada@example.com');
    await page.getByRole('button', { name: 'Fill' }).click();
    await expect(page.locator('#msg')).toHaveText(/^done: await device\..*\.fill\('ada@example\.com'\);/);
    // The capture after the action: a new generation, the field marked as changed in both views.
    await expect(page.locator('#generation')).not.toHaveText(generation!);
    await expect(rowOf('tag=email')).toHaveClass(/delta/);
    await expect(page.locator(`#wire rect.dc[data-id="${await rowOf('tag=email').getAttribute('data-id')}"]`)).toBeAttached();

    await rowOf('tag=password').click();
    await page.locator('#fill-text').fill('correct horse');
    await page.getByRole('button', { name: 'Fill' }).click();
    await expect(page.locator('#msg')).toHaveText(/^done: /);

    const signIn = page.locator('.row[data-id]').filter({ hasText: /^\s*- Button .*"Sign in"/ }).first();
    await signIn.click();
    await expectShownLocatorFinds(page, i, (await signIn.getAttribute('data-id'))!);
    await page.getByRole('button', { name: 'Click', exact: true }).click();
    await expect(page.locator('#msg')).toHaveText(/^done: /);
    // The click's delta: the next screen's nodes are new, marked in both views.
    await expect(rowOf('Welcome, Ada')).toHaveClass(/delta/);
    await expect(page.locator(`#wire rect.da[data-id="${await rowOf('Welcome, Ada').getAttribute('data-id')}"]`)).toBeAttached();

    const welcome = rowOf('Welcome, Ada');
    await welcome.click();
    await page.getByRole('button', { name: 'toBeVisible' }).click();
    await page.getByRole('button', { name: 'toHaveText' }).click();
    await expect(page.locator('#lines')).toHaveText(/toHaveText\('Welcome, Ada'\)/);
    const lines = (await page.locator('#lines').textContent())!.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 3).map((l) => l.replace(/device\..*?\.(fill|click)\(/, 'device.…$1('))).toEqual([
      "await device.…fill('ada@example.com');", "await device.…fill('correct horse');", 'await device.…click();',
    ]);

    await page.locator('#save-path').fill('recorded.spec.ts');
    await page.locator('#save').click();
    await expect(page.locator('#msg')).toHaveText('saved recorded.spec.ts');
    const code = await readFile(path.join(tmp, 'recorded.spec.ts'), 'utf8');
    expect(code).toContain("import { test, expect } from 'treewright';");
    expect(code).toContain("test.use({ source: 'reference' });");
    for (const l of lines) expect(code).toContain(`  ${l}\n`);

    // Run it as a user would: Playwright Test with its own config, against a fresh reference app.
    test.skip(!existsSync(path.join(REPO, 'dist/runner/index.js')), 'needs npm run build (the spec imports treewright)');
    await writeFile(path.join(tmp, 'playwright.config.ts'), "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', reporter: [['line']] });\n");
    const env = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !/^(PW_|PLAYWRIGHT_|TEST_|TREEWRIGHT_SOURCE)/.test(k))) as Record<string, string>;
    const run = await execa(process.execPath, [path.join(REPO, 'node_modules/@playwright/test/cli.js'), 'test', '-c', path.join(tmp, 'playwright.config.ts'), '--output', path.join(tmp, 'results')], { cwd: REPO, env, extendEnv: false, reject: false });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/1 passed/);
  } finally {
    await i.close();
    await rm(tmp, { recursive: true, force: true });
  }
});

test('a device that goes away shows a banner and is retried until it is back', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-inspector-'));
  const file = path.join(dir, 'screen.xml');
  await copyFile(COMPOSE_DUMP, file);
  const i = await inspector(`file:${file}`);
  try {
    const page = await open(i);
    await expect(page.locator('#banner')).toBeHidden();
    await rename(file, file + '.away');
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#banner')).toContainText('Retrying');
    await expect(page.locator('#banner')).toContainText('screen.xml');
    const before = Number(await page.locator('#captures').textContent());
    await rename(file + '.away', file);
    await expect(page.locator('#banner')).toBeHidden();
    expect(Number(await page.locator('#captures').textContent())).toBeGreaterThan(before);
  } finally {
    await i.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('the command prints the URL first, hints when no browser opener is there, and stops on SIGTERM', async () => {
  test.skip(!existsSync(path.join(REPO, 'dist/runner/cli.js')), 'needs npm run build');
  // No opener on PATH: the command says so in one line and keeps serving.
  const child = execa(process.execPath, [path.join(REPO, 'bin/treewright.js'), 'inspector', COMPOSE_DUMP, '--port', '0'], {
    env: { PATH: path.dirname(process.execPath) }, extendEnv: false, reject: false, cwd: REPO,
  });
  try {
    const first = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', resolve);
      void child.then((r) => reject(new Error(`exited ${r.exitCode}: ${r.stderr}`)), reject);
    });
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{24}\/$/);
    expect((await fetch(first + 'api/state')).status).toBe(200);
    expect((await fetch(new URL(first).origin + '/api/state')).status).toBe(403);
  } finally {
    child.kill('SIGTERM');
  }
  const r = await child;
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toMatch(/could not open a browser .*open the URL above yourself/);
  // A source that cannot mean anything fails at once, with the CLI's "did you mean".
  const bad = await execa(process.execPath, [path.join(REPO, 'bin/treewright.js'), 'inspector', 'refrence', '--no-open'], { reject: false, cwd: REPO });
  expect(bad.exitCode).toBe(2);
  expect(bad.stdout).toBe('');
  expect(bad.stderr).toContain('did you mean "reference"?');
});
