// Retrying assertions wait out a transient device error (a cold live app, a reset) within the timeout.
import { test, expect } from '@playwright/test';
import { poll } from '../../matchers/retry.js';
import { readFile } from 'node:fs/promises';
import { DeviceError, FormatError, TargetError } from '../../src/errors.js';
import { importTree } from '../../src/formats/index.js';
import { Locator } from '../../src/query/locator.js';
import { toBeVisible } from '../../matchers/visibility.js';

const unreachable = (n: number) => new DeviceError('device_unreachable', `HTTP 503 (attempt ${n})`, { where: 'live:127.0.0.1:9500' });

test('device_unreachable is retried until the check passes', async () => {
  let n = 0;
  const out = await poll(async () => { n++; if (n < 3) throw unreachable(n); return 'ok'; }, (v) => v === 'ok', 5_000);
  expect(out).toMatchObject({ value: 'ok', timedOut: false, attempts: 3 });
});

test('still unreachable when the time is up: the last error is thrown', async () => {
  let n = 0;
  const err = await poll(async () => { n++; throw unreachable(n); }, () => true, 300).catch((e) => e);
  expect(err).toBeInstanceOf(DeviceError);
  expect(n).toBeGreaterThan(1);
  expect(err.message).toContain(`HTTP 503 (attempt ${n})`);
});

test('target and format errors, and other device errors, are not retried', async () => {
  for (const e of [new TargetError('target_ambiguous', 'two nodes'), new FormatError('format_error', 'bad tree'), new DeviceError('device_error', 'crashed')]) {
    let n = 0;
    await expect(poll(async () => { n++; throw e; }, () => true, 5_000)).rejects.toBe(e);
    expect(n).toBe(1);
  }
});

test('a matcher waits through a cold start instead of failing at once', async () => {
  const snap = importTree(await readFile('fixtures/trees/home.json', 'utf8'), { where: 'home.json' });
  let n = 0;
  const host = { snapshot: async () => { if (++n < 3) throw unreachable(n); return snap; } };
  const r = await toBeVisible.call({ timeout: 5_000 }, new Locator(host, [{ kind: 'tag', tag: 'home_title' }] as never));
  expect(r.pass).toBe(true);
  expect(n).toBe(3);
});
