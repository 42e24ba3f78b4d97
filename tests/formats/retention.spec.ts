import { test, expect } from '@playwright/test';
import { measureRetention } from '../../bench/heap.js';

// A kept slice of the input (a class-name cache entry, an attribute value) keeps the whole text alive.
test('importing a large uiautomator dump keeps none of its text once the text is dropped (--expose-gc child)', () => {
  const r = measureRetention();
  expect(r.nodes).toBe(10_001);
  expect(r.inputMb).toBeGreaterThan(40);
  // The snapshot itself is a few MB; the text is ~44 MB. Holding the snapshot must not hold the text.
  expect(r.heldWithSnapshot).toBeLessThan(0.4 * r.inputMb);
  // Dropping the snapshot returns the heap near its baseline: no process-wide cache pins the text.
  expect(r.afterDrop).toBeLessThan(0.05 * r.inputMb);
});

// Every string a cmp import keeps (texts, tags, roles, tokens, facet names) must be a copy, not a slice of the text.
test('importing a large cmp tree keeps none of its text once the text is dropped (--expose-gc child)', () => {
  const r = measureRetention('cmp');
  expect(r.nodes).toBe(10_001);
  expect(r.inputMb).toBeGreaterThan(40);
  expect(r.heldWithSnapshot).toBeLessThan(0.4 * r.inputMb);
  expect(r.afterDrop).toBeLessThan(0.05 * r.inputMb);
});
