/**
 * What the golden printer, its fast reader (golden-scan.ts) and the checked reader (golden.ts) share
 * (docs/design.md §9): the golden tree's types and the vocabulary a golden line may use — keys, flags,
 * toggles, actions, and how bounds and token lists are written — so the two readers cannot drift apart.
 */
import type { Node, Rect, Root } from '../model/schema.js';
import { ACTIONS, UnitSchema } from '../model/schema.js';
import { NODE_FLAGS, type OutlineDoc, type OutlineEntry, type OutlineRoot } from './outline-syntax.js';

export const GOLDEN_VERSION = 1;
export const GOLDEN_HEADER = `# treewright golden v${GOLDEN_VERSION}`;

/** One node line of a golden: an outline entry whose values are all plain strings. */
export interface GoldenNode extends OutlineEntry {
  head: string;
  text?: string;
  /** desc, input, hint, value, state, toggle, tag, then bounds, tokens, t.<facet>…, in print order. */
  attrs: Record<string, string>;
  children: readonly GoldenNode[];
  /** The node this entry was printed from (actual side) or built for (goldenSnapshot); undefined (or, from the checked reader, absent) otherwise. */
  node?: Node;
}

/**
 * A golden node line as the readers and the printer build it: one constructor for every entry (one
 * shape), and not an object literal, for the reason model/node.ts gives for nodes — V8 pretenures a
 * literal whose objects survive, and the young strings and attrs they point to then make every young
 * collection walk them. `node` is undefined on a parsed line.
 */
export class GoldenEntry implements GoldenNode {
  constructor(
    public head: string,
    public text: string | undefined,
    public attrs: Record<string, string>,
    public flags: readonly string[],
    public negFlags: readonly string[],
    public actions: readonly string[] | undefined,
    public children: readonly GoldenNode[],
    public line: number,
    public node: Node | undefined,
  ) {}
}

/** One window: its root line and its single node. */
export interface GoldenRoot extends OutlineRoot {
  rootId: string;
  label?: string;
  /** unit, density, offset. */
  attrs: Record<string, string>;
  /** Exactly one entry: the window's node. */
  children: readonly GoldenNode[];
  root?: Root;
}

/** A whole screen (roots) or one locator's subtree (entries, no root lines). */
export interface GoldenTree extends OutlineDoc {
  roots: GoldenRoot[];
  entries: GoldenNode[];
}

/** Attribute keys a golden node line may carry (besides t.<facet>). */
export const NODE_KEYS = new Set(['desc', 'input', 'hint', 'value', 'state', 'toggle', 'tag', 'bounds', 'tokens', 't']);
export const ROOT_KEYS = new Set(['unit', 'density', 'offset']);
/** Flags a golden prints: the outline's flags without the reachability ones, which are derived. */
export const GOLDEN_FLAGS_LIST: readonly string[] = NODE_FLAGS.filter((f) => f !== 'unhittable' && f !== 'not-operable');
export const GOLDEN_FLAGS = new Set<string>(GOLDEN_FLAGS_LIST);
const BOUNDS_RE = /^(-?\d+),(-?\d+),(\d+),(\d+)$/;
export const TOGGLES = new Set(['on', 'off', 'indeterminate']);

/** What both readers accept as a root line's value of `key` (unit, density or offset). */
export function validRootValue(key: string, v: string): boolean {
  switch (key) {
    case 'unit': return UnitSchema.safeParse(v).success;
    case 'density': return Number(v) > 0 && Number.isFinite(Number(v));
    case 'offset': return OFFSET_RE.test(v);
    default: return false;
  }
}
const OFFSET_RE = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/** What both readers accept as `tokens=`: names, or a JSON array string when a name holds a comma. */
export function validTokensValue(v: string): boolean {
  return v !== '' && (v.charCodeAt(0) !== 91 /* [ */ || parseTokens(v) !== null);
}
export const ACTION_SET = new Set<string>(ACTIONS);
/** The children of every leaf a golden reader or goldenTreeOf makes until its first child: frozen, so a push throws. */
export const NO_GOLDEN_CHILDREN: readonly GoldenNode[] = Object.freeze([]);

const int = (v: number) => Math.round(v) || 0; // `|| 0`: -0 prints as 0

export function formatBounds(b: Rect): string {
  // join makes one flat string; a template or `+` chain makes a tree of cons strings, which a golden of
  // 10⁵ nodes keeps alive and the collector copies (twice the time, measured).
  return [int(b.x), int(b.y), int(b.width), int(b.height)].join(',');
}

/** bounds=x,y,w,h back to numbers; null when it is not four integers (w, h ≥ 0). */
export function parseBounds(s: string): Rect | null {
  const v = SCRATCH;
  return readBounds(s, v) ? { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! } : null;
}

const SCRATCH = [0, 0, 0, 0];

/**
 * bounds=x,y,w,h into `out` (x, y, w, h); false when it is not four integers (w, h ≥ 0). Writing into
 * the caller's array lets a reader check every line's bounds without an object per node.
 */
export function readBounds(s: string, out: number[]): boolean {
  const end = readBoundsAt(s, 0, out);
  return end === s.length || (end === LONG && slowBounds(s, out));
}

/** readBoundsAt's answer for a number of more than 15 digits (read by the regex instead). */
export const LONG = -2;

/**
 * Four integers x,y,w,h (x and y may be negative) from t[at] into `out`: the index after the fourth,
 * -1 when they are not there, LONG for a number the hand scan would round (more than 15 digits). A
 * reader of a whole file uses it in place, without a slice per value.
 */
export function readBoundsAt(t: string, at: number, out: number[]): number {
  // By hand: every node of a golden (and of the diff's both sides) has bounds; the regex is the fallback
  // for the rare long numbers, where it reads what the hand scan would round differently.
  let i = at;
  for (let k = 0; k < 4; k++) {
    const neg = k < 2 && t.charCodeAt(i) === 45;
    if (neg) i++;
    const from = i;
    let n = 0;
    for (let c = t.charCodeAt(i); c >= 48 && c <= 57; c = t.charCodeAt(++i)) n = n * 10 + (c - 48);
    if (i === from) return -1;
    if (i - from > 15) return LONG;
    out[k] = neg ? -n : n;
    if (k < 3 && t.charCodeAt(i++) !== 44) return -1;
  }
  return i;
}

function slowBounds(s: string, out: number[]): boolean {
  const m = BOUNDS_RE.exec(s);
  if (!m) return false;
  for (let k = 0; k < 4; k++) out[k] = Number(m[k + 1]);
  return true;
}

export function formatTokens(tokens: readonly string[]): string {
  for (const t of tokens) if (t === '' || t.includes(',') || t[0] === '[') return JSON.stringify(tokens);
  return tokens.length === 1 ? tokens[0]! : tokens.join(',');
}

export function parseTokens(s: string): string[] | null {
  if (s[0] !== '[') return s.split(',');
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) && v.every((t) => typeof t === 'string') ? v : null;
  } catch {
    return null;
  }
}

export function parseFacets(s: string): Record<string, string> | null {
  try {
    const v: unknown = JSON.parse(s);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    return Object.values(v).every((x) => typeof x === 'string') ? (v as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The string seen before with the same characters (kept in `seen`, one map per tree built), or `v`. */
export function canonical(v: string, seen: Map<string, string>): string {
  const known = seen.get(v);
  if (known !== undefined) return known;
  seen.set(v, v);
  return v;
}
