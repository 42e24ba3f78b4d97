import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SourceError } from '../errors.js';

/**
 * Writes through a temporary file in the same directory, then renames it over the target: a rename
 * within one file system is atomic, so a reader (or a parallel worker writing the same file) sees
 * the old file or a whole new one, never a torn one. The temporary file is removed on any failure.
 * Used for baselines (matchers), verify goldens and the report page (runner).
 */
export async function writeAtomic(path: string, data: string | Buffer): Promise<void> {
  try {
    await writeThroughTemp(path, data);
  } catch (e) {
    throw writeError(e, path);
  }
}

/** A failed write as a typed error naming the file and the cause (stage 'write'), never a raw EACCES. */
function writeError(e: unknown, path: string): SourceError {
  const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied (the folder is read-only for this user)'
    : code === 'EROFS' ? 'the file system is read-only'
    : code === 'ENOSPC' ? 'no space left on the device'
    : code === 'ENOTDIR' || code === 'EEXIST' ? 'a part of the path is a file, not a folder'
    : (e as Error).message;
  return new SourceError('source_invalid', `cannot write ${path}: ${why} (${code})`, {
    where: path, stage: 'write', errno: code, hint: 'Make the folder writable, or write the baselines somewhere else.',
  });
}

async function writeThroughTemp(path: string, data: string | Buffer): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, data);
    for (let attempt = 0; ; attempt++) {
      try {
        await rename(tmp, path);
        return;
      } catch (e) {
        // Windows refuses to replace a file another process has open; that passes.
        const code = (e as NodeJS.ErrnoException).code;
        if ((code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES') || attempt >= 5) throw e;
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
