// Playwright's getBy* names on real captures (an XCUITest source, a Compose dump, the reference app),
// their code form and JSON form, and getByRole's argument checks.
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { selectorToCode } from '../../src/query/selector.js';
import { TargetError } from '../../src/errors.js';

test('XCUITest source: getByRole with ARIA names, getByLabel, getByPlaceholder, getByTestId', async () => {
  const d = await connect('file:fixtures/ios/xcuitest-settings-back.xml');
  expect(await d.getByRole('switch', { name: 'Wi-Fi', checked: true }).count()).toBe(1);
  expect(await d.getByRole('switch', { name: 'Wi-Fi', checked: false }).count()).toBe(0);
  expect(await d.getByRole('button', { name: 'Join', disabled: true }).count()).toBe(1);
  expect((await d.getByLabel('Password').one()).node.tag).toBe('wifi-password');
  expect((await d.getByPlaceholder('Required').one()).node.tag).toBe('wifi-password');
  expect((await d.getByRole('textbox', { name: 'Password' }).one()).node.tag).toBe('wifi-password');
  expect((await d.getByTestId('join-button').one()).node.role).toBe('Button');
  expect(await d.getByTestId('join').count()).toBe(0); // whole and case-sensitive, as Playwright's
  expect(await d.getByTestId(/^wifi-/).count()).toBe(3); // wifi-row, wifi-switch, wifi-password
  await d.close();
});

test('Compose dump: getByRole and getByTestId read the merged tree', async () => {
  const d = await connect('file:fixtures/trees/home.json');
  expect((await d.getByRole('button', { name: 'Second card' }).one()).node.tag).toBe('card_two');
  expect(await d.getByRole('button', { disabled: false }).count()).toBe(1);
  expect((await d.getByTestId('card_one').one()).node.contentDescription).toBe('First card');
  expect((await d.getByLabel('First card').one()).node.tag).toBe('card_one');
  await d.close();
});

test("reference app: a Compose field's merged label is what getByLabel reads", async () => {
  const d = await connect('reference');
  expect((await d.getByLabel('Email').one()).node.tag).toBe('email');
  expect((await d.getByLabel('Password', { exact: true }).one()).node.tag).toBe('password');
  expect((await d.getByRole('heading', { level: undefined }).one()).node.text).toBe('Welcome to Treewright');
  expect(await d.getByText('Sign in').count()).toBe(1);
  await d.close();
});

test('getBy* print and parse as code, and read from JSON', () => {
  const codes = [
    "getByRole('button', { name: 'Send', pressed: true })",
    "getByRole('treeitem', { expanded: false })",
    "getByText('Sign in', { exact: true })",
    "getByLabel(/e-?mail/i)",
    "getByPlaceholder('Search')",
    "getByAltText('Logo', { exact: true })",
    "getByTitle('Close')",
    "getByTestId('email')",
    "getByTestId(/^row-/)",
    "byRole('Dialog').getByRole('button').getByLabel('x', { merged: false })",
  ];
  for (const code of codes) expect(selectorToCode(parseLocator(code))).toBe(code);
  expect(locatorFromInput(LocatorInputSchema.parse([{ kind: 'role', role: 'button', aria: true }, { kind: 'label', text: 'Email' }, { kind: 'testId', id: 'x' }])))
    .toEqual(parseLocator("getByRole('button').getByLabel('Email').getByTestId('x')"));
});

test('getByRole refuses a name that is not ARIA, naming the one meant', async () => {
  const d = await connect('reference');
  const refused = (f: () => unknown) => {
    try { f(); } catch (e) { expect(e).toBeInstanceOf(TargetError); return (e as Error).message; }
    throw new Error('not refused');
  };
  expect(refused(() => d.getByRole('Button'))).toContain(`"Button" is not an ARIA role; did you mean 'button'?`);
  expect(refused(() => d.getByRole('TextField'))).toContain(`did you mean 'textbox'?`);
  expect(refused(() => d.getByRole('button', { checked: true }))).toContain('checked applies only to roles that can be toggled');
  expect(refused(() => d.getByRole('checkbox', { pressed: true }))).toContain('pressed applies only to roles that can be pressed');
  expect(refused(() => parseLocator("getByRole('Button')"))).toContain("'Button' is not an ARIA role");
  expect(refused(() => d.getByTestId(''))).toContain('the test id must not be empty');
  expect(() => locatorFromInput({ kind: 'role', role: 'Button', aria: true })).toThrow(/not an ARIA role/);
  await d.close();
});
