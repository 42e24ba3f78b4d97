// The bundled reference app: sign in, scroll a lazy list, change a setting, and the dialog.
// Runs in-process here; the `examples-moui` / `examples-jetwhale` projects run the same file over
// those agent protocols (see playwright.config.ts).
import { test, expect } from 'treewright';
import { SIGN_IN } from './sign-in.aria.js';

test('sign in and change a setting', async ({ device }) => {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byRole('Button', { name: 'Sign in' }).click();
  await expect(device.byText('Welcome, Ada')).toBeVisible();
  await device.byTag('feed').scrollToIndex(240);
  await expect(device.byText('Item 240')).toBeVisible();
  await device.byRole('Button', { name: 'Settings' }).click();
  await device.byRole('Switch', { name: 'Wi-Fi' }).click();
  await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked();
});

test('the sign-in button waits for both fields', async ({ device }) => {
  const signIn = device.byRole('Button', { name: 'Sign in' });
  await expect(signIn).toBeDisabled();
  await device.byTag('email').fill('ada@example.com');
  await expect(signIn).toBeDisabled();
  await device.byTag('password').fill('wrong');
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(device.byText('Wrong email or password')).toBeVisible();
});

test('signing out asks first, and the dialog blocks the screen below', async ({ device }) => {
  await device.byTag('email').fill('ada@example.com');
  await device.byTag('password').fill('correct horse');
  await device.byTag('password').pressEnter();
  await device.byRole('Button', { name: 'Settings' }).click();
  await device.byText('Sign out').click();
  await expect(device.byRole('Dialog')).toBeVisible();
  await expect(device.byRole('Switch', { name: 'Wi-Fi' })).not.toBeHittable();
  await device.back();
  await expect(device.byRole('Dialog')).toBeHidden();
  await expect(device.byRole('Switch', { name: 'Wi-Fi' })).toBeHittable();
});

test('the sign-in screen matches the same aria snapshot on every protocol and on the web', async ({ device }) => {
  await expect(device).toMatchAriaSnapshot(SIGN_IN);
  // Until both fields are filled the button is disabled, as its aria snapshot says.
  await expect(device.byRole('Button', { name: 'Sign in' })).toMatchAriaSnapshot('- button "Sign in" [disabled]');
  await device.byTag('email').fill('ada@example.com');
  await expect(device.byTag('email')).toMatchAriaSnapshot('- textbox "Email": ada@example.com');
  // The same text, printed: what a failure shows and what `-u` writes.
  expect(await device.byTag('email').ariaSnapshot()).toBe('- textbox "Email": ada@example.com');
});
