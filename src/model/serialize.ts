import { createHash } from 'node:crypto';
import type { Root, Snapshot } from './schema.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './schema.js';
import { hashToGeneration } from './node.js';
import { stringifyJson } from './stringify.js';
import type { Warning } from './warnings.js';

/** The snapshot as JSON (treewright's own format, what `inspect --format json` prints). Iterative: deep trees do not overflow. */
export function snapshotToJson(s: Snapshot, indent = 2): string {
  return stringifyJson(s, readableIndent(s.roots, indent));
}

/** Past this many nodes the indented form is not read by people and costs its size again in spaces: compact. */
export const INDENT_MAX_NODES = 20_000;
/** Past this depth indentation grows the text quadratically (a deep chain would pass the engine's string length limit): compact. */
export const INDENT_MAX_DEPTH = 100;

/**
 * `indent` when the trees are small and shallow enough for an indented text to help a reader, else 0:
 * whatever treewright writes, treewright reads back (a 200,000-node tree indented is 202 M characters,
 * over the importers' 128 MiB; compact it is well under). Stops walking at the first limit passed.
 */
export function readableIndent(roots: readonly Pick<Root, 'node'>[], indent: number): number {
  if (!indent) return 0;
  let count = 0;
  const stack: Array<[Root['node'], number]> = roots.map((r) => [r.node, 0]);
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (++count > INDENT_MAX_NODES || depth > INDENT_MAX_DEPTH) return 0;
    for (const c of node.children) stack.push([c, depth + 1]);
  }
  return indent;
}

/**
 * A content hash of the roots as a decimal generation: equal content, equal generation. Each window is
 * hashed as its JSON (the native writer, so the hash costs about what writing the tree once does; the
 * iterative one only for trees too deep for it), so every field and the shape count.
 */
export function generationOfRoots(roots: readonly Root[]): string {
  const h = createHash('sha1');
  for (const root of roots) {
    h.update(stringifyJson(root));
    h.update('\n');
  }
  return hashToGeneration(h);
}

export interface SnapshotInit {
  source: string;
  roots: Root[];
  warnings?: Warning[];
  capturedAt?: string;
  /** Override the content-derived generation (devices with their own counter, e.g. MoUI). */
  generation?: string;
}

/**
 * Builds a snapshot; its generation is a hash of its content, so it changes only when content does.
 * The hash is taken when the generation is first read, not when the snapshot is built: an import read
 * for an audit, a drift check or a golden diff never needs it, and hashing a tree costs a good part of
 * reading it. Snapshots are not mutated once read (a device's next capture is a new snapshot), so the
 * lazy value is the value an eager hash would have given. `generation` stays an enumerable property
 * (JSON, spreads and zod see a plain string); assigning it replaces the hash (a driver folding in what
 * the tree does not carry, e.g. adb's density).
 */
export function makeSnapshot(init: SnapshotInit): Snapshot {
  const snapshot: Snapshot = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    source: init.source,
    capturedAt: init.capturedAt ?? new Date().toISOString(),
    generation: init.generation ?? '',
    roots: init.roots,
    warnings: init.warnings ?? [],
  };
  if (init.generation === undefined) lazyGeneration(snapshot, () => generationOfRoots(snapshot.roots));
  return snapshot;
}

/** `target.generation` as `compute()`'s value, worked out at its first read; assigning it replaces it. */
function lazyGeneration(target: object, compute: () => string): void {
  let generation: string | undefined;
  Object.defineProperty(target, 'generation', {
    enumerable: true,
    configurable: true,
    get: () => (generation ??= compute()),
    set: (g: string) => { generation = g; },
  });
}

/**
 * The same capture with other roots (an excerpt of it): every field as `snapshot`'s, its generation the
 * original's, read from it only when the excerpt's is read, so cutting a tree never hashes it.
 */
export function withRoots(snapshot: Snapshot, roots: Root[]): Snapshot {
  const cut: Record<string, unknown> = {};
  // Field by field in the original's order (so its JSON lists them alike), without reading its generation.
  for (const key of Object.keys(snapshot)) {
    if (key === 'generation') lazyGeneration(cut, () => snapshot.generation);
    else cut[key] = key === 'roots' ? roots : snapshot[key as keyof Snapshot];
  }
  return cut as Snapshot;
}
