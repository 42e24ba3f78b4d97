import { test, expect } from '@playwright/test';
import { matchesIdentifier, matchesText, normalizeWhitespace } from '../../src/query/text.js';

// Every character \s matches, and U+200B (which normalizeWhitespace also collapses).
const SPACES = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
// Characters next to them that are not whitespace: kept as they are.
const NOT_SPACES = ['\u0085', '\u180e', '\u200c', '\u2060', '\u0000', '\u0008', '\u000e', '\u001f', '\u007f', '\u009f'];

test('normalizeWhitespace collapses every kind of whitespace run to one space and trims', () => {
  for (const s of ['', 'a', 'a b', 'Zürich 1', 'сообщение 0', '中 \u{1F600}']) expect(normalizeWhitespace(s)).toBe(s);
  for (const [s, want] of [[' a', 'a'], ['a ', 'a'], ['a  b', 'a b'], ['a\u00a0b', 'a b'], ['a\u200bb', 'a b'], ['\u3000', ''], [' ', ''], ['\t a \r\n b\u2028', 'a b']]) {
    expect(normalizeWhitespace(s!)).toBe(want);
  }
  const collapsed = SPACES.map((c) => normalizeWhitespace(`a${c}${c}b${c}`));
  expect(collapsed).toEqual(SPACES.map(() => 'a b'));
  const kept = NOT_SPACES.map((c) => normalizeWhitespace(`a${c}b`));
  expect(kept).toEqual(NOT_SPACES.map((c) => `a${c}b`));
  // One of each alone: between words, and at either end (a text already normal is returned as it is).
  expect(SPACES.map((c) => [normalizeWhitespace(`a${c}b`), normalizeWhitespace(`${c}a`), normalizeWhitespace(`a${c}`)])).toEqual(SPACES.map(() => ['a b', 'a', 'a']));
});

test('normalizeWhitespace gives what collapsing every run and trimming gives, on 2,000 mixed texts', () => {
  const plain = (s: string) => s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
  const alphabet = [...SPACES, ...NOT_SPACES, 'a', 'Z', '中', '\u{1F600}', ' ', ' ', 'b'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const texts = Array.from({ length: 2000 }, () => Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
  expect(texts.filter((t) => normalizeWhitespace(t) !== plain(t))).toEqual([]);
});

test('matchesText: substring, case-insensitive after normalising; exact is whole and case-sensitive; a RegExp sees the normal text', () => {
  expect(matchesText('  Send\u00a0 Message ', 'send message')).toBe(true);
  expect(matchesText('Send Message', 'SEND')).toBe(true);
  expect(matchesText('Send Message', 'send', true)).toBe(false);
  expect(matchesText('Send\n Message', 'Send Message', true)).toBe(true);
  expect(matchesText('Send\n\nMessage', /^Send Message$/)).toBe(true);
  expect(matchesText(null, 'x')).toBe(false);
  expect(matchesText(undefined, /x/)).toBe(false);
  expect(matchesIdentifier('card_one', 'card_one')).toBe(true);
  expect(matchesIdentifier('card_one', 'Card_one')).toBe(false);
  expect(matchesIdentifier(null, 'x')).toBe(false);
});
