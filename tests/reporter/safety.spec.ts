// Safety: markup planted in every string the page shows — node texts, descriptions, tags, class names,
// window ids and labels, finding rules and messages, drift cells, golden texts, step titles, receipts,
// error messages, test and file names — is shown literally, and nothing runs, in real Chromium.
import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding } from '../../src/common/finding.js';
import { diffTrees } from '../../src/analysis/diff.js';
import { importTree } from '../../src/formats/index.js';
import { walk } from '../../src/model/node.js';
import type { Node } from '../../src/model/schema.js';
import { buildFailureReport } from '../../src/render/failure-report.js';
import { goldenReport } from '../../src/render/golden-report.js';
import { formatGolden, goldenTreeOf, parseGolden } from '../../src/outline/golden.js';
import type { ReportModel } from '../../runner/reporter/model.js';
import { writeReport } from '../../runner/reporter/write.js';
import { launchChromium, watchedPage } from './chromium.js';
import { PLANTED, plantedTree } from './suite.js';

const EVIL = {
  rule: 'x"><img src=x onerror=alert(6)>',
  file: '"><img src=x onerror=alert(7)>.spec.ts',
  quote: "'); alert(8); ('",
};

function plantedModel(): ReportModel {
  const s = importTree(plantedTree(), { where: 'planted.json' });
  const nodes: Node[] = [];
  walk(s, ({ node }) => { nodes.push(node); });
  const evil = nodes.find((n) => n.tag === 'evil')!;
  const finding = (check: Finding['check'], node: Node): Finding => ({
    check, rule: EVIL.rule, severity: 'error', nodeId: node.id, rootId: PLANTED.script, node: PLANTED.svg, message: PLANTED.script,
    data: { label: PLANTED.img, token: PLANTED.script, facet: PLANTED.svg, expected: EVIL.quote, actual: PLANTED.desc },
  });
  const actual = goldenTreeOf(s);
  const actualText = formatGolden(actual);
  const expectedText = actualText.replace('"<script>alert(1)</script>"', '"<script>alert(9)</script>"');
  const golden = goldenReport({ name: PLANTED.script, path: PLANTED.img }, diffTrees(parseGolden(expectedText), actual), expectedText, actual, actualText);
  const failures = [
    buildFailureReport({ matcher: 'toHaveText', call: PLANTED.script, target: 'locator', locator: PLANTED.img, expected: PLANTED.svg, received: EVIL.quote, details: [PLANTED.script], snapshot: s, nodes: [evil] }),
    buildFailureReport({ matcher: 'toPassA11y', target: 'device', locator: PLANTED.desc, expected: '', received: '', snapshot: s, findings: [finding('a11y', nodes[2]!), finding('drift', nodes[3]!)] }),
    buildFailureReport({ matcher: 'toMatchGoldenTree', target: 'device', locator: PLANTED.script, expected: '', received: '', golden }),
  ];
  const step = { title: PLANTED.script, category: 'test.step', durationMs: 1, error: PLANTED.img, steps: [] };
  const receiptStep = {
    title: EVIL.quote, category: 'test.step', durationMs: 1, steps: [],
    receipt: { call: EVIL.quote, locator: PLANTED.img, action: 'click' as const, node: PLANTED.svg, nodeId: '2', via: PLANTED.script as never, before: '1', after: '2', changed: true, message: PLANTED.script },
  };
  return {
    title: PLANTED.script,
    tests: [{
      key: 'k', project: PLANTED.img, file: EVIL.file, line: 1, column: 1, title: [PLANTED.svg, PLANTED.script], status: 'failed', failed: true, flaky: false, durationMs: 1,
      attempts: [{ retry: 0, status: 'failed', durationMs: 1, failures, errors: [PLANTED.img, PLANTED.svg], steps: [step, receiptStep] }],
    }],
  };
}

test('every planted string is shown literally and nothing runs', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-safety-'));
  const browser = await launchChromium();
  try {
    const file = await writeReport(plantedModel(), dir);
    const { page, incidents } = await watchedPage(browser);
    await page.goto(pathToFileURL(file).href);
    await expect(page.locator('#tw-count')).toHaveText('1 of 1 tests shown');
    // The filters still work with a rule and a file name made of markup.
    await page.getByLabel('Rule').selectOption(EVIL.rule.replace(/\s+/g, '_'));
    await page.getByLabel('File').selectOption(EVIL.file);
    await expect(page.locator('#tw-count')).toHaveText('1 of 1 tests shown');
    await page.getByLabel('Failed only').check();
    await page.getByPlaceholder('filter by title').fill('<script>');
    await expect(page.locator('#tw-count')).toHaveText('1 of 1 tests shown');
    // Hover everything once: no onmouseover may fire either.
    for (const el of await page.locator('svg.tw-wf rect').all()) await el.hover({ force: true, timeout: 2000 }).catch(() => {});

    const text = await page.evaluate(() => document.body.innerText);
    for (const s of [PLANTED.script, PLANTED.img, PLANTED.svg, PLANTED.desc, EVIL.rule, EVIL.file, EVIL.quote]) expect(text).toContain(s);
    expect(await page.title()).toBe(PLANTED.script);
    const labels = await page.locator('svg.tw-wf text.lb').allTextContents();
    expect(labels).toEqual(expect.arrayContaining([PLANTED.script, PLANTED.img, PLANTED.svg]));
    // Nothing was injected: no images, no planted elements, our one script, only our SVGs.
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('#pwned, b').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('svg').count()).toBe(await page.locator('svg.tw-wf').count());
    expect(await page.locator('svg.tw-wf').count()).toBe(4);
    expect(await page.evaluate(() => Array.from(document.querySelectorAll('*')).some((e) => Array.from(e.attributes).some((a) => a.name.startsWith('on'))))).toBe(false);
    expect(incidents).toEqual({ dialogs: [], errors: [], requests: [] });
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
});
