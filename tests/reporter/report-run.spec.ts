// The reporter run for real: a deliberately failing suite (tests/reporter/suite.ts) run by Playwright with
// `['treewright/reporter', …]`, sharded into blob reports and merged, and its page opened in headless
// Chromium. The runs happen once, in beforeAll, and every test below reads them.
import { test, expect, type Browser } from '@playwright/test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTreewrightReport, REPORT_CONTENT_TYPE } from '../../src/render/failure-report.js';
import { launchChromium, watchedPage } from './chromium.js';
import { PLANTED, removeSuite, runSuite, type SuiteRuns } from './suite.js';

test.describe.configure({ timeout: 180_000 });

let runs: SuiteRuns;
let browser: Browser;

test.beforeAll(async () => {
  // Three Playwright runs of the suite (one unsharded, two shards) and a browser, on CI's 2 cores.
  test.setTimeout(180_000);
  [runs, browser] = await Promise.all([runSuite(), launchChromium()]);
});

test.afterAll(async () => {
  await browser?.close();
  if (runs) await removeSuite(runs.dir);
});

/** The page without timings (the only thing two runs of the same suite may differ in). */
const untimed = (html: string) => html.replace(/<span class="dur">[^<]*<\/span>/g, '');

const sections = (html: string) => [...html.matchAll(/<section class="tw-failure" data-matcher="([^"]+)"[\s\S]*?<\/section>/g)];

const MATCHERS = ['toBeVisible', 'toPassA11y', 'toHaveNoTokenDrift', 'toMatchGoldenTree', 'toHaveText', 'toBeHittable'];

test('the run fails, prints the summary paragraph, and writes a section for every treewright failure', () => {
  expect(runs.full.exitCode, runs.full.stdout + runs.full.stderr).toBe(1);
  expect(runs.full.stdout).toContain(
    'treewright: 8 tests (2 passed, 6 failed); 6 treewright failures; a11y findings: 2 errors, 0 warnings, 0 info; 4 token drifts; 3 golden changes. Report: report/index.html',
  );
  const html = runs.html;
  expect(html.match(/<article class="tw-test"/g)).toHaveLength(8);
  // Sorted by file: actions, checks (a11y, drift), golden, planted, reach.
  expect(sections(html).map((m) => m[1])).toEqual(MATCHERS);
  for (const [s] of sections(html)) expect(s).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="tw-wf"');

  const [visible, a11y, drift, golden, , hittable] = sections(html).map((m) => m[0]) as [string, string, string, string, string, string];
  // The locator in code form, the outline with the failing node marked, the obscuring node and window.
  expect(hittable).toContain("<dt>Locator</dt><dd><code>byTag(&#39;wifi&#39;)</code></dd>");
  expect(hittable).toContain('<mark class="m-fail" title="failing node">  - Switch #3 &quot;Wi-Fi&quot; toggle=on tag=wifi [clickable unhittable not-operable] actions=Click tap=180,224</mark>');
  expect(hittable).toContain('<mark class="m-obs" title="obscures the failing node">- Dialog #10 tag=confirm tap=180,280</mark>');
  expect(hittable).toMatch(/<rect class="ob" x="40" y="180" width="280" height="200" data-id="10">/);
  expect(hittable).toContain('obscuring window dialog');
  // The a11y overlay and findings; the drift table.
  expect(a11y).toMatch(/<rect class="se" x="304" y="16" width="40" height="40" data-id="1"\/>/);
  expect(a11y).toContain('<td class="sev-error">error</td><td>touch-target</td>');
  expect(drift).toContain('<tr class="sev-row-error"><td>3</td><td>card_two</td><td>RadiusCard</td><td>radius</td><td>16dp</td><td>24dp</td><td>token-mismatch</td></tr>');
  // Golden: two wireframes side by side next to the +/-/~ text diff.
  expect(golden.match(/<svg /g)).toHaveLength(2);
  expect(golden).toContain('<span class="add">+ node &quot;Untokenized subtitle&quot;');
  expect(golden).toContain('<span class="chg">~ node &quot;Card 1&quot; tag=card_one_label (line 6): text &quot;Card 1&quot; → &quot;Card One&quot;</span>');
  expect(golden).toContain('<span class="rem">- Button &quot;Help&quot;');
  expect(golden).toMatch(/class="n c dr" x="16" y="380"/);
  expect(golden).toMatch(/class="n da" x="16" y="64"/);
  // Actions: the step list with each receipt.
  const actions = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  expect(actions.match(/<div class="receipt">/g)).toHaveLength(3);
  expect(actions).toContain('<code>byTag(&#39;email&#39;).fill(&#39;ada@example.com&#39;)</code>');
  expect(actions).toContain('signed in as Ada');
  expect(visible).toContain('&lt;element(s) not found&gt;');
  // The passing tests show their steps and no failure section.
  const passing = [...html.matchAll(/<article class="tw-test" id="[^"]*" data-status="passed"[\s\S]*?<\/article>/g)].map((m) => m[0]);
  expect(passing).toHaveLength(2);
  for (const p of passing) {
    expect(p).not.toContain('tw-failure');
    expect(p).toContain('<div class="steps">');
  }
});

test('the same artefacts are attached to Playwright\'s own results', () => {
  const results: Array<{ title: string; attachments: Array<{ name: string; contentType: string; body?: string }> }> = [];
  const walk = (s: { specs?: Array<{ title: string; tests: Array<{ results: Array<{ attachments: never[] }> }> }>; suites?: unknown[] }) => {
    for (const sp of s.specs ?? []) for (const t of sp.tests) for (const r of t.results) results.push({ title: sp.title, attachments: r.attachments });
    for (const c of s.suites ?? []) walk(c as never);
  };
  for (const s of (runs.json as { suites: never[] }).suites) walk(s);
  const of = (title: string) => results.find((r) => r.title === title)!.attachments.filter((a) => a.name !== 'error-context');
  expect(of('the dialog obscures the Wi-Fi switch').map((a) => `${a.name} ${a.contentType}`)).toEqual([
    `treewright-toBeHittable ${REPORT_CONTENT_TYPE}`,
    'toBeHittable-outline.txt text/plain',
    'toBeHittable-snapshot.json application/json',
    'toBeHittable-wireframe.svg image/svg+xml',
  ]);
  const body = of('the dialog obscures the Wi-Fi switch')[0]!.body!;
  expect(parseTreewrightReport(Buffer.from(body, 'base64'))).toMatchObject({ matcher: 'toBeHittable', locator: "byTag('wifi')", nodeId: '3', obscuredBy: '10' });
  expect(of('home matches its golden tree').map((a) => a.name)).toEqual([
    'home-expected.tree', 'home-actual.tree', 'home-diff.txt',
    'treewright-toMatchGoldenTree', 'toMatchGoldenTree-golden-expected.svg', 'toMatchGoldenTree-golden-actual.svg',
  ]);
  expect(of('signing in greets the user').map((a) => a.name)).toContain('treewright-receipts');
  // Caught on purpose in a passing test: attached (Playwright keeps it), not shown as a failure (see above).
  expect(of('the Wi-Fi switch is on screen').map((a) => a.name)).toEqual(['treewright-toBeVisible', 'toBeVisible-outline.txt', 'toBeVisible-snapshot.json', 'toBeVisible-wireframe.svg']);
});

test('two shards merged from blob reports give the same treewright report as the unsharded run', () => {
  expect(runs.merged.exitCode, runs.merged.stdout + runs.merged.stderr).toBe(0);
  expect(runs.merged.stdout).toContain('6 treewright failures; a11y findings: 2 errors, 0 warnings, 0 info; 4 token drifts; 3 golden changes. Report: report-merged/index.html');
  expect(sections(runs.mergedHtml).map((m) => m[0])).toEqual(sections(runs.html).map((m) => m[0]));
  expect(untimed(runs.mergedHtml)).toBe(untimed(runs.html));
});

test('in Chromium from file://: every failure section, wireframe and diff is visible; "Failed only" and the rule filter work', async ({}, testInfo) => {
  const { page, incidents } = await watchedPage(browser);
  await page.goto(pathToFileURL(path.join(runs.dir, 'report/index.html')).href);
  await expect(page.locator('#tw-count')).toHaveText('8 of 8 tests shown');
  const failures = page.locator('section.tw-failure');
  await expect(failures).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const s = failures.nth(i);
    await expect(s).toBeVisible();
    await expect(s.locator('svg.tw-wf').first()).toBeVisible();
    const box = await s.locator('svg.tw-wf').first().boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(100);
  }
  const golden = page.locator('section.tw-failure[data-matcher="toMatchGoldenTree"]');
  await expect(golden.locator('.tw-golden svg.tw-wf')).toHaveCount(2);
  await expect(golden.locator('.tw-golden svg.tw-wf').nth(0)).toBeVisible();
  await expect(golden.locator('.tw-golden svg.tw-wf').nth(1)).toBeVisible();
  await expect(golden.locator('pre.diff')).toContainText('+ node "Untokenized subtitle"');
  // The two pictures start on the same line (one-line captions above them), the texts side by side in
  // rows: the removed Help button padded on the right, the added subtitle padded on the left.
  const [left, right] = [await golden.locator('.tw-golden svg.tw-wf').nth(0).boundingBox(), await golden.locator('.tw-golden svg.tw-wf').nth(1).boundingBox()];
  expect(right!.y).toBe(left!.y);
  expect(right!.x).toBeGreaterThan(left!.x + left!.width);
  await expect(golden.locator('table.tw-sbs tr.k-removed td.pad')).toHaveCount(2);
  await expect(golden.locator('table.tw-sbs tr.k-added td.pad')).toHaveCount(2);
  await expect(golden.locator('table.tw-sbs tr.k-changed td.r')).toContainText('"Card One"');
  await expect(page.locator('section.tw-failure[data-matcher="toHaveNoTokenDrift"] table.drift')).toBeVisible();
  await expect(page.locator('section.tw-failure[data-matcher="toPassA11y"] table.findings')).toBeVisible();

  const passing = page.locator('article.tw-test[data-failed="0"]');
  await expect(passing).toHaveCount(2);
  await expect(passing.first()).toBeVisible();
  await page.getByLabel('Failed only').check();
  await expect(page.locator('#tw-count')).toHaveText('6 of 8 tests shown');
  await expect(passing.first()).toBeHidden();
  await expect(passing.nth(1)).toBeHidden();
  await expect(page.locator('article.tw-test[data-failed="1"]')).toHaveCount(6);
  await page.getByLabel('Rule').selectOption('touch-target');
  await expect(page.locator('#tw-count')).toHaveText('1 of 8 tests shown');
  await expect(page.locator('section.tw-failure[data-matcher="toPassA11y"]')).toBeVisible();
  await expect(page.locator('section.tw-failure[data-matcher="toBeHittable"]')).toBeHidden();
  await page.getByLabel('Rule').selectOption('');
  await page.getByPlaceholder('filter by title').fill('golden');
  await expect(page.locator('#tw-count')).toHaveText('1 of 8 tests shown');
  await page.getByPlaceholder('filter by title').fill('');
  await expect(page.locator('#tw-count')).toHaveText('6 of 8 tests shown');

  const shot = testInfo.outputPath('report.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('report', { path: shot, contentType: 'image/png' });
  expect(incidents).toEqual({ dialogs: [], errors: [], requests: [] });
  await page.close();
});

test('in Chromium: the planted markup runs nothing and is shown literally', async () => {
  const { page, incidents } = await watchedPage(browser);
  await page.goto(pathToFileURL(path.join(runs.dir, 'report/index.html')).href);
  const planted = page.locator('section.tw-failure[data-matcher="toHaveText"]');
  await expect(planted).toBeVisible();
  const outline = await planted.locator('pre.outline').textContent();
  for (const s of [PLANTED.script, PLANTED.img, PLANTED.svg, PLANTED.rawRole, PLANTED.desc]) expect(outline).toContain(JSON.stringify(s).slice(1, -1));
  // Labels in the wireframe are the node texts, character for character.
  const labels = await planted.locator('svg.tw-wf text.lb').allTextContents();
  expect(labels).toEqual(expect.arrayContaining([PLANTED.script, PLANTED.img, PLANTED.svg]));
  await expect(planted.getByText(PLANTED.script, { exact: true }).first()).toBeVisible();
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.locator('#pwned').count()).toBe(0);
  expect(await page.locator('script').count()).toBe(1);
  expect(await page.evaluate(() => document.querySelectorAll('svg.tw-wf').length)).toBe(7);
  expect(incidents).toEqual({ dialogs: [], errors: [], requests: [] });
  await page.close();
});
