import type { Node, Snapshot } from '../model/schema.js';
import { analyzeReachability } from '../facts/reachability.js';
import { TargetError } from '../errors.js';
import { indexSnapshot, type SnapshotIndex } from './snapshot-index.js';
import { type CombineStep, type FilterOptions, type RoleStep, type Selector, type Step } from './selector.js';
import { matchesIdentifier, matchesText, type TextPattern } from './text.js';
import { holdsAllText, subtreeTextTest, textContentTest } from './text-filter.js';
import { mergedView, type MergedView } from '../facts/merged-view.js';
import { normaliseRole, shortClassName } from '../formats/role-map.js';
import { appleTypeName } from '../roles/apple.js';
import { FACT } from '../facts/node-facts.js';
import { roleOptionTests, type RoleTestContext } from './vocabulary.js';
import { altTextOf, labelsOf, placeholderOf, testIdOf, titleOf } from './get-by.js';
import { ariaRoleMatches, type RoleFacts } from '../roles/aria.js';

/**
 * Resolves a selector against one snapshot: the matching nodes in document order.
 * Pure, and linear in the number of nodes visited per step. It works on positions in document
 * order throughout (a subtree is a contiguous range), so no step needs a node → position lookup.
 */
export function resolveSelector(snapshot: Snapshot, selector: Selector): Node[] {
  const index = indexSnapshot(snapshot);
  return resolveOrders(snapshot, index, selector).map((i) => index.nodes[i]!);
}

/** The matches among nodes[from, to) (the whole snapshot, or one candidate's descendants for `has`). */
function resolveOrders(snapshot: Snapshot, index: SnapshotIndex, selector: Selector, from = 0, to = index.nodes.length): number[] {
  let current: number[] | null = null; // null = every node in the scope, before any search step
  const all = () => Array.from({ length: to - from }, (_, k) => from + k);
  for (const step of selector) {
    if (step.kind === 'nth') current = pickNth(current ?? all(), step.index);
    else if (step.kind === 'or' || step.kind === 'and') current = combine(step.kind, current ?? all(), resolveOrders(snapshot, index, step.selector, from, to));
    else if (step.kind === 'filter') current = applyFilter(snapshot, index, current ?? all(), step.options);
    else {
      const test = nodePredicate(step, index, snapshot);
      current = current === null ? scan(index, from, to, test, []) : searchDescendants(index, current, test);
    }
  }
  return current ?? all();
}

type Predicate = (n: Node, i: number) => boolean;

function scan(index: SnapshotIndex, from: number, to: number, test: Predicate, out: number[]): number[] {
  const nodes = index.nodes;
  for (let i = from; i < to; i++) if (test(nodes[i]!, i)) out.push(i);
  return out;
}

/** A step that searches: every kind but filter and nth. */
type SearchStep = Exclude<Step, CombineStep>;

/** Union or intersection of two sets of document-order positions, in document order. */
function combine(kind: 'or' | 'and', a: number[], b: number[]): number[] {
  if (kind === 'and') {
    const other = new Set(b);
    return a.filter((i) => other.has(i));
  }
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/**
 * A search step's test. In the merged view (the default; `merged: false` asks for the raw tree) a
 * role node merged into its control matches nothing, and a control reads with the role it took.
 */
function nodePredicate(step: SearchStep, index: SnapshotIndex, snapshot: Snapshot): Predicate {
  const merged = (step.kind === 'role' ? step.options.merged : step.merged) !== false;
  const view = merged ? mergedView(snapshot) : null;
  const test = ownPredicate(step, index, view);
  if (!view || view.mergedCount === 0) return test;
  return (n, i) => view.mergedInto(i) < 0 && test(n, i);
}

function ownPredicate(step: SearchStep, index: SnapshotIndex, view: MergedView | null): Predicate {
  switch (step.kind) {
    case 'tag': return (n) => matchesIdentifier(n.tag, step.tag);
    case 'id': return (n) => matchesIdentifier(n.id, step.id);
    case 'text': return innermostText(index, step.text, step.exact);
    case 'desc': return (n) => matchesText(n.contentDescription, step.text, step.exact);
    case 'label': return (n) => labelsOf(n).some((l) => matchesText(l, step.text, step.exact));
    case 'placeholder': return (n) => matchesText(placeholderOf(n), step.text, step.exact);
    case 'altText': return (n) => matchesText(altTextOf(n), step.text, step.exact);
    case 'title': return (n) => matchesText(titleOf(n), step.text, step.exact);
    case 'testId': {
      const id = step.id;
      return (n) => testIdMatches(testIdOf(n), id);
    }
    case 'role': return rolePredicate(step, index, view);
    default: {
      // Unreachable from typed code; a selector built by hand in JS can still carry any kind.
      const kind = (step as { kind?: unknown }).kind;
      throw new TargetError('invalid_arguments', `unknown selector step kind ${JSON.stringify(kind) ?? String(kind)}`, {
        where: 'locator', hint: 'Build selectors with the locator API or parseLocator / locatorFromInput.',
      });
    }
  }
}

/** getByTestId's test: a string whole and case-sensitively, a RegExp as a text pattern. */
export function testIdMatches(value: string | null, id: TextPattern): boolean {
  return typeof id === 'string' ? matchesIdentifier(value, id) : matchesText(value, id);
}

/**
 * byText's test, Playwright's getByText rule (its injected script's `elementMatchesText`: a match is
 * 'self' only when no child matches too): a node matches when its text content — its own and its
 * descendants' text and editable text — matches, and no child's text content does. So the innermost
 * node holding the text is the one match: a text node nested in a text node of the same text (an
 * XCUITest TextView's value over its label) is one match, and a text split over several children is
 * found on the node that holds them all. On the web a text run (Chromium's StaticText, a DOM text
 * node) is part of its element's text, not an element: it is neither a match nor a child that
 * matches, so the element is the match, as in Playwright. Each node's children are read once per
 * scan (linear).
 */
function innermostText(index: SnapshotIndex, pattern: TextPattern, exact: boolean): Predicate {
  const test = subtreeTextTest(index, pattern, exact);
  const ends = index.ends;
  // Each node is asked as a candidate and again as its parent's child: answer once (a RegExp reads text).
  const known = new Int8Array(index.nodes.length);
  const matches = (i: number): boolean => (known[i] ||= test(i) ? 1 : -1) > 0;
  const nodes = index.nodes;
  const holdsAll = holdsAllText(index);
  return (n, i) => {
    if (isTextRun(n)) return false;
    // A child holding all of the node's text answers as the node does: the node is never the innermost
    // match, and a chain of wrappers around one text reads that text once, not once per wrapper.
    for (let c = i + 1; c < ends[i]!; c = ends[c]!) if (!isTextRun(nodes[c]!) && holdsAll(i, c)) return false;
    if (!matches(i)) return false;
    for (let c = i + 1; c < ends[i]!; c = ends[c]!) if (!isTextRun(nodes[c]!) && matches(c)) return false;
    return true;
  };
}

/**
 * A web page's text run: a DOM text node, which Chromium's accessibility tree gives a node of its own;
 * not one that stands for an element the tree leaves out (formats/cdp.ts `textElement`), which getByText
 * finds as Playwright finds that element.
 */
function isTextRun(n: Node): boolean {
  return n.kind === 'web' && n.rawRole === 'StaticText' && n.platform.textElement === undefined;
}

/**
 * byRole's test. A role is matched as people write it (docs/design.md §6): the normalised role (`Button`, or an
 * alias such as `EditText` → TextField), the full platform class (`android.widget.Button`,
 * `XCUIElementTypeButton`) or the short class name the outline prints (`View`, `TextView`; `Cell` for
 * XCUIElementTypeCell), all case-insensitively. A control that took its role from a merged role child
 * also answers to that child's class. getByRole's (`aria`) names are ARIA's, matched as roles/aria.ts says. Then (unless includeHidden) the node's own visibility, then each
 * registered option's test (vocabulary.ts).
 */
function rolePredicate(step: RoleStep, index: SnapshotIndex, view: MergedView | null): Predicate {
  const o = step.options;
  const nodes = index.nodes;
  const answers = roleAnswers(step);
  const tests = roleOptionTests(o);
  const c: RoleTestContext = { node: index.nodes[0]!, i: 0, index, options: o };
  const facts: RoleFacts = { kind: 'generic', role: null, rawRole: null };
  return (n, i) => {
    facts.kind = n.kind;
    facts.role = view ? view.roleAt(i) : n.role;
    facts.rawRole = n.rawRole;
    let hit = answers(facts);
    const child = hit || !view ? -1 : view.roleChild(i);
    if (child >= 0) {
      facts.rawRole = nodes[child]!.rawRole;
      hit = answers(facts);
    }
    if (!hit) return false;
    if (!o.includeHidden && !n.visible) return false;
    c.node = n;
    c.i = i;
    for (const test of tests) if (!test(c)) return false;
    return true;
  };
}

/**
 * Whether a node of these role facts answers to a role step's role (its options aside): byRole's
 * normalised role, alias or class names, case-insensitively; getByRole's ARIA names as roles/aria.ts
 * says. The role test of rolePredicate, and of a page checking a locator itself (devices/web.ts).
 */
export function roleAnswers(step: RoleStep): (facts: RoleFacts) => boolean {
  if (step.aria) return (f) => ariaRoleMatches(step.role, f);
  const wanted = step.role.toLowerCase();
  const alias = normaliseRole(step.role);
  const classMatches = (raw: string | null) => raw !== null && (raw.toLowerCase() === wanted || shortClassName(raw).toLowerCase() === wanted || appleTypeName(raw).toLowerCase() === wanted);
  return (f) => (f.role !== null && (f.role.toLowerCase() === wanted || f.role === alias)) || classMatches(f.rawRole);
}

/** Strict descendants of the context nodes; nested context nodes are not walked twice. */
function searchDescendants(index: SnapshotIndex, context: number[], test: Predicate): number[] {
  const out: number[] = [];
  let covered = -1; // nodes[.. covered) already scanned
  for (const c of [...context].sort((a, b) => a - b)) {
    const end = index.ends[c]!;
    scan(index, Math.max(c + 1, covered), end, test, out);
    covered = Math.max(covered, end);
  }
  return out;
}

function pickNth(orders: number[], i: number): number[] {
  const n = i < 0 ? orders[orders.length + i] : orders[i];
  return n === undefined ? [] : [n];
}

function applyFilter(snapshot: Snapshot, index: SnapshotIndex, orders: number[], o: FilterOptions): number[] {
  const reach = o.operable !== undefined ? analyzeReachability(snapshot) : null;
  const has = o.has ? descendantTest(snapshot, index, o.has) : null;
  const hasNot = o.hasNot ? descendantTest(snapshot, index, o.hasNot) : null;
  const hasText = o.hasText !== undefined ? textTest(index, orders, o.hasText) : null;
  const hasNotText = o.hasNotText !== undefined ? textTest(index, orders, o.hasNotText) : null;
  return orders.filter((i) => {
    const n = index.nodes[i]!;
    if (hasText && !hasText(i)) return false;
    if (hasNotText && hasNotText(i)) return false;
    if (o.visible !== undefined && index.facts.is(i, FACT.ON_SCREEN) !== o.visible) return false;
    if (o.operable !== undefined && (reach!.get(n).operable === true) !== o.operable) return false;
    if (has && !has(i)) return false;
    if (hasNot && hasNot(i)) return false;
    return true;
  });
}

/**
 * The text test for `hasText` / `hasNotText`. When the candidates' subtrees together hold no more
 * nodes than the capture (the usual case: rows, cells, buttons), each candidate's own text is read
 * directly — exact, and proportional to what the candidates hold. Only when they nest heavily (a
 * deep chain of containers) does it switch to the whole-capture index of text-filter.ts, which stays
 * linear there.
 */
function textTest(index: SnapshotIndex, orders: readonly number[], pattern: TextPattern): (i: number) => boolean {
  let held = 0;
  for (const i of orders) held += index.ends[i]! - i;
  if (held <= index.nodes.length) return (i) => matchesText(index.textContentAt(i), pattern);
  return textContentTest(index, pattern);
}

/**
 * `has` / `hasNot`: does the node have a strict descendant matching the inner locator, resolved
 * within that node (as Playwright does)? Without an nth step the inner matches do not depend on
 * the scope, so it is resolved once over the snapshot and each node asks whether one of those lies
 * in its subtree (a binary search over document order), which keeps the filter linear. (One
 * difference remains there: a chained inner search, byTag('a').byText('b'), also counts a 'b' under
 * an 'a' that is an ancestor of the candidate.) With an nth step, `nth` picks among the matches
 * inside each candidate, so the inner locator is resolved per candidate, within its subtree.
 */
function descendantTest(snapshot: Snapshot, index: SnapshotIndex, inner: Selector): (i: number) => boolean {
  if (inner.some((step) => step.kind === 'nth')) {
    return (i) => resolveOrders(snapshot, index, inner, i + 1, index.ends[i]!).length > 0;
  }
  const orders = resolveOrders(snapshot, index, inner).sort((a, b) => a - b);
  return (i) => {
    const start = i + 1;
    const end = index.ends[i]!;
    let lo = 0, hi = orders.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (orders[mid]! < start) lo = mid + 1; else hi = mid; }
    return lo < orders.length && orders[lo]! < end;
  };
}

/**
 * Visible as Playwright means it: the node has a non-empty on-screen box (a node scrolled out of
 * its container has empty clipped bounds) and neither it nor an ancestor is hidden (FACT.ON_SCREEN).
 * Without the snapshot only the node itself can be judged; pass it wherever it is at hand.
 */
export function isVisible(n: Node, snapshot?: Snapshot): boolean {
  if (!snapshot) return n.visible && n.bounds.width > 0 && n.bounds.height > 0;
  const index = indexSnapshot(snapshot);
  const i = index.order.get(n);
  // A node from another capture is judged alone, as without a snapshot.
  return i === undefined ? isVisible(n) : index.facts.is(i, FACT.ON_SCREEN);
}
