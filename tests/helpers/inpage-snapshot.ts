// The in-page capture (src/devices/web-inpage-capture.ts, joined by src/formats/cdp-inpage.ts) held to
// the real thing byte for byte: the snapshot the web device takes from Chromium's own getFullAXTree.
// Shared by tests/web/inpage.spec.ts (the floor) and bench/web.ts (the figure on every page).
import type { Page } from '@playwright/test';
import { inpageCaptureExpression } from '../../src/devices/web-inpage-capture.js';
import { WebDriver } from '../../src/devices/web.js';
import { importCdp } from '../../src/formats/cdp.js';
import { axFromInpage, decodeInpage } from '../../src/formats/cdp-inpage.js';
import { readStill } from './dom-order.js';
import { chromiumMajor } from './inpage-ax-compare.js';

export interface SnapshotComparison {
  page: string;
  /** Whether the two snapshots' JSON is the same, byte for byte (their content hashes aside). */
  identical: boolean;
  /** The first node-level differences: a node only one side has, or a field that differs. */
  differences: string[];
  /**
   * Whether the in-page answer with its one fast path (::before / ::after read only where the page's
   * style sheets may make a box, src/devices/web-inpage-pseudo-hosts.ts) is the answer that reads them
   * of every element, character for character.
   */
  sameAsEveryPseudo: boolean;
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
  const driver = new WebDriver(page, { axTree: 'chromium' });
  const cdp = await page.context().newCDPSession(page);
  try {
    const compared = await readStill(cdp, async () => {
      // Any change between the two reads (a carousel turning) would be a difference of the page's, not of the pass.
      await page.evaluate(WATCH);
      const capture = await driver.record();
      const { text, plain, changed } = (await page.evaluate(`(() => { const text = ${inpageCaptureExpression(chromium, true)}, plain = ${inpageCaptureExpression(chromium, true, true)}; return { text, plain, changed: window.__twChanges() }; })()`)) as { text: string; plain: string; changed: number };
      const answer = changed > 0 ? null : decodeInpage(text);
      const ax = answer && axFromInpage(answer, capture.dom);
      if (!ax) return null;
      const chromiumSide = importCdp(capture);
      const inpageSide = importCdp({ ...capture, ax });
      const json = (s: unknown) => JSON.stringify(s, (k, v: unknown) => (k === 'generation' || k === 'capturedAt' ? undefined : v));
      const identical = json(chromiumSide) === json(inpageSide);
      return { page: label, identical, differences: identical ? [] : nodeDifferences(chromiumSide.roots, inpageSide.roots), sameAsEveryPseudo: text === plain };
    });
    return compared ?? { page: label, identical: false, differences: [], sameAsEveryPseudo: false, unjudged: true };
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
