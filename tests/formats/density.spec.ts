import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { importTree } from '../../src/formats/index.js';
import { DENSITY_WARNING, hasWarning } from '../../src/model/warnings.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { connect } from '../../src/devices/connect.js';
import { audit } from '../../src/analysis/a11y.js';
import { SourceError, FormatError } from '../../src/errors.js';

/*
 * Density for captures that carry none (#10): given on the file / uiautomator descriptors, connect(),
 * `treewright inspect/verify --density`; used by a11y (dp) and printed in the outline; the warning goes.
 */

const DUMP = 'fixtures/uiautomator/016.xml';
const bin = path.resolve('bin/treewright.js');

test('a uiautomator dump read with a density: every px window has it, no warning, no unknown-density finding, its own generation', () => {
  const text = readFileSync(DUMP, 'utf8');
  const plain = importTree(text);
  const dense = importTree(text, { density: 2.625 });
  expect(hasWarning(plain, 'unknown-density')).toBe(true);
  expect(audit(plain).some((f) => f.rule === 'unknown-density')).toBe(true);
  expect(hasWarning(dense, 'unknown-density')).toBe(false);
  expect(dense.roots.every((r) => r.density === 2.625)).toBe(true);
  expect(audit(dense).some((f) => f.rule === 'unknown-density')).toBe(false);
  expect(dense.generation).not.toBe(plain.generation);
  // In dp a 82×45 px button is 31×17 dp: a touch-target error that px-as-dp hid.
  expect(audit(dense).filter((f) => f.rule === 'touch-target').length).toBeGreaterThan(audit(plain).filter((f) => f.rule === 'touch-target').length);
  expect(() => importTree(text, { density: -1 })).toThrow(FormatError);
});

test('a treewright snapshot JSON re-read keeps its density and raises no uiautomator warning; one saved without a density takes the one given', () => {
  const text = readFileSync(DUMP, 'utf8');
  const saved = snapshotToJson(importTree(text, { density: 3 }));
  const again = importTree(saved);
  expect(again.roots.every((r) => r.density === 3)).toBe(true);
  expect(again.warnings).toEqual(importTree(text, { density: 3 }).warnings);
  expect(hasWarning(again, 'unknown-density')).toBe(false);
  // The file says its density: a density given does not override it.
  expect(importTree(saved, { density: 2 }).roots[0]!.density).toBe(3);
  const unknown = snapshotToJson(importTree(text));
  const given = importTree(unknown, { density: 2 });
  expect(given.roots[0]!.density).toBe(2);
  expect(hasWarning(given, 'unknown-density')).toBe(false);
});

test('connect(): { kind: file, path, density }, { kind: uiautomator, xml, density } and the density option; a bad one is a typed error', async () => {
  for (const [source, options] of [[{ kind: 'file', path: DUMP, density: 2.625 }, {}], [`file:${DUMP}`, { density: 2.625 }], [{ kind: 'uiautomator', xml: readFileSync(DUMP, 'utf8'), density: 2.625 }, {}]] as const) {
    const d = await connect(source, options);
    const s = await d.snapshot();
    expect(s.roots[0]!.density).toBe(2.625);
    expect(hasWarning(s, 'unknown-density')).toBe(false);
    expect(await d.outline()).toMatch(/^root window-0 "com\.google\.android\.apps\.messaging" unit=px density=2\.625/);
    await d.close();
  }
  await expect(connect(`file:${DUMP}`, { density: 0 })).rejects.toBeInstanceOf(SourceError);
  await expect(connect({ kind: 'file', path: DUMP, density: -2 } as never)).rejects.toThrow(/density/);
});

test('treewright inspect --density and --unmerged', async () => {
  const merged = await execa('node', [bin, 'inspect', DUMP, '--density', '2.625'], { reject: false });
  expect(merged.exitCode).toBe(0);
  expect(merged.stdout).toMatch(/density=2\.625/);
  expect(merged.stderr).not.toContain(DENSITY_WARNING);
  expect(merged.stdout).toMatch(/- Button #\d+ \[clickable\] actions=Click tap=48,118/);
  const unmerged = await execa('node', [bin, 'inspect', DUMP, '--unmerged'], { reject: false });
  expect(unmerged.exitCode).toBe(0);
  expect(unmerged.stderr).toContain(DENSITY_WARNING);
  expect(unmerged.stdout.split('\n').length - merged.stdout.split('\n').length).toBe(6); // the six role children
  expect(unmerged.stdout).toMatch(/- View #\d+ \[clickable\] actions=Click tap=48,118/);
  const bad = await execa('node', [bin, 'inspect', DUMP, '--density', 'lots'], { reject: false });
  expect(bad.exitCode).toBe(2);
  expect(bad.stderr).toMatch(/--density takes px per dp > 0/);
});
