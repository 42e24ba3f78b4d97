// toMatchAriaSnapshot and ariaSnapshot(): on a device (the whole screen) and a locator (its subtree),
// retries, Playwright's failure layout with the expected/received diff, .not, and templates refused
// before any capture.
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { Device } from '../../src/devices/device.js';
import { FormatError, TargetError } from '../../src/errors.js';
import { n, r, root, snap, ScriptedDriver, deviceOf } from '../helpers/build.js';

const expect = base.extend(matchers);

function inbox(unread = 3, wifi: 'on' | 'off' = 'on') {
  return snap(root(n({ bounds: r(0, 0, 360, 800) }, [
    n({ role: 'Heading', text: 'Inbox', heading: true, platform: { level: 1 } }),
    n({ role: 'Text', text: `${unread} unread` }),
    n({ role: 'List', tag: 'mail' }, [
      n({ role: 'ListItem', clickable: true }, [n({ role: 'Text', text: 'Ada' }), n({ role: 'Text', text: 'Lunch?' })]),
      n({ role: 'ListItem', clickable: true }, [n({ role: 'Text', text: 'Grace' })]),
    ]),
    n({ role: 'Switch', text: 'Wi-Fi', toggle: wifi, clickable: true }),
    n({ role: 'Button', text: 'Send', clickable: true }),
  ]), { rootId: 'main' }));
}

async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
}

test('a device matches against the whole screen, a locator against its subtree', async () => {
  const device = deviceOf(inbox());
  await expect(device).toMatchAriaSnapshot(`
    - heading "Inbox" [level=1]
    - text: /\\d+ unread/
    - list:
      - listitem:
        - text: Ada Lunch?
    - switch "Wi-Fi" [checked]
  `);
  await expect(device.byTag('mail')).toMatchAriaSnapshot('- listitem: Grace');
  await expect(device.byTag('mail')).toMatchAriaSnapshot('- list:\n  - listitem\n  - listitem');
  await expect(device.byTag('mail')).not.toMatchAriaSnapshot('- button "Send"', { timeout: 0 });
});

test('ariaSnapshot() prints the screen and a locator\'s subtree in Playwright\'s form', async () => {
  const device = deviceOf(inbox());
  expect(await device.ariaSnapshot()).toBe([
    '- heading "Inbox" [level=1]',
    '- text: 3 unread',
    '- list:',
    '  - listitem: Ada Lunch?',
    '  - listitem: Grace',
    '- switch "Wi-Fi" [checked]',
    '- button "Send"',
  ].join('\n'));
  expect(await device.byTag('mail').ariaSnapshot()).toBe('- list:\n  - listitem: Ada Lunch?\n  - listitem: Grace');
  // Printed, it is a template that matches what it was printed from.
  await expect(device).toMatchAriaSnapshot(await device.ariaSnapshot());
});

test('it retries with fresh captures until the screen matches', async () => {
  const driver = new ScriptedDriver([inbox(3, 'off'), inbox(3, 'off'), inbox(3, 'on')]);
  await expect(new Device(driver)).toMatchAriaSnapshot('- switch "Wi-Fi" [checked]', { timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('a failure is laid out as Playwright\'s: the call, the target, the expected/received diff, the call log', async () => {
  const err = await failure(expect(deviceOf(inbox(3, 'off'))).toMatchAriaSnapshot(`
    - heading "Inbox"
    - switch "Wi-Fi" [checked]
  `, { timeout: 0 }));
  const msg = err.message;
  expect(msg).toContain('expect(device).toMatchAriaSnapshot(expected) failed');
  expect(msg).toContain('Device:  scripted:test');
  expect(msg).toContain('Expected: matching the aria snapshot (2 lines)');
  expect(msg).toContain('Received: the aria snapshot below, which the template does not match');
  expect(msg).toContain('- Expected  - 2\n+ Received  + 7\n');
  expect(msg).toContain('- - heading "Inbox"\n- - switch "Wi-Fi" [checked]\n+ - heading "Inbox" [level=1]');
  expect(msg).toContain('+ - switch "Wi-Fi"\n');
  expect(msg).toContain('Call log:');
  // A locator that finds nothing says so, and what it came near.
  const none = await failure(expect(deviceOf(inbox()).byTag('nope')).toMatchAriaSnapshot('- button', { timeout: 0 }));
  expect(none.message).toContain("Locator:  byTag('nope')");
  expect(none.message).toContain('Received: <element(s) not found>');
});

test('.not: a matching snapshot fails, showing what matched', async () => {
  const err = await failure(expect(deviceOf(inbox())).not.toMatchAriaSnapshot('- button "Send"', { timeout: 0 }));
  expect(err.message).toContain('expect(device).not.toMatchAriaSnapshot(expected) failed');
  expect(err.message).toContain("Received: matches the screen's aria snapshot");
  expect(err.message).toContain('  - button "Send"');
});

test('a malformed template throws at once, typed, before any capture', async () => {
  const driver = new ScriptedDriver([inbox()]);
  const device = new Device(driver);
  const err = await failure(expect(device).toMatchAriaSnapshot('- heading "Inbox"\n- buton "Send"'));
  expect(err).toBeInstanceOf(FormatError);
  expect((err as FormatError).details).toMatchObject({ where: 'template', line: 2, column: 3 });
  expect((err as FormatError).hint).toContain('Did you mean "button"?');
  expect(driver.captures).toBe(0);
  // Something that is neither a template nor { name } is a typed argument error naming what to pass.
  const wrong = await failure((expect(device) as unknown as { toMatchAriaSnapshot(x: number): Promise<void> }).toMatchAriaSnapshot(42));
  expect(wrong).toBeInstanceOf(TargetError);
  expect(wrong.message).toContain('toMatchAriaSnapshot(expected) needs a template string or { name }, got number');
});
