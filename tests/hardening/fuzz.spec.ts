// Item 8 of #15: the seeded fuzz set, bounded to a few seconds (the long run is bench/fuzz.ts).
// Every case must end as a typed error or a correct load: no crash, no hang, no silent loss, no legal
// input refused. Seeds are fixed so a failure reproduces; a failing case is named in the message.
import { test, expect } from '@playwright/test';
import { importerCases, liveCases, mcpCases, patternCases, runFuzz } from '../../bench/fuzz-cases.js';

for (const [name, make] of [
  ['importers: corpus files re-encoded and corrupted', () => importerCases(7, 48)],
  ['user patterns against adversarial text', () => patternCases(7, 60)],
  ['the MCP wire: oversize lines, junk, missing params, huge fills', () => mcpCases(7, 6)],
  ['live servers: redirects, huge bodies, bad health fields, slow 503s', () => liveCases(7, 8)],
] as const) {
  test(`fuzz: ${name}`, async () => {
    test.setTimeout(90_000);
    const { counts, bad } = await runFuzz(make());
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    const row = [...counts.values()][0]!;
    // Both outcomes occur: the set has legal inputs and inputs that must be refused.
    expect(row['loaded'] + row['typed error']).toBeGreaterThan(0);
  });
}
