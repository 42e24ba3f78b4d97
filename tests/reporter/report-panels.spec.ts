// #13 item 9: golden and actual aligned row by row, and the view / panels chosen by data the failure
// carries (FailureReport.view, FailureReport.panels), never by the matcher's name.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importTree } from '../../src/formats/index.js';
import { diffTrees } from '../../src/analysis/diff.js';
import { formatGolden, goldenTreeOf, parseGolden } from '../../src/outline/golden.js';
import { goldenReport } from '../../src/render/golden-report.js';
import { alignGolden, lines } from '../../src/render/golden-align.js';
import { buildFailureReport, parseTreewrightReport, reportPanels, type FailureReport } from '../../src/render/failure-report.js';
import { renderReportHtml } from '../../runner/reporter/html.js';
import type { ReportFailure, ReportModel } from '../../runner/reporter/model.js';
import { toBeHittable } from '../../matchers/reachability.js';
import { toHaveText } from '../../matchers/text.js';
import { deviceOf } from '../helpers/build.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { dialogTree, editedHomeGolden } from './suite.js';

const home = () => importTree(readFileSync(path.resolve('fixtures/trees/home.json'), 'utf8'), { where: 'home.json' });

function homeReport() {
  const expectedText = editedHomeGolden(readFileSync(path.resolve('fixtures/trees/home.json'), 'utf8'));
  const actual = goldenTreeOf(home());
  const actualText = formatGolden(actual);
  return goldenReport({ name: 'home.tree', path: 'golden/home.tree' }, diffTrees(parseGolden(expectedText), actual), expectedText, actual, actualText);
}

/** Every line of both texts exactly once, in order, on its side. */
function checkComplete(rows: NonNullable<ReturnType<typeof alignGolden>>, left: number, right: number) {
  expect(rows.flatMap((r) => (r.left === null ? [] : [r.left]))).toEqual(Array.from({ length: left }, (_, i) => i + 1));
  expect(rows.flatMap((r) => (r.right === null ? [] : [r.right]))).toEqual(Array.from({ length: right }, (_, i) => i + 1));
}

test('golden vs actual: unchanged lines share a row, removed / added lines are padded, a changed node\'s two lines share one', () => {
  const g = homeReport();
  const rows = alignGolden(g)!;
  const left = lines(g.expected!), right = lines(g.actual!);
  checkComplete(rows, left.length, right.length);
  for (const r of rows) {
    if (r.kind === 'same') expect(left[r.left! - 1]).toBe(right[r.right! - 1]);
  }
  const kinds = (k: string) => rows.filter((r) => r.kind === k);
  // The Help button only in the golden, the subtitle only in the actual tree, Card 1 → Card One on one row.
  expect(kinds('removed').map((r) => [left[r.left! - 1]!.trim(), r.right])).toEqual([['- Button "Help" tag=help bounds=16,380,328,48 [clickable] actions=Click', null]]);
  expect(kinds('added').map((r) => [r.left, right[r.right! - 1]!.includes('"Untokenized subtitle"')])).toEqual([[null, true]]);
  const changed = kinds('changed');
  expect(changed).toHaveLength(1);
  expect(left[changed[0]!.left! - 1]).toContain('"Card 1"');
  expect(right[changed[0]!.right! - 1]).toContain('"Card One"');
  // Everything else is unchanged and on the same row on both sides.
  expect(kinds('same')).toHaveLength(rows.length - 3);
});

test('a long tree: the rows stay complete, unchanged runs fold in the page, and the alignment is linear', () => {
  const s = syntheticSnapshot(5000, 7);
  const actual = goldenTreeOf(s);
  const actualText = formatGolden(actual);
  // Two lines removed from the golden far apart: two nodes added in the actual tree.
  const all = actualText.split('\n');
  const picks = [all.findIndex((l, i) => i > 1000 && /^\s+- /.test(l) && (all[i + 1] ?? '').search(/\S/) <= l.search(/\S/)), all.findIndex((l, i) => i > 4000 && /^\s+- /.test(l) && (all[i + 1] ?? '').search(/\S/) <= l.search(/\S/))];
  const expectedText = all.filter((_, i) => !picks.includes(i)).join('\n');
  const g = goldenReport({ name: 's.tree', path: 's.tree' }, diffTrees(parseGolden(expectedText), actual), expectedText, actual, actualText);
  expect(g.totalChanges).toBe(2);
  const rows = alignGolden(g)!;
  checkComplete(rows, lines(expectedText).length, lines(actualText).length);
  expect(rows.filter((r) => r.kind === 'added').map((r) => r.right! - 1)).toEqual(picks);
  expect(rows.filter((r) => r.kind !== 'same' && r.kind !== 'added')).toEqual([]);
  const model: ReportModel = { title: 't', tests: [{ key: 'k', project: '', file: 'a.ts', line: 1, column: 1, title: ['t'], status: 'failed', failed: true, flaky: false, durationMs: 1,
    attempts: [{ retry: 0, status: 'failed', durationMs: 1, errors: [], steps: [], failures: [buildFailureReport({ matcher: 'toMatchGoldenTree', target: 'device', locator: 'd', expected: '', received: '', golden: g })] }] }] };
  const html = renderReportHtml(model);
  const table = html.slice(html.indexOf('<table class="tw-sbs">'), html.indexOf('</table>', html.indexOf('<table class="tw-sbs">')));
  // Shown: each change with 3 lines of context either side; the rest folded into hidden bodies.
  const shownBodies = [...table.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].map((m) => m[1]!).filter((b) => !b.includes('class="fold"'));
  expect(shownBodies.join('').match(/<tr /g)).toHaveLength(2 * 7);
  expect(table.match(/<tr class="fold"><td colspan="4">… \d+ unchanged lines …<\/td><\/tr>/g)).toHaveLength(3);
  expect(table.match(/<tbody hidden>/g)).toHaveLength(3);
  expect(table).toContain('<td class="ln pad"></td><td class="pad"></td><td class="ln">');
});

test('the view and the panels are data: declared by the matcher, carried by the report, drawn as they say', async () => {
  const s = importTree(dialogTree(), { where: 'dialog.json' });
  const device = deviceOf(s);
  // The matcher declares its view (RunSpec.view): toBeHittable is about the screen, toHaveText the node.
  // Under Playwright Test their failures attach to this very test; read them back from its attachments.
  const r1 = await toBeHittable.call({ timeout: 0 }, device.byTag('wifi'));
  const r2 = await toHaveText.call({ timeout: 0 }, device.byTag('wifi'), 'Bluetooth');
  expect([r1.pass, r2.pass]).toEqual([false, false]);
  const reports = test.info().attachments.filter((a) => a.contentType === 'application/vnd.treewright+json').map((a) => parseTreewrightReport(a.body!) as FailureReport);
  expect(reports.map((r) => [r.matcher, r.view, r.panels])).toEqual([
    ['toBeHittable', 'screen', ['wireframe', 'outline', 'details']],
    ['toHaveText', 'subtree', ['wireframe', 'outline']],
  ]);
  // The spec line that made the call travels with the failure.
  expect(reports[0]!.location).toMatchObject({ file: path.resolve('tests/reporter/report-panels.spec.ts'), line: expect.any(Number) });
  // Built the way runMatcher builds them: the view comes with the data, a renamed matcher keeps it.
  const screen = buildFailureReport({ matcher: 'myOwnMatcherName', target: 'locator', locator: "byTag('wifi')", expected: 'x', received: 'y', snapshot: s, nodes: [], node: null, view: 'screen' });
  expect(screen.view).toBe('screen');
  expect(screen.panels).toEqual(['wireframe', 'outline']);
  const html = (f: ReportFailure) => renderReportHtml({ title: 't', tests: [{ key: 'k', project: '', file: 'a.ts', line: 1, column: 1, title: ['t'], status: 'failed', failed: true, flaky: false, durationMs: 1, attempts: [{ retry: 0, status: 'failed', durationMs: 1, errors: [], steps: [], failures: [f] }] }] });
  expect(html(screen)).toContain('data-panels="wireframe outline" data-view="screen"');
  expect(html(screen)).toContain('<svg');
  // The page draws what the panels say, whatever the matcher is called: no wireframe panel, no picture.
  const noPicture = { ...screen, panels: reportPanels(screen).filter((p) => p !== 'wireframe') };
  expect(html(noPicture)).not.toContain('<svg');
  expect(html(noPicture)).toContain('<pre class="outline">');
  // A report written before panels were carried gets them from its data when read back.
  const { panels: _omit, ...old } = screen;
  void _omit;
  expect(parseTreewrightReport(JSON.stringify(old))).toMatchObject({ panels: ['wireframe', 'outline'] });
  // Details show only when no table says the same; a golden failure gets the golden panel, not details.
  const golden = buildFailureReport({ matcher: 'toHaveText', target: 'device', locator: 'd', expected: '', received: '', details: ['x'], golden: homeReport() });
  expect(golden.panels).toEqual(['golden']);
});
