// Item 1 of #15: no user pattern can hang a run. Every path that takes a user RegExp (locators,
// filters, the code and JSON locator forms, toMatchOutline templates, the MCP shim through
// parseLocator) matches in linear time, and refuses at parse time what cannot be.
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { importTree } from '../../src/formats/index.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { locatorFromInput } from '../../src/query/locator-json.js';
import { compilePattern, MAX_PATTERN_LENGTH } from '../../src/common/pattern.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { matchOutline } from '../../src/analysis/outline-match.js';

/** A caught typed error, read loosely. */
type Caught = { code?: string; message: string; details: Record<string, unknown> } | null;

const EVIL = /^(a+)+$/;
const TEXT = 'a'.repeat(32) + '!';
// A dump whose text would make V8's backtracking engine run for minutes against EVIL: a pattern not
// run in linear time would hold its test far past the test's timeout, so no clock is read here.
const dump = `<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][100,100]"><node text="${TEXT}" class="android.widget.Button" clickable="true" bounds="[0,0][50,50]"/><node text="${'a'.repeat(5000)}!" content-desc="${TEXT}" class="android.widget.TextView" bounds="[0,50][50,100]"/></node></hierarchy>`;

test('catastrophic patterns finish at once on every locator path: byText, byRole name, byDesc, filter hasText, JSON form', async () => {
  const s = importTree(dump, { where: 'evil.xml' });
  expect(resolveSelector(s, [{ kind: 'text', text: EVIL, exact: false }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'role', role: 'Button', options: { name: /^(a|aa)+$/ } }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'desc', text: /^(a*)*$/, exact: false }])).toHaveLength(0);
  expect(resolveSelector(s, [{ kind: 'filter', options: { hasText: /(a+)+b/ } }])).toHaveLength(0);
  expect(resolveSelector(s, locatorFromInput({ kind: 'text', text: { regex: '^(a+)+$' } }))).toHaveLength(0);
  expect(resolveSelector(s, parseLocator('byText(/^(\\w+\\s?)*$/)'))).toHaveLength(0);
  // Linear, not merely lucky: a matching pattern with nested quantifiers still matches.
  expect(resolveSelector(s, [{ kind: 'text', text: /^(a+)+!$/, exact: false }])).toHaveLength(2);
});

test('through a device: the locator API checks the pattern when it is given, and matches in bounded time', async () => {
  const device = await connect({ kind: 'uiautomator', xml: dump });
  try {
    expect(await device.byText(EVIL).count()).toBe(0);
    expect(await device.byRole('Button', { name: /^(a+)+!$/ }).count()).toBe(1);
    // Refused where it is written, naming the construct: no hang, no raw SyntaxError.
    let e: Caught = null;
    try { device.byText(/(a)\1/); } catch (x) { e = x as Caught; }
    expect(e?.code).toBe('invalid_arguments');
    expect(e?.message).toMatch(/backreference \\1 .* cannot be matched in linear time/);
    e = null;
    try { device.byTag('x').filter({ hasText: /a(?=b)/ }); } catch (x) { e = x as Caught; }
    expect(e?.message).toMatch(/lookahead \(\?= /);
  } finally {
    await device.close();
  }
});

test('a 100,000-character pattern is invalid_arguments at parse time naming the limit, on every form', () => {
  const huge = 'a'.repeat(100_000);
  const forms: Array<() => unknown> = [
    () => locatorFromInput({ kind: 'text', text: { regex: huge } }),
    () => parseLocator(`byText(/${huge}/)`),
    () => parseOutline(`- Button /${huge}/`, { where: 'template' }),
    () => compilePattern(new RegExp(huge), 'byText'),
  ];
  for (const f of forms) {
    let e: Caught = null;
    try { f(); } catch (x) { e = x as Caught; }
    expect(e, String(f)).not.toBeNull();
    expect(['invalid_arguments', 'format_error']).toContain(e?.code);
    // The code form has its own, larger bound on the whole locator; every other form names the pattern limit.
    expect(e?.message).toMatch(new RegExp(`${MAX_PATTERN_LENGTH}-character limit|the limit is 10000`));
    expect(e).not.toBeInstanceOf(SyntaxError);
  }
});

test('lookaround and backreferences are refused on the JSON and code forms and in templates', () => {
  for (const src of ['(a)\\1', '(?<x>a)\\k<x>', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
    expect(() => locatorFromInput({ kind: 'text', text: { regex: src, flags: 'u' } })).toThrow(/cannot be matched in linear time/);
    expect(() => parseLocator(`byText(/${src}/u)`)).toThrow(/cannot be matched in linear time/);
    expect(() => parseOutline(`- Button /${src}/u`)).toThrow(/cannot be matched in linear time/);
  }
});

test('toMatchOutline templates match in bounded time', () => {
  const s = importTree(dump, { where: 'evil.xml' });
  expect(matchOutline(parseOutline('- /^(a+)+$/\n'), s).pass).toBe(false);
  expect(matchOutline(parseOutline('- FrameLayout\n  - Button /^(a|a)+!$/'), s).pass).toBe(true);
});

test('the same answers as V8 on ordinary patterns, all run by RE2', () => {
  const texts = ['Item 240', 'Sign in', 'Wi-Fi on', 'ΟΔΟΣ', 'a.b', 'x/y', '😀 smile', 'Welcome, Ada'];
  const patterns = [/Item \d+/, /^sign/i, /Wi-?Fi/, /οδος/iu, /a\.b/, /x\/y/, /\u{1F600}/u, /^W\w+, [A-Z]/, /on$/, /(Sign|Log) in/, /^.{3,5}$/, /[^a-z ]+/];
  for (const p of patterns) {
    for (const t of texts) expect(compilePattern(p).test(t), `${p} on ${t}`).toBe(p.test(t));
  }
  expect(compilePattern(/Sign in/).engine).toBe('re2');
  expect(compilePattern(/Item \d+/).engine).toBe('re2');
});
