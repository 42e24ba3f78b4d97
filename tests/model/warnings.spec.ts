import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import { audit } from '../../src/analysis/a11y.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { snapshotJsonSchema } from '../../src/model/json-schema.js';
import { WARNING_CODES, WarningSchema, hasWarning, warning } from '../../src/model/warnings.js';
import { formatErrorOf } from '../helpers/expect-error.js';

/* Warnings as data (docs/design.md §4.1): { code, message } from one table; old string warnings still read. */

const DUMP = readFileSync(new URL('../../fixtures/uiautomator/016.xml', import.meta.url), 'utf8');

test('a warning is { code, message }: the message is composed from typed fields, the code is what checks read', () => {
  expect(warning('display-rotated', { rotation: 3 })).toEqual({ code: 'display-rotated', message: "display rotation 3 (270°): bounds are in the rotated display's coordinates" });
  expect(warning('nodes-unreachable', { rootId: '1', ids: Array.from({ length: 12 }, (_, i) => String(i)) }).message)
    .toBe('12 node(s) not reachable from root "1" were left out: "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" and 2 more');
  const s = importTree(DUMP);
  expect(s.warnings.map((w) => w.code)).toEqual(['unknown-density']);
  expect(hasWarning(s, 'unknown-density')).toBe(true);
  expect(WarningSchema.array().parse(s.warnings)).toEqual(s.warnings);
});

test('the JSON Schema lists the warning codes; a snapshot written today validates its warnings against them', () => {
  const schema = snapshotJsonSchema() as { properties: { warnings: { items: { properties: { code: { enum: string[] } }; required: string[] } } } };
  const item = schema.properties.warnings.items;
  expect(item.properties.code.enum).toEqual(WARNING_CODES);
  expect(item.required).toEqual(['code', 'message']);
});

test('a file written with string warnings still reads: the density sentence keeps its meaning, any other string is legacy', () => {
  const doc = JSON.parse(snapshotToJson(importTree(DUMP)));
  doc.warnings = [doc.warnings[0].message, 'something a 0.1 treewright said'];
  const old = importTree(JSON.stringify(doc), { where: 'old.json' });
  expect(old.warnings).toEqual([
    { code: 'unknown-density', message: doc.warnings[0] },
    { code: 'legacy', message: 'something a 0.1 treewright said' },
  ]);
  // What depends on the density warning behaves as it did for the file.
  expect(audit(old).some((f) => f.rule === 'unknown-density')).toBe(true);
  const given = importTree(JSON.stringify(doc), { density: 2 });
  expect(given.warnings.map((w) => w.code)).toEqual(['legacy']);
  expect(given.roots[0]!.density).toBe(2);
});

test('bad warnings in a snapshot file are a FormatError naming the field', () => {
  const doc = JSON.parse(snapshotToJson(importTree(DUMP)));
  doc.warnings = [{ code: 'no-such-code', message: 'x' }];
  const e = formatErrorOf(() => importTree(JSON.stringify(doc), { where: 'bad.json' }));
  expect(e.code).toBe('format_error');
  expect(e.message).toContain('bad.json');
  expect(e.message).toMatch(/warnings\[0\]\.code|warnings\.0\.code/);
  doc.warnings = [42];
  expect(formatErrorOf(() => importTree(JSON.stringify(doc))).message).toMatch(/warnings/);
});
