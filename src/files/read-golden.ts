import { readFile } from 'node:fs/promises';

/** The file's bytes, or null when it does not exist. */
export async function readGolden(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
