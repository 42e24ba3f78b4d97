// The engine-as-ground-truth loops over a set of pages, shared by tests/web/ground-truth.spec.ts (which
// asserts the targets) and bench/web.ts (which prints the figures): each page in a fresh tab, captured
// through a web device, then judged by Chromium (elementFromPoint) or axe-core.
import type { Browser, Page } from '@playwright/test';
import { audit, webDevice, type Snapshot } from '../../src/index.js';
import { compareHittability, type HitComparison } from './web-oracle.js';
import { compareRules, RULE_PAIRS, type RuleAgreement } from './axe-compare.js';

/** The pages are independent (one tab each, nothing shared), so they are judged side by side; the answers come back in page order. */
function eachPage<T>(browser: Browser, base: string, pages: readonly string[], judge: (page: Page, snapshot: Snapshot, path: string) => Promise<T>): Promise<T[]> {
  return Promise.all(pages.map(async (path) => {
    const page = await browser.newPage();
    try {
      // Only the served site: a page's links to other hosts fail at once, with or without a network.
      await page.route((url) => !url.href.startsWith(`${base}/`), (route) => route.abort());
      await page.goto(`${base}/${path}`);
      return await judge(page, await (await webDevice(page)).snapshot(), path);
    } finally {
      await page.close();
    }
  }));
}

/** treewright's hittable against Chromium's elementFromPoint over every page. */
export async function hittabilityOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<HitComparison> {
  const total: HitComparison = { compared: 0, agreed: 0, disagreements: [] };
  for (const c of await eachPage(browser, base, pages, (page, snapshot, path) => compareHittability(page, snapshot, path))) {
    total.compared += c.compared; total.agreed += c.agreed; total.disagreements.push(...c.disagreements);
  }
  return total;
}

/** Pages judged by axe-core at a time: axe is heavy on a large page, and a shared machine has few cores. */
const AXE_BATCH = 4;

/** Per axe rule (RULE_PAIRS), its agreement with the paired treewright rule on each page. */
export async function axeAgreementOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<Map<string, RuleAgreement[]>> {
  const perPage: RuleAgreement[][] = [];
  for (let k = 0; k < pages.length; k += AXE_BATCH) {
    perPage.push(...await eachPage(browser, base, pages.slice(k, k + AXE_BATCH), (page, snapshot, path) => compareRules(page, path, RULE_PAIRS, audit(snapshot))));
  }
  const byRule = new Map<string, RuleAgreement[]>();
  for (const agreements of perPage) RULE_PAIRS.forEach((pair, k) => byRule.set(pair.axe, [...(byRule.get(pair.axe) ?? []), agreements[k]!]));
  return byRule;
}
