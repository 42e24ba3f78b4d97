import { test, expect } from '@playwright/test';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { acquireLease } from '../../src/devices/lease.js';

test('a second holder queues until the first releases', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('live:127.0.0.1:9500', { dir });
  let waitedFor = 0;
  let bGot = false;
  const b = acquireLease('live:127.0.0.1:9500', { dir, onWait: (pid) => { waitedFor = pid; } }).then((l) => { bGot = true; return l; });
  await new Promise((r) => setTimeout(r, 150));
  expect(bGot).toBe(false);
  expect(waitedFor).toBe(process.pid);
  await a.release();
  const lb = await b;
  expect(bGot).toBe(true);
  await lb.release();
  expect(await readdir(dir)).toEqual([]);
});

test('different devices do not block each other', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('adb:one', { dir });
  const b = await acquireLease('adb:two', { dir, timeout: 200 });
  await a.release();
  await b.release();
});

test('a lock left by a dead process is taken over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const file = path.join(dir, createHash('sha1').update('live:x').digest('hex').slice(0, 16) + '.lock');
  await writeFile(file, '999999999\nlive:x\n'); // no such pid
  const l = await acquireLease('live:x', { dir, timeout: 500 });
  await l.release();
});

test('a lease held too long times out with a typed error naming the device', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('live:y', { dir });
  const e = await acquireLease('live:y', { dir, timeout: 150 }).catch((x) => x);
  expect(e.code).toBe('device_timeout');
  expect(e.message).toMatch(/live:y is in use by another test \(process \d+\)/);
  await a.release();
});
