// The outline parser: printed outlines, template extensions, generic attributes, every error with its
// line and column, and very deep input.
import { test, expect } from '@playwright/test';
import { FormatError } from '../../src/errors.js';
import { parseOutline, type OutlineEntry } from '../../src/outline/outline-parse.js';
import { FLAG_RE, KEY_RE } from '../../src/outline/outline-syntax.js';
import { formatOutline } from '../../src/outline/outline.js';

/** Entries without their line numbers and empty defaults, for readable expectations. */
function brief(entries: readonly OutlineEntry[]): unknown[] {
  return entries.map((e) => {
    const { line: _l, children, attrs, flags, negFlags, ...rest } = e;
    return {
      ...rest,
      ...(Object.keys(attrs).length ? { attrs } : {}),
      ...(flags.length ? { flags } : {}),
      ...(negFlags.length ? { negFlags } : {}),
      ...(children.length ? { children: brief(children) } : {}),
    };
  });
}

function parseError(text: string, where = 'template'): FormatError {
  try {
    parseOutline(text, { where });
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error(`parsed without error: ${JSON.stringify(text)}`);
}

test.describe('printed outlines', () => {
  test('the JetWhale reference example', () => {
    const text = [
      'root compose-root-1f2e "MainActivity" unit=px density=2.0',
      '- node #1 tap=540,1200',
      '  - node #2 tap=540,100',
      '    - Button #3 desc="Navigate up" [clickable] actions=Click tap=80,120',
      '    - node #4 "Settings" tap=390,120',
      '  - node #5 tag=settings-list [scrollable] actions=ScrollBy,ScrollToIndex tap=540,1200',
      '    - node #100 [clickable] actions=Click tap=540,370',
      '      - node #200 "Setting item number 0" tap=374,345',
      '      - Switch #400 [clickable] actions=Click tap=970,370',
    ].join('\n');
    const doc = parseOutline(text);
    expect(doc.entries).toEqual([]);
    expect(doc.roots).toHaveLength(1);
    const root = doc.roots[0]!;
    expect([root.rootId, root.label, root.attrs, root.flags, root.line]).toEqual(['compose-root-1f2e', 'MainActivity', { unit: 'px', density: '2.0' }, [], 1]);
    expect(brief(root.children)).toEqual([{
      head: 'node', id: '1', tap: { x: 540, y: 1200 }, children: [
        { head: 'node', id: '2', tap: { x: 540, y: 100 }, children: [
          { head: 'Button', id: '3', attrs: { desc: 'Navigate up' }, flags: ['clickable'], actions: ['Click'], tap: { x: 80, y: 120 } },
          { head: 'node', id: '4', text: 'Settings', tap: { x: 390, y: 120 } },
        ] },
        { head: 'node', id: '5', attrs: { tag: 'settings-list' }, flags: ['scrollable'], actions: ['ScrollBy', 'ScrollToIndex'], tap: { x: 540, y: 1200 }, children: [
          { head: 'node', id: '100', flags: ['clickable'], actions: ['Click'], tap: { x: 540, y: 370 }, children: [
            { head: 'node', id: '200', text: 'Setting item number 0', tap: { x: 374, y: 345 } },
            { head: 'Switch', id: '400', flags: ['clickable'], actions: ['Click'], tap: { x: 970, y: 370 } },
          ] },
        ] },
      ],
    }]);
    expect(root.children[0]!.children[1]!.children[0]!.children[1]!.line).toBe(9);
  });

  test('several roots, CRLF line ends, a BOM and blank lines', () => {
    const doc = parseOutline('\ufeffroot a unit=px density=1\r\n- node #1\r\n\r\n   \r\nroot "b c" "" unit=pt density=1 offset=0,-20 [modal]\r\n- Dialog #9 "OK?"\r\n');
    expect(doc.roots.map((r) => [r.rootId, r.label, r.flags, r.attrs.offset, r.children.map((c) => c.id), r.line])).toEqual([
      ['a', undefined, [], undefined, ['1'], 1],
      ['b c', '', ['modal'], '0,-20', ['9'], 5],
    ]);
  });

  test('any key=value is kept: bare, quoted, with # and commas', () => {
    const [e] = parseOutline('- Button #3 bounds=0,0,10,10 tokens=Surface,RadiusCard color=#FFF label="a b" x.y-z_1=q a=b=c root=main').entries;
    expect(e!.attrs).toEqual({ bounds: '0,0,10,10', tokens: 'Surface,RadiusCard', color: '#FFF', label: 'a b', 'x.y-z_1': 'q', a: 'b=c', root: 'main' });
  });

  test('Object.prototype names are ordinary keys, not duplicates; a real repeat still is', () => {
    const [e] = parseOutline('- Button constructor=a toString=b hasOwnProperty=c valueOf=d').entries;
    expect(e!.attrs).toEqual({ constructor: 'a', toString: 'b', hasOwnProperty: 'c', valueOf: 'd' });
    expect(() => parseOutline('- Button toString=a toString=b')).toThrow(/duplicate attribute toString=/);
    expect(() => parseOutline('root main constructor=x')).not.toThrow();
  });

  test('tokens may come in any order after the head; quoted heads and ids', () => {
    const [e] = parseOutline('- "My View" tap=1,2 [clickable] "text" #"a b" desc=x actions=""').entries;
    expect(brief([e!])).toEqual([{ head: 'My View', id: 'a b', text: 'text', attrs: { desc: 'x' }, flags: ['clickable'], actions: [], tap: { x: 1, y: 2 } }]);
    const [f] = parseOutline('- TextView ##5 tap=-1.5,2.25').entries;
    expect([f!.id, f!.tap]).toEqual(['#5', { x: -1.5, y: 2.25 }]);
  });
});

test.describe('templates', () => {
  test('indented inside a template literal: the first line sets the base indentation', () => {
    const doc = parseOutline(`
      - List
        - Switch "Wi-Fi" [checked]
        - Switch "Bluetooth" [unchecked]
          - node
      - Button "Done"
    `, { where: 'template' });
    expect(brief(doc.entries)).toEqual([
      { head: 'List', children: [
        { head: 'Switch', text: 'Wi-Fi', attrs: { toggle: 'on' } },
        { head: 'Switch', text: 'Bluetooth', attrs: { toggle: 'off' }, children: [{ head: 'node' }] },
      ] },
      { head: 'Button', text: 'Done' },
    ]);
    expect(doc.entries[0]!.children[1]!.line).toBe(4);
  });

  test('regex literals for text, head, rootId and any value', () => {
    const doc = parseOutline('root /main|dialog/ /Main.*/\n- /Button|Link/ /Bluetooth.*/i desc=/^Turn (on|off)$/ tag="/literal/" hint=/[/]x/s');
    const root = doc.roots[0]!;
    expect(root.rootId).toEqual(/main|dialog/);
    expect(root.label).toEqual(/Main.*/);
    const e = root.children[0]!;
    expect(e.head).toEqual(/Button|Link/);
    expect(e.text).toEqual(/Bluetooth.*/i);
    expect(e.attrs.desc).toEqual(/^Turn (on|off)$/);
    expect(e.attrs.tag).toBe('/literal/');
    expect((e.attrs.hint as RegExp).test('/x')).toBe(true);
    expect(formatOutline(doc)).toBe('root /main|dialog/ /Main.*/\n- /Button|Link/ /Bluetooth.*/i desc=/^Turn (on|off)$/ tag="/literal/" hint=/[/]x/s\n');
  });

  test('flags: [flag] must be set, [!flag] must not; checked/unchecked are toggle sugar', () => {
    const [e] = parseOutline('- Switch [clickable !disabled !invisible checked clickable] toggle=on').entries;
    expect([e!.flags, e!.negFlags, e!.attrs]).toEqual([['clickable'], ['disabled', 'invisible'], { toggle: 'on' }]);
    const [g] = parseOutline('- Switch [selected] [!focused]').entries;
    expect([g!.flags, g!.negFlags]).toEqual([['selected'], ['focused']]);
  });

  test('- /children: equal | contain | deep-equal under a node (or a root) sets how its children match', () => {
    const doc = parseOutline([
      '- List',
      '  - /children: equal',
      '  - Row',
      '    - Text "a"',
      '    - /children: deep-equal',
      '  - Row',
      '- Other',
      '  - /children: contain',
    ].join('\n'));
    const [list, other] = doc.entries;
    expect(list!.childrenMode).toBe('equal');
    expect(list!.children.map((c) => c.childrenMode)).toEqual(['deep-equal', undefined]);
    expect(list!.children).toHaveLength(2);
    expect(other!.childrenMode).toBe('contain');
    const withRoot = parseOutline('root main\n- /children: equal\n- node #1');
    expect(withRoot.roots[0]!.childrenMode).toBe('equal');
    expect(formatOutline(withRoot)).toBe('root main\n- /children: equal\n- node #1\n');
    expect(formatOutline(doc)).toBe('- List\n  - /children: equal\n  - Row\n    - /children: deep-equal\n    - Text "a"\n  - Row\n- Other\n  - /children: contain\n');
  });

  test('an empty template is an empty document', () => {
    expect(parseOutline('')).toEqual({ roots: [], entries: [] });
    expect(parseOutline('\n   \n\t\n')).toEqual({ roots: [], entries: [] });
  });
});

test.describe('errors name the problem, where, line and column', () => {
  const cases: Array<[string, string, number, number]> = [
    ['- a\n   - b', 'bad indentation: 3 spaces, expected a multiple of 2 relative to line 1', 2, 4],
    ['    - a\n       - b', 'bad indentation: 3 spaces, expected a multiple of 2 relative to line 1', 2, 8],
    ['\n\n  - a\n - b', 'line is indented less than line 3 (1 spaces, expected at least 2)', 4, 2],
    ['- a\n\t- b', 'tab in indentation', 2, 1],
    ['- a\n    - b', 'child indented more than one level under its parent (depth 2, parent at depth 0)', 2, 5],
    ['- Button "OK', 'unterminated string', 1, 10],
    ['- Button "a\\"', 'unterminated string', 1, 10],
    ['- Button "\\x"', 'bad string', 1, 10],
    ['- Button /OK', 'unterminated regex', 1, 10],
    ['- Button /[/]', 'unterminated regex', 1, 10],
    ['- Button //', 'empty regex //', 1, 10],
    ['- Button /a/g', 'regex flags "g" not allowed', 1, 13],
    ['- Button /(/', 'invalid regex', 1, 10],
    ['- Button "a"b', 'unexpected "b" right after a string', 1, 13],
    ['- Button OK', 'unknown token "OK"', 1, 10],
    ['- Button #1 desc=a desc=b', 'duplicate attribute desc=', 1, 20],
    ['- Button tap=1,2 tap=3,4', 'duplicate attribute tap=', 1, 18],
    ['- Button "a" "b"', 'a line has at most one text', 1, 14],
    ['- Button #1 #2', 'a line has at most one #id', 1, 13],
    ['- Button desc= x', 'empty value after desc=', 1, 15],
    ['- Button desc=a"b', 'unexpected " in unquoted value', 1, 16],
    ['- Button [clickable', 'unterminated flag list', 1, 10],
    ['- Button [clickable bad_flag]', 'bad flag "bad_flag"', 1, 21],
    ['- Button [clickable !clickable]', '[clickable] and [!clickable] contradict each other', 1, 21],
    ['- Switch [checked] toggle=off', '[checked] contradicts toggle=off', 1, 20],
    ['- Switch [!checked]', '[!checked] is not supported', 1, 11],
    ['- Button tap=1', 'bad tap=1', 1, 14],
    ['- Button tap=/1/', 'a regex is not allowed for tap=', 1, 14],
    ['- Button actions=Click,,Dismiss', 'empty action name in actions=', 1, 18],
    ['- #1 "x"', 'missing head', 1, 3],
    ['- [clickable]', 'missing head', 1, 3],
    ['-', 'empty node line', 1, 1],
    ['-Button', 'expected "- " or "root" at the start of the line, found "-Button"', 1, 1],
    ['Button "x"', 'expected "- " or "root" at the start of the line', 1, 1],
    ['root', 'root line without a rootId', 1, 5],
    ['root main #1', 'a root line has no #id', 1, 11],
    ['root a\n  root b', 'root line must not be indented', 2, 3],
    ['- a\nroot b', 'root line after node lines without a root', 2, 1],
    ['- /children: equal', '/children line without a parent', 1, 3],
    ['- a\n  - /children: exact', 'bad /children mode "exact"', 2, 5],
    ['- a\n  - /children: equal\n  - /children: equal', 'a second /children line for the same node', 3, 5],
  ];
  for (const [text, message, line, column] of cases) {
    test(`${JSON.stringify(text)} → ${message}`, () => {
      const e = parseError(text);
      expect(e.code).toBe('format_error');
      expect(e.message).toContain(message);
      expect(e.details).toMatchObject({ where: 'template', line, column });
      expect(e.message.startsWith(`template:${line}:${column}: `)).toBe(true);
      expect(typeof e.details.hint).toBe('string');
    });
  }

  test('a non-string input is a FormatError, not a TypeError', () => {
    for (const bad of [undefined, null, 42, Buffer.from('- Button'), { text: '- Button' }]) {
      let err: unknown;
      try {
        parseOutline(bad as unknown as string, { where: 'x.outline' });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(FormatError);
      expect((err as FormatError).code).toBe('format_error');
      expect((err as FormatError).message).toMatch(/^x\.outline: expected an outline as text, got (nothing|null|number 42|an object)/);
    }
  });

  test('where defaults to "outline" and names a file when given', () => {
    expect(() => parseOutline('- "x')).toThrow(/^outline:1:3: unterminated string/);
    expect(parseError('- "x', 'golden/home.outline').message).toMatch(/^golden\/home\.outline:1:3: unterminated string\n {2}→ /);
  });
});

test('a very deep outline parses iteratively', () => {
  // Indentation makes an outline's size quadratic in its depth: 15,000 levels is 225 M characters, near
  // V8's string limit (a 60,000-deep outline would need 3.6 G and cannot exist as one string).
  const depth = 15_000;
  const lines: string[] = [];
  for (let d = 0; d < depth; d++) lines.push(' '.repeat(2 * d) + '- node #' + d);
  lines.push('- node #last');
  const doc = parseOutline(lines.join('\n'));
  let e = doc.entries[0];
  let d = 0;
  let ok = doc.entries.length === 2 && doc.entries[1]!.id === 'last';
  for (; e; d++) {
    ok &&= e.id === String(d) && e.line === d + 1 && e.children.length === (d === depth - 1 ? 0 : 1);
    e = e.children[0];
  }
  expect(d).toBe(depth);
  expect(ok).toBe(true);
});

test('flags and keys are what the grammar\'s FLAG_RE and KEY_RE describe', () => {
  const accepts = (text: string) => { try { parseOutline(text); return true; } catch (e) { expect(e).toBeInstanceOf(FormatError); return false; } };
  const flags = ['a', 'Z9', 'a-b-c', '!a', '!a-b', '!!a', '0a', '-a', 'a_b', 'a.b', 'é', 'a$', '!', 'abc!'];
  const keys = ['a', 'Z9', 'a.b_c-d', 'a-', '_a', '0a', '.a', '__proto__', 'é-a', 'a!b', 'a:b', 'a+b', 'constructor'];
  expect(flags.map((t) => [t, accepts(`- node [${t}]`)])).toEqual(flags.map((t) => [t, FLAG_RE.test(t)]));
  expect(keys.map((t) => [t, accepts(`- node ${t}=1`)])).toEqual(keys.map((t) => [t, KEY_RE.test(t)]));
  // Both sides of each rule occur.
  expect(flags.filter((t) => FLAG_RE.test(t))).toEqual(['a', 'Z9', 'a-b-c', '!a', '!a-b']);
  expect(keys.filter((t) => KEY_RE.test(t))).toEqual(['a', 'Z9', 'a.b_c-d', 'a-', 'constructor']);
  expect(parseOutline('- node [!a-b c]').entries[0]).toMatchObject({ flags: ['c'], negFlags: ['a-b'] });
});

test('a word read before as one kind (head, flag, key) is still checked as another', () => {
  const accepts = (text: string) => { try { parseOutline(text); return true; } catch (e) { expect(e).toBeInstanceOf(FormatError); return false; } };
  const words = ['a', 'Z9', 'a-b', '!a', '!a-b', '0a', '-a', 'a_b', 'a.b', 'é', '_a', '.a', '__proto__', 'a!b', 'a:b', 'constructor', 'checked'];
  const both = (t: string) => FLAG_RE.test(t) && KEY_RE.test(t);
  expect(words.map((t) => [t, accepts(`- ${t}\n- node [${t}]\n- node ${t}=1`)])).toEqual(words.map((t) => [t, both(t)]));
  expect(words.map((t) => [t, accepts(`- ${t}\n- node ${t}=1\n- node [${t}]`)])).toEqual(words.map((t) => [t, both(t)]));
  // Both sides occur.
  expect(words.filter(both)).toEqual(['a', 'Z9', 'a-b', 'a_b', 'constructor', 'checked'].filter((t) => FLAG_RE.test(t)));
});

test('a key read before is found again only as a whole key=: an = later on the line or on the next line is not its =', () => {
  // Each text remembers `desc` (or `tag`) on line 1; line 2 holds the word without its '=', an '=' further on.
  const cases: Array<[string, string, number, number]> = [
    ['- a desc=x\n- b desc "y=z"', 'unknown token "desc"', 2, 5],
    ['- a desc=x\n- b desc x=y', 'unknown token "desc"', 2, 5],
    ['- a tag=x\n- b tag\n- c tag=y', 'unknown token "tag"', 2, 5],
  ];
  for (const [text, message, line, column] of cases) {
    const e = parseError(text);
    expect(e.message).toContain(message);
    expect(e.details).toMatchObject({ line, column });
  }
  expect(parseOutline('- a desc=x\n- b desc=y=z tag="p q" desc2=w').entries[1]!.attrs).toEqual({ desc: 'y=z', tag: 'p q', desc2: 'w' });
});

test('[constructor] and [toString] are flags like any other, not toggle sugar', () => {
  expect(parseOutline('- node [constructor toString checked]').entries[0]).toMatchObject({ flags: ['constructor', 'toString'], attrs: { toggle: 'on' } });
});
