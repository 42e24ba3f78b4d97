// A capture asks Chromium's DOM snapshot for no DOM rects and reads the client and scroll rects of the
// boxes that clip or scroll, and of frame owners, from their elements (formats/cdp-rects.ts): the
// in-page capture reads them with its answer, devices/web.ts fillRects reads any it did not. Both must
// be what Chromium's own includeDOMRects answer holds, and the snapshot built from them the same.
import { test, expect, type Browser } from '@playwright/test';
import { importCdp, WebDriver } from '../../src/index.js';
import { fillRects } from '../../src/devices/web.js';
import { DOM_SNAPSHOT_PARAMS, type DomSnapshot } from '../../src/formats/cdp-types.js';
import { recordCdpCalls } from '../helpers/cdp-calls.js';
import { launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

// Scroll containers cut short and scrolled (wrapped), frames and a scrollable region (axe fixtures), a
// code block (APG), replaced elements and controls that clip (axe's image-alt and input-button-name).
const PAGES = ['pages/wrapped.html', 'axe-scrollable-region-focusable.html', 'axe-color-contrast.html', 'apg/content/patterns/switch/examples/switch.html',
  'axe-image-alt.html', 'axe-input-button-name.html'];

/** Each layout object's rects that `ours` holds must be Chromium's; answers how many it holds. */
function sameRects(ours: DomSnapshot, chromium: DomSnapshot): number {
  let filled = 0;
  ours.documents.forEach((d, doc) => d.layout.clientRects!.forEach((rect, li) => {
    if (rect.length === 0) return;
    filled++;
    const theirs = chromium.documents[doc]!.layout;
    expect([rect, d.layout.scrollRects![li]], `layout object ${li} of document ${doc}`).toEqual([theirs.clientRects![li], theirs.scrollRects![li]]);
  }));
  return filled;
}

for (const name of PAGES) {
  test(`the rects read from the elements are Chromium's own: ${name}`, async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(`${site.url}/${name}`, { waitUntil: 'networkidle' });
    const calls = recordCdpCalls(page);
    const driver = new WebDriver(page);
    // The device's capture: read in the page where it is one document (none left to fillRects), else by
    // fillRects. A page still changing between the snapshot and the pass is read from Chromium's tree
    // (and its rects by fillRects): it is read again.
    let recorded = await driver.record(), made = [...calls];
    for (let again = 0; again < 3 && made.includes('Accessibility.getFullAXTree') && recorded.dom.documents.length === 1; again++) {
      const from = calls.length;
      recorded = await driver.record();
      made = calls.slice(from);
    }
    const frames = recorded.dom.documents.length > 1;
    expect(made.includes('DOM.resolveNode')).toBe(frames);
    const s = await page.context().newCDPSession(page);
    const chromium = (await s.send('DOMSnapshot.captureSnapshot', { ...DOM_SNAPSHOT_PARAMS, includeDOMRects: true })) as unknown as DomSnapshot;
    expect(sameRects(recorded.dom, chromium)).toBeGreaterThan(0);
    // fillRects alone, on Chromium's answer emptied of its rects.
    const ours = structuredClone(chromium);
    for (const d of ours.documents) { delete d.layout.clientRects; delete d.layout.scrollRects; }
    await fillRects(s, ours);
    expect(sameRects(ours, chromium)).toBeGreaterThan(0);
    expect(importCdp({ ...recorded, dom: ours }).roots).toEqual(importCdp({ ...recorded, dom: chromium }).roots);
    expect(importCdp(recorded).roots).toEqual(importCdp({ ...recorded, dom: chromium }).roots);
    await s.detach();
    await driver.close();
    await page.close();
  });
}
