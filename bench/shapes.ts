// The input shapes the reader and side-by-side benchmarks measure (issue 29 item 3): the real captures of
// the corpus scaled by concatenating screens, bench/synthetic.ts's screen, held-out.ts's tree, and the two
// generators of shapes-gen.ts. Each shape is one cmp tree of ~`n` nodes, and from it a text in every JSON
// format a reader takes (compact and pretty-printed) and a uiautomator dump; where the corpus has real
// captures of a format (cmp, WebDriverAgent, Maestro, uiautomator) those are scaled instead of written.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportCmpV1, importCmp } from '../src/formats/cmp.js';
import { decodeBytes } from '../src/formats/decode.js';
import { snapshotToJson } from '../src/model/serialize.js';
import { walk } from '../src/model/node.js';
import type { Node, Snapshot } from '../src/model/schema.js';
import { treeJson } from '../src/reference-app/jetwhale.js';
import { projectMoui } from '../src/reference-app/moui.js';
import { heldOutCmp } from './held-out.js';
import { deepChains, wideTokens } from './shapes-gen.js';
import { asRead } from './stats.js';
import { syntheticSnapshot } from './synthetic.js';
import { syntheticDump } from './synthetic-xml.js';
import { decorate } from './tokens.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The corpus of real captures (the same files as fixtures/, whose copies the tests read). */
export const CORPUS = join(HERE, '..', 'fixtures');
const AT = '1970-01-01T00:00:00.000Z';

export type JsonFormat = 'cmp' | 'snapshot-json' | 'jetwhale' | 'moui' | 'apple-json' | 'maestro';
export const JSON_FORMATS: readonly JsonFormat[] = ['cmp', 'snapshot-json', 'jetwhale', 'moui', 'apple-json', 'maestro'];

export interface ReaderText {
  format: JsonFormat;
  layout: 'compact' | 'pretty';
  /** Where the text comes from: a real capture scaled, or written from the shape's tree. */
  origin: 'real' | 'written';
  text: string;
}

export interface Shape {
  name: string;
  /** The shape's tree, read from its cmp text. */
  snapshot: Snapshot;
  /** Compact cmp tree v1 text: the side-by-side jobs' input. */
  cmp: string;
  texts: ReaderText[];
  /** A uiautomator dump of the same size: real dumps scaled for the corpus, else written from the tree. */
  xml: string;
}

type Json = { [k: string]: unknown };
type CmpDoc = { schemaVersion: number; source: string; root: Json & { children: Json[] } };

const pretty = (v: unknown) => asRead(JSON.stringify(v, null, 2) + '\n');
const compact = (v: unknown) => asRead(JSON.stringify(v));
const countJson = (n: Json): number => {
  let c = 0;
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    c++;
    for (const k of (x.children as Json[] | undefined) ?? []) stack.push(k);
  }
  return c;
};

/** Copies of `screens`, each moved below the last, as many as make ~n nodes: one long capture. */
function concatenate<T extends Json>(screens: T[], n: number, height: (s: T) => number, move: (s: T, dy: number) => T): T[] {
  const per = screens.reduce((a, s) => a + countJson(s), 0);
  const out: T[] = [];
  let dy = 0;
  for (let k = 0; k < Math.max(1, Math.round(n / per)); k++) {
    for (const s of screens) {
      out.push(move(structuredClone(s), dy));
      dy += height(s);
    }
  }
  return out;
}

function moveTree(root: Json, dy: number, move: (n: Json, dy: number) => void): void {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    move(n, dy);
    for (const k of (n.children as Json[] | undefined) ?? []) stack.push(k);
  }
}

const readCorpus = (path: string) => decodeBytes(readFileSync(join(CORPUS, path))).text;

/** The corpus's cmp captures concatenated under one container. */
function corpusCmp(n: number): CmpDoc {
  const docs = ['trees/home.json', 'trees/a11y-tree.json'].map((f) => JSON.parse(readCorpus(f)) as CmpDoc);
  const h = (s: Json) => ((s.bounds as { height: number }).height);
  const screens = concatenate(docs.map((d) => d.root), n, h, (s, dy) => { moveTree(s, dy, (x, d) => { (x.bounds as { y: number }).y += d; }); return s; });
  const height = screens.reduce((a, s) => Math.max(a, (s.bounds as { y: number; height: number }).y + h(s)), 0);
  return { schemaVersion: 1, source: docs[0]!.source, root: { testTag: null, text: null, contentDescription: null, bounds: { x: 0, y: 0, width: 360, height }, designToken: null, children: screens } };
}

/** The corpus's WebDriverAgent capture, its application's windows repeated. */
function corpusWda(n: number): Json {
  const doc = JSON.parse(readCorpus('ios/wda-source-springboard.json')) as { value: { tree: Json & { children: Json[] } } };
  const app = doc.value.tree;
  const move = (x: Json, d: number) => { const o = (x.rect as { origin?: { y: number } } | undefined)?.origin; if (o) o.y += d; };
  app.children = concatenate(app.children, n, () => 667, (s, dy) => { moveTree(s, dy, move); return s; });
  return doc;
}

/** The corpus's Android `maestro hierarchy` capture (its CLI lines kept), its windows repeated. */
function corpusMaestro(n: number, layout: 'compact' | 'pretty'): string {
  const raw = readCorpus('ios/maestro-android-hierarchy.txt');
  const start = raw.indexOf('{');
  const doc = JSON.parse(raw.slice(start)) as Json & { children: Json[] };
  // "[x1,y1][x2,y2]": moved as numbers, written back in the same notation.
  const move = (x: Json, d: number) => {
    const a = x.attributes as Json | undefined;
    const m = typeof a?.bounds === 'string' ? /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(a.bounds) : null;
    if (m) a!.bounds = `[${m[1]},${+m[2]! + d}][${m[3]},${+m[4]! + d}]`;
  };
  doc.children = concatenate(doc.children, n, () => 2400, (s, dy) => { moveTree(s, dy, move); return s; });
  return asRead(raw.slice(0, start) + (layout === 'pretty' ? JSON.stringify(doc, null, 2) : JSON.stringify(doc)) + '\n');
}

/** The corpus's `<node>` uiautomator dumps, their windows' contents side by side in one window. */
function corpusXml(n: number): string {
  const dir = join(CORPUS, 'uiautomator');
  const bodies: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.xml')).sort()) {
    const text = decodeBytes(readFileSync(join(dir, f))).text;
    const open = text.indexOf('<hierarchy');
    const close = text.lastIndexOf('</hierarchy>');
    if (open < 0 || close < 0 || !text.includes('<node')) continue;
    bodies.push(text.slice(text.indexOf('>', open) + 1, close).trim());
  }
  const per = bodies.reduce((a, b) => a + (b.match(/<node[\s>]/g)?.length ?? 0), 0);
  const reps = Math.max(1, Math.round(n / per));
  const all = Array.from({ length: reps }, () => bodies.join('\n')).join('\n');
  return asRead(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="corpus" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">\n${all}\n</node></hierarchy>`);
}

// --- writers: a tree as each JSON format spells it -------------------------------------------------

/** JetWhale's getNodeTree answer, as the reference app serves it. */
const jetwhaleOf = (s: Snapshot): Json => treeJson(s, { merged: true, includeInvisible: true }, 0);

/** MoUI's full read_semantics, as the reference app serves it (ids moved above its synthetic screen root). */
function mouiOf(s: Snapshot): Json {
  const copy = structuredClone({ roots: s.roots }) as Snapshot;
  let k = 2;
  walk(copy, ({ node }) => { node.id = String(k++); });
  const commit = projectMoui({ ...s, roots: copy.roots });
  return { kind: 'full', generation: '1', root: commit.root, focused: commit.focused, nodes: commit.nodes, issues: commit.issues };
}

/** A WebDriverAgent /source answer. */
function wdaOf(s: Snapshot): Json {
  const el = (n: Node): Json => ({
    type: `XCUIElementType${n.role === 'TextField' ? 'TextField' : n.role === 'Text' ? 'StaticText' : n.role ?? 'Other'}`,
    name: n.tag ?? n.contentDescription ?? n.text,
    label: n.contentDescription ?? n.text,
    value: n.value,
    rawIdentifier: n.tag,
    rect: { x: n.bounds.x, y: n.bounds.y, width: n.bounds.width, height: n.bounds.height },
    isEnabled: n.enabled,
    isVisible: n.visible,
    children: n.children.map(el),
  });
  return { sessionId: null, value: { type: 'XCUIElementTypeApplication', name: 'App', label: 'App', value: null, rect: { x: 0, y: 0, width: 1080, height: 2400 }, isEnabled: true, isVisible: true, children: s.roots.map((r) => el(r.node)) } };
}

/** `maestro hierarchy` for Android: string attributes, the top node's children the windows. */
function maestroOf(s: Snapshot): Json {
  const el = (n: Node): Json => {
    const b = n.bounds;
    return {
      attributes: {
        text: n.text ?? '', accessibilityText: n.contentDescription ?? '', hintText: '', 'resource-id': n.tag ?? '',
        class: n.rawRole ?? 'android.view.View', bounds: `[${Math.round(b.x)},${Math.round(b.y)}][${Math.round(b.x + b.width)},${Math.round(b.y + b.height)}]`,
        enabled: String(n.enabled), clickable: String(n.clickable), checked: String(n.toggle === 'on'), focused: 'false', selected: String(n.selected),
      },
      children: n.children.map(el),
    };
  };
  return { attributes: {}, children: s.roots.map((r) => el(r.node)) };
}

const xmlAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** A uiautomator dump, one window per root. */
function uiautomatorOf(s: Snapshot): string {
  const out: string[] = [`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`];
  const open = (n: Node, i: number) => {
    const b = n.bounds;
    out.push(`<node index="${i}" text="${xmlAttr(n.text ?? '')}" resource-id="${n.tag ? `app:id/${xmlAttr(n.tag)}` : ''}" class="${n.role === 'Button' ? 'android.widget.Button' : n.role === 'Image' ? 'android.widget.ImageView' : n.text ? 'android.widget.TextView' : 'android.view.View'}" package="app" content-desc="${xmlAttr(n.contentDescription ?? '')}" checkable="${n.toggle !== null}" checked="${n.toggle === 'on'}" clickable="${n.clickable}" enabled="${n.enabled}" focusable="${n.clickable}" focused="false" scrollable="false" long-clickable="false" password="false" selected="${n.selected}" bounds="[${Math.round(b.x)},${Math.round(b.y)}][${Math.round(b.x + b.width)},${Math.round(b.y + b.height)}]">`);
  };
  for (const r of s.roots) {
    const stack: Array<[Node, number] | null> = [[r.node, 0]];
    while (stack.length) {
      const top = stack.pop()!;
      if (top === null) { out.push('</node>'); continue; }
      open(top[0], top[1]);
      stack.push(null);
      for (let i = top[0].children.length - 1; i >= 0; i--) stack.push([top[0].children[i]!, i]);
    }
  }
  out.push('</hierarchy>');
  return asRead(out.join(''));
}

/** Every written format of a tree, compact and pretty (the cmp text is the shape's own). */
function written(s: Snapshot, skip: readonly JsonFormat[]): ReaderText[] {
  const out: ReaderText[] = [];
  const values: Array<[JsonFormat, () => unknown]> = [
    ['snapshot-json', () => JSON.parse(snapshotToJson(s, 0))],
    ['jetwhale', () => jetwhaleOf(s)],
    ['moui', () => mouiOf(s)],
    ['apple-json', () => wdaOf(s)],
    ['maestro', () => maestroOf(s)],
  ];
  for (const [format, make] of values) {
    if (skip.includes(format)) continue;
    const v = make();
    out.push({ format, layout: 'compact', origin: 'written', text: compact(v) }, { format, layout: 'pretty', origin: 'written', text: pretty(v) });
  }
  return out;
}

function fromCmp(name: string, doc: unknown, xml: (s: Snapshot) => string, real: ReaderText[] = []): Shape {
  const cmp = compact(doc);
  const snapshot = importCmp(cmp, { capturedAt: AT });
  const origin = real.length ? 'real' : 'written';
  const texts: ReaderText[] = [
    { format: 'cmp', layout: 'compact', origin, text: cmp },
    { format: 'cmp', layout: 'pretty', origin, text: pretty(doc) },
    ...real,
    ...written(snapshot, real.map((t) => t.format)),
  ];
  return { name, snapshot, cmp, texts, xml: xml(snapshot) };
}

/** Every input shape at ~n nodes. */
export function shapes(n: number): Shape[] {
  const wda = corpusWda(n);
  const synthetic = syntheticSnapshot(n, 1, { fullPage: true, realistic: true });
  decorate(synthetic);
  return [
    fromCmp('corpus (real captures, concatenated)', corpusCmp(n), () => corpusXml(n), [
      { format: 'apple-json', layout: 'compact', origin: 'real', text: compact(wda) },
      { format: 'apple-json', layout: 'pretty', origin: 'real', text: pretty(wda) },
      { format: 'maestro', layout: 'compact', origin: 'real', text: corpusMaestro(n, 'compact') },
      { format: 'maestro', layout: 'pretty', origin: 'real', text: corpusMaestro(n, 'pretty') },
    ]),
    fromCmp('synthetic.ts (realistic, tokens)', JSON.parse(exportCmpV1(synthetic, { roots: 'all', indent: 0 })), () => asRead(syntheticDump(n, { seed: 7 }))),
    fromCmp('held-out.ts', JSON.parse(heldOutCmp(n, 7)), uiautomatorOf),
    fromCmp('deep Compose chains (CJK, emoji)', deepChains(n), uiautomatorOf),
    fromCmp('wide token-heavy lists', wideTokens(n), uiautomatorOf),
  ];
}
