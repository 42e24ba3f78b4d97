import { test, expect } from '@playwright/test';
import { nodeFacts } from '../../src/facts/node-facts.js';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

/** A root with `n` children, each with one child: document order root, c0, g0, c1, g1, … */
function tree(n: number): { snapshot: Snapshot; nodes: Node[] } {
  const kids = Array.from({ length: n }, (_, k) => makeNode(`c${k}`, {}, [makeNode(`g${k}`)]));
  const root = makeNode('root', {}, kids);
  const snapshot = makeSnapshot({ source: 'test', roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: root }] });
  return { snapshot, nodes: [root, ...kids.flatMap((c) => [c, c.children[0]!])] };
}

test('orderOf gives every node its document position, asked in order, repeated, backwards or at random', () => {
  const { snapshot, nodes } = tree(50);
  const want = new Map(nodes.map((x, k) => [x, k]));
  // In document order (the cursor), each asked twice in a row.
  const f1 = nodeFacts({ ...snapshot });
  for (const x of nodes) { expect(f1.orderOf(x)).toBe(want.get(x)); expect(f1.orderOf(x)).toBe(want.get(x)); }
  // Backwards, then a scattered order: every answer the same.
  const f2 = nodeFacts({ ...snapshot });
  for (const x of [...nodes].reverse()) expect(f2.orderOf(x)).toBe(want.get(x));
  const f3 = nodeFacts({ ...snapshot });
  const scattered = nodes.map((_, k) => nodes[(k * 37) % nodes.length]!);
  for (const x of scattered) expect(f3.orderOf(x)).toBe(want.get(x));
  // Out of order, then in order again from there.
  const f4 = nodeFacts({ ...snapshot });
  expect(f4.orderOf(nodes[60]!)).toBe(60);
  for (let k = 61; k < nodes.length; k++) expect(f4.orderOf(nodes[k]!)).toBe(k);
  expect(f4.orderOf(nodes[0]!)).toBe(0);
});

test('orderOf: a node of another snapshot is not found, whatever was asked before', () => {
  const { snapshot, nodes } = tree(5);
  const other = tree(5).nodes;
  const f = nodeFacts(snapshot);
  expect(f.orderOf(other[0]!)).toBeUndefined();
  expect(f.orderOf(nodes[0]!)).toBe(0);
  expect(f.orderOf(other[1]!)).toBeUndefined();
  expect(f.orderOf(nodes[1]!)).toBe(1);
});

test('orderOf: a node object placed twice in a hand-built tree answers one of its positions, in order or not', () => {
  const shared = makeNode('shared');
  const root = makeNode('root', {}, [shared, makeNode('mid'), shared]);
  const snapshot = makeSnapshot({ source: 'test', roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: root }] });
  expect(nodeFacts({ ...snapshot }).orderOf(shared)).toBe(1);
  const f = nodeFacts({ ...snapshot });
  expect(f.orderOf(root.children[1]!)).toBe(2);
  expect([1, 3]).toContain(f.orderOf(shared));
  expect(f.orderOf(root)).toBe(0);
});
