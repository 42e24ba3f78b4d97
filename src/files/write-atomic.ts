import { basename, dirname } from 'node:path';
import { writeConfined } from './write-confined.js';

/**
 * Writes through a temporary file in the same directory, then renames it over the target: a rename
 * within one file system is atomic, so a reader (or a parallel worker writing the same file) sees
 * the old file or a whole new one, never a torn one. The folder is created if missing; the file and
 * its temporary are opened without following a symlink (write-confined.ts). Failures are typed
 * (stage 'write') with the path and a hint. Used for baselines (matchers) and the report page (runner).
 */
export async function writeAtomic(path: string, data: string | Buffer, opts: { what?: string; hint?: string } = {}): Promise<void> {
  await writeConfined(dirname(path), basename(path), data, { shown: path, ...opts });
}
