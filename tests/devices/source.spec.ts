import { test, expect } from '@playwright/test';
import { parseSource } from '../../src/devices/source.js';

test('shorthands are validated by the descriptor schema: a bad URL is a typed source_invalid', () => {
  for (const bad of ['moui:http://[bad', 'jetwhale:http://[::1', 'moui:http://']) {
    let e: unknown;
    try { parseSource(bad); } catch (x) { e = x; }
    expect(e, bad).toMatchObject({ name: 'SourceError', code: 'source_invalid' });
    expect((e as Error).message, bad).toContain(bad);
  }
});

test('an IPv6 live host loses its brackets (the URL adds them once)', () => {
  expect(parseSource('live:[::1]:9500')).toEqual({ kind: 'live', host: '::1', port: 9500 });
  expect(parseSource({ kind: 'live', host: '[::1]', port: 9500 })).toEqual({ kind: 'live', host: '::1', port: 9500 });
  expect(parseSource('live:9500')).toEqual({ kind: 'live', host: '127.0.0.1', port: 9500 });
});
