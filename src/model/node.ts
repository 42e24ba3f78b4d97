import { createHash, type Hash } from 'node:crypto';
import type { Node, NodeFields, Root, Snapshot } from './schema.js';
import { neutralNode } from './schema.js';

/**
 * A node with every field at its neutral value (schema.ts neutralNode) but what its format carries:
 * `fields` written over the neutral node, whose keys are already in the schema's order.
 */
export function makeNode(id: string, fields: Partial<NodeFields> = {}, children: Node[] = []): Node {
  return Object.assign(neutralNode(id, children), fields);
}

export interface Visit {
  node: Node;
  parent: Node | null;
  root: Root;
  rootIndex: number;
  depth: number;
  /** Pre-order index across the whole snapshot (document order). */
  order: number;
}

/**
 * Pre-order walk of every node of every root, bottom root first. Iterative: a 60,000-deep
 * tree must not overflow the stack. Return `false` from the visitor to skip a subtree.
 */
export function walk(snapshot: Pick<Snapshot, 'roots'>, visit: (v: Visit) => boolean | void): void {
  let order = 0;
  snapshot.roots.forEach((root, rootIndex) => {
    const stack: Array<{ node: Node; parent: Node | null; depth: number }> = [{ node: root.node, parent: null, depth: 0 }];
    while (stack.length) {
      const { node, parent, depth } = stack.pop()!;
      const descend = visit({ node, parent, root, rootIndex, depth, order: order++ });
      if (descend === false) continue;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parent: node, depth: depth + 1 });
    }
  });
}

/** Walks one subtree, pre-order, iteratively. */
export function walkNode(start: Node, visit: (node: Node, depth: number, parent: Node | null) => boolean | void): void {
  const stack: Array<[Node, number, Node | null]> = [[start, 0, null]];
  while (stack.length) {
    const [node, depth, parent] = stack.pop()!;
    if (visit(node, depth, parent) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1, node]);
  }
}

export function countNodes(snapshot: Pick<Snapshot, 'roots'>): number {
  let n = 0;
  walk(snapshot, () => { n++; });
  return n;
}

/**
 * Content hash → decimal generation string; equal content gives an equal generation. A long text is fed
 * in slices (never splitting a surrogate pair, so the UTF-8 bytes hashed are the same), so hashing a
 * large dump never encodes all of it into one buffer as large as itself.
 */
export function generationOf(content: string): string {
  const h = createHash('sha1');
  const n = content.length;
  for (let at = 0; at < n;) {
    let end = Math.min(n, at + HASH_SLICE);
    // A pair cut in two would hash as two U+FFFD; a lone surrogate is U+FFFD wherever the cut falls.
    const last = content.charCodeAt(end - 1), after = content.charCodeAt(end);
    if (end < n && last >= 0xd800 && last <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) end++;
    h.update(at === 0 && end === n ? content : content.slice(at, end));
    at = end;
  }
  return hashToGeneration(h);
}
const HASH_SLICE = 1 << 17;

/** The first 52 bits of a digest as a decimal string (exact in a JS number, and in JSON). */
export function hashToGeneration(h: Hash): string {
  return String(parseInt(h.digest('hex').slice(0, 13), 16));
}
