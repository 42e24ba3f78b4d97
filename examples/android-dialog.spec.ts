// Real uiautomator dumps from Android devices: an AppCompat dialog floating over its app,
// and Google Messages, whose Compose testTags arrive as resource-ids.
import { test, expect } from 'treewright';

test.describe('exit dialog', () => {
  test.use({ source: 'file:fixtures/uiautomator/034.xml' });

  test('asks before leaving', async ({ device }) => {
    await expect(device.byText('Are you sure you want to exit?')).toBeVisible();
    await expect(device.byRole('Button', { name: 'EXIT', exact: true })).toBeOperable();
    await expect(device.byRole('Button', { name: 'cancel' })).toBeHittable();
    await expect(device.byRole('Button')).toHaveCount(2);
  });
});

test.describe('a Compose conversation', () => {
  test.use({ source: 'file:fixtures/uiautomator/016.xml' });

  test('lists the messages', async ({ device }) => {
    await expect(device.byTag('top_app_bar')).toBeVisible();
    await expect(device.byTag('message_list').byTag('message_text').filter({ hasText: /^Test alert$/ })).toHaveCount(2);
    await expect(device.byTag('message_list').byDesc('You said  Hiii')).toBeVisible();
  });
});
