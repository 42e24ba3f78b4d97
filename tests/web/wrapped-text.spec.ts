// Hit areas on the web (facts/clip.ts): a text run that wraps is hit by its line fragments, not its
// bounding box, and a box inside an `overflow: auto` container is cut to it; checked against
// Chromium's elementFromPoint on a page built for it (fixtures/web/pages/wrapped.html).
import { test, type Browser } from '@playwright/test';
import { analyzeReachability, expect, webDevice, walk, type Node } from 'treewright';
import { compareHittability } from '../helpers/web-oracle.js';
import { launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

test('links in wrapped running text are hittable, as Chromium hits them; no text run obscures them', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pages/wrapped.html`);
  const device = await webDevice(page);
  const snap = await device.snapshot();
  const reach = analyzeReachability(snap);
  const links: Node[] = [];
  walk(snap, ({ node }) => { if (node.role === 'Link') links.push(node); });
  expect(links).toHaveLength(8);
  // The runs between the links wrap: each is hit by its fragments.
  let wrappedRuns = 0;
  walk(snap, ({ node }) => { if (node.text && Array.isArray(node.platform.lineBoxes)) wrappedRuns++; });
  expect(wrappedRuns).toBeGreaterThan(2);
  for (const link of links) expect(reach.get(link), link.contentDescription ?? '').toMatchObject({ hittable: true, obscuredBy: null });
  await expect(device.byRole('Link', { name: 'complete reference of every option the tool accepts' })).toBeHittable({ timeout: 0 });
  const c = await compareHittability(page, snap, 'wrapped.html');
  expect(c.disagreements).toEqual([]);
  expect(c.compared).toBeGreaterThanOrEqual(12);
  await page.close();
});

test('buttons in an overflow: auto box: those scrolled out are hidden, the one cut by its edge is aimed at inside it', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pages/wrapped.html`);
  const device = await webDevice(page);
  // 100 px of box: files 1-3 whole, file 4 cut by the box's bottom edge, 5-8 below it.
  await expect(device.byRole('Button', { name: 'File 3' })).toBeVisible({ timeout: 0 });
  await expect(device.byRole('Button', { name: 'File 6' })).toBeHidden({ timeout: 0 });
  const snap = await device.snapshot();
  const reach = analyzeReachability(snap);
  let box: Node | null = null, cut: Node | null = null;
  walk(snap, ({ node }) => {
    if (node.contentDescription === 'Files') box = node;
    if (node.contentDescription === 'File 4') cut = node;
  });
  const b = box!.bounds, tap = reach.get(cut!).tap!;
  expect(cut!.layoutBounds!.y + cut!.layoutBounds!.height).toBeGreaterThan(b.y + b.height);
  expect(tap.y).toBeGreaterThanOrEqual(b.y);
  expect(tap.y).toBeLessThan(b.y + b.height);
  const c = await compareHittability(page, snap, 'wrapped.html');
  expect(c.disagreements).toEqual([]);
  await page.close();
});
