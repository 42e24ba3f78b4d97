// `treewright verify <files>` finds plain file paths without the glob engine (runner/verify/find-trees.ts):
// what it gives for them must be what the glob engine gives for the same patterns.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { findTrees } from '../../runner/verify/find-trees.js';

test('plain paths give what the glob engine gives for them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-find-'));
  try {
    await mkdir(path.join(dir, 'caps/sub'), { recursive: true });
    await mkdir(path.join(dir, '.hidden'));
    for (const f of ['caps/a.json', 'caps/b.xml', 'caps/sub/c.json', '.hidden/d.json', 'caps/.e.json']) await writeFile(path.join(dir, f), '{}');
    await symlink(path.join(dir, 'caps/a.json'), path.join(dir, 'caps/link.json'));
    const cases: string[][] = [
      ['caps/a.json'], ['caps/b.xml', 'caps/a.json'], ['caps/a.json', 'caps/a.json'], ['caps/missing.json'], ['caps'], ['caps/sub/c.json', 'caps/*.json'],
      ['.hidden/d.json'], ['caps/.e.json'], ['./caps/a.json'], ['caps/link.json'], ['caps/a.json', 'caps/missing.json'],
    ];
    for (const patterns of cases) {
      const byGlob = (await glob(patterns, { cwd: dir, onlyFiles: true, dot: false, expandDirectories: false })).sort();
      expect(await findTrees(patterns, { cwd: dir }), patterns.join(' ')).toEqual(byGlob);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a path to a file outside the working directory names that file; a glob leading out is still refused', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-find-'));
  try {
    await mkdir(path.join(dir, 'work'));
    await mkdir(path.join(dir, 'caps'));
    await writeFile(path.join(dir, 'caps/a.xml'), '<hierarchy/>');
    const cwd = path.join(dir, 'work');
    const abs = path.join(dir, 'caps/a.xml');
    expect(await findTrees(['../caps/a.xml'], { cwd })).toEqual(['../caps/a.xml']);
    expect(await findTrees([abs], { cwd })).toEqual([abs]);
    await expect(findTrees(['../caps/*.xml'], { cwd })).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(findTrees(['../caps/missing.xml'], { cwd })).rejects.toMatchObject({ code: 'invalid_arguments' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
