import { test, expect as pwExpect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { connect, expect, findChromium, importCdp, webDevice, isTreewrightError, walk, type Device } from 'treewright';
import { launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

async function open(path: string): Promise<{ page: Page; device: Device }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/${path}`);
  return { page, device: await webDevice(page) };
}

async function errorOf(p: Promise<unknown>) {
  try { await p; } catch (e) { pwExpect(isTreewrightError(e), String(e)).toBe(true); return e as Error & { code: string; details: Record<string, unknown> }; }
  throw new Error('expected a typed error');
}

test('capture: Chromium roles, names, heading levels, test ids, backend ids, px at the page density', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
  await page.goto(`${site.url}/pages/actions.html`);
  const device = await webDevice(page);
  const s = await device.snapshot();
  pwExpect(s.roots[0]).toMatchObject({ rootId: 'page', unit: 'px', density: 2, touchModal: false, label: 'Actions' });
  walk(s, ({ node }) => { pwExpect(node.kind).toBe('web'); pwExpect(typeof node.platform.backendNodeId === 'number' || node.id.startsWith('-')).toBe(true); });
  pwExpect(await device.byRole('Heading', { name: 'Second level' }).count()).toBe(1);
  const { resolveSelector } = await import('treewright');
  const h2 = resolveSelector(await device.snapshot(), [{ kind: 'role', role: 'Heading', options: { name: 'Second level' } }])[0]!;
  pwExpect(h2.platform.level).toBe(2);
  pwExpect(await device.byRole('TextField', { name: 'Name' }).count()).toBe(1);
  pwExpect(await device.byTag('count').count()).toBe(1);
  // The same capture through the pure importer, from its recorded CDP JSON: equal content, equal generation.
  const { WebDriver } = await import('treewright');
  const recorded = await new WebDriver(page).record();
  pwExpect(importCdp(JSON.parse(JSON.stringify(recorded))).generation).toBe((await device.snapshot()).generation);
  // A configurable test-id attribute.
  const byName = await webDevice(page, { testIdAttribute: 'name' });
  pwExpect(await byName.byTag('q').count()).toBe(1);
  await page.close();
});

test('capture: a modal <dialog> is a touch-modal root of its own; the page under it is not hittable', async () => {
  const { page, device } = await open('pages/dialogs.html');
  const s = await device.snapshot();
  const dialog = s.roots.find((r) => r.touchModal)!;
  pwExpect(dialog.label).toBe('Discard changes?');
  await expect(device.byRole('Button', { name: 'Discard' })).toBeOperable();
  await page.close();
});

test('actions: click, longClick, fill (text field and contenteditable), clear, pressEnter, focus, scrollBy, scrollToIndex, bringIntoView, back, navigate, screenshot', async () => {
  test.setTimeout(60_000);
  const { page, device } = await open('pages/actions.html');
  const r = await device.byTag('count').click();
  // No capture after the click of its own: the receipt's after-generation comes with the next capture.
  pwExpect(r).toMatchObject({ action: 'click', via: 'tap', after: null, changed: null });
  await expect(device.byTag('count')).toHaveText('Clicked 1');
  pwExpect(r).toMatchObject({ after: (await device.snapshot()).generation, changed: true });
  await device.byTag('long').longClick();
  await expect(device.byTag('long')).toHaveText('Long pressed');
  await device.byTag('name').fill('new value');
  pwExpect(await page.inputValue('[data-testid=name]')).toBe('new value');
  await device.byTag('notes').fill('Fresh notes');
  pwExpect(await page.textContent('[data-testid=notes]')).toBe('Fresh notes');
  await device.byTag('name').clear();
  pwExpect(await page.inputValue('[data-testid=name]')).toBe('');
  await device.byTag('q').fill('cats');
  await device.byTag('q').pressEnter();
  await expect(device.byRole('status')).toHaveText('Submitted cats');
  await device.byTag('focusme').focus();
  await expect(device.byTag('focusme')).toHaveText('Focused');
  await device.byTag('pane').scrollBy(0, 200);
  pwExpect(await page.$eval('#pane', (e) => e.scrollTop)).toBeGreaterThan(100);
  await device.byTag('pane').scrollToIndex(29);
  await expect(device.byText('Row 30', { exact: true })).toBeVisible();
  await expect(device.byTag('far')).toBeHidden();
  await device.byTag('far').bringIntoView();
  await expect(device.byTag('far')).toBeVisible();
  await device.byTag('far').click(); // already in view; scrolled into view first otherwise
  await device.byTag('next').click();
  await expect(device.byRole('Heading', { name: 'Second page' })).toBeVisible();
  await device.back();
  await expect(device.byTag('count')).toBeVisible();
  await device.navigate('second.html');
  await expect(device.byRole('Heading', { name: 'Second page' })).toBeVisible();
  const png = await device.screenshot();
  pwExpect(png.subarray(1, 4).toString()).toBe('PNG');
  pwExpect(device.receipts.length).toBeGreaterThanOrEqual(12);
  await page.close();
});

test('an element below the fold is scrolled into view before a click, as Playwright does', async () => {
  const { page, device } = await open('pages/actions.html');
  await device.byTag('far').click();
  await expect(device.byTag('far')).toBeVisible();
  await page.close();
});

test('a wrapped, rotated link is aimed at its first line fragment, as Playwright aims, and the click lands on it', async () => {
  const { page, device } = await open('pw-wrappedlink.html');
  const { analyzeReachability, resolveSelector } = await import('treewright');
  const snap = await device.snapshot();
  const link = resolveSelector(snap, [{ kind: 'role', role: 'Link', options: { name: '123321' } }])[0]!;
  const reach = analyzeReachability(snap).get(link);
  // Chromium's own answer: the first content quad of the link (rotated), and what is at its centre.
  const cdp = await page.context().newCDPSession(page);
  const { quads } = (await cdp.send('DOM.getContentQuads', { backendNodeId: link.platform.backendNodeId as number })) as { quads: number[][] };
  await cdp.detach();
  pwExpect(quads.length).toBe(2); // wrapped onto two lines
  const q = quads[0]!;
  const centre = { x: (q[0]! + q[2]! + q[4]! + q[6]!) / 4, y: (q[1]! + q[3]! + q[5]! + q[7]!) / 4 };
  pwExpect(Math.abs(reach.tap!.x - centre.x)).toBeLessThanOrEqual(1);
  pwExpect(Math.abs(reach.tap!.y - centre.y)).toBeLessThanOrEqual(1);
  // The box's centre is off the link (Chromium hits the rotated <div> there); the aim is on it.
  const b = link.bounds;
  const at = (x: number, y: number) => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('a') !== null, [x, y]);
  pwExpect(await at(b.x + b.width / 2, b.y + b.height / 2)).toBe(false);
  pwExpect(await at(reach.tap!.x, reach.tap!.y)).toBe(true);
  pwExpect(reach.hittable).toBe(true);
  await device.byRole('Link', { name: '123321' }).click();
  pwExpect(await page.evaluate(() => (window as unknown as { __clicked?: boolean }).__clicked)).toBe(true);
  await page.close();
});

test('expect passes Playwright locators, pages and plain values to Playwright’s own matchers', async () => {
  const { page, device } = await open('pages/actions.html');
  await expect(page.getByRole('button', { name: 'Focus me' })).toBeVisible();
  await expect(page.getByTestId('count')).toHaveText('Clicked 0');
  await expect(page).toHaveTitle('Actions');
  expect(1 + 1).toBe(2);
  await expect.soft(page.getByTestId('q')).toBeEditable();
  await expect(device.byTag('count')).toBeOperable();
  await page.close();
});

test('faults: no Chromium, HTTP errors, DNS, refused connections', async () => {
  const e = (() => { try { findChromium('/nonexistent/chromium'); } catch (x) { return x as Error & { code: string; details: Record<string, unknown> }; } throw new Error('no error'); })();
  pwExpect(e.code).toBe('device_unreachable');
  pwExpect(e.message).toContain('/nonexistent/chromium');
  pwExpect(e.message).toContain('CHROMIUM_PATH');
  const none = (() => { try { findChromium(undefined, { CHROMIUM_PATH: '/also/missing' }); } catch (x) { return x as Error; } throw new Error('no error'); })();
  pwExpect(none.message).toContain('/also/missing (CHROMIUM_PATH)');

  const notFound = await errorOf(connect(`web:${site.url}/status/404`, { browser }));
  pwExpect(notFound.code).toBe('device_error');
  pwExpect(notFound.details.status).toBe(404);
  pwExpect(notFound.message).toContain('HTTP 404');
  const dns = await errorOf(connect('web:http://no-such-host.invalid/', { browser }));
  pwExpect(dns.details.netError).toBe('ERR_NAME_NOT_RESOLVED');
  pwExpect(dns.message).toContain('DNS');
  const gone = await serveFixtures();
  await gone.close(); // a port nothing listens on any more
  const refused = await errorOf(connect(`web:${gone.url}/`, { browser }));
  pwExpect(refused.message).toContain('refused');
  pwExpect(browser.contexts().length).toBe(0); // nothing left open
});

test('faults: navigating away mid-action, a page that never settles, a detached node, a closed page', async () => {
  test.setTimeout(60_000);
  const { page, device } = await open('pages/actions.html#moving');
  const unstable = await errorOf(device.byTag('mover').click({ timeout: 1500 }));
  pwExpect(unstable.message).toContain('not stable: its bounds keep changing');
  // A node replaced between capture and action is resolved again, never acted on blindly.
  const snap = await device.snapshot();
  pwExpect(snap.roots.length).toBe(1);
  await page.evaluate(() => { const b = document.querySelector('[data-testid=replace]')!; const c = b.cloneNode(true) as HTMLElement; c.setAttribute('onclick', 'this.textContent = "new one clicked"'); b.replaceWith(c); });
  const driver = device.driver as unknown as { confirmTarget(n: unknown, p: unknown): Promise<void> };
  const old = (await import('treewright')).resolveSelector(snap, [{ kind: 'tag', tag: 'replace' }])[0]!;
  const stale = await errorOf(driver.confirmTarget(old, { x: old.bounds.x + 2, y: old.bounds.y + 2 }));
  pwExpect(stale.code).toBe('stale_generation');
  await device.byTag('replace').click();
  await expect(device.byTag('replace')).toHaveText('new one clicked');
  // Typing into a page that navigates away: the action fails, the next capture is of the new page.
  await page.evaluate(() => { document.querySelector('[data-testid=q]')!.addEventListener('keydown', () => { location.href = 'second.html'; }, { once: true }); });
  const away = await errorOf(device.byTag('q').pressSequentially('a long text that will not all arrive'));
  pwExpect(away.message).toContain('navigated away');
  await expect(device.byRole('Heading', { name: 'Second page' })).toBeVisible();
  await page.close();
  const closed = await errorOf(device.snapshot());
  pwExpect(closed.code).toBe('device_unreachable');
  pwExpect(closed.message).toContain('closed');
});

test('frames: same-origin frames are roots of their own, cross-origin ones a warning naming the frame', async () => {
  const { page, device } = await open('pages/frames.html');
  await page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
  // Until the same-origin frame's document has loaded, a capture has no root for it yet.
  await pwExpect.poll(async () => (await device.snapshot()).roots.map((r) => r.rootId)).toContain('frame-1');
  const s = await device.snapshot();
  pwExpect(s.roots.map((r) => r.rootId)).toContain('frame-1');
  pwExpect(s.warnings.map((w) => w.code)).toContain('frame-not-captured');
  pwExpect(s.warnings.map((w) => w.message).join('\n')).toMatch(/frame .*localhost.*second\.html is not captured: it is cross-origin/);
  await page.close();
});

test('the web source: a fresh page per device, in the browser given; bad descriptors are typed errors', async () => {
  const device = await connect(`web:${site.url}/pages/actions.html`, { browser });
  await expect(device.byTag('count')).toBeVisible();
  await device.close();
  pwExpect(browser.contexts().length).toBe(0);
  const bad = await errorOf(connect({ kind: 'web' } as never));
  pwExpect(bad.code).toBe('source_invalid');
});
