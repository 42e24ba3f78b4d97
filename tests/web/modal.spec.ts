// Modal roots judged by Chromium's own hit-testing: a <dialog> opened with showModal() makes the rest of
// the page inert, so it is a touch-modal root (no tap outside it reaches the page); an aria-modal dialog
// is modal to assistive technology only (Chromium still delivers pointer events around it), so it is a
// root of its own that takes its own area and no more. Each claim is checked against elementFromPoint
// and against where a real mouse click lands.
import { test, expect as pwExpect, type Browser, type Page } from '@playwright/test';
import { analyzeReachability, resolveSelector, webDevice, type Device, type Snapshot } from 'treewright';
import { compareHittability } from '../helpers/web-oracle.js';
import { launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

async function open(hash: string): Promise<{ page: Page; device: Device; snap: Snapshot }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pages/modals.html${hash}`);
  const device = await webDevice(page);
  return { page, device, snap: await device.snapshot() };
}

const button = (snap: Snapshot, name: string) => resolveSelector(snap, [{ kind: 'role', role: 'Button', options: { name, exact: true } }])[0]!;
const hits = (page: Page) => page.evaluate(() => (window as unknown as { hits: string[] }).hits);
/** Chromium's topmost element at a point, by text. */
const topAt = (page: Page, p: { x: number; y: number }) => page.evaluate(([x, y]) => {
  const e = document.elementFromPoint(x!, y!);
  return e ? `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}` : null;
}, [p.x, p.y]);

test('showModal(): a touch-modal root; Chromium makes the page inert (gone from its accessibility tree, hit-tests to the dialog), so every tap outside lands on the dialog\'s root', async () => {
  const { page, device, snap } = await open('#dialog');
  pwExpect(snap.roots.map((r) => [r.rootId.replace(/\d+$/, 'N'), r.touchModal, r.label])).toEqual([['page', false, 'Modals'], ['dialog-N', true, 'Confirm']]);
  // Chromium's tree under an active modal dialog prunes the page (the <html> is ignored, reason
  // activeModalDialog; its subtree is not reported): nothing of it is left to find.
  const roles: string[] = [];
  const collect = (n: Snapshot['roots'][number]['node']): void => { if (n.role) roles.push(n.role); n.children.forEach(collect); };
  snap.roots[0]!.node.children.forEach(collect);
  pwExpect(roles).toEqual([]);
  pwExpect(resolveSelector(snap, [{ kind: 'role', role: 'Button', options: { name: 'Outside' } }])).toEqual([]);
  const reach = analyzeReachability(snap);
  const dialogRoot = snap.roots[1]!.node;
  // Where the page's buttons are: Chromium hits the dialog (its backdrop), treewright's tap goes to the
  // dialog's root, and a real click reaches none of them.
  for (const id of ['outside', 'under', 'below']) {
    const box = (await page.locator(`#${id}`).boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    pwExpect(await topAt(page, at)).toBe('dialog#confirm');
    pwExpect(reach.nodeAt(at.x, at.y)).toBe(dialogRoot);
    await page.mouse.click(at.x, at.y);
  }
  pwExpect(await hits(page)).toEqual([]);
  for (const name of ['Yes', 'No']) pwExpect(reach.get(button(snap, name)).hittable).toBe(true);
  await device.byRole('Button', { name: 'Yes' }).click();
  pwExpect(await hits(page)).toEqual(['Yes']);
  const outside = await device.byRole('Button', { name: 'Outside' }).click({ timeout: 500 }).then(() => null, (e: { code?: string }) => e);
  pwExpect(outside?.code).toBe('target_not_found');
  pwExpect(await compareHittability(page, snap, 'modals#dialog')).toMatchObject({ compared: 2, disagreements: [] });
  await page.close();
});

test('aria-modal: a root of its own, not touch-modal; what it covers is obscured, the rest of the page still takes taps, as in Chromium', async () => {
  const { page, device, snap } = await open('#aria');
  pwExpect(snap.roots.map((r) => [r.rootId.replace(/\d+$/, 'N'), r.touchModal, r.label])).toEqual([['page', false, 'Modals'], ['dialog-N', false, 'Panel']]);
  const reach = analyzeReachability(snap);
  const panel = snap.roots[1]!.node;
  // Chromium: no inertness around an aria-modal element, so the page outside it is hit and clicked.
  for (const name of ['Outside', 'Below']) {
    const r = reach.get(button(snap, name));
    pwExpect(r).toMatchObject({ acceptsTouch: true, hittable: true });
    pwExpect(await topAt(page, r.tap!)).toBe(`button#${name.toLowerCase()}`);
  }
  // The button the panel covers: obscured by it, as Chromium hits the panel there.
  const under = reach.get(button(snap, 'Under'));
  pwExpect(under.hittable).toBe(false);
  pwExpect(under.obscuredBy).toBe(panel);
  pwExpect(await topAt(page, under.tap!)).toBe('div#panel');
  await device.byRole('Button', { name: 'Outside' }).click();
  await device.byRole('Button', { name: 'Apply' }).click();
  pwExpect(await hits(page)).toEqual(['Outside', 'Apply']);
  pwExpect(await compareHittability(page, snap, 'modals#aria')).toMatchObject({ disagreements: [] });
  await page.close();
});

test('a <dialog aria-modal=true> opened with show(): Chromium keeps the page live, so it is a root of its own but not touch-modal', async () => {
  const { page, device, snap } = await open('#shown');
  pwExpect(snap.roots.map((r) => [r.rootId.replace(/\d+$/, 'N'), r.touchModal, r.label])).toEqual([['page', false, 'Modals'], ['dialog-N', false, 'Note']]);
  const reach = analyzeReachability(snap);
  const outside = reach.get(button(snap, 'Outside'));
  pwExpect(outside.hittable).toBe(true);
  pwExpect(await topAt(page, outside.tap!)).toBe('button#outside');
  await device.byRole('Button', { name: 'Outside' }).click();
  await device.byRole('Button', { name: 'Got it' }).click();
  pwExpect(await hits(page)).toEqual(['Outside', 'Got it']);
  pwExpect(await compareHittability(page, snap, 'modals#shown')).toMatchObject({ disagreements: [] });
  await page.close();
});
