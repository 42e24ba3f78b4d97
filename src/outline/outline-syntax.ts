/**
 * What the outline printer (outline.ts) and parser (outline-parse.ts) share: the parsed types and the
 * lexical rules (when a value may stay bare, how it is quoted), so the two cannot drift apart.
 * The grammar itself is documented at the top of outline-parse.ts.
 */

/**
 * The empty flag list, shared and frozen: most lines (parsed or printed) set no flag, and none a negated
 * one, so they get no arrays of their own.
 */
export const NO_FLAGS: readonly string[] = Object.freeze([]);

/** The empty list of children, shared and frozen: most parsed lines are leaves. */
export const NO_CHILDREN: readonly OutlineEntry[] = Object.freeze([]);

/** A value on a line: a string, or (in templates) a regex literal such as `/Wi-?Fi/i`. */
export type OutlineValue = string | RegExp;

/**
 * What one node line says. The printer produces these from a node (`outlineFields`), the parser from a
 * line; a matcher compares a template's fields with a node's.
 */
export interface OutlineFields {
  /** Normalised role, else the raw class's short name, else `node`. */
  head: OutlineValue;
  id?: string;
  text?: OutlineValue;
  /** Every `key=value` but actions= and tap=, in line order (desc, input, hint, value, state, toggle, tag, …). */
  attrs: Record<string, OutlineValue>;
  /** Flags that are set, e.g. `clickable`, `disabled`, `unhittable`. */
  flags: readonly string[];
  /** Template only: `[!disabled]` — the flag must not be set. */
  negFlags: readonly string[];
  actions?: readonly string[];
  tap?: { x: number; y: number };
}

/**
 * How a template node's children match (Playwright's aria-snapshot vocabulary): `contain` (the default)
 * = the template children appear, in order, among the node's children; `equal` = exactly these children;
 * `deep-equal` = `equal` at every level below.
 */
export type ChildrenMode = 'contain' | 'equal' | 'deep-equal';
export const CHILDREN_MODES: readonly ChildrenMode[] = ['contain', 'equal', 'deep-equal'];

export interface OutlineEntry extends OutlineFields {
  children: readonly OutlineEntry[];
  /** Set by a `- /children: …` line; absent means `contain`. */
  childrenMode?: ChildrenMode;
  /** 1-based line in the parsed text (0 for entries built by the printer). */
  line: number;
}

export interface OutlineRootFields {
  rootId: OutlineValue;
  label?: OutlineValue;
  /** unit=, density=, offset= and anything else. */
  attrs: Record<string, OutlineValue>;
  /** `modal` for a touch-modal window. */
  flags: readonly string[];
  negFlags: readonly string[];
}

export interface OutlineRoot extends OutlineRootFields {
  /** The root's node lines (one, for a printed snapshot). */
  children: readonly OutlineEntry[];
  childrenMode?: ChildrenMode;
  line: number;
}

export interface OutlineDoc {
  roots: OutlineRoot[];
  /** Top-level node lines of a document without root lines (templates often omit them). */
  entries: OutlineEntry[];
}

/**
 * What a reader with a narrower vocabulary than templates (golden files) accepts on node lines, asked
 * while each line is read. The parser (outline-parse.ts) only records whether every node line fit
 * (`readOutline`'s `fits`); explaining a misfit, with its line and column, is the reader's own check.
 * Never fitting: a regex anywhere on a node line, an #id, tap=, a negated flag, a /children line.
 */
export interface OutlineVocabulary {
  key(key: string): boolean;
  value(key: string, value: string): boolean;
  flag(flag: string): boolean;
  actions(actions: readonly string[]): boolean;
}

/** Node flags the printer emits, in print order. Templates may name any flag-shaped token. */
export const NODE_FLAGS = [
  'clickable', 'long-clickable', 'scrollable', 'editable', 'focusable', 'focused', 'selected',
  'disabled', 'invisible', 'password', 'heading', 'unhittable', 'not-operable',
] as const;
export const ROOT_FLAGS = ['modal'] as const;

/** `[…]` flag token: letters, digits and hyphens, optionally negated with `!`. */
export const FLAG_RE = /^(!?)([A-Za-z][A-Za-z0-9-]*)$/;
/**
 * Attribute key. A leading letter keeps `__proto__` out (assigning it would replace the attrs
 * record's prototype); other Object.prototype names (`constructor`, `toString`) are legal keys,
 * so code reading attrs tests presence with Object.hasOwn, never `attrs[key] !== undefined`.
 */
export const KEY_RE = /^[A-Za-z][A-Za-z0-9_.-]*$/;

// Characters that must never appear in a bare token: whitespace (any Unicode space, incl. U+2028/9 and
// NBSP), C0/C1 controls, the grammar's delimiters, and invisible format characters (bidi controls,
// zero-width) that would make a line read differently from what it says.
const INVISIBLE = '\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
const UNSAFE_BARE = new RegExp(`[\\s\\u0000-\\u001F\\u007F-\\u009F"\\[\\]=${INVISIBLE}]`);
const ESCAPE_EXTRA = new RegExp(`[\\u007F-\\u009F\\u2028\\u2029${INVISIBLE}]`, 'g');

/** A JSON string literal, with invisible and C1 characters \u-escaped so they show (JSON.parse reads them back). */
export function quote(s: string): string {
  return JSON.stringify(s).replace(ESCAPE_EXTRA, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
}

/**
 * Whether a value must be quoted to read back as itself: empty, holding whitespace, a control or
 * invisible character, `"`, `[`, `]` or `=`, or starting with `/` (a regex literal). A `#` needs no
 * quotes after `=` (`color=#FFF`); only a head starting with `#` does (see formatHead).
 */
export function needsQuote(s: string): boolean {
  return s === '' || UNSAFE_BARE.test(s) || s[0] === '/';
}

/** A value as printed: bare when safe, else quoted; a regex as its literal (`source` escapes `/` and line breaks). */
export function formatValue(v: OutlineValue): string {
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  return needsQuote(v) ? quote(v) : v;
}

/** A head starting with `#` would read as a missing head followed by an #id, so it is quoted too. */
export function formatHead(v: OutlineValue): string {
  return typeof v === 'string' && v[0] === '#' ? quote(v) : formatValue(v);
}

/** The text / label position is always quoted, so it cannot be mistaken for a flag or attribute. */
export function formatText(v: OutlineValue): string {
  return v instanceof RegExp ? formatValue(v) : quote(v);
}

/** Rounded coordinate pair for tap=; `-0` prints as 0. */
export function formatPoint(p: { x: number; y: number }): string {
  return `${Math.round(p.x) || 0},${Math.round(p.y) || 0}`;
}

/** One node line, without indentation or the leading `- `. Order: head #id "text" attrs [flags] actions= tap=. */
export function formatEntryLine(f: OutlineFields): string {
  const parts: string[] = [formatHead(f.head)];
  if (f.id !== undefined) parts.push('#' + formatValue(f.id));
  if (f.text !== undefined) parts.push(formatText(f.text));
  pushAttrsAndFlags(parts, f.attrs, f.flags, f.negFlags);
  if (f.actions !== undefined) parts.push('actions=' + formatValue(f.actions.join(',')));
  if (f.tap !== undefined) parts.push('tap=' + formatPoint(f.tap));
  return parts.join(' ');
}

/** A root line: `root <rootId> "label" attrs [flags]`. */
export function formatRootLine(f: OutlineRootFields): string {
  const parts: string[] = ['root', formatValue(f.rootId)];
  if (f.label !== undefined) parts.push(formatText(f.label));
  pushAttrsAndFlags(parts, f.attrs, f.flags, f.negFlags);
  return parts.join(' ');
}

function pushAttrsAndFlags(parts: string[], attrs: Record<string, OutlineValue>, flags: readonly string[], negFlags: readonly string[]): void {
  for (const key of Object.keys(attrs)) parts.push(`${key}=${formatValue(attrs[key]!)}`);
  if (flags.length || negFlags.length) parts.push(`[${[...flags, ...negFlags.map((f) => '!' + f)].join(' ')}]`);
}
