import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { checkDrift, editDistance, facetKind, indexCatalog, type DriftOptions } from '../../src/analysis/drift.js';
import { canonicalColor, canonicalLength, parseFontWeight, parseLength, sameLength } from '../../src/common/values.js';
import { catalogFromValue, parseCatalog, type Catalog } from '../../src/formats/catalog.js';
import { importTree } from '../../src/formats/index.js';
import type { DesignToken, Node } from '../../src/model/schema.js';
import { makeNode } from '../../src/model/node.js';
import { n, r, root, snap } from '../helpers/build.js';
import { FormatError } from '../../src/errors.js';

const HOME = 'fixtures/trees/home.json';
const A11Y = 'fixtures/trees/a11y-tree.json';
const CATALOG = 'fixtures/design-system.json';

const load = (p: string) => importTree(readFileSync(p, 'utf8'), { where: p });
const fixtureCatalog = () => parseCatalog(readFileSync(CATALOG, 'utf8'), { where: CATALOG });

const CAT: Catalog = catalogFromValue({
  colors: { Primary: '#0A2540', Surface: '#FFFFFF', OnSurface: '#1A1A1A', Scrim: '#800A2540' },
  dimens: { PaddingPage: '16dp', PaddingCard: '16dp', RadiusCard: '16dp', ElevationCard: '2dp', BottomNavHeight: '72dp', TextBody: '14sp' },
  typography: [{ name: 'titleLarge', weight: 600, size: '18sp', lineHeight: '24sp', tracking: null }],
});

/** One node carrying `designToken` on a one-root screen. */
function tokened(designToken: DesignToken | null, fields: Parameters<typeof n>[0] = {}): Node {
  return n({ tag: 'probe', bounds: r(0, 0, 100, 40), designToken, ...fields });
}
function findingsOf(node: Node, catalog: Catalog = CAT, options?: DriftOptions) {
  return checkDrift(snap(root(node, { rootId: 'app' })), catalog, options);
}
const rulesOf = (node: Node, catalog?: Catalog, options?: DriftOptions) => findingsOf(node, catalog, options).map((f) => f.rule);

test.describe('values by meaning', () => {
  test('colour spellings normalise to one canonical form', () => {
    for (const c of ['#FFF', '#fff', '#FFFFFF', '#ffffff', '#FFFFFFFF', ' #FfFfFf ']) expect(canonicalColor(c)).toBe('#FFFFFF');
    expect(canonicalColor('#0a2540')).toBe('#0A2540');
    expect(canonicalColor('#FF0A2540')).toBe('#0A2540');
    // Alpha comes first (#AARRGGBB), and a translucent colour is a different colour.
    expect(canonicalColor('#800A2540')).toBe('#800A2540');
    expect(canonicalColor('#800A2540')).not.toBe(canonicalColor('#0A2540'));
    for (const bad of ['#FFFF', '#FFFFF', 'white', 'rgb(0,0,0)', '0xFFFFFFFF', '#GGGGGG', '']) expect(canonicalColor(bad)).toBeNull();
  });

  test('lengths: one number and unit however written; units never converted', () => {
    for (const l of ['16dp', '16.0dp', '16 dp', '16.00 DP', '16.0.dp', '+16dp']) expect(canonicalLength(l)).toBe('16dp');
    expect(canonicalLength('.5dp')).toBe('0.5dp');
    expect(canonicalLength('-0dp')).toBe('0dp');
    expect(sameLength(parseLength('16dp')!, parseLength('16.0dp')!)).toBe(true);
    expect(sameLength(parseLength('0.1sp')!, parseLength('0.100000001sp')!)).toBe(true);
    expect(sameLength(parseLength('16sp')!, parseLength('16dp')!)).toBe(false);
    expect(sameLength(parseLength('42px')!, parseLength('16dp')!)).toBe(false);
    expect(sameLength(parseLength('16dp')!, parseLength('16.5dp')!)).toBe(false);
    for (const bad of ['16', 'dp', '16 rem', 'sixteen dp', 'NaNdp', '16dp 2dp', '']) expect(parseLength(bad)).toBeNull();
  });

  test('font weights by number, Compose toString or name', () => {
    expect(parseFontWeight('600')).toBe(600);
    expect(parseFontWeight('W600')).toBe(600);
    expect(parseFontWeight('FontWeight(weight=600)')).toBe(600);
    expect(parseFontWeight('SemiBold')).toBe(600);
    expect(parseFontWeight('semi-bold')).toBe(600);
    expect(parseFontWeight(700)).toBe(700);
    expect(parseFontWeight('FontWeight.Bold')).toBe(700); // Compose's constant, as a producer may print it
    expect(parseFontWeight('FontWeight.ExtraBold')).toBe(800);
    for (const bad of ['heavyish', '0', '1001', 'W600)', 450.5, 'constructor', 'toString', 'FontWeight.']) expect(parseFontWeight(bad)).toBeNull();
  });

  test('facet kinds come from the facet name', () => {
    const kind = (f: string) => facetKind(f)?.kind ?? null;
    for (const f of ['color', 'background', 'backgroundColor', 'containerColor', 'contentColor', 'textColor', 'borderColor', 'tint', 'iconTint', 'fill']) expect(kind(f)).toBe('color');
    for (const f of ['radius', 'cornerRadius', 'padding', 'paddingTop', 'padding_horizontal', 'contentPadding', 'margin', 'marginStart', 'elevation', 'width', 'minHeight', 'height', 'spacing', 'borderWidth', 'iconSize', 'gap']) expect(kind(f)).toBe('length');
    for (const f of ['fontSize', 'lineHeight', 'letterSpacing', 'fontWeight', 'font_size']) expect(kind(f)).toBe('type');
    for (const f of ['shape', 'fontFamily', 'alignment']) expect(kind(f)).toBeNull();
  });

  test('edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('RadiusCrad', 'RadiusCard')).toBe(1);
    expect(editDistance('RadiusPill', 'RadiusCard')).toBe(4);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    // The early stop never changes an answer below the cap (deterministic sweep of short strings).
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: Math.floor(rand() * 6) }, () => 'abc'[Math.floor(rand() * 3)]).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = word(), b = word(), cap = 1 + Math.floor(rand() * 3);
      const got = editDistance(a, b, cap), want = Math.min(editDistance(a, b), cap);
      if (got !== want) wrong.push(`${a} / ${b} cap ${cap}: ${got}, want ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});

test.describe('the fixtures: exact findings', () => {
  test('home.json against design-system.json', () => {
    const findings = checkDrift(load(HOME), fixtureCatalog());
    const row = (tag: string, id: string, rule: string, data: Record<string, unknown>, message: string) => ({
      check: 'drift', rule, severity: 'error', nodeId: id, rootId: 'root', message, data: { ...data, label: tag },
    });
    expect(findings.map(({ node, measured, threshold, ...f }) => f)).toEqual([
      // TitleLarge / BodyMedium are text styles; this catalog has no typography, so the names are unknown.
      row('home_title', '1', 'unknown-token', { token: 'TitleLarge', facet: 'fontSize', expected: null, actual: '22sp', suggestion: null },
        'home_title: TitleLarge is not in the catalog (no colour, dimen or typography style of that name)'),
      row('card_one_label', '4', 'unknown-token', { token: 'BodyMedium', facet: 'fontSize', expected: null, actual: '14sp', suggestion: null },
        'card_one_label: BodyMedium is not in the catalog (no colour, dimen or typography style of that name)'),
      // The planted drift: card_two's corner radius resolved 24dp where RadiusCard is 16dp.
      row('card_two', '5', 'token-mismatch', { token: 'RadiusCard', facet: 'radius', expected: '16dp', actual: '24dp' },
        'card_two: RadiusCard sets radius to 16dp in the catalog, but the node resolved 24dp'),
      row('card_two_label', '6', 'unknown-token', { token: 'BodyMedium', facet: 'fontSize', expected: null, actual: '14sp', suggestion: null },
        'card_two_label: BodyMedium is not in the catalog (no colour, dimen or typography style of that name)'),
    ]);
    const mismatch = findings[2]!;
    expect(mismatch.node).toBe('Button #5 desc="Second card" tag=card_two [clickable disabled] actions=Click tap=180,300');
    expect(mismatch.measured).toBe('24dp');
    expect(mismatch.threshold).toBe('16dp');
  });

  test('home.json with a catalog whose typography lists the text styles: only the radius drift is left', () => {
    const base = JSON.parse(readFileSync(CATALOG, 'utf8'));
    const catalog = catalogFromValue({ ...base, typography: [{ name: 'TitleLarge', size: '22sp' }, { name: 'BodyMedium', size: '14.0sp', lineHeight: '20sp' }] });
    const findings = checkDrift(load(HOME), catalog);
    expect(findings.map((f) => [f.rule, f.data?.label, f.data?.token, f.data?.facet, f.data?.expected, f.data?.actual])).toEqual([
      ['token-mismatch', 'card_two', 'RadiusCard', 'radius', '16dp', '24dp'],
    ]);
  });

  test('the untokenized subtitle is a missing token only when tokens are required', () => {
    const snapshot = load(HOME);
    expect(checkDrift(snapshot, fixtureCatalog()).some((f) => f.data?.label === 'home_subtitle_raw')).toBe(false);
    const findings = checkDrift(snapshot, fixtureCatalog(), { requireTokens: (node) => node.text !== null });
    const missing = findings.filter((f) => f.rule === 'missing-token');
    expect(missing.map((f) => [f.data?.label, f.severity, f.message])).toEqual([
      ['home_subtitle_raw', 'error', 'home_subtitle_raw: carries no design token, but requireTokens says it must'],
    ]);
    expect(missing[0]!.data).toMatchObject({ token: null, facet: null, expected: 'a design token', actual: null });
  });

  test('findings name a Compose control as inspect prints it (Button #12), the raw View #12 with merged: false (real dump 005)', () => {
    // A uiautomator dump carries no tokens: requireTokens makes each clickable control a finding to name.
    const dump = load('fixtures/uiautomator/005.xml');
    const clickable = (node: Node) => node.clickable;
    const named = (options: DriftOptions) => checkDrift(dump, fixtureCatalog(), { requireTokens: clickable, ...options }).map((f) => [f.data?.label, f.node!.split(' [')[0], f.message.split(':')[0]]);
    expect(named({})).toEqual([['TextField #10', 'TextField #10', 'TextField #10'], ['Button #12', 'Button #12', 'Button #12'], ['Button #15', 'Button #15', 'Button #15']]);
    expect(named({ merged: false })).toEqual([['TextField #10', 'TextField #10', 'TextField #10'], ['View #12', 'View #12', 'View #12'], ['View #15', 'View #15', 'View #15']]);
  });

  test('a11y-tree.json: RadiusPill is unknown, and not "corrected" to RadiusCard', () => {
    const findings = checkDrift(load(A11Y), fixtureCatalog());
    expect(findings.map((f) => [f.rule, f.data?.label, f.data?.token, f.data?.facet, f.data?.actual, f.data?.suggestion])).toEqual([
      ['unknown-token', 'primary_button', 'RadiusPill', 'radius', '999dp', null],
    ]);
  });
});

test.describe('kinds are kept apart', () => {
  test('a facet is checked against the token named for it, not any token that happens to match', () => {
    // The naive check ("does any resolved value equal RadiusCard's 16dp?") passes this: padding is 16dp.
    const node = tokened({ tokens: ['RadiusCard', 'PaddingCard'], resolved: { radius: '24dp', padding: '16dp' } });
    const f = findingsOf(node);
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.facet, x.data?.expected, x.data?.actual])).toEqual([['token-mismatch', 'RadiusCard', 'radius', '16dp', '24dp']]);
  });

  test("create-cmp's card: three dimens matched by name, and a hard-coded colour with no colour token", () => {
    const node = tokened({ tokens: ['RadiusCard', 'ElevationCard', 'PaddingCard'], resolved: { radius: '16dp', elevation: '2dp', padding: '16dp', color: '#FFFFFFFF' } });
    const f = findingsOf(node);
    expect(f.map((x) => [x.rule, x.severity, x.data?.facet, x.data?.actual])).toEqual([['no-token-for-facet', 'warning', 'color', '#FFFFFFFF']]);
    expect(f[0]!.message).toBe('probe: color is #FFFFFFFF, but the node carries no colour token for it (its tokens: RadiusCard, ElevationCard, PaddingCard)');
  });

  test('a colour facet never passes on a dimen token, nor a length facet on a colour token', () => {
    expect(rulesOf(tokened({ tokens: ['PaddingPage'], resolved: { color: '#FFFFFF' } }))).toEqual(['no-token-for-facet', 'unchecked-token']);
    expect(rulesOf(tokened({ tokens: ['Surface'], resolved: { radius: '16dp' } }))).toEqual(['no-token-for-facet', 'unchecked-token']);
    // fontSize is compared with typography, never with a dimen that happens to be in sp.
    expect(rulesOf(tokened({ tokens: ['TextBody'], resolved: { fontSize: '14sp' } }))).toEqual(['no-token-for-facet', 'unchecked-token']);
  });

  test('equal meaning passes whatever the spelling; a different unit or alpha does not', () => {
    const pass = (tokens: string[], resolved: Record<string, string>) => expect(rulesOf(tokened({ tokens, resolved }))).toEqual([]);
    pass(['Surface'], { color: '#FFF' });
    pass(['Surface'], { background: '#ffffffff' });
    pass(['Primary'], { containerColor: '#FF0A2540' });
    pass(['Scrim'], { color: '#800a2540' });
    pass(['RadiusCard'], { cornerRadius: '16.0dp' });
    pass(['PaddingPage'], { paddingHorizontal: '16 dp' });
    pass(['BottomNavHeight'], { height: '72.0.dp' });
    const mismatch = (tokens: string[], resolved: Record<string, string>, expected: string) => {
      const f = findingsOf(tokened({ tokens, resolved }));
      expect(f.map((x) => [x.rule, x.data?.expected])).toEqual([['token-mismatch', expected]]);
    };
    mismatch(['RadiusCard'], { radius: '16sp' }, '16dp');
    mismatch(['RadiusCard'], { radius: '42px' }, '16dp');
    mismatch(['Primary'], { color: '#800A2540' }, '#0A2540');
    mismatch(['Scrim'], { color: '#0A2540' }, '#800A2540');
  });

  test('typography: size, line height and weight compared with the ramp entry (name case folded)', () => {
    expect(rulesOf(tokened({ tokens: ['TitleLarge'], resolved: { fontSize: '18sp', lineHeight: '24.0sp', fontWeight: 'FontWeight(weight=600)' } }))).toEqual([]);
    const f = findingsOf(tokened({ tokens: ['titleLarge'], resolved: { fontSize: '22sp', fontWeight: 'Bold', letterSpacing: '0.5sp' } }));
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.facet, x.data?.expected, x.data?.actual])).toEqual([
      ['token-mismatch', 'titleLarge', 'fontSize', '18sp', '22sp'],
      ['token-mismatch', 'titleLarge', 'fontWeight', '600', 'Bold'],
      // The ramp declares tracking null for titleLarge: nothing to compare 0.5sp with.
      ['no-token-for-facet', 'titleLarge', 'letterSpacing', null, '0.5sp'],
    ]);
  });

  test('several tokens of a kind and no name to choose by: passes if any matches, else names them all', () => {
    expect(rulesOf(tokened({ tokens: ['Surface', 'OnSurface'], resolved: { color: '#1A1A1A' } }))).toEqual([]);
    const f = findingsOf(tokened({ tokens: ['Surface', 'OnSurface'], resolved: { color: '#000000' } }));
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.expected])).toEqual([['token-mismatch', 'Surface or OnSurface', '#FFFFFF or #1A1A1A']]);
  });
});

test.describe('tokens the catalog does not know', () => {
  test('a misspelt token is reported with the closest name', () => {
    const f = findingsOf(tokened({ tokens: ['RadiusCrad'], resolved: { radius: '16dp' } }));
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.suggestion, x.data?.expected, x.data?.facet, x.data?.actual])).toEqual([
      ['unknown-token', 'RadiusCrad', 'RadiusCard', 'RadiusCard', 'radius', '16dp'],
    ]);
    expect(f[0]!.message).toBe('probe: RadiusCrad is not in the catalog (no colour, dimen or typography style of that name); did you mean RadiusCard?');
    expect(findingsOf(tokened({ tokens: ['Primry'], resolved: { color: '#0A2540' } }))[0]!.data?.suggestion).toBe('Primary');
  });

  test('a name far from every catalog name gets no suggestion', () => {
    expect(findingsOf(tokened({ tokens: ['HeroGradient'], resolved: {} }))[0]!.data?.suggestion).toBeNull();
  });

  test('a case-only difference is the same token', () => {
    expect(rulesOf(tokened({ tokens: ['radiuscard'], resolved: { radius: '16dp' } }))).toEqual([]);
  });

  test('an unknown token beside a known one: the known one is still checked', () => {
    const f = findingsOf(tokened({ tokens: ['Surface', 'RadiusCrad'], resolved: { color: '#000', radius: '16dp' } }));
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.facet])).toEqual([
      ['unknown-token', 'RadiusCrad', 'radius'],
      ['token-mismatch', 'Surface', 'color'],
    ]);
  });
});

test.describe('values that are not design values', () => {
  test('malformed values are findings', () => {
    const f = findingsOf(tokened({ tokens: ['RadiusCard', 'Surface', 'TitleLarge'], resolved: { radius: 'sixteen', color: 'blue', fontWeight: 'heavyish', padding: '16' } }));
    expect(f.map((x) => [x.rule, x.data?.token, x.data?.facet, x.data?.actual])).toEqual([
      ['malformed-value', 'RadiusCard', 'radius', 'sixteen'],
      ['malformed-value', 'Surface', 'color', 'blue'],
      ['malformed-value', 'TitleLarge', 'fontWeight', 'heavyish'],
      ['malformed-value', null, 'padding', '16'],
    ]);
    expect(f[0]!.message).toBe('probe: radius resolved to "sixteen", which is not a length with a unit (e.g. 16dp)');
  });

  test("boolean facts (create-cmp's inset flags) and unknown non-design facets are not checked; unknown facets with colours are", () => {
    expect(rulesOf(tokened({ tokens: [], resolved: { statusBarPadding: 'true', navBarPadding: 'false' } }))).toEqual([]);
    expect(rulesOf(tokened({ tokens: ['RadiusCard'], resolved: { radius: '16dp', shape: 'RoundedCornerShape', fontFamily: 'DM Sans' } }))).toEqual([]);
    const f = findingsOf(tokened({ tokens: ['Primary'], resolved: { accent: '#00E676' } }));
    expect(f.map((x) => [x.rule, x.data?.facet, x.data?.expected, x.data?.actual])).toEqual([['token-mismatch', 'accent', '#0A2540', '#00E676']]);
  });

  test('a token with nothing to check it against is info, not an error', () => {
    const f = findingsOf(tokened({ tokens: ['Primary'], resolved: {} }));
    expect(f.map((x) => [x.rule, x.severity, x.message])).toEqual([['unchecked-token', 'info', 'probe: Primary is a colour token, but the node resolved no colour facet to check it against']]);
    // A dimen named for another facet is not borrowed for a facet of its own.
    const g = findingsOf(tokened({ tokens: ['RadiusCard'], resolved: { radius: '16dp', padding: '8dp' } }));
    expect(g.map((x) => [x.rule, x.data?.facet, x.message])).toEqual([['no-token-for-facet', 'padding', 'probe: padding is 8dp, but the node carries no dimen token for it (its tokens: RadiusCard)']]);
    const h = findingsOf(tokened({ tokens: ['RadiusCard', 'ElevationCard'], resolved: { radius: '16dp' } }));
    expect(h.map((x) => [x.rule, x.message])).toEqual([['unchecked-token', 'probe: ElevationCard (a dimen token) is not the token of any of the node\'s dimen facets, so it was not checked']]);
  });
});

test.describe('catalogs as plain values', () => {
  test('a raw JSON catalog without dimens is validated and checked, not a TypeError', () => {
    const raw = JSON.parse('{ "colors": { "Primary": "#0A2540" } }') as Catalog;
    const node = tokened({ tokens: ['Primary'], resolved: { color: '#0A2541' } });
    expect(rulesOf(node, raw)).toEqual(['token-mismatch']);
    expect(rulesOf(tokened({ tokens: ['Primary'], resolved: { color: '#0A2540' } }), raw)).toEqual([]);
    expect(indexCatalog(raw).catalog).toEqual({ colors: { Primary: '#0A2540' }, dimens: {}, typography: [] });
  });

  test('a raw catalog with a bad value is the catalog format\'s FormatError', () => {
    const bad = { colors: { Primary: 'blue-ish' } } as unknown as Catalog;
    let e: unknown = null;
    try { findingsOf(tokened({ tokens: ['Primary'], resolved: { color: '#0A2540' } }), bad); } catch (err) { e = err; }
    expect(e).toBeInstanceOf(FormatError);
    expect((e as FormatError).message).toContain('colors.Primary');
    expect(() => findingsOf(tokened(null), null as unknown as Catalog)).toThrow(FormatError);
  });
});

test.describe('options', () => {
  const screen = () => {
    const good = n({ tag: 'good', designToken: { tokens: ['Surface'], resolved: { color: '#FFF' } } });
    const bad = n({ tag: 'bad', designToken: { tokens: ['Surface'], resolved: { color: '#000' } } });
    const plain = n({ tag: 'plain', role: 'Text', text: 'x' });
    const card = n({ tag: 'card', designToken: { tokens: ['RadiusCard'], resolved: { radius: '8dp' } } }, [bad, plain]);
    const other = n({ tag: 'other', designToken: { tokens: ['Primary'], resolved: { color: '#123' } } });
    return { good, bad, plain, card, other, snapshot: snap(root(n({}, [good, card]), { rootId: 'app' }), root(n({}, [other]), { rootId: 'dialog' })) };
  };

  test('findings come in document order across roots, with each root id', () => {
    const s = screen();
    expect(checkDrift(s.snapshot, CAT).map((f) => [f.data?.label, f.rootId])).toEqual([['card', 'app'], ['bad', 'app'], ['other', 'dialog']]);
  });

  test('within: only the given subtrees', () => {
    const s = screen();
    expect(checkDrift(s.snapshot, CAT, { within: [s.card] }).map((f) => f.data?.label)).toEqual(['card', 'bad']);
    expect(checkDrift(s.snapshot, CAT, { within: [s.bad, s.other] }).map((f) => f.data?.label)).toEqual(['bad', 'other']);
    expect(checkDrift(s.snapshot, CAT, { within: [s.good] })).toEqual([]);
  });

  test('ignore: a node and its subtree', () => {
    const s = screen();
    expect(checkDrift(s.snapshot, CAT, { ignore: (x) => x === s.card }).map((f) => f.data?.label)).toEqual(['other']);
    expect(checkDrift(s.snapshot, CAT, { ignore: (x) => x === s.card, within: [s.bad] })).toEqual([]);
  });

  test('requireTokens reports nodes that carry no token (an empty token list counts as none)', () => {
    const s = screen();
    s.plain.designToken = { tokens: [], resolved: { statusBarPadding: 'true' } };
    const f = checkDrift(s.snapshot, CAT, { requireTokens: (x) => x.tag !== null });
    expect(f.filter((x) => x.rule === 'missing-token').map((x) => x.data?.label)).toEqual(['plain']);
  });

  test('rules change severities or turn a rule off', () => {
    const node = tokened({ tokens: ['RadiusCard'], resolved: { radius: '8dp', color: '#FFF' } });
    expect(findingsOf(node).map((x) => [x.rule, x.severity])).toEqual([['token-mismatch', 'error'], ['no-token-for-facet', 'warning']]);
    expect(findingsOf(node, CAT, { rules: { 'token-mismatch': 'warning', 'no-token-for-facet': 'off' } }).map((x) => [x.rule, x.severity])).toEqual([['token-mismatch', 'warning']]);
  });

  test('an index built once checks many snapshots', () => {
    const index = indexCatalog(CAT);
    const node = tokened({ tokens: ['RadiusCrad'], resolved: {} });
    expect(checkDrift(snap(root(node)), index)[0]!.data?.suggestion).toBe('RadiusCard');
    expect(index.suggestions.get('RadiusCrad')).toBe('RadiusCard');
    expect(checkDrift(snap(root(node)), index)[0]!.data?.suggestion).toBe('RadiusCard');
  });
});

test('a 60,000-deep tree does not overflow the stack', () => {
  let node = makeNode('leaf', { tag: 'leaf', designToken: { tokens: ['RadiusCard'], resolved: { radius: '24dp' } } });
  for (let i = 0; i < 60_000; i++) node = makeNode(String(i), { designToken: i % 2 ? { tokens: ['Surface'], resolved: { color: '#FFF' } } : null }, [node]);
  const f = checkDrift(snap(root(node)), CAT, { requireTokens: (x) => x.id === '0' });
  expect(f.map((x) => [x.rule, x.nodeId])).toEqual([['missing-token', '0'], ['token-mismatch', 'leaf']]);
});

test("Material's On* colours are content colours: never a background's, a text colour's when none is named for it", () => {
  const cat = catalogFromValue({ colors: { Surface: '#FFFFFF', OnSurface: '#1B1B1F' }, dimens: {} });
  const field = tokened({ tokens: ['Surface', 'OnSurface'], resolved: { background: '#FFFFFF', textColor: '#1B1B1F' } });
  expect(findingsOf(field, cat)).toEqual([]);
  const wrong = tokened({ tokens: ['Surface', 'OnSurface'], resolved: { background: '#FFFFFF', textColor: '#000000' } });
  expect(findingsOf(wrong, cat).map((f) => [f.rule, f.data?.token, f.data?.facet])).toEqual([['token-mismatch', 'OnSurface', 'textColor']]);
});

test('a token named twice on a node is one claim: each finding names it once', () => {
  const twice = tokened({ tokens: ['Primary', 'Primary', 'Nope', 'Nope'], resolved: { background: '#FFFFFF' } });
  expect(findingsOf(twice).map((f) => [f.rule, f.data?.token, f.data?.expected])).toEqual([
    ['unknown-token', 'Nope', null],
    ['token-mismatch', 'Primary', '#0A2540'],
  ]);
  expect(findingsOf(twice)[1]!.message).toBe('probe: Primary sets background to #0A2540 in the catalog, but the node resolved #FFFFFF');
  // The same facets and values with each token once give the same findings.
  const apart = (node: Node) => findingsOf(node).map(({ nodeId: _id, node: _line, ...rest }) => rest);
  expect(apart(twice)).toEqual(apart(tokened({ tokens: ['Primary', 'Nope'], resolved: { background: '#FFFFFF' } })));
});

test('one check over many shapes finds what each node checked alone finds: shapes that share names, a kind its value decides, more shapes than are kept', () => {
  const tokens: DesignToken[] = [
    // Same token and facet names; the unnamed facet's kind comes from its value (a colour, then a length).
    { tokens: ['Surface'], resolved: { accent: '#FFFFFF' } },
    { tokens: ['Surface'], resolved: { accent: '16dp' } },
    { tokens: ['RadiusCard'], resolved: { accent: '#FFFFFF' } },
    // The same first token and last facet, told apart by what lies between.
    { tokens: ['Surface', 'RadiusCard'], resolved: { color: '#FFFFFF', radius: '12dp' } },
    { tokens: ['Surface', 'PaddingCard'], resolved: { color: '#FFFFFF', radius: '12dp' } },
    { tokens: ['Surface'], resolved: { color: '#FFFFFF', padding: '4dp', radius: '12dp' } },
    // A name holding what a joined key would have used as a separator.
    { tokens: ['Surface\u0000RadiusCard'], resolved: { radius: '16dp' } },
    { tokens: [], resolved: { textColor: '#1A1A1A' } },
    // Past the shapes a check keeps (64): each is planned afresh, and judged the same.
    ...Array.from({ length: 80 }, (_, k): DesignToken => ({ tokens: ['Surface', k % 2 ? 'Primary' : `Made${k}`], resolved: { [`fill${k}`]: k % 3 ? '#FFFFFF' : '#0A2540', radius: `${k}dp` } })),
  ];
  // Twice over: the second pass meets every shape again, kept or not.
  const nodes = [...tokens, ...tokens].map((dt, k) => n({ tag: `t${k}`, bounds: r(0, k * 10, 100, 10), designToken: dt }));
  const together = checkDrift(snap(root(n({ bounds: r(0, 0, 100, 2000) }, nodes), { rootId: 'app' })), CAT);
  const alone = nodes.flatMap((node) => findingsOf(n({ tag: node.tag, bounds: node.bounds, designToken: node.designToken })));
  const line = (f: { rule: string; message: string; data?: unknown }) => `${f.rule} ${f.message} ${JSON.stringify(f.data)}`;
  expect(together.map(line)).toEqual(alone.map(line));
  expect(together.length).toBeGreaterThan(150);
  expect(new Set(together.map((f) => f.rule))).toEqual(new Set(['token-mismatch', 'unknown-token', 'no-token-for-facet', 'unchecked-token']));
});
