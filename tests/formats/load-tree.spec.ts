// loadTree (formats/load-tree.ts) loads only the reader of the format it sniffs; what it returns, and
// what it refuses, must be what importTree gives for the same bytes: real captures of every format
// the fixtures hold, treewright's own snapshot JSON, and inputs each check refuses.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { loadTree } from '../../src/formats/load-tree.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { isTreewrightError } from '../../src/errors.js';

const CAPTURED_AT = '2026-01-01T00:00:00.000Z';
const DIRS = ['fixtures/trees', 'fixtures/ios', 'fixtures/uiautomator', 'fixtures/encodings'];
const FILES = DIRS.flatMap((d) => readdirSync(d).filter((f) => /\.(json|xml|txt)$/.test(f)).map((f) => path.join(d, f)));

/** The snapshot, or the typed error's code and message. */
async function outcome(read: () => unknown): Promise<unknown> {
  try {
    return await read();
  } catch (e) {
    if (!isTreewrightError(e)) throw e;
    return { code: e.code, message: e.message };
  }
}

test('every fixture capture reads the same through loadTree as through importTree', async () => {
  const formats = new Set<string>();
  for (const file of FILES) {
    const bytes = readFileSync(file);
    const opts = { where: file, capturedAt: CAPTURED_AT };
    const want = await outcome(() => importTree(bytes, opts));
    expect(await outcome(() => loadTree(bytes, opts)), file).toEqual(want);
    formats.add(String(detectFormat(bytes.toString('utf8'))));
  }
  // The fixtures cover the XML readers and several JSON ones, so the lazy table is exercised beyond cmp.
  expect([...formats].sort()).toEqual(expect.arrayContaining(['cmp-v1', 'jetwhale', 'moui', 'uiautomator', 'wda', 'xcuitest', 'maestro']));
});

test('treewright snapshot JSON reads back the same through loadTree', async () => {
  const snapshot = importTree(readFileSync('fixtures/trees/home.json'), { where: 'home.json', capturedAt: CAPTURED_AT });
  const text = snapshotToJson(snapshot);
  expect(await loadTree(text)).toEqual(importTree(text));
});

test('what importTree refuses, loadTree refuses with the same error', async () => {
  const inputs: [string, string | Uint8Array][] = [
    ['empty', ''],
    ['binary', new Uint8Array([0x00, 0x01, 0x02, 0xff])],
    ['unknown JSON', '{"hello": 1}'],
    ['an HTML page', '<html><body></body></html>'],
    ['broken JSON', '{"schemaVersion": 1, '],
    ['a .xml file that is not XML', '{"schemaVersion": 1}'],
    ['cmp of an unread version', '{"schemaVersion": 2, "source": "x", "root": {}}'],
  ];
  for (const [name, input] of inputs) {
    const opts = { where: name === 'a .xml file that is not XML' ? 'dump.xml' : name };
    const want = await outcome(() => importTree(input, opts));
    expect(want, name).toHaveProperty('code');
    expect(await outcome(() => loadTree(input, opts)), name).toEqual(want);
  }
});
