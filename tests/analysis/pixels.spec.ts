// Pixel comparison (toMatchScreenshot's engine) on PNGs made with pngjs: counts, ratio, Playwright's
// limits (maxDiffPixels, maxDiffPixelRatio, both), threshold, size mismatch, the diff image, bad input.
import { test, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import { comparePng, decodePng } from '../../src/analysis/pixels.js';
import { FormatError, TargetError } from '../../src/errors.js';

type RGBA = [number, number, number, number];

/** A w×h PNG filled with `fill`, with `paint` pixels overridden. */
function png(w: number, h: number, fill: RGBA, paint: Array<[number, number, RGBA]> = []): Buffer {
  const img = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) img.data.set(fill, i * 4);
  for (const [x, y, c] of paint) img.data.set(c, (y * w + x) * 4);
  return PNG.sync.write(img);
}

const WHITE: RGBA = [255, 255, 255, 255];
const BLACK: RGBA = [0, 0, 0, 255];
const dots = (k: number): Array<[number, number, RGBA]> => Array.from({ length: k }, (_, i) => [i % 10, Math.floor(i / 10), BLACK]);

test('identical images: no differing pixel, passes', () => {
  const a = png(10, 10, WHITE, dots(5));
  const r = comparePng(a, png(10, 10, WHITE, dots(5)));
  expect(r).toMatchObject({ pass: true, diffPixels: 0, ratio: 0, message: '' });
});

test('differing pixels are counted; by default none may differ (Playwright\'s message)', () => {
  const r = comparePng(png(10, 10, WHITE), png(10, 10, WHITE, dots(7)));
  expect(r.diffPixels).toBe(7);
  expect(r.ratio).toBeCloseTo(0.07, 10);
  expect(r.pass).toBe(false);
  expect(r.message).toBe('7 pixels (ratio 0.07 of all image pixels) are different.');
});

test('maxDiffPixels, maxDiffPixelRatio and both (the smaller wins)', () => {
  const e = png(10, 10, WHITE), a = png(10, 10, WHITE, dots(7));
  expect(comparePng(e, a, { maxDiffPixels: 7 }).pass).toBe(true);
  expect(comparePng(e, a, { maxDiffPixels: 6 }).pass).toBe(false);
  expect(comparePng(e, a, { maxDiffPixelRatio: 0.07 }).pass).toBe(true);
  expect(comparePng(e, a, { maxDiffPixelRatio: 0.06 }).pass).toBe(false);
  expect(comparePng(e, a, { maxDiffPixels: 100, maxDiffPixelRatio: 0.06 }).pass).toBe(false);
  expect(comparePng(e, a, { maxDiffPixels: 6, maxDiffPixelRatio: 0.5 }).pass).toBe(false);
  expect(comparePng(e, a, { maxDiffPixels: 7, maxDiffPixelRatio: 0.5 }).pass).toBe(true);
});

test('threshold: a slight colour change counts only under a strict threshold', () => {
  const e = png(4, 4, [200, 200, 200, 255]), a = png(4, 4, [190, 200, 200, 255]);
  expect(comparePng(e, a).diffPixels).toBe(0); // default 0.2
  expect(comparePng(e, a, { threshold: 0 }).diffPixels).toBe(16);
});

test('different sizes always fail, the padding counted as different', () => {
  const r = comparePng(png(10, 10, BLACK), png(10, 12, BLACK), { maxDiffPixels: 1000 });
  expect(r.pass).toBe(false);
  expect(r.expectedSize).toEqual({ width: 10, height: 10 });
  expect(r.actualSize).toEqual({ width: 10, height: 12 });
  expect(r.diffPixels).toBe(20);
  expect(r.message).toBe('Expected an image 10px by 10px, received 10px by 12px.');
  expect(comparePng(png(10, 10, BLACK), png(10, 12, BLACK)).message).toBe('Expected an image 10px by 10px, received 10px by 12px. 20 pixels (ratio 0.20 of all image pixels) are different.');
});

test('the diff image is a PNG of the compared size with the differing pixels marked', () => {
  const r = comparePng(png(6, 5, WHITE), png(6, 5, WHITE, [[2, 3, BLACK]]));
  const d = PNG.sync.read(r.diffPng);
  expect([d.width, d.height]).toEqual([6, 5]);
  const at = (x: number, y: number) => [...d.data.subarray((y * 6 + x) * 4, (y * 6 + x) * 4 + 4)];
  expect(at(2, 3)).toEqual([255, 0, 0, 255]);
  expect(at(0, 0)).not.toEqual([255, 0, 0, 255]);
});

test('a file that is not a PNG is a FormatError naming it', () => {
  let err: unknown;
  try { comparePng(Buffer.from('GIF89a not a png at all'), png(1, 1, WHITE), { expectedName: 'golden/home.spec.ts/home.png' }); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(FormatError);
  expect((err as FormatError).message).toMatch(/^golden\/home\.spec\.ts\/home\.png: not a PNG image \(23 bytes, starting "GIF89a not a png"\)/);
  expect((err as FormatError).details.hint).toMatch(/--update-snapshots/);
});

test('a truncated PNG is a FormatError naming it', () => {
  const whole = png(20, 20, WHITE);
  expect(() => decodePng(whole.subarray(0, 40), 'screenshot from live:127.0.0.1:9500')).toThrow(FormatError);
  expect(() => decodePng(whole.subarray(0, 40), 'screenshot from live:127.0.0.1:9500')).toThrow(/^screenshot from live:127\.0\.0\.1:9500: broken PNG image/);
  expect(() => decodePng(new Uint8Array(0), 'x.png')).toThrow(/x\.png: not a PNG image \(0 bytes/);
});

test('bad limits are a TargetError', () => {
  const a = png(1, 1, WHITE);
  expect(() => comparePng(a, a, { maxDiffPixels: -1 })).toThrow(TargetError);
  expect(() => comparePng(a, a, { maxDiffPixelRatio: 2 })).toThrow(/maxDiffPixelRatio must be between 0 and 1/);
  expect(() => comparePng(a, a, { threshold: Number.NaN })).toThrow(/threshold/);
});
