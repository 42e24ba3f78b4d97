// Item 6 of #32: XML read as XML specifies (XML 1.0 §3.3.3 attribute-value normalisation, entity and
// character references in every attribute, booleans included), against a conforming parser's reading of
// the same files: Chromium's DOMParser (libxml2's rules), on the corpus captures and on seeded mutations
// of them that put literal tabs, line ends, character references and entities into attribute values.
import { test, expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { readXmlElements, type XmlElement } from '../../src/formats/xml-elements.js';
import { importUiautomator } from '../../src/formats/uiautomator.js';
import { walkNode } from '../../src/model/node.js';
import type { Node } from '../../src/model/schema.js';
import { prng } from '../../bench/prng.js';

const FILES = [
  ...readdirSync('fixtures/uiautomator').filter((f) => f.endsWith('.xml')).map((f) => `fixtures/uiautomator/${f}`),
  ...readdirSync('fixtures/ios').filter((f) => f.endsWith('.xml')).map((f) => `fixtures/ios/${f}`),
];

/** Each element's attributes in document order, as [name, value] pairs. */
type Reading = Array<Array<[string, string]>>;

async function conforming(page: Page, xml: string): Promise<Reading> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const err = doc.getElementsByTagName('parsererror')[0];
    if (err) throw new Error(`not well-formed: ${err.textContent}`);
    return Array.from(doc.getElementsByTagName('*')).map((el) => Array.from(el.attributes).map((a) => [a.name, a.value] as [string, string]));
  }, xml);
}

function ours(xml: string): Reading {
  const out: Reading = [];
  const stack: XmlElement[] = [readXmlElements(xml, 'x', 'h')];
  while (stack.length) {
    const el = stack.pop()!;
    out.push([...el.attrs]);
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return out;
}

/**
 * Rewrites attribute values: a `true` as a character reference, literal tab / LF / CR / CR LF and
 * references (&#10; &#9; &amp; &lt; &quot;) put into text-like values. Always well-formed XML.
 */
function mutate(xml: string, seed: number): string {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return xml.replace(/ ([\w:-]+)="([^"]*)"/g, (whole, name: string, value: string) => {
    if (rnd() < 0.5 || name === 'version' || name === 'encoding' || name === 'standalone') return whole;
    if (value === 'true' || value === 'false') return ` ${name}="${pick(['&#116;', '&#x74;', 't'])}${value === 'true' ? 'rue' : 'alse'.replace('a', pick(['a', '&#97;']))}"`;
    if (name === 'bounds' || name === 'x' || name === 'y' || name === 'width' || name === 'height') return rnd() < 0.3 ? ` ${name}="${value.replace(/\d/, (d) => `&#${d.charCodeAt(0)};`)}"` : whole;
    const at = Math.floor(rnd() * (value.length + 1));
    // Never inside an existing reference.
    if (/&[^;]*$/.test(value.slice(0, at))) return whole;
    const insert = pick(['\t', '\n', '\r\n', '\r', '&#10;', '&#9;', '&#13;', '&amp;', '&lt;', '&quot;', ' \t\n ', '&#x20;']);
    return ` ${name}="${value.slice(0, at)}${insert}${value.slice(at)}"`;
  });
}

test('every attribute of the corpus captures, and of seeded mutations of them, reads as a conforming parser reads it', async ({ page }) => {
  test.setTimeout(240_000);
  let mutated = 0;
  for (const f of FILES) {
    const xml = readFileSync(f, 'utf8');
    expect(ours(xml), f).toEqual(await conforming(page, xml));
    for (let seed = 1; seed <= 3; seed++) {
      const m = mutate(xml, seed * 7919 + f.length);
      expect(m).not.toBe(xml);
      mutated++;
      expect(ours(m), `${f} seed ${seed}`).toEqual(await conforming(page, m));
    }
  }
  expect(mutated).toBeGreaterThanOrEqual(3 * FILES.length);
});

test('the uiautomator reader reads each node\'s attributes as a conforming parser does: booleans, text, ids, class, bounds', async ({ page }) => {
  test.setTimeout(240_000);
  const BOOLEANS: Array<[string, keyof Node]> = [['clickable', 'clickable'], ['long-clickable', 'longClickable'], ['enabled', 'enabled'], ['focusable', 'focusable'], ['focused', 'focused'], ['scrollable', 'scrollable'], ['selected', 'selected']];
  for (const f of FILES.filter((x) => x.includes('uiautomator'))) {
    for (const seed of [0, 1, 2]) {
      const xml = seed === 0 ? readFileSync(f, 'utf8') : mutate(readFileSync(f, 'utf8'), seed * 104729);
      const reading = (await conforming(page, xml)).map((attrs) => new Map(attrs));
      const nodesXml = reading.filter((a) => a.has('bounds'));
      const nodes: Node[] = [];
      for (const r of importUiautomator(xml, { where: f }).roots) walkNode(r.node, (n) => { nodes.push(n); });
      expect(nodes.length, f).toBe(nodesXml.length);
      // Differences collected and compared once: thousands of expect calls would cost more than the reading.
      const diffs: string[] = [];
      const same = (at: string, got: unknown, want: unknown) => { if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push(`${at}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`); };
      nodes.forEach((n, i) => {
        const a = nodesXml[i]!;
        const at = `${f} seed ${seed} node ${i}`;
        for (const [attr, field] of BOOLEANS) if (a.has(attr)) same(`${at} ${attr}="${a.get(attr)}"`, n[field], a.get(attr) === 'true');
        if (a.has('checked') && a.get('checkable') === 'true') same(`${at} checked`, n.toggle, a.get('checked') === 'true' ? 'on' : 'off');
        same(`${at} content-desc`, n.contentDescription ?? '', a.get('content-desc') ?? '');
        same(`${at} class`, n.rawRole, a.get('class') ?? null);
        same(`${at} resource-id`, (n.platform.resourceId as string | undefined) ?? '', a.get('resource-id') ?? '');
        if (n.editableText === null && n.hint === null && !n.password) same(`${at} text`, n.text ?? '', a.get('text') ?? '');
        const [x1, y1, x2, y2] = (a.get('bounds') ?? '').match(/-?\d+/g)!.map(Number) as [number, number, number, number];
        same(`${at} bounds`, n.bounds, { x: x1, y: y1, width: x2 - x1, height: y2 - y1 });
      });
      expect(diffs).toEqual([]);
    }
  }
});

test('one attribute at a time: literal whitespace becomes a space, a character reference keeps its character, a boolean is decoded', () => {
  const dump = (attrs: string) => `<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.CheckBox" checkable="true" ${attrs.includes('bounds=') ? attrs : `bounds="[0,0][100,100]" ${attrs}`}/></hierarchy>`;
  const node = (attrs: string) => importUiautomator(dump(attrs)).roots[0]!.node;
  expect(node('text="a\tb\nc\r\nd\re"').text).toBe('a b c d e');
  expect(node('text="a&#9;b&#10;c&#13;d"').text).toBe('a\tb\nc\rd');
  expect(node('checked="&#116;rue"').toggle).toBe('on');
  expect(node('checked="&#x74;&#x72;&#x75;&#x65;"').toggle).toBe('on');
  expect(node('checked="false"').toggle).toBe('off');
  expect(node('clickable="tru&#101;"').clickable).toBe(true);
  expect(node('bounds="&#91;0,0][5,5]" text="x"').bounds).toEqual({ x: 0, y: 0, width: 5, height: 5 });
  // An unknown entity in a boolean is refused as anywhere else, not read as false.
  expect(() => node('checked="&bogus;"')).toThrow(/unknown entity &bogus;/);
});
