import { test, expect } from '@playwright/test';
import { measureYoungCollection } from '../../bench/heap.js';

// A dropped snapshot must die young: something in the engine's old generation pointing into it (an
// accessor closure over it, a WeakMap entry's value, a closure two scopes deep over its index) kept every
// import alive through each young collection, so it was copied and promoted and freed only by a full
// one. Before the fix every job promoted 40–60 % of a kept snapshot per call; after it, 0–3 %.
test('a dropped snapshot dies young, whatever job read it (--expose-gc child, steady state)', () => {
  const r = measureYoungCollection();
  expect(r.nodes).toBe(3_001);
  expect(r.treeMb).toBeGreaterThan(0.5);
  for (const [job, mb] of Object.entries(r.promotedMbPerCall)) {
    expect.soft(mb, `${job}: MB promoted per call, against ${r.treeMb.toFixed(2)} MB a kept snapshot holds`).toBeLessThan(0.1 * r.treeMb);
  }
});
