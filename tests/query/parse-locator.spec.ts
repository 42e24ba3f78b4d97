import { test, expect } from '@playwright/test';
import { isDeepStrictEqual } from 'node:util';
import { parseLocator } from '../../src/query/parse-locator.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { selectorToCode, type FilterOptions, type RoleOptions, type Selector, type Step } from '../../src/query/selector.js';
import { TargetError } from '../../src/errors.js';
import { ROLE_OPTIONS, optionNames } from '../../src/query/vocabulary.js';

function errorOf(source: string): TargetError {
  try {
    parseLocator(source);
  } catch (e) {
    expect(e).toBeInstanceOf(TargetError);
    return e as TargetError;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be refused`);
}

test('reads the code form of every step', () => {
  expect(parseLocator("byRole('Button', { name: 'Send' }).filter({ hasText: /x/ }).nth(1)")).toEqual([
    { kind: 'role', role: 'Button', options: { name: 'Send' } },
    { kind: 'filter', options: { hasText: /x/ } },
    { kind: 'nth', index: 1 },
  ]);
  expect(parseLocator('byTag("email")')).toEqual([{ kind: 'tag', tag: 'email' }]);
  expect(parseLocator('byId(42)')).toEqual([{ kind: 'id', id: '42' }]);
  expect(parseLocator("byId('-4')")).toEqual([{ kind: 'id', id: '-4' }]);
  expect(parseLocator("byText('Item 240', { exact: true })")).toEqual([{ kind: 'text', text: 'Item 240', exact: true }]);
  expect(parseLocator('byDesc(/settings/i)')).toEqual([{ kind: 'desc', text: /settings/i, exact: false }]);
  expect(parseLocator("byTag('feed').byRole('ListItem').first()")).toEqual([
    { kind: 'tag', tag: 'feed' }, { kind: 'role', role: 'ListItem', options: {} }, { kind: 'nth', index: 0 },
  ]);
  expect(parseLocator("byRole('Switch', { name: /Wi-?Fi/, checked: false, disabled: false, selected: true, includeHidden: true, exact: true })")).toEqual([
    { kind: 'role', role: 'Switch', options: { name: /Wi-?Fi/, checked: false, disabled: false, selected: true, includeHidden: true, exact: true } },
  ]);
  expect(parseLocator("byRole('ListItem').filter({ has: byRole('Switch', { checked: true }), hasNot: byText('x'), hasNotText: 'y', visible: true, operable: false }).last()")).toEqual([
    { kind: 'role', role: 'ListItem', options: {} },
    { kind: 'filter', options: { has: [{ kind: 'role', role: 'Switch', options: { checked: true } }], hasNot: [{ kind: 'text', text: 'x', exact: false }], hasNotText: 'y', visible: true, operable: false } },
    { kind: 'nth', index: -1 },
  ]);
});

test('accepts what a test author writes around it: device., all(), whitespace, trailing commas, quoted keys', () => {
  expect(parseLocator("device.byTag('a')")).toEqual([{ kind: 'tag', tag: 'a' }]);
  expect(parseLocator("device.all().filter({ operable: true })")).toEqual([{ kind: 'filter', options: { operable: true } }]);
  expect(parseLocator('all()')).toEqual([]);
  expect(parseLocator("\n  byRole(\n 'Button',\n { 'name': \"Send\", },\n )\n  .nth( -2 )  ")).toEqual([
    { kind: 'role', role: 'Button', options: { name: 'Send' } }, { kind: 'nth', index: -2 },
  ]);
  expect(parseLocator("byText('x', { exact: false })")).toEqual([{ kind: 'text', text: 'x', exact: false }]);
  expect(parseLocator("byRole('Button', { })")).toEqual([{ kind: 'role', role: 'Button', options: {} }]);
  expect(parseLocator("byRole('Button',)")).toEqual([{ kind: 'role', role: 'Button', options: {} }]);
});

test('string escapes and regex literals are read as JavaScript reads them', () => {
  const [s] = parseLocator(String.raw`byText('a\'b\"c\\d\ne\tf\x41\u0042\u{1F600}\0')`) as [Extract<Step, { kind: 'text' }>];
  expect(s.text).toBe('a\'b"c\\d\ne\tfAB\u{1F600}\0');
  expect((parseLocator(String.raw`byText("it's \"quoted\"")`)[0] as Extract<Step, { kind: 'text' }>).text).toBe('it\'s "quoted"');
  const [r] = parseLocator(String.raw`byText(/a\/b[/\]]c/gimsuy)`) as [Extract<Step, { kind: 'text' }>];
  expect(r.text).toEqual(/a\/b[/\]]c/gimsuy);
  const [cls] = parseLocator('byText(/[/]x/)') as [Extract<Step, { kind: 'text' }>];
  expect((cls.text as RegExp).test('/x')).toBe(true);
});

test('errors are invalid_arguments with the 1-based column and a caret under it', () => {
  const e = errorOf("byRole('Button', { nam: 'x' })");
  expect(e.code).toBe('invalid_arguments');
  expect(e.details).toMatchObject({ where: 'locator', line: 1, column: 20 });
  expect(e.message).toContain("unknown option 'nam' for byRole(); expected name, exact");
  const lines = e.message.split('\n');
  const src = lines.findIndex((l) => l.includes("byRole('Button', { nam: 'x' })"));
  expect(lines[src + 1]!.indexOf('^') - lines[src]!.indexOf('b')).toBe(19);

  const cases: Array<[string, number, number, RegExp]> = [
    ['', 1, 1, /empty locator/],
    ["byLabel('x')", 1, 1, /unknown locator method 'byLabel'/],
    ["byTag('x'", 1, 10, /expected '\)' to close byTag\(/],
    ["byTag('x)", 1, 7, /unterminated string/],
    ["byTag(x)", 1, 7, /byTag\(\) takes a tag as a string, got 'x'/],
    ["byTag('x', 'y')", 1, 10, /too many arguments to byTag\(\)/],
    ["byText(/x)", 1, 8, /unterminated regex/],
    ["byText(/(/)", 1, 8, /invalid regex/],
    ["byText('x', { exact: 'yes' })", 1, 22, /exact must be true or false/],
    ["nth(1.5)", 1, 5, /nth\(\) takes a whole number/],
    ["byTag('a') byTag('b')", 1, 12, /expected '\.' or the end/],
    ["byTag('a').", 1, 12, /expected a locator method/],
    ["byRole('A', { name: 'a', name: 'b' })", 1, 26, /option 'name' given twice/],
    ["filter({ has: 'x' })", 1, 15, /has takes a locator/],
    ["byTag(`x`)", 1, 7, /template literals/],
    ["byTag('a');", 1, 11, /unexpected character ";"/],
    ["byTag('a')\n  .nth('x')", 2, 8, /nth\(\) takes a whole number/],
    ["byText('\\07')", 1, 9, /octal/],
    ["byText('\\u12')", 1, 9, /malformed \\u escape/],
    ["eval('1')", 1, 1, /unknown locator method 'eval'/],
    ["byTag('a').constructor('x')", 1, 12, /unknown locator method 'constructor'/],
  ];
  for (const [source, line, column, message] of cases) {
    const err = errorOf(source);
    expect.soft(err.code, source).toBe('invalid_arguments');
    expect.soft({ line: err.details.line, column: err.details.column }, source).toEqual({ line, column });
    expect.soft(err.message, source).toMatch(message);
  }
});

test('nesting and length are bounded', () => {
  const deep = 'filter({ has: '.repeat(40) + "byTag('x')" + ' })'.repeat(40);
  expect(errorOf(deep).message).toMatch(/nested more than 16 deep/);
  expect(errorOf(`byTag('${'x'.repeat(20_000)}')`).message).toMatch(/limit is 10000/);
});

// ---- round trip over a fuzzed set ----------------------------------------------------------

/** Small deterministic PRNG (mulberry32), so a failure reproduces. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ['a', 'Z', ' ', "'", '"', '\\', '\n', '\r', '\t', '/', '{', '}', '(', ')', ',', '.', ':', 'é', '\u{1F600}', '\u2028', '\0', '\u0001', '$', '`', '#', '='];
const REGEXES = [/x/, /Wi-?Fi/i, /^Item \d+$/, /a\/b/, /[/\]]+/g, /(?:)/, /\s+/u, /x{2,}/my, /é|ü/s, /\u2028/, /[a-z]/dgimsuy];

function fuzzSelector(next: () => number, depth = 0): Selector {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const str = () => Array.from({ length: Math.floor(next() * 8) }, () => pick(ALPHABET)).join('');
  const pattern = () => (next() < 0.3 ? pick(REGEXES) : str());
  const steps: Step[] = [];
  const n = 1 + Math.floor(next() * 4);
  for (let i = 0; i < n; i++) {
    const k = i === 0 ? pick(['tag', 'id', 'role', 'text', 'desc', 'filter', 'nth']) : pick(['tag', 'id', 'role', 'text', 'desc', 'filter', 'nth', 'filter', 'nth']);
    switch (k) {
      case 'tag': steps.push({ kind: 'tag', tag: str() }); break;
      case 'id': steps.push({ kind: 'id', id: next() < 0.5 ? String(Math.floor(next() * 1e6)) : str() }); break;
      case 'text': case 'desc': steps.push({ kind: k, text: pattern(), exact: next() < 0.5 }); break;
      case 'role': {
        // Every registered option, each value by its kind; the role one the options apply to.
        const options: Record<string, unknown> = {};
        let roles: readonly string[] | null = null;
        for (const key of optionNames(ROLE_OPTIONS)) {
          const spec: { value: string; roles?: readonly string[] } = ROLE_OPTIONS[key];
          if (next() >= (key === 'name' ? 0.5 : 0.25)) continue;
          const allowed: readonly string[] | null = spec.roles ? (roles ?? spec.roles).filter((r) => spec.roles!.includes(r)) : roles;
          if (allowed && allowed.length === 0) continue;
          roles = allowed;
          options[key] = spec.value === 'pattern' ? pattern() : spec.value === 'integer' ? Math.floor(next() * 7) - 1
            : spec.value === 'checked' && next() < 0.3 ? 'mixed' : next() < 0.5;
        }
        steps.push({ kind: 'role', role: pick(roles ?? ['Button', 'Switch', 'ListItem', str()]), options: options as RoleOptions });
        break;
      }
      case 'filter': {
        const options: FilterOptions = {};
        if (next() < 0.4) options.hasText = pattern();
        if (next() < 0.3) options.hasNotText = pattern();
        if (depth < 3 && next() < 0.3) options.has = fuzzSelector(next, depth + 1);
        if (depth < 3 && next() < 0.2) options.hasNot = fuzzSelector(next, depth + 1);
        if (next() < 0.3) options.visible = next() < 0.5;
        if (next() < 0.3) options.operable = next() < 0.5;
        steps.push({ kind: 'filter', options });
        break;
      }
      default: steps.push({ kind: 'nth', index: Math.floor(next() * 20) - 5 });
    }
  }
  return steps;
}

test('parseLocator(selectorToCode(s)) deep-equals s over 3,000 fuzzed selectors', () => {
  const next = rng(20260518);
  const failures: string[] = [];
  let regexes = 0, nested = 0;
  for (let i = 0; i < 3000; i++) {
    const sel = fuzzSelector(next);
    const code = selectorToCode(sel);
    if (code.includes('/')) regexes++;
    if (code.includes('has')) nested++;
    try {
      const back = parseLocator(code);
      // isDeepStrictEqual compares a RegExp's source, flags and lastIndex.
      if (!isDeepStrictEqual(back, sel) || selectorToCode(back) !== code) failures.push(`#${i}: ${code}`);
    } catch (e) {
      failures.push(`#${i}: ${code}\n${(e as Error).message}`);
    }
  }
  expect(failures).toEqual([]);
  // The fuzzer reaches the interesting parts of the grammar.
  expect(regexes).toBeGreaterThan(500);
  expect(nested).toBeGreaterThan(300);
});

test('the comparison above can fail: a changed step is not equal', () => {
  const sel: Selector = [{ kind: 'text', text: /a/i, exact: false }];
  expect(isDeepStrictEqual(parseLocator('byText(/a/)'), sel)).toBe(false);
  expect(isDeepStrictEqual(parseLocator('byText(/a/i)'), sel)).toBe(true);
});

test('the structured form: one step or a list of steps, regexes as { regex, flags }', () => {
  const input = [
    { kind: 'role', role: 'Switch', options: { name: { regex: 'wi-?fi', flags: 'i' } } },
    { kind: 'filter', options: { has: "byText('x')", hasNot: { kind: 'tag', tag: 'y' }, visible: true } },
    { kind: 'nth', index: 0 },
  ];
  const parsed = LocatorInputSchema.parse(input);
  expect(locatorFromInput(parsed)).toEqual([
    { kind: 'role', role: 'Switch', options: { name: /wi-?fi/i } },
    { kind: 'filter', options: { has: [{ kind: 'text', text: 'x', exact: false }], hasNot: [{ kind: 'tag', tag: 'y' }], visible: true } },
    { kind: 'nth', index: 0 },
  ]);
  expect(locatorFromInput(LocatorInputSchema.parse({ kind: 'id', id: 42 }))).toEqual([{ kind: 'id', id: '42' }]);
  expect(locatorFromInput(LocatorInputSchema.parse({ kind: 'text', text: 'Hi' }))).toEqual([{ kind: 'text', text: 'Hi', exact: false }]);
  expect(LocatorInputSchema.safeParse({ kind: 'tag', tag: 'x', extra: 1 }).success).toBe(false);
  expect(LocatorInputSchema.safeParse({ kind: 'bogus' }).success).toBe(false);
  expect(LocatorInputSchema.safeParse([]).success).toBe(false);
  const bad = (() => { try { locatorFromInput({ kind: 'text', text: { regex: '(' } }); } catch (e) { return e as TargetError; } return null; })();
  expect(bad?.code).toBe('invalid_arguments');
  expect(bad?.message).toContain('locator[0].text');
});

test("byRole's checked: 'mixed' in the code and JSON forms", () => {
  const sel: Selector = [{ kind: 'role', role: 'Checkbox', options: { checked: 'mixed' } }];
  expect(parseLocator("byRole('Checkbox', { checked: 'mixed' })")).toEqual(sel);
  expect(parseLocator(selectorToCode(sel))).toEqual(sel);
  expect(errorOf("byRole('Checkbox', { checked: 'half' })").message).toContain('checked must be true, false or \'mixed\', got "half"');
  expect(errorOf("byRole('Checkbox', { disabled: 'mixed' })").message).toContain('disabled must be true or false');
  expect(locatorFromInput(LocatorInputSchema.parse({ kind: 'role', role: 'Checkbox', options: { checked: 'mixed' } }))).toEqual(sel);
  expect(LocatorInputSchema.safeParse({ kind: 'role', role: 'Checkbox', options: { checked: 'half' } }).success).toBe(false);
});

test('byId takes negative ids (JetWhale and iOS ids can be below zero) in the code and JSON forms', () => {
  expect(parseLocator('byId(-4)')).toEqual([{ kind: 'id', id: '-4' }]);
  expect(parseLocator(selectorToCode([{ kind: 'id', id: '-4' }]))).toEqual([{ kind: 'id', id: '-4' }]);
  expect(locatorFromInput(LocatorInputSchema.parse({ kind: 'id', id: -4 }))).toEqual([{ kind: 'id', id: '-4' }]);
  expect(errorOf('byId(-4.5)').message).toContain('byId() takes a node id as a string');
  expect(LocatorInputSchema.safeParse({ kind: 'id', id: -4.5 }).success).toBe(false);
});

test('the JSON form has the string form\'s nesting limit, checked before zod walks it (no stack overflow)', () => {
  const nest = (depth: number): unknown => {
    let x: unknown = { kind: 'text', text: 'x' };
    for (let i = 0; i < depth; i++) x = [{ kind: 'role', role: 'List' }, { kind: 'filter', options: { hasNot: 'byTag("y")', has: x } }];
    return x;
  };
  const code = (depth: number) => 'byTag(\'a\')' + '.filter({ has: byTag(\'a\')'.repeat(depth) + ' })'.repeat(depth);
  // 16 levels are fine in both forms; 17 are refused by both.
  expect(parseLocator(code(16))).toHaveLength(2);
  expect(errorOf(code(17)).message).toMatch(/nested more than 16 deep/);
  expect(locatorFromInput(LocatorInputSchema.parse(nest(16)))).toHaveLength(2);
  const over = LocatorInputSchema.safeParse(nest(17));
  expect(over.success).toBe(false);
  expect(over.error!.issues[0]!.message).toMatch(/nested more than 16 deep \(at locator\[1\]\.options\.has/);
  for (const depth of [17, 3_000]) {
    let err: unknown;
    try { locatorFromInput(nest(depth) as never); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(TargetError);
    expect((err as TargetError).code).toBe('invalid_arguments');
    expect((err as TargetError).message).toMatch(/nested more than 16 deep/);
  }
  expect(LocatorInputSchema.safeParse(nest(3_000)).success).toBe(false);
});

test('a code string inside a JSON locator shares its nesting budget: 10 JSON levels + 6 in the string pass, + 7 are refused', () => {
  const code = (depth: number) => 'byTag(\'a\')' + '.filter({ has: byTag(\'a\')'.repeat(depth) + ' })'.repeat(depth);
  const nest = (depth: number, inner: string): unknown => {
    let x: unknown = inner;
    for (let i = 0; i < depth; i++) x = [{ kind: 'tag', tag: 'a' }, { kind: 'filter', options: { has: x } }];
    return x;
  };
  expect(locatorFromInput(LocatorInputSchema.parse(nest(10, code(6))))).toHaveLength(2);
  let err: unknown;
  try { locatorFromInput(LocatorInputSchema.parse(nest(10, code(7)))); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(TargetError);
  expect((err as TargetError).code).toBe('invalid_arguments');
  expect((err as TargetError).message).toMatch(/nested more than 16 deep/);
  // The same string alone is well within the limit.
  expect(parseLocator(code(7))).toHaveLength(2);
});

test('merged: false reads back from the code form of byRole, byText and byDesc (the unmerged tree)', () => {
  for (const sel of [
    [{ kind: 'role', role: 'Checkbox', options: { merged: false } }],
    [{ kind: 'text', text: 'Wi-Fi', exact: true, merged: false }],
    [{ kind: 'desc', text: /more/i, exact: false, merged: false }],
  ] as Selector[]) {
    const code = selectorToCode(sel);
    expect(code).toContain('merged: false');
    expect(parseLocator(code)).toEqual(sel);
  }
  expect(errorOf("byText('x', { merged: 1 })").message).toContain('merged');
});
