// The package entry points, imported by name exactly as users import them (through the exports map).
import { test, expect } from '@playwright/test';
import * as tw from 'treewright';
import { matchers } from 'treewright/matchers';

test('connect() outside a test: snapshot, outline, close', async () => {
  const device = await tw.connect('file:fixtures/uiautomator/028.xml');
  const snapshot = await device.snapshot();
  expect(snapshot.roots.length).toBe(3);
  expect(snapshot.generation).toMatch(/^\d+$/);
  const outline = await device.outline();
  expect(outline.split('\n').filter((l) => l.startsWith('root '))).toHaveLength(3);
  await device.close();
});

test('connect() accepts descriptors and rejects bad sources with typed errors', async () => {
  const device = await tw.connect({ kind: 'file', path: 'fixtures/trees/home.json' });
  expect(await device.byTag('home_title').count()).toBe(1);
  await device.close();
  const e1 = await tw.connect('file:does/not/exist.json').catch((e) => e);
  expect(e1).toBeInstanceOf(tw.SourceError);
  expect(e1.code).toBe('file_not_found');
  const e2 = await tw.connect({ kind: 'file' } as never).catch((e) => e);
  expect(e2.code).toBe('source_invalid');
  const e3 = await tw.connect('live:nohost:99999').catch((e) => e);
  expect(e3.code).toBe('source_invalid');
});

test('the exports map serves test, expect, the core and the bare matchers', () => {
  expect(typeof tw.test).toBe('function');
  expect(typeof tw.expect).toBe('function');
  expect(typeof tw.importTree).toBe('function');
  expect(Object.keys(matchers)).toEqual(expect.arrayContaining(['toBeVisible', 'toHaveText', 'toBeOperable', 'toBeHittable']));
});
