import { outlineLine } from '../../src/outline/outline.js';
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { renderWireframe, findingBadges, type WireframeOptions } from '../../src/render/wireframe.js';
import { escapeXml, clip } from '../../src/render/escape.js';
import { collect } from '../../src/render/wireframe-collect.js';
import { canvasOf } from '../../src/render/wireframe-canvas.js';
import { classify } from '../../src/render/wireframe-classify.js';
import { emit } from '../../src/render/wireframe-emit.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import { importTree } from '../../src/formats/index.js';
import { countNodes, walk } from '../../src/model/node.js';
import type { Node } from '../../src/model/schema.js';
import { isTreewrightError } from '../../src/errors.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { n, r, root, snap } from '../helpers/build.js';
import { plantedTree, dialogTree, PLANTED } from './suite.js';

const rects = (svg: string, cls: string) => [...svg.matchAll(new RegExp(`<rect class="${cls}" x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"(?: data-id="([^"]*)")?`, 'g'))]
  .map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]), id: m[5] }));
const byId = (s: Parameters<typeof walk>[0], id: string) => {
  let hit: Node | undefined;
  walk(s, ({ node }) => { if (node.id === id) hit = node; });
  return hit!;
};
const viewBox = (svg: string) => /viewBox="([^"]+)"/.exec(svg)![1]!;

test.describe('wireframe', () => {
  test('same input, same bytes — also for a copy read back from JSON, and with every overlay', () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const copy = importTree(snapshotToJson(s), { where: 'copy.json' });
    const opts = { failing: ['3'], obscuredBy: '10', findings: [{ nodeId: '3', severity: 'error' as const }], title: 'x' };
    const a = renderWireframe(s, opts);
    expect(renderWireframe(s, opts)).toBe(a);
    expect(renderWireframe(copy, opts)).toBe(a);
    expect(renderWireframe(s)).not.toBe(a);
  });

  test('nodes are drawn to scale in the root unit; clickable outlined, tokenized tinted, invisible dashed', () => {
    const s = snap(root(n({ id: 'r', bounds: r(0, 0, 400, 800) }, [
      n({ id: 'b', clickable: true, bounds: r(10, 20, 100, 50) }),
      n({ id: 't', designToken: { tokens: ['Surface'], resolved: {} }, bounds: r(10, 100, 100, 50) }),
      n({ id: 'h', visible: false, bounds: r(10, 200, 100, 50) }),
      n({ id: 'e', bounds: r(10, 300, 0, 50) }),
    ])));
    const svg = renderWireframe(s, { width: 200 });
    expect(viewBox(svg)).toBe('0 0 400 800');
    expect(svg).toContain('width="200" height="400"');
    expect(rects(svg, 'n c')).toEqual([{ x: 10, y: 20, w: 100, h: 50, id: 'b' }]);
    expect(rects(svg, 'n t')).toEqual([{ x: 10, y: 100, w: 100, h: 50, id: 't' }]);
    expect(rects(svg, 'n h')).toEqual([{ x: 10, y: 200, w: 100, h: 50, id: 'h' }]);
    expect(svg).not.toContain('data-id="e"'); // empty bounds: nothing to draw
  });

  test('a tall screen is narrowed to the maximum height', () => {
    const s = snap(root(n({ bounds: r(0, 0, 1080, 2400) })));
    const svg = renderWireframe(s);
    expect(svg).toContain('width="288" height="640"');
  });

  test('a subtree is rebased onto its own canvas', () => {
    const s = snap(root(n({ id: 'r', bounds: r(0, 0, 1000, 1000) }, [
      n({ id: 'card', bounds: r(100, 200, 50, 40) }, [n({ id: 'dot', clickable: true, bounds: r(110, 210, 10, 10) })]),
      n({ id: 'other', bounds: r(500, 500, 10, 10) }),
    ])));
    const svg = renderWireframe(s, { subtree: 'card', failing: ['dot'] });
    expect(viewBox(svg)).toBe('0 0 50 40');
    expect(rects(svg, 'n')).toEqual([{ x: 0, y: 0, w: 50, h: 40, id: 'card' }]);
    expect(rects(svg, 'n c')).toEqual([{ x: 10, y: 10, w: 10, h: 10, id: 'dot' }]);
    expect(rects(svg, 'fl')).toEqual([{ x: 10, y: 10, w: 10, h: 10, id: 'dot' }]);
    expect(svg).not.toContain('data-id="other"');
    expect(svg).not.toContain('class="win"');
    let err: unknown;
    try { renderWireframe(s, { subtree: 'nope' }); } catch (e) { err = e; }
    expect(isTreewrightError(err) && err.code).toBe('target_not_found');
  });

  test('several windows are drawn bottom first, a modal one over a scrim, mixed units in the px window\'s px', () => {
    const app = root(n({ id: 'a', bounds: r(0, 0, 360, 800) }, [n({ id: 'a1', clickable: true, bounds: r(0, 100, 360, 50) })]), { rootId: 'app', density: 2 });
    // A dialog measured in dp (density 1, as dp roots carry) over a px window at 2 px per dp: drawn at twice its numbers.
    const dialog = root(n({ id: 'd', bounds: r(20, 100, 140, 100) }, [n({ id: 'd1', clickable: true, bounds: r(30, 150, 50, 24) })]), { rootId: 'dialog', unit: 'dp', density: 1, touchModal: true, label: 'Confirm', windowOffset: { x: 40, y: 200 } });
    const svg = renderWireframe(snap(app, dialog), { obscuredBy: 'd', failing: ['a1'] });
    const order = ['data-root="app"', 'class="scrim"', 'data-root="dialog"', 'class="ob"', 'class="fl"'].map((t) => svg.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(rects(svg, 'n c').find((x) => x.id === 'd1')).toEqual({ x: 60, y: 300, w: 100, h: 48, id: 'd1' });
    expect(rects(svg, 'win')).toEqual([{ x: 0, y: 0, w: 360, h: 800, id: undefined }, { x: 40, y: 200, w: 280, h: 200, id: undefined }]);
    expect(svg).toContain('window dialog &quot;Confirm&quot; @40,200 (modal)');
    // The tap point of the obscured node is marked.
    expect(svg).toContain('class="tap"');
  });

  test('mixed units: the largest px root sets the scale, whichever root is at the bottom; one unit: numbers as they are', () => {
    // A dp window at the bottom, a px popup (2.625 px per dp) above it: drawn in the popup's px.
    const base = root(n({ id: 'b', bounds: r(0, 0, 400, 800) }, [n({ id: 'b1', clickable: true, bounds: r(0, 0, 100, 48) })]), { rootId: 'base', unit: 'dp', density: 1 });
    const popup = root(n({ id: 'p', bounds: r(0, 0, 1050, 525) }), { rootId: 'popup', unit: 'px', density: 2.625 });
    const svg = renderWireframe(snap(base, popup));
    expect(rects(svg, 'win')).toEqual([{ x: 0, y: 0, w: 1050, h: 2100, id: undefined }, { x: 0, y: 0, w: 1050, h: 525, id: undefined }]);
    expect(rects(svg, 'n c').find((x) => x.id === 'b1')).toEqual({ x: 0, y: 0, w: 262.5, h: 126, id: 'b1' });
    // Two px roots at different densities with a dp one: the largest px root's px; the other px root by the density ratio.
    const small = root(n({ id: 's', bounds: r(0, 0, 200, 100) }), { rootId: 'small', unit: 'px', density: 1 });
    const svg2 = renderWireframe(snap(base, popup, small));
    expect(rects(svg2, 'win')[2]).toEqual({ x: 0, y: 0, w: 525, h: 262.5, id: undefined });
    // All dp: each root's own numbers, whatever their densities say.
    const dpOnly = renderWireframe(snap(base, root(n({ id: 'q', bounds: r(10, 10, 100, 100) }), { rootId: 'q', unit: 'dp', density: 3 })));
    expect(rects(dpOnly, 'win')[1]).toEqual({ x: 10, y: 10, w: 100, h: 100, id: undefined });
  });

  test('the obscuring node is drawn with its window framed', () => {
    const s = importTree(dialogTree(), { where: 'dialog.json' });
    const svg = renderWireframe(s, { failing: ['3'], obscuredBy: '12' });
    expect(rects(svg, 'ob')).toEqual([{ x: 56, y: 316, w: 120, h: 48, id: '12' }]);
    expect(rects(svg, 'ow')).toEqual([{ x: 40, y: 180, w: 280, h: 200, id: undefined }]);
    expect(svg).toContain('obscuring window dialog');
  });

  test('an obscurer in the failing node\'s own window is drawn alone: no "obscuring window" frame (a real Zomato dump)', () => {
    // fixtures/uiautomator/023.xml: the toolbar's restaurant name (#23) lies under the cart header (#69), one window.
    const s = importTree(readFileSync(path.resolve('fixtures/uiautomator/023.xml'), 'utf8'), { where: '023.xml' });
    expect(s.roots).toHaveLength(1);
    const svg = renderWireframe(s, { failing: ['23'], obscuredBy: '69' });
    const header = byId(s, '69').bounds;
    expect(rects(svg, 'ob')).toEqual([{ x: header.x, y: header.y, w: header.width, h: header.height, id: '69' }]);
    expect(rects(svg, 'ow')).toEqual([]);
    expect(svg).not.toContain('obscuring window');
    expect(rects(svg, 'fl').map((x) => x.id)).toEqual(['23']);
  });

  test('findings are numbered per node in order and coloured by their worst severity', () => {
    const findings = [
      { nodeId: 'b', severity: 'warning' as const },
      { nodeId: 'a', severity: 'info' as const },
      { nodeId: 'b', severity: 'error' as const },
      { nodeId: null, severity: 'error' as const },
    ];
    expect([...findingBadges(findings)]).toEqual([['b', 1], ['a', 2]]);
    const s = snap(root(n({ id: 'r', bounds: r(0, 0, 100, 100) }, [n({ id: 'a', bounds: r(0, 0, 50, 50) }), n({ id: 'b', bounds: r(50, 50, 50, 50) })])));
    const svg = renderWireframe(s, { findings });
    expect(rects(svg, 'se').map((x) => x.id)).toEqual(['b']);
    expect(rects(svg, 'si').map((x) => x.id)).toEqual(['a']);
    expect(svg).toMatch(/<g class="bd bde">.*<text[^>]*>1<\/text><\/g>/);
    expect(svg).toMatch(/<g class="bd bdi">.*<text[^>]*>2<\/text><\/g>/);
  });

  test('diff mode colours added, removed, changed and moved nodes', () => {
    const s = snap(root(n({ id: 'r', bounds: r(0, 0, 100, 100) }, ['a', 'b', 'c', 'd'].map((id, i) => n({ id, bounds: r(0, i * 20, 100, 20) })))));
    const svg = renderWireframe(s, { diff: new Map([['a', 'added'], ['b', 'removed'], ['c', 'changed'], ['d', 'moved']] as const) });
    expect(rects(svg, 'n da').map((x) => x.id)).toEqual(['a']);
    expect(rects(svg, 'n dr').map((x) => x.id)).toEqual(['b']);
    expect(rects(svg, 'n dc').map((x) => x.id)).toEqual(['c']);
    expect(rects(svg, 'n dm').map((x) => x.id)).toEqual(['d']);
  });

  test('every app string is escaped: the SVG is well-formed XML with one svg element and no injected elements', () => {
    const s = importTree(plantedTree(), { where: 'planted.json' });
    // Also control characters and a lone surrogate, which XML cannot hold at all.
    walk(s, ({ node }) => { if (node.id === '3') node.contentDescription = 'bell\u0007 lone\uD800 end'; });
    const svg = renderWireframe(s, { failing: ['2'], obscuredBy: '3', findings: [{ nodeId: '4', severity: 'error' }], title: PLANTED.svg, maxTitles: 10 });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    for (const bad of ['<script', '<img', '<b ', '</title><img']) expect(svg).not.toContain(bad);
    expect(svg).toContain(escapeXml(PLANTED.script));
    expect(svg).toContain('&lt;/svg&gt;&lt;b id=&quot;pwned&quot;&gt;bold&lt;/b&gt;');
    expect(svg).toContain(`data-id="2"`);
    // Root ids, labels and class names (rawRole, in the tooltips) too.
    expect(svg).not.toContain(`data-root="${PLANTED.script}"`);
    expect(svg).toContain(escapeXml(PLANTED.rawRole));
    expect(escapeXml('a\u0000b\uFFFEc')).toBe('a\uFFFDb\uFFFDc');
    expect(clip('ab\uD83D\uDE00cd', 4)).toBe('ab…');
  });

  test('a 10,000-node screen renders with thinned labels that do not overlap', () => {
    const s = syntheticSnapshot(10_000, 7);
    expect(countNodes(s)).toBe(10_000);
    const svg = renderWireframe(s, { maxLabels: 120 });
    const labels = [...svg.matchAll(/<text class="lb" x="([^"]+)" y="([^"]+)">([^<]*)<\/text>/g)];
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.length).toBeLessThanOrEqual(120);
    // No tooltips past maxTitles: the picture stays small.
    expect(svg).not.toContain('<title>Button');
    // Labels thinned on a grid: no two share a baseline and overlap horizontally.
    const unitsPerPx = Number(viewBox(svg).split(' ')[2]) / Number(/ width="([^"]+)"/.exec(svg)![1]);
    const boxes = labels.map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: m[3]!.length * 6 * unitsPerPx }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!, b = boxes[j]!;
        expect(a.y === b.y && a.x < b.x + b.w && b.x < a.x + a.w).toBe(false);
      }
    }
    // Only what is on the phone's screen is drawn: rows below the fold are left out.
    const drawn = (svg.match(/<rect class="n/g) ?? []).length;
    expect(drawn).toBeGreaterThan(20);
    expect(drawn).toBeLessThan(10_000);
    const same = renderWireframe(syntheticSnapshot(10_000, 7), { maxLabels: 120 });
    expect(same).toBe(svg);
  });

  test('a snapshot without roots or areas still gives a valid picture', () => {
    expect(XMLValidator.validate(renderWireframe(makeSnapshot({ source: 'x', roots: [] })))).toBe(true);
    expect(XMLValidator.validate(renderWireframe(snap(root(n({ bounds: r(0, 0, 0, 0) })))))).toBe(true);
  });
});

test('the four phases: collect → canvas → classify → emit compose to renderWireframe, each with its own part', () => {
  const s = importTree(dialogTree(), { where: 'dialog.json' });
  const ids: string[] = [];
  walk(s, ({ node }) => { ids.push(node.id); });
  const options: WireframeOptions = { failing: [ids[3]!], obscuredBy: ids[ids.length - 1]!, findings: [{ nodeId: ids[2]!, severity: 'error' as const }] };
  const collected = collect(s, undefined);
  expect(collected.items.map((it) => it.node.id)).toEqual(ids);
  expect(collected.roots.length).toBe(s.roots.length);
  expect(collected.screen).toBe(true);
  const canvas = canvasOf(collected, options);
  // A tall screen is narrowed until it fits the default 640 px height.
  expect(canvas.widthPx).toBeLessThanOrEqual(360);
  expect(canvas.heightPx).toBeCloseTo(640, 6);
  expect(canvas.s * canvas.W).toBeCloseTo(canvas.widthPx, 6);
  const marks = classify(collected.items, options);
  expect([...marks.byId.keys()].sort()).toEqual([ids[2]!, ids[3]!, ids[ids.length - 1]!].sort());
  expect(marks.badges.get(ids[2]!)).toBe(1);
  // emit names each node by the line it is given: the outline line, in the view drawn (merged by default).
  expect(emit(collected, canvas, marks, options, (n) => outlineLine(n, { snapshot: s }))).toBe(renderWireframe(s, options));
  // A subtree is its own node list on its own canvas.
  const sub = collect(s, ids[1]!);
  expect(sub.screen).toBe(false);
  expect(sub.items[0]!.node.id).toBe(ids[1]);
});
