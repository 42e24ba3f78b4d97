// The matcher functions work with Jest's `expect` package as well as Playwright's.
import { test } from '@playwright/test';
import { expect as jestExpect } from 'expect';
import { matchers } from '../../matchers/expect.js';
import { n, r, root, snap, deviceOf } from '../helpers/build.js';

jestExpect.extend(matchers);

test('Jest expect.extend(matchers) runs treewright assertions', async () => {
  const device = deviceOf(snap(root(n({ id: '1', bounds: r(0, 0, 100, 100) }, [n({ id: '2', tag: 'title', text: 'Hello', bounds: r(0, 0, 50, 20) })]))));
  const e = jestExpect; // typed by treewright/matchers/expect's augmentation: no casts
  await e(device.byTag('title')).toHaveText('Hello');
  await e(device.byTag('title')).toBeVisible();
  await e(device.byTag('nope')).not.toBeVisible();
  let failed: Error | undefined;
  await e(device.byTag('title')).toHaveCount(2, { timeout: 0 }).catch((err: Error) => { failed = err; });
  if (!failed || !/Expected: 2[\s\S]*Received: 1/.test(failed.message)) throw new Error(`expected a Jest failure, got ${failed?.message}`);
});
