// The in-page states computation (src/devices/web-inpage-states.ts) agrees with Chromium's own
// getFullAXTree element by element, on every property the web importer reads, on the corpus pages and
// axe-core's rule fixtures (npx tsx over all 111 fixture pages gives the same picture: the APG examples).
import { test, expect, type Browser } from '@playwright/test';
import { PROPS, compareStatesOnPages } from '../helpers/inpage-states-compare.js';
import { AXE_PAGES, HIT_PAGES, launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

const PAGES = [...new Set([...HIT_PAGES, ...AXE_PAGES])];

test('states worked out in the page agree with getFullAXTree on ≥ 99% of elements, property by property, and on ≥ 99% of the states Chromium reports', async () => {
  test.setTimeout(120_000);
  const t = await compareStatesOnPages(browser, site.url, PAGES);
  for (const d of t.disagreements) console.log(`in-page states disagreement: ${d.page}: ${d.node} (${d.role}) ${d.prop}: Chromium ${d.chromium}, in the page ${d.inpage}`);
  console.log(`in-page states vs getFullAXTree on ${PAGES.length} pages, ${t.nodes} elements: ${PROPS.map((p) => `${p} ${t.statedAgreed[p]}/${t.stated[p]} stated`).join(', ')}`);
  expect(t.nodes).toBeGreaterThanOrEqual(1000);
  for (const p of PROPS) expect(t.agreed[p] / t.nodes, p).toBeGreaterThanOrEqual(0.99);
  // Most elements state little: agreement on what Chromium does state is the figure that can fall.
  const stated = PROPS.reduce((a, p) => a + t.stated[p], 0), statedAgreed = PROPS.reduce((a, p) => a + t.statedAgreed[p], 0);
  expect(stated).toBeGreaterThanOrEqual(500);
  expect(statedAgreed / stated).toBeGreaterThanOrEqual(0.99);
  // Each property the pages exercise at all is held to it on its own too.
  for (const p of PROPS) if (t.stated[p] >= 20) expect(t.statedAgreed[p] / t.stated[p], p).toBeGreaterThanOrEqual(0.95);
});
