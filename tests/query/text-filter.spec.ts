import { test, expect } from '@playwright/test';
import { n, r, root, snap } from '../helpers/build.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { matchesText, type TextPattern } from '../../src/query/text.js';
import { MAX_REGEX_TEXT } from '../../src/query/text-filter.js';
import type { Node } from '../../src/model/schema.js';

const filterIds = (s: ReturnType<typeof snap>, options: { hasText?: TextPattern; hasNotText?: TextPattern }) =>
  resolveSelector(s, [{ kind: 'filter', options }]).map((x) => x.id);

test('hasText / hasNotText give what matching each node\'s whole textContent gives, patterns spanning nodes included', () => {
  // Text split across nodes, whitespace runs, editable text, an empty node, Greek sigma, two roots.
  const s = snap(
    root(n({ id: 'a', bounds: r(0, 0, 10, 10) }, [
      n({ id: 'b', text: '  Blue' }, [n({ id: 'c', text: 'tooth\u00a0\n devices ' }), n({ id: 'd' })]),
      n({ id: 'e', text: 'Wi-Fi', editableText: 'ΟΔΟΣ  on' }, [n({ id: 'f', text: 'Item 240' })]),
      n({ id: 'g', editableText: 'x' }),
    ])),
    root(n({ id: 'h', text: 'devices' }, [n({ id: 'i', text: 'again' })])),
  );
  const index = indexSnapshot(s);
  const patterns: TextPattern[] = ['', 'blue', 'Blue tooth', 'tooth devices', 'BLUE TOOTH DEVICES', 'devices wi', 'fi οδος', 'οδος on item',
    'on item 240', 'item 240 x', 'x devices', 'devices again', 'e', ' tooth ', 'zzz', /^Blue tooth/, /devices$/, /fi ΟΔΟΣ/i, /x/];
  for (const p of patterns) {
    const want = index.nodes.filter((m) => matchesText(index.textContent(m), p)).map((m) => m.id);
    expect(filterIds(s, { hasText: p }), String(p)).toEqual(want);
    expect(filterIds(s, { hasNotText: p }), String(p)).toEqual(index.nodes.map((m) => m.id).filter((id) => !want.includes(id)));
  }
  // Spot checks, so the comparison above cannot pass vacuously.
  expect(filterIds(s, { hasText: 'tooth devices' })).toEqual(['a', 'b', 'c']);
  expect(filterIds(s, { hasText: 'devices wi' })).toEqual(['a']);
  expect(filterIds(s, { hasText: 'devices again' })).toEqual(['h']);
});

test('hasText on a 60,000-deep chain answers every candidate (linear, not one join per candidate)', () => {
  const depth = 60_000;
  let node: Node = n({ id: 'leaf', text: 'needle here', bounds: r(0, 0, 1, 1) });
  for (let i = depth - 1; i >= 0; i--) node = n({ id: `g${i}`, role: 'Group', text: `Group ${i}`, bounds: r(0, 0, 1, 1) }, [node]);
  const s = snap(root(node));
  const groups = { kind: 'role', role: 'Group', options: {} } as const;
  expect(resolveSelector(s, [groups, { kind: 'filter', options: { hasText: 'needle' } }])).toHaveLength(depth);
  expect(resolveSelector(s, [groups, { kind: 'filter', options: { hasText: 'group 59999 needle' } }])).toHaveLength(depth);
  expect(resolveSelector(s, [groups, { kind: 'filter', options: { hasText: 'group 59998 needle' } }])).toEqual([]);
  expect(resolveSelector(s, [groups, { kind: 'filter', options: { hasNotText: 'Group 59998' } }]).map((x) => x.id)).toEqual(['g59999']);
});

test('a RegExp hasText reads each candidate\'s first MAX_REGEX_TEXT characters of text content', () => {
  const depth = 2_000;
  let node: Node = n({ id: 'leaf', text: 'needle here', bounds: r(0, 0, 1, 1) });
  for (let i = depth - 1; i >= 0; i--) node = n({ id: `g${i}`, role: 'Group', text: `Group ${String(i).padStart(4, '0')}`, bounds: r(0, 0, 1, 1) }, [node]);
  const s = snap(root(node));
  const groups = { kind: 'role', role: 'Group', options: {} } as const;
  // Each group adds 'Group 0123 ' (11 characters) above the needle.
  const near = resolveSelector(s, [groups, { kind: 'filter', options: { hasText: /needle/ } }]).map((x) => x.id);
  const seen = Math.floor((MAX_REGEX_TEXT - 'needle'.length) / 11);
  expect(near).toHaveLength(seen);
  expect(near[0]).toBe(`g${depth - seen}`);
  expect(near.at(-1)).toBe(`g${depth - 1}`);
  // A string pattern has no cap.
  expect(resolveSelector(s, [groups, { kind: 'filter', options: { hasText: 'needle' } }])).toHaveLength(depth);
});
