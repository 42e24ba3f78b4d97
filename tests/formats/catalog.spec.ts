import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { catalogFromValue, parseCatalog } from '../../src/formats/catalog.js';
import { locateJsonPath } from '../../src/formats/json-locate.js';
import { FormatError } from '../../src/errors.js';

const FIXTURE = 'fixtures/design-system.json';

/** The FormatError a parse throws (the test fails if it does not throw one). */
function formatError(text: string, where = 'ds.json'): FormatError {
  try {
    parseCatalog(text, { where });
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error('expected parseCatalog to throw');
}

test('the fixture catalog reads as declared', () => {
  const c = parseCatalog(readFileSync(FIXTURE, 'utf8'), { where: FIXTURE });
  expect(c).toEqual({
    colors: { Primary: '#0A2540', Surface: '#FFFFFF', AccentGreen: '#00E676', Error: '#DC2626' },
    dimens: { PaddingPage: '16dp', RadiusCard: '16dp', ElevationCard: '2dp' },
    typography: [],
  });
});

test('every colour and length form the catalog allows', () => {
  const c = parseCatalog(JSON.stringify({
    colors: { Short: '#fff', Rgb: '#0a2540', Argb: '#800A2540', Spaced: ' #FFFFFF ' },
    dimens: { A: '16dp', B: '16.0dp', C: '16 dp', D: '14sp', E: '1px', F: '-4dp', G: '.5dp', H: '16.0.dp' },
  }));
  expect(Object.keys(c.colors)).toEqual(['Short', 'Rgb', 'Argb', 'Spaced']);
  expect(Object.keys(c.dimens)).toHaveLength(8);
});

test("typography in create-cmp's type-ramp form, in the CSS spelling, and keyed by name", () => {
  // What create-cmp's preview harness and /inspect/design-system emit.
  const ramp = parseCatalog(JSON.stringify({
    colors: {},
    typography: [
      { name: 'titleLarge', weight: 600, size: '18sp', lineHeight: '24sp', tracking: null },
      { name: 'labelSmall', weight: 600, size: '11sp', lineHeight: '14sp', tracking: '0.8sp' },
    ],
  }));
  expect(ramp.typography).toEqual([
    { name: 'titleLarge', fontSize: '18sp', lineHeight: '24sp', letterSpacing: null, fontWeight: 600 },
    { name: 'labelSmall', fontSize: '11sp', lineHeight: '14sp', letterSpacing: '0.8sp', fontWeight: 600 },
  ]);
  const css = parseCatalog('{"typography":[{"name":"TitleLarge","fontSize":"22sp","fontWeight":"SemiBold"}]}');
  expect(css.typography).toEqual([{ name: 'TitleLarge', fontSize: '22sp', lineHeight: null, letterSpacing: null, fontWeight: 600 }]);
  const byName = parseCatalog('{"typography":{"BodyMedium":{"size":"14sp","lineHeight":"20sp"}}}');
  expect(byName.typography).toEqual([{ name: 'BodyMedium', fontSize: '14sp', lineHeight: '20sp', letterSpacing: null, fontWeight: null }]);
  expect(byName.colors).toEqual({});
  expect(byName.dimens).toEqual({});
});

test('a catalog object (a test value, a device answer) gets the same validation', () => {
  expect(catalogFromValue({ colors: { Primary: '#0A2540' } }).colors).toEqual({ Primary: '#0A2540' });
  expect(() => catalogFromValue({ colors: { Primary: 'navy' } }, { where: 'live:127.0.0.1:9500' })).toThrow(/live:127\.0\.0\.1:9500: colors\.Primary: string "navy" is not a colour/);
  // A parsed catalog validates again unchanged.
  const c = parseCatalog('{"typography":[{"name":"T","size":"22sp","weight":700}]}');
  expect(catalogFromValue(c)).toEqual(c);
});

const BAD: Array<{ name: string; text: string; line: number; path: string; message: RegExp }> = [
  { name: 'a cut-off colour', text: '{\n  "colors": {\n    "Primary": "#0A25"\n  }\n}', line: 3, path: 'colors.Primary', message: /string "#0A25" is not a colour \(expected #RGB, #RRGGBB or #AARRGGBB\)/ },
  { name: 'a colour name', text: '{\n  "colors": {\n    "Ok": "#FFF",\n    "Navy": "navy"\n  }\n}', line: 4, path: 'colors.Navy', message: /string "navy" is not a colour/ },
  { name: 'a colour as a number', text: '{\n  "colors": {\n    "Primary": 658752\n  }\n}', line: 3, path: 'colors.Primary', message: /number 658752 is not valid: expected a colour string/ },
  { name: 'CSS rgba()', text: '{"colors":{"Scrim":"rgba(0,0,0,0.5)"}}', line: 1, path: 'colors.Scrim', message: /"rgba\(0,0,0,0\.5\)" is not a colour/ },
  { name: 'a length without a unit', text: '{\n  "dimens": {\n    "PaddingPage": "16"\n  }\n}', line: 3, path: 'dimens.PaddingPage', message: /string "16" is not a length/ },
  { name: 'a length in words', text: '{\n "colors": {},\n "dimens": {\n  "A": "1dp",\n  "Gap": "sixteen dp"\n }\n}', line: 5, path: 'dimens.Gap', message: /string "sixteen dp" is not a length/ },
  { name: 'an unknown unit', text: '{"dimens":{"W":"16rem"}}', line: 1, path: 'dimens.W', message: /"16rem" is not a length/ },
  { name: 'colors not an object', text: '{\n  "colors": ["#FFF"]\n}', line: 2, path: 'colors', message: /an array is not valid: expected an object of name → colour/ },
  { name: 'a bad typography size', text: '{\n "typography": [\n  { "name": "titleLarge", "size": "18sp" },\n  {\n   "name": "bodyMedium",\n   "size": "14"\n  }\n ]\n}', line: 6, path: 'typography[1].size', message: /string "14" is not a length/ },
  { name: 'a bad font weight', text: '{\n "typography": [\n  {\n   "name": "t",\n   "weight": "heavyish"\n  }\n ]\n}', line: 5, path: 'typography[0].weight', message: /"heavyish" is not a font weight/ },
  { name: 'a style without a name', text: '{\n "typography": [\n  { "name": "a", "size": "1sp" },\n  { "size": "2sp" }\n ]\n}', line: 4, path: 'typography[1].name', message: /expected the style name as a string/ },
  { name: 'a duplicate style', text: '{\n "typography": [\n  { "name": "a", "size": "1sp" },\n  { "name": "a", "size": "2sp" }\n ]\n}', line: 4, path: 'typography[1].name', message: /duplicate typography style "a"/ },
  { name: 'size and fontSize that disagree', text: '{\n "typography": {\n  "Body": {\n   "fontSize": "15sp",\n   "size": "14sp"\n  }\n }\n}', line: 4, path: 'typography.Body.fontSize', message: /"fontSize" \(15sp\) and "size" \(14sp\) disagree/ },
  { name: 'typography of the wrong type', text: '{\n "typography": "big"\n}', line: 2, path: 'typography', message: /expected an object of name → style/ },
  { name: 'a tree, not a catalog', text: '{\n  "schemaVersion": 1,\n  "root": {}\n}', line: 1, path: '', message: /not a design-system catalog: it has no "colors", "dimens" or "typography"/ },
  { name: 'an array', text: '[\n  {}\n]', line: 1, path: '', message: /an array is not valid: expected a design-system catalog object/ },
];

for (const bad of BAD) {
  test(`bad input: ${bad.name} → FormatError with file, line and value`, () => {
    const e = formatError(bad.text);
    expect(e.code).toBe('format_error');
    expect(e.details.where).toBe('ds.json');
    expect(e.details.line).toBe(bad.line);
    expect(e.details.path).toBe(bad.path);
    expect(e.message).toMatch(bad.message);
    expect(e.message.startsWith(`ds.json:${bad.line}:`)).toBe(true);
    expect(e.details.hint).toBeTruthy();
  });
}

test('bad input: not JSON → FormatError at the offending position', () => {
  const e = formatError('{\n  "colors": {\n    "Primary": "#0A2540",\n  }\n}');
  expect(e.details).toMatchObject({ where: 'ds.json', line: 4, column: 3 });
  expect(e.message).toMatch(/^ds\.json:4:3: invalid JSON/);
});

test('bad input: empty and binary text', () => {
  expect(formatError('  \n').message).toMatch(/ds\.json: empty input: expected a design-system catalog/);
  const bin = formatError('\x89PNG\r\n\x1a\n\x00\x00');
  expect(bin.message).toMatch(/binary input/);
  expect(bin.details.where).toBe('ds.json');
});

test('a leading byte-order mark is not an error', () => {
  expect(parseCatalog('\uFEFF{"colors":{"A":"#FFF"}}').colors).toEqual({ A: '#FFF' });
});

test('locateJsonPath finds keys, array elements and the last of duplicate keys', () => {
  const text = '{\n "a": {\n  "b": [1, {"c": "x"}],\n  "d": 2\n },\n "a": {"e": {}}\n}';
  const lineOf = (p: Array<string | number>) => {
    const at = locateJsonPath(text, p);
    return at === null ? null : text.slice(0, at).split('\n').length;
  };
  expect(lineOf(['a', 'e'])).toBe(6);
  expect(lineOf(['a'])).toBe(6); // JSON.parse keeps the last "a"
  expect(locateJsonPath(text, ['a', 'b', 1, 'c'])).toBe(text.indexOf('"c"'));
  expect(lineOf(['a', 'zz'])).toBeNull();
  expect(locateJsonPath(text, [])).toBe(0);
  // Escaped quotes inside strings do not derail the scan.
  const tricky = '{"k\\"ey": "va\\"l}", "x": {"y": 1}}';
  expect(locateJsonPath(tricky, ['x', 'y'])).toBe(tricky.indexOf('"y"'));
});
