// The recorder writes the MCP exporter's code form (agents/export.ts): the same selector and action
// give the same line, and the saved spec has the exporter's shape (import, test.use, one test).
import { test, expect } from '@playwright/test';
import { exportSpec } from '../../agents/export.js';
import { actionLine, expectLine, recordedSpec } from '../../runner/inspector/record.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import type { LocatorAction } from '../../src/query/action.js';

const SELECTORS = ["getByTestId('email')", "getByRole('button', { name: 'Sign in' })", "getByTestId('row').getByText('Item 3', { exact: true }).nth(2)", "getByRole('button', { merged: false }).first()"];
const ACTIONS: LocatorAction[] = [{ kind: 'click' }, { kind: 'fill', text: "it's \"quoted\"\n" }, { kind: 'check' }, { kind: 'uncheck' }, { kind: 'scrollBy', dx: 0, dy: 420 }];

test('each recorded action and toBeVisible line is the line the exporter writes for it', () => {
  for (const code of SELECTORS) {
    const selector = parseLocator(code);
    for (const action of ACTIONS) {
      const exported = exportSpec([{ kind: 'action', selector, action }], { name: 't', source: 'reference' }).split('\n').filter((l) => l.startsWith('  await'));
      expect(exported).toEqual([`  ${actionLine(selector, action)}`]);
    }
    const visible = exportSpec([{ kind: 'visible', selector }], { name: 't', source: 'reference' }).split('\n').filter((l) => l.startsWith('  await'));
    expect(visible).toEqual([`  ${expectLine(selector, 'visible')}`]);
  }
});

test('expect lines and the spec around them', () => {
  const selector = parseLocator("getByRole('switch', { name: 'Wi-Fi' })");
  expect(expectLine(selector, 'text', "Don't")).toBe("await expect(device.getByRole('switch', { name: 'Wi-Fi' })).toHaveText('Don\\'t');");
  expect(expectLine(selector, 'checked')).toBe("await expect(device.getByRole('switch', { name: 'Wi-Fi' })).toBeChecked();");
  expect(expectLine(selector, 'unchecked')).toBe("await expect(device.getByRole('switch', { name: 'Wi-Fi' })).not.toBeChecked();");
  const spec = recordedSpec([expectLine(selector, 'checked')], { name: "wi-fi's on", source: { kind: 'reference', signedIn: true } });
  expect(spec.split('\n').slice(1)).toEqual([
    "import { test, expect } from 'treewright';", '', 'test.use({ source: {"kind":"reference","signedIn":true} });', '',
    "test('wi-fi\\'s on', async ({ device }) => {", "  await expect(device.getByRole('switch', { name: 'Wi-Fi' })).toBeChecked();", '});', '',
  ]);
});
