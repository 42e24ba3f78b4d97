import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { Device } from '../../src/devices/device.js';
import { n, r, root, snap, ScriptedDriver, deviceOf } from '../helpers/build.js';

const expect = base.extend(matchers);

function home(title = 'Home', extra: ReturnType<typeof n>[] = []) {
  return snap(root(n({ id: '1', bounds: r(0, 0, 360, 800) }, [
    n({ id: '2', tag: 'home_title', text: title, bounds: r(16, 16, 328, 40) }),
    n({ id: '3', tag: 'card_one', role: 'Button', contentDescription: 'First card', clickable: true, actions: ['Click'], bounds: r(16, 100, 328, 120) }, [
      n({ id: '4', text: 'Card One', bounds: r(32, 116, 200, 24) }),
    ]),
    n({ id: '5', tag: 'card_two', role: 'Button', contentDescription: 'Second card', clickable: true, enabled: false, actions: ['Click'], bounds: r(16, 240, 328, 120) }),
    n({ id: '6', tag: 'agree', role: 'Checkbox', toggle: 'off', clickable: true, actions: ['Click'], bounds: r(16, 400, 48, 48) }),
    ...extra,
  ])));
}

test('the core assertions pass on a matching screen', async () => {
  const device = deviceOf(home());
  await expect(device.byTag('home_title')).toHaveText('Home');
  await expect(device.byTag('home_title')).toContainText('om');
  await expect(device.byTag('card_one')).toHaveText('Card One'); // text content of descendants
  await expect(device.byRole('Button', { name: 'First card' })).toBeOperable();
  await expect(device.byRole('Button', { name: 'First card' })).toBeHittable();
  await expect(device.byRole('Button', { name: 'First card' })).toBeEnabled();
  await expect(device.byRole('Button', { name: 'Second card' })).toBeDisabled();
  await expect(device.byRole('Button')).toHaveCount(2);
  await expect(device.byText('Nope')).toBeHidden();
  await expect(device.byText('Card One')).toBeVisible();
  await expect(device.byRole('Checkbox')).toBeChecked({ checked: false });
  await expect(device.byRole('Checkbox')).not.toBeChecked();
  await expect(device.byText('Nope')).not.toBeVisible();
  await expect(device.byRole('Button', { name: 'Second card' })).not.toBeOperable();
});

test('assertions retry with fresh captures until the screen matches', async () => {
  const driver = new ScriptedDriver([home('Loading'), home('Loading'), home('Home')]);
  const device = new Device(driver);
  await expect(device.byTag('home_title')).toHaveText('Home', { timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('first check is immediate: a passing assertion captures once', async () => {
  const driver = new ScriptedDriver([home()]);
  await expect(new Device(driver).byTag('home_title')).toHaveText('Home');
  expect(driver.captures).toBe(1);
});

test('.not retries too', async () => {
  const driver = new ScriptedDriver([home('Home'), home('Home'), home('Done')]);
  await expect(new Device(driver).byTag('home_title')).not.toHaveText('Home', { timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('a failure uses Playwright\'s message layout', async () => {
  const device = deviceOf(home('Hone'));
  const err = await expect(device.byTag('home_title')).toHaveText('Home', { timeout: 300 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err).toBeInstanceOf(Error);
  const msg = err.message;
  expect(msg).toContain('expect(locator).toHaveText(expected) failed');
  expect(msg).toContain("Locator:  byTag('home_title')");
  expect(msg).toContain('Expected: "Home"');
  expect(msg).toContain('Received: "Hone"');
  expect(msg).toContain('Timeout:  300ms');
  expect(msg).toContain('Call log:');
  expect(msg).toContain('Expect "toHaveText" with timeout 300ms');
});

test('.not failure says "not"', async () => {
  const err = await expect(deviceOf(home()).byTag('home_title')).not.toBeVisible({ timeout: 0 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err.message).toContain('expect(locator).not.toBeVisible() failed');
  expect(err.message).toContain('Expected: not visible');
});

test('a missing node is reported as not found', async () => {
  const err = await expect(deviceOf(home()).byTag('nope')).toBeVisible({ timeout: 0 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err.message).toContain('Received: <element(s) not found>');
});

test('strict mode: a single-node assertion on several matches fails at once with the candidates', async () => {
  const driver = new ScriptedDriver([home()]);
  const err = await expect(new Device(driver).byRole('Button')).toBeVisible({ timeout: 5000 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err.message).toContain("strict mode violation: byRole('Button') resolved to 2 nodes:");
  expect(err.message).toMatch(/1\) Button #3 .*desc="First card"/);
  expect(driver.captures).toBe(1);
});

test('toBeHittable names the obscuring node as an outline line', async () => {
  const overlay = n({ id: '9', tag: 'overlay', role: 'Button', text: 'Cover', clickable: true, actions: ['Click'], bounds: r(0, 90, 360, 150) });
  const err = await expect(deviceOf(home('Home', [overlay])).byTag('card_one')).toBeHittable({ timeout: 0 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err.message).toContain('Received: not hittable (obscured)');
  expect(err.message).toMatch(/Obscured by: Button #9 "Cover" .*tag=overlay/);
  const err2 = await expect(deviceOf(home('Home', [overlay])).byTag('card_one')).toBeOperable({ timeout: 0 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err2.message).toContain('Received: not operable (obscured)');
});

test('toHaveCount reports the count it saw', async () => {
  const err = await expect(deviceOf(home()).byRole('Button')).toHaveCount(3, { timeout: 0 }).then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
  expect(err.message).toContain('Expected: 3');
  expect(err.message).toContain('Received: 2');
});

test('expect timeout from config/expect.configure is honoured', async () => {
  const slow = expect.configure({ timeout: 250 });
  const driver = new ScriptedDriver([home('Hone')]);
  const t0 = Date.now();
  await slow(new Device(driver).byTag('home_title')).toHaveText('Home').catch(() => {});
  expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
  expect(driver.captures).toBeGreaterThanOrEqual(2);
});
