// Where the benchmarks find the peer: the cmp-inspector's own code (inspector/mcp/src/lib/ of the
// public create-cmp repository), kept outside this repository and never committed.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_PEER_LIB = '/work/.peer/lib';

/** The folder holding the peer's lib files: TREEWRIGHT_PEER_LIB, else DEFAULT_PEER_LIB. */
export function peerLibDir(): string {
  return resolve(process.env.TREEWRIGHT_PEER_LIB ?? DEFAULT_PEER_LIB);
}

/** How to get the peer, printed when it is absent. */
export function peerHowTo(files: readonly string[]): string[] {
  return [
    `  To compare, save ${files.join(', ')} from inspector/mcp/src/lib/ of the public create-cmp repository`,
    `  into ${DEFAULT_PEER_LIB}, or set TREEWRIGHT_PEER_LIB to a folder holding them (outside this repository).`,
  ];
}

/**
 * One export of one peer file, or where it was looked for when it is not there. A file that is there
 * but lacks the export is an error: the peer changed and the comparison would be wrong.
 */
export async function loadPeerExport<F>(file: string, name: string, path = join(peerLibDir(), file)): Promise<{ fn: F | null; path: string }> {
  if (!existsSync(path)) return { fn: null, path };
  const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  if (typeof mod[name] !== 'function') throw new Error(`${path} does not export ${name}`);
  return { fn: mod[name] as F, path };
}
