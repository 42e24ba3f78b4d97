// npm run bench -- fuzz (or `npx tsx bench/fuzz.ts [seed]`): the longer seeded fuzz run of #15 over
// importers (corpus files re-encoded and corrupted), user patterns, the MCP wire and live servers.
// Prints counts by outcome per category; crash, hang, silent loss and legal refused must all be 0.
import { importerCases, liveCases, mcpCases, OUTCOMES, patternCases, runFuzz } from './fuzz-cases.js';
import { capCases } from './fuzz-caps.js';
import { roundTripCases } from './fuzz-roundtrip.js';
import { xmlCases } from './fuzz-xml.js';

export async function run(seed = 15): Promise<void> {
  const cases = [...importerCases(seed, 360), ...patternCases(seed, 200), ...mcpCases(seed, 24), ...liveCases(seed, 24), ...capCases(seed, 40), ...roundTripCases(seed, 200), ...xmlCases(seed, 200)];
  const t0 = performance.now();
  const { counts, bad } = await runFuzz(cases);
  const total: Record<string, number> = Object.fromEntries(OUTCOMES.map((o) => [o, 0]));
  console.log(`fuzz: ${cases.length} cases, seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`${'category'.padEnd(10)}${OUTCOMES.map((o) => o.padStart(14)).join('')}`);
  for (const [cat, row] of counts) {
    console.log(`${cat.padEnd(10)}${OUTCOMES.map((o) => String(row[o]).padStart(14)).join('')}`);
    for (const o of OUTCOMES) total[o]! += row[o];
  }
  console.log(`${'all'.padEnd(10)}${OUTCOMES.map((o) => String(total[o]).padStart(14)).join('')}`);
  for (const b of bad.slice(0, 20)) console.log(`  ${b.outcome}: ${b.category} ${b.name}`);
  console.log(bad.length === 0 ? 'OK: 0 crashes, 0 hangs, 0 silent losses, 0 legal inputs refused' : `FAILED: ${bad.length} bad outcomes`);
  if (bad.length) process.exitCode = 1;
  await (await import('./fuzz-writes.js')).runRound2(seed); // #32: linear patterns without quantifiers, confined writes under a race
}

if (import.meta.url === `file://${process.argv[1]}`) await run(Number(process.argv[2] ?? 15));
