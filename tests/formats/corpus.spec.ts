import { readdirSync, readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { importUiautomator } from '../../src/formats/uiautomator.js';
import { androidClassInfo } from '../../src/formats/android-roles.js';
import { countNodes, walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

/*
 * Every real dump in fixtures/uiautomator imports whole: every window, every node, every
 * attribute — checked against counts taken independently (a regex over start tags, MANIFEST.tsv)
 * and against fast-xml-parser's reading of the same file, node by node.
 */

const DIR = new URL('../../fixtures/uiautomator/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.xml')).sort();
const read = (f: string) => readFileSync(new URL(f, DIR), 'utf8');
const AT = '2026-01-01T00:00:00.000Z';
const load = (f: string) => importUiautomator(read(f), { where: `fixtures/uiautomator/${f}`, capturedAt: AT });

const MANIFEST = new Map(
  readFileSync(new URL('MANIFEST.tsv', DIR), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .map(([file, , , , bytes, nodeCount]) => [file!, { bytes: Number(bytes), nodes: Number(nodeCount) }]),
);

/** Start tags of elements below <hierarchy>, counted by regex (no XML parsing). */
function startTagCount(xml: string): number {
  const body = xml.slice(xml.indexOf('<hierarchy'));
  return (body.match(/<(?![/?!])[^\s>/]+/g) ?? []).length - 1;
}

// fast-xml-parser as the independent reader: ordered output, attributes unprefixed, numeric
// character references decoded (htmlEntities), nothing trimmed or converted.
const oracle = new XMLParser({
  preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false,
  trimValues: false, htmlEntities: true, maxNestedTags: 1000,
});
interface Element { name: string; attrs: Record<string, string>; children: Element[] }
type Ordered = Array<Record<string, unknown>>;
function toElements(list: Ordered): Element[] {
  const out: Element[] = [];
  // Iterative: pairs of (fast-xml-parser list, our list to fill).
  const work: Array<[Ordered, Element[]]> = [[list, out]];
  while (work.length) {
    const [items, into] = work.pop()!;
    for (const item of items) {
      const name = Object.keys(item).find((k) => k !== ':@' && k !== '#text');
      if (!name || name.startsWith('?')) continue;
      const el: Element = { name, attrs: (item[':@'] as Record<string, string>) ?? {}, children: [] };
      into.push(el);
      work.push([item[name] as Ordered, el.children]);
    }
  }
  return out;
}
function preorder(roots: Element[]): Element[] {
  const out: Element[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const el = stack.pop()!;
    out.push(el);
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return out;
}
function ourNodes(s: Snapshot): Node[] {
  const out: Node[] = [];
  walk(s, ({ node }) => void out.push(node));
  return out;
}
function byTag(s: Snapshot, tag: string): Node[] {
  return ourNodes(s).filter((n) => n.tag === tag);
}

test('the fixtures are the full corpus, as listed in MANIFEST.tsv', () => {
  expect(FILES).toEqual([...[...MANIFEST.keys()].sort(), 'uiautomator-page.xml'].sort());
  for (const [file, m] of MANIFEST) expect(Buffer.byteLength(read(file)), file).toBe(m.bytes);
});

for (const file of FILES) {
  test(`${file}: every window and every node, every attribute`, () => {
    const xml = read(file);
    const s = load(file);

    // Counts taken without any XML parser.
    const tags = startTagCount(xml);
    expect(countNodes(s)).toBe(tags);
    const m = MANIFEST.get(file);
    if (m) expect(countNodes(s)).toBe(m.nodes);

    // fast-xml-parser's reading: same windows, same nodes in the same order, same attribute values.
    const doc = toElements(oracle.parse(xml) as Ordered);
    const hierarchy = doc.find((e) => e.name === 'hierarchy')!;
    expect(s.roots).toHaveLength(hierarchy.children.length);
    expect(s.roots.map((r) => r.rootId)).toEqual(hierarchy.children.map((_, i) => `window-${i}`));
    const theirs = preorder(hierarchy.children);
    const ours = ourNodes(s);
    expect(ours).toHaveLength(theirs.length);
    // One comparison per file (thousands of separate expects would take seconds): what fast-xml-parser
    // read, mapped the way docs/design.md §5 says, against what we imported.
    const flag = (a: Record<string, string>, k: string, dflt = 'false') => (a[k] ?? dflt) === 'true';
    const expected = theirs.map((el, i) => {
      const a = el.attrs;
      const cls = a.class ?? (el.name === 'node' ? null : el.name);
      const [x1, y1, x2, y2] = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(a.bounds!)!.slice(1).map(Number) as [number, number, number, number];
      const editable = cls !== null && androidClassInfo(cls).editable;
      return {
        id: String(i), kind: 'view', rawRole: cls,
        bounds: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 },
        contentDescription: a['content-desc'] || null,
        resourceId: a['resource-id'] || undefined,
        tag: a['resource-id'] ? a['resource-id'].replace(/^.*?:id\//, '') : null,
        package: a.package || undefined,
        // An editable's text moves to editableText (or is its hint); a password's is dropped.
        text: a.password === 'true' || editable ? null : a.text || null,
        clickable: flag(a, 'clickable'), longClickable: flag(a, 'long-clickable'), focusable: flag(a, 'focusable'),
        focused: flag(a, 'focused'), selected: flag(a, 'selected'), scrollable: flag(a, 'scrollable'),
        password: flag(a, 'password'), enabled: flag(a, 'enabled', 'true'),
        visible: (a['visible-to-user'] ?? a.displayed ?? 'true') === 'true',
        toggle: a.checkable === 'true' ? (a.checked === 'true' ? 'on' : 'off') : null,
        click: a.clickable === 'true',
      };
    });
    const actual = ours.map((n) => ({
      id: n.id, kind: n.kind, rawRole: n.rawRole, bounds: n.bounds, contentDescription: n.contentDescription,
      resourceId: n.platform.resourceId, tag: n.tag, package: n.platform.package, text: n.text,
      clickable: n.clickable, longClickable: n.longClickable, focusable: n.focusable, focused: n.focused, selected: n.selected,
      scrollable: n.scrollable, password: n.password, enabled: n.enabled, visible: n.visible, toggle: n.toggle,
      click: n.actions.includes('Click'),
    }));
    expect(actual).toEqual(expected);
    const ids = new Set(ours.map((n) => n.id));
    expect(ids.size).toBe(ours.length);
    // Windows: offset = top-left of the window element.
    s.roots.forEach((r) => expect(r.windowOffset).toEqual({ x: r.node.bounds.x, y: r.node.bounds.y }));
  });
}

test('026 and 028 have three windows; 028 has the Gboard keyboard on top, not touch-modal', () => {
  const s026 = load('026.xml');
  expect(s026.roots.map((r) => r.label)).toEqual(['com.facebook.katana', 'com.android.systemui', 'com.android.systemui']);
  expect(s026.roots.map((r) => r.touchModal)).toEqual([false, false, false]);
  const s028 = load('028.xml');
  expect(s028.roots.map((r) => r.label)).toEqual(['com.swapcard.apps.android.adipec', 'com.android.systemui', 'com.google.android.inputmethod.latin']);
  const ime = s028.roots[2]!;
  expect(ime).toMatchObject({ rootId: 'window-2', touchModal: false, windowOffset: { x: 0, y: 900 } });
  const keys: string[] = [];
  walk({ roots: [ime] }, ({ node }) => void (node.contentDescription && keys.push(node.contentDescription)));
  expect(keys).toEqual(expect.arrayContaining(['Use voice typing', 'Show emoji keyboard']));
});

test('016: Compose testTags exposed as resource-ids become tags', () => {
  const s = load('016.xml');
  expect(byTag(s, 'message_list')).toHaveLength(1);
  expect(byTag(s, 'message_list')[0]).toMatchObject({ scrollable: true, actions: ['ScrollBy'], platform: { resourceId: 'message_list' } });
  expect(byTag(s, 'message_text')).toHaveLength(13);
  expect(byTag(s, 'top_app_bar')).toHaveLength(1);
  expect(byTag(s, 'ConversationScreenUi')).toHaveLength(1);
  expect(byTag(s, 'action_bar_root')[0]!.platform.resourceId).toBe('com.google.android.apps.messaging:id/action_bar_root');
});

test('032 is a landscape dump (rotation 1)', () => {
  const s = load('032.xml');
  expect(s.warnings).toContainEqual({ code: 'display-rotated', message: expect.stringContaining('rotation 1') });
  expect(s.roots[0]!.node.platform.rotation).toBe(1);
  expect(s.roots[0]!.node.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1200 });
  expect(ourNodes(s).some((n) => n.text === 'Dizzy Dizzo (蔡诗芸)')).toBe(true);
});

test("033's multi-line content descriptions keep their line breaks", () => {
  const descs = ourNodes(load('033.xml')).map((n) => n.contentDescription).filter((d): d is string => d !== null);
  expect(descs).toContain('みんなが遊びたい\nタブ: 1/2');
  expect(descs).toContain('1\nセキロ シャドウズ ダイ トゥワイス\n2人が遊びたい');
  expect(descs.filter((d) => d.includes('\n')).length).toBeGreaterThan(5);
});

test('dialogs and popups that float (005, 013, 034) are touch-modal windows; full-screen apps are not', () => {
  for (const f of ['005.xml', '013.xml', '034.xml']) expect(load(f).roots.map((r) => r.touchModal), f).toEqual([true]);
  for (const f of ['002.xml', '016.xml', '023.xml', '032.xml', '033.xml', 'uiautomator-page.xml']) {
    expect(load(f).roots.map((r) => r.touchModal), f).toEqual([false]);
  }
  expect(load('005.xml').roots[0]!.windowOffset).toEqual({ x: 80, y: 1016 });
  expect(load('034.xml').roots[0]!.windowOffset).toEqual({ x: 34, y: 1247 });
});

test('Appium page sources (013, 023, the cmp-inspector sample) are read as such', () => {
  for (const f of ['013.xml', '023.xml', 'uiautomator-page.xml']) expect(load(f).source).toBe(`fixtures/uiautomator/${f} (uiautomator appium)`);
  expect(load('002.xml').source).toBe('fixtures/uiautomator/002.xml (uiautomator)');
  expect(load('013.xml').roots[0]!.node.platform).toMatchObject({ displayWidth: 1920, displayHeight: 957 });
  const page = load('uiautomator-page.xml');
  expect(byTag(page, 'home_title')[0]).toMatchObject({ text: 'Home', role: 'Text', bounds: { x: 44, y: 107, width: 170, height: 59 } });
  expect(byTag(page, 'home_screen')).toHaveLength(1);
});
