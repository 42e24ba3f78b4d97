import { test, expect } from '@playwright/test';
import { exportCmpV1, importCmp } from '../../src/formats/cmp.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Snapshot } from '../../src/model/schema.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { n, r, root } from '../helpers/build.js';

const screen = () => syntheticSnapshot(2000, 3, { realistic: true });
const rebuilt = (s: Snapshot) => makeSnapshot({ source: 'other', capturedAt: '2030-01-01T00:00:00.000Z', roots: structuredClone(s.roots) });

// The generation is hashed when first read (an import for an audit never pays for it), and must still
// change exactly when content changes.
test('equal content gives an equal generation, whatever the source, time or object identity', () => {
  const a = screen();
  expect(a.generation).toMatch(/^\d+$/);
  expect(rebuilt(a).generation).toBe(a.generation);
  expect(screen().generation).toBe(a.generation);
  const text = exportCmpV1(a);
  expect(importCmp(text).generation).toBe(importCmp(text, { where: 'elsewhere.json' }).generation);
});

test('any content change changes the generation: a deep text, a bounds value, a flag, the shape, a window field', () => {
  const base = screen();
  const g = base.generation;
  const variants: Array<(s: Snapshot) => void> = [
    (s) => { const leaf = deepest(s); leaf.text = `${leaf.text ?? ''}!`; },
    (s) => { const leaf = deepest(s); leaf.bounds = { ...leaf.bounds, x: leaf.bounds.x + 1 }; },
    (s) => { deepest(s).enabled = !deepest(s).enabled; },
    (s) => { const leaf = deepest(s); leaf.children.push(n({ id: 'extra', bounds: r(0, 0, 1, 1) })); },
    // The same nodes, one moved up a level: the shape counts, not only the fields.
    (s) => { const app = s.roots[0]!.node; const moved = app.children[0]!.children.pop()!; app.children.push(moved); },
    (s) => { s.roots[0]!.density = 3; },
    (s) => { s.roots[0]!.node.platform = { extra: 'x' }; },
  ];
  const seen = new Set([g]);
  for (const change of variants) {
    const s = rebuilt(base);
    change(s);
    const changed = rebuilt(s).generation;
    expect(changed).not.toBe(g);
    seen.add(changed);
  }
  expect(seen.size).toBe(variants.length + 1);
});

test('a generation given by the device, or assigned later, is the one read', () => {
  const roots = [root(n({ id: '1', bounds: r(0, 0, 10, 10) }), { rootId: 'main' })];
  expect(makeSnapshot({ source: 'moui', roots, generation: '42' }).generation).toBe('42');
  const s = makeSnapshot({ source: 'adb', roots });
  s.generation = '7';
  expect(s.generation).toBe('7');
  // It is an ordinary enumerable field for copies and JSON.
  expect({ ...s }.generation).toBe('7');
  expect(JSON.parse(JSON.stringify(s)).generation).toBe('7');
});

function deepest(s: Snapshot) {
  let node = s.roots[0]!.node;
  while (node.children.length) node = node.children[node.children.length - 1]!;
  return node;
}
