// Seeded fuzz cases for #32 item 4: what treewright accepts it writes, and what it writes it reads back
// equal. Each case puts seeded extreme numbers (huge, tiny, negative, fractional) into a corpus tree's
// bounds and window offset and round-trips it through the golden, snapshot JSON and cmp export; or puts
// a number with no finite value into a kept extra, which must be refused at import. A write refused
// with a typed error is an outcome too; one written and not read back equal is a silent loss.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { importCmp, exportCmpV1 } from '../src/formats/cmp.js';
import { importSnapshotJson } from '../src/formats/snapshot-json.js';
import { snapshotToJson } from '../src/model/serialize.js';
import { goldenSnapshot, parseGolden, toGolden } from '../src/outline/golden.js';
import { compareGolden } from '../src/checks/golden.js';
import { walk } from '../src/model/node.js';
import { classify, type FuzzCase, type Outcome } from './fuzz-cases.js';
import { prng } from './prng.js';

const REPO = path.resolve(import.meta.dirname, '..');

function extreme(rnd: () => number): number {
  const sign = rnd() < 0.5 ? -1 : 1;
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) return sign * 10 ** (15 + Math.floor(rnd() * 293)) * (1 + rnd());
  if (kind === 1) return sign * 10 ** -Math.floor(rnd() * 320) * (1 + rnd());
  if (kind === 2) return sign * rnd() * 1e6;
  return sign * Math.floor(rnd() * 2 ** 53);
}

export function roundTripCases(seed: number, count: number): FuzzCase[] {
  const rnd = prng(seed);
  const home = readFileSync(path.join(REPO, 'fixtures/trees/home.json'), 'utf8');
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const refuse = i % 4 === 3;
    const numbers = Array.from({ length: 6 }, () => extreme(rnd));
    cases.push({
      category: 'roundtrip',
      name: `${refuse ? 'non-finite extra' : 'extremes'} #${i} ${numbers.slice(0, 2).join(',')}`,
      run: () => classify<Outcome>(() => {
        if (refuse) {
          const text = home.replace('"testTag"', `"fuzzExtra": [${numbers[0]}, ${rnd() < 0.5 ? '' : '-'}1e${309 + Math.floor(rnd() * 1000)}], "testTag"`);
          importCmp(text, { where: 'fuzz' });
          return 'silent loss'; // stored a number it cannot write back
        }
        const s = importCmp(home, { where: 'fuzz', capturedAt: '2026-01-01T00:00:00.000Z' });
        let k = 0;
        walk(s, ({ node }) => { if (k++ % 3 === 0) node.bounds = { x: numbers[k % 6]!, y: numbers[(k + 1) % 6]!, width: Math.abs(numbers[(k + 2) % 6]!), height: Math.abs(numbers[(k + 3) % 6]!) }; });
        s.roots[0]!.windowOffset = { x: numbers[4]!, y: numbers[5]! };
        // Golden: read back as written, and found the same by the next verify.
        const golden = toGolden(s);
        if (toGolden(goldenSnapshot(parseGolden(golden, 'fuzz'))) !== golden) return 'silent loss';
        if (compareGolden(new TextEncoder().encode(golden), 'fuzz', s).state !== 'same') return 'silent loss';
        // Snapshot JSON: equal data.
        const json = snapshotToJson(s, 0);
        if (!isDeepStrictEqual(JSON.parse(snapshotToJson(importSnapshotJson(json, { where: 'fuzz' }), 0)), JSON.parse(json))) return 'silent loss';
        // cmp: written and read back to the same text, or refused naming the node (an overflow).
        const cmp = exportCmpV1(s);
        if (cmp.includes('null,') && /"(x|y|width|height)":null/.test(cmp)) return 'silent loss';
        return exportCmpV1(importCmp(cmp, { where: 'fuzz', capturedAt: '2026-01-01T00:00:00.000Z' })) === cmp ? 'loaded' : 'silent loss';
      }, (o) => o),
    });
  }
  return cases;
}
