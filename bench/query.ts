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

const SIZES = [5_000, 50_000] as const;
const RUNS = 41;

const QUERIES: Array<{ name: string; selector: Selector }> = [
  { name: "byRole('Button', { name })", selector: [{ kind: 'role', role: 'Button', options: { name: 'photo 7' } }] },
  { name: "byText('invoice')", selector: [{ kind: 'text', text: 'invoice', exact: false }] },
  { name: "byTag('row-42')", selector: [{ kind: 'tag', tag: 'row-42' }] },
  { name: "byRole('List').byRole('Switch').filter({ hasText })", selector: [{ kind: 'role', role: 'List', options: {} }, { kind: 'role', role: 'Switch', options: {} }, { kind: 'filter', options: { hasText: 'music' } }] },
  { name: "byRole('Button').filter({ operable: true }).first()", selector: [{ kind: 'role', role: 'Button', options: {} }, { kind: 'filter', options: { operable: true } }, { kind: 'nth', index: 0 }] },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export async function run(): Promise<void> {
  const snaps: Snapshot[] = SIZES.map((n) => syntheticSnapshot(n, 1));
  console.log(`locators: median of ${RUNS} runs; warm = index built once per capture, cold = a fresh capture each time`);
  console.log(`${'query'.padEnd(56)} ${SIZES.map((n) => `${n.toLocaleString()} warm`.padStart(14)).join('')} ${SIZES.map((n) => `${n.toLocaleString()} cold`.padStart(14)).join('')}  ratio`);
  let failed = false;
  for (const q of QUERIES) {
    const warm = snaps.map((s) => {
      indexSnapshot(s);
      resolveSelector(s, q.selector);
      return median(Array.from({ length: RUNS }, () => time(() => resolveSelector(s, q.selector))));
    });
    // A shallow copy is a new capture as far as the memoised index and reachability are concerned.
    const cold = snaps.map((s) => median(Array.from({ length: 11 }, () => time(() => resolveSelector({ ...s }, q.selector)))));
    const ratio = cold[1]! / cold[0]!;
    console.log(`${q.name.padEnd(56)} ${warm.map((ms) => `${ms.toFixed(3)} ms`.padStart(14)).join('')} ${cold.map((ms) => `${ms.toFixed(2)} ms`.padStart(14)).join('')}  ${ratio.toFixed(1)}×`);
    if (ratio > 12) failed = true;
    if (q.name.startsWith("byRole('Button', { name })") && warm[0]! >= 1) failed = true;
  }
  console.log(failed ? 'locators: TARGET MISSED' : 'locators: byRole with name on 5,000 nodes < 1 ms; 50k within 12× of 5k');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
