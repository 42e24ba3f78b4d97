import { readFileSync } from 'node:fs';
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { Device } from '../../src/devices/device.js';
import { importTree } from '../../src/formats/index.js';
import { TargetError } from '../../src/errors.js';
import { n, r, root, snap, deviceOf, ScriptedDriver } from '../helpers/build.js';

const expect = base.extend(matchers);

const click = { clickable: true, actions: ['Click' as const] };
const a11yTree = () => importTree(readFileSync(new URL('../../fixtures/trees/a11y-tree.json', import.meta.url), 'utf8'), { where: 'a11y-tree.json' });

/** A screen with a clean header and a settings panel whose toggle is an unlabelled 20×20 target. */
function screen(opts: { fixed?: boolean; warningOnly?: boolean } = {}) {
  const toggle = opts.fixed
    ? n({ id: 'toggle', tag: 'wifi', ...click, contentDescription: 'Wi-Fi', bounds: r(280, 220, 48, 48) })
    : n({ id: 'toggle', tag: 'wifi', ...click, bounds: r(280, 220, 20, 20) });
  return snap(root(n({ id: 'screen', bounds: r(0, 0, 360, 800) }, [
    n({ id: 'title', tag: 'title', text: 'Settings', bounds: r(16, 16, 328, 40) }),
    n({ id: 'back', tag: 'back', ...click, contentDescription: opts.warningOnly ? 'Back button' : 'Back', bounds: r(16, 100, 48, 48) }),
    ...(opts.warningOnly ? [] : [n({ id: 'panel', tag: 'settings', bounds: r(0, 200, 360, 300) }, [toggle])]),
  ]), { rootId: 'main' }));
}

async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
}

test('a clean screen passes, on the device and on a locator', async () => {
  const device = deviceOf(screen({ fixed: true }));
  await expect(device).toPassA11y();
  await expect(device.byTag('settings')).toPassA11y();
});

test('errors fail with Playwright\'s layout: counts as Received, one line per finding', async () => {
  const err = await failure(expect(deviceOf(a11yTree())).toPassA11y({ timeout: 0 }));
  const message = err.message;
  expect(message).toContain('expect(device).toPassA11y() failed');
  expect(message).toContain('Device:  scripted:test');
  expect(message).toContain('Expected: no accessibility findings of severity error');
  expect(message).toContain('Received: 2 errors, 0 warnings');
  expect(message).toContain('error touch-target  Button #1 tag=icon_unlabeled [clickable] actions=Click tap=324,36 — 40×40 dp < 48×48 dp');
  expect(message).toContain('error speakable-text  Button #1 tag=icon_unlabeled [clickable] actions=Click tap=324,36 — no speakable text');
  expect(message).toContain('Call log:');
});

test('warnings are listed but do not fail, unless failOn says so', async () => {
  const device = deviceOf(screen({ warningOnly: true }));
  await expect(device).toPassA11y();
  const err = await failure(expect(device).toPassA11y({ failOn: 'warning', timeout: 0 }));
  expect(err.message).toContain('Expected: no accessibility findings of severity error or warning');
  expect(err.message).toContain('Received: 0 errors, 1 warning');
  expect(err.message).toContain('warning redundant-description  node #back desc="Back button" tag=back [clickable] actions=Click tap=40,124 — description "Back button" contains "button"');
});

test('.not passes on a screen with errors and fails on a clean one', async () => {
  await expect(deviceOf(a11yTree())).not.toPassA11y();
  const err = await failure(expect(deviceOf(screen({ fixed: true }))).not.toPassA11y({ timeout: 0 }));
  expect(err.message).toContain('expect(device).not.toPassA11y() failed');
  expect(err.message).toContain('Expected: not no accessibility findings of severity error');
  expect(err.message).toContain('Received: 0 errors, 0 warnings');
});

test('a locator audits its subtree only; rules and ignore narrow it further', async () => {
  const device = deviceOf(screen());
  // The header is clean: only the panel's toggle has problems.
  await expect(device.byTag('title')).toPassA11y();
  const err = await failure(expect(device.byTag('settings')).toPassA11y({ timeout: 0 }));
  expect(err.message).toContain('expect(locator).toPassA11y() failed');
  expect(err.message).toContain("Locator:  byTag('settings')");
  expect(err.message).toContain('Received: 2 errors, 0 warnings');
  // Severity changed for one rule: the other still fails.
  await expect(device.byTag('settings')).not.toPassA11y({ rules: { 'touch-target': 'warning' } });
  await expect(device.byTag('settings')).toPassA11y({ rules: { 'touch-target': 'warning', 'speakable-text': 'off' } });
  // Ignored by locator, with its subtree.
  await expect(device).toPassA11y({ ignore: [device.byTag('settings')] });
  await expect(device).toPassA11y({ ignore: [device.byTag('wifi')] });
  // Thresholds reach the engine.
  await expect(device).toPassA11y({ thresholds: { touchTargetDp: 16 }, rules: { 'speakable-text': 'off' } });
});

test('it retries with fresh captures until the screen passes', async () => {
  const driver = new ScriptedDriver([screen(), screen(), screen({ fixed: true })]);
  await expect(new Device(driver)).toPassA11y({ timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('a locator that finds nothing fails; one that finds several is a strict-mode error', async () => {
  const device = deviceOf(screen({ fixed: true }));
  const missing = await failure(expect(device.byTag('nope')).toPassA11y({ timeout: 0 }));
  expect(missing.message).toContain('Received: <element(s) not found>');
  const clickables = deviceOf(snap(root(n({ id: 's', bounds: r(0, 0, 360, 800) }, [
    n({ id: 'a', tag: 'dup', ...click, text: 'A', bounds: r(0, 100, 100, 48) }),
    n({ id: 'b', tag: 'dup', ...click, text: 'B', bounds: r(0, 200, 100, 48) }),
  ]))));
  const strict = await failure(expect(clickables.byTag('dup')).toPassA11y({ timeout: 0 }));
  // Inside an assertion a strict-mode violation is a failing verdict in Playwright's layout (Error: line), ended at once.
  expect(strict.message).toMatch(/Error: .*strict mode violation/);
});

test('bad options are typed errors', async () => {
  const device = deviceOf(screen({ fixed: true }));
  const failOn = await failure(expect(device).toPassA11y({ failOn: 'fatal' as never }));
  expect(failOn).toBeInstanceOf(TargetError);
  expect(failOn.message).toContain("toPassA11y: failOn takes error, warning or info, got \"fatal\"\n  → Use 'error', 'warning' or 'info'");
  const ignore = await failure(expect(device).toPassA11y({ ignore: ['settings' as never] }));
  expect(ignore.message).toContain('`ignore` must be an array of locators');
  const rule = await failure(expect(device).toPassA11y({ rules: { 'touch-size': 'off' } as never, timeout: 0 }));
  expect(rule.message).toContain('unknown rule "touch-size"');
});

test.describe('each platform\'s rules, on real captures', () => {
  const corpus = (path: string) => importTree(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url)), { where: path });

  test('Apple\'s alert buttons meet Apple\'s 44 pt; the Mac2 menu bar is judged as a pointer platform', async () => {
    await expect(deviceOf(corpus('ios/xcuitest-sioeye-notification-alert.xml'))).toPassA11y({ failOn: 'info' });
    await expect(deviceOf(corpus('ios/mac2-huashengtong-login.extract.xml'))).toPassA11y();
  });

  test('`platform` names the rules a capture cannot: Mac2 judged as iOS fails in pt', async () => {
    const err = await failure(expect(deviceOf(corpus('ios/mac2-huashengtong-login.extract.xml'))).toPassA11y({ platform: 'ios', timeout: 0 }));
    expect(err.message).toContain('MenuItem #7 desc=系统设置… [clickable] actions=Click tap=105,44 — 209×22 pt < 44×44 pt');
  });
});
