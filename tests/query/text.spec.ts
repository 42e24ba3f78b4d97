import { test, expect } from '@playwright/test';
import { normalizedWhitespace, normalizeWhitespace } from '../../src/query/text.js';

// Every character \s matches, U+200B (which normalizeWhitespace also collapses), and characters next to
// them that are not whitespace (U+0085, U+180E, U+200C, U+2060, controls), so the fast test's ranges are
// checked at their edges.
const ALPHABET = [
  'a', 'Z', 'ä', 'я', '中', '\u{1F600}', ' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200c', '\u2060', '\u0000', '\u0008', '\u000e', '\u001f', '\u007f', '\u009f',
];

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

test('normalizedWhitespace gives what normalizeWhitespace gives, and the string itself when it is already normal', () => {
  const rand = prng(7);
  let unchanged = 0;
  for (let k = 0; k < 20000; k++) {
    const len = Math.floor(rand() * 7);
    let s = '';
    for (let j = 0; j < len; j++) s += ALPHABET[Math.floor(rand() * (rand() < 0.5 ? 4 : ALPHABET.length))]!;
    const want = normalizeWhitespace(s);
    const got = normalizedWhitespace(s);
    expect(got, JSON.stringify(s)).toBe(want);
    if (want === s) unchanged++;
  }
  // Both kinds occur often enough for the comparison to mean something.
  expect(unchanged).toBeGreaterThan(2000);
  expect(unchanged).toBeLessThan(18000);
  for (const s of ['', 'a', 'a b', 'Zürich 1', 'сообщение 0']) expect(normalizedWhitespace(s)).toBe(s);
  for (const [s, want] of [[' a', 'a'], ['a ', 'a'], ['a  b', 'a b'], ['a\u00a0b', 'a b'], ['a\u200bb', 'a b'], ['\u3000', ''], [' ', '']]) {
    expect(normalizedWhitespace(s!)).toBe(want);
  }
});
