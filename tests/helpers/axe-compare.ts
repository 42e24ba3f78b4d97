import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Finding } from '../../src/index.js';

/** axe-core's rules and the treewright web rule each overlaps with. */
export const RULE_PAIRS: ReadonlyArray<{ axe: string; treewright: string }> = [
  { axe: 'input-button-name', treewright: 'accessible-name' },
  { axe: 'aria-command-name', treewright: 'accessible-name' },
  { axe: 'aria-toggle-field-name', treewright: 'accessible-name' },
  { axe: 'button-name', treewright: 'accessible-name' },
  { axe: 'link-name', treewright: 'accessible-name' },
  { axe: 'image-alt', treewright: 'accessible-name' },
  { axe: 'label', treewright: 'accessible-name' },
  { axe: 'select-name', treewright: 'accessible-name' },
  { axe: 'color-contrast', treewright: 'text-contrast' },
  { axe: 'target-size', treewright: 'target-size' },
];

/** axe rules of the shared pages with no treewright counterpart (named in the bench, never silently skipped). */
export const AXE_ONLY = ['nested-interactive', 'scrollable-region-focusable'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface RuleAgreement {
  page: string;
  axe: string;
  treewright: string;
  /** Elements axe reports (violations) and how many treewright reports too. */
  axeViolations: number;
  alsoTreewright: number;
  /** Elements treewright reports among those axe gives a verdict on (violation or pass; not 'incomplete'), and how many axe reports too. */
  treewrightFindings: number;
  alsoAxe: number;
  /** What each side reported that the other did not. */
  onlyAxe: string[];
  onlyTreewright: string[];
}

/**
 * Runs one axe rule on the page (axe-core injected into the page, for the test only) and compares the
 * elements it reports with the treewright findings of the paired rule, by backend DOM node id (a
 * finding on a text node counts for the element holding it).
 */
export async function compareRule(page: Page, label: string, pair: { axe: string; treewright: string }, findings: readonly Finding[]): Promise<RuleAgreement> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // A string, not a function: the test transpiler's helpers (__name) do not exist in the page.
  const groups = await page.evaluateHandle(`(async () => {
    const r = await axe.run(document, { runOnly: { type: 'rule', values: [${JSON.stringify(pair.axe)}] }, resultTypes: ['violations', 'passes', 'incomplete'] });
    const els = (k) => r[k].flatMap((x) => x.nodes.map((n) => document.querySelector(n.target[0]))).filter(Boolean);
    return { violations: els('violations'), applicable: [...els('violations'), ...els('passes')] };
  })()`) as import('@playwright/test').JSHandle<{ violations: Element[]; applicable: Element[] }>;
  const cdp = await page.context().newCDPSession(page);
  // Backend ids of each element and of its text children (where a contrast finding sits).
  const idsOf = async (key: 'violations' | 'applicable') => {
    const arr = await groups.evaluateHandle((g, k) => g[k as 'violations'], key);
    const len = await arr.evaluate((a) => a.length);
    const out: Array<{ ids: Set<number>; name: string }> = [];
    for (let k = 0; k < len; k++) {
      const el = await arr.evaluateHandle((a, i) => a[i]!, k);
      const kids = await el.evaluateHandle((e) => [e, ...Array.from(e.childNodes).filter((c) => c.nodeType === 3)]);
      const count = await kids.evaluate((a) => a.length);
      const ids = new Set<number>();
      for (let c = 0; c < count; c++) {
        const h = await kids.evaluateHandle((a, i) => a[i]!, c);
        const desc = (await cdp.send('DOM.describeNode', { objectId: await objectIdOf(cdp, h) })) as { node: { backendNodeId: number } };
        ids.add(desc.node.backendNodeId);
      }
      out.push({ ids, name: await el.evaluate((e) => `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}>${(e.textContent ?? '').trim().slice(0, 24)}`) });
    }
    return out;
  };
  const violations = await idsOf('violations');
  const applicable = await idsOf('applicable');
  await cdp.detach();
  const ours = findings.filter((f) => f.rule === pair.treewright && f.nodeId !== null);
  const reported = new Set(ours.map((f) => Number(f.nodeId)));
  const inApplicable = ours.filter((f) => applicable.some((a) => a.ids.has(Number(f.nodeId))));
  const axeHas = (id: number) => violations.some((v) => v.ids.has(id));
  const alsoTreewright = violations.filter((v) => [...v.ids].some((id) => reported.has(id)));
  const alsoAxe = inApplicable.filter((f) => axeHas(Number(f.nodeId)));
  return {
    page: label, axe: pair.axe, treewright: pair.treewright,
    axeViolations: violations.length, alsoTreewright: alsoTreewright.length,
    treewrightFindings: inApplicable.length, alsoAxe: alsoAxe.length,
    onlyAxe: violations.filter((v) => !alsoTreewright.includes(v)).map((v) => v.name),
    onlyTreewright: inApplicable.filter((f) => !alsoAxe.includes(f)).map((f) => f.node ?? String(f.nodeId)),
  };
}

async function objectIdOf(cdp: import('@playwright/test').CDPSession, handle: import('@playwright/test').JSHandle): Promise<string> {
  // Playwright's handles live in its own session; mark the node and find it again from ours.
  const mark = `tw${Math.random().toString(36).slice(2)}`;
  await handle.evaluate((n, m) => { (window as unknown as Record<string, unknown>)[m] = n; }, mark);
  const r = (await cdp.send('Runtime.evaluate', { expression: `window[${JSON.stringify(mark)}]` })) as { result: { objectId: string } };
  await handle.evaluate((_n, m) => { delete (window as unknown as Record<string, unknown>)[m]; }, mark);
  return r.result.objectId;
}
