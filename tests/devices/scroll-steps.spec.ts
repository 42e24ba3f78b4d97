// scrollToIndex on a device without ScrollToIndex (MoUI scrolls by pages): the action layer pages
// with the list's own ScrollBy until the item with that index is on screen.
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';

test('MoUI: scrollToIndex pages to the item, and says it did so', async () => {
  const device = await connect({ kind: 'reference', protocol: 'moui', signedIn: true });
  try {
    const receipt = await device.byTag('feed').scrollToIndex(60);
    expect(receipt.via).toBe('scroll-steps');
    expect(receipt.message).toMatch(/index 60 reached after \d+ scroll steps \(the device has no ScrollToIndex\)/);
    expect(await device.byText('Item 60', { exact: true }).count()).toBe(1);
    // Back up the list too.
    await device.byTag('feed').scrollToIndex(5);
    expect(await device.byText('Item 5', { exact: true }).count()).toBe(1);
    // Past the end: the list stops moving, and the error says so.
    const e = await device.byTag('feed').scrollToIndex(900, { timeout: 20_000 }).catch((x) => x);
    expect(e.code).toBe('target_not_found');
    expect(e.message).toMatch(/stopped moving .* index 900 is past its end/);
  } finally {
    await device.close();
  }
});
