import { test, expect } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { audit, webDevice } from 'treewright';
import { compareHittability, type HitComparison } from '../helpers/web-oracle.js';
import { compareRule, RULE_PAIRS, type RuleAgreement } from '../helpers/axe-compare.js';
import { AXE_PAGES, HIT_PAGES, launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

test('treewright’s hittable agrees with Chromium’s elementFromPoint on ≥ 99% of ≥ 300 touch targets', async () => {
  test.setTimeout(120_000);
  const total: HitComparison = { compared: 0, agreed: 0, disagreements: [] };
  for (const p of HIT_PAGES) {
    const page = await browser.newPage();
    await page.goto(`${site.url}/${p}`);
    const device = await webDevice(page);
    const c = await compareHittability(page, await device.snapshot(), p);
    total.compared += c.compared; total.agreed += c.agreed; total.disagreements.push(...c.disagreements);
    await page.close();
  }
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

test('web a11y findings agree with axe-core on ≥ 95% of elements both ways, per overlapping rule', async () => {
  test.setTimeout(120_000);
  const byRule = new Map<string, RuleAgreement[]>();
  for (const p of AXE_PAGES) {
    const page = await browser.newPage();
    await page.goto(`${site.url}/${p}`);
    const findings = audit(await (await webDevice(page)).snapshot());
    for (const pair of RULE_PAIRS) {
      const r = await compareRule(page, p, pair, findings);
      byRule.set(pair.axe, [...(byRule.get(pair.axe) ?? []), r]);
    }
    await page.close();
  }
  let overlapping = 0;
  for (const [rule, rs] of byRule) {
    const sum = (k: 'axeViolations' | 'alsoTreewright' | 'treewrightFindings' | 'alsoAxe') => rs.reduce((a, r) => a + r[k], 0);
    if (sum('axeViolations') === 0 && sum('treewrightFindings') === 0) continue;
    overlapping++;
    const detail = JSON.stringify(rs.filter((r) => r.onlyAxe.length || r.onlyTreewright.length), null, 1);
    if (sum('axeViolations')) expect(sum('alsoTreewright') / sum('axeViolations'), `${rule}: axe → treewright ${detail}`).toBeGreaterThanOrEqual(0.95);
    if (sum('treewrightFindings')) expect(sum('alsoAxe') / sum('treewrightFindings'), `${rule}: treewright → axe ${detail}`).toBeGreaterThanOrEqual(0.95);
  }
  expect(overlapping).toBeGreaterThanOrEqual(8);
});
