/**
 * toMatchOutline's engine: does an outline template (docs/design.md §9; grammar at the top of
 * outline/outline-parse.ts) describe part of a screen? The semantics are Playwright's toMatchAriaSnapshot's:
 *
 * - A line constrains only what it writes: omitted attributes, flags and children match anything. Values
 *   compare whole and case-sensitively after whitespace normalisation; a /regex/ searches (outline-lines.ts).
 * - A line's template children match the node's *direct* children: as an in-order subsequence by default
 *   (`contain`), exactly and in order (`/children: equal`), or exactly all the way down (`deep-equal`; a
 *   mode written lower down wins, as in Playwright).
 * - The top-level lines match as an in-order subsequence of the children of any one node in the scope, at
 *   any depth. The scope's own node counts as a child of a virtual parent, so — as Playwright renders
 *   `- banner:` for getByRole('banner') — the first line may be the locator's node itself, or describe any
 *   of its descendants. For a device the virtual parent's children are the windows' nodes.
 * - Root lines (device only) match windows as an in-order subsequence; each root's lines are then found
 *   within its window the same way (or against its node exactly, under `/children: equal`).
 *
 * Which node an entry takes needs search, not a greedy commitment: the first node whose line matches may
 * fail on its children while a later one succeeds, so every candidate is tried with its whole subtree.
 * Among siblings the earliest full match is taken: an entry's test does not depend on which node the
 * previous entry took, so earliest-first loses no solution. (entry, node) verdicts are memoised, so the
 * work is O(template lines × nodes) at worst. Recursion follows the template (capped at MAX_TEMPLATE_DEPTH);
 * the search over the tree is iterative.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { TargetError } from '../errors.js';
import type { OutlineDoc, OutlineEntry } from '../outline/outline-syntax.js';
import { formatOutline } from '../outline/outline.js';
import { analyzeReachability } from '../facts/reachability.js';
import { LineReader } from './outline-lines.js';
import { CONTAIN, ExactMatcher, listMode, PRUNE_HEIGHT } from './outline-exact.js';
import { prepareTemplate } from './outline-template.js';
import { buildReport } from './outline-report.js';

export interface OutlineMatchOptions {
  /** Match within this node's subtree (a locator's node, which may itself be the first line); default: the whole screen. */
  within?: Node;
  /** Names the template in errors. Default 'template'. */
  where?: string;
  /** false: match the raw tree (role children of Compose controls as nodes of their own). Default true: the merged view, as the outline prints it. */
  merged?: boolean;
}

export interface OutlineMatch {
  pass: boolean;
  /** When it passes: every template entry → the node it matched. */
  matched?: Map<OutlineEntry, Node>;
  /**
   * The scope's outline in the template's form, trimmed to the region that matched (or came nearest):
   * the children of `anchor`, lines the template wrote printed in its own words where they hold.
   */
  received: string;
  /** Unified-style diff of the template (`- `) against `received` (`+ `); context lines start with two spaces. '' when it passes. */
  diff: string;
  /** The template in canonical form (what the diff's `-` side is made of). */
  expected: string;
  /** The node whose children the top-level lines were matched against; null = the scope itself (its node, or the windows). */
  anchor: Node | null;
  /** Template lines (node and root lines) and how many of them held in the match or nearest match. */
  templateLines: number;
  matchedLines: number;
}

/**
 * Matches an outline template against a snapshot (the whole screen, or `within` a node's subtree).
 * Throws FormatError for a malformed template (naming `where` and the line) and TargetError when a
 * template with root lines is matched within a node.
 */
export function matchOutline(template: OutlineDoc | string, snapshot: Snapshot, opts: OutlineMatchOptions = {}): OutlineMatch {
  const t = prepareTemplate(template, opts.where ?? 'template');
  const { doc } = t;
  if (opts.within && doc.roots.length) {
    throw new TargetError('invalid_arguments', 'the template has root lines, which describe whole windows, but it is matched within one node', {
      where: t.where,
      line: doc.roots[0]!.line,
      hint: 'Match it against the device (expect(device).toMatchOutline(…)), or drop the root lines and describe the node and its descendants.',
    });
  }
  const lines = new LineReader(t.needsReach ? analyzeReachability(snapshot) : undefined, snapshot, opts.merged !== false);
  const exact = new ExactMatcher(lines);
  const top = opts.within ? [opts.within] : snapshot.roots.map((r) => r.node);
  if (t.height >= PRUNE_HEIGHT) exact.pruneByHeight(top, [...doc.entries, ...doc.roots.flatMap((r) => r.children)]);

  let pass: boolean;
  let anchor: Node | null | undefined;
  let rootsTaken: number[] | null = null;
  const matched = new Map<OutlineEntry, Node>();
  if (doc.roots.length) {
    rootsTaken = exact.assignRoots(doc.roots, snapshot.roots);
    pass = rootsTaken !== null;
    rootsTaken?.forEach((j, i) => {
      const t = doc.roots[i]!;
      const root = snapshot.roots[j]!;
      const a = exact.rootAnchor(t, root) as Node | null;
      exact.collect(t.children, a ? lines.children(a) : [root.node], listMode(t.childrenMode, false), matched);
    });
  } else {
    anchor = exact.findAnchor(top, doc.entries, CONTAIN);
    pass = anchor !== undefined;
    if (pass) exact.collect(doc.entries, anchor ? lines.children(anchor) : top, CONTAIN, matched);
  }

  const report = buildReport({ doc, exact, lines, top, roots: snapshot.roots, pass, anchor, rootsTaken, minLines: 2 * t.lines });
  return {
    pass,
    ...(pass ? { matched } : {}),
    received: report.lines.join('\n'),
    diff: pass ? '' : report.diff.join('\n'),
    expected: formatOutline(doc),
    anchor: report.anchor,
    templateLines: t.lines,
    matchedLines: report.matchedLines,
  };
}
