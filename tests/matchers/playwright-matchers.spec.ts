// Playwright's matchers treewright now has, on real captures and the reference app, with Playwright's
// message layout; missing arguments and Playwright-only matchers fail in one typed line.
import { test, expect as pw } from '@playwright/test';
import { expect } from '../../runner/expect.js';
import { connect } from '../../src/devices/connect.js';
import { isTreewrightError } from '../../src/errors.js';

async function messageOf(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try { await (typeof p === 'function' ? p() : p); } catch (e) { return (e as Error).message; }
  throw new Error('expected a failure');
}

test('XCUITest source: toBeEditable, toBeEmpty, toHaveRole, toHaveAttribute, toHaveId', async () => {
  const d = await connect('file:fixtures/ios/xcuitest-settings-back.xml');
  const password = d.getByLabel('Password');
  await expect(password).toBeEditable();
  await expect(password).toBeEmpty();
  await expect(password).toHaveId('wifi-password');
  await expect(password).toHaveAttribute('type', 'XCUIElementTypeSecureTextField');
  await expect(password).toHaveAttribute('type', /SecureTextField$/);
  await expect(password).toHaveAttribute('placeholderValue');
  await expect(password).not.toHaveAttribute('resource-id');
  await expect(d.getByRole('switch', { name: 'Wi-Fi' })).toHaveRole('switch');
  await expect(d.getByRole('switch', { name: 'Wi-Fi' })).toHaveRole('Switch'); // treewright's name works too
  await expect(d.getByRole('button', { name: 'Join' })).not.toBeEditable();
  const m = await messageOf(expect(d.getByRole('button', { name: 'Join' })).toBeEditable({ timeout: 0 }));
  pw(m).toContain('expect(locator).toBeEditable()');
  pw(m).toContain('Expected: editable');
  pw(m).toContain('Received: readonly (not a text field)');
  const role = await messageOf(expect(d.getByRole('switch', { name: 'Wi-Fi' })).toHaveRole('checkbox', { timeout: 0 }));
  pw(role).toContain('Expected: "checkbox"');
  pw(role).toContain('Received: "switch"');
  await d.close();
});

test('Android dump: toHaveAttribute reads resource-id, class and package', async () => {
  const d = await connect('file:fixtures/uiautomator/005.xml', { density: 2.625 });
  const field = d.getByRole('textbox');
  await expect(field).toHaveAttribute('class', 'android.widget.EditText');
  await expect(field).toHaveAttribute('package', 'com.carlos.controlmedicamentos');
  await expect(field).toBeEditable();
  await d.close();
});

test('reference app: toBeEmpty follows the field; toHaveText() with no argument is a typed error', async () => {
  const d = await connect('reference');
  const email = d.getByLabel('Email');
  await expect(email).toBeEmpty();
  await email.fill('ada@example.com');
  await expect(email).not.toBeEmpty();
  for (const name of ['toHaveText', 'toContainText', 'toHaveAccessibleName', 'toHaveValue'] as const) {
    let error: unknown;
    try { await (expect(email)[name] as (x?: unknown) => Promise<void>)(); } catch (e) { error = e; }
    pw(isTreewrightError(error), String(error)).toBe(true);
    pw((error as Error).message).toContain(`expect(locator).${name}(expected): expected must be a string or a RegExp, got undefined`);
  }
  await d.close();
});

test("a Playwright-only matcher on a treewright locator fails in one line naming what to use", async () => {
  const d = await connect('reference');
  const loc = d.getByLabel('Email');
  const m = await messageOf(() => (expect(loc) as unknown as { toHaveClass(x: string): Promise<void> }).toHaveClass('x'));
  pw(m.split('\n')[0]).toContain("toHaveClass() is Playwright's matcher for its own locators, not for a treewright locator or device: treewright has no equivalent");
  pw(m).not.toContain('can be only used with Locator object');
  const shot = await messageOf(() => (expect(loc).not as unknown as { toHaveScreenshot(): Promise<void> }).toHaveScreenshot());
  pw(shot).toContain("use treewright's toMatchScreenshot()");
  const soft = await messageOf(() => (expect.soft(d) as unknown as { toHaveURL(x: string): Promise<void> }).toHaveURL('x'));
  pw(soft).toContain('a page matcher');
  await d.close();
});

test('a dump without density: the warning names --density and { density }, and toPassA11y reports it', async () => {
  const d = await connect('file:fixtures/uiautomator/005.xml');
  const warning = (await d.snapshot()).warnings.find((w) => w.code === 'unknown-density')!;
  pw(warning.message).toContain('--density <px per dp>');
  pw(warning.message).toContain('{ density }');
  const m = await messageOf(expect(d).not.toPassA11y({ timeout: 0 }));
  pw(m).toContain('(density unknown: sizes judged as px = dp)');
  pw(m).toContain('warning: uiautomator dumps carry no screen density');
  await d.close();
  const given = await connect('file:fixtures/uiautomator/005.xml', { density: 2.625 });
  pw((await given.snapshot()).warnings.some((w) => w.code === 'unknown-density')).toBe(false);
  await given.close();
});
