import { test, expect } from '@playwright/test';
import { FieldReader, MAX_EXTRA_DEPTH, plainExtra, plainXywh, prop } from '../../src/formats/read.js';
import { FormatError } from '../../src/errors.js';

/*
 * The readers' plain checks (read.ts plainXywh, plainExtra) answer for the FieldReader reads they stand
 * before: where they accept a value, the careful read returns the same thing; where they refuse one,
 * the careful read is what runs (and it accepts or names the error as it always did).
 */

const r = new FieldReader('t.json', 'test');
const outcome = (f: () => unknown): unknown => {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof FormatError) return { error: e.message };
    throw e;
  }
};

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

test('plainXywh accepts exactly the rects xywh accepts, and reads them as xywh does', () => {
  const big = 1.7e308;
  const values: unknown[] = [
    { x: 0, y: 0, width: 10, height: 20 },
    { x: -5.5, y: 3, width: 0, height: 0, extra: 'kept out' },
    { height: 4, width: 3, y: 2, x: 1 },
    { x: 0, y: 0, width: -1, height: 2 },
    { x: 0, y: 0, width: 1, height: -0.5 },
    { x: -big, y: 0, width: big, height: 1 },
    { x: big, y: 0, width: big, height: 1 },
    { x: 0, y: big, width: 1, height: big },
    { x: 0, y: 0, width: 1 },
    { x: '0', y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: 1, height: null },
    { x: NaN, y: 0, width: 1, height: 1 },
    { x: Infinity, y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: Infinity, height: 1 },
    [0, 0, 1, 1],
    null,
    'x',
    7,
  ];
  for (const v of values) {
    const plain = plainXywh(v);
    const careful = outcome(() => r.xywh(v, 'bounds'));
    if (plain !== null) expect(careful, JSON.stringify(v)).toEqual({ value: plain });
    else expect(careful, `refused plainly, accepted carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
    // The reader's own entry point gives what xywh gives, error included.
    expect(outcome(() => r.xywhAt({ bounds: v }, 'bounds', 'root'))).toEqual(outcome(() => r.xywh(v, prop('root', 'bounds'))));
  }
});

test('plainExtra accepts exactly the values extra keeps, and extraAt names the same errors', () => {
  const values: unknown[] = [
    null, true, 'text', 0, -1.5, 1e308, Infinity, -Infinity, NaN,
    {}, [], { a: 1, b: [1, 2, { c: 'x' }] }, { a: { b: Infinity } }, [[[NaN]]],
    nested(MAX_EXTRA_DEPTH, 1), nested(MAX_EXTRA_DEPTH, {}), nested(MAX_EXTRA_DEPTH + 1, 1), nested(MAX_EXTRA_DEPTH - 1, []),
    nested(MAX_EXTRA_DEPTH + 5, 'deep'),
  ];
  for (const v of values) {
    for (const depth of [MAX_EXTRA_DEPTH, 2, Infinity]) {
      const careful = outcome(() => r.extra(v, prop('root', 'extra'), depth));
      if (plainExtra(v, depth)) expect(careful, JSON.stringify(v)).toEqual({ value: v });
      else expect(careful, `refused plainly, kept carefully: ${JSON.stringify(v)}`).toHaveProperty('error');
      expect(outcome(() => r.extraAt({ extra: v }, 'extra', 'root', depth))).toEqual(careful);
    }
  }
});
