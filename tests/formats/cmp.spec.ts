import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { exportCmpV1, importCmp } from '../../src/formats/cmp.js';
import { FormatError } from '../../src/errors.js';
import { countNodes, makeNode, walk } from '../../src/model/node.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

const read = (p: string) => readFileSync(new URL(`../../fixtures/${p}`, import.meta.url), 'utf8');
const HOME = read('trees/home.json');
const A11Y = read('trees/a11y-tree.json');
const AT = '2026-01-01T00:00:00.000Z';

function byTag(s: Snapshot, tag: string): Node {
  let found: Node | null = null;
  walk(s, ({ node }) => {
    if (node.tag === tag) found = node;
  });
  if (!found) throw new Error(`no node tagged ${tag}`);
  return found;
}

test('imports the harness home tree: one px root, pre-order decimal ids, contract fields', () => {
  const s = importTree(HOME, { where: 'file:home.json', capturedAt: AT });
  expect(detectFormat(HOME)).toBe('cmp-v1');
  expect(s.source).toBe('file:home.json (cmp-v1 headless-jvm)');
  expect(s.capturedAt).toBe(AT);
  expect(s.roots).toHaveLength(1);
  const root = s.roots[0]!;
  expect({ ...root, node: undefined }).toEqual({ rootId: 'root', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: undefined });

  const order: string[] = [];
  walk(s, ({ node }) => void order.push(`${node.id}:${node.tag}`));
  expect(order).toEqual(['0:home_root', '1:home_title', '2:home_subtitle_raw', '3:card_one', '4:card_one_label', '5:card_two', '6:card_two_label']);

  const title = byTag(s, 'home_title');
  expect(title).toMatchObject({ kind: 'compose', text: 'Home', contentDescription: null, bounds: { x: 16, y: 16, width: 328, height: 40 }, designToken: { tokens: ['TitleLarge'], resolved: { fontSize: '22sp' } } });
  expect(byTag(s, 'home_subtitle_raw').designToken).toBeNull();

  const one = byTag(s, 'card_one');
  expect(one).toMatchObject({ role: 'Button', rawRole: 'Button', clickable: true, actions: ['Click'], enabled: true, contentDescription: 'First card' });
  expect(one.children.map((c) => c.tag)).toEqual(['card_one_label']);
  expect(byTag(s, 'card_two')).toMatchObject({ clickable: true, enabled: false });
  // Nodes without the optional fields take the neutral values and remember they had none.
  expect(title).toMatchObject({ role: null, rawRole: null, clickable: false, enabled: true, actions: [] });
  expect(title.platform).toEqual({ cmpAbsent: ['role', 'clickable', 'disabled'] });
  expect(one.platform).toEqual({});
});

test('optional fields: size becomes layoutBounds, unknown roles stay raw, density from the file or the options', () => {
  const doc = {
    schemaVersion: 1,
    source: 'live-android',
    density: 2.75,
    root: {
      testTag: 'pager', text: null, contentDescription: null, role: 'ValuePicker', clickable: false, disabled: false,
      bounds: { x: 0, y: 10, width: 100, height: 50 }, size: { width: 300, height: 50 }, designToken: null,
      elevation: '2dp',
      children: [{ testTag: null, text: 'x', contentDescription: null, role: 'checkbox', bounds: { x: 1, y: 2, width: 3, height: 4 }, designToken: null, children: [] }],
    },
  };
  const s = importTree(JSON.stringify(doc));
  expect(s.source).toBe('cmp-v1 live-android');
  expect(s.roots[0]!.density).toBe(2.75);
  const root = s.roots[0]!.node;
  expect(root.layoutBounds).toEqual({ x: 0, y: 10, width: 300, height: 50 });
  expect(root).toMatchObject({ role: null, rawRole: 'ValuePicker' });
  expect(root.platform).toEqual({ cmpExtra: { elevation: '2dp' } });
  expect(root.children[0]).toMatchObject({ role: 'Checkbox', rawRole: 'checkbox' });
  expect(root.children[0]!.platform).toEqual({ cmpAbsent: ['clickable', 'disabled'] });
  expect(importCmp(JSON.stringify(doc), { density: 3 }).roots[0]!.density).toBe(3);
  expect(() => importCmp(JSON.stringify({ ...doc, density: 0 }))).toThrow(/density: must be a positive number/);
});

test('cmp → snapshot → cmp gives back the corpus trees', () => {
  for (const text of [HOME, A11Y]) {
    const exported = exportCmpV1(importTree(text));
    expect(JSON.parse(exported)).toEqual(JSON.parse(text));
    // And the export is itself a cmp tree that imports to the same snapshot content.
    expect(importTree(exported, { capturedAt: AT }).roots).toEqual(importTree(text, { capturedAt: AT }).roots);
  }
});

test('export from another format: top root by default, root-relative px, role/clickable/disabled/size when known', () => {
  const dialogNode = makeNode('9', {
    kind: 'view', role: 'Button', rawRole: 'android.widget.Button', tag: 'ok', text: 'OK', clickable: true, enabled: false,
    bounds: { x: 120, y: 540, width: 80, height: 40 }, layoutBounds: { x: 120, y: 540, width: 80, height: 60 },
  });
  const dialog = makeNode('8', { kind: 'compose', bounds: { x: 100, y: 500, width: 200, height: 120 } }, [dialogNode]);
  const main = makeNode('1', { kind: 'compose', tag: 'main', bounds: { x: 0, y: 0, width: 360, height: 800 } });
  const s = makeSnapshot({
    source: 'jetwhale',
    capturedAt: AT,
    roots: [
      { rootId: 'main', label: 'Main', unit: 'dp', density: 2, windowOffset: { x: 0, y: 0 }, touchModal: false, node: main },
      { rootId: 'dlg', label: 'Dialog', unit: 'dp', density: 2, windowOffset: { x: 100, y: 500 }, touchModal: true, node: dialog },
    ],
  });
  const top = JSON.parse(exportCmpV1(s));
  expect(top.schemaVersion).toBe(1);
  expect(top.source).toBe('treewright');
  // The dialog, relative to its window, in px (dp × density 2); a View's role is the normalised one.
  expect(top.root.bounds).toEqual({ x: 0, y: 0, width: 400, height: 240 });
  expect(top.root.children[0]).toEqual({
    testTag: 'ok', text: 'OK', contentDescription: null, role: 'Button', clickable: true, disabled: true,
    bounds: { x: 40, y: 80, width: 160, height: 80 }, size: { width: 160, height: 120 }, designToken: null, children: [],
  });

  const all = JSON.parse(exportCmpV1(s, { roots: 'all', source: 'live-android', indent: 0 }));
  expect(all.source).toBe('live-android');
  expect(all.root).toMatchObject({ testTag: null, text: null, bounds: { x: 0, y: 0, width: 720, height: 1600 } });
  expect(all.root.children.map((c: { testTag: string | null }) => c.testTag)).toEqual(['main', null]);
  expect(all.root.children[1].bounds).toEqual({ x: 200, y: 1000, width: 400, height: 240 });

  expect(() => exportCmpV1(makeSnapshot({ source: 'x', roots: [] }))).toThrow(FormatError);
});

test('a password field exports without its contents; a text field exports its content as text', () => {
  const field = makeNode('2', { kind: 'compose', role: 'TextField', editableText: 'Ada', bounds: { x: 0, y: 0, width: 10, height: 10 } });
  const pin = makeNode('3', { kind: 'compose', role: 'TextField', password: true, editableText: null, bounds: { x: 0, y: 20, width: 10, height: 10 } });
  const s = makeSnapshot({ source: 'x', roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', {}, [field, pin]) }] });
  const out = JSON.parse(exportCmpV1(s));
  expect(out.root.children.map((c: { text: string | null }) => c.text)).toEqual(['Ada', null]);
});

test('a 60,000-deep tree imports and exports without recursion', () => {
  const depth = 60_000;
  const open = '{"testTag":null,"text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":1,"height":1},"designToken":null,"children":[';
  const text = `{"schemaVersion":1,"source":"headless-jvm","root":${open.repeat(depth)}${open}]}${']}'.repeat(depth)}}`;
  const s = importTree(text);
  expect(countNodes(s)).toBe(depth + 1);
  const again = importTree(exportCmpV1(s, { indent: 0 }));
  expect(countNodes(again)).toBe(depth + 1);
  expect(again.generation).toBe(s.generation);
});

test('errors name the node path and the file', () => {
  const bad = JSON.parse(HOME);
  bad.root.children[2].children[0].bounds.height = -2;
  const err = (() => {
    try {
      importTree(JSON.stringify(bad), { where: 'home.json' });
    } catch (e) {
      return e as FormatError;
    }
    throw new Error('expected a FormatError');
  })();
  expect(err).toBeInstanceOf(FormatError);
  expect(err.code).toBe('format_error');
  expect(err.message).toMatch(/^home\.json: root\.children\[2\]\.children\[0\]\.bounds\.height: a size cannot be negative, got -2/);
  expect(err.details).toMatchObject({ where: 'home.json', path: 'root.children[2].children[0].bounds.height' });
});
