/**
 * What changed between two captures of one device, by node id (MoUI's `read_semantics { since }`
 * delta): the nodes that are new or whose own fields, place (window, parent) or child list changed,
 * and the ids that are gone. Ids are the device's addresses, so unlike the golden diff (diff.ts) no
 * identity is guessed: a node keeps its id or it is a different node. Linear in the node count.
 */
import type { Node, Root, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';
import { stringifyJson } from '../model/stringify.js';

export interface DeltaEntry {
  node: Node;
  rootId: string;
  parentId: string | null;
  /** New in the later capture (else: changed). */
  added: boolean;
}

export interface SnapshotDelta {
  from: string;
  to: string;
  /** Added or changed nodes, in the later capture's document order. */
  upserted: DeltaEntry[];
  /** Ids of nodes that are gone, in the earlier capture's document order. */
  removed: string[];
  roots: { added: string[]; removed: string[]; changed: string[] };
}

/**
 * A node's own fields, window, parent and child ids as one string: equal strings, same node state.
 * The iterative writer: `platform` may nest deeper than JSON.stringify's recursion allows.
 */
function fingerprint(node: Node, rootId: string, parent: Node | null): string {
  const { children, ...own } = node;
  let kids = '';
  for (let i = 0; i < children.length; i++) kids += (i ? ',' : '') + children[i]!.id;
  return `${rootId}\u0000${parent?.id ?? ''}\u0000${kids}\u0000${stringifyJson(own)}`;
}

function rootFingerprint(r: Root): string {
  const { node: _node, ...own } = r;
  return stringifyJson(own);
}

export function snapshotDelta(prev: Snapshot, next: Snapshot): SnapshotDelta {
  const before = new Map<string, string>();
  const prevOrder: string[] = [];
  walk(prev, ({ node, parent, root }) => {
    if (!before.has(node.id)) prevOrder.push(node.id);
    before.set(node.id, fingerprint(node, root.rootId, parent));
  });
  const seen = new Set<string>();
  const upserted: DeltaEntry[] = [];
  walk(next, ({ node, parent, root }) => {
    seen.add(node.id);
    const was = before.get(node.id);
    if (was === undefined) upserted.push({ node, rootId: root.rootId, parentId: parent?.id ?? null, added: true });
    else if (was !== fingerprint(node, root.rootId, parent)) upserted.push({ node, rootId: root.rootId, parentId: parent?.id ?? null, added: false });
  });
  const prevRoots = new Map(prev.roots.map((r) => [r.rootId, rootFingerprint(r)]));
  const nextRoots = new Set(next.roots.map((r) => r.rootId));
  return {
    from: prev.generation,
    to: next.generation,
    upserted,
    removed: prevOrder.filter((id) => !seen.has(id)),
    roots: {
      added: next.roots.filter((r) => !prevRoots.has(r.rootId)).map((r) => r.rootId),
      removed: prev.roots.filter((r) => !nextRoots.has(r.rootId)).map((r) => r.rootId),
      changed: next.roots.filter((r) => prevRoots.has(r.rootId) && prevRoots.get(r.rootId) !== rootFingerprint(r)).map((r) => r.rootId),
    },
  };
}

export function isEmptyDelta(d: SnapshotDelta): boolean {
  return d.upserted.length === 0 && d.removed.length === 0 && d.roots.added.length === 0 && d.roots.removed.length === 0 && d.roots.changed.length === 0;
}
