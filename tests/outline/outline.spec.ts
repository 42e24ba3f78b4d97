// The outline printer: exact output on the cmp-inspector corpus tree, every field and flag, quoting of
// awkward strings, options, size, deep trees, and the round trip through the parser.
import { test, expect } from '@playwright/test';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Node, NodeFields, Root, Snapshot } from '../../src/model/schema.js';
import type { NodeReach, Reachability } from '../../src/facts/reachability.js';
import { FormatError, TargetError } from '../../src/errors.js';
import {
  MAX_OUTLINE_CHARS, formatOutline, outlineFields, outlineFlags, outlineHead, outlineLine, outlineLines, renderOutline, shortClassName,
} from '../../src/outline/outline.js';
import { parseOutline, type OutlineEntry } from '../../src/outline/outline-parse.js';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const rootOf = (node: Node, over: Partial<Root> = {}): Root => ({
  rootId: 'main', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node, ...over,
});
const snap = (...roots: Root[]): Snapshot => makeSnapshot({ source: 'test', roots, capturedAt: '2024-01-01T00:00:00Z' });

/** fixtures/trees/home.json (the cmp-inspector corpus tree), built by hand (ids in pre-order). */
function cmpTree(): Snapshot {
  const c = (id: string, f: Partial<NodeFields>, kids: Node[] = []) => makeNode(id, { kind: 'compose', ...f }, kids);
  const tok = (tokens: string[], resolved: Record<string, string>) => ({ tokens, resolved });
  return snap(rootOf(
    c('1', { tag: 'home_root', contentDescription: 'Home screen', bounds: rect(0, 0, 360, 800), designToken: tok(['PaddingPage'], { padding: '16dp' }) }, [
      c('2', { tag: 'home_title', text: 'Home', bounds: rect(16, 16, 328, 40), designToken: tok(['TitleLarge'], { fontSize: '22sp' }) }),
      c('3', { tag: 'home_subtitle_raw', text: 'Untokenized subtitle', bounds: rect(16, 64, 328, 20) }),
      c('4', { tag: 'card_one', contentDescription: 'First card', role: 'Button', clickable: true, bounds: rect(16, 100, 328, 120), designToken: tok(['Surface', 'RadiusCard'], { color: '#FFFFFF', radius: '16dp' }) }, [
        c('5', { tag: 'card_one_label', text: 'Card One', bounds: rect(32, 116, 200, 24), designToken: tok(['BodyMedium'], { fontSize: '14sp' }) }),
      ]),
      c('6', { tag: 'card_two', contentDescription: 'Second card', role: 'Button', clickable: true, enabled: false, bounds: rect(16, 240, 328, 120), designToken: tok(['Surface', 'RadiusCard'], { color: '#FFFFFF', radius: '24dp' }) }, [
        c('7', { tag: 'card_two_label', text: 'Card Two', bounds: rect(32, 256, 200, 24), designToken: tok(['BodyMedium'], { fontSize: '14sp' }) }),
      ]),
    ]),
    { rootId: 'cmp-root' },
  ));
}

const CMP_OUTLINE = `root cmp-root unit=px density=1
- node #1 desc="Home screen" tag=home_root tap=180,400
  - node #2 "Home" tag=home_title tap=180,36
  - node #3 "Untokenized subtitle" tag=home_subtitle_raw tap=180,74
  - Button #4 desc="First card" tag=card_one [clickable] tap=180,160
    - node #5 "Card One" tag=card_one_label tap=132,128
  - Button #6 desc="Second card" tag=card_two [clickable disabled] tap=180,300
    - node #7 "Card Two" tag=card_two_label tap=132,268
`;

/** A Reachability stand-in: the real analysis is someone else's; the printer only uses the interface. */
function fakeReach(s: Snapshot, per: Record<string, Partial<NodeReach>>): Reachability {
  const map = new Map<Node, NodeReach>();
  for (const root of s.roots) {
    const stack = [root.node];
    while (stack.length) {
      const node = stack.pop()!;
      map.set(node, { acceptsTouch: false, hittable: null, obscuredBy: null, operable: null, tap: null, root, ...per[node.id] });
      stack.push(...node.children);
    }
  }
  return { get: (n) => map.get(n)!, nodeAt: () => null };
}

const AWKWARD = [
  'He said "hi"', 'line1\nline2', 'tab\there', 'crlf\r\n', '[bracket]', 'a]b', 'key=value', '#hash', '/slash/start', '/', '',
  ' ', '  padded  ', 'emoji 😀👍🏽', 'עברית RTL', 'مرحبا', '</svg>', 'back\\slash', 'ends with \\', 'nbsp\u00a0x', 'zw\u200bj',
  'bidi\u202eevil', 'ls\u2028ps\u2029', 'c1\u0085', 'del\u007f', 'nul\u0000', 'lone \ud800 surrogate', '- not a line', 'root x',
  '\u061c', 'plain', 'Wi-Fi', 'color#FFF', '"', '\\"', '//', '/x/i',
];

/** Every field, every flag, awkward strings everywhere a string goes. */
function synthetic(): Snapshot {
  const kids = AWKWARD.map((s, i) => makeNode(`${100 + i}`, {
    kind: 'view', rawRole: 'android.widget.TextView', text: s, contentDescription: s, hint: s, value: s, stateDescription: s, tag: s,
    bounds: rect(i, i * 2, 11, 7),
  }));
  const all = makeNode('-7', {
    kind: 'view', role: 'TextField', rawRole: 'android.widget.EditText', tag: 'field', text: 'Label', editableText: 'typed "text"',
    contentDescription: 'Email', stateDescription: 'empty', value: '3', hint: 'you@example.com', toggle: 'indeterminate',
    clickable: true, longClickable: true, focusable: true, focused: true, selected: true, editable: true, scrollable: true,
    enabled: false, visible: false, heading: true, actions: ['Click', 'LongClick', 'SetText', 'ImeAction', 'ScrollBy'],
    bounds: rect(10, 20, 101, 51),
  });
  const weird = [
    makeNode('a b', { rawRole: 'SwiftUI._UIHostingView<ModifiedContent<Text, _PaddingLayout>>', bounds: rect(0, 0, 1, 1) }),
    makeNode('x"y', { rawRole: '#weird[head]', toggle: 'on' }),
    makeNode('/z', { rawRole: '' }),
    makeNode('pw', { role: 'TextField', password: true, editable: true, editableText: 'hunter2', focusable: true }),
    makeNode('fo', { rawRole: 'com.example.Outer$Inner', focusable: true }),
  ];
  return snap(
    rootOf(makeNode('1', { bounds: rect(0, 0, 1080, 2400) }, [all, ...weird]), { rootId: 'window "one"', label: 'He said "hi"\n[x]', density: 2.625, windowOffset: { x: 0, y: 63 } }),
    rootOf(makeNode('2', { bounds: rect(0, 0, 1, 1) }, kids), { rootId: 'dialog', label: '', touchModal: true, unit: 'pt' }),
  );
}

/** Walks a parsed entry tree and a node tree side by side (iteratively) and checks each line against its node. */
function expectEntriesMatchNodes(entries: readonly OutlineEntry[], nodes: Node[], reach?: Reachability): number {
  let checked = 0;
  const stack: Array<[readonly OutlineEntry[], Node[]]> = [[entries, nodes]];
  while (stack.length) {
    const [es, ns] = stack.pop()!;
    expect(es.length).toBe(ns.length);
    ns.forEach((node, i) => {
      const e = es[i]!;
      const where = `node #${node.id}`;
      expect(e.head, where).toBe(outlineHead(node));
      expect(e.id, where).toBe(node.id);
      expect(e.text, where).toBe(node.text ?? undefined);
      expect(e.attrs.desc, where).toBe(node.contentDescription ?? undefined);
      expect(e.attrs.input, where).toBe(node.password ? undefined : node.editableText ?? undefined);
      expect(e.attrs.hint, where).toBe(node.hint ?? undefined);
      expect(e.attrs.value, where).toBe(node.value ?? undefined);
      expect(e.attrs.state, where).toBe(node.stateDescription ?? undefined);
      expect(e.attrs.toggle, where).toBe(node.toggle ?? undefined);
      expect(e.attrs.tag, where).toBe(node.tag ?? undefined);
      expect(e.actions, where).toEqual(node.actions.length ? node.actions : undefined);
      expect(e.flags.includes('clickable'), where).toBe(node.clickable);
      expect(e.flags.includes('long-clickable'), where).toBe(node.longClickable);
      expect(e.flags.includes('scrollable'), where).toBe(node.scrollable);
      expect(e.flags.includes('editable'), where).toBe(node.editable);
      expect(e.flags.includes('focused'), where).toBe(node.focused);
      expect(e.flags.includes('selected'), where).toBe(node.selected);
      expect(e.flags.includes('disabled'), where).toBe(!node.enabled);
      expect(e.flags.includes('invisible'), where).toBe(!node.visible);
      expect(e.flags.includes('password'), where).toBe(node.password);
      expect(e.flags.includes('heading'), where).toBe(node.heading);
      if (reach) {
        expect(e.flags.includes('unhittable'), where).toBe(reach.get(node).hittable === false);
        expect(e.flags.includes('not-operable'), where).toBe(reach.get(node).operable === false);
      }
      const b = node.bounds;
      const tap = reach ? reach.get(node).tap : b.width > 0 && b.height > 0 ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
      expect(e.tap, where).toEqual(tap ? { x: Math.round(tap.x), y: Math.round(tap.y) } : undefined);
      expect(e, where).toEqual({ ...outlineFields(node, reach ? { reach } : {}), children: e.children, line: e.line });
      checked++;
      stack.push([e.children, node.children]);
    });
  }
  return checked;
}

test.describe('printer', () => {
  test('cmp-inspector corpus tree prints as expected', () => {
    expect(renderOutline(cmpTree())).toBe(CMP_OUTLINE);
  });

  test('root line: label quoted, offset only when not 0,0, [modal] for touch-modal windows', () => {
    const s = synthetic();
    const lines = renderOutline(s).split('\n').filter((l) => l.startsWith('root '));
    expect(lines).toEqual([
      'root "window \\"one\\"" "He said \\"hi\\"\\n[x]" unit=px density=2.625 offset=0,63',
      'root dialog "" unit=pt density=1 [modal]',
    ]);
  });

  test('head: role, else the short class name of a package-qualified class, else the class as given, else node', () => {
    expect(shortClassName('android.widget.TextView')).toBe('TextView');
    expect(shortClassName('com.example.Outer$Inner')).toBe('Outer$Inner');
    expect(shortClassName('androidx.compose.ui.platform.ComposeView')).toBe('ComposeView');
    expect(shortClassName('SwiftUI.ModifiedContent')).toBe('SwiftUI.ModifiedContent');
    expect(shortClassName('UIButton')).toBe('UIButton');
    expect(shortClassName('XCUIElementTypeButton')).toBe('XCUIElementTypeButton');
    expect(outlineHead(makeNode('1', { role: 'Switch', rawRole: 'android.widget.Switch' }))).toBe('Switch');
    expect(outlineHead(makeNode('1', { rawRole: 'android.widget.TextView' }))).toBe('TextView');
    expect(outlineHead(makeNode('1', { rawRole: '' }))).toBe('node');
    expect(outlineHead(makeNode('1'))).toBe('node');
  });

  test('a node line carries only what is present, in a fixed order', () => {
    const s = synthetic();
    const all = s.roots[0]!.node.children[0]!;
    expect(outlineLine(all)).toBe(
      'TextField #-7 "Label" desc=Email input="typed \\"text\\"" hint=you@example.com value=3 state=empty toggle=indeterminate tag=field ' +
      '[clickable long-clickable scrollable editable focused selected disabled invisible heading] actions=Click,LongClick,SetText,ImeAction,ScrollBy tap=61,46',
    );
    expect(outlineLine(makeNode('9'))).toBe('node #9');
  });

  test('flags: focusable only when nothing else marks the node interactive', () => {
    expect(outlineFlags(makeNode('1', { focusable: true }))).toEqual(['focusable']);
    expect(outlineFlags(makeNode('1', { focusable: true, clickable: true }))).toEqual(['clickable']);
    expect(outlineFlags(makeNode('1', { focusable: true, actions: ['RequestFocus'] }))).toEqual([]);
    expect(outlineFlags(makeNode('1', { focusable: true, focused: true }))).toEqual(['focusable', 'focused']);
    expect(outlineFlags(makeNode('1'))).toEqual([]);
  });

  test('a password field never shows its contents', () => {
    const line = outlineLine(makeNode('1', { role: 'TextField', password: true, editable: true, editableText: 'hunter2' }));
    expect(line).toBe('TextField #1 [editable password]');
  });

  test('tap: centre of bounds rounded, omitted for empty bounds; analysis tap and flags when reach is given', () => {
    expect(outlineLine(makeNode('1', { bounds: rect(0, 0, 3, 3) }))).toBe('node #1 tap=2,2');
    expect(outlineLine(makeNode('1', { bounds: rect(5, 5, 0, 10) }))).toBe('node #1');
    const s = cmpTree();
    const reach = fakeReach(s, {
      '4': { acceptsTouch: true, hittable: false, operable: false, tap: { x: 10.4, y: 20.6 } },
      '6': { acceptsTouch: true, hittable: true, operable: false, tap: { x: 180, y: 300 } },
      '2': { tap: null },
    });
    const out = renderOutline(s, { reach });
    expect(out).toContain('- Button #4 desc="First card" tag=card_one [clickable unhittable not-operable] tap=10,21\n');
    expect(out).toContain('- Button #6 desc="Second card" tag=card_two [clickable disabled not-operable] tap=180,300\n');
    expect(out).toContain('- node #2 "Home" tag=home_title\n');
  });

  test('awkward strings stay on one line and are quoted only when they must be', () => {
    const s = synthetic();
    const out = renderOutline(s);
    let nodes = 0;
    for (const r of s.roots) { const st = [r.node]; while (st.length) { nodes++; st.push(...st.pop()!.children); } }
    expect(out.split('\n')).toHaveLength(nodes + s.roots.length + 1);
    expect(out).toContain('- TextView #130 "plain" desc=plain hint=plain value=plain state=plain tag=plain tap=36,64');
    expect(out).toContain('desc=color#FFF');
    expect(out).toContain('desc=#hash '); // a # after = needs no quotes (color=#FFF)
    expect(out).toContain('desc="/slash/start"');
    expect(out).toContain('desc="key=value"');
    expect(out).toContain('desc="[bracket]"');
    expect(out).toContain('desc="עברית RTL"');
    expect(out).toContain('desc=مرحبا ');
    expect(out).toContain('"</svg>" desc=</svg> ');
    expect(out).toContain('desc=""');
    // Invisible and C1 characters are escaped so the line shows what it holds.
    expect(out).toContain('"zw\\u200Bj"');
    expect(out).toContain('"bidi\\u202Eevil"');
    expect(out).toContain('"ls\\u2028ps\\u2029"');
    expect(out).toContain('"c1\\u0085"');
    expect(out).toContain('"del\\u007F"');
    expect(out).toContain('"lone \\ud800 surrogate"');
    // Heads that need it are quoted, ids too.
    expect(out).toContain('- "SwiftUI._UIHostingView<ModifiedContent<Text, _PaddingLayout>>" #"a b" tap=1,1');
    expect(out).toContain('- "#weird[head]" #"x\\"y" toggle=on');
    expect(out).toContain('- node #"/z"');
    expect(out).toContain('- Outer$Inner #fo [focusable]');
  });

  test('interactiveOnly keeps operable nodes and their ancestors', () => {
    const s = snap(rootOf(makeNode('1', {}, [
      makeNode('2', { text: 'label' }),
      makeNode('3', {}, [makeNode('4', {}, [makeNode('5', { role: 'Button', actions: ['Click'] })]), makeNode('6', { text: 'x' })]),
      makeNode('7', { scrollable: true }, [makeNode('8', { text: 'row' })]),
      makeNode('9', { editable: true }),
      makeNode('10', { clickable: true }), // clickable without an action list still offers a click (cmp v1, uiautomator)
    ])));
    expect(renderOutline(s, { interactiveOnly: true })).toBe(
      'root main unit=px density=1\n- node #1\n  - node #3\n    - node #4\n      - Button #5 actions=Click\n  - node #7 [scrollable]\n  - node #9 [editable]\n  - node #10 [clickable]\n',
    );
    const none = snap(rootOf(makeNode('1', {}, [makeNode('2', { text: 'x' })])));
    expect(renderOutline(none, { interactiveOnly: true })).toBe('root main unit=px density=1\n');
  });

  test('maxDepth cuts the tree and says how many children were hidden; rootId keeps one root', () => {
    const s = cmpTree();
    expect(renderOutline(s, { maxDepth: 0 })).toBe('root cmp-root unit=px density=1\n- node #1 desc="Home screen" tag=home_root children=4 tap=180,400\n');
    const d1 = renderOutline(s, { maxDepth: 1 });
    expect(d1).toContain('  - Button #4 desc="First card" tag=card_one children=1 [clickable] tap=180,160\n');
    expect(d1).not.toContain('Card One');
    expect(renderOutline(s, { maxDepth: 5 })).toBe(CMP_OUTLINE);

    const two = synthetic();
    const only = renderOutline(two, { rootId: 'dialog' });
    expect(only.startsWith('root dialog "" unit=pt density=1 [modal]\n')).toBe(true);
    expect(only).not.toContain('window');
    const err = (() => { try { renderOutline(two, { rootId: 'nope' }); } catch (e) { return e; } })() as TargetError;
    expect(err).toBeInstanceOf(TargetError);
    expect(err.code).toBe('target_not_found');
    expect(err.message).toContain('no root "nope"');
    expect(err.details.hint).toContain('window "one", dialog');
    expect(() => renderOutline(two, { maxDepth: -1 })).toThrow(/maxDepth must be a number/);
  });

  test('a 60-node settings screen is well under 4 KB', () => {
    const items: Node[] = [];
    for (let i = 0; i < 13; i++) {
      const y = 200 + i * 150;
      items.push(makeNode(String(100 + i * 10), { kind: 'compose', clickable: true, actions: ['Click'], bounds: rect(0, y, 1080, 150) }, [
        makeNode(String(101 + i * 10), { kind: 'compose', text: `Setting item number ${i}`, bounds: rect(40, y + 20, 700, 50) }),
        makeNode(String(102 + i * 10), { kind: 'compose', text: `Description for item ${i}`, bounds: rect(40, y + 80, 700, 40) }),
        makeNode(String(103 + i * 10), { kind: 'compose', role: 'Switch', toggle: i % 2 ? 'on' : 'off', clickable: true, actions: ['Click'], bounds: rect(900, y + 40, 140, 70) }),
      ]));
    }
    const s = snap(rootOf(makeNode('1', { kind: 'compose', bounds: rect(0, 0, 1080, 2400) }, [
      makeNode('2', { kind: 'compose', bounds: rect(0, 0, 1080, 200) }, [
        makeNode('3', { kind: 'compose', role: 'Button', contentDescription: 'Navigate up', clickable: true, actions: ['Click'], bounds: rect(20, 60, 120, 120) }),
        makeNode('4', { kind: 'compose', text: 'Settings', heading: true, bounds: rect(160, 90, 400, 60) }),
      ]),
      makeNode('5', { kind: 'compose', tag: 'settings-list', scrollable: true, actions: ['ScrollBy', 'ScrollToIndex'], bounds: rect(0, 200, 1080, 2200) }, items),
      makeNode('6', { kind: 'compose', role: 'Button', text: 'Save', clickable: true, actions: ['Click'], bounds: rect(800, 2200, 240, 120) }),
    ]), { rootId: 'compose-root-1f2e', label: 'MainActivity', density: 2.625 }));
    const out = renderOutline(s);
    expect(out.split('\n').length - 2).toBe(58);
    expect(Buffer.byteLength(out)).toBeLessThan(4096 * 0.9);
  });

  test('a 60,000-deep chain: streams without overflow, refuses one giant string with a typed error, maxDepth works', () => {
    let n = makeNode('60000', { role: 'Button', actions: ['Click'], bounds: rect(0, 0, 10, 10) });
    for (let i = 59999; i >= 1; i--) n = makeNode(String(i), {}, [n]);
    const s: Snapshot = { ...snap(rootOf(makeNode('0'))), roots: [rootOf(n)] };
    let count = 0;
    let last = '';
    for (const line of outlineLines(s, { interactiveOnly: true })) { count++; last = line; }
    expect(count).toBe(60_001);
    expect(last.length).toBe(2 * 59_999 + '- Button #60000 actions=Click tap=5,5'.length);
    const err = (() => { try { renderOutline(s); } catch (e) { return e; } })() as FormatError;
    expect(err).toBeInstanceOf(FormatError);
    expect(err.code).toBe('too_large');
    expect(err.message).toContain(`over ${MAX_OUTLINE_CHARS / 1024 / 1024} Mi characters`);
    expect(err.details.hint).toContain('maxDepth');
    const cut = renderOutline(s, { maxDepth: 100 }).split('\n');
    expect(cut).toHaveLength(103);
    expect(cut[101]).toBe(' '.repeat(200) + '- node #101 children=1');
  });
});

test.describe('round trip through the parser', () => {
  test('cmp corpus tree: every parsed field equals the node it was printed from', () => {
    const s = cmpTree();
    const doc = parseOutline(renderOutline(s));
    expect(doc.entries).toEqual([]);
    expect(doc.roots.map((r) => [r.rootId, r.label, r.attrs, r.flags])).toEqual([['cmp-root', undefined, { unit: 'px', density: '1' }, []]]);
    expect(expectEntriesMatchNodes(doc.roots[0]!.children, [s.roots[0]!.node])).toBe(7);
    expect(formatOutline(doc)).toBe(CMP_OUTLINE);
  });

  test('synthetic snapshot with every field and awkward strings, with and without analysis', () => {
    const s = synthetic();
    const out = renderOutline(s);
    const doc = parseOutline(out);
    expect(doc.roots.map((r) => [r.rootId, r.label, r.attrs, r.flags])).toEqual([
      ['window "one"', 'He said "hi"\n[x]', { unit: 'px', density: '2.625', offset: '0,63' }, []],
      ['dialog', '', { unit: 'pt', density: '1' }, ['modal']],
    ]);
    let checked = 0;
    s.roots.forEach((r, i) => { checked += expectEntriesMatchNodes(doc.roots[i]!.children, [r.node]); });
    expect(checked).toBe(1 + 1 + 5 + 1 + AWKWARD.length);
    expect(formatOutline(doc)).toBe(out);

    const reach = fakeReach(s, {
      '-7': { acceptsTouch: true, hittable: false, operable: false, tap: { x: -3.5, y: 7.49 } },
      '100': { acceptsTouch: true, hittable: true, operable: true, tap: { x: 1, y: 2 } },
    });
    const withReach = parseOutline(renderOutline(s, { reach }));
    s.roots.forEach((r, i) => expectEntriesMatchNodes(withReach.roots[i]!.children, [r.node], reach));
  });

  test('fuzz: random strings in every position read back as themselves', () => {
    let seed = 12345;
    const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
    const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '/', '[', ']', '=', '#', ',', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', '\u0085', '\u00a0',
      '\u200b', '\u202e', '\u2028', '\u2066', '\ufeff', '😀', 'ש', 'م', '\ud800', '\udc00', '-', '!', ':', '*', '<', '>', "'", '`', '{', '}'];
    const str = () => Array.from({ length: rnd(6) }, () => alphabet[rnd(alphabet.length)]).join('');
    // Collected, then asserted once: an expect per case would cost more than the cases.
    const lines: string[] = [], got: unknown[] = [], want: unknown[] = [];
    for (let i = 0; i < 1500; i++) {
      const node = makeNode(str() || 'x', { rawRole: str() || null, text: str(), contentDescription: str(), tag: str(), value: str(), bounds: rect(rnd(100), rnd(100), rnd(3), rnd(3)) });
      const line = outlineLine(node);
      lines.push(line);
      got.push({ line, entry: parseOutline('- ' + line).entries[0] });
      want.push({ line, entry: { ...outlineFields(node), children: [], line: 1 } });
    }
    expect(lines.filter((l) => /[\n\r\u2028\u2029]/.test(l))).toEqual([]);
    expect(got).toEqual(want);
  });
});
