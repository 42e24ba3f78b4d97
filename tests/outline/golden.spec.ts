// Golden files: exact output on the cmp-inspector corpus tree, determinism, volatile fields left out,
// round trips (odd tokens and facets too), comments in the outline grammar, errors for hand-edited
// nonsense, the golden rebuilt as a snapshot for locators, and deep trees.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';
import { FormatError, TargetError } from '../../src/errors.js';
import { makeNode, walk } from '../../src/model/node.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { GOLDEN_HEADER, formatGolden, goldenSnapshot, goldenTreeOf, parseBounds, parseGolden, readGolden, toGolden } from '../../src/outline/golden.js';
import { diffTrees } from '../../src/analysis/diff.js';
import type { Node } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';

const HOME = new URL('../../fixtures/trees/home.json', import.meta.url);
const home = () => importTree(readFileSync(HOME, 'utf8'), { where: 'home.json' });

const HOME_GOLDEN = `# treewright golden v1
root root unit=px density=1
- node desc="Home screen" tag=home_root bounds=0,0,360,800 tokens=PaddingPage t.padding=16dp
  - node "Home" tag=home_title bounds=16,16,328,40 tokens=TitleLarge t.fontSize=22sp
  - node "Untokenized subtitle" tag=home_subtitle_raw bounds=16,64,328,20
  - Button desc="First card" tag=card_one bounds=16,100,328,120 tokens=Surface,RadiusCard t.color=#FFFFFF t.radius=16dp [clickable] actions=Click
    - node "Card One" tag=card_one_label bounds=32,116,200,24 tokens=BodyMedium t.fontSize=14sp
  - Button desc="Second card" tag=card_two bounds=16,240,328,120 tokens=Surface,RadiusCard t.color=#FFFFFF t.radius=24dp [clickable disabled] actions=Click
    - node "Card Two" tag=card_two_label bounds=32,256,200,24 tokens=BodyMedium t.fontSize=14sp
`;

test.describe('printing', () => {
  test('the cmp corpus tree prints exactly, tokens and resolved values included (the 24dp drift shows)', () => {
    expect(toGolden(home())).toBe(HOME_GOLDEN);
  });

  test('same snapshot → same bytes; ids, tap points and resolved-key order do not matter', () => {
    const make = (ids: string[], resolved: Record<string, string>) => snap(root(
      n({ id: ids[0]!, tag: 'card', role: 'Button', clickable: true, actions: ['Click'], bounds: r(0.4, 10.6, 100.2, 49.5), designToken: { tokens: ['Surface'], resolved } }, [
        n({ id: ids[1]!, text: 'Hi', bounds: r(-0.3, 0, 10, 10) }),
      ]),
      { rootId: 'main' },
    ));
    const a = make(['1', '2'], { radius: '16dp', color: '#FFF' });
    const b = make(['900', '901'], { color: '#FFF', radius: '16dp' });
    expect(toGolden(a)).toBe(toGolden(a));
    expect(toGolden(b)).toBe(toGolden(a));
    expect(toGolden(a)).toBe(`${GOLDEN_HEADER}
root main unit=px density=1
- Button tag=card bounds=0,11,100,50 tokens=Surface t.color=#FFF t.radius=16dp [clickable] actions=Click
  - node "Hi" bounds=0,0,10,10
`);
    expect(toGolden(a)).not.toMatch(/#\d|tap=/);
  });

  test('a locator golden is the node\'s subtree without a root line', () => {
    const s = home();
    const card = resolveSelector(s, [{ kind: 'tag', tag: 'card_two' }])[0]!;
    expect(toGolden({ snapshot: s, node: card })).toBe(`${GOLDEN_HEADER}
- Button desc="Second card" tag=card_two bounds=16,240,328,120 tokens=Surface,RadiusCard t.color=#FFFFFF t.radius=24dp [clickable disabled] actions=Click
  - node "Card Two" tag=card_two_label bounds=32,256,200,24 tokens=BodyMedium t.fontSize=14sp
`);
  });

  test('windows print with their unit, density, offset and modality', () => {
    const s = snap(
      root(n({ bounds: r(0, 0, 1080, 2400) }), { rootId: 'app', label: 'MainActivity', density: 2.625 }),
      root(n({ role: 'Dialog', bounds: r(63, 800, 954, 787) }), { rootId: 'dlg', label: 'Dialog', density: 2.625, windowOffset: { x: 63, y: 800 }, touchModal: true }),
    );
    expect(toGolden(s)).toBe(`${GOLDEN_HEADER}
root app "MainActivity" unit=px density=2.625
- node bounds=0,0,1080,2400
root dlg "Dialog" unit=px density=2.625 offset=63,800 [modal]
- Dialog bounds=63,800,954,787
`);
  });

  test('an empty snapshot is the header alone', () => {
    expect(toGolden(snap())).toBe(GOLDEN_HEADER + '\n');
    expect(parseGolden(GOLDEN_HEADER + '\n', 'x')).toEqual({ roots: [], entries: [] });
  });
});

test.describe('round trip', () => {
  test('parse(print(s)) prints the same bytes and diffs clean against s', () => {
    const s = home();
    const text = toGolden(s);
    const parsed = parseGolden(text, 'home.tree');
    expect(formatGolden(parsed)).toBe(text);
    expect(diffTrees(parsed, goldenTreeOf(s)).changes).toEqual([]);
  });

  test('odd token names and facet names survive (JSON forms)', () => {
    const s = snap(root(n({ bounds: r(0, 0, 10, 10), toggle: 'indeterminate', designToken: { tokens: ['a,b', 'c'], resolved: { 'font size': '12sp', color: '#000', '': 'x' } } }), { rootId: 'm' }));
    const text = toGolden(s);
    expect(text).toContain('tokens="[\\"a,b\\",\\"c\\"]"');
    expect(text).toContain('t.color=#000');
    expect(text).toContain('t="{\\"\\":\\"x\\",\\"font size\\":\\"12sp\\"}"'); // facets sorted
    const parsed = parseGolden(text, 'odd.tree');
    expect(formatGolden(parsed)).toBe(text);
    expect(diffTrees(parsed, goldenTreeOf(s)).changes).toEqual([]);
    const rebuilt = goldenSnapshot(parsed).roots[0]!.node;
    expect(rebuilt.designToken).toEqual({ tokens: ['a,b', 'c'], resolved: { color: '#000', 'font size': '12sp', '': 'x' } });
    expect(rebuilt.toggle).toBe('indeterminate');
  });

  test('every printed field and flag reads back', () => {
    const all = n({
      role: 'TextField', tag: 'f', text: 'T', editableText: 'in put', contentDescription: 'd', hint: 'h', value: 'v', stateDescription: 's', toggle: 'on',
      clickable: true, longClickable: true, scrollable: true, editable: true, focused: true, selected: true, enabled: false, visible: false, heading: true,
      actions: ['Click', 'SetText'], bounds: r(1, 2, 3, 4),
    });
    const s = snap(root(n({ rawRole: 'android.widget.FrameLayout', bounds: r(0, 0, 5, 5) }, [all]), { rootId: 'm' }));
    const text = toGolden(s);
    expect(text).toContain('- TextField "T" desc=d input="in put" hint=h value=v state=s toggle=on tag=f bounds=1,2,3,4 [clickable long-clickable scrollable editable focused selected disabled invisible heading] actions=Click,SetText');
    expect(text).toContain('- FrameLayout bounds=0,0,5,5');
    const parsed = parseGolden(text, 'all.tree');
    expect(diffTrees(parsed, goldenTreeOf(s)).changes).toEqual([]);
    const rebuilt = goldenSnapshot(parsed).roots[0]!.node.children[0]!;
    const { id: _a, children: _b, platform: _c, kind: _d, ...fields } = rebuilt;
    const { id: _e, children: _f, platform: _g, kind: _h, ...want } = all;
    expect(fields).toEqual({ ...want, focusable: false });
  });

  test('#id and tap= in a hand-written golden are ignored (volatile)', () => {
    const t = parseGolden(`${GOLDEN_HEADER}\n- Button #7 "OK" bounds=0,0,10,10 tap=5,5\n`, 'x.tree');
    expect(t.entries[0]!.id).toBeUndefined();
    expect(t.entries[0]!.tap).toBeUndefined();
    expect(formatGolden(t)).toBe(`${GOLDEN_HEADER}\n- Button "OK" bounds=0,0,10,10\n`);
  });
});

test.describe('comments in the outline grammar', () => {
  test('whole-line comments are skipped anywhere and never set the base indentation', () => {
    const doc = parseOutline('    # a comment, indented more than the base\n# another\n- Button "a"\n  # nested comment\n  - node #5 "b"\n\t# tab-indented comment\n- Text "c"\n');
    expect(doc.entries.map((e) => e.text)).toEqual(['a', 'c']);
    expect(doc.entries[0]!.children.map((e) => [e.id, e.text, e.line])).toEqual([['5', 'b', 5]]);
  });

  test('a # after the head is still the id', () => {
    expect(parseOutline('- node #12').entries[0]!.id).toBe('12');
  });
});

test.describe('hand-edited nonsense is a FormatError naming the file and line', () => {
  test('a non-string input is a FormatError, not a TypeError', () => {
    for (const bad of [undefined, null, 7, Buffer.from(GOLDEN_HEADER)]) {
      let err: unknown;
      try {
        parseGolden(bad as unknown as string, 'home.golden');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(FormatError);
      expect((err as FormatError).message).toMatch(/^home\.golden: expected a treewright golden as text, got (nothing|null|number 7|an object)/);
    }
  });


  const cases: Array<[string, string, RegExp, number]> = [
    ['no header', 'root main unit=px density=1\n- node\n', /not a treewright golden: line 1 is "root main unit=px density=1"/, 1],
    ['bad indentation', `${GOLDEN_HEADER}\nroot main unit=px density=1\n- node bounds=0,0,1,1\n   - node\n`, /bad indentation/, 4],
    ['a regex', `${GOLDEN_HEADER}\n- Button /O.*/ bounds=0,0,1,1\n`, /a regex \(\/O\.\*\/\) in the text/, 2],
    ['an unknown flag', `${GOLDEN_HEADER}\n- Button [clikable]\n`, /unknown flag \[clikable\]/, 2],
    ['a reachability flag', `${GOLDEN_HEADER}\n- Button [unhittable]\n`, /unknown flag \[unhittable\]/, 2],
    ['a negated flag', `${GOLDEN_HEADER}\n- Button [!disabled]\n`, /\[!disabled\] in a golden/, 2],
    ['an unknown attribute', `${GOLDEN_HEADER}\n- Button dsc=x\n`, /unknown attribute dsc=/, 2],
    ['bad bounds', `${GOLDEN_HEADER}\n- Button bounds=0,0,-5,5\n`, /bad bounds=0,0,-5,5/, 2],
    ['bad toggle', `${GOLDEN_HEADER}\n- Switch toggle=maybe\n`, /bad toggle=maybe/, 2],
    ['an unknown action', `${GOLDEN_HEADER}\n- Button actions=Click,Tap\n`, /unknown action "Tap"/, 2],
    ['bad t=', `${GOLDEN_HEADER}\n- Button t="{nope"\n`, /bad t=/, 2],
    ['a /children line', `${GOLDEN_HEADER}\n- List\n  - /children: equal\n`, /\/children line in a golden/, 2],
    ['a root with two nodes', `${GOLDEN_HEADER}\nroot main unit=px density=1\n- node\n- node\n`, /root main has 2 node lines at depth 0/, 2],
    ['a bad unit', `${GOLDEN_HEADER}\nroot main unit=cm density=1\n- node\n`, /bad unit=cm/, 2],
    ['an unknown root attribute', `${GOLDEN_HEADER}\nroot main zoom=2\n- node\n`, /unknown root attribute zoom=/, 2],
    ['an unterminated string', `${GOLDEN_HEADER}\n- node "abc\n`, /unterminated string/, 2],
  ];
  for (const [what, text, message, line] of cases) {
    test(what, () => {
      let err: unknown;
      try { parseGolden(text, 'golden/home.spec.ts/home.tree'); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(FormatError);
      const fe = err as FormatError;
      expect(fe.message).toMatch(message);
      expect(fe.details.where).toBe('golden/home.spec.ts/home.tree');
      expect(fe.details.line).toBe(line);
      expect(fe.message).toMatch(new RegExp(`^golden/home\\.spec\\.ts/home\\.tree:${line}(:\\d+)?: `));
      expect(fe.details.hint).toBeTruthy();
    });
  }

  test('a newer format version is a schema_version error', () => {
    let err: unknown;
    try { parseGolden('# treewright golden v2\n- node\n', 'x.tree'); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).code).toBe('schema_version');
  });

  test('bounds= is read as the grammar says: -?\\d+,-?\\d+,\\d+,\\d+ of numbers Number() reads as finite', () => {
    const GRAMMAR = /^(-?\d+),(-?\d+),(\d+),(\d+)$/;
    const expected = (s: string) => {
      const m = GRAMMAR.exec(s);
      const v = m ? m.slice(1).map(Number) : null;
      return v && v.every(Number.isFinite) ? { x: v[0], y: v[1], width: v[2], height: v[3] } : null;
    };
    const parts = ['0', '12', '-3', '-0', '007', '9'.repeat(15), '9'.repeat(16), '12345678901234567', '9'.repeat(308), '9'.repeat(309),
      '1' + '0'.repeat(308), '9'.repeat(400), '0'.repeat(400) + '1', '', '-', '--1', '+1', '1.5', ' 1', '1 ', 'a', '\u0661', '1e3'];
    let seed = 29;
    const pick = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return parts[seed % parts.length]!; };
    const cases = ['1,2,3,4', '-1,-2,3,4', '1,2,-3,4', '1,2,3', '1,2,3,4,5', ',1,2,3', '1,2,3,4,'];
    for (let k = 0; k < 600; k++) cases.push([pick(), pick(), pick(), pick()].join(','), [pick(), pick(), pick()].join(','));
    expect(cases.map((s) => [s, parseBounds(s)])).toEqual(cases.map((s) => [s, expected(s)]));
    // Both sides occur, and the long runs of digits among them.
    expect(cases.filter((s) => expected(s) !== null).length).toBeGreaterThan(20);
    expect(cases.some((s) => expected(s) === null && GRAMMAR.test(s))).toBe(true);
    expect(cases.some((s) => expected(s) !== null && s.split(',').some((p) => p.length > 300))).toBe(true);
  });

  test('node lines checked as they are read give what checking them all afterwards gives (tree or error)', () => {
    // Golden lines with one token swapped, inserted or dropped: each line fitting or not, in any place.
    const tokens = [
      'bounds=1,2,3,4', 'bounds=1,2,-3,4', 'bounds=1,2,3', `bounds=${'9'.repeat(400)},0,1,1`, 'toggle=on', 'toggle=maybe', 'tokens=A,B',
      'tokens=["a,b"]', 'tokens=[nope', 't.color=#FFF', 't={"a":"b"}', 't={"a":1}', 'desc="x y"', 'dsc=x', 'tag=/x/', 'desc=/d/i',
      '"text"', '/re/', '#7', '#"a b"', 'tap=1,2', '[clickable]', '[clikable]', '[!disabled]', '[checked]', '[unchecked]',
      '[unhittable]', '[constructor]', 'actions=Click', 'actions=Click,Tap', 'actions=', 'value=', 'state=on',
    ];
    const heads = ['node', 'Button', '/B.*/', '"#x"'];
    const base = HOME_GOLDEN.split('\n').slice(1, -1);
    // One change to one line: a token inserted after the head or at the end, the head replaced, or a
    // /children line added under it.
    const change = (lines: string[], i: number, what: number, k: number): void => {
      const words = lines[i]!.split(' ');
      const head = words.indexOf('-') + 1 || 1; // a root line's "head" is its rootId
      if (what === 0) words.splice(head + 1, 0, tokens[k % tokens.length]!);
      else if (what === 1) words.push(tokens[k % tokens.length]!);
      else if (what === 2) words[head] = heads[k % heads.length]!;
      else words.push(`\n${' '.repeat(head + 1)}- /children: equal`);
      lines[i] = words.join(' ');
    };
    const docs: string[] = [];
    for (let i = 0; i < base.length; i++) {
      for (let k = 0; k < tokens.length; k++) for (const what of [0, 1]) { const l = [...base]; change(l, i, what, k); docs.push(l.join('\n')); }
      for (let k = 0; k < heads.length; k++) { const l = [...base]; change(l, i, 2, k); docs.push(l.join('\n')); }
      const l = [...base]; change(l, i, 3, 0); docs.push(l.join('\n'));
    }
    let seed = 2029;
    const rnd = (k: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % k; };
    for (let d = 0; d < 300; d++) {
      const l = [...base];
      for (let c = 1 + rnd(3); c > 0; c--) change(l, rnd(l.length), rnd(10) === 0 ? 2 + rnd(2) : rnd(2), rnd(1000));
      docs.push(l.join('\n'));
    }
    const outcome = (f: () => unknown) => {
      try { return JSON.stringify(f(), (k, v: unknown) => (v instanceof RegExp ? String(v) : v)); } catch (e) { return `${(e as FormatError).code}: ${(e as Error).message} ${JSON.stringify((e as FormatError).details)}`; }
    };
    const seen = { fits: 0, dropped: 0, errors: 0 };
    for (const doc of docs) {
      const text = `${GOLDEN_HEADER}\n${doc}\n`;
      const checkedAsRead = outcome(() => readGolden(text, 'x.tree', true));
      expect([text, checkedAsRead]).toEqual([text, outcome(() => readGolden(text, 'x.tree', false))]);
      expect(checkedAsRead).toBe(outcome(() => parseGolden(text, 'x.tree')));
      if (checkedAsRead.startsWith('format_error')) seen.errors++;
      else if (/#7|#"a b"|tap=/.test(text)) seen.dropped++;
      else seen.fits++;
    }
    // Each way out occurs: a tree, a tree with ids and tap points dropped, an error.
    expect(seen.fits).toBeGreaterThan(100);
    expect(seen.dropped).toBeGreaterThan(10);
    expect(seen.errors).toBeGreaterThan(100);
  });

  test('the column points at the offending attribute', () => {
    let err: FormatError | undefined;
    try { parseGolden(`${GOLDEN_HEADER}\n- Button "OK" bounds=1,2,3\n`, 'x.tree'); } catch (e) { err = e as FormatError; }
    expect(err?.details).toMatchObject({ line: 2, column: 15 });
  });
});

test.describe('the golden as a snapshot', () => {
  test('locators resolve against what the golden says', () => {
    const parsed = parseGolden(HOME_GOLDEN, 'home.tree');
    const s = goldenSnapshot(parsed, 'home.tree');
    const [card] = resolveSelector(s, [{ kind: 'role', role: 'Button', options: { name: 'Second card' } }]);
    expect(card?.tag).toBe('card_two');
    expect(card?.enabled).toBe(false);
    expect(resolveSelector(s, [{ kind: 'text', text: 'Card One', exact: false }]).map((x) => x.tag)).toEqual(['card_one_label']);
    // Each entry is linked to the node built for it.
    expect(parsed.roots[0]!.children[0]!.children[3]!.node).toBe(card);
  });

  test('ids are fresh numbers in document (pre-)order', () => {
    const s = goldenSnapshot(parseGolden(`${GOLDEN_HEADER}\nroot main unit=px density=1\n- A\n  - B\n    - C\n  - D\n    - E\n  - F\n`));
    const ids: string[] = [];
    walk(s, ({ node }) => void ids.push(node.id));
    expect(ids).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});

test.describe('size', () => {
  test('a 60,000-deep chain diffs without overflowing the stack; its golden refuses to be built', () => {
    const chain = (depth: number, leafText: string): Node => {
      let node = makeNode(String(depth), { text: leafText, bounds: r(0, 0, 1, 1) });
      for (let d = depth - 1; d >= 0; d--) node = makeNode(String(d), { bounds: r(0, 0, 1, 1) }, [node]);
      return node;
    };
    const a = snap(root(chain(60_000, 'leaf'), { rootId: 'm' }));
    const b = snap(root(chain(60_000, 'leaf!'), { rootId: 'm' }));
    const d = diffTrees(goldenTreeOf(a), goldenTreeOf(b));
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ kind: 'changed', fields: [{ field: 'text', expected: 'leaf', actual: 'leaf!' }] });
    // 60,000 levels of indentation are 3.6 G characters: refused with a typed error, not a crash.
    let err: unknown;
    try { toGolden(a); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).code).toBe('too_large');
  });

  test('a 3,000-deep chain prints and parses back', () => {
    let node = makeNode('leaf', { text: 'x', bounds: r(0, 0, 1, 1) });
    for (let d = 0; d < 3000; d++) node = makeNode(String(d), {}, [node]);
    const s = snap(root(node, { rootId: 'm' }));
    const text = toGolden(s);
    expect(diffTrees(parseGolden(text, 'deep.tree'), goldenTreeOf(s)).changes).toEqual([]);
  });
});

test('a TargetError for bad tolerance', () => {
  expect(() => diffTrees(goldenTreeOf(home()), goldenTreeOf(home()), { tolerancePx: -1 })).toThrow(TargetError);
});
