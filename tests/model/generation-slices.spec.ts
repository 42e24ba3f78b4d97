import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generationOf, hashToGeneration } from '../../src/model/node.js';

// generationOf feeds a long text to the hash in 128 Ki-character slices: the result must be the hash of
// the whole text's UTF-8 bytes, wherever a surrogate (paired or lone) falls against a cut.
const SLICE = 1 << 17;
const whole = (s: string) => hashToGeneration(createHash('sha1').update(s));

test('a generation in slices is the hash of the whole text, with pairs and lone surrogates at the cut', () => {
  const pad = 'a'.repeat(SLICE - 1);
  const cases = [
    pad + '\uD83D\uDE00' + 'tail',            // a pair across the cut
    pad + '\uD800' + '\uD800\uDC00' + 'tail', // a lone high surrogate at the cut, then a pair
    pad + '\uD800' + 'b',                     // a lone high surrogate at the cut
    pad + 'b' + '\uDC00' + 'c',               // a lone low surrogate just after the cut
    'é'.repeat(3 * SLICE + 5),                // several slices, none of them ASCII
    'short \uD83D\uDE00',
  ];
  for (const text of cases) expect(generationOf(text)).toBe(whole(text));
});
