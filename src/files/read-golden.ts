import { isTreewrightError } from '../errors.js';
import { readRegularFile } from './read-file.js';

/** The file's bytes, or null when it does not exist. A regular file only (a FIFO named as a golden would block forever), time-bounded. */
export async function readGolden(path: string): Promise<Buffer | null> {
  try {
    return await readRegularFile(path, { what: 'the golden file' });
  } catch (e) {
    if (isTreewrightError(e) && e.code === 'file_not_found') return null;
    throw e;
  }
}
