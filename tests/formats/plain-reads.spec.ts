import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';
import { FieldReader, index, isStringArray, MAX_EXTRA_DEPTH, NodePaths, plainExtra, plainLtrb, plainOriginSize, plainRect, plainXywh, prop, type PathLike } from '../../src/formats/read.js';
import { FormatError } from '../../src/errors.js';
import { boundsValue, plainBounds } from '../../src/formats/maestro.js';
import { plainNode } from '../../src/formats/snapshot-json.js';
import { NodeFieldsSchema, neutralNode } from '../../src/model/schema.js';
import { originSize } from '../../src/formats/apple-json.js';

/*
 * The readers' plain checks (read.ts plainXywh, plainExtra) answer for the FieldReader reads they stand
 * before: where they accept a value, the careful read returns the same thing; where they refuse one,
 * the careful read is what runs (and it accepts or names the error as it always did).
 */

const r = new FieldReader('t.json', 'test');
const outcome = (f: () => unknown): unknown => {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof FormatError) return { error: e.message };
    throw e;
  }
};

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

test('plainXywh accepts exactly the rects xywh accepts, and reads them as xywh does', () => {
  const big = 1.7e308;
  const values: unknown[] = [
    { x: 0, y: 0, width: 10, height: 20 },
    { x: -5.5, y: 3, width: 0, height: 0, extra: 'kept out' },
    { height: 4, width: 3, y: 2, x: 1 },
    { x: 0, y: 0, width: -1, height: 2 },
    { x: 0, y: 0, width: 1, height: -0.5 },
    { x: -big, y: 0, width: big, height: 1 },
    { x: big, y: 0, width: big, height: 1 },
    { x: 0, y: big, width: 1, height: big },
    { x: 0, y: 0, width: 1 },
    { x: '0', y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: 1, height: null },
    { x: NaN, y: 0, width: 1, height: 1 },
    { x: Infinity, y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: Infinity, height: 1 },
    [0, 0, 1, 1],
    null,
    'x',
    7,
  ];
  for (const v of values) {
    const plain = plainXywh(v);
    const careful = outcome(() => r.xywh(v, 'bounds'));
    if (plain !== null) expect(careful, JSON.stringify(v)).toEqual({ value: plain });
    else expect(careful, `refused plainly, accepted carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
    // The reader's own entry point gives what xywh gives, error included.
    expect(outcome(() => r.xywhAt({ bounds: v }, 'bounds', 'root'))).toEqual(outcome(() => r.xywh(v, prop('root', 'bounds'))));
  }
});

test('plainExtra accepts exactly the values extra keeps, and extraAt names the same errors', () => {
  const values: unknown[] = [
    null, true, 'text', 0, -1.5, 1e308, Infinity, -Infinity, NaN,
    {}, [], { a: 1, b: [1, 2, { c: 'x' }] }, { a: { b: Infinity } }, [[[NaN]]],
    nested(MAX_EXTRA_DEPTH, 1), nested(MAX_EXTRA_DEPTH, {}), nested(MAX_EXTRA_DEPTH + 1, 1), nested(MAX_EXTRA_DEPTH - 1, []),
    nested(MAX_EXTRA_DEPTH + 5, 'deep'),
  ];
  for (const v of values) {
    for (const depth of [MAX_EXTRA_DEPTH, 2, Infinity]) {
      const careful = outcome(() => r.extra(v, prop('root', 'extra'), depth));
      if (plainExtra(v, depth)) expect(careful, JSON.stringify(v)).toEqual({ value: v });
      else expect(careful, `refused plainly, kept carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
      expect(outcome(() => r.extraAt({ extra: v }, 'extra', 'root', depth))).toEqual(careful);
    }
  }
});

test('plainLtrb and plainRect accept exactly the rects ltrb and rect accept, and read them as they do', () => {
  const big = 1.7e308;
  const values: unknown[] = [
    { left: 0, top: 0, right: 10, bottom: 20 },
    { left: -5.5, top: 3, right: -5.5, bottom: 3, extra: 'kept out' },
    { left: 5, top: 0, right: 4, bottom: 1 },
    { left: 0, top: 5, right: 1, bottom: 4 },
    { left: -big, top: 0, right: big, bottom: 1 },
    { left: 0, top: -big, right: 1, bottom: big },
    { left: 0, top: 0, right: Infinity, bottom: 1 },
    { left: NaN, top: 0, right: 1, bottom: 1 },
    { left: '0', top: 0, right: 1, bottom: 1 },
    { left: 0, top: 0, right: 1 },
    { right: 3, x: 0, y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: -1, height: 1 },
    [0, 0, 1, 1],
    null,
    'x',
  ];
  for (const v of values) {
    for (const [plain, careful] of [[plainLtrb(v), () => r.ltrb(v, 'bounds')], [plainRect(v), () => r.rect(v, 'bounds')]] as const) {
      const outcomeOf = outcome(careful);
      if (plain !== null) expect(outcomeOf, JSON.stringify(v)).toEqual({ value: plain });
      else expect(outcomeOf, `refused plainly, accepted carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
    }
  }
});

test('isStringArray accepts exactly the arrays stringArray returns as they are', () => {
  for (const v of [[], ['a', 'b'], ['a', 1], [null], 'a', null, {}, [['a']]]) {
    const careful = outcome(() => r.stringArray({ k: v }, 'k', 'root'));
    if (isStringArray(v)) expect(careful).toEqual({ value: v });
    else if (v !== null) expect(careful, JSON.stringify(v)).toHaveProperty('error');
  }
});

test('plainOriginSize accepts exactly the legacy WebDriverAgent rects originSize accepts, and reads them as it does', () => {
  const values: unknown[] = [
    { origin: { x: 0, y: 0 }, size: { width: 375, height: 667 } },
    { size: { height: 795, width: 446.964 }, origin: { y: -64, x: -35.98201 } },
    { origin: { x: 1, y: 2 }, size: { width: 0, height: 0 }, extra: 'kept out' },
    { origin: { x: 1, y: 2 }, size: { width: -1, height: 1 } },
    { origin: { x: 1, y: 2 }, size: { width: 1, height: Infinity } },
    { origin: { x: NaN, y: 2 }, size: { width: 1, height: 1 } },
    { origin: { x: '1', y: 2 }, size: { width: 1, height: 1 } },
    { origin: { x: 1 }, size: { width: 1, height: 1 } },
    { origin: { x: 1, y: 2 } },
    { size: { width: 1, height: 1 } },
    { origin: [1, 2], size: { width: 1, height: 1 } },
    { origin: null, size: { width: 1, height: 1 } },
    null,
    'x',
  ];
  // Every rect of the corpus's real WebDriverAgent capture too.
  const real: unknown[] = [];
  const stack: unknown[] = [JSON.parse(readFileSync('fixtures/ios/wda-source-springboard.json', 'utf8'))];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v) && 'type' in v && 'rect' in v) real.push((v as { rect: unknown }).rect);
    stack.push(...Object.values(v));
  }
  expect(real.length).toBeGreaterThan(40);
  for (const v of [...values, ...real]) {
    const plain = plainOriginSize(v);
    const careful = outcome(() => originSize(r, v, 'rect'));
    if (plain !== null) expect(careful, JSON.stringify(v)).toEqual({ value: plain });
    else expect(careful, `refused plainly, accepted carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
  }
  for (const v of real) expect(plainOriginSize(v), JSON.stringify(v)).not.toBeNull();
});

test('NodePaths names each node by the path the readers build for it', () => {
  // A small tree: 0 → [1 → [2, 3], 4], numbered in pre-order as the readers number nodes.
  const paths = new NodePaths(prop('roots[0]', 'node'));
  const top = paths.add(-1, 0);
  const a = paths.add(top, 0);
  const b = paths.add(a, 0);
  const c = paths.add(a, 1);
  const d = paths.add(top, 1);
  const built = (...at: number[]) => String(at.reduce<PathLike>((p, i) => index(prop(p, 'children'), i), prop('roots[0]', 'node')));
  expect([top, a, b, c, d].map((n) => String(paths.at(n)))).toEqual([built(), built(0), built(0, 0), built(0, 1), built(1)]);
  expect(String(paths.at(c))).toBe('roots[0].node.children[0].children[1]');
});

test('a valid capture is read without making the path of any node: paths are for errors', () => {
  const files = ['trees/home.json', 'trees/a11y-tree.json', 'trees/jetwhale-settings.json', 'ios/maestro-android-hierarchy.txt', 'ios/maestro-ios-swiftui-login.json', 'ios/maestro-debug-commands-ios-springboard.json', 'ios/wda-source-springboard.json'];
  const at = NodePaths.prototype.at;
  let made = 0;
  NodePaths.prototype.at = function (this: NodePaths, n: number) {
    made++;
    return at.call(this, n);
  };
  try {
    for (const f of files) expect(importTree(readFileSync(`fixtures/${f}`)).roots.length, f).toBeGreaterThan(0);
  } finally {
    NodePaths.prototype.at = at;
  }
  expect(made).toBe(0);
  // The same reads name the node when one is wrong.
  const doc = JSON.parse(readFileSync('fixtures/trees/home.json', 'utf8')) as { root: { children: Array<{ children: Array<{ text: unknown }> }> } };
  doc.root.children[2]!.children[0]!.text = 7;
  expect(() => importTree(JSON.stringify(doc))).toThrow(/^root\.children\[2\]\.children\[0\]\.text: expected a string or null, got number 7/);
});

test('Maestro bounds: plainBounds reads exactly what the pattern reads, and every real capture\'s bounds plainly', () => {
  const real: string[] = [];
  for (const f of ['maestro-android-hierarchy.txt', 'maestro-ios-swiftui-login.json', 'maestro-ios-swiftui-sheet.json', 'maestro-debug-commands-ios-springboard.json']) {
    const text = readFileSync(`fixtures/ios/${f}`, 'utf8');
    for (const m of text.matchAll(/"bounds"\s*:\s*("(?:[^"\\]|\\.)*")/g)) real.push(JSON.parse(m[1]!) as string);
  }
  expect(real.length).toBeGreaterThan(100);
  const big = '9'.repeat(400);
  const made: unknown[] = [
    '[0,0][10,10]', '[-5,-5][10,20]', '[-0,0][0,-0]', '[007,1][8,09]', '[0,0][999999999,1]', '[0,0][1000000000,1]',
    '[0.5,1][2.25,3]', '[10,0][5,5]', '[0,5][1,4]', `[${big},0][1,1]`, `[-${'9'.repeat(308)},0][${'9'.repeat(308)},1]`,
    '[1,2]', '[0,0][1,1] ', ' [0,0][1,1]', '[0,0][1,1]\n', '[+1,0][1,1]', '[1,0][1,1][2,2]', '[,0][1,1]', '[0,0][1,1', '[٣,0][4,4]',
    '', null, undefined, 5, true, ['[0,0][1,1]'], {},
  ];
  const realSet = new Set<unknown>(real);
  let plainReal = 0;
  for (const v of [...real, ...made]) {
    const plain = plainBounds(v);
    const careful = outcome(() => boundsValue(r, v, { path: 'attributes' }));
    if (plain === null) continue;
    if (realSet.has(v)) plainReal++;
    expect(careful, `refused carefully, read plainly: ${JSON.stringify(v)}`).toHaveProperty('value');
    const rect = (careful as { value: Record<string, number> }).value;
    // Object.is: -0 must stay -0, as the pattern reads it.
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Object.is(plain[k], rect[k]), `${k} of ${JSON.stringify(v)}`).toBe(true);
  }
  expect(plainReal).toBe(real.filter((v) => v !== '').length);
});

test('plainNode gives the node NodeFieldsSchema gives, key order included, and never accepts what the schema refuses', () => {
  // A node as snapshotToJson writes it (the kept-as-parsed case), then variants of it, valid and not.
  const written = { ...neutralNode('7', []), role: 'Button', rawRole: 'b', text: 'OK', toggle: 'on', actions: ['Click', 'SetText'],
    bounds: { x: 1, y: -2.5, width: 3, height: 0 }, layoutBounds: { x: 0, y: 0, width: 9, height: 9 },
    designToken: { tokens: ['Primary', 'Primary'], resolved: { color: '#fff', '12': 'x' } }, platform: { a: [1, { b: null }], s: 'x' } } as Record<string, unknown>;
  const token = written.designToken as { tokens: unknown[]; resolved: Record<string, unknown> };
  const { children, ...fields } = written;
  const protoPlatform = JSON.parse('{"__proto__": 1, "a": 2}') as unknown;
  const variants: Array<[string, Record<string, unknown>]> = [
    ['as written', written],
    ['neutral', { ...neutralNode('1', []) }],
    ['unstated', { ...fields, unstated: ['clickable'], children }],
    ['unstated empty', { ...fields, unstated: [], children }],
    ['keys in another order', { children, ...fields }],
    ['an unknown key', { ...fields, extra: 1, children }],
    ['unstated out of place', { ...fields, children, unstated: ['clickable'] }],
    ['bounds keys in another order', { ...written, bounds: { height: 1, width: 2, y: 3, x: 4 } }],
    ['bounds with an extra key', { ...written, bounds: { x: 1, y: 2, width: 3, height: 4, z: 5 } }],
    ['layoutBounds null', { ...written, layoutBounds: null }],
    ['design token null', { ...written, designToken: null }],
    ['design token keys in another order', { ...written, designToken: { resolved: token.resolved, tokens: token.tokens } }],
    ['design token with an extra key', { ...written, designToken: { ...token, more: 1 } }],
    ['design token resolved with a __proto__ key', { ...written, designToken: { tokens: [], resolved: JSON.parse('{"__proto__": "x"}') as unknown } }],
    ['platform with a __proto__ key', { ...written, platform: protoPlatform }],
    ['empty id', { ...written, id: '' }],
    ['numeric id', { ...written, id: 7 }],
    ['bad kind', { ...written, kind: 'android' }],
    ['bad role', { ...written, role: 'Buton' }],
    ['text a number', { ...written, text: 7 }],
    ['hint missing', { ...written, hint: undefined }],
    ['bad toggle', { ...written, toggle: 'yes' }],
    ['flag a string', { ...written, heading: 'false' }],
    ['flag missing', { ...written, visible: undefined }],
    ['bad action', { ...written, actions: ['Click', 'Tap'] }],
    ['actions not a list', { ...written, actions: 'Click' }],
    ['negative width', { ...written, bounds: { x: 0, y: 0, width: -1, height: 1 } }],
    ['bounds a string', { ...written, bounds: { x: '0', y: 0, width: 1, height: 1 } }],
    ['layoutBounds NaN', { ...written, layoutBounds: { x: NaN, y: 0, width: 1, height: 1 } }],
    ['platform a list', { ...written, platform: [] }],
    ['bad unstated', { ...fields, unstated: ['enabled'], children }],
    ['token not a string', { ...written, designToken: { tokens: [1], resolved: {} } }],
    ['resolved not a string', { ...written, designToken: { tokens: [], resolved: { a: 1 } } }],
    ['resolved missing', { ...written, designToken: { tokens: [] } }],
    // Every field of the schema, a new one included, holding what no field takes: refused, never kept as parsed unchecked.
    ...Object.keys(fields).map((k): [string, Record<string, unknown>] => [`${k} a list of lists`, { ...written, [k]: [[]] }]),
  ];
  const copied: string[] = [];
  const toSchema: string[] = [];
  for (const [name, v] of variants) {
    const o = structuredClone(v);
    const plain = plainNode(o);
    const parsed = NodeFieldsSchema.safeParse(structuredClone(v));
    if (plain === null) {
      if (parsed.success) toSchema.push(name);
      continue;
    }
    expect(parsed.success, `accepted plainly, refused by the schema: ${name}`).toBe(true);
    // Every field, in the schema's order, then children (the reader's to fill).
    expect(JSON.stringify(plain), name).toBe(JSON.stringify({ ...parsed.data, children: v.children }));
    expect(plain, name).toEqual({ ...parsed.data, children: v.children });
    if (plain !== o) copied.push(name);
  }
  // Only a __proto__ key is left to the schema among the nodes it accepts; a node whose keys are not
  // the schema's, in its order, is copied; every other one is read as parsed.
  expect(toSchema).toEqual(['design token resolved with a __proto__ key', 'platform with a __proto__ key']);
  expect(copied).toEqual(['keys in another order', 'an unknown key', 'unstated out of place']);
});
