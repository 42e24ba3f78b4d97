import { test, expect } from '@playwright/test';
import { Device } from '../../src/devices/device.js';
import type { Driver } from '../../src/devices/driver.js';
import { withCause } from '../../src/devices/messages.js';
import { snap, root, n } from '../helpers/build.js';

function driver(closeError: Error | null): Driver {
  return {
    kind: 'fake', description: 'fake:close',
    capture: async () => snap(root(n({ id: '1' }))),
    close: async () => { if (closeError) throw closeError; },
  };
}

test("a throwing closer does not hide the driver's close error; every closer still runs", async () => {
  const device = new Device(driver(new Error('driver close failed')));
  const ran: string[] = [];
  device.onClose(async () => { ran.push('a'); throw new Error('release failed'); });
  device.onClose(async () => { ran.push('b'); });
  const e = await device.close().catch((x) => x);
  expect(e.message).toBe('driver close failed');
  expect(e.cause?.message).toBe('release failed');
  expect(ran).toEqual(['a', 'b']);
});

test('a closer error is thrown when the driver closed cleanly', async () => {
  const device = new Device(driver(null));
  device.onClose(async () => { throw new Error('release failed'); });
  await expect(device.close()).rejects.toThrow('release failed');
});

test('withCause keeps the first error and gathers later ones', () => {
  const first = new Error('first');
  withCause(first, new Error('second'));
  withCause(first, new Error('third'));
  expect((first.cause as AggregateError).errors.map((e: Error) => e.message)).toEqual(['second', 'third']);
});
