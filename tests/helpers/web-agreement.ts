// The engine-as-ground-truth loops over a set of pages, shared by tests/web/ground-truth.spec.ts (which
// asserts the targets) and bench/web.ts (which prints the figures): each page in a fresh tab, captured
// through a web device, then judged by Chromium (elementFromPoint) or axe-core.
import type { Browser, Page } from '@playwright/test';
import { audit, webDevice, type Snapshot } from '../../src/index.js';
import { compareHittability, type HitComparison } from './web-oracle.js';
import { compareRules, RULE_PAIRS, type RuleAgreement } from './axe-compare.js';
import { onFixturePages } from './fixture-pages.js';

/** Pages judged at once: enough to overlap one page's waits with another's work, few enough that none waits its load timeout behind the rest. */
const AT_ONCE = 6;

/** Each page (fixture-pages.ts) judged on a capture through a web device. */
function eachPage<T>(browser: Browser, base: string, pages: readonly string[], judge: (page: Page, snapshot: Snapshot, path: string) => Promise<T>): Promise<T[]> {
  return onFixturePages(browser, base, pages, async (page, path) => judge(page, await (await webDevice(page)).snapshot(), path), AT_ONCE);
}

/**
 * treewright's hittable against Chromium's elementFromPoint over every page. A page's own scripts may
 * still be laying it out after load (inserting buttons, a skip link, fonts): both sides must judge the
 * same layout, so the page is captured again once its layout holds still (settled).
 */
export async function hittabilityOnPages(browser: Browser, base: string, pages: readonly string[]): Promise<HitComparison> {
  const total: HitComparison = { compared: 0, agreed: 0, disagreements: [] };
  // Captured once, after the layout holds still (not also on load, as eachPage would).
  const judge = async (page: Page, path: string) => {
    await settled(page);
    return compareHittability(page, await (await webDevice(page)).snapshot(), path);
  };
  for (const c of await onFixturePages(browser, base, pages, judge, AT_ONCE)) {
    total.compared += c.compared; total.agreed += c.agreed; total.disagreements.push(...c.disagreements);
  }
  return total;
}

/**
 * Waits until the page's layout holds still: no request in flight, then the same element count and
 * box of every element over STILL_FRAMES animation frames in a row (counted in frames the page paints,
 * not in time), at most MOST_FRAMES.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // As source text: the bench's TypeScript loader would wrap named inner functions in helpers the page lacks.
  await page.evaluate(`(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const shape = () => {
      const all = document.querySelectorAll('*');
      let sum = all.length;
      for (const e of all) { const r = e.getBoundingClientRect(); sum = (sum * 31 + r.x * 7 + r.y * 13 + r.width * 3 + r.height) % 1e9; }
      return sum;
    };
    // A page that animates for ever (a rotating carousel) is judged after MOST_FRAMES frames, as it is then.
    for (let same = 0, n = 0, last = shape(); same < ${STILL_FRAMES} && n < ${MOST_FRAMES}; n++) {
      await frame();
      const now = shape();
      same = now === last ? same + 1 : 0;
      last = now;
    }
  })()`);
}
const STILL_FRAMES = 5, MOST_FRAMES = 120;
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
