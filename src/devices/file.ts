import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Snapshot } from '../model/schema.js';
import { SourceError, TreewrightError } from '../errors.js';
import { type Driver } from './driver.js';
import { readRegularFile } from '../files/read-file.js';

/**
 * A captured tree on disk (any format importTree reads, in any encoding XML or RFC 8259 allows),
 * read by loadTree: only the reader of its format is loaded.
 * The file is re-read when it changes (mtime or size), so a harness that rewrites it is picked up
 * by the next capture. Under a `confineTo` root (the MCP shim) every read re-checks that the file
 * is a regular file inside the root, not only the first.
 */
export class FileDriver implements Driver {
  readonly kind = 'file';
  readonly description: string;
  private readonly absPath: string;
  private cached: { mtimeMs: number; size: number; snapshot: Snapshot } | null = null;

  /**
   * `density`: px per dp, for captures that do not say (a uiautomator dump); a file that states one keeps it.
   * `confineTo`: the directory the file must lie in (files/read-file.ts).
   */
  constructor(filePath: string, private readonly cwd = process.cwd(), private readonly opts: { density?: number | undefined; confineTo?: string | undefined } = {}) {
    this.absPath = path.resolve(cwd, filePath);
    this.description = `file:${filePath}`;
  }

  async capture(): Promise<Snapshot> {
    let st;
    try {
      st = await stat(this.absPath);
    } catch (e) {
      throw fileError(e, this.absPath, this.cwd);
    }
    if (!st.isFile()) throw new SourceError('source_invalid', `${this.absPath} is not a file`, { where: this.absPath, hint: 'Point the file source at a captured tree (.json or .xml).' });
    if (this.cached && this.opts.confineTo === undefined && this.cached.mtimeMs === st.mtimeMs && this.cached.size === st.size) return this.cached.snapshot;
    const bytes = await readRegularFile(this.absPath, { what: 'the tree file', ...(this.opts.confineTo !== undefined ? { confineTo: this.opts.confineTo } : {}) });
    if (this.cached && this.cached.mtimeMs === st.mtimeMs && this.cached.size === st.size) return this.cached.snapshot;
    const density = this.opts.density;
    // Imported at the first capture: the core's entry, which exports this class, need not load it.
    const { loadTree } = await import('../formats/load-tree.js');
    const snapshot = await loadTree(bytes, { where: this.absPath, ...(density !== undefined ? { density } : {}) });
    this.cached = { mtimeMs: st.mtimeMs, size: st.size, snapshot };
    return snapshot;
  }


  async close(): Promise<void> {
    this.cached = null;
  }
}

/** The message names the path once (as `where`); the hint says which folder relative paths started from. */
function fileError(e: unknown, p: string, cwd: string): TreewrightError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new SourceError('file_not_found', 'no such file', { where: p, hint: `Check the path (relative paths resolve from ${cwd}), or capture the tree first.` });
  if (code === 'EACCES') return new SourceError('source_invalid', 'permission denied', { where: p, hint: 'Make the file readable.' });
  return new SourceError('source_invalid', `cannot read it: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { where: p });
}
