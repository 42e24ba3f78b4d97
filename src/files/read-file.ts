/**
 * Reading a file the user or an agent named, safely: only a regular file (a FIFO, device or socket
 * would block the reader forever or never end), never larger than a limit (checked on the open
 * descriptor before reading), within a time bound (a slow or hung mount cannot hold a caller), and —
 * when a root confines the reader (the MCP shim's --root) — re-checked at every read: the last
 * component is opened with O_NOFOLLOW and the opened file's real path must lie under the root, so a
 * file swapped for a symlink after the first check is refused, not read through.
 */
import { constants as fsc } from 'node:fs';
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FormatError, SourceError } from '../errors.js';
import { DEFAULT_MAX_BYTES } from '../formats/types.js';
import { SNAPSHOT_JSON_MAX_BYTES, looksLikeSnapshotJson } from '../formats/sniff.js';

export interface ReadFileOptions {
  /** The file as the user named it, for messages (default: the absolute path). */
  shown?: string;
  /** What the file is, for messages ("the golden file"). */
  what?: string;
  /** Absolute real path of a directory the file must stay in (symlinks resolved). */
  confineTo?: string;
  /**
   * Refuse files larger than this many bytes (default: the importers' 128 MiB, or treewright's own
   * snapshot JSON's limit for a file that starts as that writer writes it, so what it writes reads back).
   */
  maxBytes?: number;
  /** Give up after this many ms (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The file's bytes, or a typed error: file_not_found, source_invalid (not a regular file, outside the root, symlink, unreadable), too_large, device_timeout-free. */
export async function readRegularFile(abs: string, opts: ReadFileOptions = {}): Promise<Buffer> {
  const shown = opts.shown ?? abs;
  const what = opts.what ?? 'the file';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SourceError('source_invalid', `${what} ${shown} did not finish reading within ${timeoutMs} ms`, {
      where: shown, stage: 'read', hint: 'Is it on a slow or hung network mount? Copy it to a local disk.',
    })), timeoutMs);
    timer.unref?.();
  });
  try {
    return await Promise.race([readChecked(abs, shown, what, opts), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readChecked(abs: string, shown: string, what: string, opts: ReadFileOptions): Promise<Buffer> {
  // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; O_NOFOLLOW under a root.
  const flags = fsc.O_RDONLY | fsc.O_NONBLOCK | (opts.confineTo !== undefined ? fsc.O_NOFOLLOW : 0);
  let fh;
  try {
    fh = await open(abs, flags);
  } catch (e) {
    throw fileError(e, shown, what);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) {
      const kind = st.isFIFO() ? 'a FIFO (named pipe)' : st.isDirectory() ? 'a directory' : st.isSocket() ? 'a socket' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
      throw new SourceError('source_invalid', `${what} ${shown} is ${kind}, not a regular file`, {
        where: shown, refused: 'not_regular', hint: 'Name a regular file (a captured tree, golden or catalog); pipes and devices are not read.',
      });
    }
    if (opts.confineTo !== undefined) await checkConfined(fh.fd, abs, st, shown, what, opts.confineTo);
    const max = opts.maxBytes ?? (st.size > DEFAULT_MAX_BYTES && await startsAsSnapshotJson(fh) ? SNAPSHOT_JSON_MAX_BYTES : DEFAULT_MAX_BYTES);
    if (st.size > max) {
      throw new FormatError('too_large', `${what} ${shown} is ${st.size} bytes, over the ${max}-byte limit`, {
        where: shown, hint: 'Capture a smaller tree, or raise the limit if this size is expected.',
      });
    }
    const bytes = await fh.readFile();
    // A file that grew after the size check is still bounded.
    if (bytes.length > max) throw new FormatError('too_large', `${what} ${shown} grew past the ${max}-byte limit while it was read`, { where: shown });
    return bytes;
  } finally {
    await fh.close().catch(() => undefined);
  }
}

async function startsAsSnapshotJson(fh: FileHandle): Promise<boolean> {
  const head = Buffer.alloc(96);
  const { bytesRead } = await fh.read(head, 0, head.length, 0);
  return looksLikeSnapshotJson(head.subarray(0, bytesRead));
}

/** The opened descriptor's real path must lie inside `root` (Linux: /proc/self/fd; elsewhere realpath + same inode). */
async function checkConfined(fd: number, abs: string, st: { dev: number; ino: number }, shown: string, what: string, root: string): Promise<void> {
  let real: string | null = await readlink(`/proc/self/fd/${fd}`).catch(() => null);
  if (real === null || !path.isAbsolute(real)) {
    real = await realpath(abs).catch(() => null);
    if (real !== null) {
      const again = await open(real, fsc.O_RDONLY | fsc.O_NONBLOCK).then(async (h) => { try { return await h.stat(); } finally { await h.close(); } }).catch(() => null);
      if (!again || again.dev !== st.dev || again.ino !== st.ino) real = null;
    }
  }
  const rel = real === null ? '..' : path.relative(root, real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new SourceError('source_invalid', `refused: ${what} ${shown} leads (through a symlink) outside the root ${root}`, {
      where: shown, refused: 'path', root, hint: `Use a file inside ${root}. The user can serve another directory with --root.`,
    });
  }
}

function fileError(e: unknown, shown: string, what: string): SourceError {
  const code = (e as NodeJS.ErrnoException).code;
  // ENOTDIR: a part of the path is a file, so this file does not exist either.
  if (code === 'ENOENT' || code === 'ENOTDIR') return new SourceError('file_not_found', `no such file: ${shown}`, { where: shown, errno: code, hint: 'Check the path (relative paths resolve from the working directory), or capture the tree first.' });
  if (code === 'ELOOP') return new SourceError('source_invalid', `refused: ${what} ${shown} is a symlink`, { where: shown, refused: 'symlink', errno: code, hint: 'Name the regular file itself, inside the root.' });
  if (code === 'EACCES' || code === 'EPERM') return new SourceError('source_invalid', `permission denied reading ${shown}`, { where: shown, errno: code, hint: 'Make the file readable.' });
  if (code === 'EISDIR') return new SourceError('source_invalid', `${what} ${shown} is a directory, not a regular file`, { where: shown, errno: code, hint: 'Name a file.' });
  return new SourceError('source_invalid', `cannot read ${shown}: ${(e as Error).message}`, { where: shown, errno: code });
}
