// Playwright's actions on real pages (Playwright's own test pages in fixtures/web), checked against the
// page's own record of the events, and the matchers that read what the web capture carries.
import { test, expect as pwExpect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expect, webDevice, isTreewrightError, type Device } from 'treewright';
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

test('selectOption sets a <select> by value or label, firing input and change as Playwright does', async () => {
  const { page, device } = await open('pw-input-select.html');
  const select = device.getByRole('combobox');
  await select.selectOption('blue');
  pwExpect(await page.evaluate(() => (window as unknown as { result: { onInput: string[]; onChange: string[] } }).result)).toMatchObject({ onInput: ['blue'], onChange: ['blue'] });
  await select.selectOption('Magenta');
  pwExpect(await page.evaluate(() => document.querySelector('select')!.value)).toBe('magenta');
  const e = await errorOf(select.selectOption('teal', { timeout: 300 }));
  pwExpect(e.code).toBe('target_not_found');
  pwExpect(e.message).toContain('no option has the value or label "teal"');
  pwExpect(e.details.hint).toContain('"Black", "Blue"');
  await page.close();
});

test('selectOption waits for an option the page adds later, and for one enabled later, as Playwright\'s selectOption waits (its own "should wait for option to be present")', async () => {
  const { page, device } = await open('pw-input-select.html');
  const pw = await browser.newPage();
  await pw.goto(`${site.url}/pw-input-select.html`);
  const added: string[] = [];
  // Both ask for an option the page has not got yet; a moment later the page adds it, then enables it.
  const chosen = Promise.all([
    pw.getByRole('combobox').selectOption('scarlet', { timeout: 5000 }).then(() => added.push('Playwright')),
    device.getByRole('combobox').selectOption('scarlet', { timeout: 5000 }).then(() => added.push('treewright')),
  ]);
  for (const p of [page, pw]) await p.evaluate(() => new Promise((f) => setTimeout(f, 300)));
  pwExpect(added).toEqual([]);
  for (const p of [page, pw]) {
    await p.evaluate(() => { const o = new Option('Scarlet', 'scarlet'); o.disabled = true; document.querySelector('select')!.add(o); });
  }
  for (const p of [page, pw]) await p.evaluate(() => new Promise((f) => setTimeout(f, 300)));
  pwExpect(added).toEqual([]);
  for (const p of [page, pw]) await p.evaluate(() => { (document.querySelector('option[value=scarlet]') as HTMLOptionElement).disabled = false; });
  await chosen;
  pwExpect([await page.inputValue('select'), await pw.inputValue('select')]).toEqual(['scarlet', 'scarlet']);
  // Never there: the refusal says how long it waited.
  const e = await errorOf(device.getByRole('combobox').selectOption('teal', { timeout: 400 }));
  pwExpect(e.message).toMatch(/no option has the value or label "teal" \(waited \d+ ms for it\)/);
  await pw.close();
  await page.close();
});

test('check / uncheck are idempotent and verified; dblclick, hover and blur reach the element', async () => {
  const { page, device } = await open('pw-input-checkbox.html');
  const box = device.getByRole('checkbox', { name: 'Remember Me' });
  await box.check();
  const second = await box.check();
  pwExpect(second.message).toBe('already checked');
  pwExpect(await page.evaluate(() => (document.querySelector('input') as HTMLInputElement).checked)).toBe(true);
  await expect(box).toBeChecked();
  await box.setChecked(false);
  pwExpect(await page.evaluate(() => (document.querySelector('input') as HTMLInputElement).checked)).toBe(false);
  pwExpect(await box.isChecked()).toBe(false);
  await box.dblclick();
  pwExpect(await page.evaluate(() => (window as unknown as { result: { events: string[] } }).result.events)).toContain('dblclick');
  await box.hover();
  pwExpect(await page.evaluate(() => document.querySelector('input')!.matches(':hover'))).toBe(true);
  await box.focus();
  await expect(box).toBeFocused();
  await box.blur();
  await expect(box).not.toBeFocused();
  await page.close();
});

test('press any key Playwright names, pressSequentially types after what the field holds; the queries', async () => {
  const { page, device } = await open('pages/actions.html');
  const field = device.getByRole('textbox', { name: 'Name' });
  await field.fill('Ada');
  await field.pressSequentially(' Lovelace');
  pwExpect(await field.inputValue()).toBe('Ada Lovelace');
  await expect(field).toHaveValue('Ada Lovelace');
  await expect(field).toBeEditable();
  await field.press('Home');
  await field.press('Shift+End');
  await field.press('Backspace');
  await expect(field).toBeEmpty();
  pwExpect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
  pwExpect(await field.isEditable()).toBe(true);
  pwExpect(await field.isDisabled()).toBe(false);
  pwExpect(await device.getByRole('heading').allTextContents()).toEqual(await page.getByRole('heading').allTextContents());
  await page.close();
});
