// The fast golden reader (golden-scan.ts) against the checked one (parseOutline + golden checks): the
// same tree on every golden the printer writes (corpus screens, realistic synthetic screens with mixed
// scripts, awkward strings), the fast path really taken for them, and on hand edits and random
// mutations either the same tree or a hand-over to the checked reader (so the same typed error, line
// and column). Deep trees are read without recursion.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';
import { FormatError } from '../../src/errors.js';
import { makeNode } from '../../src/model/node.js';
import { GOLDEN_HEADER, goldenTreeOf, parseChecked, parseGolden, toGolden } from '../../src/outline/golden.js';
import { scanGolden } from '../../src/outline/golden-scan.js';
import { diffTrees } from '../../src/analysis/diff.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { r, root, snap } from '../helpers/build.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

/** Plain data, as a reader of the tree sees it (frozen shared empties and fresh ones alike). */
const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

/** What the checked reader says: the tree, or its error's typed fields. */
function checked(text: string): unknown {
  try {
    return plain(parseChecked(text, 'x.tree'));
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { code: e.code, message: e.message, details: e.details };
  }
}

/** Both readers agree: the fast one reads it (taken=true) or hands over (null); parseGolden says what parseChecked says. */
function expectSame(text: string, taken?: boolean): void {
  const fast = scanGolden(text);
  if (taken !== undefined) expect(fast !== null, JSON.stringify(text.slice(0, 200))).toBe(taken);
  const want = checked(text);
  if (fast !== null) expect(plain(fast), JSON.stringify(text.slice(0, 200))).toEqual(want);
  let got: unknown;
  try { got = plain(parseGolden(text, 'x.tree')); } catch (e) { const f = e as FormatError; got = { code: f.code, message: f.message, details: f.details }; }
  expect(got).toEqual(want);
}

function corpusSnapshots() {
  const out: Array<[string, ReturnType<typeof importTree>]> = [];
  for (const dir of ['trees', 'uiautomator', 'ios']) {
    for (const f of readdirSync(new URL(dir + '/', FIXTURES))) {
      if (f.endsWith('.tsv') || f.endsWith('.txt')) continue;
      out.push([`${dir}/${f}`, importTree(readFileSync(new URL(`${dir}/${f}`, FIXTURES)), { where: f })]);
    }
  }
  return out;
}

test.describe('the fast golden reader', () => {
  test('corpus screens: the fast path reads every printed golden, to the same tree as the checked reader', () => {
    const shots = corpusSnapshots();
    expect(shots.length).toBeGreaterThan(15);
    for (const [name, s] of shots) {
      const text = toGolden(s);
      const fast = scanGolden(text);
      expect(fast, name).not.toBeNull();
      expect(plain(fast), name).toEqual(plain(parseChecked(text, name)));
      expect(diffTrees(parseGolden(text, name), goldenTreeOf(s)).changes, name).toEqual([]);
    }
  });

  test('realistic synthetic screens (depth 17, mixed scripts, tokens) and their CRLF / BOM / indented forms', () => {
    for (const seed of [1, 2, 3]) {
      const text = toGolden(syntheticSnapshot(600, seed, { fullPage: true, realistic: true }));
      expect([...text].some((c) => c.charCodeAt(0) > 0x7f)).toBe(true); // non-ASCII text
      expectSame(text, true);
      expectSame(text.replace(/\n/g, '\r\n'), true);
      expectSame(text.replace(/\n/g, '\r'), true);
      expectSame('\ufeff' + text, true);
      expectSame(text.replace(/\n(?=.)/g, '\n    '), true); // a base indent, as in a template literal
    }
  });

  test('awkward strings: escapes, quotes, odd spaces and invisible characters inside quoted values', () => {
    const odd = ['a"b', 'back\\slash', 'tab\there', 'nbsp\u00a0x', 'zw\u200bj', 'bidi\u202e', 'line\u2028sep', '😀 ש م', '', ' ', '[x]', 'k=v', '/re/', '#hash'];
    const kids = odd.map((t, i) => makeNode(String(i + 2), { text: t, contentDescription: t || null, tag: `t${i}`, value: t, bounds: r(i, -i, 10, 10) }));
    const s = snap(root(makeNode('1', { rawRole: 'android.widget.FrameLayout', bounds: r(0, 0, 100, 100) }, kids), { rootId: 'main', label: 'Main "one"' }));
    expectSame(toGolden(s), true);
  });

  test('valid hand edits it does not read are handed over and read the same', () => {
    const h = GOLDEN_HEADER + '\n';
    for (const text of [
      h + '- Button #7 "OK" bounds=0,0,10,10 tap=5,5\n', // volatile fields, deleted by the checked reader
      h + '- Switch [checked] bounds=0,0,1,1\n', // flag sugar for toggle=on
      h + '- node\tbounds=0,0,1,1\n', // a tab between tokens
      h + '- node  bounds=0,0,1,1   [clickable  disabled]  \n', // extra spaces are fine for both
      h + '- node [clickable clickable]\n', // a repeated flag
      h + '- node [clickable] [disabled]\n', // two flag lists
      h + '- node []\n',
      h + '- node bounds=1,2,12345678901234567,4\n', // a long number (read by the regex)
      h + '- node tokens=["a,b","c"] t={"x y":"1"}\n',
      h + '# a comment\n\n   \n- node\n  # indented comment\n  - Text "x"\n',
    ]) expectSame(text);
  });

  test('bad goldens: the same typed error, line and column as the checked reader', () => {
    const h = GOLDEN_HEADER + '\n';
    const bad = [
      '- node bounds=1,2,3\n', '- node bounds=a\n', '- node toggle=maybe\n', '- node colour=red\n', '- node tokens=[1]\n', '- node t=[]\n',
      '- node [shiny]\n', '- node [!disabled]\n', '- node actions=Fly\n', '- node actions=Click,,Back\n', '- node bounds=1,1,1,1 bounds=1,1,1,1\n',
      '- node "a" "b"\n', '- /x/\n', '- node text=/x/\n', '- node "unterminated\n', '- node "bad \\q"\n', '- node desc=a"b\n', '- node [clickable\n',
      '- node\n   - child\n', '- node\n    - grandchild\n', '\t- node\n', 'root main unit=furlongs\n- node\n', 'root main density=-1\n- node\n',
      'root main\n- a\n- b\n', 'root main\n', '- node\nroot main\n- node\n', '  root main\n', '- \n', '-node\n', 'root main [modal] [clickable]\n- node\n',
      '- node\nundefined\n', '- node /children: equal\n', '- node\n  - /children: equal\n', 'root main offset=1\n- node\n', '- node #\n', '- node =x\n', '- node desc=\n',
    ];
    for (const body of bad) {
      const text = h + body;
      expect(scanGolden(text), JSON.stringify(body)).toBeNull();
      let err: unknown;
      try { parseGolden(text, 'x.tree'); } catch (e) { err = e; }
      expect(err, JSON.stringify(body)).toBeInstanceOf(FormatError);
      expect((err as FormatError).details.line, JSON.stringify(body)).toBeGreaterThan(1);
      expectSame(text);
    }
  });

  test('random mutations of a golden: either the same tree or handed over to the checked reader', () => {
    const base = toGolden(syntheticSnapshot(120, 9, { fullPage: true, realistic: true }));
    let seed = 4242;
    const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
    const alphabet = [' ', '  ', '"', '\\', '[', ']', '=', '#', '/', '\t', '\u00a0', '\u2028', '\n', '\r', '-', ',', '0', '9', 'a', 'Z', '.', '!', 'é', '\u0001', 't.', 'bounds=', 'tokens=', 'actions='];
    let taken = 0;
    for (let i = 0; i < 1200; i++) {
      let text = base;
      for (let k = 1 + rnd(3); k > 0; k--) {
        const at = GOLDEN_HEADER.length + 1 + rnd(text.length - GOLDEN_HEADER.length - 1);
        const op = rnd(3);
        const ins = alphabet[rnd(alphabet.length)]!;
        text = op === 0 ? text.slice(0, at) + text.slice(at + 1) : op === 1 ? text.slice(0, at) + ins + text.slice(at) : text.slice(0, at) + ins + text.slice(at + 1);
      }
      const fast = scanGolden(text);
      if (fast === null) continue;
      taken++;
      expect(plain(fast), JSON.stringify(text)).toEqual(checked(text));
    }
    // Some mutations keep the file valid (a changed digit or letter, an extra space): read by the fast path.
    expect(taken).toBeGreaterThan(50);
  });

  test('deep trees: 6,000 levels read by either reader without recursion', () => {
    const depth = 6000;
    const lines = [GOLDEN_HEADER, 'root m unit=px density=1'];
    for (let d = 0; d < depth; d++) lines.push(`${'  '.repeat(d)}- node bounds=0,0,1,1`);
    lines.push(`${'  '.repeat(depth)}- Text "leaf" bounds=0,0,1,1`);
    const text = lines.join('\n') + '\n';
    const fast = scanGolden(text)!;
    expect(fast).not.toBeNull();
    let e = fast.roots[0]!.children[0]!, levels = 0;
    while (e.children.length) { e = e.children[0]!; levels++; }
    expect([levels, e.text]).toEqual([depth, 'leaf']);
    // The same text with an #id at the bottom goes through the checked reader: also iterative.
    const handed = text.replace('- Text "leaf"', '- Text #9 "leaf"');
    expect(scanGolden(handed)).toBeNull();
    expect(diffTrees(parseGolden(handed, 'deep.tree'), fast).changes).toEqual([]);
  });
});
