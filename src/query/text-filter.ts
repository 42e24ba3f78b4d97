import { isGeneratedContent, moreTextShown, shownAsOwnOnly } from '../facts/node-facts.js';
import type { SnapshotIndex } from './snapshot-index.js';
import { matchesText, normalizeWhitespace, type TextPattern } from './text.js';

/**
 * How much of a node's text content a RegExp `hasText` / `hasNotText` reads: the first 4,096
 * characters of the subtree's text (its parts joined by ' ', in document order, before whitespace
 * normalisation). A regex can look anywhere in (and anchor to the ends of) a node's whole text, so
 * it cannot be answered from per-node matches; capping what each candidate reads bounds a filter
 * over a deep tree at 4 KB per candidate instead of the whole subtree (quadratic). A row, cell or
 * dialog is far below the cap; a regex over a container holding more text sees only its start.
 * String patterns have no cap: they are answered exactly, in linear time.
 */
export const MAX_REGEX_TEXT = 4_096;

/**
 * The text parts (text, moreTextShown) of every node in document order, shared by every text
 * filter on one snapshot. `firstPart[i]` counts the parts of nodes before i (a prefix count), so
 * the parts of the subtree nodes[i, ends[i]) are parts[firstPart[i], firstPart[ends[i]]). Words a
 * node shows as its own only (shownAsOwnOnly: a web field's value) are not parts: `own` holds them by
 * node, and that node's text is read whole (subtreeText, withOwnText).
 */
interface TextParts {
  parts: string[];
  partNode: number[];
  firstPart: Int32Array;
  own: Map<number, string>;
  /** Lazily: every part joined by ' ', and each part's offset in it (one more entry: the length + 1). */
  raw?: { text: string; offset: Int32Array };
  /** Lazily: the normalised, lower-cased non-empty parts joined by ' ', and each part's offset in it. */
  folded?: { text: string; start: number[]; node: number[] };
  /** Lazily: the normalised non-empty parts (case kept) joined by ' ', for exact matching (normalised()). */
  normalised?: { text: string; start: number[]; end: number[]; firstPiece: Int32Array };
}

const cache = new WeakMap<SnapshotIndex, TextParts>();

function textParts(index: SnapshotIndex): TextParts {
  const hit = cache.get(index);
  if (hit) return hit;
  const n = index.nodes.length;
  const parts: string[] = [];
  const partNode: number[] = [];
  const firstPart = new Int32Array(n + 1);
  const own = new Map<number, string>();
  // Inside a generated box (its text is not the page's), up to where its subtree ends.
  let generatedTo = -1;
  for (let i = 0; i < n; i++) {
    firstPart[i] = parts.length;
    const m = index.nodes[i]!;
    if (i >= generatedTo && isGeneratedContent(m)) generatedTo = index.ends[i]!;
    if (i < generatedTo) continue;
    if (m.text) { parts.push(m.text); partNode.push(i); }
    const more = moreTextShown(m);
    if (more && shownAsOwnOnly(m)) own.set(i, more);
    else if (more) { parts.push(more); partNode.push(i); }
  }
  firstPart[n] = parts.length;
  const built: TextParts = { parts, partNode, firstPart, own };
  cache.set(index, built);
  return built;
}

/**
 * The normalised, lower-cased text of the whole snapshot. normalize(join(parts)).toLowerCase()
 * equals the non-empty normalised lower-cased parts joined by ' ', so a subtree's text is a
 * contiguous slice of this string, and a (trimmed) pattern occurs in the subtree's text iff it
 * occurs here with its first and last characters inside parts of that subtree.
 */
function folded(tp: TextParts): NonNullable<TextParts['folded']> {
  if (tp.folded) return tp.folded;
  const pieces: string[] = [];
  const start: number[] = [];
  const node: number[] = [];
  let offset = 0;
  for (let k = 0; k < tp.parts.length; k++) {
    const p = normalizeWhitespace(tp.parts[k]!).toLowerCase();
    if (!p) continue;
    if (pieces.length) offset++; // the ' ' separator
    pieces.push(p);
    start.push(offset);
    node.push(tp.partNode[k]!);
    offset += p.length;
  }
  tp.folded = { text: pieces.join(' '), start, node };
  return tp.folded;
}

/** The piece (index into start[]) holding character `at` of the folded text. */
function pieceAt(start: number[], at: number): number {
  let lo = 0, hi = start.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (start[mid]! <= at) lo = mid; else hi = mid - 1; }
  return lo;
}

/**
 * `filter({ hasText })`: does nodes[i]'s text content (its and its descendants' text and editable
 * text, like the DOM's textContent) match the pattern, as matchesText would?
 * Strings: one scan of the snapshot's folded text finds, per node, the nearest-ending occurrence
 * that starts in it; a reverse pass takes the minimum over each subtree; then each candidate is
 * answered in O(1) (an occurrence lies in the subtree iff it starts there and ends before ends[i]).
 * RegExps: the subtree's parts joined, capped at MAX_REGEX_TEXT characters.
 */
export function textContentTest(index: SnapshotIndex, pattern: TextPattern): (i: number) => boolean {
  return withOwnText(index, pattern, false, partsTextTest(index, pattern));
}

/** textContentTest over the parts alone (a node with words of its own only is answered by withOwnText). */
function partsTextTest(index: SnapshotIndex, pattern: TextPattern): (i: number) => boolean {
  const tp = textParts(index);
  if (pattern instanceof RegExp) {
    return (i) => matchesText(cappedText(tp, i, index.ends[i]!), pattern);
  }
  const needle = normalizeWhitespace(pattern).toLowerCase();
  if (!needle) return () => true; // '' is a substring of any text, even none
  const { text, start, node } = folded(tp);
  const n = index.nodes.length;
  const ends = index.ends;
  // minEnd[s]: the node holding the last character of the first occurrence starting in node s.
  const minEnd = new Int32Array(n).fill(n);
  for (let at = text.indexOf(needle); at >= 0;) {
    const first = pieceAt(start, at);
    const s = node[first]!;
    const e = node[pieceAt(start, at + needle.length - 1)]!;
    if (e < minEnd[s]!) minEnd[s] = e;
    // Later occurrences starting in node s end no earlier: resume at the next node's first piece.
    let next = first + 1;
    while (next < start.length && node[next] === s) next++;
    if (next >= start.length) break;
    at = text.indexOf(needle, Math.max(at + 1, start[next]!));
  }
  // subMin[i] = min of minEnd over nodes[i, ends[i]); children are i+1, ends[i+1], …
  const subMin = minEnd;
  for (let i = n - 1; i >= 0; i--) {
    for (let c = i + 1; c < ends[i]!; c = ends[c]!) if (subMin[c]! < subMin[i]!) subMin[i] = subMin[c]!;
  }
  return (i) => subMin[i]! < ends[i]!;
}

/**
 * Whether nodes[i]'s text content (its and its descendants' text and editable text, joined by ' ')
 * matches, as matchesText would read it: a string by substring (textContentTest) or, `exact`, whole
 * and case-sensitively; a RegExp over the first MAX_REGEX_TEXT characters. Exact strings compare one
 * slice of the snapshot's normalised text per node whose slice has the pattern's length.
 */
export function subtreeTextTest(index: SnapshotIndex, pattern: TextPattern, exact: boolean): (i: number) => boolean {
  return withOwnText(index, pattern, exact, partsSubtreeTest(index, pattern, exact));
}

/** subtreeTextTest over the parts alone (a node with words of its own only is answered by withOwnText). */
function partsSubtreeTest(index: SnapshotIndex, pattern: TextPattern, exact: boolean): (i: number) => boolean {
  if (pattern instanceof RegExp) {
    // A subtree with one text part (a text node, or the wrappers around one) reads it whole, as
    // matchesText reads a node's own text; only text joined from several parts is capped.
    const tp = textParts(index);
    const joined = partsTextTest(index, pattern);
    return (i) => {
      const a = tp.firstPart[i]!, b = tp.firstPart[index.ends[i]!]!;
      return b - a === 1 ? matchesText(tp.parts[a], pattern) : joined(i);
    };
  }
  if (!exact) return partsTextTest(index, pattern);
  const tp = textParts(index);
  const needle = normalizeWhitespace(pattern);
  const { text, start, end, firstPiece } = normalised(tp, index.nodes.length);
  return (i) => {
    const a = firstPiece[i]!, b = firstPiece[index.ends[i]!]!;
    if (a === b) return needle === '';
    const from = start[a]!, to = end[b - 1]!;
    return to - from === needle.length && text.startsWith(needle, from);
  };
}

/**
 * Whether descendant c's subtree holds every text part of nodes[i]'s subtree: then both have the same
 * text content, and one answers any pattern as the other does (no text has to be read to know it).
 */
export function holdsAllText(index: SnapshotIndex): (i: number, c: number) => boolean {
  const { firstPart, own } = textParts(index);
  const ends = index.ends;
  // A node with words of its own only reads apart from what holds it.
  return (i, c) => firstPart[i] === firstPart[c] && firstPart[ends[i]!] === firstPart[ends[c]!] && !own.has(i) && !own.has(c);
}

/**
 * `test` for every node but one with words of its own only (a web field's value), whose text (subtreeText)
 * is matched as matchesText reads it.
 */
function withOwnText(index: SnapshotIndex, pattern: TextPattern, exact: boolean, test: (i: number) => boolean): (i: number) => boolean {
  const { own } = textParts(index);
  if (own.size === 0) return test;
  return (i) => (own.has(i) ? matchesText(subtreeText(index, i), pattern, exact) : test(i));
}

/**
 * The non-empty normalised parts joined by ' ' (case kept), each one's start and end in it, and per
 * node the first of them at or after it: the parts of the subtree nodes[i, ends[i]) are
 * [firstPiece[i], firstPiece[ends[i]]), and their text is one slice, as normalize(textContent) reads.
 */
function normalised(tp: TextParts, n: number): { text: string; start: number[]; end: number[]; firstPiece: Int32Array } {
  if (tp.normalised) return tp.normalised;
  const pieces: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const firstPiece = new Int32Array(n + 1);
  let offset = 0, k = 0;
  for (let i = 0; i <= n; i++) {
    const stop = tp.firstPart[i]!;
    for (; k < stop; k++) {
      const p = normalizeWhitespace(tp.parts[k]!);
      if (!p) continue;
      if (pieces.length) offset++; // the ' ' separator
      pieces.push(p);
      start.push(offset);
      offset += p.length;
      end.push(offset);
    }
    firstPiece[i] = pieces.length;
  }
  tp.normalised = { text: pieces.join(' '), start, end, firstPiece };
  return tp.normalised;
}

/**
 * nodes[i]'s text content: its subtree's parts joined by ' ' (SnapshotIndex.textContent, what toHaveText
 * reads), after its words of its own only, where it has them.
 */
export function subtreeText(index: SnapshotIndex, i: number): string {
  const tp = textParts(index);
  const rest = joinedSlice(tp, i, index.ends[i]!, Infinity);
  const own = tp.own.get(i);
  return own === undefined ? rest : rest ? `${own} ${rest}` : own;
}

/** The subtree's parts joined by ' ', cut at MAX_REGEX_TEXT characters: a slice of the joined snapshot text. */
function cappedText(tp: TextParts, i: number, end: number): string {
  return joinedSlice(tp, i, end, MAX_REGEX_TEXT);
}

/** The parts of nodes [i, end) joined by ' ', at most `cap` characters: a slice of the snapshot's parts joined once. */
function joinedSlice(tp: TextParts, i: number, end: number, cap: number): string {
  if (!tp.raw) {
    const offset = new Int32Array(tp.parts.length + 1);
    for (let k = 0, at = 0; k <= tp.parts.length; k++) { offset[k] = at; at += (tp.parts[k]?.length ?? 0) + 1; }
    tp.raw = { text: tp.parts.join(' '), offset };
  }
  const { text, offset } = tp.raw;
  const from = offset[tp.firstPart[i]!]!;
  const to = Math.max(from, offset[tp.firstPart[end]!]! - 1); // without the separator after the last part
  return text.slice(from, Math.min(to, from + cap));
}
