import type { Node, Root, Snapshot } from './schema.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './schema.js';
import { generationOf } from './node.js';

/**
 * JSON of a node subtree, built iteratively (JSON.stringify recurses and overflows on very
 * deep trees). Field order follows the node object; `children` always comes last.
 */
export function nodeToJson(start: Node, indent = 0): string {
  const out: string[] = [];
  const pad = (d: number) => (indent ? '\n' + ' '.repeat(indent * d) : '');
  const sep = indent ? ': ' : ':';
  type Frame = { node: Node; depth: number; next: number };
  const open = (node: Node, depth: number): Frame => {
    const { children: _c, ...fields } = node;
    // Splice "children": [ into the object's closing brace.
    const body = JSON.stringify(fields, null, indent).slice(0, -1).trimEnd();
    out.push(indent ? body.replace(/\n/g, '\n' + ' '.repeat(indent * depth)) : body);
    out.push(`,${pad(depth + 1)}"children"${sep}[`);
    return { node, depth, next: 0 };
  };
  const stack: Frame[] = [open(start, 0)];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.node.children.length) {
      if (top.next > 0) out.push(',');
      const child = top.node.children[top.next++]!;
      out.push(pad(top.depth + 2));
      stack.push(open(child, top.depth + 2));
    } else {
      out.push(top.node.children.length ? `${pad(top.depth + 1)}]${pad(top.depth)}}` : `]${pad(top.depth)}}`);
      stack.pop();
    }
  }
  return out.join('');
}

export function rootToJson(root: Root, indent = 0): string {
  const { node, ...rest } = root;
  const head = JSON.stringify(rest, null, indent);
  const nl = indent ? '\n' + ' '.repeat(indent) : '';
  return `${head.slice(0, head.length - (indent ? 2 : 1))},${nl}"node":${indent ? ' ' : ''}${indentBlock(nodeToJson(node, indent), indent)}${indent ? '\n' : ''}}`;
}

function indentBlock(s: string, indent: number): string {
  return indent ? s.replace(/\n/g, '\n' + ' '.repeat(indent)) : s;
}

/** The snapshot as JSON (treewright's own format, what `inspect --format json` prints). */
export function snapshotToJson(s: Snapshot, indent = 2): string {
  const { roots, ...rest } = s;
  const head = JSON.stringify(rest, null, indent);
  const nl = indent ? '\n' + ' '.repeat(indent) : '';
  const rootsJson = roots.map((r) => nl + ' '.repeat(indent) + indentBlock(rootToJson(r, indent), indent * 2)).join(',');
  return `${head.slice(0, head.length - (indent ? 2 : 1))},${nl}"roots":${indent ? ' ' : ''}[${rootsJson}${roots.length ? nl : ''}]${indent ? '\n' : ''}}`;
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
  const generation = init.generation ?? generationOf(init.roots.map((r) => rootToJson(r)).join('\n'));
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
