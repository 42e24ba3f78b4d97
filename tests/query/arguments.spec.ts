// showValue (query/arguments.ts): how an argument error shows the value it was given.
import { test, expect } from '@playwright/test';
import { makeNode } from '../../src/model/node.js';
import { checkPattern, showValue } from '../../src/query/arguments.js';
import { TargetError } from '../../src/errors.js';

test('a node given where a value was meant is named as a node, by its id', () => {
  expect(showValue(makeNode('7'))).toBe('a node (id "7")');
  let error: unknown;
  try { checkPattern('byText(a node)', 'the text', makeNode('7')); } catch (e) { error = e; }
  expect(error).toBeInstanceOf(TargetError);
  expect((error as TargetError).message).toContain('the text must be a string or a RegExp, got a node (id "7")');
});

test('other values keep their plain rendering', () => {
  expect(showValue({ id: '7' })).toBe('an object');
  expect(showValue(new Map())).toBe('a Map');
  expect(showValue([1, 2])).toBe('an array (2 items)');
  expect(showValue('x'.repeat(70))).toBe(JSON.stringify(`${'x'.repeat(60)}…`));
});
