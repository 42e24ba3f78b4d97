import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importCdp } from '../../src/formats/cdp.js';
import type { CdpCapture } from '../../src/formats/cdp-types.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { walk } from '../../src/model/node.js';
import { FormatError } from '../../src/errors.js';

// Captures recorded from Debian's Chromium (WebDriver.record()) of fixtures/web/pages/*.html: the
// pure mapping is tested without a browser.
const read = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/web/recorded/${name}.cdp.json`, import.meta.url), 'utf8')) as CdpCapture;

test('a recorded capture maps to one px root at the page density, web nodes with backend ids and test ids', () => {
  const s = importCdp(read('actions'));
  expect(s.roots).toHaveLength(1);
  expect(s.roots[0]).toMatchObject({ rootId: 'page', unit: 'px', density: 2, touchModal: false, label: 'Actions' });
  walk(s, ({ node }) => {
    expect(node.kind).toBe('web');
    expect(typeof node.platform.backendNodeId).toBe('number');
  });
  const role = (r: string, name?: string) => resolveSelector(s, [{ kind: 'role', role: r, options: name ? { name, exact: true } : {} }]);
  expect(role('Heading', 'Actions')[0]!.platform.level).toBe(1);
  expect(role('Heading', 'Second level')[0]!.platform.level).toBe(2);
  expect(role('TextField', 'Name')[0]).toMatchObject({ tag: 'name', editable: true, editableText: 'old value' });
  expect(role('TextField', 'Notes')[0]).toMatchObject({ tag: 'notes', editable: true });
  expect(role('Link', 'Next page')[0]!.platform.url).toMatch(/second\.html$/);
  // The scroll pane's items carry their positions; it scrolls; the far button is laid out below the fold.
  const pane = resolveSelector(s, [{ kind: 'tag', tag: 'pane' }])[0]!;
  expect(pane.actions).toEqual(expect.arrayContaining(['ScrollBy', 'ScrollToIndex']));
  expect(pane.children.map((c) => (c.platform.collectionInfo as { rowIndex: number }).rowIndex).slice(0, 3)).toEqual([0, 1, 2]);
  const far = resolveSelector(s, [{ kind: 'tag', tag: 'far' }])[0]!;
  expect(far.bounds.width).toBe(0);
  expect(far.layoutBounds!.y).toBeGreaterThan(600);
  // Text carries what the contrast rule needs: the text run (StaticText) itself, under the element byText finds.
  const [heading] = resolveSelector(s, [{ kind: 'text', text: 'Second level', exact: true }]);
  const text = heading!.children.find((c) => c.text === 'Second level')!;
  expect(text.rawRole).toBe('StaticText');
  expect(text.platform.color).toEqual([0, 0, 0, 1]);
  expect(text.platform.background).toEqual([255, 255, 255]);
  // Equal content, equal generation.
  expect(importCdp(read('actions')).generation).toBe(s.generation);
});

test('a <dialog> opened with showModal() is a touch-modal root above the page, which Chromium makes inert', () => {
  const s = importCdp(read('dialogs'));
  const modal = s.roots.filter((r) => r.touchModal);
  expect(modal.map((r) => r.label)).toEqual(['Discard changes?']);
  const reach = analyzeReachability(s);
  const discard = resolveSelector(s, [{ kind: 'role', role: 'Button', options: { name: 'Discard', exact: true } }])[0]!;
  expect(reach.get(discard).hittable).toBe(true);
  // The page under the modal dialog is inert: nothing there takes a tap.
  walk({ roots: [s.roots[0]!] }, ({ node }) => { if (reach.get(node).acceptsTouch) expect(reach.get(node).hittable).toBe(false); });
});

test('paint order decides what is on top: z-index overlays obscure buttons earlier in the tree, pointer-events: none does not', () => {
  const s = importCdp(read('stacking'));
  const reach = analyzeReachability(s);
  const button = (name: string) => resolveSelector(s, [{ kind: 'role', role: 'Button', options: { name, exact: true } }])[0]!;
  // "Top in ctx" has z-index 999, but inside a z-index 1 stacking context: the z-index 2 sibling
  // painted after it takes its point (and the button under it), as Chromium's elementFromPoint says.
  const sibling = button('Sibling over');
  expect(reach.get(sibling).hittable).toBe(true);
  expect(reach.get(button('Top in ctx'))).toMatchObject({ hittable: false, obscuredBy: sibling });
  expect(reach.get(button('Ctx button'))).toMatchObject({ hittable: false, obscuredBy: sibling });
  // A z-index: -1 layer paints under its parent's box; a positioned sibling and a pointer-events: none layer are no obstacle.
  expect(reach.get(button('Behind')).hittable).toBe(false);
  expect(reach.get(button('Under A')).hittable).toBe(true);
  expect(reach.get(button('Positioned B')).hittable).toBe(true);
  expect(reach.get(button('Beneath none')).hittable).toBe(true);
  expect(reach.get(button('Through none')).hittable).toBe(true);
  // An almost transparent overlay still takes the pointer (Chromium hit-tests it).
  expect(reach.get(button('Under fade')).hittable).toBe(false);
});

test('a capture names its style columns: read by name, in whatever order or set they were asked for', () => {
  const capture = read('actions');
  const base = importCdp(capture);
  // The same capture with its style columns reversed (and the list saying so): the same tree.
  const reversed = structuredClone(capture);
  reversed.styles = [...capture.styles!].reverse();
  for (const d of reversed.dom.documents) d.layout.styles = d.layout.styles.map((row) => [...row].reverse());
  expect(importCdp(reversed).generation).toBe(base.generation);
  // Without the colour columns, text has no colour to judge contrast by (and says nothing false).
  const uncoloured = structuredClone(capture);
  const drop = new Set(['color', 'background-color', 'background-image']);
  const keep = capture.styles!.map((name, k) => (drop.has(name) ? -1 : k)).filter((k) => k >= 0);
  uncoloured.styles = keep.map((k) => capture.styles![k]!);
  for (const d of uncoloured.dom.documents) d.layout.styles = d.layout.styles.map((row) => keep.map((k) => row[k]!));
  const text = resolveSelector(importCdp(uncoloured), [{ kind: 'text', text: 'Second level', exact: true }])[0]!;
  expect(text.platform.color).toBeUndefined();
});

test('a capture recorded before captures named their styles is read by the list it was recorded with (opacity included)', () => {
  const capture = read('actions');
  const base = importCdp(capture);
  // As the older recorder wrote it: no `styles`, and an opacity column after background-image.
  const old = structuredClone(capture);
  delete old.styles;
  const at = capture.styles!.indexOf('background-image') + 1;
  for (const d of old.dom.documents) d.layout.styles = d.layout.styles.map((row) => [...row.slice(0, at), -1, ...row.slice(at)]);
  expect(importCdp(old).generation).toBe(base.generation);
  // A `styles` that is not a list of names is refused, naming the field.
  for (const styles of ['color', [1, 2]]) {
    let err: unknown;
    try { importCdp({ ...capture, styles } as unknown as CdpCapture, { source: 'web:recorded' }); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).message).toMatch(/^web:recorded: not a CDP capture: `styles` must list/);
  }
});

test('input that is not a CDP capture is a FormatError naming the source', () => {
  expect(() => importCdp({ ax: 'nope' } as unknown as CdpCapture, { source: 'web:recorded' })).toThrow(FormatError);
  try { importCdp({} as CdpCapture, { source: 'web:recorded' }); } catch (e) { expect((e as Error).message).toMatch(/^web:recorded: not a CDP capture/); }
  const empty = importCdp({ ...read('actions'), ax: [] });
  expect(empty.roots).toHaveLength(0);
  expect(empty.warnings).toContainEqual({ code: 'empty-accessibility-tree', message: expect.stringContaining('the accessibility tree is empty') });
});
