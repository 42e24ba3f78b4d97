// The `device` fixture and the `source` option, through the package as users get them.
import { test, expect } from 'treewright';

test.describe('source from test.use', () => {
  test.use({ source: { kind: 'file', path: 'fixtures/trees/home.json' } });
  test('a descriptor source connects the device fixture', async ({ device }) => {
    await expect(device.byTag('home_title')).toHaveText('Home');
    expect(device.description).toBe('file:fixtures/trees/home.json');
  });
});

test.describe('string shorthand', () => {
  test.use({ source: 'file:fixtures/uiautomator/034.xml' });
  test('connects and closes', async ({ device }) => {
    await expect(device.byRole('Button', { name: 'EXIT', exact: true })).toBeVisible();
  });
});

test('TREEWRIGHT_SOURCE overrides the configured source; with none the reference app is used', async () => {
  const { chooseSource } = await import('../../runner/fixtures.js');
  expect(chooseSource('file:a.json', { TREEWRIGHT_SOURCE: 'file:b.xml' })).toBe('file:b.xml');
  expect(chooseSource('file:a.json', {})).toBe('file:a.json');
  expect(chooseSource(undefined, {})).toBe('reference');
});
