import { isTreewrightError } from '../errors.js';
import { readRegularFile, type ReadFileOptions } from './read-file.js';

/**
 * A golden file's bytes, or null when it does not exist: the read every golden check makes (matchers,
 * verify, the MCP check tool). A regular file only (a FIFO named as a golden would block forever),
 * time-bounded, and confined to `confineTo` when given (re-checked at the read).
 */
export async function readGolden(path: string, options: Pick<ReadFileOptions, 'shown' | 'confineTo'> = {}): Promise<Buffer | null> {
  try {
    return await readRegularFile(path, { ...options, what: 'the golden file' });
  } catch (e) {
    if (isTreewrightError(e) && e.code === 'file_not_found') return null;
    throw e;
  }
}
