import { expect, test } from '@playwright/test';
import { ROLES } from '../../src/model/schema.js';
import { ARIA_OF_ROLE, ARIA_ROLES, ariaPlatformNames, ariaRoleMatches, ariaRoleOf, isAriaRole } from '../../src/roles/aria.js';

test('every normalised role an ARIA name finds prints back as an ARIA role that finds it', () => {
  for (const role of ROLES) {
    const aria = ARIA_OF_ROLE[role];
    if (aria === null) continue;
    expect(isAriaRole(aria), role).toBe(true);
    expect(ariaRoleMatches(aria, { kind: 'compose', role, rawRole: null }), `${role} → ${aria}`).toBe(true);
  }
  // and back: a role an ARIA row finds prints as a name (which may be another row's, e.g. image → img).
  for (const [name, row] of ARIA_ROLES) for (const role of row.roles) expect(ariaRoleOf({ kind: 'generic', role, rawRole: null }), name).not.toBeNull();
});

test('a web node answers to its Chromium role alone: a listbox is not a list, a searchbox not a textbox', () => {
  expect(ariaRoleMatches('list', { kind: 'web', role: 'List', rawRole: 'list' })).toBe(true);
  expect(ariaRoleMatches('list', { kind: 'web', role: 'List', rawRole: 'listbox' })).toBe(false);
  expect(ariaRoleMatches('textbox', { kind: 'web', role: 'TextField', rawRole: 'searchbox' })).toBe(false);
  expect(ariaRoleMatches('button', { kind: 'web', role: null, rawRole: 'ToggleButton' })).toBe(true);
  expect(ariaRoleMatches('combobox', { kind: 'web', role: null, rawRole: 'PopUpButton' })).toBe(true);
  expect(ariaRoleMatches('navigation', { kind: 'web', role: null, rawRole: 'navigation' })).toBe(true);
  expect(ariaRoleOf({ kind: 'web', role: null, rawRole: 'ToggleButton' })).toBe('button');
  expect(ariaRoleOf({ kind: 'web', role: 'Text', rawRole: 'StaticText' })).toBeNull();
});

test('mobile nodes answer by their normalised role, and by the raw names a row lists', () => {
  expect(ariaRoleMatches('button', { kind: 'view', role: 'Button', rawRole: 'android.widget.Button' })).toBe(true);
  expect(ariaRoleMatches('textbox', { kind: 'apple', role: 'TextField', rawRole: 'XCUIElementTypeTextField' })).toBe(true);
  expect(ariaRoleMatches('textbox', { kind: 'apple', role: 'TextField', rawRole: 'XCUIElementTypeSearchField' })).toBe(false);
  expect(ariaRoleMatches('searchbox', { kind: 'apple', role: 'TextField', rawRole: 'XCUIElementTypeSearchField' })).toBe(true);
  expect(ariaRoleMatches('checkbox', { kind: 'compose', role: 'Checkbox', rawRole: 'Checkbox' })).toBe(true);
  expect(ariaRoleMatches('Button', { kind: 'compose', role: 'Button', rawRole: 'Button' })).toBe(false);
  expect(ariaRoleOf({ kind: 'apple', role: 'Dialog', rawRole: 'XCUIElementTypeAlert' })).toBe('alertdialog');
});

test('the platform names of an ARIA role come from each platform table', () => {
  const button = ariaPlatformNames('button');
  expect(button.compose).toEqual(['Button']);
  expect(button.android).toContain('MaterialButton');
  expect(button.android).toContain('ToggleButton');
  expect(button.apple).toContain('Button');
  expect(button.web).toEqual(['button', 'ToggleButton']);
  expect(ariaPlatformNames('switch').android).not.toContain('ToggleButton');
  expect(ariaPlatformNames('textbox').apple).not.toContain('SearchField');
});
