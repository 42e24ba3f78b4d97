// The in-page accessibility computation (src/devices/web-inpage-ax.ts) against Chromium's own
// getFullAXTree of the same page, node by node, joined on the DOM node (backend node id): shared by
// tests/web/inpage.spec.ts (which asserts the targets) and bench/web.ts (which prints the figures).
import type { Browser, CDPSession, Page } from '@playwright/test';
import { INPAGE_AX } from '../../src/devices/web-inpage-ax.js';
import type { InpageAxEntry } from '../../src/formats/cdp-inpage.js';
import { nameSources } from '../../src/formats/cdp.js';
import type { AXNode } from '../../src/formats/cdp-types.js';
import { WALK_DOM, describeNode, quiet, readJoined } from './dom-order.js';
import { onSettledFixturePages } from './fixture-pages.js';

export interface AxDisagreement {
  page: string;
  /** The DOM node: a start tag, or a text node's text in quotes. */
  node: string;
  what: 'role' | 'name' | 'ignored' | 'source' | 'description' | 'reason';
  chromium: string;
  inpage: string;
}

export interface AxAgreement {
  /** Chromium's non-ignored element nodes (the document included), and how many have its role and name in the page. */
  elements: number; roles: number; names: number;
  /** Chromium's non-ignored text nodes (StaticText), and how many have its name. */
  texts: number; textNames: number;
  /** Of the elements, how many have the name's source the importer reads (nameFrom, nameAttribute) the same in the page. */
  sources: number;
  /** Of the elements, how many have Chromium's description in the page. */
  descriptions: number;
  /** Nodes either side has (Chromium's ignored ones included), and how many are in or out of the tree on both. */
  decided: number; decisions: number;
  /** Nodes both sides leave out, and on how many they give the same reasons (getFullAXTree's ignoredReasons). */
  bothIgnored: number; reasons: number;
  disagreements: AxDisagreement[];
  /** Pages that kept changing while they were read: not compared. */
  unjudged: string[];
}

export function emptyAgreement(): AxAgreement {
  return { elements: 0, roles: 0, names: 0, texts: 0, textNames: 0, sources: 0, descriptions: 0, decided: 0, decisions: 0, bothIgnored: 0, reasons: 0, disagreements: [], unjudged: [] };
}

export function addAgreement(total: AxAgreement, a: AxAgreement): void {
  total.elements += a.elements; total.roles += a.roles; total.names += a.names; total.texts += a.texts; total.textNames += a.textNames; total.sources += a.sources; total.descriptions += a.descriptions;
  total.decided += a.decided; total.decisions += a.decisions; total.bothIgnored += a.bothIgnored; total.reasons += a.reasons; total.disagreements.push(...a.disagreements); total.unjudged.push(...a.unjudged);
}

/** The name's source as formats/cdp.ts reads it (nameFrom / nameAttribute), in the page's entry form. */
function sourceOf(n: AXNode): string {
  const { first, won } = nameSources(n);
  return `${first?.type ?? '-'}/${won?.attribute ?? '-'}`;
}

/** Roles that are parts of a text, not nodes of their own (formats/cdp.ts leaves them out too). */
const PARTS = new Set(['InlineTextBox', 'ListMarker']);

/** In the page, on the entries' node list: each node's place in the main document's snapshot order, and that order's names. */
const PLACES = `function () {
  ${WALK_DOM}
  const all = walkDom();
  const place = placesOf(all);
  return { names: all.map((n) => n.nodeName), places: this.map((n) => place.get(n) ?? -1) };
}`;

/**
 * Runs the in-page function on the page's main document: its entries and each one's backend node id,
 * joined by position with the DOM snapshot's order (dom-order.ts); `reachable` the backend ids of every
 * node the page's script reaches. A page that changes between the reads is read again once it is still;
 * null when it kept changing.
 */
export async function inpageEntries(cdp: CDPSession, chromium: number, source = INPAGE_AX): Promise<{ entries: Array<InpageAxEntry & { backendNodeId: number }>; reachable: Set<number> } | null> {
  const joined = await readJoined(cdp, async () => {
    const r = (await cdp.send('Runtime.evaluate', { expression: `(${source})({ withNodes: true, chromium: ${chromium} })` })) as { result: { objectId?: string }; exceptionDetails?: { exception?: { description?: string } } };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? 'the in-page function threw');
    const objectId = r.result.objectId!;
    const entries = ((await cdp.send('Runtime.callFunctionOn', { objectId, functionDeclaration: 'function () { return this.entries; }', returnByValue: true })) as { result: { value: InpageAxEntry[] } }).result.value;
    const list = (await cdp.send('Runtime.callFunctionOn', { objectId, functionDeclaration: 'function () { return this.nodes; }' })) as { result: { objectId: string } };
    const { result } = (await cdp.send('Runtime.callFunctionOn', { objectId: list.result.objectId, functionDeclaration: PLACES, returnByValue: true })) as { result: { value: { names: string[]; places: number[] } } };
    return { ...result.value, entries };
  });
  if (!joined) return null;
  const { order, answer } = joined;
  return { entries: answer.entries.map((e, k) => ({ ...e, backendNodeId: order.ids[answer.places[k]!] ?? -1 })), reachable: new Set(order.ids) };
}

/** The major version of the Chromium a page runs in, for the in-page rules that changed between versions. */
export function chromiumMajor(page: Page): number {
  return Number(page.context().browser()?.version().split('.')[0]) || Infinity;
}

/**
 * One page: each of Chromium's AX nodes with a DOM node the page's script reaches, against the in-page
 * entry of that node (`source`: the in-page function, a broken copy in the test that proves the check fails).
 */
export async function compareInpageAx(page: Page, label: string, source = INPAGE_AX): Promise<AxAgreement> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: 0 });
    // A page still changing (a feed adding articles) would differ between Chromium's read and the page's.
    await quiet(cdp);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    const out = emptyAgreement();
    const read = await inpageEntries(cdp, chromiumMajor(page), source);
    if (!read) { out.unjudged.push(label); return out; }
    const { entries: mine, reachable } = read;
    const byBackend = new Map(mine.map((e) => [e.backendNodeId, e]));
    const seen = new Set<number>();
    const wrong: Array<{ id: number; what: AxDisagreement['what']; chromium: string; inpage: string }> = [];
    const judged = nodes.filter((n) => {
      const id = n.backendDOMNodeId;
      if (id === undefined || PARTS.has(String(n.role?.value ?? '')) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    for (const n of judged) {
      const id = n.backendDOMNodeId!;
      const role = String(n.role?.value ?? '');
      const e = byBackend.get(id);
      if (!e && !reachable.has(id)) continue; // a pseudo-element, a user-agent shadow node, another frame's node
      out.decided++;
      const inTree = e !== undefined && !e.ignored;
      if (inTree === !n.ignored) out.decisions++;
      else wrong.push({ id, what: 'ignored', chromium: n.ignored ? 'ignored' : `in the tree as ${role}`, inpage: e ? (e.ignored ? 'ignored' : `in the tree as ${e.role}`) : 'no entry' });
      if (n.ignored && e?.ignored) {
        out.bothIgnored++;
        const reasons = (n.ignoredReasons ?? []).map((r) => r.name).join(',');
        if (reasons === e.why) out.reasons++;
        else wrong.push({ id, what: 'reason', chromium: reasons, inpage: e.why ?? '' });
      }
      if (n.ignored) continue;
      const name = String(n.name?.value ?? '');
      if (role === 'StaticText') {
        out.texts++;
        if (e?.name === name) out.textNames++;
        else wrong.push({ id, what: 'name', chromium: JSON.stringify(name), inpage: e ? JSON.stringify(e.name) : 'no entry' });
        continue;
      }
      out.elements++;
      if (e?.role === role) out.roles++;
      else wrong.push({ id, what: 'role', chromium: role, inpage: e?.role ?? 'no entry' });
      // A node the page leaves out of the tree has no name there: its name is judged with the decision.
      if (e?.name === name || (e?.ignored && e.role === role)) out.names++;
      else wrong.push({ id, what: 'name', chromium: JSON.stringify(name), inpage: e ? JSON.stringify(e.name) : 'no entry' });
      const source = sourceOf(n), mine = e ? `${e.from ?? '-'}/${e.attr ?? '-'}` : 'no entry';
      if (source === mine || (e?.ignored && e.role === role)) out.sources++;
      else wrong.push({ id, what: 'source', chromium: source, inpage: mine });
      const description = typeof n.description?.value === 'string' ? n.description.value : '';
      if ((e?.description ?? '') === description || (e?.ignored && e.role === role)) out.descriptions++;
      else wrong.push({ id, what: 'description', chromium: JSON.stringify(description), inpage: e ? JSON.stringify(e.description ?? '') : 'no entry' });
    }
    // Nodes the page keeps that Chromium has no node for at all. An entry with no DOM node (a pseudo
    // box's text or image, a select's popup) cannot be matched node by node: the snapshots judge those.
    for (const e of mine) {
      if (e.backendNodeId < 0 || seen.has(e.backendNodeId)) continue;
      out.decided++;
      if (e.ignored) out.decisions++;
      else wrong.push({ id: e.backendNodeId, what: 'ignored', chromium: 'not in the tree', inpage: `in the tree as ${e.role}` });
    }
    const described = await Promise.all(wrong.map((w) => describeNode(cdp, w.id)));
    wrong.forEach((w, k) => out.disagreements.push({ page: label, node: described[k]!, what: w.what, chromium: w.chromium, inpage: w.inpage }));
    return out;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Every page compared (fixture-pages.ts), summed in page order. */
export async function inpageAxOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<AxAgreement> {
  const total = emptyAgreement();
  for (const r of await onSettledFixturePages(browser, base, pages, (page, label) => compareInpageAx(page, label))) addAgreement(total, r);
  return total;
}

export function disagreementLine(d: AxDisagreement): string {
  return `${d.page}: ${d.what}: Chromium ${d.chromium}, in-page ${d.inpage}: ${d.node}`;
}
