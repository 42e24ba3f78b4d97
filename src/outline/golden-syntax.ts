/**
 * The golden tree's types and the vocabulary a golden line may use — keys, flags, toggles, actions, and
 * how bounds and token lists are written — shared by the golden printer and reader (golden.ts) and the
 * tree diff (docs/design.md §9).
 */
import type { Node, Rect, Root } from '../model/schema.js';
import { ACTIONS, UnitSchema } from '../model/schema.js';
import { NODE_FLAGS, type OutlineDoc, type OutlineEntry, type OutlineRoot, type OutlineVocabulary } from './outline-syntax.js';

export const GOLDEN_VERSION = 1;
export const GOLDEN_HEADER = `# treewright golden v${GOLDEN_VERSION}`;

/** One node line of a golden: an outline entry whose values are all plain strings. */
export interface GoldenNode extends OutlineEntry {
  head: string;
  text?: string;
  /** desc, input, hint, value, state, toggle, tag, then bounds, tokens, t.<facet>…, in print order. */
  attrs: Record<string, string>;
  children: readonly GoldenNode[];
  /** The node this entry was printed from (actual side) or built for (goldenSnapshot); absent on a line just read. */
  node?: Node;
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
export const TOGGLES = new Set(['on', 'off', 'indeterminate']);

/** Whether a golden node line may carry `key`: one of NODE_KEYS or a t.<facet>. */
export function isNodeKey(key: string): boolean {
  return NODE_KEYS.has(key) || key.startsWith('t.');
}

/** What a golden node line accepts as the value of `key` (bounds, toggle, tokens, t; any other: anything). */
export function validNodeValue(key: string, v: string): boolean {
  switch (key) {
    case 'bounds': return readBounds(v, BOUNDS_SCRATCH);
    case 'toggle': return TOGGLES.has(v);
    case 'tokens': return validTokensValue(v);
    case 't': return parseFacets(v) !== null;
    default: return true;
  }
}
/** Where validNodeValue reads bounds it only checks. */
const BOUNDS_SCRATCH = [0, 0, 0, 0];

/**
 * A golden node line's vocabulary, asked by the outline parser as it reads each line (OutlineVocabulary):
 * the same rules golden.ts's checks apply, which explain a line that does not fit.
 */
export const GOLDEN_VOCABULARY: OutlineVocabulary = {
  key: isNodeKey,
  value: validNodeValue,
  flag: (flag) => GOLDEN_FLAGS.has(flag),
  actions: (actions) => {
    for (const a of actions) if (!ACTION_SET.has(a)) return false;
    return true;
  },
};

/** What both readers accept as a root line's value of `key` (unit, density or offset). */
export function validRootValue(key: string, v: string): boolean {
  switch (key) {
    case 'unit': return UnitSchema.safeParse(v).success;
    case 'density': return Number(v) > 0 && Number.isFinite(Number(v));
    case 'offset': return OFFSET_RE.test(v) && v.split(',').every((n) => Number.isFinite(Number(n)));
    default: return false;
  }
}
const OFFSET_RE = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/** What both readers accept as `tokens=`: names, or a JSON array string when a name holds a comma. */
export function validTokensValue(v: string): boolean {
  return v !== '' && (v.charCodeAt(0) !== 91 /* [ */ || parseTokens(v) !== null);
}
export const ACTION_SET = new Set<string>(ACTIONS);

const int = (v: number) => plainNumber(Math.round(v) || 0); // `|| 0`: -0 prints as 0

export function formatBounds(b: Rect): string {
  return `${int(b.x)},${int(b.y)},${int(b.width)},${int(b.height)}`;
}

/**
 * A finite number in plain decimal digits, never in exponent form (`1e+21` → `1000000000000000000000`,
 * `1e-7` → `0.0000001`): the golden grammar reads digits only, so what is written is read back as
 * the same number (the digits are JavaScript's shortest round-trip ones, only placed).
 */
export function plainNumber(v: number): string {
  const s = String(v);
  const e = s.indexOf('e');
  if (e === -1) return s;
  const neg = s[0] === '-';
  const mantissa = s.slice(neg ? 1 : 0, e);
  const exp = Number(s.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot === -1 ? mantissa.length : dot) + exp; // where the decimal point falls in `digits`
  const body = point >= digits.length ? digits + '0'.repeat(point - digits.length)
    : point <= 0 ? `0.${'0'.repeat(-point)}${digits}`
    : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return neg ? `-${body}` : body;
}

/** bounds=x,y,w,h back to numbers; null when it is not four integers (w, h ≥ 0). */
export function parseBounds(s: string): Rect | null {
  const v = [0, 0, 0, 0];
  return readBounds(s, v) ? { x: v[0]!, y: v[1]!, width: v[2]!, height: v[3]! } : null;
}

/**
 * bounds=x,y,w,h into `out` (x, y, w, h); false when it is not four integers (w, h ≥ 0: `-?\d+,-?\d+,\d+,\d+`)
 * a number can hold. One scan, no match object: every node line of a golden has one.
 */
export function readBounds(s: string, out: number[]): boolean {
  const n = s.length;
  let i = 0;
  for (let k = 0; k < 4; k++) {
    if (k > 0) {
      if (s.charCodeAt(i) !== 44 /* , */) return false;
      i++;
    }
    const neg = k < 2 && s.charCodeAt(i) === 45; /* - */
    if (neg) i++;
    const start = i;
    let v = 0;
    for (let c = s.charCodeAt(i); c >= 48 && c <= 57; c = s.charCodeAt(++i)) v = v * 10 + (c - 48);
    if (i === start) return false;
    // Up to 15 digits the sum is exact; longer runs are read as Number() reads them, and more digits
    // than a double holds are Infinity: refused, never stored.
    if (i - start > 15) {
      v = Number(s.slice(start, i));
      if (!Number.isFinite(v)) return false;
    }
    out[k] = neg ? -v : v;
  }
  return i === n;
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
