/**
 * Writing a file under a base directory without following a symlink on any component below it, so a
 * directory on the path swapped for a symlink while the write runs cannot carry it elsewhere (the
 * MCP shim's `--root`, a golden folder, a report folder). The writes' counterpart of read-file.ts.
 *
 * How: the base is opened once; each component below it is opened (or created, then opened) relative
 * to the directory opened before it, with O_NOFOLLOW | O_DIRECTORY; the file itself is created in the
 * last directory opened with O_NOFOLLOW | O_EXCL, through a temporary name and a rename within that
 * directory when it replaces a file (a reader never sees a torn file). "Relative to an opened
 * directory" is `/proc/self/fd/<fd>/<name>`, which the kernel resolves from the descriptor, not from a
 * path that can change (openat semantics, which Node does not expose). Without /proc (not Linux) each
 * component is checked with lstat before use and the directory's real path after: narrower, not closed.
 *
 * Every failure is a SourceError naming the path, the cause and what to do: a symlink or a file in the
 * way, permissions, a read-only file system, a full disk, a file that exists when it must not.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsc, existsSync } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { SourceError } from '../errors.js';

export interface WriteConfinedOptions {
  /** 'replace' (default): write through a temporary file and rename over the target; 'create': refuse an existing file. */
  mode?: 'replace' | 'create';
  /** The file as the user named it, for messages (default: base joined with rel). */
  shown?: string;
  /** What the file is, for messages ("the spec file"). */
  what?: string;
  /** Create the base directory (and its parents, as named) when it does not exist (default true). */
  createBase?: boolean;
  /** The next step a failure's hint suggests (default: make the folder writable). */
  hint?: string;
}

const PROC_FD = existsSync('/proc/self/fd');

/**
 * Writes `data` to `rel` (a relative path: no `..`, not absolute) under `base`, following no symlink
 * below `base`. Returns the absolute path written.
 */
export async function writeConfined(base: string, rel: string, data: string | Buffer, opts: WriteConfinedOptions = {}): Promise<string> {
  const target = path.join(base, rel);
  const shown = opts.shown ?? target;
  const what = opts.what ?? 'the file';
  const parts = rel.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (path.isAbsolute(rel) || parts.includes('..') || parts.length === 0) {
    throw new SourceError('source_invalid', `refused: ${what} ${shown} is not a path inside ${base}`, { where: shown, stage: 'write', refused: 'path', hint: `Name a file inside ${base}.` });
  }
  const fail = (e: unknown, at: string) => writeError(e, at, target, shown, what, opts.hint);
  if (opts.createBase !== false) await mkdir(base, { recursive: true }).catch((e: unknown) => { throw fail(e, base); });
  let dir = await open(base, fsc.O_RDONLY | fsc.O_DIRECTORY).catch((e: unknown) => { throw fail(e, base); });
  try {
    let at = base;
    for (const name of parts.slice(0, -1)) {
      at = path.join(at, name);
      const next = await openChild(dir, at, name).catch((e: unknown) => { throw fail(e, at); });
      await dir.close().catch(() => undefined);
      dir = next;
    }
    const name = parts[parts.length - 1]!;
    if (!PROC_FD) await checkStillUnder(base, path.dirname(target), shown, what);
    if (opts.mode === 'create') {
      const fh = await open(inDir(dir, path.dirname(target), name), fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644).catch((e: unknown) => { throw fail(e, target); });
      try {
        await fh.writeFile(data);
      } catch (e) {
        throw fail(e, target);
      } finally {
        await fh.close().catch(() => undefined);
      }
      return target;
    }
    const tmpName = `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const tmp = inDir(dir, path.dirname(target), tmpName);
    const fh = await open(tmp, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644).catch((e: unknown) => { throw fail(e, target); });
    try {
      try {
        await fh.writeFile(data);
      } finally {
        await fh.close();
      }
      await renameRetrying(tmp, inDir(dir, path.dirname(target), name));
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw fail(e, target);
    }
    return target;
  } finally {
    await dir.close().catch(() => undefined);
  }
}

/** `name` in the directory open as `dir` (shown as `at`): through the descriptor where the platform allows. */
function inDir(dir: FileHandle, at: string, name: string): string {
  return PROC_FD ? `/proc/self/fd/${dir.fd}/${name}` : path.join(at, name);
}

/** Opens (creating it if missing) the subdirectory `name` of `dir`, refusing a symlink or a file there. */
async function openChild(dir: FileHandle, at: string, name: string): Promise<FileHandle> {
  const p = inDir(dir, path.dirname(at), name);
  const flags = fsc.O_RDONLY | fsc.O_DIRECTORY | fsc.O_NOFOLLOW;
  if (!PROC_FD) {
    const st = await lstat(p).catch(() => null);
    if (st?.isSymbolicLink()) throw Object.assign(new Error('symlink'), { code: 'ELOOP' });
  }
  try {
    return await open(p, flags);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw await symlinkOr(e, p);
  }
  // mkdir does not follow a symlink in the last place: one put there now is EEXIST, then ELOOP below.
  await mkdir(p).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'EEXIST') throw e; });
  return open(p, flags).catch(async (e: unknown) => { throw await symlinkOr(e, p); });
}

/** O_DIRECTORY | O_NOFOLLOW on a symlink may say ENOTDIR: name the symlink as such. */
async function symlinkOr(e: unknown, p: string): Promise<unknown> {
  if ((e as NodeJS.ErrnoException).code !== 'ENOTDIR') return e;
  const st = await lstat(p).catch(() => null);
  return st?.isSymbolicLink() ? Object.assign(new Error('symlink'), { code: 'ELOOP' }) : e;
}

/** Without /proc: the directory about to be written in must still lie under the base. */
async function checkStillUnder(base: string, dir: string, shown: string, what: string): Promise<void> {
  const [realBase, realDir] = await Promise.all([realpath(base), realpath(dir).catch(() => dir)]);
  const rel = path.relative(realBase, realDir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new SourceError('source_invalid', `refused: ${what} ${shown} leads (through a symlink) outside ${base}`, { where: shown, stage: 'write', refused: 'symlink', hint: `Write to a path inside ${base} with no symlink on it.` });
  }
}

async function renameRetrying(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (e) {
      // Windows refuses to replace a file another process has open; that passes.
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES') || attempt >= 5 || process.platform !== 'win32') throw e;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

/**
 * A failed write as a typed error naming the file, the cause and the next step; never a raw errno.
 * `at` is where it failed (a folder on the way, or the file itself, `target`).
 */
export function writeError(e: unknown, at: string, target: string, shown: string, what: string, hint?: string): SourceError {
  if (e instanceof SourceError) return e;
  const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
  const onTheWay = at !== target;
  const say = (why: string, next: string, refused?: string) => new SourceError('source_invalid', `cannot write ${what} ${shown}: ${why} (${code})`, {
    where: shown, stage: 'write', errno: code, ...(refused ? { refused } : {}), hint: next,
  });
  switch (code) {
    case 'ELOOP': return say(`${onTheWay ? `the folder ${at}` : 'it'} is a symlink, and writes do not follow symlinks`, 'Write to a real folder and file: replace the symlink with what it points to, or write there directly.', 'symlink');
    case 'EEXIST':
      if (onTheWay) return say('a part of the path is a file, not a folder', 'Move the file out of the way or pick another path.');
      return say('the file exists', hint ?? 'Pick another path, or allow replacing it.', 'exists');
    case 'ENOTDIR': return say('a part of the path is a file, not a folder', 'Move the file out of the way or pick another path.');
    case 'ENOENT': return say('no such file or folder', 'Check the path; to write a file there, create its folder first.');
    case 'EISDIR': return say('it is a folder', 'Give a file name, not a folder.');
    case 'EACCES': case 'EPERM': return say('permission denied (the folder is read-only for this user)', hint ?? 'Make the folder writable, or write somewhere else.');
    case 'EROFS': return say('the file system is read-only', 'Write to a writable file system.');
    case 'ENOSPC': case 'EDQUOT': return say('no space left on the device', 'Free some space and run again.');
    case 'ENAMETOOLONG': return say('the name is too long', 'Use a shorter path.');
    default: return say((e as Error).message, hint ?? 'Check the path and try again.');
  }
}
