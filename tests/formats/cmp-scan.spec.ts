import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { cmpFromValue, exportCmpV1, importCmp } from '../../src/formats/cmp.js';
import { importTree } from '../../src/formats/index.js';
import { scanCmp } from '../../src/formats/cmp-scan.js';
import { guardText } from '../../src/formats/guard.js';
import { parseJson } from '../../src/formats/json.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { CATALOG, decorate } from '../../bench/tokens.js';
import { checkDrift } from '../../src/analysis/drift.js';
import { audit } from '../../src/analysis/a11y.js';
import { prng } from '../../bench/prng.js';

// importCmp reads well-formed text with the fast reader (cmp-scan.ts) and everything else with the careful
// one (JSON.parse + key checks + cmpFromValue). Both must give the same snapshot — field for field, key
// order and generation included — or the same error.
const read = (p: string) => readFileSync(new URL(`../../fixtures/${p}`, import.meta.url), 'utf8');
const AT = '2026-01-01T00:00:00.000Z';

function careful(text: string): string {
  try {
    const s = cmpFromValue(parseJson(guardText(text, { where: 'x.json' }, 'a cmp-inspector tree v1 (JSON)'), 'x.json'), { where: 'x.json', capturedAt: AT });
    return snapshotToJson(s, 0) + s.generation;
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
}

function imported(text: string): string {
  try {
    const s = importCmp(text, { where: 'x.json', capturedAt: AT });
    return snapshotToJson(s, 0) + s.generation;
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
}

const SYNTHETIC = (() => {
  const s = syntheticSnapshot(300, 1, { fullPage: true, realistic: true });
  decorate(s);
  return exportCmpV1(s, { roots: 'all', indent: 0 });
})();

test('the fast reader takes the corpus trees, compact and indented, and reads them as the careful reader does', () => {
  const docs = [read('trees/home.json'), read('trees/a11y-tree.json'), SYNTHETIC];
  for (const text of docs) {
    for (const variant of [text, JSON.stringify(JSON.parse(text)), JSON.stringify(JSON.parse(text), null, 2), '\ufeff' + text]) {
      expect(scanCmp(variant.replace(/^\ufeff/, ''))).not.toBeNull();
      expect(imported(variant)).toBe(careful(variant));
      // importTree (sniffing) takes the same fast way and gives the same snapshot.
      const t = importTree(variant, { where: 'x.json', capturedAt: AT });
      expect(snapshotToJson(t, 0) + t.generation).toBe(careful(variant));
    }
  }
});

test('members in any order, escapes, extras, legacy nodes and a stated density read the same both ways', () => {
  const cases = [
    '{"root":{"children":[],"bounds":{"height":2,"width":1,"y":0,"x":0},"text":"a"},"source":"s","schemaVersion":1}',
    '{"schemaVersion":1,"source":"s","root":{"testTag":"t\\u0061g","te\\u0078t":"\\ud83d\\ude00 \\n","bounds":{"x":-0,"y":1.5e2,"width":0,"height":1E1},"designToken":null,"children":[]}}',
    '{"schemaVersion":1,"source":"s","density":2.625,"extraTop":{"a":[1,{"b":null}]},"root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"elevation":"2dp","7":"seven","1":[true,false],"children":[]}}',
    '{"schemaVersion":1,"source":"s","root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"size":{"width":5,"height":6},"role":"radio","clickable":true,"disabled":null,"children":[{"bounds":{"x":1,"y":1,"width":1,"height":1},"size":null,"children":[]}]}}',
    '{"schemaVersion":1,"source":"s","root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"designToken":{"resolved":{"b":"1","a":"2","10":"x"},"tokens":["A","B"]},"children":[]}}',
    ' \n{ "schemaVersion" : 1 , "root" : { "bounds" : { "x" : 0 , "y" : 0 , "width" : 1 , "height" : 1 } , "children" : [ ] } } \r\n',
    // Role names are shared per read: an escaped one is never matched in place against later text.
    '{"schemaVersion":1,"root":{"role":"a\\\\b","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[{"role":"a\\\\b","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]},{"role":"a\\u005cb","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]},{"role":"Button","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]},{"role":"Butto","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]},{"role":"Button","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]}]}}',
    '{"schemaVersion":1,"source":"日本語 ✓","root":{"text":"Ünïcödé — 한국어 𝄞𝄞𝄞𝄞𝄞𝄞𝄞","bounds":{"x":0,"y":0,"width":12345678901234567,"height":1},"children":[]}}',
  ];
  for (const text of cases) {
    expect(scanCmp(text), text).not.toBeNull();
    expect(imported(text), text).toBe(careful(text));
  }
  // A top-level member of another format's shape is left to sniffing: an MCP envelope around nothing, a snapshot marker.
  const marked = '{"schemaVersion":1,"format":"treewright-snapshot","root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]}}';
  expect(scanCmp(marked)!.onlyCmpMembers).toBe(false);
  expect(() => importTree(marked)).toThrow();
  // A caller's density wins, whatever the file says (the careful reader does not look at it then).
  const odd = '{"schemaVersion":1,"density":"x","root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]}}';
  expect(importCmp(odd, { density: 2, capturedAt: AT }).roots[0]!.density).toBe(2);
});

test('what the fast reader gives up on is refused with the careful reader\'s error', () => {
  const base = '{"schemaVersion":1,"source":"s","root":{"testTag":"a","bounds":{"x":0,"y":0,"width":1,"height":1},"designToken":{"tokens":["A"],"resolved":{"c":"#FFF"}},"children":[{"text":"b","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]}]}}';
  const bad = [
    // A role read before (escaped) is not taken for the unescaped text with the same characters.
    '{"schemaVersion":1,"root":{"role":"a\\"b","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[{"role":"a"b","bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]}]}}',
    base.replace('"testTag":"a",', '"testTag":"a","testTag":"b",'),
    base.replace('"text":"b",', '"text":"b","__proto__":{},'),
    base.replace('"c":"#FFF"', '"c":"#FFF","c":"#000"'),
    base.replace('"x":0,"y":0,"width":1', '"x":0,"y":0,"width":-1'),
    base.replace('"width":1,"height":1}', '"width":1e999,"height":1}'),
    base.replace('"x":0,', '"x":1.7e308,').replace('"width":1,', '"width":1.7e308,'),
    base.replace('"text":"b"', '"text":"b\u0001"'),
    base.replace('"text":"b"', '"text":"b\ud800"'),
    base.replace('"text":"b"', '"text":5'),
    base.replace(',"children":[]}]', '}]'),
    base.replace('"tokens":["A"]', '"tokens":[1]'),
    base.replace('"text":"b",', `"text":"b","deep":${'['.repeat(70)}${']'.repeat(70)},`),
    base.slice(0, -1),
    base + 'x',
    base.replace('"x":0', '"x":01'),
    '{"schemaVersion":1,"root":null}',
    '{"schemaVersion":1,"root":{}}',
  ];
  // Read, then refused by importCmp's own checks (version, density).
  const refused = [base.replace('"schemaVersion":1', '"schemaVersion":2'), base.replace('"source":"s"', '"source":"s","density":0')];
  for (const text of [...bad, ...refused]) {
    if (bad.includes(text)) expect(scanCmp(text), text).toBeNull();
    const err = imported(text);
    expect(err, text).toMatch(/^[a-z_]+: /);
    expect(err, text).toBe(careful(text));
  }
});

test('mutated documents: the same snapshot or the same error as the careful reader (1,200 cases)', () => {
  const rnd = prng(12);
  const pieces = ['"', '\\', '{', '}', '[', ']', ',', ':', '1', '-', 'e', 'null', 'true', ' ', '\u0000', '\ud83d', '"testTag":"x",', '"bounds":{"x":0,"y":0,"width":1,"height":1},', '"children":[],', '"__proto__":1,', '"k":"v",'];
  const src = read('trees/home.json');
  const compact = JSON.stringify(JSON.parse(src));
  let fast = 0;
  for (let n = 0; n < 1200; n++) {
    let text = n % 2 ? compact : src;
    const edits = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < edits; k++) {
      const at = Math.floor(rnd() * text.length);
      const op = rnd();
      if (op < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 4));
      else if (op < 0.8) text = text.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + text.slice(at);
      else { // swap a quoted member for another
        const m = /"[a-zA-Z]+":/.exec(text.slice(at));
        if (m) text = text.slice(0, at + m.index) + pieces[16 + Math.floor(rnd() * 5)] + text.slice(at + m.index);
      }
    }
    if (scanCmp(text.replace(/^\ufeff/, '')) !== null) fast++;
    expect(imported(text), text).toBe(careful(text));
  }
  // Some mutations stay valid (an inserted space, a new member): those go the fast way.
  expect(fast).toBeGreaterThan(30);
});

test('design tokens spelt alike share one frozen object per read; any other spelling reads on its own', () => {
  const token = (radius: string) => `{"tokens":["RadiusCard","Surface"],"resolved":{"radius":"${radius}","color":"#FFFFFF"}}`;
  const node = (k: number, dt: string) => `{"testTag":"n${k}","bounds":{"x":0,"y":${k},"width":1,"height":1},"designToken":${dt},"children":[]}`;
  // The same text three times, one that differs only at its end, one with a space, and many distinct
  // ones (past what the reader keeps: those are read as if none were kept).
  const tokens = [token('16dp'), token('16dp'), token('16dp'), token('16dq'), token('16dp').replace('],', '], '), ...Array.from({ length: 120 }, (_, k) => token(`${k}dp`)), token('16dp')];
  const text = `{"schemaVersion":1,"source":"s","root":{"bounds":{"x":0,"y":0,"width":1,"height":1},"children":[${tokens.map((t, k) => node(k, t)).join(',')}]}}`;
  expect(scanCmp(text)).not.toBeNull();
  expect(imported(text)).toBe(careful(text));
  const kids = importCmp(text, { capturedAt: AT }).roots[0]!.node.children;
  const [a, b, c, d, e] = kids.map((n) => n.designToken!);
  expect(b).toBe(a);
  expect(c).toBe(a);
  // Past the distinct ones the reader has stopped looking (they did not repeat): an equal, separate object.
  expect(kids[kids.length - 1]!.designToken).toEqual(a);
  expect(d).not.toBe(a);
  expect(d!.resolved.radius).toBe('16dq');
  expect(e).toEqual(a);
  // Frozen all the way down: a write to one node's token throws instead of changing every node's.
  expect(Object.isFrozen(a) && Object.isFrozen(a!.tokens) && Object.isFrozen(a!.resolved)).toBe(true);
  expect(() => { (a!.resolved as Record<string, string>).radius = '0dp'; }).toThrow(TypeError);
  expect(() => { a!.tokens.push('X'); }).toThrow(TypeError);
  expect(kids[1]!.designToken!.resolved.radius).toBe('16dp');
  // Shared actions and platform are frozen too; a node with an extra gets its own platform.
  const doc = '{"schemaVersion":1,"root":{"role":null,"clickable":true,"disabled":false,"bounds":{"x":0,"y":0,"width":1,"height":1},"children":[' +
    '{"role":null,"clickable":true,"disabled":false,"bounds":{"x":0,"y":0,"width":1,"height":1},"children":[]},' +
    '{"role":null,"clickable":false,"disabled":false,"bounds":{"x":0,"y":0,"width":1,"height":1},"elevation":"2dp","children":[]}]}}';
  const root = importCmp(doc, { capturedAt: AT }).roots[0]!.node;
  const [x, y] = root.children;
  expect(root.actions).toBe(x!.actions);
  expect(() => { x!.actions.push('LongClick'); }).toThrow(TypeError);
  expect(() => { root.platform.note = 1; }).toThrow(TypeError);
  expect(y!.platform).toEqual({ cmpExtra: { elevation: '2dp' } });
  expect(root.platform).toEqual({});
  expect(root.children).toHaveLength(2);
});

test('drift and the audit find the same on a fast read (shared tokens) as on a careful one', () => {
  const s = syntheticSnapshot(3000, 1, { fullPage: true, realistic: true });
  decorate(s);
  const text = exportCmpV1(s, { roots: 'all', indent: 0 });
  const fast = importCmp(text, { capturedAt: AT });
  const slow = cmpFromValue(parseJson(text, 'x.json'), { capturedAt: AT });
  const drift = checkDrift(fast, CATALOG);
  expect(drift.length).toBeGreaterThan(0);
  expect(drift).toEqual(checkDrift(slow, CATALOG));
  expect(audit(fast)).toEqual(audit(slow));
});

// The fast reader learns literal runs (the text from one value through the colon before the next value
// that is not null / true / false) and compares them, kept design-token texts and rect pieces four
// characters at a time where the text is word-aligned. Every case below follows nodes that taught it
// the compact spellings, so each near miss meets a learnt run.
const B = '"bounds":{"x":0,"y":0,"width":1,"height":1}';
const PLAIN = `"testTag":null,"text":null,"contentDescription":null,"role":null,"clickable":false,"disabled":false,${B},"size":{"width":1,"height":1},"designToken":null,"children":[]`;
const TEXTED = `"testTag":null,"text":"t","contentDescription":null,"role":"Text","clickable":true,"disabled":false,${B},"size":null,"designToken":null,"children":[]`;
const doc = (nodes: string[], pad = '') => `${pad}{"schemaVersion":1,"source":"s","root":{${PLAIN.slice(0, -2)}[${nodes.map((m) => `{${m}}`).join(',')}]}}`;
const TOKENED = PLAIN.replace('"designToken":null', '"designToken":{"tokens":["A"],"resolved":{"c":"#FFF"}}');
const teach = (m: string, pad = '') => doc([PLAIN, TEXTED, TOKENED, PLAIN, TEXTED, TOKENED, m, PLAIN, m, TEXTED], pad);

test('near misses of learnt runs read as the careful reader reads them: spacing, order, prefixes, repeats, literals', () => {
  const valid = [
    PLAIN.replace('"text":null', '"text" :null'),
    PLAIN.replace('"text":null', '"text": null'),
    PLAIN.replace(',"role":null', ',\n\t"role":null'),
    PLAIN.replace('"clickable":false,', '"clickable":false ,'),
    PLAIN.replace('"testTag":null,"text":null', '"text":null,"testTag":null'),
    PLAIN.replace('"size":{"width":1,"height":1},', '').replace('"role":null,', '"role":null,"size":{"width":1,"height":1},'),
    PLAIN.replace('"clickable":false', '"clickable":null').replace('"disabled":false', '"disabled":true'),
    PLAIN.replace('"size":{"width":1,"height":1}', '"size":null'),
    PLAIN.replace('"role":null', '"role":"Button"'),
    PLAIN.replace('"role":null,', ''),
    // Names that share a prefix with a known one, or are one spelt with an escape, next to the runs.
    PLAIN.replace('"text":null', '"text":null,"textx":1,"tex":"a"'),
    PLAIN.replace('"children":[]', '"children2":[],"children":[]'),
    PLAIN.replace('"role":null', '"role ":null'),
    PLAIN.replace('"text":null', '"te\\u0078t":null'),
    PLAIN.replace('"designToken":null', '"designToken":{"tokens":[],"resolved":{}}'),
  ];
  const invalid = [
    PLAIN.replace('"testTag":null', '"clickable":true,"testTag":null'), // a repeat of a member a run holds
    PLAIN.replace('"size":{', '"role":null,"size":{'),
    TEXTED.replace('"contentDescription":null,', '"contentDescription":null,"disabled":true,'),
    PLAIN.replace('"text":null', '"text":nul'),
    PLAIN.replace('"text":null', '"text":nulll'),
    PLAIN.replace('"clickable":false', '"clickable":fals'),
    PLAIN.replace('"clickable":false', '"clickable":"false"'),
    PLAIN.replace('"size":{"width":1,"height":1}', '"size":true'),
    PLAIN.replace('"testTag":null,', '"testTag":null'),
    PLAIN.replace('"testTag":null,', '"testTag":null,,'),
    PLAIN.replace('"text":null', '"text"null'),
    PLAIN.replace('"children":[]', '"children":null'),
    // One character off at the start of a run, a rect piece or a kept token text (shifted below so that
    // it falls before the first whole word as well as inside one).
    PLAIN.replace(',"text":null', ' "text":null'),
    PLAIN.replace(',"y":0', ' "y":0'),
    PLAIN.replace('"bounds":{"x"', '"bounds":["x"'),
    TOKENED.replace('{"tokens"', '["tokens"'),
  ];
  for (let pad = 0; pad < 4; pad++) {
    for (const m of [...valid, ...invalid]) {
      const text = teach(m, ' '.repeat(pad));
      if (valid.includes(m)) expect(scanCmp(text), m).not.toBeNull();
      else expect(scanCmp(text), m).toBeNull();
      expect(imported(text), m).toBe(careful(text));
    }
  }
});

test('runs, token texts and rect pieces match at every alignment, NaN-like words and all', () => {
  // Characters past U+7FEF make a 64-bit word a NaN (never equal): such a token is compared again by character.
  const tokens = ['"x"', '"\uffff\ufff8\ufff0\u7ff8"', '"a\uffffb\ufff1cd\u7fffe"', '"😀😀"'].map((v) => `{"tokens":["T"],"resolved":{"k":${v}}}`);
  for (let pad = 0; pad < 4; pad++) {
    const nodes = tokens.flatMap((tk) => [PLAIN, TEXTED].map((m) => m.replace('"designToken":null', `"designToken":${tk}`)));
    const text = doc([...nodes, ...nodes.map((m) => ' '.repeat(pad) + m), ...nodes], ' '.repeat(pad));
    expect(scanCmp(text), `pad ${pad}`).not.toBeNull();
    expect(imported(text)).toBe(careful(text));
    // Each token spelt alike is one object wherever it lands (8 nodes per token, every alignment).
    const kids = importCmp(text, { capturedAt: AT }).roots[0]!.node.children;
    for (let k = 0; k < nodes.length; k++) {
      expect(kids[k + nodes.length]!.designToken).toBe(kids[k]!.designToken);
      expect(kids[k + 2 * nodes.length]!.designToken).toBe(kids[k]!.designToken);
    }
  }
});

test('numbers at the edges of exactness and strings with escapes next to their quotes read as JSON.parse reads them', () => {
  const numbers = ['0', '-0', '1.5e2', '1E1', '0.1', '123456789012345', '1234567890123456', '12345678901234567', '9007199254740993',
    '123456789012345.6', '0.30000000000000004', '1e22', '1e23', '2.2250738585072014e-308', '5e-324', '1.7976931348623157e308', '-1.5', '1e-7', '100e-2',
    '-0.0', '-0e-5', '0e5', '0.000001', '1.000000000000001', '1.0000000000000001', '123456789012345e7', '1.5e+22', '12345.678901234e-22', '1e-22', '1e-23',
    '4.35', '157.49999999999997', '0.1e1', '00000.5'.slice(4), '9.999999999999999e22', '1E+0', '1e0000000000000000000001',
    // Mantissas past 15 digits, where one rounding of the gathered digits would be off (Number() reads them).
    '863901637.24310932', '61965485.157701371', '-724418335555616.78', '-12345678901234567', '-1e-23', '-0.30000000000000004'];
  for (const v of numbers) {
    const text = teach(PLAIN.replace('"x":0,', `"x":${v},`).replace('"height":1}', `"height":${v.startsWith('-') ? v.slice(1) : v}}`));
    expect(scanCmp(text), v).not.toBeNull();
    expect(imported(text), v).toBe(careful(text));
    // The very double JSON.parse gives, -0 included (which the text form above writes as 0).
    expect(Object.is(importCmp(text, { capturedAt: AT }).roots[0]!.node.children[6]!.bounds.x, JSON.parse(v))).toBe(true);
  }
  const strings = ['\\"', 'a\\"', '\\"a', '\\\\', 'a\\\\', '\\\\\\"', '\\u0022', '😀', '\\ud83d\\ude00', 'é😀', '\\/', 'x'.repeat(40) + '\\n'];
  for (const v of strings) {
    const text = teach(TEXTED.replace('"text":"t"', `"text":"${v}"`).replace('"role":"Text"', `"role":"${v}"`));
    expect(scanCmp(text), v).not.toBeNull();
    expect(imported(text), v).toBe(careful(text));
  }
  // A lone surrogate next to the closing quote, or a raw quote, is refused as the careful reader refuses it.
  for (const v of ['\ud83d', '\ude00', 'a\ud83d', '\\ud83d']) {
    const text = teach(TEXTED.replace('"text":"t"', `"text":"${v}"`));
    expect(imported(text), v).toBe(careful(text));
  }
});

test('a cut-off document is refused at every length with the careful reader\'s error, after a longer one was read', () => {
  const text = teach(TEXTED.replace('"designToken":null', '"designToken":{"tokens":["A"],"resolved":{"c":"#FFF"}}'));
  expect(scanCmp(SYNTHETIC)).not.toBeNull(); // leaves more of the reader's memory written than any cut below
  for (let n = text.length - 1; n > 0; n -= 1 + (n % 3)) {
    const cut = text.slice(0, n);
    expect(scanCmp(cut), cut).toBeNull();
    expect(imported(cut), cut).toBe(careful(cut));
  }
});

test('a node laid out as large as it shows shares its bounds as layoutBounds; any other size is its own rect', () => {
  const sized = (size: string, before = false) => {
    const m = PLAIN.replace(',"size":{"width":1,"height":1}', '');
    return before ? m.replace('"bounds"', `"size":${size},"bounds"`) : m.replace('"designToken"', `"size":${size},"designToken"`);
  };
  const zero = (m: string) => m.replace('"width":1,"height":1}', '"width":0,"height":1}');
  const text = doc([sized('{"width":1,"height":1}'), sized('{"width":2,"height":1}'), sized('{"width":1,"height":1}', true), zero(sized('{"width":-0,"height":1}'))]);
  expect(imported(text)).toBe(careful(text));
  const [same, wider, before, negZero] = importCmp(text, { capturedAt: AT }).roots[0]!.node.children;
  expect(same!.layoutBounds).toBe(same!.bounds);
  expect(wider!.layoutBounds).toEqual({ x: 0, y: 0, width: 2, height: 1 });
  expect(before!.layoutBounds).toEqual(before!.bounds);
  // -0 is kept as read (JSON.parse gives -0), so it is not taken for the bounds' 0.
  expect(negZero!.layoutBounds).not.toBe(negZero!.bounds);
  expect(Object.is(negZero!.layoutBounds!.width, -0)).toBe(true);
  const slow = cmpFromValue(parseJson(text, 'x.json'), { capturedAt: AT }).roots[0]!.node.children[3]!;
  expect(Object.is(slow.layoutBounds!.width, -0)).toBe(true);
});
