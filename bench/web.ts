// The web device in Chromium, side by side with Playwright on the same page in the same run, at 500 and
// 5,000 elements: a capture against ariaSnapshot(), a click against getByRole().click() (on a page
// unchanged since the device's last capture, and right after the page changed, when the page is asked
// whether the locator still finds its node, else a capture resolves it: then also the click's own part,
// any capture aside), byRole against getByRole().count(); each a ratio with its target and ok / MISS;
// beside them the same capture with Chromium's own AX tree (axTree: 'chromium') and the in-page roles
// and names alone (devices/web-inpage-ax.ts). The click after a change again on real pages (APG tabs, accordion, checkboxes), and fill
// (APG comboboxes that complete what is typed), and the capture on every fixture page. Then the
// engine as ground truth: hittability vs elementFromPoint, the in-page roles and names vs getFullAXTree,
// the changed page's check of a locator vs fresh captures, getByRole and getByText vs Playwright's on
// every page, and the a11y rules vs axe-core, with every
// disagreement printed. The figures are medians over rounds that alternate the
// two sides.
import { chromium, expect as pwExpect, type Browser, type Page } from '@playwright/test';
import { expect } from '../runner/expect.js';
import { CHROMIUM_ARGS, WebDriver, findChromium, importCdp, resolveSelector, webDevice } from '../src/index.js';
import { countCaptures } from '../tests/helpers/capture-count.js';
import { DOM_SNAPSHOT_PARAMS, type DomSnapshot } from '../src/formats/cdp-types.js';
import { fillRects } from '../src/devices/web.js';
import { median } from './stats.js';
import { RULE_PAIRS, AXE_ONLY } from '../tests/helpers/axe-compare.js';
import { axeAgreementOnPages, hittabilityOnPages } from '../tests/helpers/web-agreement.js';
import { addAgreement, compareInpageAx, disagreementLine, emptyAgreement, inpageAxOnPages } from '../tests/helpers/inpage-ax-compare.js';
import { PROBE_PAGES, onProbePages } from '../tests/helpers/probe-pages.js';
import { compareInpageSnapshot } from '../tests/helpers/inpage-snapshot.js';
import { onFixturePages, onSettledFixturePages } from '../tests/helpers/fixture-pages.js';
import { stillResolvesOnPage, sumTallies } from '../tests/helpers/still-resolves.js';
import { getByRoleAgreement, getByTextAgreement, sumAgreements } from '../tests/helpers/locator-agreement.js';
import { INPAGE_AX } from '../src/devices/web-inpage-ax.js';
import { APG_PAGES, AXE_PAGES, HIT_PAGES } from '../tests/web/helpers.js';
import { serveStatic } from '../examples/web-site/serve.js';
import { WEB_FIXTURES } from '../tests/web/helpers.js';

/**
 * Rounds per figure. An action waits on the page's animation frames (Playwright's and treewright's
 * both), so one click lands anywhere within a frame of another: the clicks' medians need more rounds
 * than a capture's to hold from run to run.
 */
const ROUNDS = 15;

function page(elements: number): string {
  // ~5 elements per row: li, button, a, span, text.
  const rows = Math.round(elements / 5);
  const items = Array.from({ length: rows }, (_, i) => `<li><span>Row ${i}</span> <button>Edit ${i}</button> <a href="#r${i}">Open ${i}</a></li>`).join('');
  return `<!doctype html><title>Bench</title><h1>Bench</h1><button id="go" aria-label="Go" onclick="this.textContent='Clicked '+(++window.n)">Go</button><ul>${items}</ul><script>window.n=0</script>`;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** One figure against its reference: both medians, the ratio, the target and whether it is met. */
function line(what: string, ours: number[], theirs: number[], reference: string, target: number, note = ''): string {
  const r = median(ours) / median(theirs);
  return `  ${what.padEnd(44)} ${median(ours).toFixed(1).padStart(7)} ms vs ${reference} ${median(theirs).toFixed(1).padStart(6)} ms: ${r.toFixed(2)}× (target ≤ ${target}) ${r <= target ? 'ok' : 'MISS'}${note}`;
}

async function measure(p: Page, elements: number): Promise<void> {
  await p.setContent(page(elements));
  const device = await webDevice(p);
  const counter = countCaptures(device.driver);
  // The time the device's captures take inside an action (wrapping the counter's wrapper): the action's
  // own part is the rest, what compares with Playwright's click.
  let captureMs = 0;
  const target = device.driver as { capture: () => Promise<unknown> };
  const counted = target.capture;
  target.capture = async function (this: unknown) { const t = performance.now(); try { return await counted.call(this); } finally { captureMs += performance.now() - t; } };
  // Where a capture's time goes, in the same rounds: each CDP call alone (on a session set up as the
  // device's: Accessibility enabled), and the mapping in Node of a recorded capture.
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('Accessibility.enable');
  // Chromium's own tree (getFullAXTree), where the device's capture works roles, names and states out in the page.
  const recorder = new WebDriver(p, { axTree: 'chromium' });
  const capture: number[] = [], query: number[] = [], pwCount: number[] = [], aria: number[] = [];
  const pwClick: number[] = [], clickAtRest: number[] = [], clickAfterChange: number[] = [];
  const capturesAtRest: number[] = [], capturesAfterChange: number[] = [], actionPart: number[] = [];
  const axAlone: number[] = [], domAlone: number[] = [], together: number[] = [], mapping: number[] = [], inpage: number[] = [], chromiumCapture: number[] = [];
  // Roles, names and the ignored bit worked out in the page (devices/web-inpage-ax.ts), as a capture would
  // take them: one JSON text, parsed in Node (an answer by value costs the page a protocol object per entry).
  const byText = async (expression: string): Promise<unknown> => JSON.parse((await cdp.send('Runtime.evaluate', { expression: `JSON.stringify(${expression})`, returnByValue: true })).result.value as string);
  const inpageAx = () => byText(`(${INPAGE_AX})({})`);
  const go = () => device.byRole('Button', { name: 'Go', exact: true }).click();
  for (let k = 0; k < ROUNDS; k++) {
    aria.push(await time(() => p.locator('body').ariaSnapshot()));
    inpage.push(await time(inpageAx));
    capture.push(await time(() => device.snapshot()));
    // The page is as the device last captured it (an assertion just passed, say): the click resolves on that capture.
    counter.reset();
    clickAtRest.push(await time(go));
    capturesAtRest.push(counter.count);
    // Playwright's click changes the page (the button's text): treewright's next click asks the page
    // whether its locator still finds the button alone (else it captures to resolve).
    pwClick.push(await time(() => p.getByRole('button', { name: 'Go', exact: true }).click()));
    counter.reset();
    captureMs = 0;
    clickAfterChange.push(await time(go));
    capturesAfterChange.push(counter.count);
    actionPart.push(clickAfterChange.at(-1)! - captureMs);
    axAlone.push(await time(() => cdp.send('Accessibility.getFullAXTree')));
    // The DOM snapshot as a capture takes it: with the rects of the boxes that clip or scroll read after.
    const domSnapshot = async () => { const dom = (await cdp.send('DOMSnapshot.captureSnapshot', DOM_SNAPSHOT_PARAMS)) as unknown as DomSnapshot; await fillRects(cdp, dom); return dom; };
    domAlone.push(await time(domSnapshot));
    // Both as a capture issues them (AX first): Chromium's part of a capture, the floor for Node's side.
    together.push(await time(() => Promise.all([cdp.send('Accessibility.getFullAXTree'), domSnapshot()])));
    const recorded = await recorder.record();
    mapping.push(await time(async () => importCdp(recorded)));
    chromiumCapture.push(await time(() => recorder.capture()));
    const snap = await device.snapshot();
    query.push(await time(async () => resolveSelector(snap, [{ kind: 'role', role: 'Button', options: { name: `Edit ${Math.floor(elements / 10)}` } }]).length));
    pwCount.push(await time(() => p.getByRole('button', { name: `Edit ${Math.floor(elements / 10)}`, exact: true }).count()));
  }
  target.capture = counted;
  counter.stop();
  const most = (xs: number[]) => Math.max(...xs);
  console.log(`${elements} elements:`);
  console.log(line('capture', capture, aria, 'ariaSnapshot()', 1.0));
  console.log(line('click, page unchanged since the last capture', clickAtRest, pwClick, 'getByRole().click()', 1.5, ` · ${most(capturesAtRest)} capture(s)`));
  console.log(line('click right after the page changed', clickAfterChange, pwClick, 'getByRole().click()', 1.5, ` · ${most(capturesAfterChange)} capture(s)`));
  console.log(line('  the same click, its capture aside', actionPart, pwClick, 'getByRole().click()', 1.5, ' (resolve, in-page checks, input)'));
  const r = (xs: number[]) => `${median(xs).toFixed(1)} ms (${(median(xs) / median(aria)).toFixed(2)}×)`;
  console.log(`    the same capture with Chromium's own AX tree (axTree: 'chromium'): ${r(chromiumCapture)}; the in-page roles, names and ignored bit alone ${r(inpage)}`);
  console.log(`    a capture's parts, each × ariaSnapshot(): getFullAXTree alone ${r(axAlone)}, DOMSnapshot alone ${r(domAlone)}, both issued together ${r(together)}, mapping in Node ${r(mapping)}`);
  const last = await recorder.record();
  const mb = (v: unknown) => (JSON.stringify(v).length / 1e6).toFixed(1);
  console.log(`    wire: AX tree ${last.ax.length} nodes (${last.ax.filter((n) => n.role?.value === 'InlineTextBox').length} inline text boxes) ${mb(last.ax)} MB JSON, DOM snapshot ${mb(last.dom)} MB`);
  await cdp.detach();
  await recorder.close();
  console.log(line('byRole on a capture', query, pwCount, 'getByRole().count()', 1.0));
}

/**
 * A sign-in form beside the rows: fill a field found by role, fill one found by label, click the button,
 * expect the greeting it shows; Playwright's flow, then treewright's on the same page, each after the
 * other's changed it. The assertion waits for text that is new, so treewright captures for it: a figure
 * of its own (the whole flow as a user feels it), with the captures it took.
 */
async function formFlow(p: Page, elements: number): Promise<void> {
  const rows = Math.round(elements / 5);
  const items = Array.from({ length: rows }, (_, i) => `<li><span>Row ${i}</span> <button>Edit ${i}</button> <a href="#r${i}">Open ${i}</a></li>`).join('');
  await p.setContent(`<!doctype html><title>Bench</title><form onsubmit="event.preventDefault(); document.getElementById('status').textContent = 'Welcome ' + (++window.n)">
    <label>User <input name="user"></label><label>Password <input type="password" name="password"></label><button>Sign in</button></form>
    <p id="status">Signed out</p><ul>${items}</ul><script>window.n = 0</script>`);
  const device = await webDevice(p);
  const counter = countCaptures(device.driver);
  const pw: number[] = [], tw: number[] = [], captures: number[] = [];
  for (let k = 1; k <= ROUNDS; k++) {
    pw.push(await time(async () => {
      await p.getByRole('textbox', { name: 'User' }).fill(`ann${k}`);
      await p.getByLabel('Password').fill('secret');
      await p.getByRole('button', { name: 'Sign in' }).click();
      await pwExpect(p.getByText(`Welcome ${2 * k - 1}`)).toBeVisible();
    }));
    counter.reset();
    tw.push(await time(async () => {
      await device.getByRole('textbox', { name: 'User' }).fill(`bo${k}`);
      await device.getByLabel('Password').fill('secret');
      await device.getByRole('button', { name: 'Sign in' }).click();
      await expect(device.getByText(`Welcome ${2 * k}`)).toBeVisible();
    }));
    captures.push(counter.count);
  }
  counter.stop();
  const r = median(tw) / median(pw);
  console.log(`  ${`sign-in flow at ${elements} elements (fill, fill by label, click, expect new text)`.padEnd(44)} ${median(tw).toFixed(1).padStart(7)} ms vs Playwright's ${median(pw).toFixed(1).padStart(6)} ms: ${r.toFixed(2)}× · ${Math.max(...captures)} capture(s) (the assertion's)`);
}

/**
 * Real pages whose controls change the page: two of a kind clicked in turn, or one field (found by role,
 * or by label) filled with two texts in turn (APG's comboboxes open their list and complete as text goes in).
 */
const REAL_ACTIONS: ReadonlyArray<{ page: string; role: 'tab' | 'button' | 'checkbox' | 'combobox'; names: [string, string]; fill?: [string, string]; byLabel?: true }> = [
  { page: 'apg/content/patterns/tabs/examples/tabs-automatic.html', role: 'tab', names: ['Maria Ahlefeldt', 'Carl Andersen'] },
  { page: 'apg/content/patterns/accordion/examples/accordion.html', role: 'button', names: ['Personal Information', 'Billing Address'] },
  { page: 'apg/content/patterns/checkbox/examples/checkbox.html', role: 'checkbox', names: ['Lettuce', 'Tomato'] },
  { page: 'apg/content/patterns/combobox/examples/combobox-autocomplete-list.html', role: 'combobox', names: ['State', 'State'], fill: ['Al', 'Ne'] },
  { page: 'apg/content/patterns/combobox/examples/combobox-autocomplete-both.html', role: 'combobox', names: ['State', 'State'], fill: ['Ar', 'Mi'], byLabel: true },
];

/**
 * On real pages: Playwright acts on one control (or fills one text), which changes the page, then
 * treewright on the other (or the other text), and the other way round on the next round: each
 * getByRole() (getByLabel()) .click() (.fill()) on the same page.
 */
async function realPageActions(browser: Browser, base: string): Promise<void> {
  for (const { page: path, role, names, fill, byLabel } of REAL_ACTIONS) {
    const p = await browser.newPage();
    await p.route((url) => !url.href.startsWith(`${base}/`), (route) => route.abort());
    await p.goto(`${base}/${path}`);
    await p.waitForLoadState('networkidle');
    const device = await webDevice(p);
    const counter = countCaptures(device.driver);
    const pw: number[] = [], tw: number[] = [], captures: number[] = [];
    for (let k = 0; k < ROUNDS; k++) {
      const [a, b] = k % 2 ? [1, 0] : [0, 1];
      pw.push(await time(() => {
        const l = byLabel ? p.getByLabel(names[a]!, { exact: true }) : p.getByRole(role, { name: names[a], exact: true });
        return fill ? l.fill(fill[a]!) : l.click();
      }));
      counter.reset();
      tw.push(await time(() => {
        const l = byLabel ? device.getByLabel(names[b]!, { exact: true }) : device.getByRole(role, { name: names[b]!, exact: true });
        return fill ? l.fill(fill[b]!) : l.click();
      }));
      captures.push(counter.count);
    }
    counter.stop();
    const call = `${byLabel ? 'getByLabel' : `getByRole(${JSON.stringify(role)})`}.${fill ? 'fill' : 'click'}()`;
    console.log(line(`${fill ? 'fill' : 'click'} right after the page changed, ${path.split('/').pop()} (${call})`, tw, pw, `Playwright's ${call}`, 1.5, ` · ${Math.max(...captures)} capture(s)`));
    await p.close();
  }
}

/**
 * The capture on real pages of other shapes than the bench's rows: every fixture page (the corpus's, axe-core's
 * rule fixtures, the APG examples) once settled, the device's capture against ariaSnapshot() on the same page,
 * rounds alternating; the median of the per-page ratios (what a test on a typical page meets) and the
 * ratio of the sums (weighted to the large pages), each with the target, and the pages furthest over.
 */
async function realPageCaptures(browser: Browser, base: string): Promise<void> {
  const everyPage = [...new Set([...HIT_PAGES, ...AXE_PAGES, ...APG_PAGES])];
  // One page at a time: pages read side by side would time each other's work.
  const rows = await onFixturePages(browser, base, everyPage, async (p, path) => {
    await p.waitForLoadState('networkidle');
    const device = new WebDriver(p);
    const ours: number[] = [], theirs: number[] = [];
    for (let k = 0; k < 5; k++) {
      theirs.push(await time(() => p.locator('body').ariaSnapshot()));
      ours.push(await time(() => device.capture()));
    }
    await device.close();
    return { path, ours: median(ours), theirs: median(theirs) };
  }, 1);
  const ratios = rows.map((r) => r.ours / r.theirs).sort((a, b) => a - b);
  const mid = ratios[ratios.length >> 1]!;
  const sum = (k: 'ours' | 'theirs') => rows.reduce((a, r) => a + r[k], 0);
  const whole = sum('ours') / sum('theirs');
  console.log(`  capture vs ariaSnapshot() on ${rows.length} real pages (corpus, axe-core fixtures, APG examples): median per page ${mid.toFixed(2)}× (target ≤ 1.0) ${mid <= 1 ? 'ok' : 'MISS'}; ` +
    `all pages together ${sum('ours').toFixed(0)} vs ${sum('theirs').toFixed(0)} ms: ${whole.toFixed(2)}× (target ≤ 1.0) ${whole <= 1 ? 'ok' : 'MISS'}`);
  const worst = [...rows].sort((a, b) => b.ours / b.theirs - a.ours / a.theirs).slice(0, 3);
  console.log(`    furthest over: ${worst.map((r) => `${r.path.split('/').pop()} ${(r.ours / r.theirs).toFixed(2)}× (${r.ours.toFixed(1)} vs ${r.theirs.toFixed(1)} ms)`).join(', ')}`);
}

export async function run(): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const site = await serveStatic(WEB_FIXTURES);
  try {
    const p = await browser.newPage();
    for (const n of [500, 5000]) await measure(p, n);
    for (const n of [500, 5000]) await formFlow(p, n);
    await p.close();
    await realPageActions(browser, site.url);
    await realPageCaptures(browser, site.url);

    for (const [what, pages] of [['corpus pages', HIT_PAGES], [`APG example pages (${APG_PAGES.length}, beyond the corpus)`, APG_PAGES]] as const) {
      const total = await hittabilityOnPages(browser, site.url, pages);
      console.log(`hittability vs Chromium elementFromPoint, ${what}: ${total.agreed}/${total.compared} agree (${(100 * total.agreed / total.compared).toFixed(1)}%, target ≥ 99% over ≥ 300)`);
      for (const d of total.disagreements) console.log(`  ${d.page}: treewright hittable=${d.treewright}, Chromium hit ${d.chromium} at ${d.tap.x},${d.tap.y}: ${d.node}`);
    }

    const ax = await inpageAxOnPages(browser, site.url, APG_PAGES);
    const pc = (a: number, b: number) => `${a}/${b} (${(100 * a / b).toFixed(1)}%)`;
    console.log(`in-page roles and names vs Chromium getFullAXTree, APG example pages (${APG_PAGES.length}): roles ${pc(ax.roles, ax.elements)}, names ${pc(ax.names, ax.elements)}, name sources ${pc(ax.sources, ax.elements)}, descriptions ${pc(ax.descriptions, ax.elements)} of the elements in the tree; text names ${pc(ax.textNames, ax.texts)}; in or out of the tree ${pc(ax.decisions, ax.decided)}, why out ${pc(ax.reasons, ax.bothIgnored)} (target ≥ 99% each)`);
    for (const d of ax.disagreements) console.log(`  ${disagreementLine(d)}`);
    for (const page of ax.unjudged) console.log(`  ${page}: not compared, it kept changing while it was read`);
    // Beyond the fixtures: pages built for what they leave out (tests/helpers/probe-pages.ts).
    const probes = await onProbePages(browser, async (page, label) => ({ ax: await compareInpageAx(page, label), snapshot: await compareInpageSnapshot(page, label) }));
    const pax = emptyAgreement();
    for (const r of probes) addAgreement(pax, r.ax);
    console.log(`in-page roles and names vs Chromium getFullAXTree, ${PROBE_PAGES.length} built probe pages (roles in and out of context, names around nested containers, tables, aria-owns, native elements, everyday features, names and states of fields and controls): roles ${pc(pax.roles, pax.elements)}, names ${pc(pax.names, pax.elements)}, name sources ${pc(pax.sources, pax.elements)}; in or out of the tree ${pc(pax.decisions, pax.decided)}; identical snapshots ${probes.filter((r) => r.snapshot.identical).length}/${probes.length}`);
    for (const d of pax.disagreements) console.log(`  ${disagreementLine(d)}`);

    // The page's check that a capture's one match still stands (WebDriver.stillResolves), judged by fresh captures.
    for (const [what, pages] of [['corpus pages', HIT_PAGES], [`APG example pages (${APG_PAGES.length})`, APG_PAGES]] as const) {
      const t = sumTallies(await onSettledFixturePages(browser, site.url, pages, (page, label) => stillResolvesOnPage(page, label, 40, 1)));
      console.log(`a changed page's check of a locator vs fresh captures, ${what}: confirmed ${pc(t.confirmed, t.unique)} of the locators that find one node, ` +
        `${pc(t.confirmedAfterChange, t.stillAlone)} of those still alone after a change; confirmed where a fresh capture disagrees: ${t.wrong.length} ` +
        `(of ${t.unique + t.several + t.changes} judged: ${t.several} with several matches, ${t.changes} after changes) ${t.wrong.length === 0 ? 'ok' : 'WRONG'}`);
      for (const w of t.wrong) console.log(`  ${w}`);
    }

    const everyPage = [...new Set([...HIT_PAGES, ...AXE_PAGES, ...APG_PAGES])];
    const names = sumAgreements(await onSettledFixturePages(browser, site.url, everyPage, (page, label) => getByRoleAgreement(page, label, 60)));
    console.log(`getByRole(role, { name, exact }) vs Playwright's on the same page, every role and name a capture holds (${everyPage.length} pages): ${pc(names.agreed, names.asked)} find as many elements (target ≥ 98%) ${names.agreed >= 0.98 * names.asked ? 'ok' : 'MISS'}`);
    for (const d of names.differences) console.log(`  ${d}`);
    const texts = sumAgreements(await onSettledFixturePages(browser, site.url, everyPage, (page, label) => getByTextAgreement(page, label, 40)));
    console.log(`getByText(text, { exact }) vs Playwright's visible matches on the same page, the texts a capture holds (${everyPage.length} pages): ${pc(texts.agreed, texts.asked)} find as many elements (target ≥ 98%) ${texts.agreed >= 0.98 * texts.asked ? 'ok' : 'MISS'}`);
    for (const d of texts.differences) console.log(`  ${d}`);

    const snapshots = await onSettledFixturePages(browser, site.url, everyPage, (page, label) => compareInpageSnapshot(page, label));
    console.log(`the device's in-page capture vs Chromium's own tree (getFullAXTree, axTree: 'chromium'), the same DOM snapshot, byte for byte: ${snapshots.filter((x) => x.identical).length}/${snapshots.length} pages identical; ` +
      `its ::before / ::after read where the style sheets may make a box vs of every element: ${snapshots.filter((x) => x.sameAsEveryPseudo).length}/${snapshots.length} pages the same answer`);
    for (const x of snapshots.filter((y) => !y.identical)) console.log(`  ${x.page}: ${x.unjudged ? 'kept changing' : x.differences.slice(0, 2).join('; ')}`);

    const sums = new Map<string, { v: number; vt: number; t: number; ta: number; only: string[] }>();
    const axePages = [...AXE_PAGES, ...APG_PAGES];
    for (const [rule, rs] of await axeAgreementOnPages(browser, site.url, axePages)) {
      const s = { v: 0, vt: 0, t: 0, ta: 0, only: [] as string[] };
      for (const r of rs) {
        s.v += r.axeViolations; s.vt += r.alsoTreewright; s.t += r.treewrightFindings; s.ta += r.alsoAxe;
        s.only.push(...r.onlyAxe.map((x) => `${r.page}: only axe: ${x}`), ...r.onlyTreewright.map((x) => `${r.page}: only treewright: ${x}`));
      }
      sums.set(rule, s);
    }
    const pct = (a: number, b: number) => (b ? `${(100 * a / b).toFixed(1)}%` : 'n/a');
    console.log(`a11y vs axe-core run live on ${axePages.length} pages (axe-core's rule fixtures, the corpus pages, the APG examples; target ≥ 95% both ways where the rules overlap):`);
    for (const [rule, s] of sums) {
      const tw = RULE_PAIRS.find((p) => p.axe === rule)!.treewright;
      const ok = (s.v === 0 || s.vt / s.v >= 0.95) && (s.t === 0 || s.ta / s.t >= 0.95) ? 'ok' : 'MISS';
      console.log(`  ${rule} ↔ ${tw}: axe violations ${s.v}, found by treewright ${s.vt} (${pct(s.vt, s.v)}); treewright findings ${s.t}, confirmed by axe ${s.ta} (${pct(s.ta, s.t)}) ${ok}`);
      for (const o of s.only) console.log(`    ${o}`);
    }
    console.log(`  no treewright counterpart (not compared): ${AXE_ONLY.join(', ')}`);
  } finally {
    await site.close();
    await browser.close();
  }
}
