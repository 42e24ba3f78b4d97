// The in-page capture, the plan's second step: the in-page pass (src/devices/web-inpage-ax.ts with the
// states of web-inpage-states.ts) turned into the AX node list getFullAXTree would have given, joined to
// the same capture's DOM snapshot by position, and read by the web importer (formats/cdp.ts). Held to
// the real thing byte for byte: the snapshot the web device takes from Chromium's own getFullAXTree.
// Shared by tests/web/inpage.spec.ts (the floor) and bench/web.ts (the figure on every page).
import type { Page } from '@playwright/test';
import { INPAGE_AX, type InpageAxEntry } from '../../src/devices/web-inpage-ax.js';
import { STATES_SOURCE, type InpageStates } from '../../src/devices/web-inpage-states.js';
import { WebDriver } from '../../src/devices/web.js';
import { importCdp } from '../../src/formats/cdp.js';
import type { AXNode, CdpCapture } from '../../src/formats/cdp-types.js';
import { WALK_DOM, readStill, sameOrder } from './dom-order.js';
import { chromiumMajor } from './inpage-ax-compare.js';

/** An entry of the in-page pass with what the join needs: its DOM node's place in snapshot order, its pseudo box's host's, its states. */
export interface CaptureEntry extends InpageAxEntry {
  /** Place of its DOM node in the snapshot order (-1: none, a pseudo box's or a popup's). */
  place: number;
  /** A pseudo box's (or its part's) element, by place. */
  host: number;
  states?: InpageStates;
  /** An ignored element in editable content (states are read only for the elements kept). */
  editable?: true;
}

/** In the page: the pass, each entry's place and host, the states of the elements kept, and the walk's node names. */
export function inpageCapture(chromium: number): string {
  return `(() => {
  const ax = (${INPAGE_AX})({ withNodes: true, chromium: ${chromium} });
  ${STATES_SOURCE}
  ${WALK_DOM}
  const all = walkDom();
  const place = placesOf(all);
  const at = (n) => (n ? place.get(n) ?? -1 : -1);
  const focusedDocument = document.hasFocus();
  const entries = ax.entries.map((e, k) => {
    const n = ax.nodes[k];
    const host = e.pseudo ? ax.nodes[e.parent] : e.pseudoPart ? ax.nodes[ax.entries[e.parent].parent] : null;
    const x = { ...e, place: at(n), host: at(host) };
    if (n && n.nodeType === 1 && !e.ignored) x.states = axStates(n, e.role);
    // Editable content responds to clicks in the DOM snapshot's eyes (isClickable) without a listener.
    else if (n && n.nodeType === 1 && n.isContentEditable) x.editable = true;
    if (n && n.nodeType === 9) x.states = focusedDocument ? { focusable: true, focused: true } : { focusable: true };
    return x;
  });
  return { entries, names: all.map((n) => n.nodeName) };
})()`;
}

/**
 * getFullAXTree's node list as the in-page pass gives it: ids from the DOM snapshot's backend ids (by
 * place; a pseudo box's from its host's pseudo node), names of pseudo text from the snapshot's layout
 * text, states as properties. A node with no DOM node gets an id of its own (the importer names those by place).
 */
export function axNodesFromInpage(entries: readonly CaptureEntry[], capture: CdpCapture): AXNode[] {
  const d = capture.dom.documents[0]!;
  const names = d.nodes.nodeName ?? [];
  const strings = capture.dom.strings;
  const ids = d.nodes.backendNodeId ?? [];
  // Snapshot order without pseudo boxes is the page's walk order; the pseudo boxes by their host's place.
  const places: number[] = [], pseudos = new Map<number, Map<string, number>>(), texts = new Map<number, string>();
  const placeOf = new Map<number, number>();
  names.forEach((k, i) => { if (!(strings[k] ?? '').startsWith('::')) { placeOf.set(i, places.length); places.push(i); } });
  names.forEach((k, i) => {
    const name = strings[k] ?? '';
    if (!name.startsWith('::')) return;
    const host = placeOf.get(d.nodes.parentIndex?.[i] ?? -1);
    if (host === undefined) return;
    if (!pseudos.has(host)) pseudos.set(host, new Map());
    pseudos.get(host)!.set(name, i);
  });
  d.layout.nodeIndex.forEach((i, j) => {
    const t = d.layout.text?.[j];
    if (t !== undefined && t >= 0 && !texts.has(i)) texts.set(i, strings[t] ?? '');
  });
  const clickable = new Set(d.nodes.isClickable?.index ?? []);
  const nodes: Array<AXNode | null> = entries.map((e, k) => {
    const which = e.pseudo ?? e.pseudoPart;
    const box = which ? pseudos.get(e.host)?.get(which) : undefined;
    let name = e.name;
    if (e.pseudoPart && e.role === 'StaticText') {
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
  entries.forEach((e, k) => {
    const n = nodes[k], parent = e.parent >= 0 ? nodes[e.parent] : null;
    if (!n || !parent) return;
    n.parentId = parent.nodeId;
    parent.childIds!.push(n.nodeId);
  });
  return nodes.filter((n): n is AXNode => n !== null);
}

export interface SnapshotComparison {
  page: string;
  /** Whether the two snapshots' JSON is the same, byte for byte (their content hashes aside). */
  identical: boolean;
  /** The first node-level differences: a node only one side has, or a field that differs. */
  differences: string[];
  /** The page kept changing while it was read: not compared. */
  unjudged?: true;
}

/**
 * One page, both ways: the web device's capture, and the same capture with its AX node list from the
 * in-page pass. The pass and the capture's DOM snapshot must list the same nodes (else the page changed
 * between them: it is read again once still, four times at most).
 */
export async function compareInpageSnapshot(page: Page, label: string): Promise<SnapshotComparison> {
  const chromium = chromiumMajor(page);
  const driver = new WebDriver(page);
  const cdp = await page.context().newCDPSession(page);
  try {
    const compared = await readStill(cdp, async () => {
      // Any change between the two reads (a carousel turning) would be a difference of the page's, not of the pass.
      await page.evaluate(WATCH);
      const capture = await driver.record();
      const { entries, names, changed } = (await page.evaluate(`(() => { const c = window.__twChanges(); return { ...${inpageCapture(chromium)}, changed: c }; })()`)) as { entries: CaptureEntry[]; names: string[]; changed: number };
      const d = capture.dom.documents[0]!;
      const ordered = (d.nodes.nodeName ?? []).map((k) => capture.dom.strings[k] ?? '').filter((n) => !n.startsWith('::'));
      if (changed > 0 || !sameOrder(names, ordered)) return null;
      const chromiumSide = importCdp(capture);
      const inpageSide = importCdp({ ...capture, ax: axNodesFromInpage(entries, capture) });
      const json = (s: unknown) => JSON.stringify(s, (k, v: unknown) => (k === 'generation' || k === 'capturedAt' ? undefined : v));
      const identical = json(chromiumSide) === json(inpageSide);
      return { page: label, identical, differences: identical ? [] : nodeDifferences(chromiumSide.roots, inpageSide.roots) };
    });
    return compared ?? { page: label, identical: false, differences: [], unjudged: true };
  } finally {
    await cdp.detach().catch(() => undefined);
    await driver.close();
  }
}

/** In the page: counts DOM mutations from now on; `__twChanges()` answers the count and stops counting. */
const WATCH = `(() => {
  let n = 0;
  const observer = new MutationObserver((records) => { n += records.length; });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.__twChanges = () => { observer.disconnect(); return n + observer.takeRecords().length; };
})()`;

interface Tree { node: TreeNode }
interface TreeNode { id: string; rawRole: string | null; children: TreeNode[]; [field: string]: unknown }

/** Nodes only one side has, and fields that differ, each on a line (at most 12). */
function nodeDifferences(a: readonly Tree[], b: readonly Tree[]): string[] {
  const flat = (roots: readonly Tree[]) => {
    const m = new Map<string, { node: TreeNode; children: string }>();
    const stack = roots.map((r) => r.node);
    while (stack.length) {
      const n = stack.pop()!;
      m.set(n.id, { node: n, children: n.children.map((c) => c.id).join(',') });
      stack.push(...n.children);
    }
    return m;
  };
  const A = flat(a), B = flat(b), out: string[] = [];
  const what = (n: TreeNode) => {
    const p = n.platform as { element?: string; axIgnored?: string | true } | undefined;
    return `${n.rawRole}${p?.element ? ` <${p.element}>` : ''}${p?.axIgnored ? ` (${String(p.axIgnored)})` : ''}${typeof n.text === 'string' ? ` ${JSON.stringify(n.text.slice(0, 20))}` : ''}`;
  };
  for (const [id, { node, children }] of A) {
    const other = B.get(id);
    if (!other) { out.push(`only Chromium's: #${id} ${what(node)}`); continue; }
    if (children !== other.children) out.push(`#${id} ${node.rawRole}: children ${children} vs ${other.children}`);
    for (const k of Object.keys(node)) {
      if (k === 'children') continue;
      const x = JSON.stringify(node[k]), y = JSON.stringify(other.node[k]);
      if (x !== y) out.push(`#${id} ${node.rawRole} ${k}: ${x?.slice(0, 60)} vs ${y?.slice(0, 60)}`);
    }
  }
  for (const [id, { node }] of B) if (!A.has(id)) out.push(`only the page's: #${id} ${what(node)}`);
  return out.slice(0, 12);
}
