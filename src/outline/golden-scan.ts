/**
 * The fast reader of golden files (docs/design.md §9): one pass over the text, straight into the golden
 * tree, with the golden checks made as each token is read, for what a golden file is nearly always —
 * the printer's own output, or a hand edit that is still valid.
 *
 * It reads a subset of the outline grammar (outline-parse.ts): base indent any, two spaces per level,
 * root lines and node lines of the golden vocabulary (golden-syntax.ts), values bare or as JSON strings.
 * Whatever it does not read exactly as parseOutline plus golden.ts's checks would — a regex, an #id or
 * tap=, [checked], a tab or an odd whitespace character, and every error — makes it give up (null), and
 * golden.ts reads the text again with those, so a bad file gets the one parser's error with its line
 * and column, and what this returns is always what they return (tests/outline/golden-scan.spec.ts).
 * Every value is a slice of the text or a JSON.parse of one, as the parser's are.
 */
import { fastRead, giveUp } from '../common/fast-read.js';
import { SliceInterner, isLetter, isWs } from './outline-parse.js';
import { NO_FLAGS, ROOT_FLAGS } from './outline-syntax.js';
import {
  ACTION_SET, GOLDEN_FLAGS_LIST, GoldenEntry, NODE_KEYS, NO_GOLDEN_CHILDREN, ROOT_KEYS, TOGGLES,
  canonical, parseFacets, readBounds, readBoundsAt, validRootValue, validTokensValue, type GoldenNode, type GoldenRoot, type GoldenTree,
} from './golden-syntax.js';

/** The golden tree of `text` (a golden file whose header was checked), or null to read it with the full parser. */
export function scanGolden(text: string): GoldenTree | null {
  return fastRead(() => new GoldenScan(text).doc());
}

/** A character that parseOutline reads as whitespace, other than the plain space this reader expects. */
const oddSpace = (c: number) => c < 33 || (c >= 0x80 && isWs(c));

class GoldenScan {
  private pos = 0;
  private end = 0;
  private readonly keys = new SliceInterner();
  private readonly heads = new SliceInterner();
  private readonly box = [0, 0, 0, 0];
  private readonly values = new SliceInterner();
  private readonly quoted = new Map<string, string>();
  /** What each attribute key is (by the interned key string, whose hash V8 keeps). */
  private readonly kinds = new Map<string, number>();
  private readonly actions = new Map<string, readonly string[]>();
  private readonly flagTexts = new SliceInterner();
  private readonly flagLists = new Map<string, { allowed: readonly string[]; names: readonly string[] }>();

  constructor(private readonly t: string) {}

  doc(): GoldenTree {
    const t = this.t, n = t.length;
    const tree: GoldenTree = { roots: [], entries: [] };
    let base = -1;
    // The window being read; its node list is the reader's own until the tree is returned.
    let root: (GoldenRoot & { children: GoldenNode[] }) | null = null;
    // open[d] = the last entry at depth d; its length is one past the deepest level a next line may use.
    const open: GoldenNode[] = [];
    // kids[d][0, counts[d]) = the children of open[d] read so far, cut to an exact-size list when it
    // closes; the lists are reused (emptied by count, so their room is allocated once).
    const kids: GoldenNode[][] = [];
    const counts: number[] = [];
    let lineNo = 0;
    // Line ends by indexOf (native, faster than a charCodeAt loop); "\r" looked for only when the text has one.
    let cr = t.indexOf('\r');
    // The next dash at or after the line, looked for again only once a line start passes it (as "\r"),
    // so lines without one (blank, comments) do not each scan ahead to it: linear in the text.
    let dash = t.indexOf('-');
    for (let ls = t.charCodeAt(0) === 0xfeff ? 1 : 0, next = ls; ls <= n; ls = next) {
      let le = t.indexOf('\n', ls);
      if (le < 0) le = n;
      if (cr >= 0) {
        if (cr < ls) cr = t.indexOf('\r', ls);
        if (cr >= 0 && cr < le) le = cr;
      }
      next = le < n && t.charCodeAt(le) === 13 && t.charCodeAt(le + 1) === 10 ? le + 2 : le + 1;
      lineNo++;
      // A node line's indentation is the run of spaces before its dash (a charCodeAt loop: startsWith
      // against a string of spaces costs three times as much).
      if (dash >= 0 && dash < ls) dash = t.indexOf('-', ls);
      let p = ls;
      if (dash >= ls && dash < le) while (p < dash && t.charCodeAt(p) === 32) p++;
      if (p !== dash) {
        p = ls;
        while (p < le && t.charCodeAt(p) === 32) p++;
        let k = p;
        while (k < le && (t.charCodeAt(k) === 32 || t.charCodeAt(k) === 9)) k++;
        if (k === le || t.charCodeAt(k) === 35 /* # */) continue; // blank, comment (the header)
      }
      const c0 = t.charCodeAt(p);
      if (base < 0) base = p - ls;
      const rel = p - ls - base;
      if (c0 === 9 || rel < 0 || (rel & 1) !== 0) giveUp();
      const depth = rel >> 1;
      this.end = le;
      if (c0 === 114 && t.startsWith('root', p) && (p + 4 === le || isWs(t.charCodeAt(p + 4)))) {
        if (depth !== 0 || tree.entries.length) giveUp();
        root = this.rootLine(p + 4, lineNo);
        tree.roots.push(root);
        close(open, kids, counts, 0);
        continue;
      }
      if (c0 !== 45 /* - */ || t.charCodeAt(p + 1) !== 32 || depth > open.length) giveUp();
      const entry = this.nodeLine(p + 2, lineNo);
      close(open, kids, counts, depth);
      if (depth > 0) {
        const d = depth - 1, k = counts[d] ?? 0;
        (kids[d] ??= [])[k] = entry;
        counts[d] = k + 1;
      } else (root ? root.children : tree.entries).push(entry);
      open.push(entry);
    }
    close(open, kids, counts, 0);
    for (const r of tree.roots) if (r.children.length !== 1) giveUp();
    return tree;
  }

  /** `- head "text" key=value … [flags] actions=…`, from just after the dash and space. */
  private nodeLine(at: number, line: number): GoldenNode {
    const t = this.t;
    this.pos = at;
    if (!this.space()) giveUp();
    const hc = t.charCodeAt(this.pos);
    if (hc === 47 /* / */ || hc === 35 /* # */ || hc === 91 /* [ */) giveUp();
    const head = hc === 34 ? this.str() : this.bare(this.heads);
    const attrs: Record<string, string> = {};
    let text: string | undefined;
    let actions: readonly string[] | undefined;
    let flags = NO_FLAGS;
    while (this.space()) {
      const c = t.charCodeAt(this.pos);
      if (c === 34 /* " */) {
        if (text !== undefined) giveUp();
        text = this.str();
      } else if (c === 91 /* [ */) {
        if (flags !== NO_FLAGS) giveUp();
        flags = this.flags(GOLDEN_FLAGS_LIST);
      } else {
        const key = this.key();
        let kind = this.kinds.get(key);
        if (kind === undefined) this.kinds.set(key, (kind = kindOf(key)));
        if (kind === ACTIONS) {
          if (actions !== undefined) giveUp();
          actions = this.actionList(this.value(null));
          continue;
        }
        // Bare bounds are read in place (the usual case): checked while found, one slice.
        if (kind === BOUNDS && !Object.hasOwn(attrs, key)) {
          const p = this.pos, q = readBoundsAt(t, p, this.box);
          if (q > p && (q === this.end || t.charCodeAt(q) === 32)) {
            attrs[key] = t.slice(p, q);
            this.pos = q;
            continue;
          }
        }
        // Token names and values recur on most lines: kept once (what the tree holds is what costs).
        const v = this.value(kind === TOKENS || kind === FACET ? this.values : null);
        if (kind === UNKNOWN || Object.hasOwn(attrs, key) || !validNodeValue(kind, v, this.box)) giveUp();
        attrs[key] = v;
      }
    }
    // Every member set (absent ones undefined): one shape, no property store added per line.
    return new GoldenEntry(head, text, attrs, flags, NO_FLAGS, actions, NO_GOLDEN_CHILDREN, line, undefined);
  }

  /** `root <rootId> "label" unit=… density=… offset=… [modal]`, from just after `root`. */
  private rootLine(at: number, line: number): GoldenRoot & { children: GoldenNode[] } {
    const t = this.t;
    this.pos = at;
    if (!this.space()) giveUp();
    const rc = t.charCodeAt(this.pos);
    if (rc === 47 /* / */) giveUp();
    const rootId = rc === 34 ? this.str() : this.bare(null);
    const attrs: Record<string, string> = {};
    let label: string | undefined;
    let flags = NO_FLAGS;
    while (this.space()) {
      const c = t.charCodeAt(this.pos);
      if (c === 34) {
        if (label !== undefined) giveUp();
        label = this.str();
      } else if (c === 91) {
        if (flags !== NO_FLAGS) giveUp();
        flags = this.flags(ROOT_FLAGS);
      } else {
        const key = this.key();
        const v = this.value(null);
        if (!ROOT_KEYS.has(key) || Object.hasOwn(attrs, key)) giveUp();
        if (!validRootValue(key, v)) giveUp();
        attrs[key] = v;
      }
    }
    const r: GoldenRoot & { children: GoldenNode[] } = { rootId, attrs, flags, negFlags: NO_FLAGS, children: [], line };
    if (label !== undefined) r.label = label;
    return r;
  }

  /** actions=A,B as a list: one frozen list per distinct value (most lines say actions=Click). */
  private actionList(v: string): readonly string[] {
    const seen = this.actions.get(v);
    if (seen !== undefined) return seen;
    const list = v === '' ? [] : v.split(',');
    for (const a of list) if (!ACTION_SET.has(a)) giveUp();
    const frozen = Object.freeze(list);
    this.actions.set(v, frozen);
    return frozen;
  }

  /** Skips plain spaces; false at the end of the line. Gives up on any other whitespace. */
  private space(): boolean {
    const t = this.t, end = this.end;
    let p = this.pos;
    while (p < end && t.charCodeAt(p) === 32) p++;
    this.pos = p;
    if (p >= end) return false;
    if (oddSpace(t.charCodeAt(p))) giveUp();
    return true;
  }

  /** A token ends at a space or the end of the line. */
  private boundary(): void {
    if (this.pos < this.end && this.t.charCodeAt(this.pos) !== 32) giveUp();
  }

  /** A JSON string; the cursor is on its `"`. */
  private str(): string {
    const t = this.t, end = this.end, start = this.pos;
    let plain = true;
    let i = start + 1;
    for (; i < end; i++) {
      const c = t.charCodeAt(i);
      if (c === 92 /* \ */) { i++; plain = false; }
      else if (c === 34) break;
      else if (c < 32) giveUp();
    }
    if (i >= end) giveUp();
    let v: string;
    if (plain) v = t.slice(start + 1, i);
    else {
      try { v = JSON.parse(t.slice(start, i + 1)) as string; } catch { giveUp(); }
    }
    this.pos = i + 1;
    this.boundary();
    return v;
  }

  /** A bare token up to the next space (interned when `names` is given: heads recur). */
  private bare(names: SliceInterner | null): string {
    const t = this.t, end = this.end, start = this.pos;
    let p = start;
    for (; p < end; p++) {
      const c = t.charCodeAt(p);
      if (c === 32) break;
      if (c === 34 || c === 91 || c === 93 || oddSpace(c)) giveUp();
    }
    if (p === start) giveUp();
    this.pos = p;
    return names ? names.get(t, start, p) : t.slice(start, p);
  }

  /** `key=`: a letter, then letters, digits, `_ . -`. The cursor ends after the `=`. */
  private key(): string {
    const t = this.t, end = this.end, at = this.pos;
    if (!isLetter(t.charCodeAt(at))) giveUp();
    let eq = at + 1;
    for (; eq < end; eq++) {
      const c = t.charCodeAt(eq);
      if (c === 61 /* = */) break;
      if (!(isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45)) giveUp();
    }
    if (eq >= end) giveUp();
    this.pos = eq + 1;
    return this.keys.get(t, at, eq);
  }

  /** A value after `=`: a string or a bare token (a regex, or nothing, gives up); kept once per text with `names`. */
  private value(names: SliceInterner | null): string {
    if (this.pos >= this.end) giveUp();
    const c = this.t.charCodeAt(this.pos);
    if (c === 47 /* / */ || c === 32) giveUp();
    if (c !== 34) return this.bare(names);
    const v = this.str();
    return names ? canonical(v, this.quoted) : v;
  }

  /** `[a b]` of names from `allowed`, each once; the cursor is on `[`. One frozen list per distinct text. */
  private flags(allowed: readonly string[]): readonly string[] {
    const t = this.t, end = this.end;
    const close = t.indexOf(']', this.pos);
    if (close < 0 || close >= end) giveUp();
    const text = this.flagTexts.get(t, this.pos + 1, close);
    let out = this.flagLists.get(text);
    if (out === undefined || out.allowed !== allowed) {
      const names: string[] = [];
      let i = this.pos + 1;
      for (;;) {
        while (i < close && t.charCodeAt(i) === 32) i++;
        if (i >= close) break;
        const s = i;
        while (i < close && t.charCodeAt(i) !== 32) i++;
        const name = known(allowed, t, s, i);
        if (name === null || names.includes(name)) giveUp();
        names.push(name);
      }
      if (names.length === 0) giveUp();
      this.flagLists.set(text, (out = { allowed, names: Object.freeze(names) }));
    }
    this.pos = close + 1;
    this.boundary();
    return out.names;
  }
}

/** Closes the open entries at `depth` and deeper: each gets its children as a list of exactly their number. */
function close(open: GoldenNode[], kids: GoldenNode[][], counts: number[], depth: number): void {
  for (let d = open.length - 1; d >= depth; d--) {
    const k = counts[d];
    if (k) {
      open[d]!.children = kids[d]!.slice(0, k);
      counts[d] = 0;
    }
  }
  open.length = depth;
}

/** The name in `names` spelled t[at, end), or null. */
function known(names: readonly string[], t: string, at: number, end: number): string | null {
  const len = end - at;
  for (const name of names) {
    if (name.length !== len) continue;
    let i = 0;
    while (i < len && name.charCodeAt(i) === t.charCodeAt(at + i)) i++;
    if (i === len) return name;
  }
  return null;
}

// Kinds of node attribute keys.
const UNKNOWN = 0, PLAIN = 1, BOUNDS = 2, TOGGLE = 3, TOKENS = 4, FACETS = 5, FACET = 6, ACTIONS = 7;

function kindOf(key: string): number {
  switch (key) {
    case 'bounds': return BOUNDS;
    case 'toggle': return TOGGLE;
    case 'tokens': return TOKENS;
    case 't': return FACETS;
    case 'actions': return ACTIONS;
    default: return NODE_KEYS.has(key) ? PLAIN : key.startsWith('t.') ? FACET : UNKNOWN;
  }
}

/** What golden.ts's checkNode accepts for a node attribute's value. */
function validNodeValue(kind: number, v: string, box: number[]): boolean {
  switch (kind) {
    case BOUNDS: return readBounds(v, box);
    case TOGGLE: return TOGGLES.has(v);
    case TOKENS: return validTokensValue(v);
    case FACETS: return parseFacets(v) !== null;
    default: return true;
  }
}
