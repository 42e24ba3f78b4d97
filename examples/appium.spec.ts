// One spec, a real device by changing the source: an Appium session. Here the server is a local Appium
// started for the file with @appium/fake-driver, whose "app" is a real Android page source from
// fixtures/ (the helper only adds what the fake driver's lookups need); against a phone, an emulator
// or a farm, set `source` (and `capabilities`) in playwright.config.ts instead — nothing else changes.
import { test as base, expect } from 'treewright';
import { startAppium, fakeCapabilities, fixture, type AppiumServer } from '../tests/helpers/appium-server.js';

/** A fake-driver app per test, from a real dump; `source` is the Appium server with its capabilities. */
const test = base.extend<{ dump: string }, { appium: AppiumServer }>({
  appium: [async ({}, use) => {
    const server = await startAppium();
    try { await use(server); } finally { await server.stop(); }
  }, { scope: 'worker', timeout: 90_000 }],
  dump: ['', { option: true }],
  source: async ({ appium, dump }, use) => {
    const app = await appium.fakeApp(await fixture(dump), dump.replace(/\W/g, '-'));
    // What a pixel project would say: { platformName: 'Android', 'appium:automationName': 'UiAutomator2', … }.
    await use({ kind: 'appium', url: appium.url, capabilities: fakeCapabilities(app, { 'appium:deviceScreenDensity': 420 }) });
  },
});

test.describe('an AppCompat exit dialog (uiautomator dump 034)', () => {
  test.use({ dump: 'uiautomator/034.xml' });

  test('confirms leaving', async ({ device }) => {
    await expect(device.byText('Are you sure you want to exit?')).toBeVisible();
    const exit = device.byRole('Button', { name: 'EXIT', exact: true });
    await expect(exit).toBeOperable();
    const receipt = await exit.click();
    // Clicked as an element, found again by its resource-id (android:id/button1).
    expect(receipt.message).toBe('element click (found by resource-id)');
    await expect(device).toMatchOutline(`
      - Button "CANCEL"
      - Button "EXIT"
    `);
  });
});

test.describe('a Compose stock dialog (uiautomator dump 005)', () => {
  test.use({ dump: 'uiautomator/005.xml' });

  test('fills the amount and saves', async ({ device }) => {
    await expect(device.byText('Recargar stock')).toBeVisible();
    await device.byRole('TextField').fill('12');
    await device.byText('Guardar').click();
    expect(device.receipts.map((r) => `${r.call} via ${r.via}`)).toEqual([
      "byRole('TextField').fill('12') via semantic",
      "byText('Guardar').click() via tap",
    ]);
    // Sizes are judged in dp: the session said 420 dpi.
    await expect(device.byRole('TextField')).toPassA11y({ failOn: 'error' });
    await expect(device).toMatchScreenshot('fake-driver-screen');
  });
});
