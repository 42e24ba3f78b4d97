/**
 * The files `treewright verify <glob>...` checks: the globs expanded from the working directory, kept
 * inside one folder tree and bounded. A glob whose fixed part leads out of that tree (`/**\/*.xml`,
 * `../../**`) would walk a whole disk: refused unless --root names a folder that contains it (a path to
 * one file, wherever it is, walks nothing and is kept). The walk
 * counts the entries it reads and stops, with a message, past a limit (`--max-visited`), so a glob over
 * a huge tree fails in bounded memory instead of collecting every path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TargetError } from '../../src/errors.js';
import { DEFAULT_MAX_VISITED } from './usage.js';

export interface FindTreesOptions {
  cwd: string;
  /** The folder the globs may walk (default: cwd). */
  root?: string;
  maxVisited?: number;
}

/** A character that makes a path segment a glob (tinyglobby's picomatch syntax, extglobs included). */
const GLOB_CHAR = /[*?[\]{}()!+@\\]/;

/** The fixed leading folders of a glob (before the first segment with a glob character). */
export function globBase(pattern: string): string {
  const segs = pattern.split('/');
  const fixed: string[] = [];
  for (const s of segs.slice(0, -1)) {
    if (GLOB_CHAR.test(s)) break;
    fixed.push(s);
  }
  return fixed.join('/') || (pattern.startsWith('/') ? '/' : '.');
}

/**
 * A glob that can only name itself: a relative path of plain segments (no glob character, no `.` or
 * `..`, no hidden segment), which the glob engine would give back as written.
 */
const isPlainPath = (p: string) => !p.startsWith('/') && p.split('/').every((s) => s !== '' && !s.startsWith('.') && !GLOB_CHAR.test(s));

/** A pattern with no glob character that names a regular file (`../captures/a.xml`, `/tmp/b.json`). */
function isExistingFile(p: string, cwd: string): boolean {
  if (p.split('/').some((s) => GLOB_CHAR.test(s))) return false;
  try {
    return fs.lstatSync(path.resolve(cwd, p)).isFile();
  } catch {
    return false;
  }
}

/**
 * The files of `patterns` when every one is a plain path to a regular file (the usual `verify
 * capture.json`): the sorted paths, with no walk and without loading the glob engine. Null when any
 * is not, for the glob engine to answer.
 */
function plainFiles(patterns: readonly string[], cwd: string): string[] | null {
  if (!patterns.every(isPlainPath)) return null;
  for (const p of patterns) {
    try {
      if (!fs.lstatSync(path.resolve(cwd, p)).isFile()) return null;
    } catch {
      return null;
    }
  }
  return [...new Set(patterns)].sort();
}

/** The sorted files the globs match, or an invalid_arguments error naming the glob and the bound. */
export async function findTrees(patterns: readonly string[], opts: FindTreesOptions): Promise<string[]> {
  const root = path.resolve(opts.cwd, opts.root ?? '.');
  // A path to a file outside the tree names that file and walks nothing: kept as written.
  const outside: string[] = [];
  const inside: string[] = [];
  for (const p of patterns) {
    if (p.startsWith('!')) { inside.push(p); continue; } // an exclusion narrows the walk, never widens it
    const base = path.resolve(opts.cwd, globBase(p));
    const rel = path.relative(root, base);
    if (!(rel.startsWith('..') || path.isAbsolute(rel))) { inside.push(p); continue; }
    if (isExistingFile(p, opts.cwd)) { outside.push(p); continue; }
    throw new TargetError('invalid_arguments', `the glob ${JSON.stringify(p)} would walk ${base}, outside ${opts.root !== undefined ? `--root ${root}` : `the working directory ${root}`}`, {
      where: p, hint: `Run treewright verify from a folder that contains the trees, or give --root <dir> with a folder that contains ${base}.`,
    });
  }
  const found = inside.some((p) => !p.startsWith('!')) ? await findInside(inside, opts) : [];
  return [...new Set([...found, ...outside])].sort();
}

async function findInside(patterns: readonly string[], opts: FindTreesOptions): Promise<string[]> {
  const plain = plainFiles(patterns, opts.cwd);
  if (plain) return plain;
  const { glob } = await import('tinyglobby');
  const max = opts.maxVisited ?? DEFAULT_MAX_VISITED;
  let visited = 0;
  const stop = new AbortController();
  // Counting adapter over node:fs: each folder read adds its entries; past the limit the walk is aborted.
  const readdir = ((dir: fs.PathLike, o: unknown, cb: (err: NodeJS.ErrnoException | null, entries: fs.Dirent[]) => void) => {
    fs.readdir(dir, o as { withFileTypes: true }, (err, entries) => {
      if (!err) {
        visited += entries.length;
        if (visited > max) stop.abort();
      }
      cb(err, entries);
    });
  }) as typeof fs.readdir;
  const files = await glob([...patterns], { cwd: opts.cwd, onlyFiles: true, dot: false, expandDirectories: false, signal: stop.signal, fs: { ...fs, readdir } });
  if (stop.signal.aborted) {
    throw new TargetError('invalid_arguments', `the glob${patterns.length > 1 ? 's' : ''} ${patterns.map((p) => JSON.stringify(p)).join(' ')} read more than ${max} files and folders; stopped`, {
      where: patterns.join(' '), hint: 'Narrow the glob to the folder the trees are in (e.g. captures/**/*.xml), or raise --max-visited.',
    });
  }
  return files.sort();
}
