// Seeded fuzz cases for #32 item 6: corpus XML (uiautomator dumps, iOS page sources) with attribute
// values mutated — literal tabs and line ends, character references, predefined entities, booleans
// spelled with references — read by treewright and by an independent reading of XML 1.0 §3.3.3
// written here (line ends normalised, then each literal tab / LF / CR a space, references decoded).
// They must agree; a reading that differs is a silent loss. Mutations that break well-formedness
// (a bare '&', an unknown entity, '<' in a value) must be typed errors.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readXmlElements, type XmlElement } from '../src/formats/xml-elements.js';
import { importUiautomator } from '../src/formats/uiautomator.js';
import { walk } from '../src/model/node.js';
import { classify, type FuzzCase, type Outcome } from './fuzz-cases.js';
import { prng } from './prng.js';

const REPO = path.resolve(import.meta.dirname, '..');
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The spec's reading of one attribute value (the raw text between the quotes). */
function specValue(raw: string): string {
  return raw.replace(/\r\n|\r/g, '\n').replace(/[\t\n]/g, ' ')
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|\w+);/g, (_, r: string) => (r[0] === '#' ? String.fromCodePoint(r[1] === 'x' ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10)) : PREDEFINED[r]!));
}

/** Every element's attributes in document order, by the spec's reading (values in either quote; the documents here have no '>' in values). */
function specReading(xml: string): string[] {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, '');
  return [...body.matchAll(/<[A-Za-z_][\w.:-]*((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g)]
    .map((m) => JSON.stringify([...m[1]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((a) => [a[1], specValue(a[2] ?? a[3]!)])));
}

function ourReading(xml: string): string[] {
  const out: string[] = [];
  const stack: XmlElement[] = [readXmlElements(xml, 'fuzz', 'h')];
  while (stack.length) {
    const el = stack.pop()!;
    out.push(JSON.stringify([...el.attrs]));
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]!);
  }
  return out;
}

export function xmlCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const files = ['fixtures/uiautomator', 'fixtures/ios'].flatMap((d) => readdirSync(path.join(REPO, d)).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(REPO, d, f)));
  const legal = ['\t', '\n', '\r\n', '\r', '&#10;', '&#9;', '&#13;', '&amp;', '&lt;', '&quot;', '&#x20;', '&#233;'];
  const broken = ['&', '&bogus;', '<', '&#0;', '&#xD800;'];
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const file = files[i % files.length]!;
    const breakIt = i % 5 === 4;
    const s = Math.floor(rnd() * 2 ** 31);
    cases.push({
      category: 'xml',
      name: `${breakIt ? 'broken' : 'legal'} ${path.basename(file)} seed ${s}`,
      run: () => classify<Outcome>(() => {
        const r = prng(s);
        let changed = 0;
        const xml = readFileSync(file, 'utf8').replace(/ ([\w:-]+)="([^"]*)"/g, (whole, name: string, value: string) => {
          if (name === 'version' || name === 'encoding' || name === 'standalone' || r() < 0.6) return whole;
          if (breakIt) { if (changed++) return whole; return ` ${name}="${value}${broken[Math.floor(r() * broken.length)]}"`; }
          changed++;
          if (value === 'true' || value === 'false') return ` ${name}="&#${value.charCodeAt(0)};${value.slice(1)}"`;
          if (/^[\d[\],-]+$/.test(value) && value) return ` ${name}="&#${value.charCodeAt(0)};${value.slice(1)}"`;
          const at = Math.floor(r() * (value.length + 1));
          if (/&[^;]*$/.test(value.slice(0, at))) return whole;
          return ` ${name}="${value.slice(0, at)}${legal[Math.floor(r() * legal.length)]}${value.slice(at)}"`;
        });
        const ours = ourReading(xml);
        if (breakIt) return changed ? 'silent loss' : 'loaded'; // a broken document was read
        if (JSON.stringify(ours) !== JSON.stringify(specReading(xml))) return 'silent loss';
        // The uiautomator reader agrees with the element reading on every boolean it maps.
        if (file.includes('uiautomator')) {
          const flags: boolean[] = [];
          walk(importUiautomator(xml, { where: 'fuzz' }), ({ node }) => { flags.push(node.clickable, node.enabled, node.scrollable); });
          const spec = specReading(xml).map((a) => new Map(JSON.parse(a) as Array<[string, string]>)).filter((a) => a.has('bounds'));
          const want = spec.flatMap((a) => [a.get('clickable') === 'true', a.get('enabled') === undefined || a.get('enabled') === 'true', a.get('scrollable') === 'true']);
          if (JSON.stringify(flags) !== JSON.stringify(want)) return 'silent loss';
        }
        return 'loaded';
      }, (o) => o),
    });
  }
  return cases;
}
