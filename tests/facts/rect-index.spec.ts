import { test, expect } from '@playwright/test';
import { RectIndex } from '../../src/facts/rect-index.js';
import { prng } from './reach-helpers.js';

test('RectIndex answers the topmost (latest) rect containing a point, half-open, like a brute-force scan', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rand = prng(seed);
    // Every other seed has many full-width rows, so some tree nodes hold enough edges for a dense table.
    const rows = seed % 2 === 0;
    const n = 1 + Math.floor(rand() * (rows ? 900 : 300));
    const x1 = new Float64Array(n), y1 = new Float64Array(n), x2 = new Float64Array(n), y2 = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (rows && rand() < 0.5) {
        x1[i] = 0; x2[i] = 100; y1[i] = rand() * 100; y2[i] = y1[i]! + 0.25 + rand() * 10;
        continue;
      }
      x1[i] = Math.floor(rand() * 40) * 2.5; y1[i] = Math.floor(rand() * 40) * 2.5;
      x2[i] = x1[i]! + 2.5 * (1 + Math.floor(rand() * (rand() < 0.1 ? 40 : 8)));
      y2[i] = y1[i]! + 2.5 * (1 + Math.floor(rand() * (rand() < 0.1 ? 40 : 8)));
    }
    const index = new RectIndex(x1, y1, x2, y2);
    const misses: string[] = [];
    for (let k = 0; k < 400; k++) {
      // Half of the probes sit exactly on grid edges, where half-openness matters.
      const x = k % 2 ? Math.floor(rand() * 48) * 2.5 - 5 : rand() * 120 - 5;
      const y = k % 2 ? Math.floor(rand() * 48) * 2.5 - 5 : rand() * 120 - 5;
      let expected = -1;
      for (let i = n - 1; i >= 0; i--) if (x >= x1[i]! && x < x2[i]! && y >= y1[i]! && y < y2[i]!) { expected = i; break; }
      const got = index.query(x, y);
      if (got !== expected) misses.push(`seed ${seed} (${x}, ${y}): ${got} ≠ ${expected}`);
    }
    expect(misses).toEqual([]);
  }
});

test('RectIndex with no rects answers -1; nested identical rects answer the last', () => {
  expect(new RectIndex([], [], [], []).query(0, 0)).toBe(-1);
  const k = 1000;
  const z = new Float64Array(k), w = new Float64Array(k).fill(10);
  const index = new RectIndex(z, z, w, w);
  expect(index.query(5, 5)).toBe(k - 1);
  expect(index.query(10, 5)).toBe(-1);
});
