// The adb driver against a stand-in adb that replays real dumps and records what it was told.
import { test, expect } from '@playwright/test';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../../src/devices/connect.js';
import { escapeInputText } from '../../src/devices/adb.js';
import { importUiautomator } from '../../src/formats/uiautomator.js';
import { generationOf } from '../../src/model/node.js';

const fakeAdb = path.resolve('tests/fake-adb/adb');
const dump = (f: string) => path.resolve('fixtures/uiautomator', f);

async function withFakeAdb(env: Record<string, string>, body: (log: () => Promise<string[][]>) => Promise<void>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-adb-'));
  const vars = { FAKE_ADB_LOG: path.join(dir, 'log'), FAKE_ADB_STATE: path.join(dir, 'state'), ...env };
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    await body(async () => (await readFile(vars.FAKE_ADB_LOG, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  } finally {
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  }
}

test('captures with uiautomator dump, taps with input tap, types with input text', async () => {
  await withFakeAdb({ FAKE_ADB_DUMPS: [dump('034.xml'), dump('016.xml')].join(',') }, async (log) => {
    const device = await connect('adb', { adbPath: fakeAdb });
    expect(device.description).toBe('adb:emulator-5554');
    const s = await device.snapshot();
    expect(s.roots).toHaveLength(1);
    expect(s.roots[0]!.density).toBe(420 / 160); // from `wm density`
    expect(s.warnings.map((w) => w.code)).not.toContain('unknown-density');
    const receipt = await device.byRole('Button', { name: 'EXIT', exact: true }).click();
    expect(receipt.via).toBe('tap');
    expect(receipt.changed).toBe(true); // the stand-in moved to the next dump
    await expect(device.byTag('message_list').count()).resolves.toBe(1);
    const calls = await log();
    expect(calls).toContainEqual(['-s', 'emulator-5554', 'shell', 'uiautomator', 'dump', '/sdcard/treewright-window.xml']);
    expect(calls).toContainEqual(['-s', 'emulator-5554', 'shell', 'input', 'tap', '1130', '1691']);
    await device.back();
    expect((await log()).at(-1)).toEqual(['-s', 'emulator-5554', 'shell', 'input', 'keyevent', '4']);
    const png = await device.screenshot();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await device.close();
  });
});

test('the generation counts the density: same dump and density, same generation; another density, another', async () => {
  const plain = importUiautomator(await readFile(dump('034.xml'), 'utf8')).generation;
  const generationAt = (density: string | undefined) =>
    withFakeAdb({ FAKE_ADB_DUMPS: dump('034.xml'), ...(density === undefined ? {} : { FAKE_ADB_DENSITY: density }) }, async () => {
      const device = await connect('adb', { adbPath: fakeAdb });
      const [a, b] = [await device.snapshot(), await device.snapshot()];
      expect(b.generation).toBe(a.generation);
      gens.push(a.generation);
      await device.close();
    });
  const gens: string[] = [];
  await generationAt(undefined); // Physical density: 420
  await generationAt('Physical density: 420\nOverride density: 320\n');
  await generationAt('');
  expect(gens[0]).toBe(generationOf(`${plain}:${420 / 160}`));
  expect(gens[1]).toBe(generationOf(`${plain}:2`));
  expect(gens[2]).toBe(plain); // the device gave no density: nothing changed, the dump's own generation
});

test('adb:<serial> picks one of several devices; none, several or unauthorized are clear errors', async () => {
  await withFakeAdb({ FAKE_ADB_DUMPS: dump('034.xml'), FAKE_ADB_DEVICES: 'emulator-5554,R58M123' }, async () => {
    const e = await connect('adb', { adbPath: fakeAdb }).catch((x) => x);
    expect(e.code).toBe('device_unreachable');
    expect(e.message).toMatch(/2 devices are attached \(emulator-5554, R58M123\) and no serial was given/);
    expect(e.message).toContain("adb:emulator-5554");
    const d = await connect('adb:R58M123', { adbPath: fakeAdb });
    expect(d.description).toBe('adb:R58M123');
    await d.close();
  });
  await withFakeAdb({ FAKE_ADB_DEVICES: '' }, async () => {
    const e = await connect('adb', { adbPath: fakeAdb }).catch((x) => x);
    expect(e.message).toMatch(/no Android device is attached/);
    expect(e.details.stage).toBe('adb devices');
  });
  await withFakeAdb({ FAKE_ADB_DEVICES: 'abc:unauthorized' }, async () => {
    const e = await connect('adb:abc', { adbPath: fakeAdb }).catch((x) => x);
    expect(e.message).toMatch(/device abc is unauthorized[\s\S]*USB debugging prompt/);
  });
});

test('adb missing from PATH says how to install it', async () => {
  const e = await connect('adb', { adbPath: '/nonexistent/adb' }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.message).toMatch(/adb is not installed or not on PATH[\s\S]*apt-get install adb/);
});

test('text is escaped for input text', () => {
  expect(escapeInputText('correct horse')).toBe('correct%shorse');
  expect(escapeInputText("a&b'c$(d)")).toBe("a\\&b\\'c\\$\\(d\\)");
});

test('press(key) sends the Android keycode of Playwright\'s key name; a key without one is a typed refusal naming it', async () => {
  await withFakeAdb({ FAKE_ADB_DUMPS: dump('034.xml') }, async (log) => {
    const device = await connect('adb', { adbPath: fakeAdb });
    const exit = device.byRole('Button', { name: 'EXIT', exact: true });
    for (const key of ['Tab', 'ArrowDown', 'Escape', 'a', '7', 'PageDown']) await exit.press(key);
    const keys = (await log()).filter((c) => c[3] === 'input' && c[4] === 'keyevent').map((c) => c[5]);
    // KEYCODE_TAB, DPAD_DOWN, ESCAPE, A, 7, PAGE_DOWN (android.view.KeyEvent).
    expect(keys).toEqual(['61', '20', '111', '29', '14', '93']);
    const e = await exit.press('Control+A', { timeout: 1000 }).catch((x: unknown) => x) as Error & { code: string };
    expect(e.code).toBe('action_unavailable');
    expect(e.message).toContain("adb:emulator-5554 cannot deliver the key 'Control+A'");
    expect(e.message).toMatch(/\n {2}→ Press a key Playwright names that the device has/);
    await device.close();
  });
});

test('dragTo is `input draganddrop` from the node\'s tap point to the target\'s', async () => {
  await withFakeAdb({ FAKE_ADB_DUMPS: dump('034.xml') }, async (log) => {
    const device = await connect('adb', { adbPath: fakeAdb });
    const r = await device.byRole('Button', { name: 'CANCEL', exact: true }).dragTo(device.byRole('Button', { name: 'EXIT', exact: true }));
    expect(r.via).toBe('drag');
    expect((await log()).at(-3)).toEqual(['-s', 'emulator-5554', 'shell', 'input', 'draganddrop', '919', '1691', '1130', '1691', '1000']);
    await device.close();
  });
});
