// The engine-as-ground-truth loops over a set of pages, shared by tests/web/ground-truth.spec.ts (which
// asserts the targets) and bench/web.ts (which prints the figures): each page in a fresh tab, captured
// through a web device, then judged by Chromium (elementFromPoint) or axe-core.
import type { Browser, Page } from '@playwright/test';
import { audit, webDevice, type Snapshot } from '../../src/index.js';
import { compareHittability, type HitComparison } from './web-oracle.js';
import { compareRule, RULE_PAIRS, type RuleAgreement } from './axe-compare.js';

async function eachPage(browser: Browser, base: string, pages: readonly string[], judge: (page: Page, snapshot: Snapshot, path: string) => Promise<void>): Promise<void> {
  for (const path of pages) {
    const page = await browser.newPage();
    try {
      await page.goto(`${base}/${path}`);
      await judge(page, await (await webDevice(page)).snapshot(), path);
    } finally {
      await page.close();
    }
  }
}

/** treewright's hittable against Chromium's elementFromPoint over every page. */
export async function hittabilityOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<HitComparison> {
  const total: HitComparison = { compared: 0, agreed: 0, disagreements: [] };
  await eachPage(browser, base, pages, async (page, snapshot, path) => {
    const c = await compareHittability(page, snapshot, path);
    total.compared += c.compared; total.agreed += c.agreed; total.disagreements.push(...c.disagreements);
  });
  return total;
}

/** Per axe rule (RULE_PAIRS), its agreement with the paired treewright rule on each page. */
export async function axeAgreementOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<Map<string, RuleAgreement[]>> {
  const byRule = new Map<string, RuleAgreement[]>();
  await eachPage(browser, base, pages, async (page, snapshot, path) => {
    const findings = audit(snapshot);
    for (const pair of RULE_PAIRS) byRule.set(pair.axe, [...(byRule.get(pair.axe) ?? []), await compareRule(page, path, pair, findings)]);
  });
  return byRule;
}
