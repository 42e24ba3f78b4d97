import { createHash, type Hash } from 'node:crypto';
import type { Action, Node, NodeFields, NodeKind, Rect, Root, Snapshot } from './schema.js';

/**
 * A node with every field at its neutral value (one hidden class for every importer's nodes). The fast
 * cmp reader fills it member by member (passing placeholders for what it always replaces); makeNode
 * assigns fields over it. Built by a constructor, not an object literal: V8 pretenures a literal whose
 * objects survive (an importer's nodes all do) into the old generation, and the young strings and
 * arrays they then point to make every young collection walk them: node --no-allocation-site-pretenuring
 * took a 10k cmp import from 22.8 to 13.7 CPU ms per call (bench/peer.ts's loop); a constructor call has
 * no allocation site to pretenure. The price is paid by trees larger than the young generation: a
 * pretenured 100k-node tree is never copied, a constructed one is copied and promoted by the young
 * collections it meets (100k import + audit: 36 → 74 scavenges, 55 → 91 ms of collector per call). A
 * screen is rarely past 10k nodes; bench/peer.ts prints both sizes.
 */
export function blankNode(id: string, kind: NodeKind = 'generic', children: Node[] = [], bounds: Rect = new Box(0, 0, 0, 0), actions: Action[] = [], platform: Record<string, unknown> = {}): Node {
  return new SemanticsNode(id, kind, children, bounds, actions, platform);
}

/** A plain record (its prototype holds nothing): a Node to every reader, spread, clone and JSON; named for what an error message that shows a value calls it (query/arguments.ts showValue). */
class SemanticsNode implements Node {
  id: Node['id'];
  kind: Node['kind'];
  role: Node['role'];
  rawRole: Node['rawRole'];
  tag: Node['tag'];
  text: Node['text'];
  editableText: Node['editableText'];
  contentDescription: Node['contentDescription'];
  stateDescription: Node['stateDescription'];
  value: Node['value'];
  hint: Node['hint'];
  toggle: Node['toggle'];
  enabled: Node['enabled'];
  clickable: Node['clickable'];
  longClickable: Node['longClickable'];
  focusable: Node['focusable'];
  focused: Node['focused'];
  selected: Node['selected'];
  editable: Node['editable'];
  scrollable: Node['scrollable'];
  visible: Node['visible'];
  password: Node['password'];
  heading: Node['heading'];
  actions: Node['actions'];
  bounds: Node['bounds'];
  layoutBounds: Node['layoutBounds'];
  designToken: Node['designToken'];
  platform: Node['platform'];
  children: Node['children'];
  constructor(id: string, kind: NodeKind, children: Node[], bounds: Rect, actions: Action[], platform: Record<string, unknown>) {
    this.id = id;
    this.kind = kind;
    this.role = null;
    this.rawRole = null;
    this.tag = null;
    this.text = null;
    this.editableText = null;
    this.contentDescription = null;
    this.stateDescription = null;
    this.value = null;
    this.hint = null;
    this.toggle = null;
    this.enabled = true;
    this.clickable = false;
    this.longClickable = false;
    this.focusable = false;
    this.focused = false;
    this.selected = false;
    this.editable = false;
    this.scrollable = false;
    this.visible = true;
    this.password = false;
    this.heading = false;
    this.actions = actions;
    this.bounds = bounds;
    this.layoutBounds = null;
    this.designToken = null;
    this.platform = platform;
    this.children = children;
  }
}

/** A rect, built by a constructor for the reason blankNode is. */
export class Box implements Rect {
  constructor(public x: number, public y: number, public width: number, public height: number) {}
}

/** A node with every field at its neutral value; importers spread what their format carries over it. */
export function makeNode(id: string, fields: Partial<NodeFields> = {}, children: Node[] = []): Node {
  const node = Object.assign(blankNode(id), fields);
  node.children = children;
  return node;
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
 * in slices (never splitting a surrogate pair, so the UTF-8 bytes hashed are the same): hashing a 40 MB
 * dump in one call first encodes all of it into one 40 MB buffer, which costs more per byte than the
 * hash itself once it no longer fits in the cache.
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
