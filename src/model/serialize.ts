import { createHash } from 'node:crypto';
import type { Root, Snapshot } from './schema.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './schema.js';
import { walkNode, hashToGeneration } from './node.js';
import { stringifyJson } from './stringify.js';

/** The snapshot as JSON (treewright's own format, what `inspect --format json` prints). Iterative: deep trees do not overflow. */
export function snapshotToJson(s: Snapshot, indent = 2): string {
  return stringifyJson(s, readableIndent(s.roots, indent));
}

/** Past this many nodes the indented form is not read by people and costs its size again in spaces: compact. */
export const INDENT_MAX_NODES = 20_000;
/** Past this depth indentation grows the text quadratically (a 2,000-deep tree overflowed V8's string limit): compact. */
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
