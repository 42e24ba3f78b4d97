// A captured cmp-inspector tree (the headless harness output) checked like a live screen.
import { test, expect } from 'treewright';

test.use({ source: 'file:fixtures/trees/home.json' });

test('home screen', async ({ device }) => {
  await expect(device.byTag('home_title')).toHaveText('Home');
  await expect(device.byRole('Button', { name: 'First card' })).toBeOperable();
  await expect(device.byRole('Button', { name: 'Second card' })).toBeDisabled();
  await expect(device.byRole('Button')).toHaveCount(2);
  await expect(device.byText('Nope')).toBeHidden();
});

test('cards carry their labels', async ({ device }) => {
  const first = device.byRole('Button', { name: 'First card' });
  await expect(first.byText('Card One')).toBeVisible();
  await expect(device.byRole('Button').filter({ hasText: 'Card Two' })).toHaveText('Card Two');
});
