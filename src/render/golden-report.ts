/**
 * A golden-tree failure as report data — both golden texts and the change list, each change tied to
 * its line on either side — and the side-by-side wireframes drawn from it (removed / changed / moved
 * nodes coloured on the golden's side, added / changed / moved on the actual side). Both sides are
 * rebuilt from their golden text (goldenSnapshot), so they are drawn from the same kind of data.
 */
import type { Change, ChangeKind, TreeDiff } from '../analysis/diff.js';
import { changeLine } from '../analysis/diff.js';
import { goldenSnapshot, parseGolden, type GoldenNode, type GoldenRoot, type GoldenTree } from '../outline/golden.js';
import { renderWireframe, type DiffMark } from './wireframe.js';

/** Golden texts longer than this are left out of a report (the matcher attaches the files themselves). */
export const MAX_GOLDEN_REPORT_CHARS = 512 * 1024;
export const MAX_GOLDEN_REPORT_CHANGES = 500;

export interface GoldenChange {
  kind: ChangeKind;
  /** The change as the matcher prints it (`+ …`, `- …`, `~ …`). */
  text: string;
  /** The node's line in the golden (removed, changed, moved); null for an added node. */
  expectedLine: number | null;
  /** The node's line in the actual tree's golden text (added, changed, moved); null for a removed node. */
  actualLine: number | null;
  /** added / removed: the lines of the node's subtree (it and its descendants, printed after it). */
  size?: number;
}

export interface GoldenReport {
  /** The baseline's file name and its path as shown to the user. */
  name: string;
  path: string;
  /** The golden file's text and the actual tree's; null when too large to carry. */
  expected: string | null;
  actual: string | null;
  changes: GoldenChange[];
  totalChanges: number;
  /** Why something was left out. */
  note?: string;
}

type Entry = GoldenNode | GoldenRoot;

/** Line of every entry of `tree` in `text` (the same tree printed): the two are walked side by side. */
function linesOf(tree: GoldenTree, text: string): Map<Entry, number> {
  const out = new Map<Entry, number>();
  let parsed: GoldenTree;
  try {
    parsed = parseGolden(text);
  } catch {
    return out;
  }
  const stack: Array<[Entry, Entry]> = [];
  tree.roots.forEach((r, i) => { const p = parsed.roots[i]; if (p) stack.push([r, p]); });
  tree.entries.forEach((e, i) => { const p = parsed.entries[i]; if (p) stack.push([e, p]); });
  while (stack.length) {
    const [a, p] = stack.pop()!;
    out.set(a, p.line);
    const ac = a.children as Entry[], pc = p.children as Entry[];
    for (let i = 0; i < ac.length && i < pc.length; i++) stack.push([ac[i]!, pc[i]!]);
  }
  return out;
}

/**
 * The report data of a failed golden comparison: the diff of `expected` (parsed from `expectedText`,
 * so its entries carry their file lines) against `actual`, whose golden text is `actualText`.
 */
export function goldenReport(meta: { name: string; path: string }, diff: TreeDiff, expectedText: string, actual: GoldenTree, actualText: string): GoldenReport {
  const tooBig = expectedText.length > MAX_GOLDEN_REPORT_CHARS || actualText.length > MAX_GOLDEN_REPORT_CHARS;
  const actualLines = tooBig ? new Map<Entry, number>() : linesOf(actual, actualText);
  const changes = diff.changes.slice(0, MAX_GOLDEN_REPORT_CHANGES).map((c: Change): GoldenChange => ({
    kind: c.kind,
    text: changeLine(c),
    expectedLine: c.kind !== 'added' && c.expected && c.expected.line > 0 ? c.expected.line : null,
    actualLine: c.kind !== 'removed' && c.actual ? actualLines.get(c.actual) ?? null : null,
    ...((c.kind === 'added' || c.kind === 'removed') && c.size !== undefined ? { size: c.size } : {}),
  }));
  const notes: string[] = [];
  if (tooBig) notes.push(`the golden texts are over ${MAX_GOLDEN_REPORT_CHARS / 1024} KiB and are left out; see the attached expected / actual files`);
  if (diff.changes.length > changes.length) notes.push(`${diff.changes.length - changes.length} more changes are left out`);
  return {
    name: meta.name,
    path: meta.path,
    expected: tooBig ? null : expectedText,
    actual: tooBig ? null : actualText,
    changes,
    totalChanges: diff.changes.length,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** One side's drawing: the golden text rebuilt as a snapshot, the changed lines' nodes marked. */
function side(text: string, marks: ReadonlyMap<number, DiffMark>, title: string, width: number | undefined): string | null {
  let tree: GoldenTree;
  try {
    tree = parseGolden(text);
  } catch {
    return null;
  }
  const snapshot = goldenSnapshot(tree, title);
  const diff = new Map<string, DiffMark>();
  const stack: Entry[] = [...tree.roots, ...tree.entries];
  while (stack.length) {
    const e = stack.pop()!;
    const mark = marks.get(e.line);
    // A window's own line marks the window's node.
    const node = 'rootId' in e ? e.children[0]?.node : e.node;
    if (mark && node) diff.set(node.id, mark);
    for (const c of e.children as Entry[]) stack.push(c);
  }
  return renderWireframe(snapshot, { diff, title, ...(width !== undefined ? { width } : {}) });
}

/** The side-by-side pair: the golden (removed / changed / moved marked) and the actual tree (added / changed / moved). */
export function goldenWireframes(g: GoldenReport, opts: { width?: number } = {}): { expected: string; actual: string } | null {
  if (g.expected === null || g.actual === null) return null;
  const left = new Map<number, DiffMark>(), right = new Map<number, DiffMark>();
  for (const c of g.changes) {
    if (c.expectedLine !== null) left.set(c.expectedLine, c.kind);
    if (c.actualLine !== null) right.set(c.actualLine, c.kind);
  }
  const expected = side(g.expected, left, `golden ${g.name}`, opts.width);
  const actual = side(g.actual, right, `actual (${g.name})`, opts.width);
  return expected !== null && actual !== null ? { expected, actual } : null;
}
