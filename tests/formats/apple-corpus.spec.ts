import { readdirSync, readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { countNodes, walk } from '../../src/model/node.js';
import type { Snapshot } from '../../src/model/schema.js';

/*
 * Every real iOS / macOS / Maestro source in fixtures/ios (copied from /work/shared/corpus/ios; see its
 * MANIFEST.tsv) imports whole: a node per element of the source, counted here independently (a regex
 * over the XML's start tags; a plain walk of the JSON's `children`), and every text a visible element
 * carries is on some node. xcuitest-settings-back.xml is ours (no corpus source has a Back button).
 */

const DIR = new URL('../../fixtures/ios/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f !== 'MANIFEST.tsv').sort();
const read = (f: string) => readFileSync(new URL(f, DIR), 'utf8');

const FORMATS: Record<string, string> = {
  'mac2-huashengtong-login.extract.xml': 'mac2',
  'maestro-android-hierarchy.txt': 'maestro',
  'maestro-debug-commands-ios-springboard.json': 'maestro',
  'maestro-ios-swiftui-login.json': 'maestro',
  'maestro-ios-swiftui-sheet.json': 'maestro',
  'wda-source-springboard.json': 'wda',
  'xcuitest-meetme-consent-table.xml': 'xcuitest',
  'xcuitest-sioeye-notification-alert.xml': 'xcuitest',
  'xcuitest-settings-back.xml': 'xcuitest',
};

interface SourceElement { texts: string[]; visible: boolean }

/** The source's elements, read without treewright: start tags of an XML, or the objects of a JSON tree. */
function sourceElements(f: string, text: string): SourceElement[] {
  if (f.endsWith('.xml')) {
    const out: SourceElement[] = [];
    for (const m of text.matchAll(/<(XCUIElementType\w+|UIA\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/?>/g)) {
      const attrs = Object.fromEntries([...m[2]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2]!)]));
      out.push({ texts: [attrs.label, attrs.title, attrs.value].filter((s): s is string => !!s && s.trim() !== ''), visible: attrs.visible !== 'false' });
    }
    return out;
  }
  let doc: unknown = JSON.parse(text.slice(text.search(/^[{[]/m)));
  if (Array.isArray(doc) && f.includes('commands')) doc = (doc as Array<{ metadata: { error?: { hierarchyRoot?: unknown } } }>).findLast((c) => c.metadata.error?.hierarchyRoot)!.metadata.error!.hierarchyRoot;
  if (f.startsWith('wda')) doc = (doc as { value: { tree: unknown } }).value.tree;
  const out: SourceElement[] = [];
  const stack: unknown[] = [doc];
  while (stack.length) {
    const o = stack.pop() as Record<string, unknown>;
    const a = (o.attributes ?? o) as Record<string, unknown>;
    const texts = ['label', 'value', 'text', 'accessibilityText', 'hintText', 'title'].map((k) => a[k]).filter((s): s is string => typeof s === 'string' && s.trim() !== '');
    out.push({ texts, visible: o.isVisible !== '0' });
    for (const c of (o.children as unknown[] | undefined) ?? []) stack.push(c);
  }
  return out;
}

function decode(s: string): string {
  return s.replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Every string the snapshot's nodes carry (text, description, value, editable text, hint, toggle as 1/0). */
function carried(s: Snapshot): Set<string> {
  const out = new Set<string>();
  walk(s, ({ node: n }) => {
    for (const v of [n.text, n.contentDescription, n.value, n.editableText, n.hint, n.stateDescription]) if (v) out.add(v);
    for (const v of Object.values(n.platform)) if (typeof v === 'string') out.add(v);
    if (n.toggle) out.add(n.toggle === 'on' ? '1' : '0');
  });
  return out;
}

test('every iOS / macOS / Maestro source in the corpus is sniffed and imported whole, every visible text kept', () => {
  expect(FILES.length).toBe(9);
  for (const f of FILES) {
    const text = read(f);
    expect.soft(detectFormat(text), `${f}: format`).toBe(FORMATS[f]);
    const s = importTree(text, { where: f });
    const elements = sourceElements(f, text);
    expect.soft(countNodes(s), `${f}: one node per element of the source`).toBe(elements.length);
    const have = carried(s);
    // A password field's value is never captured (the sources mask it: • on iOS, U+F79A on macOS).
    const missing = elements.filter((e) => e.visible).flatMap((e) => e.texts).filter((t) => !have.has(t) && !/^[•\uf79a]+$/u.test(t));
    expect.soft(missing, `${f}: visible texts not captured`).toEqual([]);
    for (const root of s.roots) {
      expect.soft(root.unit, `${f}: ${root.rootId} unit`).toBe(f.startsWith('maestro-android') ? 'px' : 'pt');
      expect.soft(root.density, `${f}: ${root.rootId} density`).toBe(1);
    }
  }
});

test('windows: one root per window, the application below them; a not-visible window stays with its nodes not visible', () => {
  const meetme = importTree(read('xcuitest-meetme-consent-table.xml'));
  expect(meetme.roots.map((r) => r.rootId)).toEqual(['app', 'window-0', 'window-1']);
  const hidden = meetme.roots[2]!;
  const nodes: boolean[] = [];
  walk({ roots: [hidden] }, ({ node }) => { nodes.push(node.visible); });
  expect(nodes).toEqual([false, false, false, false]);
  const sioeye = importTree(read('xcuitest-sioeye-notification-alert.xml'));
  expect(sioeye.roots).toHaveLength(8); // the application and its 7 windows
  // The system alert's window is touch-modal; no other window is.
  expect(sioeye.roots.filter((r) => r.touchModal).map((r) => r.rootId)).toEqual(['window-5']);
  const mac = importTree(read('mac2-huashengtong-login.extract.xml'));
  expect(mac.source).toBe('mac2');
  expect(mac.roots.map((r) => r.rootId)).toEqual(['app', 'window-0']); // the menu bar stays with the application
  const maestro = importTree(read('maestro-android-hierarchy.txt'));
  expect(maestro.roots.map((r) => r.label)).toEqual([null, 'android.widget.FrameLayout', 'android.widget.FrameLayout', 'android.widget.FrameLayout']);
  expect(maestro.roots[1]!.unit).toBe('px');
  expect(importTree(read('maestro-android-hierarchy.txt'), { density: 2.625 }).roots[1]!.density).toBe(2.625);
});
