// The in-page accessibility computation (src/devices/web-inpage-ax.ts) agrees with Chromium's own
// getFullAXTree node by node: the role, the accessible name and whether the node is in the tree, on
// the corpus pages, axe-core's rule fixtures and a sample of the APG examples (all 76 in `npm run bench`).
import { test, expect, type Browser } from '@playwright/test';
import { INPAGE_AX } from '../../src/devices/web-inpage-ax.js';
import { compareInpageAx, disagreementLine, inpageAxOnPages } from '../helpers/inpage-ax-compare.js';
import { APG_SAMPLE, AXE_PAGES, HIT_PAGES, launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

const PAGES = [...new Set([...HIT_PAGES, ...AXE_PAGES, ...APG_SAMPLE])];

test('roles, names and the ignored bit worked out in the page agree with getFullAXTree on ≥ 99% of nodes', async () => {
  test.setTimeout(120_000);
  const t = await inpageAxOnPages(browser, site.url, PAGES);
  // Every disagreement is printed, as the bench prints them.
  for (const d of t.disagreements) console.log(`in-page AX disagreement: ${disagreementLine(d)}`);
  console.log(`in-page AX vs getFullAXTree on ${PAGES.length} pages: elements ${t.elements}, roles ${t.roles}, names ${t.names}; texts ${t.texts}, names ${t.textNames}; in or out of the tree ${t.decisions}/${t.decided}`);
  expect(t.elements).toBeGreaterThanOrEqual(1000);
  expect(t.roles / t.elements).toBeGreaterThanOrEqual(0.99);
  expect(t.names / t.elements).toBeGreaterThanOrEqual(0.99);
  expect(t.textNames / t.texts).toBeGreaterThanOrEqual(0.99);
  expect(t.decisions / t.decided).toBeGreaterThanOrEqual(0.99);
});

test('the comparison fails a computation that breaks one rule (names from content for every role)', async () => {
  const broken = INPAGE_AX.replace('if (FROM_CONTENT.has(role) ||', 'if (true ||');
  expect(broken).not.toBe(INPAGE_AX);
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/pages/shop.html`);
    const good = await compareInpageAx(page, 'shop', INPAGE_AX);
    const bad = await compareInpageAx(page, 'shop', broken);
    expect(good.names / good.elements).toBeGreaterThanOrEqual(0.99);
    expect(bad.names / bad.elements).toBeLessThan(0.9);
  } finally {
    await page.close();
  }
});
