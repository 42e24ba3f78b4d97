// The live driver's adb input goes through the same helper as the adb driver (adb-input.ts).
import { test, expect } from '@playwright/test';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LiveDriver } from '../../src/devices/live.js';
import { FakeLive } from '../helpers/fake-live.js';

const fakeAdb = path.resolve('tests/fake-adb/adb');

test('live over adb: long press through the shared adb input, after the restart check; typed newlines are Enter', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-live-adb-'));
  const logFile = path.join(dir, 'log');
  const saved = { log: process.env.FAKE_ADB_LOG, state: process.env.FAKE_ADB_STATE };
  process.env.FAKE_ADB_LOG = logFile;
  process.env.FAKE_ADB_STATE = path.join(dir, 'state');
  const fake = await new FakeLive().start();
  try {
    const driver = new LiveDriver({ port: fake.port, adbPath: fakeAdb });
    await driver.open();
    await driver.capture(); // the cmp live tree carries no window offset: 0,0
    await driver.tap(100, 200, { long: true });
    await driver.typeText!('a b\nc');
    const calls = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]);
    const input = calls.filter((c) => c.includes('input')).map((c) => c.slice(c.indexOf('input')).join(' '));
    expect(input).toEqual(['input swipe 100 200 100 200 700', 'input text a%sb', 'input keyevent 66', 'input text c']);
    // A restarted app is not long-pressed blindly.
    fake.restart();
    await expect(driver.tap(100, 200, { long: true })).rejects.toThrow(/the app restarted/);
  } finally {
    await fake.stop();
    if (saved.log === undefined) delete process.env.FAKE_ADB_LOG; else process.env.FAKE_ADB_LOG = saved.log;
    if (saved.state === undefined) delete process.env.FAKE_ADB_STATE; else process.env.FAKE_ADB_STATE = saved.state;
  }
});
