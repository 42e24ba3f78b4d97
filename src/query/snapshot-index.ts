import type { Node, Root, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';

/** Roles whose node merges its descendants' text into its own label, as a merged semantics tree does. */
const MERGING_ROLES = new Set(['Button', 'Checkbox', 'Switch', 'RadioButton', 'Tab', 'Link', 'ListItem', 'MenuItem']);

/**
 * Lookup tables for one snapshot, built once in a single linear pass and memoised, so every
 * locator and matcher on the same capture shares them.
 */
export interface SnapshotIndex {
  /** Every node in document order (roots bottom to top, pre-order). */
  nodes: Node[];
  order: Map<Node, number>;
  parent: Map<Node, Node | null>;
  root: Map<Node, Root>;
  byId: Map<string, Node>;
  /** Index (in `nodes`) one past the node's last descendant: the subtree is nodes[order, end). */
  subtreeEnd: Map<Node, number>;
  /** The node's own text parts plus merged descendants' where the node merges them (accessible name). */
  name(node: Node): string;
  /** All text in the subtree (text, editable text, descriptions): what `filter({ hasText })` tests. */
  subtreeText(node: Node): string;
  /** Text and editable text of the node and its descendants, no descriptions: what `toHaveText` reads, like textContent. */
  textContent(node: Node): string;
}

const cache = new WeakMap<Snapshot, SnapshotIndex>();

export function indexSnapshot(snapshot: Snapshot): SnapshotIndex {
  const hit = cache.get(snapshot);
  if (hit) return hit;
  const nodes: Node[] = [];
  const order = new Map<Node, number>();
  const parent = new Map<Node, Node | null>();
  const root = new Map<Node, Root>();
  const byId = new Map<string, Node>();
  walk(snapshot, ({ node, parent: p, root: r }) => {
    order.set(node, nodes.length);
    nodes.push(node);
    parent.set(node, p);
    root.set(node, r);
    if (!byId.has(node.id)) byId.set(node.id, node);
  });

  // Post-order pass (reverse pre-order visits children before parents) for subtree extents and texts.
  const subtreeEnd = new Map<Node, number>();
  const merged = new Map<Node, string>(); // text a node contributes to a merging ancestor
  const allText = new Map<Node, string>();
  const names = new Map<Node, string>();
  const content = new Map<Node, string>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    let end = i + 1;
    const mergedParts: string[] = [];
    const textParts: string[] = ownParts(node);
    const contentParts: string[] = [node.text, node.editableText].filter((t): t is string => !!t);
    for (const c of node.children) {
      const tc = content.get(c);
      if (tc) contentParts.push(tc);
      end = Math.max(end, subtreeEnd.get(c)!);
      const m = merged.get(c);
      if (m) mergedParts.push(m);
      const t = allText.get(c);
      if (t) textParts.push(t);
    }
    subtreeEnd.set(node, end);
    allText.set(node, textParts.join(' '));
    content.set(node, contentParts.join(' '));
    // A node that merges its descendants is a boundary: its text is its own, not its ancestor's.
    const own = ownLabel(node);
    const merges = mergesDescendants(node);
    merged.set(node, merges ? '' : [own, ...mergedParts].filter(Boolean).join(' '));
    names.set(node, own || (merges ? mergedParts.join(' ') : ''));
  }

  const index: SnapshotIndex = {
    nodes, order, parent, root, byId, subtreeEnd,
    name: (n) => names.get(n) ?? '',
    subtreeText: (n) => allText.get(n) ?? '',
    textContent: (n) => content.get(n) ?? '',
  };
  cache.set(snapshot, index);
  return index;
}

function ownParts(n: Node): string[] {
  const parts: string[] = [];
  if (n.contentDescription) parts.push(n.contentDescription);
  if (n.text) parts.push(n.text);
  if (n.editableText) parts.push(n.editableText);
  return parts;
}

/** A node's own label: its description when it has one (that is what a screen reader speaks), else its text. */
function ownLabel(n: Node): string {
  return n.contentDescription || n.text || n.editableText || '';
}

function mergesDescendants(n: Node): boolean {
  return n.clickable || n.longClickable || n.actions.includes('Click') || (n.role !== null && MERGING_ROLES.has(n.role));
}
