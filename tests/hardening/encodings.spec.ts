// Item 4 of #15: encodings as XML and RFC 8259 define them, on real corpus dumps re-encoded
// (fixtures/encodings/MANIFEST.tsv): each must load to the same tree as its UTF-8 original.
import { test, expect } from '@playwright/test';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importTree } from '../../src/formats/index.js';
import { decodeBytes } from '../../src/formats/decode.js';
import { connect } from '../../src/devices/connect.js';
import type { Snapshot } from '../../src/model/schema.js';

/** A caught typed error, read loosely. */
type Caught = { code?: string; message: string; details: Record<string, unknown> } | null;

const fx = (p: string) => readFileSync(path.join('fixtures', p));
const strip = (s: Snapshot) => JSON.stringify(s.roots);

test('re-encoded corpus dumps load to the same tree: UTF-16 LE + BOM (PowerShell 5), ISO-8859-1 and GB18030 by their declaration', () => {
  for (const [encoded, original] of [
    ['encodings/032-powershell-utf16le.xml', 'uiautomator/032.xml'],
    ['encodings/005-iso-8859-1.xml', 'uiautomator/005.xml'],
    ['encodings/033-gb18030.xml', 'uiautomator/033.xml'],
  ] as const) {
    const want = importTree(fx(original), { where: original });
    const got = importTree(fx(encoded), { where: encoded });
    expect(strip(got), encoded).toBe(strip(want));
    // Non-ASCII text survived the round (the point of the encodings).
    expect(JSON.stringify(got.roots).split("").some((c) => c.charCodeAt(0) > 0x7f)).toBe(true);
  }
});

test('UTF-16 BE with BOM, UTF-8 with BOM, UTF-16 without BOM recognised by <?xml', () => {
  const xml = readFileSync('fixtures/uiautomator/033.xml', 'utf8');
  const want = strip(importTree(xml));
  const be = Buffer.from(xml, 'utf16le').swap16();
  expect(strip(importTree(Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toBe(want);
  expect(strip(importTree(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)])))).toBe(want);
  const noBomLe = Buffer.from(xml.replace("encoding='UTF-8'", "encoding='UTF-16'"), 'utf16le');
  expect(strip(importTree(noBomLe))).toBe(want);
  // Shift_JIS: any encoding TextDecoder knows.
  expect(decodeBytes(Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><hierarchy/>')).encoding).toBe('shift_jis');
});

test('a file device reads what PowerShell wrote', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-enc-'));
  writeFileSync(path.join(dir, 'dump.xml'), fx('encodings/032-powershell-utf16le.xml'));
  const device = await connect(`file:${path.join(dir, 'dump.xml')}`);
  try {
    expect((await device.snapshot()).roots.length).toBeGreaterThan(0);
  } finally {
    await device.close();
  }
});

test('invalid bytes are refused with their offset wherever they are, not only in the first 4 KiB', () => {
  const xml = readFileSync('fixtures/uiautomator/023.xml');
  for (const [name, bad] of [['lone continuation byte', [0x80]], ['overlong "/"', [0xc0, 0xaf]], ['UTF-8 surrogate', [0xed, 0xa0, 0x80]], ['truncated sequence', [0xe2, 0x82]]] as const) {
    const at = 100_000;
    const bytes = Buffer.concat([xml.subarray(0, at), Buffer.from(bad), xml.subarray(at)]);
    let e: Caught = null;
    try { importTree(bytes, { where: 'bad.xml' }); } catch (x) { e = x as Caught; }
    expect(e?.code, name).toBe('format_error');
    expect(e?.message, name).toContain(`invalid UTF-8 at byte offset ${at}`);
    expect(e?.details.offset, name).toBe(at);
  }
  // NUL and control characters after the first 4 KiB of text.
  const text = xml.toString('utf8');
  for (const c of ['\u0000', '\u0007', '\u001b']) {
    const at = text.indexOf('text=""', 50_000) + 6;
    let e: Caught = null;
    try { importTree(text.slice(0, at) + c + text.slice(at), { where: 'ctl.xml' }); } catch (x) { e = x as Caught; }
    expect(e?.message).toContain(`at offset ${at}`);
  }
  // A lone surrogate in a string handed over as text, far in.
  const lone = text.slice(0, 90_000) + '\ud800' + text.slice(90_000);
  expect(() => importTree(lone, { where: 'lone.xml' })).toThrow(/lone UTF-16 surrogate U\+D800 at offset 90000/);
});

test('legal characters are accepted: U+FFFD, &#0000000000065;, &#x0000041;', () => {
  const doc = `<hierarchy rotation="0"><node text="\uFFFD ok &#0000000000065; &#x0000041;" class="android.widget.TextView" bounds="[0,0][1,1]"/></hierarchy>`;
  expect(importTree(doc).roots[0]!.node.text).toBe('\uFFFD ok A A');
  expect(importTree(Buffer.from(doc)).roots[0]!.node.text).toBe('\uFFFD ok A A');
  const json = JSON.stringify({ schemaVersion: 1, source: 'headless-jvm', root: { testTag: 'r', text: 'caf\u00e9 \uFFFD', contentDescription: null, bounds: { x: 0, y: 0, width: 1, height: 1 }, designToken: null, children: [] } });
  expect(importTree(Buffer.from('\ufeff' + json)).roots[0]!.node.text).toBe('caf\u00e9 \uFFFD');
});

test('JSON is UTF-8 (RFC 8259): a UTF-16 JSON file is refused naming the fix; an unknown declared encoding is refused by name', () => {
  const json = readFileSync('fixtures/trees/home.json', 'utf8');
  expect(() => importTree(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]), { where: 'ps.json' }))
    .toThrow(/JSON in UTF-16LE: JSON must be UTF-8 \(RFC 8259/);
  expect(() => importTree(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><hierarchy/>'), { where: 'k.xml' }))
    .toThrow(/names encoding "x-klingon", which this Node cannot decode/);
  expect(() => importTree(Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x3c]), { where: 'u32.xml' })).toThrow(/UTF-32BE text/);
});
