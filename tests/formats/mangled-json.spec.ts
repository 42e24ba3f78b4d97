import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import { FormatError } from '../../src/errors.js';
import { snapshotToJson } from '../../src/model/serialize.js';

// Whatever happens to a capture on the way (cut off, a byte flipped), the importers answer with
// a snapshot or a FormatError naming the input — never a TypeError, RangeError or stack dump.

const read = (p: string) => readFileSync(new URL(`../../fixtures/trees/${p}`, import.meta.url), 'utf8');
const FIXTURES: Record<string, string> = {
  'home.json': read('home.json'),
  'jetwhale-settings.json': read('jetwhale-settings.json'),
  'moui-counter.json': read('moui-counter.json'),
};
FIXTURES['snapshot.json'] = snapshotToJson(importTree(FIXTURES['home.json']!));

const REPLACEMENTS = ['', '"', '{', ']', '-', '0', 'n', '1e999', 'null', '[]', '{}'];

test('mangled JSON captures only ever give a snapshot or a FormatError', () => {
  let errors = 0;
  let imported = 0;
  for (const [name, text] of Object.entries(FIXTURES)) {
    const step = Math.max(1, Math.floor(text.length / 150));
    for (let k = 0; k < text.length; k += step) {
      const variants = [text.slice(0, k), ...REPLACEMENTS.map((r, i) => text.slice(0, k) + r + text.slice(k + 1 + (i % 2)))];
      for (const v of variants) {
        try {
          importTree(v, { where: name });
          imported++;
        } catch (e) {
          if (!(e instanceof FormatError)) throw new Error(`${name} mangled at ${k}: ${(e as Error).stack}\n--- input:\n${v.slice(Math.max(0, k - 80), k + 80)}`);
          // Plain check: a Playwright expect per variant would dominate the run time.
          if (!e.message.startsWith(name)) throw new Error(`${name} mangled at ${k}: the message does not name the input: ${e.message}`);
          errors++;
        }
      }
    }
  }
  // Both outcomes occur: the sweep really reaches the importers, not only the JSON parser.
  expect(errors).toBeGreaterThan(1000);
  expect(imported).toBeGreaterThan(100);
});
