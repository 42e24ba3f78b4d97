// toMatchOutline: the example on a hand-built settings screen, retries, the failure message,
// .not, and templates that are wrong before any capture.
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { Device } from '../../src/devices/device.js';
import { FormatError, TargetError } from '../../src/errors.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { n, r, root, snap, ScriptedDriver, deviceOf } from '../helpers/build.js';

const expect = base.extend(matchers);

function settingsScreen(wifi: 'on' | 'off' = 'on') {
  const sw = (id: string, text: string, toggle: 'on' | 'off') =>
    n({ id, role: 'Switch', text, toggle, clickable: true, actions: ['Click'], bounds: r(16, 100 + Number(id) * 60, 328, 48) });
  return snap(root(n({ id: '1', bounds: r(0, 0, 360, 800) }, [
    n({ id: '2', role: 'Heading', text: 'Settings', heading: true, bounds: r(16, 16, 328, 40) }),
    n({ id: '3', tag: 'settings', bounds: r(0, 100, 360, 500) }, [
      sw('4', 'Wi-Fi', wifi),
      sw('5', 'Bluetooth', 'off'),
      sw('6', 'Airplane mode', 'off'),
    ]),
  ]), { rootId: 'main', label: 'Settings' }));
}

async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
}

test('the issue example passes on a settings screen', async () => {
  const device = deviceOf(settingsScreen());
  await expect(device.byTag('settings')).toMatchOutline(`
    - Switch "Wi-Fi" [checked]
    - Switch /Bluetooth.*/
  `);
  // The locator's own node may be the first line; a device matches against the whole screen.
  await expect(device.byTag('settings')).toMatchOutline('- node tag=settings\n  - Switch "Airplane mode" [unchecked]');
  await expect(device).toMatchOutline(`
    root main "Settings"
    - node
      - Heading "Settings" [heading]
      - node tag=settings
  `);
  await expect(device).toMatchOutline(parseOutline('- Switch "Wi-Fi"\n- Switch "Airplane mode"'));
});

test('it retries with fresh captures until the screen matches', async () => {
  const driver = new ScriptedDriver([settingsScreen('off'), settingsScreen('off'), settingsScreen('on')]);
  await expect(new Device(driver).byTag('settings')).toMatchOutline('- Switch "Wi-Fi" [checked]', { timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('a failure shows the template against the nearest region, as a diff', async () => {
  const err = await failure(expect(deviceOf(settingsScreen('off')).byTag('settings')).toMatchOutline(`
    - Switch "Wi-Fi" [checked]
    - Switch /Bluetooth.*/
  `, { timeout: 0 }));
  const msg = err.message;
  expect(msg).toContain('expect(locator).toMatchOutline(template) failed');
  expect(msg).toContain("Locator:  byTag('settings')");
  expect(msg).toContain('Expected: matching the template (2 lines)');
  expect(msg).toContain('Received: 1 of 2 template lines matched');
  expect(msg).toContain('Nearest match: the children of node #3 tag=settings tap=180,350');
  expect(msg).toContain([
    '- Template  - 1',
    '+ Received  + 2',
    '',
    '- - Switch "Wi-Fi" toggle=on',
    '+ - Switch "Wi-Fi" toggle=off',
    '  - Switch /Bluetooth.*/',
    '+ - Switch "Airplane mode" toggle=off [clickable]',
  ].join('\n'));
  expect(msg).toContain('Call log:');
});

test('.not passes when the template does not match, and fails showing what matched', async () => {
  const device = deviceOf(settingsScreen('off'));
  await expect(device.byTag('settings')).not.toMatchOutline('- Switch "Wi-Fi" [checked]');
  const err = await failure(expect(device.byTag('settings')).not.toMatchOutline('- Switch "Wi-Fi" [unchecked]', { timeout: 0 }));
  expect(err.message).toContain('expect(locator).not.toMatchOutline(template) failed');
  expect(err.message).toContain('Expected: not matching the template (1 line)');
  expect(err.message).toContain('Received: matches the children of node #3 tag=settings');
  expect(err.message).toContain("Matched (in the template's form):\n  - Switch \"Wi-Fi\" toggle=off");
});

test('a missing locator is reported as not found', async () => {
  const err = await failure(expect(deviceOf(settingsScreen()).byTag('nope')).toMatchOutline('- Switch', { timeout: 0 }));
  expect(err.message).toContain('Received: <element(s) not found>');
});

test('a bad template throws at once, naming the template and the line, before any capture', async () => {
  const driver = new ScriptedDriver([settingsScreen()]);
  const device = new Device(driver);
  let caught: unknown;
  try {
    await expect(device.byTag('settings')).toMatchOutline(`
      - Switch "Wi-Fi"
         - Switch /Bluetooth/
    `, { timeout: 5000 });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(FormatError);
  expect((caught as FormatError).details).toMatchObject({ where: 'template', line: 3 });
  expect((caught as FormatError).message).toContain('template:3:');
  expect(driver.captures).toBe(0);

  caught = undefined;
  try {
    await expect(device.byTag('settings')).toMatchOutline('- Switch [clikable]');
  } catch (e) {
    caught = e;
  }
  expect((caught as FormatError).message).toContain('unknown flag [clikable]');
  expect(driver.captures).toBe(0);
});

test('root lines against a locator fail at once, without waiting out the timeout', async () => {
  const driver = new ScriptedDriver([settingsScreen()]);
  let caught: unknown;
  try {
    await expect(new Device(driver).byTag('settings')).toMatchOutline('root main\n- node', { timeout: 5000 });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(TargetError);
  expect(driver.captures).toBe(1);
});
