import type { CDPSession, Page } from '@playwright/test';
import { webDevice, type Device } from 'treewright';
import type { Node, Snapshot } from '../../src/model/schema.js';
import type { Selector } from '../../src/query/selector.js';
import type { NodeNow } from '../../src/devices/driver.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { labelOf } from '../../src/query/get-by.js';
import { isAriaRole } from '../../src/roles/aria.js';

/**
 * The web device's check that a capture's one match still stands (`WebDriver.stillResolves`), judged
 * on a real page against Chromium: for every named node of a capture, the locators that name it
 * (getByRole / byRole with its name, exact; getByLabel with its label, exact, where a label names it) are
 * asked of the page as it is, and after changes made to
 * the page (a copy of the node beside it, a new name, aria-hidden, an unrelated paragraph), each then
 * judged by a fresh capture. The check may decline (the action then captures); saying yes where a
 * fresh capture finds anything but that node alone is wrong.
 */
export interface StillResolvesTally {
  /** Locators that find their node alone on the capture, and of those, the ones the page confirmed. */
  unique: number;
  confirmed: number;
  declined: string[];
  /** Locators that find their node and others: the page must never confirm one. */
  several: number;
  /** Of all those judged (one match or several), the getByLabel ones. */
  labels: number;
  /** Changes made, the ones a fresh capture says leave the node the one match, and the page's answers. */
  changes: number;
  stillAlone: number;
  confirmedAfterChange: number;
  /** Yes where a fresh capture disagrees (unchanged page or changed). */
  wrong: string[];
  /** The page's capture could not be checked at all (frames, shadow roots). */
  unwatched: boolean;
}

type Driver = { stillResolves(s: Snapshot, n: Node, sel: Selector): Promise<NodeNow | null>; marks: WeakMap<Snapshot, unknown> };

/** Functions on the target element (`this`): the change, and what undoes it. */
const CHANGES: ReadonlyArray<[string, string, string]> = [
  ['a copy beside it', `function () { const c = this.cloneNode(true); c.removeAttribute('id'); c.setAttribute('data-tw-copy', ''); this.after(c); }`,
    `function () { this.getRootNode().querySelector('[data-tw-copy]').remove(); }`],
  ['a new name', `function () { this.dataset.twLabel = this.getAttribute('aria-label') ?? '\\u0000'; this.setAttribute('aria-label', 'Renamed by the test'); }`,
    `function () { const v = this.dataset.twLabel; delete this.dataset.twLabel; if (v === '\\u0000') this.removeAttribute('aria-label'); else this.setAttribute('aria-label', v); }`],
  ['aria-hidden', `function () { this.setAttribute('aria-hidden', 'true'); }`, `function () { this.removeAttribute('aria-hidden'); }`],
  ['a paragraph elsewhere', `function () { const p = document.createElement('p'); p.id = 'tw-note'; p.textContent = 'Added by the test'; document.body.append(p); }`,
    `function () { document.getElementById('tw-note').remove(); }`],
];

async function onElement(s: CDPSession, backendNodeId: number, fn: string): Promise<void> {
  const { object } = await s.send('DOM.resolveNode', { backendNodeId });
  const r = await s.send('Runtime.callFunctionOn', { objectId: object.objectId!, functionDeclaration: fn });
  if (r.exceptionDetails) throw new Error(`${fn}: ${r.exceptionDetails.text}`);
}

/** The locator a test would write for a node: getByRole with its ARIA role where it has one, else byRole; its name, exact. */
function locatorOf(n: Node, name: string): Selector {
  return isAriaRole(n.rawRole ?? '') ? [{ kind: 'role', role: n.rawRole!, options: { name, exact: true }, aria: true }] : [{ kind: 'role', role: n.role!, options: { name, exact: true } }];
}

/** Which locators are judged: the role locator that names a node, and getByLabel with its label. */
export type ProbeKind = 'role' | 'label';

/**
 * Judges the check on one loaded page: every locator that finds several nodes and up to `most` that
 * find one, as the page is, then the changes on the first `changed` confirmed ones.
 */
export async function stillResolvesOnPage(page: Page, where: string, most = 40, changed = 2, on?: Device, kinds: readonly ProbeKind[] = ['role', 'label']): Promise<StillResolvesTally> {
  const device = on ?? await webDevice(page);
  const driver = device.driver as unknown as Driver;
  const snap = await device.snapshot();
  const t: StillResolvesTally = { unique: 0, confirmed: 0, declined: [], several: 0, labels: 0, changes: 0, stillAlone: 0, confirmedAfterChange: 0, wrong: [], unwatched: false };
  // A capture the driver keeps no mark for (a closed shadow tree in it) is never checked in the page.
  if (!driver.marks.get(snap)) return { ...t, unwatched: true };
  const s = await page.context().newCDPSession(page);
  const probes: Array<{ node: Node; selector: Selector; what: string }> = [];
  for (const n of indexSnapshot(snap).nodes) {
    const name = n.contentDescription;
    if (n.role === null || n.rawRole === 'StaticText' || n.rawRole === 'RootWebArea' || !name || !n.visible) continue;
    if (kinds.includes('role')) probes.push({ node: n, selector: locatorOf(n, name), what: `${where}: ${n.rawRole} "${name.slice(0, 40)}"` });
    const label = labelOf(n);
    if (label && kinds.includes('label')) probes.push({ node: n, selector: [{ kind: 'label', text: label, exact: true }], what: `${where}: getByLabel("${label.slice(0, 40)}")` });
  }
  const toChange: typeof probes = [];
  for (const p of probes) {
    const matches = resolveSelector(snap, p.selector);
    if (!matches.includes(p.node) || (matches.length === 1 && t.unique >= most)) continue;
    const said = await driver.stillResolves(snap, p.node, p.selector);
    if (p.selector[0]!.kind === 'label') t.labels++;
    if (matches.length === 1) {
      t.unique++;
      if (said) { t.confirmed++; if (toChange.length < changed) toChange.push(p); } else t.declined.push(p.what);
    } else {
      t.several++;
      if (said) t.wrong.push(`${p.what}: confirmed with ${matches.length} matches`);
    }
  }
  for (const p of toChange) {
    const id = p.node.platform.backendNodeId as number;
    for (const [change, make, undo] of CHANGES) {
      await onElement(s, id, make);
      const said = await driver.stillResolves(snap, p.node, p.selector);
      const now = resolveSelector(await device.snapshot(), p.selector);
      const alone = now.length === 1 && now[0]!.id === p.node.id;
      t.changes++;
      if (alone) t.stillAlone++;
      if (said) t.confirmedAfterChange++;
      if (said && !alone) t.wrong.push(`${p.what}, after ${change}: confirmed, a fresh capture finds ${now.length} match(es)`);
      await onElement(s, id, undo);
    }
  }
  await s.detach();
  return t;
}

/** Sums tallies of several pages. */
export function sumTallies(ts: readonly StillResolvesTally[]): StillResolvesTally & { pages: number; unwatchedPages: number } {
  const sum = { unique: 0, confirmed: 0, declined: [] as string[], several: 0, labels: 0, changes: 0, stillAlone: 0, confirmedAfterChange: 0, wrong: [] as string[], unwatched: false, pages: ts.length, unwatchedPages: 0 };
  for (const t of ts) {
    sum.unique += t.unique; sum.confirmed += t.confirmed; sum.declined.push(...t.declined); sum.several += t.several; sum.labels += t.labels;
    sum.changes += t.changes; sum.stillAlone += t.stillAlone; sum.confirmedAfterChange += t.confirmedAfterChange; sum.wrong.push(...t.wrong);
    if (t.unwatched) sum.unwatchedPages++;
  }
  return sum;
}
