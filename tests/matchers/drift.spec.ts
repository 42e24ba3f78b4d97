import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { loadCatalog } from '../../src/files/catalog-file.js';
import { Device } from '../../src/devices/device.js';
import { FileDriver } from '../../src/devices/file.js';
import { driftTable } from '../../src/render/drift-table.js';
import type { Finding } from '../../src/common/finding.js';
import { n, r, root, snap, ScriptedDriver, deviceOf } from '../helpers/build.js';

const expect = base.extend(matchers);

const CATALOG = 'fixtures/design-system.json';
const BASE_CATALOG = JSON.parse(readFileSync(CATALOG, 'utf8'));
/** The fixture catalog plus the type ramp home.json's text styles come from. */
const WITH_TYPE = { ...BASE_CATALOG, typography: [{ name: 'TitleLarge', size: '22sp' }, { name: 'BodyMedium', size: '14sp' }] };

const homeDevice = () => new Device(new FileDriver('fixtures/trees/home.json'));

async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected the assertion to fail'); }, (e: Error) => e);
}

function screen(radius: string) {
  return snap(root(n({ tag: 'root', designToken: { tokens: ['PaddingPage'], resolved: { padding: '16dp' } } }, [
    n({ tag: 'card', role: 'Button', bounds: r(16, 16, 100, 100), designToken: { tokens: ['Surface', 'RadiusCard'], resolved: { color: '#FFF', radius } } }),
  ])));
}

test('home.json drifts: the failure lists each finding as node · token · facet · expected · actual', async () => {
  const err = await failure(expect(homeDevice()).toHaveNoTokenDrift({ catalog: CATALOG, timeout: 0 }));
  const lines = err.message.split('\n');
  expect(lines.slice(0, 4)).toEqual([
    'expect(device).toHaveNoTokenDrift({ catalog: "fixtures/design-system.json" }) failed',
    '',
    'Device:  file:fixtures/trees/home.json',
    'Expected: no token drift',
  ]);
  expect(lines[4]).toBe('Received: 4 drift findings (4 errors, 0 warnings)');
  const table = lines.indexOf('node            token       facet     expected  actual  rule');
  expect(table).toBeGreaterThan(4);
  expect(lines.slice(table, table + 5)).toEqual([
    'node            token       facet     expected  actual  rule',
    'home_title      TitleLarge  fontSize  —         22sp    unknown-token',
    'card_one_label  BodyMedium  fontSize  —         14sp    unknown-token',
    'card_two        RadiusCard  radius    16dp      24dp    token-mismatch',
    'card_two_label  BodyMedium  fontSize  —         14sp    unknown-token',
  ]);
});

test('with the text styles in the catalog, only the radius drift fails', async () => {
  const err = await failure(expect(homeDevice()).toHaveNoTokenDrift({ catalog: WITH_TYPE, timeout: 0 }));
  expect(err.message).toContain('Received: 1 drift finding (1 error, 0 warnings)');
  expect(err.message).toContain('card_two  RadiusCard  radius  16dp      24dp    token-mismatch');
  expect(err.message).toContain('expect(device).toHaveNoTokenDrift({ catalog }) failed');
});

test('a clean screen passes; .not inverts', async () => {
  const device = deviceOf(screen('16.0dp'));
  await expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG });
  await expect(homeDevice()).not.toHaveNoTokenDrift({ catalog: CATALOG });
  const err = await failure(expect(device).not.toHaveNoTokenDrift({ catalog: BASE_CATALOG, timeout: 0 }));
  expect(err.message).toContain('expect(device).not.toHaveNoTokenDrift({ catalog }) failed');
  expect(err.message).toContain('Expected: not no token drift');
  expect(err.message).toContain('Received: no token drift');
});

test('a locator checks its node\'s subtree only (strict)', async () => {
  const device = homeDevice();
  await expect(device.byTag('card_one')).toHaveNoTokenDrift({ catalog: WITH_TYPE });
  await expect(device.byTag('card_one')).not.toHaveNoTokenDrift({ catalog: CATALOG }); // BodyMedium is unknown there
  const err = await failure(expect(device.byTag('card_two')).toHaveNoTokenDrift({ catalog: WITH_TYPE, timeout: 0 }));
  expect(err.message).toContain("Locator:  byTag('card_two')");
  expect(err.message).toContain('card_two  RadiusCard  radius  16dp      24dp    token-mismatch');
  const missing = await failure(expect(device.byTag('nope')).toHaveNoTokenDrift({ catalog: WITH_TYPE, timeout: 0 }));
  expect(missing.message).toContain('Received: <element(s) not found>');
  const ambiguous = await failure(expect(device.byRole('Button')).toHaveNoTokenDrift({ catalog: WITH_TYPE, timeout: 0 }));
  expect(ambiguous.message).toMatch(/strict|resolved to 2/i);
});

test('requireTokens and ignore take locators', async () => {
  const device = homeDevice();
  const err = await failure(expect(device).toHaveNoTokenDrift({ catalog: WITH_TYPE, requireTokens: [device.byText('Untokenized subtitle')], ignore: [device.byTag('card_two')], timeout: 0 }));
  expect(err.message).toContain('Received: 1 drift finding (1 error, 0 warnings)');
  expect(err.message).toMatch(/home_subtitle_raw\s+—\s+—\s+a design token\s+—\s+missing-token/);
  expect(err.message).not.toContain('RadiusCard');
  await expect(device).toHaveNoTokenDrift({ catalog: WITH_TYPE, ignore: [device.byTag('card_two')], requireTokens: [device.byTag('card_one')] });
  await expect(device).toHaveNoTokenDrift({ catalog: WITH_TYPE, ignore: [device.byTag('home_root')] });
});

test('failOn and rules decide what fails; lower severities are listed', async () => {
  const device = deviceOf(snap(root(n({ tag: 'card', designToken: { tokens: ['RadiusCard'], resolved: { radius: '16dp', color: '#FFF' } } }))));
  await expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG }); // a warning does not fail by default
  const err = await failure(expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG, failOn: 'warning', timeout: 0 }));
  expect(err.message).toContain('Received: 1 drift finding (0 errors, 1 warning)');
  expect(err.message).toMatch(/card\s+—\s+color\s+a colour token\s+#FFF\s+no-token-for-facet \(warning\)/);
  await expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG, failOn: 'warning', rules: { 'no-token-for-facet': 'off' } });
  const upgraded = await failure(expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG, rules: { 'no-token-for-facet': 'error' }, timeout: 0 }));
  expect(upgraded.message).toContain('Received: 1 drift finding (1 error, 0 warnings)');
});

test('it retries with fresh captures until the drift is gone', async () => {
  const driver = new ScriptedDriver([screen('24dp'), screen('24dp'), screen('16dp')]);
  await expect(new Device(driver)).toHaveNoTokenDrift({ catalog: BASE_CATALOG, timeout: 5000 });
  expect(driver.captures).toBe(3);
});

test('without a catalog option it asks the device, and says to pass one when the device cannot', async () => {
  const err = await failure(expect(deviceOf(screen('16dp'))).toHaveNoTokenDrift());
  expect(err.message).toContain('toHaveNoTokenDrift needs a design-system catalog, and scripted:test does not serve one');
  expect(err.message).toContain("Pass { catalog: 'design-system.json' }");

  // A device whose driver serves its catalog (live devices: GET /inspect/design-system), as text…
  class LiveLike extends ScriptedDriver {
    served = 0;
    async designSystem() {
      this.served++;
      return JSON.stringify(BASE_CATALOG);
    }
  }
  const driver = new LiveLike([screen('24dp')]);
  const drift = await failure(expect(new Device(driver)).toHaveNoTokenDrift({ timeout: 0 }));
  expect(drift.message).toContain('card  RadiusCard  radius  16dp      24dp    token-mismatch');
  expect(driver.served).toBe(1);

  // …or as an object.
  class ServingDriver extends ScriptedDriver {
    async designSystem() { return { colors: { Surface: '#FFFFFF' }, dimens: { RadiusCard: '24dp', PaddingPage: '16dp' } }; }
  }
  await expect(new Device(new ServingDriver([screen('24dp')]))).toHaveNoTokenDrift();

  class BrokenDriver extends ScriptedDriver {
    async designSystem() { return '{"colors": {"Surface": "white"}}'; }
  }
  const broken = await failure(expect(new Device(new BrokenDriver([screen('16dp')]))).toHaveNoTokenDrift());
  expect(broken.message).toContain('scripted:test (design system):1:');
  expect(broken.message).toContain('colors.Surface: string "white" is not a colour');
});

test('a missing or malformed catalog file is a clear error naming the file and line', async ({}, testInfo) => {
  const device = deviceOf(screen('16dp'));
  const missing = await failure(expect(device).toHaveNoTokenDrift({ catalog: 'fixtures/no-such-catalog.json' }));
  expect(missing.message).toContain('fixtures/no-such-catalog.json: no design-system catalog at');
  expect(missing.message).toContain('relative paths resolve from the working directory');

  const bad = testInfo.outputPath('bad-catalog.json');
  writeFileSync(bad, '{\n  "colors": {\n    "Primary": "#0A2540",\n    "Surface": "#FFFFF"\n  }\n}\n');
  const malformed = await failure(expect(device).toHaveNoTokenDrift({ catalog: bad }));
  expect(malformed.message).toContain(`${bad}:4:5: colors.Surface: string "#FFFFF" is not a colour (expected #RGB, #RRGGBB or #AARRGGBB)`);

  writeFileSync(bad, '{ "colors": { "Primary": "#0A2540" ');
  const notJson = await failure(expect(device).toHaveNoTokenDrift({ catalog: bad }));
  expect(notJson.message).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1:\\d+: invalid JSON`));
});

test('bad options are refused at once', async () => {
  const device = deviceOf(screen('16dp'));
  await expect(expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG, ignore: ['card' as never] })).rejects.toThrow(/`ignore` must be an array of locators/);
  await expect(expect(device).toHaveNoTokenDrift({ catalog: BASE_CATALOG, failOn: 'fatal' as never })).rejects.toThrow(/failOn takes error, warning or info, got "fatal"/);
});

test('loadCatalog resolves a relative path from cwd', async () => {
  const c = await loadCatalog('design-system.json', { cwd: 'fixtures' });
  expect(c.dimens.RadiusCard).toBe('16dp');
});

test('driftTable caps its rows and counts the rest', () => {
  const f = (i: number): Finding => ({ check: 'drift', rule: 'token-mismatch', severity: 'error', nodeId: String(i), rootId: 'r', node: null, message: '', data: { label: `n${i}`, token: 'T', facet: 'radius', expected: '1dp', actual: `${'9'.repeat(50)}dp` } });
  const lines = driftTable(Array.from({ length: 5 }, (_, i) => f(i)), 3);
  expect(lines).toHaveLength(5);
  expect(lines[1]).toBe(`n0    T      radius  1dp       ${'9'.repeat(39)}…  token-mismatch`);
  expect(lines[4]).toBe('… and 2 more');
});
