import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat, type FormatName, type ImportOptions } from '../../src/formats/index.js';
import { FormatError, type ErrorCode } from '../../src/errors.js';
import { countNodes, makeNode } from '../../src/model/node.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

/*
 * One table of inputs across every format importTree reads, malformed and legal-but-extreme.
 * Each row runs through importTree (so sniffing is covered) with its own `where`, and states
 * its outcome: the error class, code and a message pattern (the message must also start with
 * the `where`), or — for legal input — the snapshot it must give.
 */

const HOME = readFileSync(new URL('../../fixtures/trees/home.json', import.meta.url), 'utf8');
const MIB = 1024 * 1024;

type Outcome =
  | { error: typeof FormatError; code: ErrorCode; message: RegExp; details?: Record<string, unknown> }
  | { nodes: number; format: FormatName; check?: (s: Snapshot) => void };

interface Row {
  name: string;
  ext: 'json' | 'xml' | 'bin';
  input: string | Uint8Array | (() => string);
  opts?: ImportOptions;
  expect: Outcome;
}

const once = <T>(make: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= make());
};

// --- builders -------------------------------------------------------------------------------

const cmpNode = (extra: Record<string, unknown> = {}) => ({ testTag: null, text: null, contentDescription: null, bounds: { x: 0, y: 0, width: 10, height: 10 }, designToken: null, children: [], ...extra });
const cmpDoc = (root: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root, ...extra });
const withChild = (child: Record<string, unknown>) => cmpDoc(cmpNode({ children: [cmpNode(), cmpNode(), { ...cmpNode(), ...child }] }));

const box = { left: 0, top: 0, right: 10, bottom: 10 };
const jw = (node: unknown) => JSON.stringify({ capturedAtMs: 0, merged: true, roots: [{ rootId: 'main', label: 'MainActivity', density: 2.625, windowOffset: { x: 0, y: 0 }, node }] });

const mouiNode = (id: string, children: string[]) => ({ node_id: id, role: 'group', label: '', frame: { origin: { x: 0, y: 0 }, size: { width: 1, height: 1 } }, children });
const moui = (nodes: unknown[], root: string | null = '1') => JSON.stringify({ kind: 'full', generation: '3', root, focused: null, nodes, issues: [] });

const ownDoc = once(() =>
  JSON.parse(snapshotToJson(makeSnapshot({
    source: 'x',
    capturedAt: '2026-01-01T00:00:00.000Z',
    roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', {}, [makeNode('2')]) }],
  }))),
);

const DEPTH = 60_000;

/** An XCUITest page source around `inner` (one window in one application). */
const aut = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0" width="375" height="667"><XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="375" height="667">${inner}</XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>`;

const deepAut = () => {
  const parts = ['<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="375" height="667">'];
  for (let i = 0; i < DEPTH; i++) parts.push('<XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="375" height="667">');
  for (let i = 0; i < DEPTH; i++) parts.push('</XCUIElementTypeOther>');
  parts.push('</XCUIElementTypeApplication></AppiumAUT>');
  return parts.join('');
};

const deepCmp = () => {
  const open = '{"testTag":null,"text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":1,"height":1},"designToken":null,"children":[';
  return `{"schemaVersion":1,"source":"headless-jvm","root":${open.repeat(DEPTH - 1)}${open}]}${']}'.repeat(DEPTH - 1)}}`;
};

const deepOwn = () => {
  let node: Node = makeNode(String(DEPTH), { text: 'leaf' });
  for (let i = DEPTH - 1; i >= 1; i--) node = makeNode(String(i), {}, [node]);
  const s = makeSnapshot({ source: 'deep', roots: [{ rootId: 'r', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node }] });
  return snapshotToJson(s, 0);
};

const deepXml = () => {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'];
  for (let i = 0; i < DEPTH; i++) parts.push(`<node index="0" text="" class="android.view.View" package="com.example" bounds="[0,0][1080,${2400 - (i % 2000)}]">`);
  for (let i = 0; i < DEPTH; i++) parts.push('</node>');
  parts.push('</hierarchy>');
  return parts.join('');
};

// An unknown property holding `levels` nested arrays (`[[[…]]]`), built as text: no recursion here either.
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const DEEP_EXTRA = 100_000;
const cmpDeepExtra = (levels: number) => cmpDoc(cmpNode({ children: [cmpNode()] })).replace('"children":[{', `"children":[{"debugInfo":${nestedArrays(levels)},`);
const jwDeepExtra = () => jw({ id: 1, bounds: box, children: [{ id: 2, bounds: box }] }).replace('{"id":2,', `{"id":2,"inspectorData":{"layout":${nestedArrays(DEEP_EXTRA)}},`);
const mouiDeepExtra = () => moui([mouiNode('1', ['2']), mouiNode('2', [])]).replace('{"node_id":"2",', `{"node_id":"2","custom":${nestedArrays(DEEP_EXTRA)},`);

// A wide capture of 50 MiB: ~85,000 nodes with long descriptions under one root.
const FIFTY_MIB_NODES = once(() => {
  const desc = 'Product listing card with image, price, rating and delivery estimate; '.repeat(8);
  return Math.ceil((50 * MIB) / JSON.stringify(cmpNode({ testTag: 'item_000000', contentDescription: desc })).length) + 1;
});
const fiftyMiB = once(() => {
  const desc = 'Product listing card with image, price, rating and delivery estimate; '.repeat(8);
  const n = FIFTY_MIB_NODES();
  const kids: string[] = [];
  for (let i = 0; i < n; i++) {
    kids.push(JSON.stringify(cmpNode({ testTag: `item_${String(i).padStart(6, '0')}`, contentDescription: desc, bounds: { x: 0, y: i * 10, width: 360, height: 10 } })));
  }
  const text = `{"schemaVersion":1,"source":"headless-jvm","root":{"testTag":"feed","text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":360,"height":800},"designToken":null,"children":[${kids.join(',')}]}}`;
  expect(text.length).toBeGreaterThanOrEqual(50 * MIB);
  return text;
});

const LOL = '<!ENTITY lol "lol">' + Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('');
const entityBomb = `<?xml version="1.0"?><!DOCTYPE lolz [${LOL}]><hierarchy rotation="0"><node text="&lol9;" class="android.widget.TextView" bounds="[0,0][10,10]"/></hierarchy>`;

// --- the table ------------------------------------------------------------------------------

const F = FormatError;
const rows: Row[] = [
  // Before parsing: size, emptiness, binary content.
  { name: 'empty file', ext: 'json', input: '', expect: { error: F, code: 'format_error', message: /empty input/ } },
  { name: 'whitespace only', ext: 'json', input: ' \n\t \r\n', expect: { error: F, code: 'format_error', message: /empty input/ } },
  { name: 'PNG file (NUL bytes)', ext: 'bin', input: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001', expect: { error: F, code: 'format_error', message: /binary input/ } },
  // The scan runs where the JSON parse cannot answer for it (json.ts parseUnscannedJson): the same errors, in the same order.
  { name: 'control character inside a JSON string', ext: 'json', input: '{"schemaVersion":1,"root":{"text":"a\u0007b"}}', expect: { error: F, code: 'format_error', message: /binary input \(control character U\+0007 at offset 36\)/ } },
  { name: 'raw lone surrogate in valid JSON', ext: 'json', input: cmpDoc(cmpNode({ text: 'LONE' })).replace('LONE', 'a\ud800b'), expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+D800/ } },
  { name: 'raw high surrogate before an escaped low one', ext: 'json', input: cmpDoc(cmpNode({ text: 'PAIR' })).replace('PAIR', '\ud83d\\ude00'), expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+D83D/ } },
  { name: 'raw lone surrogate in a key', ext: 'json', input: cmpDoc(cmpNode({ KEY: 1 })).replace('KEY', 'k\udfffk'), expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+DFFF/ } },
  { name: 'raw lone surrogate in a list, in a pretty two-byte text', ext: 'json', input: JSON.stringify(JSON.parse(cmpDoc(cmpNode({ text: '中文', list: ['x', 'LONE'] }))), null, 2).replace('LONE', '\ud800'), expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+D800/ } },
  { name: 'lone surrogate before a duplicate key', ext: 'json', input: '{"schemaVersion":1,"root":{"text":"\udc00","text":"x"}}', expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+DC00/ } },
  { name: 'lone surrogate, then a control character in broken JSON', ext: 'json', input: '{"text":"\udc00",\u0001', expect: { error: F, code: 'format_error', message: /binary input \(control character U\+0001/ } },
  { name: 'control character in the maestro CLI lines', ext: 'json', input: 'Running on emulator\u0007\n{"attributes":{},"children":[]}', expect: { error: F, code: 'format_error', message: /binary input \(control character U\+0007 at offset 19\)/ } },
  { name: 'lone surrogate in the maestro CLI lines', ext: 'json', input: 'Running on \ud800\n{"attributes":{},"children":[]}', expect: { error: F, code: 'format_error', message: /a lone UTF-16 surrogate U\+D800 at offset 11/ } },
  // Bytes are decoded fatally (decode.ts): a JPEG is invalid UTF-8 at its first byte. (U+FFFD in text is a legal character.)
  { name: 'JPEG bytes (invalid UTF-8)', ext: 'bin', input: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), expect: { error: F, code: 'format_error', message: /invalid UTF-8 at byte offset 0 \(bytes ff d8 ff e0\)/, details: { offset: 0 } } },
  { name: 'over maxBytes', ext: 'json', input: HOME, opts: { maxBytes: 1000 }, expect: { error: F, code: 'too_large', message: /input is \d+ bytes, over the 1000-byte limit/ } },

  // JSON syntax: FormatError with line and column, never a SyntaxError.
  { name: 'truncated JSON', ext: 'json', input: HOME.slice(0, 700), expect: { error: F, code: 'format_error', message: /invalid JSON: unexpected end of input/, details: { line: 22 } } },
  { name: 'trailing comma', ext: 'json', input: '{\n  "schemaVersion": 1,\n  "root": {},\n}', expect: { error: F, code: 'format_error', message: /invalid JSON: expected a property name in double quotes but found "\}"/, details: { line: 4, column: 1 } } },
  { name: 'NaN width (not JSON)', ext: 'json', input: withChild({ bounds: { x: 0, y: 0, width: 1, height: 1 } }).replace('"width":1,', '"width":NaN,'), expect: { error: F, code: 'format_error', message: /invalid JSON: unexpected "N" where a value was expected/, details: { line: 1 } } },
  { name: 'text after the document', ext: 'json', input: '{"schemaVersion":1} {"x":1}', expect: { error: F, code: 'format_error', message: /invalid JSON: unexpected "\{" after the end of the JSON value/, details: { line: 1, column: 21 } } },

  // JSON that is no tree at all.
  { name: 'JSON array', ext: 'json', input: '[{"testTag":"x"}]', expect: { error: F, code: 'unsupported_format', message: /JSON that is an array, which is not a tree format.*expected one of: .*treewright snapshot.*cmp-inspector.*JetWhale.*MoUI.*uiautomator/ } },
  { name: 'JSON number', ext: 'json', input: '42', expect: { error: F, code: 'unsupported_format', message: /JSON that is number 42/ } },
  { name: 'JSON null', ext: 'json', input: 'null', expect: { error: F, code: 'unsupported_format', message: /JSON that is null/ } },
  { name: 'JSON string', ext: 'json', input: '"<hierarchy/>"', expect: { error: F, code: 'unsupported_format', message: /JSON that is string "<hierarchy\/>"/ } },
  { name: 'unknown JSON object', ext: 'json', input: '{"screen":"home","widgets":[]}', expect: { error: F, code: 'unsupported_format', message: /a JSON object with keys "screen", "widgets"/ } },

  // cmp-inspector tree v1.
  { name: 'cmp wrong schemaVersion', ext: 'json', input: cmpDoc(cmpNode(), { schemaVersion: 2 }), expect: { error: F, code: 'schema_version', message: /schemaVersion 2 is not supported; this treewright reads schemaVersion 1/, details: { found: 2, supported: 1 } } },
  { name: 'cmp schemaVersion as a string', ext: 'json', input: cmpDoc(cmpNode(), { schemaVersion: '1' }), expect: { error: F, code: 'schema_version', message: /schemaVersion "1" is not supported/ } },
  { name: 'cmp without root', ext: 'json', input: '{"schemaVersion":1,"source":"headless-jvm"}', expect: { error: F, code: 'format_error', message: /root: is missing/ } },
  { name: 'cmp root without bounds', ext: 'json', input: cmpDoc({ testTag: 'home', children: [] }), expect: { error: F, code: 'format_error', message: /root\.bounds: is missing: every node needs bounds/ } },
  { name: 'cmp bounds in uiautomator notation', ext: 'json', input: withChild({ bounds: '[a,b][c,d]' }), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.bounds: expected an object, got string "\[a,b\]\[c,d\]"/ } },
  { name: 'cmp negative width', ext: 'json', input: withChild({ bounds: { x: 0, y: 0, width: -4, height: 1 } }), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.bounds\.width: a size cannot be negative, got -4/, details: { path: 'root.children[2].bounds.width' } } },
  { name: 'cmp infinite x (1e999)', ext: 'json', input: withChild({ bounds: { x: 0, y: 0, width: 7, height: 7 } }).replace('"x":0,"y":0,"width":7', '"x":1e999,"y":0,"width":7'), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.bounds\.x: expected a finite number, got number Infinity/ } },
  { name: 'cmp width as a string', ext: 'json', input: withChild({ bounds: { x: 0, y: 0, width: '10', height: 1 } }), expect: { error: F, code: 'format_error', message: /bounds\.width: expected a finite number, got string "10"/ } },
  { name: 'cmp children not an array', ext: 'json', input: cmpDoc(cmpNode({ children: { 0: cmpNode() } })), expect: { error: F, code: 'format_error', message: /root\.children: expected an array, got an object/ } },
  { name: 'cmp child not an object', ext: 'json', input: cmpDoc(cmpNode({ children: [7] })), expect: { error: F, code: 'format_error', message: /root\.children\[0\]: expected an object, got number 7/ } },
  { name: 'cmp testTag a number', ext: 'json', input: withChild({ testTag: 12 }), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.testTag: expected a string or null, got number 12/ } },
  { name: 'cmp negative size', ext: 'json', input: withChild({ size: { width: 10, height: -1 } }), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.size\.height: a size cannot be negative/ } },
  { name: 'cmp designToken of the wrong shape', ext: 'json', input: withChild({ designToken: { tokens: 'Surface', resolved: {} } }), expect: { error: F, code: 'format_error', message: /root\.children\[2\]\.designToken\.tokens: /i } },

  // JetWhale getNodeTree.
  { name: 'JetWhale unknown node type', ext: 'json', input: jw({ id: 1, bounds: box, children: [{ id: -3, type: 'flutter', bounds: box }] }), expect: { error: F, code: 'format_error', message: /roots\[0\]\.node\.children\[0\]\.type: unknown node type "flutter"; expected compose, view, apple/ } },
  { name: 'JetWhale duplicate ids in a root', ext: 'json', input: jw({ id: 1, bounds: box, children: [{ id: 4, bounds: box }, { id: 4, bounds: box }] }), expect: { error: F, code: 'format_error', message: /duplicate node id 4 in root "main"/ } },
  {
    name: 'JetWhale repeated rootId', ext: 'json',
    input: JSON.stringify({ roots: [{ rootId: 'main', label: 'A', density: 1, node: { id: 1, bounds: box } }, { rootId: 'main', label: 'B', density: 1, node: { id: 1, bounds: box } }] }),
    expect: { error: F, code: 'format_error', message: /roots\[1\]\.rootId: duplicate rootId "main" \(first used at roots\[0\]\)/ },
  },
  { name: 'JetWhale right before left', ext: 'json', input: jw({ id: 1, bounds: { left: 50, top: 0, right: 40, bottom: 10 } }), expect: { error: F, code: 'format_error', message: /roots\[0\]\.node\.bounds\.right: .*negative width/ } },
  { name: 'JetWhale roots not an array', ext: 'json', input: '{"roots":{"main":{}}}', expect: { error: F, code: 'format_error', message: /^[^:]*: roots: expected an array, got an object/ } },
  { name: 'JetWhale capturedAtMs out of range', ext: 'json', input: JSON.stringify({ capturedAtMs: 1e20, roots: [] }), expect: { error: F, code: 'format_error', message: /capturedAtMs: 100000000000000000000 is not a representable time/ } },
  { name: 'JetWhale px root without density', ext: 'json', input: JSON.stringify({ roots: [{ rootId: 'main', label: 'Main', node: { id: 1, bounds: box } }] }), expect: { error: F, code: 'format_error', message: /roots\[0\]\.density: is missing/ } },

  // MoUI read_semantics.
  { name: 'MoUI child-id cycle', ext: 'json', input: moui([mouiNode('1', []), mouiNode('2', ['3']), mouiNode('3', ['2'])]), expect: { error: F, code: 'format_error', message: /child-id cycle: "(2|3)" → "(2|3)" → "(2|3)"/ } },
  { name: 'MoUI missing child id', ext: 'json', input: moui([mouiNode('1', ['2', '9']), mouiNode('2', [])]), expect: { error: F, code: 'format_error', message: /node "1" lists child "9", which is not among the nodes/ } },
  { name: 'MoUI node with two parents', ext: 'json', input: moui([mouiNode('1', ['2', '3']), mouiNode('2', ['4']), mouiNode('3', ['4']), mouiNode('4', [])]), expect: { error: F, code: 'format_error', message: /node "4" has two parents, "2" and "3"/ } },
  { name: 'MoUI no root', ext: 'json', input: moui([], null), expect: { error: F, code: 'format_error', message: /there is no root node/ } },
  { name: 'MoUI delta alone', ext: 'json', input: JSON.stringify({ kind: 'delta', from: '3', to: '4', root: '1', focused: null, upserted: [], removed: [], issues: [], announcements: [] }), expect: { error: F, code: 'format_error', message: /"delta" read cannot be imported on its own/ } },
  { name: 'MoUI host error envelope', ext: 'json', input: JSON.stringify({ ok: false, error: { code: 'stale_generation', message: 'cursor expired', details: {} } }), expect: { error: F, code: 'format_error', message: /the host answered an error instead of a tree \(stale_generation\)/ } },

  // Unknown properties are kept verbatim, so their nesting is capped (64 levels): deeper would
  // overflow every recursive reader downstream (hashing, JSON.stringify) with a raw RangeError.
  { name: 'cmp extra field 100,000 arrays deep', ext: 'json', input: () => cmpDeepExtra(DEEP_EXTRA), expect: { error: F, code: 'too_large', message: /root\.children\[0\]\.debugInfo.*nested more than 64 levels deep/, details: { path: expect.stringMatching(/^root\.children\[0\]\.debugInfo\[0\]/), hint: expect.stringMatching(/Remove or flatten that property/) } } },
  { name: 'JetWhale extra field 100,000 arrays deep', ext: 'json', input: jwDeepExtra, expect: { error: F, code: 'too_large', message: /roots\[0\]\.node\.children\[0\]\.inspectorData\.layout(\[0\])+.*: nested more than 64 levels deep/ } },
  { name: 'MoUI extra field 100,000 arrays deep', ext: 'json', input: mouiDeepExtra, expect: { error: F, code: 'too_large', message: /nodes\[1\]\.custom.*: nested more than 64 levels deep/ } },
  {
    name: 'cmp extra field exactly 64 arrays deep (kept)', ext: 'json', input: () => cmpDeepExtra(64),
    expect: { nodes: 2, format: 'cmp-v1', check: (s) => expect(JSON.stringify(s.roots[0]!.node.children[0]!.platform.cmpExtra)).toBe(`{"debugInfo":${nestedArrays(64)}}`) },
  },
  { name: 'cmp extra field 65 arrays deep', ext: 'json', input: () => cmpDeepExtra(65), expect: { error: F, code: 'too_large', message: /root\.children\[0\]\.debugInfo(\[0\]){4}…\(35 more levels\)…(\[0\]){25}: nested more than 64 levels deep/ } },

  // treewright's own format.
  { name: 'own format, wrong version', ext: 'json', input: () => JSON.stringify({ ...ownDoc(), version: 7 }), expect: { error: F, code: 'schema_version', message: /treewright snapshot version 7 is not supported/ } },
  { name: 'own format, bad node field', ext: 'json', input: () => JSON.stringify(ownDoc()).replace('"kind":"generic"', '"kind":"flutter"'), expect: { error: F, code: 'format_error', message: /roots\[0\]\.node\.kind: Invalid option: expected one of "compose"/ } },
  { name: 'own format, duplicate ids', ext: 'json', input: () => JSON.stringify(ownDoc()).replace('"id":"2"', '"id":"1"'), expect: { error: F, code: 'format_error', message: /roots\[0\]\.node\.children\[0\]: duplicate node id "1"/ } },

  // XML (uiautomator / Appium page source).
  { name: 'XML that is not a hierarchy', ext: 'xml', input: '<?xml version="1.0"?>\n<html><body><p>Hi</p></body></html>', expect: { error: F, code: 'unsupported_format', message: /XML with root element <html>, which is not a tree format treewright reads/ } },
  // iOS / macOS / Maestro sources (#10): the same typed errors as every other format.
  { name: 'XCUITest page source, one element', ext: 'xml', input: '<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App"/>', expect: { nodes: 1, format: 'xcuitest' } },
  { name: 'XCUITest x not a number', ext: 'xml', input: aut('<XCUIElementTypeButton type="XCUIElementTypeButton" name="Back" x="abc" y="0" width="10" height="10"/>'), expect: { error: F, code: 'format_error', message: /x="abc" of <XCUIElementTypeButton> is not a number/, details: { line: 1 } } },
  { name: 'XCUITest negative width', ext: 'xml', input: aut('<XCUIElementTypeButton type="XCUIElementTypeButton" x="0" y="0" width="-3" height="10"/>'), expect: { error: F, code: 'format_error', message: /negative width \(-3\)/ } },
  { name: 'XCUITest enabled="maybe"', ext: 'xml', input: aut('<XCUIElementTypeButton type="XCUIElementTypeButton" enabled="maybe" x="0" y="0" width="3" height="10"/>'), expect: { error: F, code: 'format_error', message: /enabled="maybe" of <XCUIElementTypeButton> is not true or false/ } },
  { name: 'XCUITest truncated', ext: 'xml', input: aut('<XCUIElementTypeButton type="XCUIElementTypeButton" x="0"/>').slice(0, -60), expect: { error: F, code: 'format_error', message: /truncated XML/ } },
  { name: 'XCUITest mismatched end tag', ext: 'xml', input: aut('<XCUIElementTypeOther type="XCUIElementTypeOther"></XCUIElementTypeButton>'), expect: { error: F, code: 'format_error', message: /<\/XCUIElementTypeButton> does not close <XCUIElementTypeOther>/ } },
  { name: 'XCUITest duplicate attribute', ext: 'xml', input: aut('<XCUIElementTypeButton name="a" name="b"/>'), expect: { error: F, code: 'format_error', message: /duplicate attribute name in <XCUIElementTypeButton>/ } },
  { name: 'XCUITest two applications', ext: 'xml', input: '<AppiumAUT><XCUIElementTypeApplication/><XCUIElementTypeApplication/></AppiumAUT>', expect: { error: F, code: 'format_error', message: /<AppiumAUT> holds 2 elements; a page source holds exactly one application/ } },
  { name: 'XCUITest entity bomb', ext: 'xml', input: '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><AppiumAUT><XCUIElementTypeApplication name="&lol;"/></AppiumAUT>', expect: { error: F, code: 'format_error', message: /DOCTYPE declarations are refused/ } },
  { name: 'XCUITest unknown entity', ext: 'xml', input: aut('<XCUIElementTypeButton label="&lol;"/>'), expect: { error: F, code: 'format_error', message: /unknown entity &lol;/ } },
  { name: 'UIAutomation source, bad height', ext: 'xml', input: '<AppiumAUT><UIAApplication name="App" x="0" y="0" width="320" height="tall"><UIAWindow/></UIAApplication></AppiumAUT>', expect: { error: F, code: 'format_error', message: /height="tall" of <UIAApplication> is not a number/ } },
  { name: 'UIAutomation source', ext: 'xml', input: '<AppiumAUT><UIAApplication name="App" label="App" value="" dom="" enabled="true" valid="true" visible="true" hint="" path="/0" x="0" y="0" width="320" height="568"><UIAWindow name="" x="0" y="0" width="320" height="568" visible="true" enabled="true"><UIAButton name="Back" label="Back" value="" enabled="true" valid="true" visible="true" hint="" path="/0/0/0" x="0" y="20" width="60" height="44"/></UIAWindow></UIAApplication></AppiumAUT>', expect: { nodes: 3, format: 'uia', check: (s) => expect(s.roots.map((r) => r.rootId)).toEqual(['app', 'window-0']) } },
  { name: 'Mac2 source, bad selected', ext: 'xml', input: '<XCUIElementTypeApplication elementType="2" identifier="" title="App" selected="yes" x="0" y="0" width="0" height="0"/>', expect: { error: F, code: 'format_error', message: /selected="yes" of <XCUIElementTypeApplication> is not true or false/ } },
  { name: '60,000-deep XCUITest source', ext: 'xml', input: deepAut, expect: { nodes: DEPTH + 1, format: 'xcuitest' } },
  { name: 'WDA JSON without a type', ext: 'json', input: JSON.stringify({ sessionId: 'S', value: { type: 'XCUIElementTypeApplication', rect: { x: 0, y: 0, width: 10, height: 10 }, children: [{ name: 'x', rect: { x: 0, y: 0, width: 1, height: 1 } }] } }), expect: { error: F, code: 'format_error', message: /value\.children\[0\]\.type: is missing \(expected a string\)/ } },
  { name: 'WDA JSON negative width (a lone value wrapper)', ext: 'json', input: JSON.stringify({ value: { type: 'XCUIElementTypeApplication', rect: { x: 0, y: 0, width: -10, height: 10 } } }), expect: { error: F, code: 'format_error', message: /rect\.width: a size cannot be negative, got -10/ } },
  { name: 'WDA JSON isVisible "maybe"', ext: 'json', input: JSON.stringify({ sessionId: null, value: { tree: { type: 'UIAApplication', isVisible: 'maybe', rect: { origin: { x: 0, y: 0 }, size: { width: 1, height: 1 } } } } }), expect: { error: F, code: 'format_error', message: /value\.tree\.isVisible: expected "1" \/ "0" or true \/ false, got "maybe"/ } },
  { name: 'idb describe-all, bad AXFrame', ext: 'json', input: JSON.stringify([{ type: 'Application', AXLabel: 'App', AXFrame: '{{0, 0}, {wide, 812}}' }]), expect: { error: F, code: 'format_error', message: /\[0\]\.AXFrame: expected a frame "\{\{x, y\}, \{width, height\}\}"/ } },
  { name: 'idb describe-all, frame height a string', ext: 'json', input: JSON.stringify([{ type: 'Application', AXLabel: 'App', frame: { x: 0, y: 0, width: 375, height: '812' } }]), expect: { error: F, code: 'format_error', message: /\[0\]\.frame\.height: expected a finite number, got string "812"/ } },
  { name: 'maestro hierarchy, bounds in the wrong notation', ext: 'json', input: 'Running on iPhone 15 - iOS 17.0 - 1234\nNone: \n' + JSON.stringify({ attributes: { bounds: '[0,0][402,874]' }, children: [{ attributes: { text: 'Hi', bounds: '0,0,10,10' }, children: [] }] }), expect: { error: F, code: 'format_error', message: /children\[0\]\.attributes\.bounds: expected "\[x1,y1\]\[x2,y2\]", got "0,0,10,10"/ } },
  { name: 'maestro hierarchy, truncated after the prefix', ext: 'json', input: 'Running on emulator-5554\n{ "attributes" : { }, "children" : [ {', expect: { error: F, code: 'format_error', message: /invalid JSON: unexpected end of input/ } },
  { name: 'maestro hierarchy, enabled "yes"', ext: 'json', input: JSON.stringify({ attributes: {}, children: [{ attributes: { class: 'android.widget.Button', enabled: 'yes', bounds: '[0,0][10,10]' }, children: [] }] }), expect: { error: F, code: 'format_error', message: /children\[0\]\.attributes\.enabled: expected "true" or "false", got "yes"/ } },
  { name: 'maestro commands file without a failed command', ext: 'json', input: JSON.stringify([{ command: { tapOnElement: {} }, metadata: { status: 'COMPLETED' } }]), expect: { error: F, code: 'format_error', message: /a Maestro commands file with no hierarchyRoot/ } },
  { name: 'XML bounds [a,b][c,d]', ext: 'xml', input: '<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[a,b][c,d]"/></hierarchy>', expect: { error: F, code: 'format_error', message: /bounds="\[a,b\]\[c,d\]"/ } },
  { name: 'XML entity bomb', ext: 'xml', input: entityBomb, expect: { error: F, code: 'format_error', message: /DOCTYPE declarations are refused.*entity/ } },
  { name: 'truncated XML', ext: 'xml', input: '<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][10,10]"><node', expect: { error: F, code: 'format_error', message: /truncated XML/ } },
  { name: 'XML with mismatched tags', ext: 'xml', input: '<hierarchy rotation="0"><node class="a" bounds="[0,0][1,1]"></hierarchy>', expect: { error: F, code: 'format_error', message: /<\/hierarchy>|does not close|mismatch/i } },

  // Legal but extreme: must import, iteratively and completely.
  { name: '60,000-deep cmp tree', ext: 'json', input: deepCmp, expect: { nodes: DEPTH, format: 'cmp-v1' } },
  {
    name: '60,000-deep treewright snapshot', ext: 'json', input: deepOwn,
    expect: {
      nodes: DEPTH, format: 'treewright',
      check: (s) => {
        let n = s.roots[0]!.node;
        while (n.children.length) n = n.children[0]!;
        expect(n).toMatchObject({ id: String(DEPTH), text: 'leaf' });
      },
    },
  },
  { name: '60,000-deep uiautomator XML', ext: 'xml', input: deepXml, expect: { nodes: DEPTH, format: 'uiautomator' } },
  {
    // 50 MiB is under the 128 MiB default limit, so it imports (and the next row refuses it).
    name: '50 MiB cmp tree, default limit', ext: 'json', input: fiftyMiB,
    expect: { nodes: -1 /* set below */, format: 'cmp-v1', check: (s) => expect(s.roots[0]!.node.children.at(-1)!.tag).toBe(`item_${String(FIFTY_MIB_NODES() - 1).padStart(6, '0')}`) },
  },
  { name: '50 MiB cmp tree, 32 MiB limit', ext: 'json', input: fiftyMiB, opts: { maxBytes: 32 * MIB }, expect: { error: F, code: 'too_large', message: /over the 33554432-byte limit/ } },
  { name: 'byte-order mark and leading space', ext: 'json', input: '\uFEFF\n  ' + HOME, expect: { nodes: 7, format: 'cmp-v1' } },
];

test('bad input: every row gives its stated outcome through importTree', async () => {
  expect(rows.length).toBeGreaterThanOrEqual(30);
  for (const [i, row] of rows.entries()) {
    await test.step(row.name, async () => {
      const where = `bad-input/${String(i).padStart(2, '0')}.${row.ext}`;
      const input = typeof row.input === 'function' ? row.input() : row.input;
      let snapshot: Snapshot | null = null;
      let error: unknown = null;
      try {
        snapshot = importTree(input, { ...row.opts, where });
      } catch (e) {
        error = e;
      }
      const want = row.expect;
      if ('error' in want) {
        expect.soft(snapshot, `${row.name}: should fail`).toBeNull();
        expect.soft(error, `${row.name}: error class`).toBeInstanceOf(want.error);
        const e = error as FormatError;
        expect.soft(e?.code, `${row.name}: code`).toBe(want.code);
        expect.soft(e?.message, `${row.name}: message`).toMatch(want.message);
        expect.soft(e?.message?.startsWith(`${where}`), `${row.name}: message names ${where}: ${e?.message}`).toBe(true);
        expect.soft(e?.details?.where, `${row.name}: details.where`).toBe(where);
        if (want.details) expect.soft(e?.details, `${row.name}: details`).toMatchObject(want.details);
      } else {
        expect.soft(error, `${row.name}: should import: ${String((error as Error | null)?.message).slice(0, 300)}`).toBeNull();
        if (!snapshot) return;
        const nodes = want.nodes === -1 ? FIFTY_MIB_NODES() + 1 : want.nodes;
        expect.soft(countNodes(snapshot), `${row.name}: node count`).toBe(nodes);
        if (typeof input === 'string') expect.soft(detectFormat(input), `${row.name}: detectFormat`).toBe(want.format);
        want.check?.(snapshot);
      }
    });
  }
});
