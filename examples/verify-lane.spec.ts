// The verify lane as tests: accessibility, token drift, golden trees, outline templates and
// screenshots, on the bundled reference app (which has one planted drift and one planted
// accessibility problem, so the lane has something to find).
import { test, expect, audit, checkDrift, catalogFromValue, type Device } from 'treewright';

async function signIn(device: Device) {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
}

test('settings passes the lane', async ({ device }) => {
  await signIn(device);
  await device.byRole('Button', { name: 'Settings' }).click();
  await expect(device).toPassA11y();                                      // the whole screen
  await expect(device).toHaveNoTokenDrift();                              // catalog served by the app
  await expect(device).toMatchGoldenTree('settings');                     // golden/…/settings.tree
  await expect(device.byRole('Switch', { name: 'Bluetooth' })).toPassA11y({ rules: { 'touch-target': 'warning' } });
  await expect(device).toMatchOutline(`
    - Switch "Wi-Fi" [unchecked]
    - Switch /Bluetooth.*/ [checked]
  `);
  await expect(device).toMatchScreenshot('settings');                     // devices with pixels
});

test('the lane finds what was planted', async ({ device }) => {
  await expect(device).not.toHaveNoTokenDrift();                          // sign-in button radius
  const catalog = catalogFromValue(await device.designSystem());
  const drift = checkDrift(await device.snapshot(), catalog);
  expect(drift.map((f) => [f.rule, f.data?.token, f.data?.expected, f.data?.actual])).toEqual([['token-mismatch', 'RadiusButton', '8dp', '12dp']]);

  await signIn(device);
  await expect(device).not.toPassA11y();                                  // the unlabeled 32 dp filter icon
  const findings = audit(await device.snapshot()).filter((f) => f.severity === 'error');
  expect(findings.map((f) => [f.rule, f.nodeId])).toEqual([['touch-target', '42'], ['speakable-text', '42']]);
});
