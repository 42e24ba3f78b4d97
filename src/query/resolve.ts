import type { Node, Snapshot } from '../model/schema.js';
import { analyzeReachability } from '../analysis/reachability.js';
import { indexSnapshot, type SnapshotIndex } from './snapshot-index.js';
import { type FilterOptions, type Selector, type Step } from './selector.js';
import { matchesIdentifier, matchesText } from './text.js';

/**
 * Resolves a selector against one snapshot: the matching nodes in document order.
 * Pure and linear in the number of nodes visited per step.
 */
export function resolveSelector(snapshot: Snapshot, selector: Selector): Node[] {
  const index = indexSnapshot(snapshot);
  let current: Node[] | null = null; // null = the whole snapshot, before any search step
  for (const step of selector) {
    if (step.kind === 'nth') current = pickNth(current ?? index.nodes, step.index);
    else if (step.kind === 'filter') current = applyFilter(snapshot, index, current ?? index.nodes, step.options);
    else {
      const test = nodePredicate(step, index);
      current = current === null ? index.nodes.filter(test) : searchDescendants(index, current, test);
    }
  }
  return current ?? index.nodes;
}

function nodePredicate(step: Step, index: SnapshotIndex): (n: Node) => boolean {
  switch (step.kind) {
    case 'tag': return (n) => matchesIdentifier(n.tag, step.tag);
    case 'id': return (n) => matchesIdentifier(n.id, step.id);
    case 'text': return (n) => matchesText(n.text, step.text, step.exact) || matchesText(n.editableText, step.text, step.exact);
    case 'desc': return (n) => matchesText(n.contentDescription, step.text, step.exact);
    case 'role': return rolePredicate(step, index);
    default: throw new Error(`not a search step: ${step.kind}`);
  }
}

function rolePredicate(step: Extract<Step, { kind: 'role' }>, index: SnapshotIndex): (n: Node) => boolean {
  const o = step.options;
  const wanted = step.role.toLowerCase();
  return (n) => {
    const role = n.role ?? n.rawRole;
    if (!role) return false;
    if (role.toLowerCase() !== wanted && n.rawRole?.toLowerCase() !== wanted) return false;
    if (!o.includeHidden && !n.visible) return false;
    if (o.checked !== undefined && (n.toggle === 'on') !== o.checked) return false;
    if (o.disabled !== undefined && !n.enabled !== o.disabled) return false;
    if (o.selected !== undefined && n.selected !== o.selected) return false;
    if (o.name !== undefined && !matchesText(index.name(n), o.name, o.exact ?? false)) return false;
    return true;
  };
}

/** Strict descendants of the context nodes; nested context nodes are not walked twice. */
function searchDescendants(index: SnapshotIndex, context: Node[], test: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  const sorted = [...context].sort((a, b) => index.order.get(a)! - index.order.get(b)!);
  let covered = -1; // nodes[.. covered) already scanned
  for (const c of sorted) {
    const start = Math.max(index.order.get(c)! + 1, covered);
    const end = index.subtreeEnd.get(c)!;
    for (let i = start; i < end; i++) {
      const n = index.nodes[i]!;
      if (test(n)) out.push(n);
    }
    covered = Math.max(covered, end);
  }
  return out;
}

function pickNth(nodes: Node[], i: number): Node[] {
  const n = i < 0 ? nodes[nodes.length + i] : nodes[i];
  return n ? [n] : [];
}

function applyFilter(snapshot: Snapshot, index: SnapshotIndex, nodes: Node[], o: FilterOptions): Node[] {
  const reach = o.operable !== undefined ? analyzeReachability(snapshot) : null;
  const has = o.has ? descendantTest(snapshot, index, o.has) : null;
  const hasNot = o.hasNot ? descendantTest(snapshot, index, o.hasNot) : null;
  return nodes.filter((n) => {
    if (o.hasText !== undefined && !matchesText(index.textContent(n), o.hasText)) return false;
    if (o.hasNotText !== undefined && matchesText(index.textContent(n), o.hasNotText)) return false;
    if (o.visible !== undefined && isVisible(n) !== o.visible) return false;
    if (o.operable !== undefined && (reach!.get(n).operable === true) !== o.operable) return false;
    if (has && !has(n)) return false;
    if (hasNot && hasNot(n)) return false;
    return true;
  });
}

/**
 * `has` / `hasNot`: does the node have a strict descendant matching the inner locator?
 * The inner locator is resolved once over the snapshot, then each node asks whether one of those
 * matches lies in its subtree (a binary search over document order), so the filter stays linear.
 */
function descendantTest(snapshot: Snapshot, index: SnapshotIndex, inner: Selector): (n: Node) => boolean {
  const orders = resolveSelector(snapshot, inner).map((m) => index.order.get(m)!).sort((a, b) => a - b);
  return (n) => {
    const start = index.order.get(n)! + 1;
    const end = index.subtreeEnd.get(n)!;
    let lo = 0, hi = orders.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (orders[mid]! < start) lo = mid + 1; else hi = mid; }
    return lo < orders.length && orders[lo]! < end;
  };
}

/**
 * Visible as Playwright means it: the node is not hidden and has a non-empty on-screen box.
 * (A node scrolled out of its container has empty clipped bounds.)
 */
export function isVisible(n: Node): boolean {
  return n.visible && n.bounds.width > 0 && n.bounds.height > 0;
}
