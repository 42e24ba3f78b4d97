// Item 4 of #32: whatever treewright accepts it can write, and whatever it writes it reads back equal —
// goldens, snapshot JSON, cmp export — extreme finite numbers included; a number that has no finite
// value is refused at import with a typed error, never stored.
import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRegularFile } from '../../src/files/read-file.js';
import { DEFAULT_MAX_BYTES } from '../../src/formats/types.js';
import { importTree } from '../../src/formats/index.js';
import { importCmp, exportCmpV1 } from '../../src/formats/cmp.js';
import { SNAPSHOT_JSON_MAX_BYTES, importSnapshotJson } from '../../src/formats/snapshot-json.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { goldenSnapshot, parseGolden, toGolden } from '../../src/outline/golden.js';
import { plainNumber } from '../../src/outline/golden-syntax.js';
import { compareGolden } from '../../src/checks/golden.js';
import type { Snapshot } from '../../src/model/schema.js';

const HOME = readFileSync('fixtures/trees/home.json', 'utf8');
const EXTREMES = [1e21, -1e21, 1.7976931348623157e308, -1.7976931348623157e308, 1e-7, -1.5e-7, 5e-324, 123456789.125, 2 ** 53 + 2, 0, -0];

/** The home tree with its first card's bounds and the root's offset set to `v`. */
function withNumber(v: number): Snapshot {
  const s = importCmp(HOME, { where: 'home.json', capturedAt: '2026-01-01T00:00:00.000Z' });
  const node = s.roots[0]!.node.children[0]!;
  node.bounds = { x: v, y: v, width: Math.abs(v), height: 44 };
  s.roots[0]!.windowOffset = { x: v, y: -v };
  return s;
}

test('plainNumber writes digits only, and reads back the same number', () => {
  expect(plainNumber(1e21)).toBe('1000000000000000000000');
  expect(plainNumber(-1.5e-7)).toBe('-0.00000015');
  expect(plainNumber(1.25e22)).toBe('12500000000000000000000');
  for (const v of [...EXTREMES, 1.2345e-300, 9.87e300, 0.1 + 0.2]) {
    const s = plainNumber(v);
    expect(s, String(v)).toMatch(/^-?\d+(\.\d+)?$/);
    expect(Number(s), String(v)).toBe(v === 0 ? 0 : v);
  }
});

test('a golden of any finite bounds and offset is read back as written, and verify --update then finds it the same', () => {
  for (const v of EXTREMES) {
    const s = withNumber(v);
    const text = toGolden(s);
    const back = goldenSnapshot(parseGolden(text, 'g'));
    const node = back.roots[0]!.node.children[0]!;
    expect(node.bounds, String(v)).toEqual({ x: Math.round(v) || 0, y: Math.round(v) || 0, width: Math.round(Math.abs(v)) || 0, height: 44 });
    expect(back.roots[0]!.windowOffset, String(v)).toEqual({ x: v || 0, y: -v || 0 });
    // What --update writes is what the next run compares with: the same, so it stops there.
    const c = compareGolden(new TextEncoder().encode(text), 'g', s);
    expect(c.state, `${v}: ${c.state === 'unreadable' ? c.error.message : ''}`).toBe('same');
    expect(toGolden(back), String(v)).toBe(text);
  }
});

test('a golden number with more digits than a double holds is refused with line and column, not read as Infinity', () => {
  const text = toGolden(withNumber(10)).replace(/bounds=10,10,10,44/, `bounds=0,0,1${'0'.repeat(400)},44`);
  expect(() => parseGolden(text, 'g.golden')).toThrow(/g\.golden:\d+:\d+: bad bounds=0,0,10{400},44/);
  const offset = toGolden(withNumber(10)).replace('offset=10,-10', `offset=1${'0'.repeat(400)},0`);
  expect(offset).not.toBe(toGolden(withNumber(10)));
  expect(() => parseGolden(offset, 'g.golden')).toThrow(/bad offset=/);
});

test('snapshot JSON and cmp export round-trip the extreme finite numbers', () => {
  for (const v of EXTREMES) {
    const s = withNumber(v);
    const json = snapshotToJson(s);
    const back = importSnapshotJson(json, { where: 's.json' });
    expect(JSON.parse(snapshotToJson(back)), String(v)).toEqual(JSON.parse(json));
    if (!Number.isFinite(2 * v)) {
      // Root-relative (v − offset, the offset being −v) the number overflows: refused, never written as null.
      expect(() => exportCmpV1(s), String(v)).toThrow(/node #\d+: its bounds relative to the window, in px, overflow a number/);
      continue;
    }
    const cmp = exportCmpV1(s);
    const again = importCmp(cmp, { where: 'c.json', capturedAt: '2026-01-01T00:00:00.000Z' });
    expect(exportCmpV1(again), String(v)).toBe(cmp);
  }
});

test('Maestro bounds that overflow to Infinity are refused at import, naming the field', () => {
  const maestro = (b: string) => JSON.stringify({ attributes: {}, children: [{ attributes: { class: 'android.widget.FrameLayout', bounds: '[0,0][1080,2400]' }, children: [{ attributes: { class: 'android.widget.TextView', text: 'x', bounds: b }, children: [] }] }] });
  expect(importTree(maestro('[0,0][10,44]')).roots.length).toBeGreaterThan(0);
  for (const b of [`[0,0][1${'0'.repeat(400)},44]`, `[-1${'9'.repeat(308)},0][1${'9'.repeat(308)},44]`]) {
    let err: unknown = null;
    try { importTree(maestro(b), { where: 'm.json' }); } catch (e) { err = e; }
    expect(err, b.slice(0, 20)).toMatchObject({ code: 'format_error' });
    expect(String((err as Error).message)).toMatch(/m\.json.*bounds/);
  }
});

test('a number with no finite value in a kept extra (snapshot platform, cmp, JetWhale, MoUI) is refused, never stored', () => {
  const s = importCmp(HOME, { where: 'home.json' });
  const json = snapshotToJson(s, 0).replace('"platform":{', '"platform":{"index":1e400,');
  expect(json).toContain('1e400');
  expect(() => importSnapshotJson(json, { where: 's.json' })).toThrow(/s\.json.*platform\.index.*Infinity is not a number treewright can store/s);
  // The cmp tree keeps members it does not name: one of them 1e400 (or -1e400 in an array) is refused too.
  const cmp = HOME.replace('"testTag"', '"extra": [1, -1e400], "testTag"');
  expect(cmp).not.toBe(HOME);
  expect(() => importCmp(cmp, { where: 'c.json' })).toThrow(/c\.json.*extra\[1\].*-Infinity is not a number/s);
  for (const f of ['jetwhale-settings.json', 'moui-counter.json']) {
    const text = readFileSync(`fixtures/trees/${f}`, 'utf8');
    const before = importTree(text, { where: f });
    expect(before.roots.length).toBeGreaterThan(0);
    const bad = text.replace(/"(node_)?id":/, '"extraNumber": 1e999, "$1id":');
    expect(bad, f).not.toBe(text);
    expect(() => importTree(bad, { where: f }), f).toThrow(/extraNumber.*Infinity is not a number treewright can store/s);
  }
});

test('a 300,000-node dump exports as snapshot JSON over 128 MiB, and that JSON is read back (the read limit follows what the writer writes)', () => {
  test.setTimeout(240_000);
  const parts = ['<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">'];
  for (let i = 0; i < 300_000; i++) parts.push(`<node index="${i}" text="" class="android.view.View" bounds="[0,${i}][10,${i + 1}]"/>`);
  parts.push('</node></hierarchy>');
  const dump = importTree(parts.join(''), { where: 'big.xml', capturedAt: '2026-01-01T00:00:00.000Z' });
  const json = snapshotToJson(dump);
  expect(json.length).toBeGreaterThan(128 * 1024 * 1024);
  for (const back of [importTree(json, { where: 'big.json' }), importTree(Buffer.from(json, 'utf8'), { where: 'big.json' }), importSnapshotJson(json, { where: 'big.json' })]) {
    const kids = back.roots[0]!.node.children;
    expect(kids.length).toBe(300_000);
    expect(kids[299_999]).toEqual(dump.roots[0]!.node.children[299_999]);
    expect(back.generation).toBe(dump.generation);
  }
  // Captures from elsewhere keep the 128 MiB limit.
  expect(() => importTree(`{"schemaVersion": 1, "x": "${'a'.repeat(129 * 1024 * 1024)}"}`)).toThrow(/over the 134217728-byte limit/);
});

test('a file of snapshot JSON over 128 MiB is read from disk too (file device, verify); any other file that size is refused', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-big-'));
  try {
    // Sparse files past the capture limit: the size check comes before any byte is read.
    const size = DEFAULT_MAX_BYTES + 1024;
    const own = path.join(dir, 'own.json');
    const other = path.join(dir, 'other.json');
    writeFileSync(own, '{"format": "treewright-snapshot", ');
    truncateSync(own, size);
    writeFileSync(other, '{"roots": ');
    truncateSync(other, size);
    await expect(readRegularFile(other)).rejects.toMatchObject({ code: 'too_large' });
    expect((await readRegularFile(own)).length).toBe(size);
    writeFileSync(own, '{"format": "treewright-snapshot", ');
    truncateSync(own, SNAPSHOT_JSON_MAX_BYTES + 1);
    await expect(readRegularFile(own)).rejects.toMatchObject({ code: 'too_large' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
