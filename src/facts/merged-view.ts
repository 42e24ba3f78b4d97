import type { Node, Role, Snapshot } from '../model/schema.js';
import { perSnapshot } from '../model/memo.js';
import { CONTROL_ROLES } from '../roles/compose.js';
import { FACT, nodeFacts, ownFacts } from './node-facts.js';

/**
 * The merged view of a snapshot (docs/design.md §4, JetWhale's "Merged (default): one node per control"):
 * what locators, the outline and the a11y rules read unless asked for the unmerged tree.
 *
 * Import is lossless, so a Compose screen read from `uiautomator dump` keeps the shape Compose
 * exports there: a Material button is a clickable `android.view.View` holding its label (a TextView,
 * or an icon View with a content-desc) and a separate empty, non-clickable `android.widget.Button`
 * that only carries the role. A person sees one button. In the merged view the container takes the
 * role child's role (its name already comes from its descendants, snapshot-index's nameAt), and the
 * role child is merged into it: no locator matches it, the outline leaves it out, and a11y rules never
 * report it. Nothing is copied or removed; the view is two arrays by document order.
 */
export interface MergedView {
  /** The role node i reads as: a container's taken role, else its own. */
  roleAt(i: number): Role | null;
  /** Node i is a role node merged into its control (index of that control), or -1. */
  mergedInto(i: number): number;
  /** The role child merged into control i, or -1. */
  roleChild(i: number): number;
  /** How many nodes the view merges away. */
  readonly mergedCount: number;
  /** A node's position in document order (roots bottom first, pre-order), or undefined when it is not in the snapshot. */
  orderOf(node: Node): number | undefined;
  /** The node's children as the view shows them: its own, less the role child merged into it. */
  childrenOf(node: Node): readonly Node[];
}

/** The merged view of a snapshot, built once per snapshot object in one linear pass. */
export const mergedView: (snapshot: Snapshot) => MergedView = perSnapshot(buildMergedView);

/**
 * Whether the merged view merges anything: some control container (no role, CONTAINER among its own
 * facts) has a role child (isRoleChild), read off each node's own facts and bounds, which are what the
 * facts store holds for them. So a screen with no such pair (most Compose trees, where the control
 * carries its role itself) is known to read as the raw tree without building the facts store the view
 * is built on; true exactly when buildMergedView's count is not 0.
 */
export const mayMerge: (snapshot: Snapshot) => boolean = perSnapshot((snapshot) => {
  const stack: Node[] = [];
  for (const r of snapshot.roots) stack.push(r.node);
  while (stack.length) {
    const node = stack.pop()!;
    const kids = node.children;
    if (kids.length === 0) continue;
    if (node.role === null && ownFacts(node) & CONTAINER) {
      for (const c of kids) if (isRoleChild(c, ownFacts(c), node)) return true;
    }
    for (const c of kids) stack.push(c);
  }
  return false;
});

/** The role a node reads as in the view asked for: merged (default) or the node's own. */
export function viewRole(snapshot: Snapshot, node: Node, merged = true): Role | null {
  if (!merged || !mayMerge(snapshot)) return node.role;
  const view = mergedView(snapshot);
  if (view.mergedCount === 0) return node.role;
  const i = view.orderOf(node);
  return i === undefined ? node.role : view.roleAt(i);
}

/**
 * The children a node has in the view asked for (merged by default). Every reader that walks the tree
 * as the outline prints it (templates, goldens) walks it through this, so a role child merged into its
 * control is nowhere a line of its own.
 */
export function viewChildren(snapshot: Snapshot, node: Node, merged = true): readonly Node[] {
  return merged && mayMerge(snapshot) ? mergedView(snapshot).childrenOf(node) : node.children;
}

/** A control container in the facts store's bits: something a person operates (clicks, toggles or focuses). */
const CONTAINER = FACT.CLICK | FACT.TOGGLEABLE | FACT.FOCUSABLE;
/** What a role child must not be or offer: it says nothing and takes nothing. */
const NOT_ROLE_CHILD = FACT.LABELLED | FACT.CLICK | FACT.LONG_CLICK | FACT.EDITABLE | FACT.SCROLLABLE;

function buildMergedView(snapshot: Snapshot): MergedView {
  // Document order, subtree ends and bits from the facts store: the same order as the query layer's index.
  const facts = nodeFacts(snapshot);
  const { nodes, ends, orderOf, flags } = facts;
  const n = nodes.length;
  /** By document order: the control a role child is merged into, and a control's role child (-1: none); allocated when the first pair is found. */
  let into: Int32Array | null = null;
  let taken: Int32Array | null = null;
  let count = 0;
  for (let i = 0; i < n; i++) {
    // A container has no role of its own and at least one child.
    if (nodes[i]!.role !== null || ends[i] === i + 1 || !(flags[i]! & CONTAINER)) continue;
    // Direct children: the first at i + 1, each next one where the previous subtree ends.
    for (let j = i + 1; j < ends[i]!; j = ends[j]!) {
      if (!isRoleChild(nodes[j]!, flags[j]!, nodes[i]!)) continue;
      into ??= new Int32Array(n).fill(-1);
      taken ??= new Int32Array(n).fill(-1);
      into[j] = i;
      taken[i] = j;
      count++;
      break;
    }
  }
  return {
    roleAt: (i) => {
      const j = taken ? taken[i]! : -1;
      return j < 0 ? nodes[i]!.role : nodes[j]!.role;
    },
    roleChild: (i) => (taken ? taken[i]! : -1),
    mergedInto: (i) => (into ? into[i]! : -1),
    mergedCount: count,
    orderOf,
    childrenOf: (node) => {
      if (!taken) return node.children;
      const i = orderOf(node);
      const j = i === undefined ? -1 : taken[i]!;
      if (j < 0) return node.children;
      const child = nodes[j]!;
      return node.children.filter((c) => c !== child);
    },
  };
}

/**
 * `child` (its fact bits `bits`) is a control-role leaf that says nothing and takes nothing, lying within
 * its parent's bounds: the role child a control container takes its role from.
 */
function isRoleChild(child: Node, bits: number, parent: Node): boolean {
  const role = child.role;
  if (role === null || !CONTROL_ROLES.has(role) || child.children.length !== 0 || bits & NOT_ROLE_CHILD) return false;
  const c = child.bounds, p = parent.bounds;
  return c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height;
}
