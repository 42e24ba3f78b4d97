// A spec written as a Playwright user writes one: getByRole with ARIA names, getByLabel, getByTestId,
// check, selectOption, press, toBeEditable, toHaveValue. The same test bodies run against a web page
// (examples/web-site/app.html: the reference app's screens in HTML) and, with only the source changed,
// against the reference app; the read-only checks run against real captures too (an XCUITest source,
// a Compose dump). Served on 127.0.0.1 at a free port by the test itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Device } from 'treewright';
import { serveStatic, type StaticSite } from './web-site/serve.js';

const SITE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web-site');

const test = base.extend<object, { site: StaticSite }>({
  site: [async ({}, use) => {
    const site = await serveStatic(SITE);
    await use(site);
    await site.close();
  }, { scope: 'worker' }],
});

async function signIn(device: Device): Promise<void> {
  const email = device.getByLabel('Email');
  await expect(email).toBeEditable();
  await expect(email).toBeEmpty();
  await email.fill('ada@example.com');
  await expect(email).toHaveValue('ada@example.com');
  await expect(device.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await device.getByTestId('password').pressSequentially('correct horse');
  await expect(device.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await device.getByTestId('password').press('Enter');
  await expect(device.getByRole('heading', { name: 'Welcome, ada' })).toBeVisible();
  await expect(email).toBeHidden();
}

async function switches(device: Device): Promise<void> {
  await device.getByRole('button', { name: 'Settings' }).click();
  const wifi = device.getByRole('switch', { name: 'Wi-Fi' });
  await expect(wifi).toHaveRole('switch');
  await wifi.check();
  await wifi.check(); // idempotent: a second run of a setup step leaves it on
  await expect(wifi).toBeChecked();
  expect(await wifi.isChecked()).toBe(true);
  await wifi.uncheck();
  await expect(wifi).toBeChecked({ checked: false });
  await device.getByRole('switch', { name: 'Bluetooth' }).setChecked(true);
  await expect(device.getByRole('switch', { name: 'Bluetooth', checked: true })).toBeVisible();
}

test.describe('web page', () => {
  test.use({ source: async ({ site }, use) => use(`web:${site.url}/app.html`) });
  test('sign in', async ({ device }) => signIn(device));
  test('settings switches', async ({ device }) => {
    await signIn(device);
    await switches(device);
  });
  test('choose a language', async ({ device }) => {
    await signIn(device);
    await device.getByRole('button', { name: 'Settings' }).click();
    await device.getByRole('combobox', { name: 'Language' }).selectOption('Français');
    await expect(device.getByRole('status')).toHaveText('Language: Français');
    await device.getByTestId('language').selectOption('ja');
    await expect(device.getByRole('status')).toHaveText('Language: 日本語');
  });
});

test.describe('reference app', () => {
  test.use({ source: 'reference' });
  test('sign in', async ({ device }) => signIn(device));
  test('settings switches', async ({ device }) => {
    await signIn(device);
    await switches(device);
  });
});

// Read-only: the same getBy* names and matchers on captures from real apps.
test.describe('XCUITest source (Wi-Fi settings)', () => {
  test.use({ source: 'file:fixtures/ios/xcuitest-settings-back.xml' });
  test('read the screen', async ({ device }) => {
    const wifi = device.getByRole('switch', { name: 'Wi-Fi' });
    await expect(wifi).toBeChecked();
    await expect(wifi).toHaveRole('switch');
    await expect(wifi).toHaveAttribute('type', 'XCUIElementTypeSwitch');
    const password = device.getByLabel('Password');
    await expect(password).toBeEditable();
    await expect(password).toHaveId('wifi-password');
    await expect(device.getByPlaceholder('Required')).toBeVisible();
    await expect(device.getByRole('button', { name: 'Join' })).toBeDisabled();
  });
});

test.describe('Compose dump (cmp-inspector)', () => {
  test.use({ source: 'file:fixtures/trees/home.json' });
  test('read the screen', async ({ device }) => {
    await expect(device.getByRole('button', { name: 'First card' })).toBeEnabled();
    await expect(device.getByTestId('card_two')).toBeDisabled();
    await expect(device.getByTestId('card_two')).toHaveRole('button');
    await expect(device.getByLabel('Second card')).not.toBeEditable();
  });
});
