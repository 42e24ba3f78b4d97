import { test, expect } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Node } from '../../src/model/schema.js';
import { importTree } from '../../src/formats/index.js';
import { countNodes, walk } from '../../src/model/node.js';
import { audit } from '../../src/analysis/a11y.js';
import { checkDrift } from '../../src/analysis/drift.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { diffTrees } from '../../src/analysis/diff.js';
import { parseCatalog } from '../../src/formats/catalog.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { formatGolden, goldenTreeOf, parseGolden } from '../../src/outline/golden.js';
import { excerptSnapshot } from '../../src/render/excerpt.js';
import { buildFailureReport, failureOutlineText, failureWireframe, parseTreewrightReport, REPORT_CONTENT_TYPE } from '../../src/render/failure-report.js';
import { goldenReport, goldenWireframes } from '../../src/render/golden-report.js';
import { attachFailure, attachReceipts, MAX_FAILURES_PER_TEST, type AttachTarget } from '../../matchers/report-attach.js';
import { renderReportHtml } from '../../runner/reporter/html.js';
import { writeHtmlReport } from '../../runner/reporter/verify-html.js';
import { summaryText } from '../../runner/reporter/summary.js';
import { countModel, type ReportModel } from '../../runner/reporter/model.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { dialogTree, editedHomeGolden } from './suite.js';

const fixture = (p: string) => readFileSync(path.resolve('fixtures', p), 'utf8');
const byId = (s: { roots: Array<{ node: Node }> }, id: string) => {
  let hit: Node | undefined;
  walk(s as never, ({ node }) => { if (node.id === id) hit = node; });
  return hit!;
};

class Recorder implements AttachTarget {
  files: Array<{ name: string; contentType: string; body: string }> = [];
  async attach(name: string, o: { body?: string | Buffer; contentType?: string }) {
    this.files.push({ name, contentType: o.contentType ?? '', body: String(o.body) });
  }
}

test.describe('excerpt', () => {
  test('a small snapshot is kept whole', () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const ex = excerptSnapshot(s, { maxNodes: 100 });
    expect(ex.snapshot).toBe(s);
    expect(ex).toMatchObject({ totalNodes: 7, keptNodes: 7 });
  });

  test('a large one keeps the marked nodes with their ancestors, fills breadth-first, and stays a tree', () => {
    const s = syntheticSnapshot(5000, 3, { fullPage: true });
    const order: Node[] = [];
    walk(s, ({ node }) => { order.push(node); });
    const deep = order[4321]!, other = order[3000]!;
    const ex = excerptSnapshot(s, { keep: [deep], keepIds: [other.id], maxNodes: 300 });
    expect(ex.totalNodes).toBe(5000);
    expect(ex.keptNodes).toBe(countNodes(ex.snapshot));
    expect(ex.keptNodes).toBeGreaterThanOrEqual(300);
    expect(ex.keptNodes).toBeLessThan(400);
    const kept = new Set<string>();
    walk(ex.snapshot, ({ node }) => { kept.add(node.id); });
    expect(kept.has(deep.id) && kept.has(other.id)).toBe(true);
    // Every ancestor of the kept deep node is kept, in the same order.
    const parents = new Map<Node, Node | null>();
    walk(s, ({ node, parent }) => { parents.set(node, parent); });
    for (let p = parents.get(deep); p; p = parents.get(p)) expect(kept.has(p.id)).toBe(true);
    // The copies point back at the originals; the originals are untouched.
    const copy = byId(ex.snapshot, deep.id);
    expect(copy).not.toBe(deep);
    expect(ex.original(copy)).toBe(deep);
    expect(countNodes(s)).toBe(5000);
  });

  test('a 60,000-deep chain keeps the window top and the nearest ancestors only', () => {
    let leaf = importTree(JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: { testTag: 'top', bounds: { x: 0, y: 0, width: 10, height: 10 }, children: [] } }), { where: 'x' });
    const top = leaf.roots[0]!.node;
    let cur = top;
    for (let i = 0; i < 60_000; i++) {
      const c = { ...top, id: `c${i}`, tag: `n${i}`, children: [] };
      cur.children.push(c);
      cur = c;
    }
    const ex = excerptSnapshot(leaf, { keep: [cur], maxNodes: 100 });
    expect(ex.keptNodes).toBeLessThanOrEqual(150);
    const ids: string[] = [];
    walk(ex.snapshot, ({ node }) => { ids.push(node.id); });
    expect(ids[0]).toBe(top.id);
    expect(ids).toContain('c59999');
    leaf = undefined as never;
  });
});

test.describe('failure report', () => {
  test('a reachability failure: failing node, obscurer, whole screen, marked outline that is still outline grammar', () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const wifi = byId(s, '3');
    const reach = analyzeReachability(s).get(wifi);
    const r = buildFailureReport({ matcher: 'toBeHittable', target: 'locator', locator: "byTag('wifi')", expected: 'hittable', received: 'not hittable (obscured)', snapshot: s, nodes: [wifi], node: wifi, obscuredBy: reach.obscuredBy });
    expect(r).toMatchObject({ call: 'expect(locator).toBeHittable()', nodeId: '3', nodeIds: ['3'], obscuredBy: '10', view: 'screen', excerpt: { totalNodes: 7, keptNodes: 7 } });
    expect(r.outline!.ids).toEqual([null, '1', '2', '3', '4', null, '10', '11', '12']);
    expect(r.outline!.lines[3]).toBe('  - Switch #3 "Wi-Fi" toggle=on tag=wifi [clickable unhittable not-operable] actions=Click tap=180,224');
    const text = failureOutlineText(r);
    expect(text).toContain('Switch #3 "Wi-Fi" toggle=on tag=wifi [clickable unhittable not-operable] actions=Click tap=180,224\n    # ^ failing node\n');
    expect(text).toContain('- Dialog #10 tag=confirm tap=180,280\n  # ^ obscures the failing node\n');
    expect(parseOutline(text).roots).toHaveLength(2);
    const svg = failureWireframe(r)!;
    expect(svg).toContain('class="fl" x="16" y="200"');
    expect(svg).toContain('class="ob" x="40" y="180"');
    // Round trip through the attachment body.
    expect(parseTreewrightReport(JSON.stringify(r))).toEqual(r);
    expect(parseTreewrightReport(JSON.stringify({ ...r, version: 2 }))).toBeNull();
    expect(parseTreewrightReport('{"format":"x","version":1}')).toBeNull();
    expect(parseTreewrightReport('not json')).toBeNull();
  });

  test('a locator failure without an obscurer is drawn as its subtree; its outline shows ancestors and subtree only', () => {
    const s = importTree(fixture('trees/home.json'), { where: 'home.json' });
    let card!: Node;
    walk(s, ({ node }) => { if (node.tag === 'card_one') card = node; });
    const r = buildFailureReport({ matcher: 'toHaveText', target: 'locator', locator: "byTag('card_one')", expected: '"x"', received: '"First card"', snapshot: s, nodes: [card] });
    expect(r.view).toBe('subtree');
    expect(r.outline!.lines.map((l) => l.trim().split(' ')[1])).toEqual(['root', 'node', 'Button', 'node']);
    expect(failureWireframe(r)).toContain('viewBox="0 0 328 120"');
  });

  test('findings of a device audit are listed, badged and kept in the excerpt of a large screen', () => {
    const s = importTree(fixture('trees/a11y-tree.json'), { where: 'a11y-tree.json' });
    const findings = audit(s);
    const r = buildFailureReport({ matcher: 'toPassA11y', target: 'device', locator: 'file:a11y-tree.json', expected: 'no findings', received: '2 errors', snapshot: s, findings });
    expect(r.findings.map((f) => `${f.severity} ${f.rule} ${f.nodeId}`)).toEqual(['error touch-target 1', 'error speakable-text 1']);
    expect(failureOutlineText(r)).toContain('# ^ error touch-target');
    expect(failureWireframe(r)).toMatch(/class="se" x="304" y="16" width="40" height="40" data-id="1"/);

    const big = syntheticSnapshot(20_000, 5, { fullPage: true });
    const bigFindings = audit(big);
    expect(bigFindings.length).toBeGreaterThan(0);
    const br = buildFailureReport({ matcher: 'toPassA11y', target: 'device', locator: 'big', expected: '', received: '', snapshot: big, findings: bigFindings });
    expect(br.excerpt!.totalNodes).toBe(20_000);
    expect(br.excerpt!.keptNodes).toBeLessThan(2000);
    const kept = new Set<string>();
    walk(br.snapshot!, ({ node }) => { kept.add(node.id); });
    expect(br.findings.slice(0, 20).every((f) => f.nodeId === null || kept.has(f.nodeId))).toBe(true);
    expect(JSON.stringify(br).length).toBeLessThan(2_000_000);
  });

  test('golden report: both texts, each change tied to its line on either side, drawn side by side', () => {
    const home = fixture('trees/home.json');
    const expectedText = editedHomeGolden(home);
    const actual = goldenTreeOf(importTree(home, { where: 'home.json' }));
    const actualText = formatGolden(actual);
    const diff = diffTrees(parseGolden(expectedText, 'home.tree'), actual);
    const g = goldenReport({ name: 'home.tree', path: 'golden/home.tree' }, diff, expectedText, actual, actualText);
    expect(g.changes.map((c) => [c.kind, c.expectedLine, c.actualLine])).toEqual([['added', null, 5], ['changed', 6, 7], ['removed', 7, null]]);
    expect(actualText.split('\n')[4]).toContain('"Untokenized subtitle"');
    expect(expectedText.split('\n')[6]).toContain('"Help"');
    const pair = goldenWireframes(g)!;
    expect(pair.expected).toMatch(/<rect class="n c dr" x="16" y="380"/);
    expect(pair.expected).toMatch(/<rect class="n t dc" x="32" y="116"/);
    expect(pair.actual).toMatch(/<rect class="n da" x="16" y="64"/);
    expect(pair.actual).toMatch(/<rect class="n t dc" x="32" y="116"/);
    expect(pair.actual).not.toContain(' dr"');
  });
});

test.describe('attachments', () => {
  test('a failure attaches the structured report and the outline, snapshot and wireframe; at most 20 per test', async () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const rec = new Recorder();
    const input = () => ({ matcher: 'toBeHittable', target: 'locator' as const, locator: "byTag('wifi')", expected: 'hittable', received: 'no', snapshot: s, nodes: [byId(s, '3')] });
    await attachFailure(input, rec);
    expect(rec.files.map((f) => `${f.name} ${f.contentType}`)).toEqual([
      `treewright-toBeHittable ${REPORT_CONTENT_TYPE}`,
      'toBeHittable-outline.txt text/plain',
      'toBeHittable-snapshot.json application/json',
      'toBeHittable-wireframe.svg image/svg+xml',
    ]);
    expect(importTree(rec.files[2]!.body, { where: 'attached' }).roots).toHaveLength(2);
    for (let i = 0; i < 30; i++) await attachFailure(input, rec);
    expect(rec.files.filter((f) => f.contentType === REPORT_CONTENT_TYPE)).toHaveLength(MAX_FAILURES_PER_TEST);
    // Nothing to attach to (Jest, scripts): a no-op; a broken builder never masks the failure.
    await attachFailure(input, null);
    const other = new Recorder();
    await attachFailure(() => { throw new Error('boom'); }, other);
    expect(other.files.map((f) => f.name)).toEqual(['treewright-report-error.txt']);
  });

  test('receipts: one attachment per test, none without actions', async () => {
    const rec = new Recorder();
    await attachReceipts(rec, 'reference', []);
    expect(rec.files).toEqual([]);
    const receipt = { call: "byTag('a').click()", locator: "byTag('a')", action: 'click' as const, node: 'Button #1', nodeId: '1', via: 'semantic' as never, before: '1', after: '2', changed: true };
    await attachReceipts(rec, 'reference', [receipt]);
    expect(parseTreewrightReport(rec.files[0]!.body)).toEqual({ format: 'treewright-receipts', version: 1, device: 'reference', receipts: [receipt] });
  });
});

test.describe('page', () => {
  test('the page has a section per failure, the filters, a strict CSP, and the summary', () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const failure = buildFailureReport({ matcher: 'toBeHittable', target: 'locator', locator: "byTag('wifi')", expected: 'hittable', received: 'not hittable (obscured)', snapshot: s, nodes: [byId(s, '3')], obscuredBy: byId(s, '10') });
    const attempt = (failures: typeof failure[]) => ({ retry: 0, status: failures.length ? 'failed' as const : 'passed' as const, durationMs: 5, failures, errors: [], steps: [] });
    const model: ReportModel = {
      title: 'demo <report>',
      tests: [
        { key: 'a', project: 'p', file: 'a.spec.ts', line: 3, column: 1, title: ['obscured'], status: 'failed', failed: true, flaky: false, durationMs: 5, attempts: [attempt([failure])] },
        { key: 'b', project: 'p', file: 'b.spec.ts', line: 9, column: 1, title: ['fine'], status: 'passed', failed: false, flaky: false, durationMs: 5, attempts: [attempt([])] },
      ],
    };
    const html = renderReportHtml(model);
    expect(html.match(/<section class="tw-failure" data-matcher="toBeHittable"/g)).toHaveLength(1);
    expect(html).toContain('<title>demo &lt;report&gt;</title>');
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-[A-Za-z0-9+/=]+'">/);
    expect(html).toContain('<option value="toBeHittable">toBeHittable</option>');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(renderReportHtml(model)).toBe(html);
    expect(summaryText(countModel(model), 'r/index.html')).toBe('treewright: 2 tests (1 passed, 1 failed); 1 treewright failure; a11y findings: 0 errors, 0 warnings, 0 info; 0 token drifts; 0 golden changes. Report: r/index.html');
  });

  test('writeHtmlReport: the same page for a verify-lane run (a tree per check; golden drawn side by side)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-verify-html-'));
    try {
      const home = importTree(fixture('trees/home.json'), { where: 'home.json' });
      const a11yTree = importTree(fixture('trees/a11y-tree.json'), { where: 'a11y-tree.json' });
      const goldenPath = path.join(dir, 'home.tree');
      await import('node:fs/promises').then((fs) => fs.writeFile(goldenPath, editedHomeGolden(fixture('trees/home.json'))));
      const catalog = parseCatalog(fixture('design-system.json'), { where: 'design-system.json' });
      // The lane hands over its own comparison (runner/verify/check.ts); the reporter reads no file.
      const expectedText = editedHomeGolden(fixture('trees/home.json'));
      const actual = goldenTreeOf(home);
      const goldenOfHome = goldenReport({ name: 'home.tree', path: goldenPath }, diffTrees(parseGolden(expectedText, goldenPath), actual), expectedText, actual, formatGolden(actual, goldenPath));
      const file = await writeHtmlReport([
        { file: 'captures/home.json', checks: [
          { check: 'drift', status: 'failed', findings: checkDrift(home, catalog) },
          { check: 'golden', status: 'failed', findings: [], golden: goldenPath, report: goldenOfHome },
        ], snapshot: home },
        { file: 'captures/a11y.json', checks: [{ check: 'a11y', status: 'failed', findings: audit(a11yTree) }], snapshot: a11yTree },
        { file: 'captures/broken.json', checks: [], error: { code: 'format_error', message: 'line 3: <not json>' } },
      ], path.join(dir, 'out'));
      expect(file).toBe(path.join(dir, 'out', 'index.html'));
      const html = await readFile(file, 'utf8');
      expect(html.match(/<article class="tw-test"/g)).toHaveLength(4);
      expect(html.match(/<section class="tw-failure"/g)).toHaveLength(3);
      expect(html).toContain('<table class="drift">');
      expect(html).toContain('<td>card_two</td><td>RadiusCard</td><td>radius</td><td>16dp</td><td>24dp</td>');
      expect(html.match(/<div class="tw-golden"><figure>/g)).toHaveLength(1);
      expect(html).toContain('format_error: line 3: &lt;not json&gt;');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
