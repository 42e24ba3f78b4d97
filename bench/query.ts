// Locator resolution: time per query on synthetic screens of 5,000 and 50,000 nodes, warm (the
// snapshot's index already built, as for every query after the first on one capture) and cold (index
// built by the query). Target: byRole(…, { name }) on 5,000 nodes under 1 ms; 50k within 12× of 5k.
// Run: npx tsx bench/query.ts
import { pathToFileURL } from 'node:url';
import { resolveSelector } from '../src/query/resolve.js';
import { indexSnapshot } from '../src/query/snapshot-index.js';
import type { Selector } from '../src/query/selector.js';
import type { Snapshot } from '../src/model/schema.js';
import { syntheticSnapshot } from './synthetic.js';
import { median } from './stats.js';

const SIZES = [5_000, 50_000] as const;

const QUERIES: Array<{ name: string; selector: Selector }> = [
  { name: "byRole('Button', { name })", selector: [{ kind: 'role', role: 'Button', options: { name: 'photo 7' } }] },
  { name: "byText('invoice')", selector: [{ kind: 'text', text: 'invoice', exact: false }] },
  { name: "byTag('row-42')", selector: [{ kind: 'tag', tag: 'row-42' }] },
  { name: "byRole('List').byRole('Switch').filter({ hasText })", selector: [{ kind: 'role', role: 'List', options: {} }, { kind: 'role', role: 'Switch', options: {} }, { kind: 'filter', options: { hasText: 'music' } }] },
  { name: "byRole('Button').filter({ operable: true }).first()", selector: [{ kind: 'role', role: 'Button', options: {} }, { kind: 'filter', options: { operable: true } }, { kind: 'nth', index: 0 }] },
];

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * Each size is measured over the same amount of tree — ten different 5,000-node screens in turn, or
 * one 50,000-node screen — so the smaller size does not get to sit in the CPU cache while the larger
 * one cannot (a real capture is always fresh memory).
 */
function measure(screens: Snapshot[], selector: Selector, cold: boolean, runs: number): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const s of screens) {
      // A shallow copy is a new capture as far as the memoised index and reachability are concerned.
      const target = cold ? { ...s } : s;
      times.push(time(() => resolveSelector(target, selector)));
    }
  }
  return median(times);
}

export async function run(): Promise<void> {
  const sets: Snapshot[][] = [Array.from({ length: 10 }, (_, k) => syntheticSnapshot(SIZES[0], k + 1)), [syntheticSnapshot(SIZES[1], 1)]];
  for (const set of sets) for (const s of set) indexSnapshot(s);
  console.log('locators: median time per query; warm = the capture already indexed (every query after the first on one capture),');
  console.log('cold = a fresh capture (index built by the query); 5,000 nodes cycle through 10 screens, 50,000 is one screen');
  console.log(`${'query'.padEnd(56)} ${SIZES.map((n) => `${n.toLocaleString()} warm`.padStart(14)).join('')} ${SIZES.map((n) => `${n.toLocaleString()} cold`.padStart(14)).join('')}  ratio warm / cold`);
  let failed = false;
  for (const q of QUERIES) {
    for (const set of sets) measure(set, q.selector, false, 2); // warm-up
    const warm = sets.map((set) => measure(set, q.selector, false, set.length > 1 ? 5 : 41));
    const cold = sets.map((set) => measure(set, q.selector, true, set.length > 1 ? 2 : 15));
    const rw = warm[1]! / warm[0]!, rc = cold[1]! / cold[0]!;
    console.log(`${q.name.padEnd(56)} ${warm.map((ms) => `${ms.toFixed(3)} ms`.padStart(14)).join('')} ${cold.map((ms) => `${ms.toFixed(2)} ms`.padStart(14)).join('')}  ${rw.toFixed(1)}× / ${rc.toFixed(1)}×`);
    if (rw > 12 || rc > 12) failed = true;
    if (q.name.startsWith("byRole('Button', { name })") && warm[0]! >= 1) failed = true;
  }
  console.log(failed ? 'locators: TARGET MISSED (byRole with name on 5,000 nodes < 1 ms; 50k within 12× of 5k)' : 'locators: byRole with name on 5,000 nodes < 1 ms; 50k within 12× of 5k');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
