// Tree diff: identity matching with a sequence alignment (one insertion = one change), deletions, moves,
// field changes, tolerance, ignore, windows, the text renderers, findings, large fan-out, and the
// alignment itself against a brute-force LCS.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';
import { TargetError } from '../../src/errors.js';
import { align } from '../../src/analysis/align.js';
import { diffFindings, diffTrees, renderDiff, summarizeDiff, type Change } from '../../src/analysis/diff.js';
import { goldenTreeOf, parseGolden, toGolden, type GoldenNode } from '../../src/outline/golden.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';

const HOME = new URL('../../fixtures/trees/home.json', import.meta.url);
const home = () => importTree(readFileSync(HOME, 'utf8'), { where: 'home.json' });

/** The golden of `before` (parsed back from text, as the matcher does) against `after`. */
function diff(before: Snapshot, after: Snapshot, opts: Parameters<typeof diffTrees>[2] = {}) {
  return diffTrees(parseGolden(toGolden(before), 'before.tree'), goldenTreeOf(after), opts);
}

const kinds = (cs: Change[]) => cs.map((c) => `${c.kind} ${c.label}`);

/** A list screen: rows with tags, or (tagless) rows identified only by their texts. */
function listScreen(rows: string[], opts: { tags?: boolean; top?: Node[] } = {}): Snapshot {
  const tagged = opts.tags ?? true;
  const items = rows.map((t, i) => n({ role: 'ListItem', ...(tagged ? { tag: `row-${t}` } : {}), bounds: r(0, 100 + i * 50, 360, 50) }, [
    n({ bounds: r(16, 100 + i * 50, 200, 40) }, [n({ role: 'Text', text: `Title ${t}`, bounds: r(16, 100 + i * 50, 200, 20) })]),
    n({ role: 'Switch', toggle: 'off', clickable: true, actions: ['Click'], bounds: r(300, 110 + i * 50, 40, 30) }),
  ]));
  return snap(root(n({ bounds: r(0, 0, 360, 800) }, [...(opts.top ?? []), n({ role: 'List', tag: 'feed', scrollable: true, bounds: r(0, 100, 360, 700) }, items)]), { rootId: 'main' }));
}

test.describe('identity alignment', () => {
  test('one node inserted at the top of a screen is exactly one added change', () => {
    const before = home();
    const after = home();
    after.roots[0]!.node.children.unshift(n({ role: 'Text', text: 'Offline', bounds: r(0, 0, 360, 16) }));
    const d = diff(before, after);
    expect(kinds(d.changes)).toEqual(['added Text "Offline"']);
    expect(d.changes[0]).toMatchObject({ kind: 'added', index: 0, size: 1, line: 3, rootId: 'root' });
  });

  test('a row inserted at the top of a list is one change, tagged or identified by its texts only', () => {
    for (const tags of [true, false]) {
      const d = diff(listScreen(['a', 'b', 'c', 'd'], { tags }), listScreen(['new', 'a', 'b', 'c', 'd'], { tags }));
      expect(d.changes).toHaveLength(1);
      expect(d.changes[0]).toMatchObject({ kind: 'added', index: 0, size: 4 });
    }
  });

  test('a deletion is one removed change with its subtree size and golden line', () => {
    const d = diff(listScreen(['a', 'b', 'c']), listScreen(['a', 'c']));
    expect(kinds(d.changes)).toEqual(['removed ListItem tag=row-b']);
    expect(d.changes[0]).toMatchObject({ size: 4, line: 9, index: 1 });
  });

  test('a moved node is one moved change with from / to', () => {
    const d = diff(listScreen(['a', 'b', 'c', 'd', 'e']), listScreen(['b', 'c', 'd', 'e', 'a']));
    expect(d.changes.map((c) => [c.kind, c.label, c.from, c.to])).toEqual([['moved', 'ListItem tag=row-a', 0, 4]]);
    // Every row's bounds changed, but each moved with its neighbour (the chain of shifts is explained by the move).
  });

  test('a moved node also reports what changed on it', () => {
    const after = listScreen(['b', 'a']);
    const d = diff(listScreen(['a', 'b']), after, { ignore: ['bounds'] });
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ kind: 'moved', from: 0, to: 1, fields: [] });
  });

  test('a node whose label changed in place is one changed node, not a removal and an addition', () => {
    const before = snap(root(n({ bounds: r(0, 0, 10, 10) }, [n({ role: 'Text', text: 'Hello', bounds: r(0, 0, 5, 5) }), n({ role: 'Button', text: 'OK', bounds: r(0, 5, 5, 5) })]), { rootId: 'm' }));
    const after = snap(root(n({ bounds: r(0, 0, 10, 10) }, [n({ role: 'Text', text: 'Hallo', bounds: r(0, 0, 5, 5) }), n({ role: 'Button', text: 'OK', bounds: r(0, 5, 5, 5) })]), { rootId: 'm' }));
    const d = diff(before, after);
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ kind: 'changed', label: 'Text "Hello"', line: 4, fields: [{ field: 'text', expected: 'Hello', actual: 'Hallo' }] });
  });

  test('tagless, labelless siblings fall back to position among the same role', () => {
    const grid = (k: number) => snap(root(n({ bounds: r(0, 0, 10, 10) }, Array.from({ length: k }, (_, i) => n({ role: 'Image', bounds: r(i, 0, 1, 1) }))), { rootId: 'm' }));
    const d = diff(grid(3), grid(4));
    expect(d.changes.map((c) => c.kind)).toEqual(['added']);
    expect(d.changes[0]).toMatchObject({ index: 3 });
  });

  test('nodes moved to another parent are removed there and added here', () => {
    const mk = (inFirst: boolean) => snap(root(n({ bounds: r(0, 0, 10, 10) }, [
      n({ tag: 'left', bounds: r(0, 0, 5, 10) }, inFirst ? [n({ tag: 'x', bounds: r(0, 0, 1, 1) })] : []),
      n({ tag: 'right', bounds: r(5, 0, 5, 10) }, inFirst ? [] : [n({ tag: 'x', bounds: r(0, 0, 1, 1) })]),
    ]), { rootId: 'm' }));
    expect(kinds(diff(mk(true), mk(false)).changes)).toEqual(['removed node tag=x', 'added node tag=x']);
  });
});

test.describe('layout shifts are reported where they start', () => {
  /** A column: a header, then a list of rows; `banner` inserts a 40 px node on top, pushing everything down. */
  const column = (opts: { banner?: boolean; grow?: number; shiftList?: number } = {}) => {
    const top = opts.banner ? 40 : 0;
    const kids: Node[] = [];
    if (opts.banner) kids.push(n({ role: 'Text', text: 'You are offline', bounds: r(0, 0, 360, 40) }));
    kids.push(n({ role: 'Heading', text: 'Inbox', bounds: r(0, top, 360, 50 + (opts.grow ?? 0)) }));
    const y0 = top + 50 + (opts.grow ?? 0) + (opts.shiftList ?? 0);
    kids.push(n({ role: 'List', tag: 'feed', bounds: r(0, y0, 360, 500) }, ['a', 'b', 'c'].map((t, i) =>
      n({ role: 'ListItem', tag: `row-${t}`, bounds: r(0, y0 + i * 50, 360, 50) }, [n({ role: 'Text', text: t, bounds: r(16, y0 + i * 50 + 10, 100, 20) })]))));
    return snap(root(n({ bounds: r(0, 0, 360, 800) }, kids), { rootId: 'm' }));
  };

  test('a banner inserted at the top pushes every node down: one added change', () => {
    expect(kinds(diff(column(), column({ banner: true })).changes)).toEqual(['added Text "You are offline"']);
  });

  test('a node that grows pushes its siblings: one change, its size', () => {
    const d = diff(column(), column({ grow: 20 }));
    expect(d.changes.map((c) => [c.label, c.fields])).toEqual([['Heading "Inbox"', [{ field: 'bounds', expected: '0,0,360,50', actual: '0,0,360,70' }]]]);
  });

  test('a subtree that moves on its own: one change at its top, not on its descendants or the nodes around it', () => {
    const d = diff(column(), column({ shiftList: 12 }));
    expect(d.changes.map((c) => [c.label, c.fields])).toEqual([['List tag=feed', [{ field: 'bounds', expected: '0,50,360,500', actual: '0,62,360,500' }]]]);
  });

  test('a child that stays put while its parent moves is not a change (its own bounds did not change)', () => {
    const after = column();
    const list = after.roots[0]!.node.children[1]!;
    list.bounds = { ...list.bounds, y: list.bounds.y + 30 };
    expect(kinds(diff(column(), after).changes)).toEqual(['changed List tag=feed']);
  });
});

test.describe('field changes', () => {
  test('the 24dp radius drift on card_two, a flag, a toggle and text, each on its node', () => {
    const before = home();
    const after = home();
    const cardTwo = after.roots[0]!.node.children.find((k) => k.tag === 'card_two');
    expect(cardTwo).toBeTruthy();
    cardTwo!.designToken = { tokens: ['Surface', 'RadiusCard'], resolved: { color: '#FFFFFF', radius: '16dp' } };
    cardTwo!.enabled = true;
    cardTwo!.children[0]!.text = 'Card 2';
    after.roots[0]!.node.children[0]!.designToken = null;
    const d = diff(before, after);
    expect(d.changes.map((c) => [c.label, c.line, c.fields])).toEqual([
      ['node "Home" tag=home_title', 4, [{ field: 'tokens', expected: 'TitleLarge', actual: null }, { field: 't.fontSize', expected: '22sp', actual: null }]],
      ['Button desc="Second card" tag=card_two', 8, [{ field: 't.radius', expected: '24dp', actual: '16dp' }, { field: 'flags', expected: 'clickable disabled', actual: 'clickable' }]],
      ['node "Card Two" tag=card_two_label', 9, [{ field: 'text', expected: 'Card Two', actual: 'Card 2' }]],
    ]);
    expect(renderDiff(d)).toBe([
      '~ node "Home" tag=home_title (line 4): tokens TitleLarge → (none), t.fontSize 22sp → (none)',
      '~ Button desc="Second card" tag=card_two (line 8): t.radius 24dp → 16dp, [-disabled]',
      '~ node "Card Two" tag=card_two_label (line 9): text "Card Two" → "Card 2"',
    ].join('\n'));
  });

  test('toggle, role, actions and desc changes', () => {
    const before = listScreen(['a']);
    const after = listScreen(['a']);
    const row = after.roots[0]!.node.children[0]!.children[0]!;
    row.children[1]!.toggle = 'on';
    row.children[1]!.actions = [];
    row.role = 'Button';
    row.contentDescription = 'Row';
    const d = diff(before, after);
    expect(d.changes.map((c) => c.fields!.map((f) => f.field))).toEqual([['role', 'desc'], ['toggle', 'actions']]);
    expect(renderDiff(d)).toContain('toggle off → on, actions Click → (none)');
  });

  test('bounds within tolerancePx (default 1) are equal; beyond it they change', () => {
    const moved = (dy: number) => snap(root(n({ tag: 'a', bounds: r(0, 10 + dy, 100, 50) }), { rootId: 'm' }));
    expect(diff(moved(0), moved(1)).changes).toEqual([]);
    expect(diff(moved(0), moved(-1)).changes).toEqual([]);
    const d = diff(moved(0), moved(2));
    expect(d.changes[0]!.fields).toEqual([{ field: 'bounds', expected: '0,10,100,50', actual: '0,12,100,50' }]);
    expect(diff(moved(0), moved(2), { tolerancePx: 2 }).changes).toEqual([]);
    expect(diff(moved(0), moved(1), { tolerancePx: 0 }).changes).toHaveLength(1);
  });
});

test.describe('ignore', () => {
  const before = () => listScreen(['a', 'b']);
  const after = () => {
    const s = listScreen(['a', 'b']);
    const row = s.roots[0]!.node.children[0]!.children[0]!;
    row.bounds = { ...row.bounds, y: row.bounds.y + 10 };
    row.children[0]!.children[0]!.text = 'Changed';
    row.children[1]!.focused = true;
    row.children[1]!.designToken = { tokens: ['Accent'], resolved: { color: '#F00' } };
    return s;
  };

  test('field names', () => {
    expect(kinds(diff(before(), after()).changes)).toEqual(['changed ListItem tag=row-a', 'changed Text "Title a"', 'changed Switch']);
    expect(kinds(diff(before(), after(), { ignore: ['bounds', 'text', 'focused', 'tokens', 't.*'] }).changes)).toEqual([]);
    const some = diff(before(), after(), { ignore: ['bounds', 'flags', 't.color'] });
    expect(some.changes.map((c) => c.fields!.map((f) => f.field))).toEqual([['text'], ['tokens']]);
  });

  test('node predicates leave the node and its subtree out, on both sides', () => {
    const byTag = (tag: string) => (e: GoldenNode) => e.attrs.tag === tag;
    expect(diff(before(), after(), { ignore: ['bounds', byTag('row-a')] }).changes).toEqual([]);
    // An ignored node present on one side only is not reported either.
    expect(diff(before(), listScreen(['b']), { ignore: [byTag('row-a')] }).changes).toEqual([]);
  });

  test('an unknown field name is a TargetError naming it', () => {
    expect(() => diff(before(), after(), { ignore: ['bound'] })).toThrow(TargetError);
    expect(() => diff(before(), after(), { ignore: ['bound'] })).toThrow(/unknown field "bound" in ignore/);
  });
});

test.describe('windows', () => {
  const screen = (popup: boolean, label = 'MainActivity') => snap(
    root(n({ tag: 'app', bounds: r(0, 0, 100, 100) }), { rootId: 'app', label }),
    ...(popup ? [root(n({ role: 'Menu', bounds: r(50, 0, 50, 50) }, [n({ role: 'MenuItem', text: 'Settings', bounds: r(50, 0, 50, 10) })]), { rootId: 'popup', label: 'PopupWindow' })] : []),
  );

  test('a window opening is one added root; closing, one removed', () => {
    const opened = diff(screen(false), screen(true));
    expect(opened.changes.map((c) => [c.kind, c.label, c.size])).toEqual([['added', 'root popup "PopupWindow"', 2]]);
    expect(diff(screen(true), screen(false)).changes.map((c) => c.kind)).toEqual(['removed']);
  });

  test('window fields change in place', () => {
    const before = screen(false);
    const after = screen(false);
    after.roots[0]!.density = 2;
    after.roots[0]!.touchModal = true;
    expect(diff(before, after).changes[0]!.fields).toEqual([
      { field: 'density', expected: '1', actual: '2' },
      { field: 'flags', expected: null, actual: 'modal' },
    ]);
    expect(diff(before, after, { ignore: ['density', 'modal'] }).changes).toEqual([]);
  });
});

test.describe('text', () => {
  test('the short diff stops at 30 lines and counts the rest; the full one has every change with its path', () => {
    const rows = Array.from({ length: 40 }, (_, i) => String(i));
    const after = listScreen(rows);
    for (const item of after.roots[0]!.node.children[0]!.children) item.children[1]!.toggle = 'on';
    const d = diff(listScreen(rows), after);
    expect(d.changes).toHaveLength(40);
    const short = renderDiff(d).split('\n');
    expect(short).toHaveLength(31);
    expect(short[30]).toBe('… and 10 more changes');
    expect(short[0]).toBe('~ Switch (line 8): toggle off → on');
    const full = renderDiff(d, { maxLines: Infinity, paths: true }).split('\n');
    expect(full).toHaveLength(80);
    expect(full[1]).toBe('    in root main › node › List tag=feed › ListItem tag=row-0');
    expect(summarizeDiff(d)).toBe('40 changes (40 changed)');
    expect(summarizeDiff({ changes: [] })).toBe('no changes');
  });

  test('a 60,000-deep chain with every node changed: each change has its path, window first, built once', () => {
    const chain = (toggle: 'on' | 'off') => {
      let node = n({ id: 'leaf', tag: 'leaf', toggle, bounds: r(0, 0, 10, 10) });
      for (let i = 0; i < 60_000; i++) node = n({ id: `d${i}`, tag: `t${i}`, toggle, bounds: r(0, 0, 10, 10) }, [node]);
      return snap(root(node, { rootId: 'main' }));
    };
    const d = diffTrees(goldenTreeOf(chain('off')), goldenTreeOf(chain('on')));
    expect(d.changes).toHaveLength(60_001);
    expect(d.changes[0]!.path).toEqual(['root main']);
    expect(d.changes[6]!.path).toEqual(['root main', 'node tag=t59999', 'node tag=t59998', 'node tag=t59997', 'node tag=t59996', 'node tag=t59995', 'node tag=t59994']);
    const last = d.changes[60_000]!;
    expect(last.label).toBe('node tag=leaf');
    expect(last.path).toEqual(['root main', '…', 'node tag=t5', 'node tag=t4', 'node tag=t3', 'node tag=t2', 'node tag=t1', 'node tag=t0']);
  });

  test('siblings known only by a tag 60,000 unlabelled levels down: found without recursion, one insertion is one change', () => {
    let id = 0;
    const chain = (depth: number, tag: string) => {
      let node = n({ id: `n${id++}`, tag, bounds: r(0, 0, 10, 10) });
      for (let i = 0; i < depth; i++) node = n({ id: `n${id++}`, bounds: r(0, 0, 10, 10) }, [node]);
      return node;
    };
    const screen = (rows: Node[]) => snap(root(n({ id: `n${id++}`, bounds: r(0, 0, 10, 10) }, rows), { rootId: 'main' }));
    const before = screen([chain(60_000, 'deep'), chain(3, 'short')]);
    const after = screen([chain(2, 'new'), chain(60_000, 'deep'), chain(3, 'short')]);
    const d = diffTrees(goldenTreeOf(before), goldenTreeOf(after));
    expect(d.changes.map((c) => [c.kind, c.index, c.size])).toEqual([['added', 0, 3]]);
    // Reordered: the deep one is identified across the list by what is below it.
    const swapped = diffTrees(goldenTreeOf(before), goldenTreeOf(screen([chain(3, 'short'), chain(60_000, 'deep')])));
    expect(swapped.changes.map((c) => c.kind)).toEqual(['moved']);
  });

  test('added and removed lines carry the golden line of the node', () => {
    const d = diff(listScreen(['a', 'b']), listScreen(['a', 'c']));
    expect(renderDiff(d)).toBe([
      '- ListItem tag=row-b bounds=0,150,360,50 (+3 below)  (line 9)',
      '+ ListItem tag=row-c bounds=0,150,360,50 (+3 below)  (under line 4, at 1)',
    ].join('\n'));
  });

  test('findings: check golden, one per change, node ids from the actual tree', () => {
    const after = listScreen(['a', 'new']);
    const d = diff(listScreen(['a']), after);
    const [f] = diffFindings(d);
    expect(f).toMatchObject({ check: 'golden', rule: 'golden-added', severity: 'error', rootId: 'main', nodeId: after.roots[0]!.node.children[0]!.children[1]!.id });
    expect(f!.node).toBe('ListItem tag=row-new bounds=0,150,360,50');
    expect(f!.message).toMatch(/^\+ ListItem tag=row-new/);
  });
});

test.describe('large fan-out', () => {
  const flat = (keys: string[]) => snap(root(n({ bounds: r(0, 0, 10, 10) }, keys.map((k) => n({ tag: k, bounds: r(0, 0, 1, 1) }))), { rootId: 'm' }));
  const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}`);

  test('10,000 siblings with one inserted in the middle: one change', () => {
    const after = [...keys.slice(0, 5000), 'new', ...keys.slice(5000)];
    expect(kinds(diff(flat(keys), flat(after)).changes)).toEqual(['added node tag=new']);
  });

  test('10,000 siblings reversed: past the Myers budget, the fallback still pairs every node (moves, no add/remove)', () => {
    const d = diff(flat(keys), flat([...keys].reverse()));
    expect(d.changes.every((c) => c.kind === 'moved')).toBe(true);
    expect(d.changes).toHaveLength(9_999);
  });

  test('many scattered replacements: unpaired nodes come out as removed + added, nothing lost', () => {
    const after = keys.map((k, i) => (i % 7 === 0 ? `x${i}` : k));
    const d = diff(flat(keys), flat(after));
    const replaced = keys.filter((_, i) => i % 7 === 0).length;
    expect(d.changes.filter((c) => c.kind === 'removed')).toHaveLength(replaced);
    expect(d.changes.filter((c) => c.kind === 'added')).toHaveLength(replaced);
    expect(d.changes).toHaveLength(2 * replaced);
  });
});

test.describe('align', () => {
  function lcsLength(a: string[], b: string[]): number {
    const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
    return dp[a.length]![b.length]!;
  }
  /** The pairs' count, or what is wrong with them (a pair out of order or of unequal items). */
  function check(a: string[], b: string[]): number | string {
    const p = align(a, b);
    let last = -1, count = 0;
    for (let i = 0; i < a.length; i++) {
      const j = p[i]!;
      if (j < 0) continue;
      if (j <= last) return `pair ${i}→${j} crosses the one before (→${last})`;
      if (b[j] !== a[i]) return `pair ${i}→${j} pairs ${a[i]} with ${b[j]}`;
      last = j;
      count++;
    }
    return count;
  }

  test('pairs are equal, never cross, and are as many as the longest common subsequence (random lists)', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    // Checked plainly and asserted once: an expect per pair would cost more than the cases.
    const wrong: string[] = [];
    for (let round = 0; round < 300; round++) {
      const alphabet = 1 + Math.floor(rand() * 6);
      const a = Array.from({ length: Math.floor(rand() * 25) }, () => String.fromCharCode(97 + Math.floor(rand() * alphabet)));
      const b = Array.from({ length: Math.floor(rand() * 25) }, () => String.fromCharCode(97 + Math.floor(rand() * alphabet)));
      const got = check(a, b), want = lcsLength(a, b);
      if (got !== want) wrong.push(`${a.join('')} / ${b.join('')}: ${got}, longest common subsequence ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  test('edge cases', () => {
    expect([...align([], [])]).toEqual([]);
    expect([...align(['a'], [])]).toEqual([-1]);
    expect([...align([], ['a'])]).toEqual([]);
    expect([...align(['a', 'b'], ['a', 'b'])]).toEqual([0, 1]);
    expect([...align(['a', 'b', 'c'], ['x', 'a', 'b', 'c'])]).toEqual([1, 2, 3]);
  });
});
