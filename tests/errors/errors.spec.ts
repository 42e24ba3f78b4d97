import { test, expect } from '@playwright/test';
import { DeviceError, FormatError, TargetError, TreewrightError, isTreewrightError, reasonOf } from 'treewright/core';

test('an error carries reason, where, hint and next as fields; message is composed from them', () => {
  const e = new FormatError('format_error', 'unexpected token', { where: 'a.json', line: 3, column: 7, hint: 'Fix the JSON.', next: 'npx treewright inspect a.json' });
  expect(e.reason).toBe('unexpected token');
  expect(e.where).toBe('a.json');
  expect(e.hint).toBe('Fix the JSON.');
  expect(e.next).toBe('npx treewright inspect a.json');
  expect(e.location).toBe('a.json:3:7');
  expect(e.message).toBe('a.json:3:7: unexpected token\n  → Fix the JSON.');
  expect(String(e)).toBe('FormatError: a.json:3:7: unexpected token\n  → Fix the JSON.');
  expect(e.stack!.split('\n')[0]).toBe('FormatError: a.json:3:7: unexpected token');
  // No where: the reason alone; a where without a line: no line number.
  expect(new TargetError('invalid_arguments', 'bad').message).toBe('bad');
  expect(new DeviceError('device_error', 'down', { where: 'live:9500' }).message).toBe('live:9500: down');
});

test('details are typed per code and frozen; withDetails makes a new error', () => {
  const e = new TargetError('target_ambiguous', 'two match', { where: 'file:x', count: 2 });
  expect(Object.isFrozen(e.details)).toBe(true);
  expect(() => { (e.details as { count?: number }).count = 3; }).toThrow(TypeError);
  const more = e.withDetails({ candidates: ['a', 'b'] });
  expect(more).not.toBe(e);
  expect(more).toBeInstanceOf(TargetError);
  expect(more.stack).toBe(e.stack);
  expect(more.details).toEqual({ where: 'file:x', count: 2, candidates: ['a', 'b'] });
  expect(Object.isFrozen(more.details.candidates)).toBe(true);
  expect(e.details).toEqual({ where: 'file:x', count: 2 });
  expect(more.message).toBe(e.message);
  // The union narrows by code.
  const data = more.data;
  if (data.code === 'target_ambiguous') expect(data.details.count).toBe(2);
  else throw new Error('not narrowed');
});

test('isTreewrightError reads the brand, not the shape', () => {
  const lookalike = Object.assign(new Error('x'), { code: 'format_error', details: {} });
  expect(isTreewrightError(lookalike)).toBe(false);
  expect(isTreewrightError({ code: 'format_error', details: {}, message: 'x' })).toBe(false);
  expect(isTreewrightError(new TreewrightError('device_timeout', 'slow'))).toBe(true);
  expect(isTreewrightError(new TargetError('invalid_arguments', 'x').withDetails({ hint: 'y' }))).toBe(true);
  expect(isTreewrightError(null)).toBe(false);
});

test('reasonOf gives an error\'s own sentence for wrapping, without re-reading its message', () => {
  const e = new DeviceError('device_error', 'HTTP 500: boom\nsecond line', { where: 'live:1', hint: 'retry' });
  expect(reasonOf(e, 'live:1')).toBe('HTTP 500: boom');
  expect(reasonOf(e, 'elsewhere')).toBe('live:1: HTTP 500: boom');
  expect(reasonOf(e)).toBe('live:1: HTTP 500: boom');
  expect(reasonOf(new Error('plain\nmore'))).toBe('plain');
  expect(reasonOf('str')).toBe('str');
});
