// Playwright's getBy* on a page, with Playwright's own getBy* on the same page as the ground truth:
// each treewright locator finds as many elements as Playwright's does.
import { test, expect as pwExpect } from '@playwright/test';
import type { Browser, Locator as PwLocator, Page } from '@playwright/test';
import { webDevice, type Device, type Locator } from 'treewright';
import { launch } from './helpers.js';

let browser: Browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const HTML = `<!doctype html><html lang="en"><head><title>getBy</title></head><body>
<h1>Account</h1><h2>Profile</h2>
<label for="email">Email</label><input id="email" data-testid="email" data-qa="mail" placeholder="you@example.com">
<input aria-label="Search" type="search" placeholder="Search the shop">
<textarea title="Notes"></textarea>
<img src="data:," alt="Company logo" width="40" height="40">
<button aria-pressed="true">Bold</button><button aria-pressed="false">Italic</button>
<button aria-expanded="false" aria-controls="m">Menu</button><button title="Close the panel">×</button>
<input type="checkbox" id="agree" checked><label for="agree">I agree</label>
<select aria-label="Size"><option>S</option><option>M</option></select>
<ul><li>One</li><li>Two</li></ul>
</body></html>`;

async function open(testIdAttribute?: string): Promise<{ page: Page; device: Device }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.setContent(HTML);
  return { page, device: await webDevice(page, testIdAttribute ? { testIdAttribute } : {}) };
}

test('every getBy* finds what Playwright finds on the same page', async () => {
  const { page, device } = await open();
  const pairs: Array<[Locator, PwLocator]> = [
    [device.getByRole('heading', { level: 2 }), page.getByRole('heading', { level: 2 })],
    [device.getByRole('heading'), page.getByRole('heading')],
    [device.getByRole('textbox'), page.getByRole('textbox')],
    [device.getByRole('searchbox'), page.getByRole('searchbox')],
    [device.getByRole('button', { pressed: true }), page.getByRole('button', { pressed: true })],
    [device.getByRole('button', { pressed: false }), page.getByRole('button', { pressed: false })],
    [device.getByRole('button', { expanded: false }), page.getByRole('button', { expanded: false })],
    [device.getByRole('button', { name: 'Menu', expanded: true }), page.getByRole('button', { name: 'Menu', expanded: true })],
    [device.getByRole('checkbox', { checked: true }), page.getByRole('checkbox', { checked: true })],
    [device.getByRole('combobox', { name: 'Size' }), page.getByRole('combobox', { name: 'Size' })],
    [device.getByRole('list'), page.getByRole('list')],
    [device.getByRole('listitem'), page.getByRole('listitem')],
    [device.getByRole('img', { name: 'Company logo' }), page.getByRole('img', { name: 'Company logo' })],
    [device.getByLabel('Email'), page.getByLabel('Email')],
    [device.getByLabel('Search'), page.getByLabel('Search')],
    [device.getByLabel('I agree'), page.getByLabel('I agree')],
    [device.getByPlaceholder('you@example'), page.getByPlaceholder('you@example')],
    [device.getByAltText('Company logo'), page.getByAltText('Company logo')],
    [device.getByTitle('Notes'), page.getByTitle('Notes')],
    [device.getByTitle('Close the panel'), page.getByTitle('Close the panel')],
    [device.getByTestId('email'), page.getByTestId('email')],
    [device.getByText('Account'), page.getByText('Account')],
  ];
  for (const [ours, theirs] of pairs) pwExpect(await ours.count(), ours.toCode()).toBe(await theirs.count());
  pwExpect(await device.getByRole('button', { pressed: true }).textContent()).toBe('Bold');
  await page.close();
});

test("testIdAttribute: getByTestId reads the configured attribute, as Playwright's", async () => {
  const { page, device } = await open('data-qa');
  pwExpect(await device.getByTestId('mail').count()).toBe(1);
  pwExpect(await device.getByTestId('email').count()).toBe(0);
  await page.close();
});
