import { test, expect } from '@playwright/test';
import { isEmptyDelta, snapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import { stringifyIteratively, stringifyJson } from '../../src/model/stringify.js';
import { n, r, root, snap } from '../helpers/build.js';

function screen(opts: { wifi?: 'on' | 'off'; extraRow?: boolean; dialog?: boolean; title?: string } = {}) {
  const rows = [
    n({ id: '10', role: 'Switch', text: 'Wi-Fi', toggle: opts.wifi ?? 'off', clickable: true, bounds: r(0, 100, 1080, 100) }),
    n({ id: '11', role: 'Switch', text: 'Bluetooth', toggle: 'on', clickable: true, bounds: r(0, 200, 1080, 100) }),
    ...(opts.extraRow ? [n({ id: '12', role: 'Switch', text: 'NFC', toggle: 'off', clickable: true, bounds: r(0, 300, 1080, 100) })] : []),
  ];
  const roots = [root(n({ id: '1', bounds: r(0, 0, 1080, 2400) }, [n({ id: '2', text: opts.title ?? 'Settings', bounds: r(0, 0, 1080, 100) }), n({ id: '3', role: 'List' }, rows)]), { rootId: 'main' })];
  if (opts.dialog) roots.push(root(n({ id: '100', role: 'Dialog' }, [n({ id: '101', text: 'Sure?' })]), { rootId: 'dialog', touchModal: true }));
  return snap(...roots);
}

test('an unchanged screen is an empty delta', () => {
  const d = snapshotDelta(screen(), screen());
  expect(isEmptyDelta(d)).toBe(true);
  expect(d).toMatchObject({ upserted: [], removed: [], roots: { added: [], removed: [], changed: [] } });
});

test('a changed field upserts that node only', () => {
  const d = snapshotDelta(screen(), screen({ wifi: 'on' }));
  expect(d.upserted.map((e) => [e.node.id, e.added, e.parentId, e.rootId])).toEqual([['10', false, '3', 'main']]);
  expect(d.removed).toEqual([]);
});

test('an inserted node is added, and its parent changed (its child list did)', () => {
  const d = snapshotDelta(screen(), screen({ extraRow: true }));
  expect(d.upserted.map((e) => [e.node.id, e.added])).toEqual([['3', false], ['12', true]]);
  const back = snapshotDelta(screen({ extraRow: true }), screen());
  expect(back.removed).toEqual(['12']);
  expect(back.upserted.map((e) => e.node.id)).toEqual(['3']);
});

test('a window that opens: root added, its nodes added; closing removes them', () => {
  const open = snapshotDelta(screen(), screen({ dialog: true }));
  expect(open.roots.added).toEqual(['dialog']);
  expect(open.upserted.map((e) => e.node.id)).toEqual(['100', '101']);
  const closed = snapshotDelta(screen({ dialog: true }), screen());
  expect(closed.roots.removed).toEqual(['dialog']);
  expect(closed.removed).toEqual(['100', '101']);
});

test('a node moved to another parent is changed, not added', () => {
  const a = snap(root(makeNode('1', {}, [makeNode('2', {}, [makeNode('4')]), makeNode('3')]), { rootId: 'w' }));
  const b = snap(root(makeNode('1', {}, [makeNode('2'), makeNode('3', {}, [makeNode('4')])]), { rootId: 'w' }));
  const d = snapshotDelta(a, b);
  expect(d.upserted.map((e) => [e.node.id, e.added, e.parentId])).toEqual([['2', false, '1'], ['3', false, '1'], ['4', false, '3']]);
  expect(d.removed).toEqual([]);
});

test('linear on a 60,000-deep chain (no recursion)', () => {
  let a = makeNode('0');
  for (let i = 1; i < 60_000; i++) a = makeNode(String(i), {}, [a]);
  let b = makeNode('0', { text: 'changed' });
  for (let i = 1; i < 60_000; i++) b = makeNode(String(i), {}, [b]);
  const d = snapshotDelta(snap(root(a, { rootId: 'w' })), snap(root(b, { rootId: 'w' })));
  expect(d.upserted.map((e) => e.node.id)).toEqual(['0']);
});

test('a platform value nested 100,000 deep: generation, delta and JSON all work (no RangeError)', () => {
  // makeSnapshot (not an importer) may carry any JSON in platform; every writer of it is iterative.
  let deep: unknown = 'leaf';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const before = makeSnapshot({ source: 'x', roots: [root(n({ id: '1' }, [n({ id: '2', platform: { deep } })]), { rootId: 'w' })] });
  const after = makeSnapshot({ source: 'x', roots: [root(n({ id: '1' }, [n({ id: '2', platform: { deep: [deep] } })]), { rootId: 'w' })] });
  expect(before.generation).toMatch(/^\d+$/);
  expect(after.generation).not.toBe(before.generation);
  expect(snapshotDelta(before, after).upserted.map((e) => e.node.id)).toEqual(['2']);
  expect(isEmptyDelta(snapshotDelta(before, before))).toBe(true);
  const json = snapshotToJson(before, 0);
  expect(json).toContain('"deep":' + '['.repeat(100_000) + '"leaf"');
});

test('stringifyJson: the native fast path and the iterative writer give the same text', () => {
  const value = { a: [1, 'two', null, { b: true, u: undefined, f: () => 1 }], e: {}, l: [], s: 'q"\n\u2028' };
  for (const indent of [0, 2]) {
    expect(stringifyJson(value, indent)).toBe(JSON.stringify(value, null, indent));
    expect(stringifyIteratively(value, indent)).toBe(JSON.stringify(value, null, indent));
  }
  expect(stringifyJson(undefined)).toBe('null');
});
