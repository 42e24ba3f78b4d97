import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { importSnapshotJson } from '../../src/formats/snapshot-json.js';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import { withoutSecret } from '../../src/formats/secret.js';
import { formatErrorOf } from '../helpers/expect-error.js';

const read = (p: string) => readFileSync(new URL(`../../fixtures/${p}`, import.meta.url), 'utf8');
const AT = '2026-01-01T00:00:00.000Z';

test('every importer’s snapshot survives snapshotToJson → importTree unchanged', () => {
  const inputs = ['trees/home.json', 'trees/a11y-tree.json', 'trees/jetwhale-settings.json', 'trees/moui-counter.json', 'uiautomator/002.xml', 'uiautomator/016.xml'];
  for (const file of inputs) {
    const s = importTree(read(file), { where: file, capturedAt: AT });
    for (const indent of [2, 0]) {
      const json = snapshotToJson(s, indent);
      expect(detectFormat(json)).toBe('treewright');
      expect(importTree(json, { where: 'snap.json' }), `${file} indent ${indent}`).toEqual(s);
    }
  }
});

test('the file’s own source, capturedAt, generation and warnings are kept', () => {
  const s = makeSnapshot({
    source: 'live:127.0.0.1:9500 (cmp-v1 live-android)',
    capturedAt: AT,
    generation: '42',
    warnings: [{ code: 'legacy', message: 'one' }],
    roots: [{ rootId: 'r', label: 'W', unit: 'dp', density: 2, windowOffset: { x: 3, y: 4 }, touchModal: true, node: makeNode('1', { platform: { viewClass: 'x', nested: { a: [1, 2] } } }) }],
  });
  const back = importSnapshotJson(snapshotToJson(s), { capturedAt: '1999-01-01T00:00:00.000Z', where: 'other' });
  expect(back).toEqual(s);
});

test('each node is validated with the zod field schema; the first bad node is named by its path', () => {
  const s = makeSnapshot({
    source: 'x',
    capturedAt: AT,
    roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', {}, [makeNode('2'), makeNode('3')]) }],
  });
  const doc = JSON.parse(snapshotToJson(s));

  const badRole = structuredClone(doc);
  badRole.roots[0].node.children[1].role = 'Buton';
  expect(formatErrorOf(() => importTree(JSON.stringify(badRole), { where: 's.json' })).message).toMatch(/^s\.json: roots\[0\]\.node\.children\[1\]\.role: Invalid option: expected one of "Button"/);

  const badWidth = structuredClone(doc);
  badWidth.roots[0].node.children[0].bounds.width = -1;
  expect(formatErrorOf(() => importTree(JSON.stringify(badWidth))).message).toMatch(/roots\[0\]\.node\.children\[0\]\.bounds\.width: Too small: expected number to be >=0/);

  const noChildren = structuredClone(doc);
  delete noChildren.roots[0].node.children[0].children;
  expect(formatErrorOf(() => importTree(JSON.stringify(noChildren))).message).toMatch(/roots\[0\]\.node\.children\[0\]\.children: is missing \(expected an array\)/);

  const badRoot = structuredClone(doc);
  badRoot.roots[0].unit = 'em';
  expect(formatErrorOf(() => importTree(JSON.stringify(badRoot))).message).toMatch(/roots\[0\]\.unit: Invalid option/);

  const badGeneration = structuredClone(doc);
  badGeneration.generation = 'abc';
  expect(formatErrorOf(() => importTree(JSON.stringify(badGeneration))).message).toMatch(/^generation: /);

  const dup = structuredClone(doc);
  dup.roots[0].node.children[1].id = '2';
  expect(formatErrorOf(() => importTree(JSON.stringify(dup))).message).toMatch(/roots\[0\]\.node\.children\[1\]: duplicate node id "2" \(first used at roots\[0\]\.node\.children\[0\]\)/);

  const v3 = { ...doc, version: 3 };
  const e = formatErrorOf(() => importTree(JSON.stringify(v3), { where: 'v3.json' }));
  expect(e.code).toBe('schema_version');
  expect(e.message).toMatch(/treewright snapshot version 3 is not supported; this treewright reads version 1 or 2/);
  // Version 1 (before warnings had codes) is still read: its string warnings become coded ones.
  const v1 = importTree(JSON.stringify({ ...doc, version: 1, warnings: ['a note from an old capture'] }));
  expect(v1.version).toBe(2);
  expect(v1.warnings).toEqual([{ code: 'legacy', message: 'a note from an old capture' }]);
});

test('a password field carrying its contents loses them, with a warning', () => {
  const s = makeSnapshot({
    source: 'x',
    capturedAt: AT,
    roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', { password: true, editableText: 'hunter2', text: 'Password' }) }],
  });
  const back = importTree(snapshotToJson(s));
  expect(back.roots[0]!.node).toMatchObject({ password: true, editableText: null, text: 'Password' });
  expect(back.warnings).toEqual([{ code: 'secret-dropped', message: 'password field 1 carried its contents; they were dropped' }]);
});

test('withoutSecret is the one scrubber: same object when nothing is dropped, so an empty password warns nothing', () => {
  const plain = makeNode('1', { text: 'Name', editableText: 'Ada' });
  expect(withoutSecret(plain)).toBe(plain);
  const empty = makeNode('2', { password: true, text: 'Password' });
  expect(withoutSecret(empty)).toBe(empty);
  const full = makeNode('3', { password: true, editableText: 'hunter2', value: 'x' });
  expect(withoutSecret(full)).toMatchObject({ id: '3', password: true, editableText: null, value: null });
  expect(full.editableText).toBe('hunter2'); // the input is not mutated
  const s = makeSnapshot({ source: 'x', capturedAt: AT, roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', {}, [empty]) }] });
  expect(importTree(snapshotToJson(s)).warnings).toEqual([]);
});
