// #13 item 9, the rest of the report: the code frame of each failure, the status / project filter with
// counts, the outline scrolled to the failing node, only the final toPass attempt's attachments, the
// view chosen by data. A real run (a Playwright project of its own over a real Zomato uiautomator dump
// and a real Compose dialog dump) opened in Debian's Chromium.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInner, type InnerRun } from '../runner/inner.js';
import { launchChromium, watchedPage } from './chromium.js';
import { renderReportHtml } from '../../runner/reporter/html.js';
import type { ReportTest } from '../../runner/reporter/model.js';
import { writeReport } from '../../runner/reporter/write.js';

test.describe.configure({ timeout: 180_000 });

const SPEC = `import { test, expect } from 'treewright';
test.describe('zomato', () => {
  test.use({ source: 'file:\${FIXTURES}/uiautomator/023.xml' });
  test('checkout is hittable', async ({ device }) => {
    await expect(device.byTag('checkout_button_bg').first()).toBeHittable({ timeout: 0 });
  });
  test('toPass that passes on its third attempt', async ({ device }) => {
    let n = 0;
    await expect(async () => {
      n++;
      await expect(device.byTag(n < 3 ? 'no_such_tag' : 'restaurantNameToolbar')).toBeVisible({ timeout: 0 });
    }).toPass({ intervals: [10], timeout: 10_000 });
  });
  test('toPass that never passes', async ({ device }) => {
    await expect(async () => {
      await expect(device.byTag('no_such_tag')).toBeVisible({ timeout: 0 });
    }).toPass({ intervals: [20], timeout: 600 });
  });
  test('a passing test', async ({ device }) => {
    await expect(device.byTag('restaurantNameToolbar')).toBeVisible();
  });
  test.skip('a skipped test', async () => {});
  test('a known bug', async ({ device }) => {
    test.fail();
    await expect(device.byTag('no_such_tag')).toBeVisible({ timeout: 0 });
  });
});
test.describe('dialog', () => {
  test.use({ source: 'file:\${FIXTURES}/uiautomator/005.xml' });
  test('click on a typo', async ({ device }) => {
    await device.byText('Guardra').click({ timeout: 300 });
  });
});
`;

let run: InnerRun;
let browser: Browser;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [run, browser] = await Promise.all([runInner('report-view', { 'view.spec.ts': SPEC }), launchChromium()]);
});

test.afterAll(async () => {
  await browser?.close();
  await run?.remove();
});

const byTitle = (title: string) => run.tests.find((t) => t.title === title)!;
/** A test's row on the page, by its title (not by text inside it: code frames quote other tests' titles). */
const row = (page: Page, title: string) => page.locator('article.tw-test', { has: page.locator('h2', { hasText: new RegExp(`(^| › )${title}$`) }) });

test('toPass: a passing test keeps no failed attempt\'s attachments; a failing one only its final attempt\'s', () => {
  const passed = byTitle('toPass that passes on its third attempt');
  expect(passed.status).toBe('passed');
  expect(passed.attachments.filter((a) => a.startsWith('treewright-to') || a.startsWith('toBeVisible-'))).toEqual([]);
  const failed = byTitle('toPass that never passes');
  expect(failed.status, JSON.stringify(failed)).toBe('failed');
  // ~600 ms of attempts 20 ms apart: many failed attempts, one set of attachments (the last attempt's).
  expect(failed.attachments.filter((a) => a === 'treewright-toBeVisible'), JSON.stringify(failed.attachments)).toHaveLength(1);
  expect(failed.attachments).toEqual(expect.arrayContaining(['toBeVisible-outline.txt', 'toBeVisible-wireframe.svg']));
  expect(run.stdout).toMatch(/7 tests \(3 passed, 3 failed, 1 skipped\)/);
});

async function openReport(): Promise<{ page: Page; incidents: Awaited<ReturnType<typeof watchedPage>>['incidents'] }> {
  const w = await watchedPage(browser);
  await w.page.goto(pathToFileURL(path.join(run.dir, 'report/index.html')).href);
  return w;
}

test('each failure has its code frame: the spec file:line, the lines around it, the failing line marked', async () => {
  const html = await run.read('report/index.html');
  const section = (matcher: string) => html.slice(html.indexOf(`data-matcher="${matcher}"`)).split('</section>')[0]!;
  const hittable = section('toBeHittable');
  expect(hittable).toContain('<code>view.spec.ts:5:');
  expect(hittable).toMatch(/<span class="cf-at">&gt; 5 \| {5}await expect\(device\.byTag\(&#39;checkout_button_bg&#39;\)\.first\(\)\)\.toBeHittable\(\{ timeout: 0 \}\);<\/span>/);
  expect(hittable).toContain('<span class="cf-ctx">  4 |   test(&#39;checkout is hittable&#39;');
  // The caret sits under the column Playwright reports for the call.
  expect(hittable).toMatch(/<span class="cf-caret"> {2} {2}\| {4,}\^<\/span>/);
  // An action's failure points at the action's line.
  const click = section('click');
  expect(click).toContain('<code>view.spec.ts:31:');
  expect(click).toContain("&gt; 31 |     await device.byText(&#39;Guardra&#39;).click({ timeout: 300 });");
  // The toPass failure points at the inner expect, where the final attempt failed.
  expect(section('toBeVisible')).toContain('&gt; 16 |       await expect(device.byTag(&#39;no_such_tag&#39;)).toBeVisible({ timeout: 0 });');
  // A same-window obscurer (the real dump's cart overlay): no "obscuring window" frame.
  expect(hittable).toContain('class="ob"');
  expect(hittable).not.toContain('obscuring window');
  expect(hittable).toContain('data-view="screen"');
});

test('in Chromium: the status filter and its counts hide and show rows; the outline is scrolled to the failing node', async ({}, testInfo) => {
  const { page, incidents } = await openReport();
  await expect(page.locator('#tw-count')).toHaveText('7 of 7 tests shown');
  await expect(page.locator('.counts button')).toHaveText(['passed 2', 'failed 3', 'flaky 0', 'skipped 1', 'expected-failure 1']);
  await page.locator('#tw-status').selectOption('failed');
  await expect(page.locator('#tw-count')).toHaveText('3 of 7 tests shown');
  await expect(row(page, 'a passing test')).toBeHidden();
  await expect(row(page, 'checkout is hittable')).toBeVisible();
  await page.locator('.counts button[data-outcome="skipped"]').click();
  await expect(page.locator('#tw-status')).toHaveValue('skipped');
  await expect(page.locator('#tw-count')).toHaveText('1 of 7 tests shown');
  await expect(row(page, 'a skipped test')).toBeVisible();
  await expect(row(page, 'checkout is hittable')).toBeHidden();
  await page.locator('.counts button[data-outcome="expected-failure"]').click();
  await expect(row(page, 'a known bug')).toBeVisible();
  await expect(page.locator('#tw-count')).toHaveText('1 of 7 tests shown');
  // Clicking the pressed status again clears it.
  await page.locator('.counts button[data-outcome="expected-failure"]').click();
  await expect(page.locator('#tw-count')).toHaveText('7 of 7 tests shown');

  // The outline of the hittability failure: 400 lines in a 720 px panel, the failing node's line in view.
  const failure = page.locator('section.tw-failure[data-matcher="toBeHittable"]');
  const panel = failure.locator('.tw-outline pre');
  const marked = panel.locator('mark.m-fail');
  await expect(marked).toHaveClass(/tw-focus/);
  await expect(marked).toContainText('tag=checkout_button_bg');
  const inView = async () => {
    const [p, m] = [await panel.boundingBox(), await marked.boundingBox()];
    return { scrolled: await panel.evaluate((e) => e.scrollTop), inside: !!p && !!m && m.y >= p.y && m.y + m.height <= p.y + p.height };
  };
  await expect.poll(inView).toEqual({ scrolled: expect.any(Number), inside: true });
  expect((await inView()).scrolled).toBeGreaterThan(0);
  // Closed and opened again (the failure expanded): scrolled to it again.
  await panel.evaluate((e) => { e.scrollTop = 0; });
  const summary = row(page, 'checkout is hittable').locator(':scope > details > summary');
  await summary.click();
  await summary.click();
  await expect.poll(async () => (await inView()).inside).toBe(true);

  await failure.scrollIntoViewIfNeeded();
  const shot = testInfo.outputPath('failure-view.png');
  await failure.screenshot({ path: shot });
  await testInfo.attach('failure view', { path: shot, contentType: 'image/png' });
  expect(incidents).toEqual({ dialogs: [], errors: [], requests: [] });
  await page.close();
});

test('in Chromium: the project filter lists each project and hides the others\' rows', async () => {
  const t = (project: string, title: string, extra: Partial<ReportTest> = {}): ReportTest => ({
    key: ['a.spec.ts', project, title].join('\u0000'), project, file: 'a.spec.ts', line: 1, column: 1, title: [title],
    status: 'passed', failed: false, flaky: false, durationMs: 1, attempts: [], ...extra,
  });
  const model = { title: 'projects', tests: [t('android', 'one'), t('ios', 'one'), t('ios', 'two', { status: 'failed', failed: true }), t('web', 'three', { flaky: true, failed: true })] };
  expect(renderReportHtml(model)).toContain('<option value="android">android</option><option value="ios">ios</option><option value="web">web</option>');
  // A folder of its own, as safety.spec.ts's: the file once went missing from the test's output folder
  // between the write and the page's load, under a full suite.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-projects-'));
  const file = await writeReport(model, dir);
  const { page, incidents } = await watchedPage(browser);
  await page.goto(pathToFileURL(file).href);
  await page.locator('#tw-project').selectOption('ios');
  await expect(page.locator('#tw-count')).toHaveText('2 of 4 tests shown');
  await expect(page.locator('article.tw-test[data-project="android"]')).toBeHidden();
  await expect(page.locator('article.tw-test[data-project="ios"]')).toHaveCount(2);
  await page.locator('#tw-status').selectOption('failed');
  await expect(page.locator('#tw-count')).toHaveText('1 of 4 tests shown');
  await page.locator('#tw-project').selectOption('');
  await page.locator('#tw-status').selectOption('flaky');
  await expect(page.locator('article.tw-test:visible')).toHaveAttribute('data-project', 'web');
  expect(incidents).toEqual({ dialogs: [], errors: [], requests: [] });
  await page.close();
  await rm(dir, { recursive: true, force: true });
});
