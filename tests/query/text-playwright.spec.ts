// byText / getByText take Playwright's rule — the innermost element whose text matches — checked against
// Playwright's own page.getByText on real pages (a shop page and W3C APG examples): every string shown on
// the page, as a substring and exact, finds the same elements in both.
import { test, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { webDevice } from 'treewright';
import { resolveSelector, walk, type Node, type Snapshot } from 'treewright/core';
import { launch, serveFixtures } from '../web/helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

// Pages whose elements all reach Chromium's accessibility tree. Where an inline element is left out of
// it (a <span> or <kbd> with no role, the APG pages' highlighted code listings) or a hidden element is
// (display: none), its text can only be found on the element above it, or not at all.
const PAGES = ['pages/shop.html', 'pages/dialogs.html', 'pw-wrappedlink.html'];

/** The element each treewright match stands for (its DOM element, or a text run's parent element), by its position in the document. */
async function elementsOf(page: Page, nodes: readonly Node[], known: Map<number, string>): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const out: string[] = [];
  for (const n of nodes) {
    const id = n.platform.backendNodeId as number;
    if (known.has(id)) { out.push(known.get(id)!); continue; }
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: n.platform.backendNodeId as number });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!, returnByValue: true,
      functionDeclaration: 'function () { const e = this.nodeType === 1 ? this : this.parentElement; return [...document.querySelectorAll("*")].indexOf(e); }',
    });
    known.set(id, String(result.value));
    out.push(String(result.value));
  }
  await cdp.detach();
  return [...new Set(out)];
}

async function agreement(page: Page, snapshot: Snapshot, strings: readonly string[]) {
  const differ: string[] = [];
  let compared = 0, found = 0;
  const known = new Map<number, string>();
  for (const s of strings) {
    for (const exact of [false, true]) {
      const ours = await elementsOf(page, resolveSelector(snapshot, [{ kind: 'text', text: s, exact, getBy: true }]), known);
      const theirs = await page.getByText(s, { exact }).evaluateAll((els) => els.map((e) => String(Array.prototype.indexOf.call(document.querySelectorAll('*'), e))));
      compared++;
      found += theirs.length;
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differ.push(`${JSON.stringify(s)} exact=${exact}: treewright ${ours.join(',')} / Playwright ${theirs.join(',')}`);
    }
  }
  return { compared, found, differ };
}

test("getByText finds the elements Playwright's getByText finds, for every string on real pages", async () => {
  test.setTimeout(180_000);
  let compared = 0, found = 0;
  const differ: string[] = [];
  for (const path of PAGES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route((url) => !url.href.startsWith(site.url), (route) => route.abort());
    await page.goto(`${site.url}/${path}`);
    const snapshot = await (await webDevice(page)).snapshot();
    const texts = new Set<string>();
    walk(snapshot, ({ node }) => { if (node.text?.trim()) texts.add(node.text.trim()); });
    // At most 40 strings a page, spread over it: Playwright's getByText scans the page once per string.
    const all = [...texts];
    const r = await agreement(page, snapshot, all.filter((_, k) => k % Math.ceil(all.length / 40) === 0));
    console.log(`${path}: ${r.compared - r.differ.length}/${r.compared} agree${r.differ.length ? '\n  ' + r.differ.join('\n  ') : ''}`);
    compared += r.compared;
    found += r.found;
    differ.push(...r.differ.map((d) => `${path}: ${d}`));
    await page.close();
  }
  expect(differ).toEqual([]);
  expect(compared).toBeGreaterThan(80);
  expect(found).toBeGreaterThan(compared / 2);
});
