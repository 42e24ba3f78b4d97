// The aria-snapshot template parser: Playwright's YAML forms and their meaning, and every refusal typed
// with its line, column and a hint.
import { test, expect } from '@playwright/test';
import { FormatError } from '../../src/errors.js';
import { parseAriaTemplate } from '../../src/outline/aria-parse.js';
import type { AriaTemplateNode } from '../../src/outline/aria-syntax.js';
import { formatErrorOf } from '../helpers/expect-error.js';

/** A parsed template without positions and regex internals, for readable expectations. */
function brief(t: AriaTemplateNode): unknown {
  if (t.kind === 'text') return { text: t.text.regex ? String(t.text.regex) : t.text.normalized };
  const { line: _l, column: _c, kind: _k, children, props, ...rest } = t;
  return {
    ...rest,
    ...(rest.name instanceof RegExp ? { name: String(rest.name) } : {}),
    ...(props ? { props: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.raw])) } : {}),
    ...(children ? { children: children.map(brief) } : {}),
  };
}

test('one top-level line is the template itself; several are children of a fragment', () => {
  expect(brief(parseAriaTemplate('- button "Send"'))).toEqual({ role: 'button', name: 'Send' });
  expect(brief(parseAriaTemplate(`
    - heading "Inbox" [level=1]
    - checkbox "Wi-Fi" [checked]
  `))).toEqual({ role: 'fragment', children: [{ role: 'heading', name: 'Inbox', level: 1 }, { role: 'checkbox', name: 'Wi-Fi', checked: true }] });
  // A /children mode on the top level keeps the fragment even for one line.
  expect(brief(parseAriaTemplate('- /children: equal\n- button'))).toEqual({ role: 'fragment', containerMode: 'equal', children: [{ role: 'button' }] });
});

test('children, text values, props, attributes and regex names', () => {
  const t = parseAriaTemplate(`
    - list "Mail":
      - listitem: First   # a comment
      - listitem:
        - text: /Second \\d+/
        - button /Del(ete)?/ [disabled] [pressed=mixed]
      - /children: equal
    - link "Home":
      - /url: "#home"
    - checkbox [checked=mixed] [expanded=false] [selected] [active] [invalid]
  `);
  expect(brief(t)).toEqual({
    role: 'fragment', children: [
      { role: 'list', name: 'Mail', containerMode: 'equal', children: [
        { role: 'listitem', children: [{ text: 'First' }] },
        { role: 'listitem', children: [{ text: '/Second \\d+/' }, { role: 'button', name: '/Del(ete)?/', disabled: true, pressed: 'mixed' }] },
      ] },
      { role: 'link', name: 'Home', props: { url: '#home' } },
      { role: 'checkbox', checked: 'mixed', expanded: false, selected: true, active: true, invalid: true },
    ],
  });
});

test('YAML scalars read as YAML reads them: quoted keys and values, numbers and booleans as text of a node', () => {
  expect(brief(parseAriaTemplate(`- 'button "a: b"'`))).toEqual({ role: 'button', name: 'a: b' });
  expect(brief(parseAriaTemplate(`- heading "It's": 'it''s'`))).toEqual({ role: 'heading', name: "It's", children: [{ text: "it's" }] });
  expect(brief(parseAriaTemplate(`- text: "tab\\there \\u00e9 \\"q\\""`))).toEqual({ text: 'tab here é "q"' });
  expect(brief(parseAriaTemplate('- button "Count": 007'))).toEqual({ role: 'button', name: 'Count', children: [{ text: '7' }] });
  expect(brief(parseAriaTemplate('- button: true'))).toEqual({ role: 'button', children: [{ text: 'true' }] });
  // Names are whitespace-normalised; an escaped quote stays in the name.
  expect(brief(parseAriaTemplate('- button "  Sign \\"in\\"  "'))).toEqual({ role: 'button', name: 'Sign "in"' });
  // Children may sit at the key's column (YAML's compact form) or deeper; a BOM, CRLF and tabs after the indent are fine.
  expect(brief(parseAriaTemplate('\uFEFF- list:\r\n  - listitem\r\n- button\t"x"'))).toEqual({ role: 'fragment', children: [{ role: 'list', children: [{ role: 'listitem' }] }, { role: 'button', name: 'x' }] });
});

test('what Playwright prints reads back: a printed snapshot parses', () => {
  const printed = [
    '- banner:',
    '  - strong: Shop',
    '  - navigation:',
    '    - link "Home":',
    '      - /url: "#home"',
    '  - searchbox "Search products"',
    '- textbox "Name": old value',
    '- /children: contain',
    "- 'button \"Close: now\"'",
    '- text: "42"',
    '- paragraph: "- not a list"',
  ].join('\n');
  const t = parseAriaTemplate(printed);
  expect(t.kind === 'role' && t.children?.length).toBe(5);
});

const errors: Array<[string, string, number, number, RegExp, RegExp]> = [
  // template, case, line, column, reason, hint
  ['', 'empty', 1, 1, /template is empty/, /at least one line/],
  ['button "x"', 'not a sequence', 1, 1, /must be a YAML sequence/, /Start every top-level line/],
  ['- buton "Send"', 'unknown role', 1, 3, /unknown role "buton"/, /Did you mean "button"/],
  ['- Button "Send"', 'role case', 1, 3, /unknown role "Button"/, /Did you mean "button"/],
  ['- button "Send', 'unterminated name', 1, 15, /unterminated string/, /Close the name's quote/],
  ['- button /Se(nd/', 'bad regex', 1, 10, /regex/, /./],
  ['- button /(a)\\1/', 'backreference', 1, 10, /backreference|\\1/i, /without backreferences/],
  ['- checkbox [checked=yes]', 'bad checked', 1, 21, /"checked" attribute must be a boolean or "mixed"/, /\[checked=mixed\]/],
  ['- heading [level=one]', 'bad level', 1, 18, /"level" attribute must be a number/, /\[level=1\]/],
  ['- button [foo]', 'unknown attribute', 1, 11, /unsupported attribute \[foo\]/, /\[checked\]/],
  ['- button [disabled', 'unclosed attribute', 1, 19, /expected \]/, /Close the attribute/],
  ['- button "x" extra', 'trailing input', 1, 14, /unexpected input/, /./],
  ['- text', 'text without value', 1, 3, /text needs a value/, /- text: "…"/],
  ['- text: 42', 'text number', 1, 9, /text needs a string value/, /quote a value/],
  ['- /children: some', 'bad mode', 1, 14, /\/children must be "contain", "equal" or "deep-equal"/, /equal: exactly these/],
  ['- button\n    - text: x', 'over-indented', 2, 5, /indented more/, /one level deeper/],
  ['- list:\n    listitem', 'not an item', 2, 5, /map values should be strings or sequences/, /List the children/],
  ['- list:\n  listitem', 'not a map entry', 2, 3, /expected "key: value" continuing the map above/, /Start a new item/],
  ['-\n  - button', 'empty item', 1, 2, /sequence items should be strings or maps/, /dash's line/],
  ['- - button', 'nested dash', 1, 3, /not another sequence/, /Nest children/],
  ['- [button]', 'flow', 1, 3, /flow collections/, /./],
  ['- &a button', 'anchor', 1, 3, /anchors, aliases and tags/, /./],
  ['- text: "open', 'unterminated value', 1, 9, /unterminated double-quoted string/, /same line/],
  ['- text: a: b', 'colon in value', 1, 10, /cannot hold ": "/, /Quote the value/],
  ['- 42', 'number key', 1, 3, /only string keys/, /./],
  ['- button\n\t- text: x', 'tab indent', 2, 1, /a tab indents/, /spaces/],
  ['- text: "\\q"', 'bad escape', 1, 10, /invalid escape \\q/, /\\\\/],
];

for (const [template, name, line, column, reason, hint] of errors) {
  test(`refused with line, column and hint: ${name}`, () => {
    const e = formatErrorOf(() => parseAriaTemplate(template, { where: 'inbox.aria.yml' }));
    expect(e.code).toBe('format_error');
    expect(e.details).toMatchObject({ where: 'inbox.aria.yml', line, column });
    expect(e.reason).toMatch(reason);
    expect(e.hint).toMatch(hint);
    expect(e.message).toContain(`inbox.aria.yml:${line}:${column}`);
  });
}

test('a key error quotes the key with a caret under the place', () => {
  const e = formatErrorOf(() => parseAriaTemplate('- list:\n  - checkbox "Wi-Fi" [checked=on]'));
  expect(e.details).toMatchObject({ line: 2, column: 31 });
  expect(e.reason).toContain(`\n\n  checkbox "Wi-Fi" [checked=on]\n  ${' '.repeat(26)}^`);
});

test('nesting past the limit is too_large, not a stack overflow', () => {
  const deep = Array.from({ length: 1200 }, (_, i) => `${'  '.repeat(i)}- group:`).join('\n');
  const e = (() => { try { parseAriaTemplate(deep); } catch (x) { return x as FormatError; } throw new Error('no error'); })();
  expect(e).toBeInstanceOf(FormatError);
  expect(e.code).toBe('too_large');
});
