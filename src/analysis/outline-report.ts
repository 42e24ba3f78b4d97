/**
 * What toMatchOutline shows: the scope's outline in the template's own form, trimmed to the region that
 * matched or came nearest. When nothing matches, each template line is paired with the node most like it
 * (a weighted in-order alignment, so `- Switch "Wi-Fi" toggle=on` sits next to the Wi-Fi switch that is
 * off) and the region is the node whose children best take the top-level lines.
 */
import type { Node, Root } from '../model/schema.js';
import type { OutlineDoc, OutlineEntry, OutlineRoot } from '../outline/outline-syntax.js';
import { formatEntryLine, formatRootLine } from '../outline/outline-syntax.js';
import { formatOutline } from '../outline/outline.js';
import type { LineReader } from './outline-lines.js';
import { CONTAIN, listMode, type ExactMatcher, type ListMode } from './outline-exact.js';

/** A near miss scores below 1, so an exact match always wins the alignment. */
const NEAR = 0.999;
/**
 * Levels below a pair that its nearness looks at. Each level of the region is re-aligned when it is
 * written, so this only bounds how far ahead a choice looks; it keeps a deep template against a deep
 * tree linear instead of trying every offset to full depth.
 */
const LOOKAHEAD = 4;
const EPS = 1e-9;
/** Unmatched siblings shown either side of a paired node; the rest fold into `… N more`. */
const CONTEXT = 3;
/** The received outline is cut here (or at twice the template's size, if more). */
const MAX_RECEIVED_LINES = 400;

export interface ReportInput {
  doc: OutlineDoc;
  exact: ExactMatcher;
  lines: LineReader;
  /** The scope's top nodes (children of the virtual parent). */
  top: readonly Node[];
  roots: readonly Root[];
  pass: boolean;
  /** When it passed without root lines: where. */
  anchor: Node | null | undefined;
  /** When it passed with root lines: template root i → window rootsTaken[i]. */
  rootsTaken: number[] | null;
  minLines: number;
}

export interface Report {
  /** The received outline, template-like. */
  lines: string[];
  /** The template against it, `- ` / `+ ` / `  ` prefixed. */
  diff: string[];
  anchor: Node | null;
  matchedLines: number;
}

interface Alignment {
  score: number;
  /** [entry index, node index], in order. */
  pairs: Array<[number, number]>;
}

/** How close an entry comes to a node: 1 for a match, else the share of its line and children that hold (< 1). */
class Nearness {
  /** memo[deep][ahead]. */
  private readonly memo = [0, 1].map(() => Array.from({ length: LOOKAHEAD + 1 }, () => new Map<OutlineEntry, Map<Node, number>>()));
  private readonly rootMemo = new Map<OutlineRoot, Map<Root, number>>();

  constructor(private readonly exact: ExactMatcher, private readonly lines: LineReader) {}

  score(e: OutlineEntry, node: Node, deep: boolean, ahead: number): number {
    if (this.exact.matches(e, node, deep)) return 1;
    const table = this.memo[deep ? 1 : 0]![ahead]!;
    let m = table.get(e);
    if (!m) table.set(e, (m = new Map()));
    const known = m.get(node);
    if (known !== undefined) return known;
    const t = this.lines.tally(e, node);
    let s = t.ok / t.total;
    const below = ahead > 0 ? e.children.length : 0;
    if (below) s += this.align(e.children, this.lines.children(node), listMode(e.childrenMode, deep), false, ahead - 1).score;
    s = (NEAR * s) / (1 + below);
    m.set(node, s);
    return s;
  }

  /**
   * The in-order pairing of entries with nodes that maximises the summed nearness (a weighted LCS), earliest
   * nodes first among equals. Suffix table so the forward walk can prefer the earliest pairing.
   */
  align(entries: readonly OutlineEntry[], nodes: readonly Node[], mode: ListMode, withPairs: boolean, ahead = LOOKAHEAD): Alignment {
    const m = entries.length, k = nodes.length;
    if (m === 0 || k === 0) return { score: 0, pairs: [] };
    const deep = mode.kind === 'equal' && mode.deep;
    return weightedLcs(m, k, (i, j) => this.score(entries[i]!, nodes[j]!, deep, ahead), withPairs);
  }

  /** The node whose children come nearest to taking the entries (null = the virtual parent of `top`); iterative. */
  bestAnchor(top: readonly Node[], entries: readonly OutlineEntry[], mode: ListMode): { anchor: Node | null; score: number } {
    let best = { anchor: null as Node | null, score: this.align(entries, top, mode, false).score };
    if (mode.kind !== 'contain') return best;
    const stack: Node[] = [];
    for (let i = top.length - 1; i >= 0; i--) stack.push(top[i]!);
    while (stack.length) {
      const node = stack.pop()!;
      const children = this.lines.children(node);
      if (children.length) {
        const s = this.align(entries, children, mode, false).score;
        if (s > best.score + EPS) best = { anchor: node, score: s };
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    return best;
  }

  rootScore(t: OutlineRoot, root: Root): number {
    if (this.exact.rootAnchor(t, root) !== false) return 1;
    let m = this.rootMemo.get(t);
    if (!m) this.rootMemo.set(t, (m = new Map()));
    const known = m.get(root);
    if (known !== undefined) return known;
    const tally = this.lines.rootTally(t, root);
    const inside = t.children.length ? this.bestAnchor([root.node], t.children, listMode(t.childrenMode, false)).score : 0;
    const s = (NEAR * (tally.ok / tally.total + inside)) / (1 + t.children.length);
    m.set(root, s);
    return s;
  }

  alignRoots(templates: readonly OutlineRoot[], roots: readonly Root[]): Array<[number, number]> {
    // Windows are few: the same weighted LCS, over root lines.
    return weightedLcs(templates.length, roots.length, (i, j) => this.rootScore(templates[i]!, roots[j]!), true).pairs;
  }
}

/**
 * The in-order pairing of m entries with k items that maximises the summed similarity `sim(i, j)`
 * (a weighted LCS; similarity 0 never pairs), earliest items first among equals: a suffix table, so
 * the forward walk can prefer the earliest pairing. Pairs only when asked (scores need none).
 */
function weightedLcs(m: number, k: number, similarity: (i: number, j: number) => number, withPairs: boolean): Alignment {
  if (m === 0 || k === 0) return { score: 0, pairs: [] };
  const W = k + 1;
  const best = new Float64Array((m + 1) * W);
  const sim = new Float64Array(m * k);
  for (let i = m - 1; i >= 0; i--) {
    for (let j = k - 1; j >= 0; j--) {
      const s = similarity(i, j);
      sim[i * k + j] = s;
      best[i * W + j] = Math.max(s > 0 ? s + best[(i + 1) * W + j + 1]! : 0, best[i * W + j + 1]!, best[(i + 1) * W + j]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  if (withPairs) {
    let i = 0, j = 0;
    while (i < m && j < k) {
      const s = sim[i * k + j]!;
      const here = best[i * W + j]!;
      if (s > 0 && Math.abs(s + best[(i + 1) * W + j + 1]! - here) < EPS) pairs.push([i++, j++]);
      else if (Math.abs(best[i * W + j + 1]! - here) < EPS) j++;
      else i++;
    }
  }
  return { score: best[0]!, pairs };
}

/**
 * Writes the received outline, template-like, level by level (recursion follows the template's depth),
 * and beside it the diff: a paired line is context when it prints as the template line, else `-` template
 * line then `+` received line; unpaired nodes are `+`, unpaired template lines (with their children) `-`.
 */
class Writer {
  readonly out: string[] = [];
  readonly diff: string[] = [];
  matchedLines = 0;
  private readonly indents: string[] = [''];
  private cutOut = false;
  private cutDiff = false;

  constructor(
    private readonly exact: ExactMatcher,
    private readonly lines: LineReader,
    private readonly near: Nearness,
    private readonly cap: number,
  ) {}

  private indent(depth: number): string {
    while (this.indents.length <= depth) this.indents.push(this.indents[this.indents.length - 1]! + '  ');
    return this.indents[depth]!;
  }

  private received(line: string): void {
    if (this.out.length < this.cap) this.out.push(line);
    else if (!this.cutOut) {
      this.cutOut = true;
      this.out.push(`… (received outline cut at ${this.cap} lines)`);
    }
  }

  private op(op: ' ' | '-' | '+', line: string): void {
    if (this.diff.length < this.cap) this.diff.push(`${op} ${line}`);
    else if (!this.cutDiff) {
      this.cutDiff = true;
      this.diff.push(`  … (diff cut at ${this.cap} lines)`);
    }
  }

  /** A line only the received side has. */
  added(line: string): void {
    this.received(line);
    this.op('+', line);
  }

  /** A line both sides have; `want` is how the template writes it. */
  paired(want: string, got: string): void {
    this.received(got);
    if (want === got) this.op(' ', got);
    else {
      this.op('-', want);
      this.op('+', got);
    }
  }

  /** A template line (and everything under it) that nothing was paired with. */
  private removed(text: string, depth: number): void {
    const pad = this.indent(depth);
    for (const line of text.replace(/\n$/, '').split('\n')) this.op('-', pad + line);
  }

  /**
   * One sibling list. Under a pair that matched, only the nodes the template took are shown (the rest
   * are allowed, and only noise); elsewhere the unpaired siblings near a paired node are shown too, so
   * the reader sees what is there instead, and longer runs fold into `… N more`.
   */
  level(entries: readonly OutlineEntry[], nodes: readonly Node[], mode: ListMode, depth: number, matched: boolean): void {
    let pairs: Array<[number, number]>;
    if (matched) pairs = this.exact.assign(entries, nodes, mode)!.map((j, i): [number, number] => [i, j]);
    else pairs = this.near.align(entries, nodes, mode, true).pairs;
    const entryAt = new Map<number, number>();
    for (const [i, j] of pairs) entryAt.set(j, i);
    const show = new Uint8Array(nodes.length);
    if (!matched) {
      if (pairs.length === 0) show.fill(1, 0, Math.min(nodes.length, 2 * CONTEXT));
      for (const [, j] of pairs) show.fill(1, Math.max(0, j - CONTEXT), Math.min(nodes.length, j + CONTEXT + 1));
    }
    const pad = this.indent(depth);
    const deep = mode.kind === 'equal' && mode.deep;
    let hidden = 0;
    let nextEntry = 0;
    const flushHidden = () => {
      if (hidden && !matched) this.added(`${pad}… ${hidden} more`);
      hidden = 0;
    };
    const flushEntries = (upTo: number) => {
      for (; nextEntry < upTo; nextEntry++) this.removed(formatOutline({ roots: [], entries: [entries[nextEntry]!] }), depth);
    };
    for (let j = 0; j < nodes.length; j++) {
      const node = nodes[j]!;
      const i = entryAt.get(j);
      if (i === undefined) {
        if (show[j]) {
          flushHidden();
          this.added(`${pad}- ${formatEntryLine(this.lines.plain(node))}`);
        } else hidden++;
        continue;
      }
      flushHidden();
      flushEntries(i);
      nextEntry = i + 1;
      const e = entries[i]!;
      this.paired(`${pad}- ${formatEntryLine(e)}`, `${pad}- ${formatEntryLine(this.lines.templateLike(e, node))}`);
      if (this.lines.lineMatches(e, node)) this.matchedLines++;
      if (e.childrenMode !== undefined) {
        const d = `${this.indent(depth + 1)}- /children: ${e.childrenMode}`;
        this.paired(d, d);
      }
      const below = listMode(e.childrenMode, deep);
      if (e.children.length || below.kind === 'equal') this.level(e.children, this.lines.children(node), below, depth + 1, this.exact.matches(e, node, deep));
    }
    flushHidden();
    flushEntries(entries.length);
  }

  /** A window's line, its /children line, and its region (its node, or the node whose children take its lines). */
  window(t: OutlineRoot, root: Root): void {
    this.paired(formatRootLine(t), formatRootLine(this.lines.rootTemplateLike(t, root)));
    if (this.lines.rootLineMatches(t, root)) this.matchedLines++;
    if (t.childrenMode !== undefined) this.paired(`- /children: ${t.childrenMode}`, `- /children: ${t.childrenMode}`);
    if (!t.children.length && t.childrenMode === undefined) return;
    const mode = listMode(t.childrenMode, false);
    const a = this.exact.rootAnchor(t, root);
    if (a !== false) this.level(t.children, a ? this.lines.children(a) : [root.node], mode, 0, true);
    else {
      const best = this.near.bestAnchor([root.node], t.children, mode);
      this.level(t.children, best.anchor ? this.lines.children(best.anchor) : [root.node], mode, 0, false);
    }
  }

  /** A template window nothing was paired with, with its lines. */
  missingWindow(t: OutlineRoot): void {
    this.removed(formatOutline({ roots: [t], entries: [] }), 0);
  }
}

export function buildReport(input: ReportInput): Report {
  const { doc, exact, lines, pass } = input;
  const near = new Nearness(exact, lines);
  const w = new Writer(exact, lines, near, Math.max(MAX_RECEIVED_LINES, input.minLines));
  let anchor: Node | null = null;
  if (doc.roots.length) {
    const pairs = pass ? input.rootsTaken!.map((j, i): [number, number] => [i, j]) : near.alignRoots(doc.roots, input.roots);
    const templateAt = new Map<number, number>();
    for (const [i, j] of pairs) templateAt.set(j, i);
    let nextTemplate = 0;
    input.roots.forEach((root, j) => {
      const i = templateAt.get(j);
      if (i === undefined) {
        if (!pass) w.added(formatRootLine(lines.rootPlain(root)));
        return;
      }
      while (nextTemplate < i) w.missingWindow(doc.roots[nextTemplate++]!);
      nextTemplate = i + 1;
      w.window(doc.roots[i]!, root);
    });
    while (nextTemplate < doc.roots.length) w.missingWindow(doc.roots[nextTemplate++]!);
  } else if (pass) {
    anchor = input.anchor ?? null;
    w.level(doc.entries, anchor ? lines.children(anchor) : input.top, CONTAIN, 0, true);
  } else {
    anchor = near.bestAnchor(input.top, doc.entries, CONTAIN).anchor;
    w.level(doc.entries, anchor ? lines.children(anchor) : input.top, CONTAIN, 0, false);
  }
  return { lines: w.out, diff: w.diff, anchor, matchedLines: w.matchedLines };
}
