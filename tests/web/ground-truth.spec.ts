import { test, expect } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { webDevice } from 'treewright';
import { axeAgreementOnPages, hittabilityOnPages } from '../helpers/web-agreement.js';
import { APG_SAMPLE, AXE_PAGES, HIT_PAGES, launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

// The two agreements are independent and long: each worker runs one, with its own browser and site.
test.describe.configure({ mode: 'parallel' });

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

/**
 * A sample of the APG example pages for hit-testing (real pages beyond the corpus; all 72 run in `npm
 * run bench`): wrapped running text with inline links, a scrolling listbox, tabs.
 */
const HIT_APG_SAMPLE = [
  'apg/content/patterns/landmarks/examples/general-principles.html',
  'apg/content/patterns/listbox/examples/listbox-scrollable.html',
  'apg/content/patterns/tabs/examples/tabs-actions.html',
];

test('treewright’s hittable agrees with Chromium’s elementFromPoint on ≥ 99% of ≥ 300 touch targets', async () => {
  test.setTimeout(240_000);
  const total = await hittabilityOnPages(browser, site.url, [...HIT_PAGES, ...HIT_APG_SAMPLE]);
  // Every disagreement is printed, as the bench prints them.
  for (const d of total.disagreements) console.log(`hittability disagreement: ${d.page}: treewright hittable=${d.treewright}, Chromium hit ${d.chromium} at ${d.tap.x},${d.tap.y}: ${d.node}`);
  console.log(`hittability vs elementFromPoint: ${total.agreed}/${total.compared} agree`);
  expect(total.compared).toBeGreaterThanOrEqual(300);
  expect(total.agreed / total.compared, JSON.stringify(total.disagreements, null, 1)).toBeGreaterThanOrEqual(0.99);
  // Both answers occur: the corpus has covered targets, so agreement is not "everything is hittable".
  const page = await browser.newPage();
  await page.goto(`${site.url}/pages/stacking.html`);
  const snap = await (await webDevice(page)).snapshot();
  const { analyzeReachability, walk } = await import('treewright');
  const reach = analyzeReachability(snap);
  let unhittable = 0;
  walk(snap, ({ node }) => { if (reach.get(node).hittable === false && reach.get(node).tap) unhittable++; });
  expect(unhittable).toBeGreaterThan(3);
  await page.close();
});

test('web a11y findings agree with axe-core run live on ≥ 95% of elements both ways, per overlapping rule, on axe-core\'s fixtures and a sample of APG pages', async () => {
  test.setTimeout(180_000);
  const byRule = await axeAgreementOnPages(browser, site.url, [...AXE_PAGES, ...APG_SAMPLE]);
  let overlapping = 0;
  for (const [rule, rs] of byRule) {
    const sum = (k: 'axeViolations' | 'alsoTreewright' | 'treewrightFindings' | 'alsoAxe') => rs.reduce((a, r) => a + r[k], 0);
    if (sum('axeViolations') === 0 && sum('treewrightFindings') === 0) continue;
    overlapping++;
    const detail = JSON.stringify(rs.filter((r) => r.onlyAxe.length || r.onlyTreewright.length), null, 1);
    if (sum('axeViolations')) expect(sum('alsoTreewright') / sum('axeViolations'), `${rule}: axe → treewright ${detail}`).toBeGreaterThanOrEqual(0.95);
    if (sum('treewrightFindings')) expect(sum('alsoAxe') / sum('treewrightFindings'), `${rule}: treewright → axe ${detail}`).toBeGreaterThanOrEqual(0.95);
  }
  expect(overlapping).toBeGreaterThanOrEqual(12);
});
