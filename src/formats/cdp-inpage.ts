/**
 * The in-page capture's answer (devices/web-inpage-capture.ts: roles, names, ignored bits and states
 * worked out in the page, docs/design.md §5) turned into the node list `Accessibility.getFullAXTree`
 * gives, so the web importer (cdp.ts) reads it as it reads Chromium's. The answer is joined to the same
 * capture's DOM snapshot by position: the page walks its nodes in the snapshot's order (pseudo-element
 * boxes aside), so the k-th node walked is the k-th node listed, and takes its backend node id.
 */
import type { AXNode, DomSnapshot } from './cdp-types.js';
import { setRects } from './cdp-rects.js';

/** One node of the in-page pass (devices/web-inpage-ax.ts), in the flat tree's order. */
export interface InpageAxEntry {
  /** Index of the entry above it; -1 for the document. */
  parent: number;
  /** Chromium's role, in getFullAXTree's vocabulary (also for an ignored node). */
  role: string;
  /** The accessible name ('' when ignored). */
  name: string;
  ignored: boolean;
  /** Why it is left out (getFullAXTree's ignored reason: ariaHiddenElement, uninteresting, …), when it is. */
  why?: string;
  /** Where a name came from, as getFullAXTree's first name source with a value says: its type, and the attribute of the one that won. */
  from?: string;
  attr?: string;
  /** The accessible description, when there is one. */
  description?: string;
  /** A pseudo-element box (its element is the entry above). */
  pseudo?: '::before' | '::after' | '::marker';
  /** The text or image a pseudo-element box shows (its box is the entry above); its words are the DOM snapshot's layout text (unless `name` holds them). */
  pseudoPart?: '::before' | '::after' | '::marker';
}

/** What the in-page states pass (devices/web-inpage-states.ts) answers: each property as getFullAXTree's `properties` hold it, present only when Chromium reports it. */
export interface InpageStates {
  disabled?: true;
  focusable?: true;
  focused?: true;
  selected?: boolean;
  checked?: 'true' | 'false' | 'mixed';
  pressed?: 'true' | 'false' | 'mixed';
  expanded?: boolean;
  level?: number;
  url?: string;
  editable?: 'plaintext' | 'richtext';
  modal?: true;
  /** The node's `value` (AXNode.value): a field's contents, a range's value, a select's chosen option. */
  value?: string | number;
}

/** An entry of the in-page capture: the pass's, with what the join needs. */
export interface InpageCaptureEntry extends InpageAxEntry {
  /** Place of its DOM node in the page's walk (-1: none, a pseudo box's or a popup's). */
  place: number;
  /** A pseudo box's (or its part's) element, by place. */
  host: number;
  states?: InpageStates;
  /** An ignored element in editable content (states are read only for the elements kept). */
  editable?: true;
  /** Its name is its text node's own words, as the DOM snapshot holds them (`name` is then '' until joined). */
  nodeText?: true;
}

/** The in-page capture's answer: its entries, and the node names of the page's walk, in order. */
export interface InpageCapture {
  entries: InpageCaptureEntry[];
  names: string[];
  /** Client and scroll rects the page read (formats/cdp-rects.ts READ_RECTS), each its element's place then the eight values. */
  rects?: number[][];
}

/**
 * The in-page capture's answer as the page writes it (devices/web-inpage-capture.ts): each entry a row,
 * `[parent, role, name, ignored, place, host, from, attr, states, description, pseudo, pseudoPart,
 * editable]` (`name` 1 for a text named by its DOM node's own words, which the DOM snapshot holds;
 * `ignored` 0 or the reason; an absent field 0, trailing ones left out), and the walk's node names in
 * one string, separated by spaces (a node name holds none).
 */
export interface InpageWire {
  rows: unknown[][];
  names: string;
  rects?: number[][];
}

/**
 * A row's fields in order, each with the in-page expression that writes it from its entry `e`: the one
 * home of the row's layout, for the page's writer (INPAGE_ROW) and for decodeInpage.
 */
const ROW = {
  parent: 'e.parent', role: 'e.role', name: 'e.name', ignored: 'e.ignored ? e.why || 1 : 0', place: 'e.place', host: 'e.host',
  from: 'e.from || 0', attr: 'e.attr || 0', states: 'e.states || 0', description: 'e.description || 0', pseudo: 'e.pseudo || 0',
  pseudoPart: 'e.pseudoPart || 0', editable: 'e.editable ? 1 : 0',
} as const;
const COLUMN = Object.fromEntries(Object.keys(ROW).map((field, k) => [field, k])) as Record<keyof typeof ROW, number>;

/** In the page: the row of entry `e`, as an array expression (the fields after `host` may be left out when 0). */
export const INPAGE_ROW = `[${Object.values(ROW).join(', ')}]`;
/** How many fields every row has (up to `host`). */
export const INPAGE_ROW_REQUIRED = COLUMN.host + 1;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The in-page capture's answer read from the page's JSON text; null for anything else (the capture then asks Chromium). */
export function decodeInpage(text: unknown): InpageCapture | null {
  if (typeof text !== 'string') return null;
  let wire: Partial<InpageWire> | null;
  try {
    wire = JSON.parse(text) as Partial<InpageWire> | null;
  } catch {
    return null;
  }
  if (!wire || typeof wire !== 'object' || !Array.isArray(wire.rows) || typeof wire.names !== 'string') return null;
  const rects = wire.rects;
  if (rects !== undefined && !(Array.isArray(rects) && rects.every((r) => Array.isArray(r) && r.length === 9 && r.every((v) => typeof v === 'number')))) return null;
  const entries: InpageCaptureEntry[] = [];
  for (const r of wire.rows) {
    if (!Array.isArray(r)) return null;
    const parent = r[COLUMN.parent], role = r[COLUMN.role], name = r[COLUMN.name], ignored = r[COLUMN.ignored], place = r[COLUMN.place], host = r[COLUMN.host];
    if (typeof parent !== 'number' || typeof role !== 'string' || (typeof name !== 'string' && name !== 1) || typeof place !== 'number' || typeof host !== 'number') return null;
    const e: InpageCaptureEntry = { parent, role, name: name === 1 ? '' : name, ignored: ignored !== 0, place, host };
    if (name === 1) e.nodeText = true;
    const why = str(ignored), from = str(r[COLUMN.from]), attr = str(r[COLUMN.attr]), description = str(r[COLUMN.description]);
    const pseudo = str(r[COLUMN.pseudo]), pseudoPart = str(r[COLUMN.pseudoPart]), states: unknown = r[COLUMN.states];
    if (why) e.why = why;
    if (from) e.from = from;
    if (attr) e.attr = attr;
    if (states && typeof states === 'object') e.states = states as InpageStates;
    if (description) e.description = description;
    if (pseudo) e.pseudo = pseudo as InpageCaptureEntry['pseudo'];
    if (pseudoPart) e.pseudoPart = pseudoPart as InpageCaptureEntry['pseudoPart'];
    if (r[COLUMN.editable] === 1) e.editable = true;
    entries.push(e);
  }
  return { entries, names: wire.names === '' ? [] : wire.names.split(' '), ...(rects ? { rects } : {}) };
}

/** The page's walk placed in the DOM snapshot: each walked node's snapshot index, and the pseudo boxes by their host's place. */
export interface InpageJoin {
  /** By place: the node's index in the snapshot's document. */
  places: number[];
  /** By the host's place: its pseudo boxes' snapshot indexes, by pseudo name (`::before` …). */
  pseudos: Map<number, Map<string, number>>;
}

/**
 * The page's walk placed in the snapshot's first document: its order without pseudo boxes is the page's
 * walk order, so the k-th node walked is the k-th node listed. Null when it is not (the page changed
 * between the two reads).
 */
export function joinInpage(answer: InpageCapture, dom: DomSnapshot): InpageJoin | null {
  const d = dom.documents[0];
  if (!d) return null;
  const { strings } = dom;
  const names = d.nodes.nodeName ?? [];
  const parents = d.nodes.parentIndex ?? [];
  const places: number[] = [];
  const placeOf = new Map<number, number>();
  const pseudos = new Map<number, Map<string, number>>();
  const walked = answer.names;
  for (let i = 0; i < names.length; i++) {
    const name = strings[names[i]!] ?? '';
    if (name.startsWith('::')) {
      const host = placeOf.get(parents[i] ?? -1);
      if (host === undefined) continue;
      let boxes = pseudos.get(host);
      if (!boxes) pseudos.set(host, (boxes = new Map()));
      boxes.set(name, i);
      continue;
    }
    if (walked[places.length] !== name) return null;
    placeOf.set(i, places.length);
    places.push(i);
  }
  return places.length === walked.length ? { places, pseudos } : null;
}

/**
 * Sets the client and scroll rects the page read with its answer (`rects`, by place: the elements it
 * walked that clip or scroll) on their layout objects in the snapshot's first document
 * (formats/cdp-rects.ts; devices/web.ts fillRects reads any others).
 */
export function placeInpageRects(answer: InpageCapture, dom: DomSnapshot, join: InpageJoin): void {
  const rects = answer.rects;
  if (!rects?.length) return;
  const layoutOf = new Map<number, number>();
  dom.documents[0]!.layout.nodeIndex.forEach((ni, li) => layoutOf.set(ni, li));
  for (const [place, ...values] of rects) {
    const ni = join.places[place!];
    const li = ni === undefined ? undefined : layoutOf.get(ni);
    if (li !== undefined && values.length === 8) setRects(dom, 0, li, values);
  }
}

/**
 * getFullAXTree's node list from the in-page capture: ids from the DOM snapshot's backend ids (by place;
 * a pseudo box's from its host's pseudo node), the words of pseudo text from the snapshot's layout text,
 * states as properties. Null when the page's walk is not the snapshot's node list (the page changed
 * between the two reads). A node with no DOM node gets an id of its own (the importer names those by place).
 */
export function axFromInpage(answer: InpageCapture, dom: DomSnapshot, join = joinInpage(answer, dom)): AXNode[] | null {
  if (!join) return null;
  const d = dom.documents[0]!;
  const { strings } = dom;
  const ids = d.nodes.backendNodeId ?? [];
  const values = d.nodes.nodeValue ?? [];
  const { places, pseudos } = join;

  const texts = new Map<number, string>();
  const layoutText = d.layout.text;
  if (layoutText) {
    d.layout.nodeIndex.forEach((i, j) => {
      const t = layoutText[j];
      if (t !== undefined && t >= 0 && !texts.has(i)) texts.set(i, strings[t] ?? '');
    });
  }
  const clickable = new Set(d.nodes.isClickable?.index ?? []);
  const nodes: Array<AXNode | null> = answer.entries.map((entry, k) => {
    let e = entry;
    const which = e.pseudo ?? e.pseudoPart;
    const box = which ? pseudos.get(e.host)?.get(which) : undefined;
    let name = e.name;
    if (e.nodeText) name = e.place >= 0 ? strings[values[places[e.place]!] ?? -1] ?? '' : '';
    // A pseudo box's text takes its words from the layout, unless the page named it (content of white space alone).
    if (e.pseudoPart && e.role === 'StaticText' && !name) {
      name = box !== undefined ? texts.get(box) ?? '' : '';
      // No text laid out, no text node: Chromium has none either.
      if (name === '') return null;
    }
    const backend = e.place >= 0 ? ids[places[e.place]!] : e.pseudo && box !== undefined ? ids[box] : undefined;
    // An element Chromium would leave out as uninteresting is kept when a script listens for its clicks
    // (addEventListener: the page's pass sees only onclick attributes; the DOM snapshot sees them all).
    // The snapshot calls editable content clickable too, listened to or not: Chromium leaves that out.
    if (e.ignored && e.why === 'uninteresting' && !e.editable && e.place >= 0 && clickable.has(places[e.place]!)) e = { ...e, ignored: false, role: 'generic', name: '' };
    const n: AXNode = { nodeId: backend !== undefined ? String(backend) : `inpage-${k}`, ignored: e.ignored, role: { type: 'role', value: e.ignored ? 'none' : e.role }, childIds: [] };
    if (backend !== undefined) n.backendDOMNodeId = backend;
    if (e.ignored) {
      n.ignoredReasons = [{ name: e.why ?? 'uninteresting' }];
      return n;
    }
    n.name = { type: 'computedString', value: name, ...(e.from ? { sources: [{ type: e.from, ...(e.attr ? { attribute: e.attr } : {}), value: { type: 'computedString', value: name } }] } : {}) };
    if (e.description) n.description = { type: 'computedString', value: e.description };
    const { value, ...props } = e.states ?? {};
    n.properties = Object.entries(props).map(([p, v]) => ({ name: p, value: { type: typeof v, value: v } }));
    if (value !== undefined) n.value = { type: typeof value, value };
    return n;
  });
  answer.entries.forEach((e, k) => {
    const n = nodes[k], parent = e.parent >= 0 ? nodes[e.parent] : null;
    if (!n || !parent) return;
    n.parentId = parent.nodeId;
    parent.childIds!.push(n.nodeId);
  });
  return nodes.filter((n): n is AXNode => n !== null);
}
