import { test, expect } from '@playwright/test';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { acquireLease } from '../../src/devices/lease.js';
import { leaseKeyOf, mayShareLease } from '../../src/devices/lease-key.js';
import { parseSource } from '../../src/devices/source.js';

test('a second holder queues until the first releases', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('live:127.0.0.1:9500', { dir });
  let waitedFor = 0;
  let bGot = false;
  const b = acquireLease('live:127.0.0.1:9500', { dir, onWait: (pid) => { waitedFor = pid; } }).then((l) => { bGot = true; return l; });
  await expect.poll(() => waitedFor).toBe(process.pid); // b is waiting, on this process's lease
  expect(bGot).toBe(false);
  await a.release();
  const lb = await b;
  expect(bGot).toBe(true);
  await lb.release();
  expect(await readdir(dir)).toEqual([]);
});

test('different devices do not block each other', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('adb:one', { dir });
  const b = await acquireLease('adb:two', { dir, timeout: 10_000 }); // a wait would time out: it must not wait
  await a.release();
  await b.release();
});

test('a lock left by a dead process is taken over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const file = path.join(dir, createHash('sha1').update('live:x').digest('hex').slice(0, 16) + '.lock');
  await writeFile(file, '999999999\nlive:x\n'); // no such pid
  const l = await acquireLease('live:x', { dir, timeout: 10_000 });
  await l.release();
});

test('a lease held too long times out with a typed error naming the device', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('live:y', { dir });
  const e = await acquireLease('live:y', { dir, timeout: 150 }).catch((x) => x);
  expect(e.code).toBe('device_timeout');
  // Our own pid is not "another test": the holder is another device in this process.
  expect(e.message).toMatch(/live:y is in use by another device in this process/);
  await a.release();
});

test('a second lease in the same process is handed over on release, not after the timeout', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  const a = await acquireLease('live:z', { dir });
  let waiting = false;
  const b = acquireLease('live:z', { dir, timeout: 60_000, onWait: () => { waiting = true; } });
  await expect.poll(() => waiting).toBe(true);
  await a.release();
  const lb = await b; // the test times out if b waits for its own pid to die
  await lb.release();
  expect(await readdir(dir)).toEqual([]);
});

test('an empty lock file is debris (locks are linked in whole), and is taken over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  await writeFile(path.join(dir, createHash('sha1').update('live:e').digest('hex').slice(0, 16) + '.lock'), '');
  const l = await acquireLease('live:e', { dir, timeout: 10_000 });
  await l.release();
});

test('waiters racing for a dead holder\'s lock take it one at a time', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-lease-'));
  await writeFile(path.join(dir, createHash('sha1').update('live:r').digest('hex').slice(0, 16) + '.lock'), '999999999\nlive:r\n');
  let holding = 0;
  let most = 0;
  await Promise.all(Array.from({ length: 6 }, async () => {
    const l = await acquireLease('live:r', { dir, timeout: 10_000 });
    most = Math.max(most, ++holding);
    await new Promise((r) => setTimeout(r, 5));
    holding--;
    await l.release();
  }));
  expect(most).toBe(1);
  expect(await readdir(dir)).toEqual([]);
});

test('lease keys: one key per device, however the source spells it', () => {
  expect(leaseKeyOf(parseSource('live:localhost:9500'))).toBe(leaseKeyOf(parseSource('live:127.0.0.1:9500')));
  expect(leaseKeyOf({ kind: 'live', host: '::1', port: 9500 })).toBe(leaseKeyOf(parseSource('live:9500')));
  expect(leaseKeyOf(parseSource('live:10.0.0.2:9500'))).not.toBe(leaseKeyOf(parseSource('live:9500')));
  expect(leaseKeyOf(parseSource('moui:http://localhost:8123/mcp'))).toBe(leaseKeyOf(parseSource('moui:http://127.0.0.1:8123/mcp')));
  expect(leaseKeyOf(parseSource('jetwhale:http://127.0.0.1:8123/mcp'))).toBe('jetwhale:http://loopback:8123/mcp');
  // The reference app's private servers and files are never shared.
  expect(leaseKeyOf(parseSource('reference:moui'))).toBeNull();
  expect(leaseKeyOf(parseSource('file:x.json'))).toBeNull();
  expect(leaseKeyOf(parseSource('adb:emulator-5554'))).toBe('adb:emulator-5554');
  expect(mayShareLease(parseSource('adb'), parseSource('adb:emulator-5554'))).toBe(true);
  expect(mayShareLease(parseSource('live:9500'), parseSource('live:9501'))).toBe(false);
});
