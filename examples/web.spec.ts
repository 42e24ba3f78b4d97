// treewright on a web page in Chromium. The test serves a small static site itself (examples/web-site,
// on 127.0.0.1 at a free port): a sign-in form, a list below the fold, a modal dialog.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, webDevice } from 'treewright';
import { serveStatic, type StaticSite } from './web-site/serve.js';
import { SIGN_IN } from './sign-in.aria.js';

const SITE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web-site');

const test = base.extend<object, { site: StaticSite }>({
  site: [async ({}, use) => {
    const site = await serveStatic(SITE);
    await use(site);
    await site.close();
  }, { scope: 'worker' }],
  // A fresh page per test, at the site's sign-in page (`web:<url>`); relative URLs resolve from baseURL.
  source: async ({ site }, use) => use(`web:${site.url}/`),
  baseURL: async ({ site }, use) => use(site.url),
});

test('sign in, reach an item below the fold, confirm in a dialog', async ({ device }) => {
  await device.byRole('TextField', { name: 'Email' }).fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
  await expect(device.byRole('Heading', { name: 'Welcome, ada@example.com' })).toBeVisible();

  // Item 31 is far below the fold: the list exposes its items' positions.
  await expect(device.byText('Item 31', { exact: true })).toBeHidden();
  await device.byTag('items').scrollToIndex(30);
  await expect(device.byText('Item 31', { exact: true })).toBeVisible();

  await device.byRole('Button', { name: 'Remove item 31' }).click();
  const dialog = device.byRole('Dialog', { name: 'Remove item?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.byRole('Button', { name: 'Cancel' })).toBeOperable();
  await dialog.byRole('Button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(device.byRole('status')).toHaveText('Item 31 removed');
  await expect(device).toPassA11y();
});

test('same page, both worlds', async ({ page }) => {
  await page.goto('/index.html');
  const device = await webDevice(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();   // Playwright's matcher, untouched
  await expect(device.byRole('Button', { name: 'Sign in' })).toBeOperable();    // treewright's
  await page.getByLabel('Email').fill('grace@example.com');
  await expect(device.byTag('email')).toHaveText('grace@example.com');
  await expect(page).toHaveTitle('Sign in');
  await device.close();
});

test('the sign-in page keeps its shape', async ({ device }) => {
  // A web node's accessible name (Chromium's) is its desc; its text is in its Text children.
  await expect(device).toMatchOutline(`
    - TextField desc=Email
    - TextField desc=Password [password]
    - Button desc="Sign in"
  `);
});

test('the sign-in form matches the reference app\'s aria snapshot, and Playwright\'s own', async ({ device, page }) => {
  await expect(device).toMatchAriaSnapshot(SIGN_IN);
  // Playwright's own snapshot of the same form is a template for treewright's device too.
  await page.goto('/index.html');
  const theirs = await page.locator('form').ariaSnapshot();
  await expect(device).toMatchAriaSnapshot(theirs);
});
