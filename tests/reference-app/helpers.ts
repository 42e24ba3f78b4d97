import type { Node, Rect, Root, Snapshot } from '../../src/model/schema.js';
import { walk } from '../../src/model/node.js';

/** Every node of a snapshot with its root, in document order. */
export function all(s: Snapshot): Array<{ node: Node; root: Root }> {
  const out: Array<{ node: Node; root: Root }> = [];
  walk(s, ({ node, root }) => { out.push({ node, root }); });
  return out;
}

/** The one node whose text is exactly `text` (throws when there is not exactly one). */
export function byText(s: Snapshot, text: string): Node {
  const hits = all(s).filter(({ node }) => node.text === text);
  if (hits.length !== 1) throw new Error(`expected one node with text "${text}", found ${hits.length}`);
  return hits[0]!.node;
}

export function maybeByText(s: Snapshot, text: string): Node | undefined {
  return all(s).find(({ node }) => node.text === text)?.node;
}

export function byTag(s: Snapshot, tag: string): Node[] {
  return all(s).filter(({ node }) => node.tag === tag).map(({ node }) => node);
}

export function byDesc(s: Snapshot, desc: string): Node {
  const hits = all(s).filter(({ node }) => node.contentDescription === desc);
  if (hits.length !== 1) throw new Error(`expected one node with description "${desc}", found ${hits.length}`);
  return hits[0]!.node;
}

export function byId(s: Snapshot, id: string): Node | undefined {
  return all(s).find(({ node }) => node.id === id)?.node;
}

export function centre(r: Rect): { x: number; y: number } {
  return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
}

export function inside(inner: Rect, outer: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** PNG signature and IHDR width / height. */
export function pngSize(buf: Buffer): { width: number; height: number } | null {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(sig) || buf.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
