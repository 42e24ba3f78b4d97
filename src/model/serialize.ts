import { createHash } from 'node:crypto';
import type { Root, Snapshot } from './schema.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './schema.js';
import { walkNode, hashToGeneration } from './node.js';
import { stringifyJson } from './stringify.js';

/** The snapshot as JSON (treewright's own format, what `inspect --format json` prints). Iterative: deep trees do not overflow. */
export function snapshotToJson(s: Snapshot, indent = 2): string {
  return stringifyJson(s, indent);
}

/**
 * A content hash of the roots as a decimal generation: equal content, equal generation. Each node's
 * fields are hashed as they are walked (with its depth, so the shape counts), never building the
 * whole tree's JSON as one string.
 */
export function generationOfRoots(roots: readonly Root[]): string {
  const h = createHash('sha1');
  for (const { node, ...rest } of roots) {
    h.update(stringifyJson(rest));
    walkNode(node, (n, depth) => {
      const { children: _c, ...fields } = n;
      h.update(`\n${depth}:`);
      // `platform` holds whatever the producer sent: the iterative writer, so no depth overflows.
      h.update(stringifyJson(fields));
    });
  }
  return hashToGeneration(h);
}

export interface SnapshotInit {
  source: string;
  roots: Root[];
  warnings?: string[];
  capturedAt?: string;
  /** Override the content-derived generation (devices with their own counter, e.g. MoUI). */
  generation?: string;
}

/** Builds a snapshot; its generation is a hash of its content, so it changes only when content does. */
export function makeSnapshot(init: SnapshotInit): Snapshot {
  const generation = init.generation ?? generationOfRoots(init.roots);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    source: init.source,
    capturedAt: init.capturedAt ?? new Date().toISOString(),
    generation,
    roots: init.roots,
    warnings: init.warnings ?? [],
  };
}
