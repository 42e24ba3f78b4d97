// Item 5 of #15: nothing lost silently. Duplicate keys, __proto__, non-finite arithmetic, and
// output that treewright cannot read back.
import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import { parseCatalog } from '../../src/formats/catalog.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { exportCmpV1 } from '../../src/formats/cmp.js';
import { stringifyJson } from '../../src/model/stringify.js';
import { countNodes } from '../../src/model/node.js';

/** A caught typed error, read loosely. */
type Caught = { code?: string; message: string; details: Record<string, unknown> } | null;

const box = { x: 0, y: 0, width: 1, height: 1 };
const cmpNode = (tag: string, extra: Record<string, unknown> = {}) => ({ testTag: tag, text: null, contentDescription: null, bounds: box, designToken: null, children: [], ...extra });

test('duplicate keys are a typed error naming the key and its line, in every JSON format', () => {
  // cmp: children twice would keep the last list (1 of 3 nodes).
  const cmp = `{"schemaVersion":1,"source":"headless-jvm","root":{"testTag":"r","text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":1,"height":1},"designToken":null,\n"children":[${JSON.stringify(cmpNode('a'))},${JSON.stringify(cmpNode('b'))}],\n"children":[]}}`;
  expect(() => importTree(cmp, { where: 'dup.json' })).toThrow(/dup\.json:3:1: duplicate key "children" in one object \(first at line 2\)/);
  const jw = `{"roots":[{"rootId":"m","density":1,"node":{"id":1,"id":2,"bounds":{"left":0,"top":0,"right":1,"bottom":1}}}]}`;
  expect(() => importTree(jw, { where: 'jw.json' })).toThrow(/duplicate key "id"/);
  const moui = `{"kind":"full","generation":"1","generation":"2","root":"1","nodes":[]}`;
  expect(() => importTree(moui, { where: 'm.json' })).toThrow(/duplicate key "generation"/);
  expect(() => parseCatalog('{"colors":{"Primary":"#000000","Primary":"#FFFFFF"},"dimens":{}}', { where: 'cat.json' })).toThrow(/duplicate key "Primary"/);
  // Escaped spellings are the same key to JSON.parse.
  expect(() => importTree(`{"roots":[],"ro\\u006fts":[]}`, { where: 'esc.json' })).toThrow(/duplicate key "roots"/);
  // The count shortcut stays exact when strings hold colons or \u003a escapes.
  const ok = JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: cmpNode('a:b', { text: 'x:y\u003az', contentDescription: 'k: v' }) }).replace('x:y:z', 'x:y\\u003az');
  expect(importTree(ok).roots[0]!.node.tag).toBe('a:b');
  // Keys holding colons (the keys are then counted word by word too): kept when nothing is lost, a
  // repeated one still named.
  const colonKeys = JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: cmpNode('k', { 'app:layout': 'a:b', 'x::y': { 'z:': 1 } }) });
  expect(importTree(colonKeys).roots[0]!.node.platform.cmpExtra).toEqual({ 'app:layout': 'a:b', 'x::y': { 'z:': 1 } });
  expect(() => importTree(colonKeys.replace('"app:layout":"a:b"', '"app:layout":"a:b","app:layout":"c"'), { where: 'ck.json' })).toThrow(/duplicate key "app:layout"/);
  expect(() => importTree(colonKeys.replace('"x::y"', '"k":1,"k":2,"x::y"'), { where: 'ck.json' })).toThrow(/duplicate key "k"/);
});

test('__proto__ keys are refused, never a prototype (a JetWhale address, a MoUI modal root)', () => {
  const jw = `{"roots":[{"rootId":"m","density":1,"node":{"id":1,"bounds":{"left":0,"top":0,"right":1,"bottom":1},\n"__proto__":{"jetwhaleId":999}}}]}`;
  expect(() => importTree(jw, { where: 'p.json' })).toThrow(/p\.json:2:1: a property named "__proto__" is refused/);
  const moui = `{"kind":"full","generation":"1","root":"1","nodes":[{"id":"1","__proto__":{"touchModal":true}}]}`;
  expect(() => importTree(moui, { where: 'm.json' })).toThrow(/"__proto__" is refused/);
  expect(() => importTree(`{"roots":[],"\\u005f_proto__":1}`, { where: 'e.json' })).toThrow(/"__proto__" is refused/);
});

test('every number finite after arithmetic: left -1.7e308 / right 1.7e308 is a typed error, not width Infinity', () => {
  const jw = JSON.stringify({ roots: [{ rootId: 'm', density: 1, node: { id: 1, bounds: { left: -1.7e308, top: 0, right: 1.7e308, bottom: 1 } } }] });
  let e: Caught = null;
  try { importTree(jw, { where: 'inf.json' }); } catch (x) { e = x as Caught; }
  expect(e?.code).toBe('format_error');
  expect(e?.message).toMatch(/roots\[0\]\.node\.bounds: the width of these bounds overflows to Infinity/);
  const far = JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: cmpNode('r', { bounds: { x: 1.5e308, y: 0, width: 1.5e308, height: 1 } }) });
  expect(() => importTree(far, { where: 'far.json' })).toThrow(/right edge \(x \+ width\) of these bounds overflows/);
});

test('whatever treewright writes it reads back: a 3,000-deep tree as snapshot JSON and cmp, without Invalid string length', () => {
  let node: Record<string, unknown> = { id: 0, bounds: { left: 0, top: 0, right: 1, bottom: 1 } };
  const top = node;
  for (let i = 1; i < 3000; i++) { const c = { id: i, bounds: { left: 0, top: 0, right: 1, bottom: 1 } }; node.children = [c]; node = c; }
  const s = importTree(stringifyJson({ roots: [{ rootId: 'm', density: 1, node: top }] }), { where: 'deep.json' });
  const json = snapshotToJson(s);
  expect(json.length).toBeLessThan(5_000_000); // compact past depth 100: linear, not quadratic
  expect(countNodes(importTree(json))).toBe(3000);
  expect(countNodes(importTree(exportCmpV1(s)))).toBe(3000);
  // Small trees stay readable (indented).
  expect(snapshotToJson(importTree(readSmall()))).toContain('\n  "format"');
});

test('a 200,000-node JetWhale tree exports to a form that re-imports (compact past 20,000 nodes)', () => {
  test.setTimeout(120_000);
  const kids = [];
  for (let i = 1; i < 200_000; i++) kids.push({ id: i, testTag: `item_${i}`, text: `Item ${i}`, role: 'Button', actions: ['OnClick'], isClickable: true, bounds: { left: 0, top: i, right: 100, bottom: i + 1 } });
  const s = importTree(JSON.stringify({ roots: [{ rootId: 'main', label: 'Main', density: 2, node: { id: 0, bounds: { left: 0, top: 0, right: 100, bottom: 100 }, children: kids } }] }));
  const out = snapshotToJson(s);
  expect(out.length).toBeLessThan(128 * 1024 * 1024);
  const back = importTree(out, { where: 'back.json' });
  expect(back.roots[0]!.node.children).toHaveLength(199_999);
  expect(back.generation).toBe(s.generation);
});

function readSmall(): string {
  return JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: cmpNode('r', { children: [cmpNode('a')] }) });
}
