import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { DomSnapshot, Finding } from 'treewright';

/** axe-core's rules and the treewright web rule each overlaps with. */
export const RULE_PAIRS: ReadonlyArray<{ axe: string; treewright: string }> = [
  { axe: 'input-button-name', treewright: 'accessible-name' },
  { axe: 'aria-command-name', treewright: 'accessible-name' },
  { axe: 'aria-toggle-field-name', treewright: 'accessible-name' },
  { axe: 'button-name', treewright: 'accessible-name' },
  { axe: 'link-name', treewright: 'accessible-name' },
  { axe: 'image-alt', treewright: 'accessible-name' },
  { axe: 'role-img-alt', treewright: 'accessible-name' },
  { axe: 'svg-img-alt', treewright: 'accessible-name' },
  { axe: 'input-image-alt', treewright: 'accessible-name' },
  { axe: 'aria-input-field-name', treewright: 'accessible-name' },
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
 * Runs the axe rules of `pairs` on the page in one axe.run (axe-core injected into the page, for the
 * test only) and compares, per rule, the elements axe reports with the treewright findings of the
 * paired rule, by backend DOM node id (a finding on a text node counts for the element holding it).
 */
export async function compareRules(page: Page, label: string, pairs: ReadonlyArray<{ axe: string; treewright: string }>, findings: readonly Finding[]): Promise<RuleAgreement[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  // A string, not a function: the test transpiler's helpers (__name) do not exist in the page. Each
  // element axe judged is marked with its verdict per rule (data-tw-axe-<k>, k the pair's index), then
  // one DOM snapshot gives their backend ids.
  const rules = [...new Set(pairs.map((p) => p.axe))];
  const names = (await page.evaluate(`(async () => {
    const rules = ${JSON.stringify(rules)};
    const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations', 'passes'] });
    const names = [];
    for (const [k, mark] of [['violations', 'v'], ['passes', 'p']]) for (const x of r[k]) for (const n of x.nodes) {
      const e = document.querySelector(n.target[0]);
      if (!e) continue;
      e.setAttribute('data-tw-axe-' + rules.indexOf(x.id), mark + names.length);
      names.push('<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '>' + (e.textContent || '').trim().slice(0, 24));
    }
    return names;
  })()`)) as string[];
  const cdp = await page.context().newCDPSession(page);
  const snap = (await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] })) as unknown as DomSnapshot;
  await cdp.detach();
  await page.evaluate(`for (const e of document.querySelectorAll('*')) for (const a of [...e.attributes]) if (a.name.startsWith('data-tw-axe-')) e.removeAttribute(a.name)`);
  // Per rule, the backend ids of each marked element and of its text children (where a contrast finding sits).
  const marked = rules.map(() => new Map<number, { ids: Set<number>; name: string; violation: boolean }>());
  const doc = snap.documents[0]!;
  const ids = doc.nodes.backendNodeId ?? [], parents = doc.nodes.parentIndex ?? [], attrs = doc.nodes.attributes ?? [];
  for (let i = 0; i < ids.length; i++) {
    const a = attrs[i] ?? [];
    for (let k = 0; k + 1 < a.length; k += 2) {
      const attr = snap.strings[a[k]!]!;
      if (!attr.startsWith('data-tw-axe-')) continue;
      const mark = snap.strings[a[k + 1]!]!;
      marked[Number(attr.slice('data-tw-axe-'.length))]!.set(i, { ids: new Set([ids[i]!]), name: names[Number(mark.slice(1))] ?? mark, violation: mark.startsWith('v') });
    }
  }
  for (let i = 0; i < ids.length; i++) {
    const p = parents[i] ?? -1;
    if (doc.nodes.nodeType?.[i] === 3) for (const m of marked) if (m.has(p)) m.get(p)!.ids.add(ids[i]!);
  }
  return pairs.map((pair) => {
    const byElement = marked[rules.indexOf(pair.axe)]!;
    const violations = [...byElement.values()].filter((m) => m.violation);
    const applicable = [...byElement.values()];
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
  });
}
