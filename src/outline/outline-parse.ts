/**
 * Parser for the compact text outline (docs/design.md §9): what the CLI prints, what the MCP shim returns, what
 * golden files hold and what toMatchOutline templates are written in. The printer is outline.ts; both
 * share the lexical rules and types of outline-syntax.ts.
 *
 * GRAMMAR
 *
 *   document   = { line "\n" }            ; "\r\n" and "\r" also end a line; a leading BOM is ignored
 *   line       = blank | comment | indent root-line | indent node-line | indent children-line
 *   blank      = only spaces / tabs       ; skipped
 *   comment    = spaces / tabs , "#" , anything   ; skipped (golden files start with `# treewright golden v1`).
 *                                         ; Only whole lines: a "#" after a line's head is its #id.
 *   indent     = base-indent , { "  " }   ; spaces only (a tab is an error). base-indent is the first
 *                                         ; non-blank line's indentation, stripped from every line, so a
 *                                         ; template may sit indented inside a TS template literal.
 *   root-line  = "root" , SP , value , [ SP , text ] , { SP , item }      ; never indented
 *   node-line  = "- " , value , { SP , ( "#" id | text | item ) }         ; head first
 *   children-line = "- /children: " , ( "contain" | "equal" | "deep-equal" )
 *   item       = key "=" value | "[" [ flag { SP flag } ] "]"
 *   text       = string | regex           ; the node's text / the root's label; at most one per line
 *   value      = string | regex | bare
 *   id         = string | bare            ; #id is optional in templates
 *   key        = letter { letter | digit | "_" | "." | "-" }
 *   flag       = [ "!" ] letter { letter | digit | "-" }
 *   string     = a JSON string literal ("…" with JSON escapes)
 *   regex      = "/" pattern "/" flags    ; a JS regex literal (`/` inside [...] needs no escape);
 *                                         ; flags from d i m s u v (g and y are stateful: refused)
 *   bare       = non-empty run of characters up to the next space; it must not contain `"`, `[` or `]`,
 *                and must not start with `/` (that is a regex). The printer quotes more than that: any
 *                value that is empty or holds whitespace, a control or invisible character (bidi
 *                controls, zero-width), `"`, `[`, `]` or `=`, and a head starting with `#`; `#` elsewhere
 *                stays bare (color=#FFF). Quoted strings also \u-escape C1 and invisible characters.
 *   SP         = one or more whitespace characters
 *
 * STRUCTURE. Node depth is (indentation − base-indent) / 2. A root line starts a new root; the node lines
 * after it (depth 0 = the window's node) belong to it. A document without root lines is a list of
 * top-level entries (what a template usually is); a root line may not follow rootless node lines. A
 * node may be at most one level deeper than the line before it.
 *
 * MEANING. head = the node's normalised role, else its raw class's short name, else `node`. Known keys
 * on node lines: desc (contentDescription), input (editableText), hint, value, state (stateDescription),
 * toggle (on|off|indeterminate), tag, children (printed as children=N when maxDepth hid N children);
 * actions=A,B (comma list → `actions`) and tap=x,y (→ `tap`) are parsed into their own fields. Any other
 * key=value is kept in `attrs` verbatim (bounds=, tokens=, color=#FFF, root= …). Root attrs: unit,
 * density, offset=x,y. Flags name the surprising side only: clickable long-clickable scrollable editable
 * focusable (printed only when nothing else marks the node interactive) focused selected disabled
 * invisible password heading, and with analysis unhittable not-operable; root flag: modal.
 *
 * TEMPLATES (toMatchOutline) use the same grammar: omit anything to leave it unconstrained; a regex may
 * stand for the head, the text, the rootId or any value (`desc=/x/i`); `[flag]` = must be set,
 * `[!flag]` = must not be set; `checked` / `unchecked` are sugar for toggle=on / toggle=off. A
 * `- /children: equal` line among a node's children makes that node's children match exactly
 * (`contain`, the default, matches an in-order subsequence; `deep-equal` is `equal` all the way down);
 * at depth 0 under a root line it applies to the root.
 *
 * The parser is one pass over the text, line by line in place (one cursor, no per-line strings), with an
 * explicit stack of open entries: no recursion, linear. Each list of children is made when its entry
 * closes; keys, flags and heads spelled as before are the same strings (Words). A reader with a
 * narrower vocabulary (golden files) passes it to readOutline to have each node line checked as read.
 * Every error is a FormatError('format_error') carrying where, 1-based line and column, and a hint.
 */
import { FormatError } from '../errors.js';
import { userRegex } from '../common/pattern.js';
import type { ChildrenMode, OutlineDoc, OutlineEntry, OutlineFields, OutlineRoot, OutlineValue, OutlineVocabulary } from './outline-syntax.js';
import { CHILDREN_MODES, FLAG_RE, KEY_RE, NO_CHILDREN, NO_FLAGS } from './outline-syntax.js';
import { describeValue } from '../formats/read.js';

export type { ChildrenMode, OutlineDoc, OutlineEntry, OutlineFields, OutlineRoot, OutlineValue, OutlineVocabulary } from './outline-syntax.js';

export interface OutlineParseOptions {
  /** Named in errors: a file name, or 'template'. Default 'outline'. */
  where?: string;
}

const ALLOWED_REGEX_FLAGS = /^[dimsuv]*$/;
/** What /\s/ matches, as a test on a char code (the parser walks the text by char codes). */
function isWs(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 160 && (c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279));
}

/**
 * Words of one kind (keys, flags, heads) read before from one text, by a hash of their length and end
 * characters: a word spelled as one read earlier is that string again, neither sliced again nor checked
 * against its pattern again. One table per kind, since each kind has its own pattern.
 */
class Words {
  private readonly slots: Array<string | undefined> = new Array<string | undefined>(WORD_SLOTS);
  /** marks[s]: the last line on which a word in slot s was read (see `again`). */
  private readonly marks: number[] = new Array<number>(WORD_SLOTS).fill(0);
  /** The slot of the word last looked up. */
  private last = 0;
  constructor(private readonly text: string) {}

  private slot(at: number, end: number): number {
    return ((end - at) * 31 + this.text.charCodeAt(at) * 7 + this.text.charCodeAt(end - 1)) & (WORD_SLOTS - 1);
  }

  /** text[at, end) (end > at) if it was remembered, else null. */
  known(at: number, end: number): string | null {
    const s = this.last = this.slot(at, end);
    const w = this.slots[s];
    if (w === undefined || w.length !== end - at) return null;
    const t = this.text;
    for (let i = at, j = 0; i < end; i++, j++) if (t.charCodeAt(i) !== w.charCodeAt(j)) return null;
    return w;
  }

  /** text[at, end), remembered; only for a word that passed its kind's pattern. */
  remember(at: number, end: number): string {
    const w = this.text.slice(at, end);
    this.slots[this.last = this.slot(at, end)] = w;
    return w;
  }

  /**
   * Whether the word last looked up may have been read before on `line`: false when no word of its
   * slot was, so a line's words need no other lookup to be known distinct. Marks its slot with `line`.
   */
  again(line: number): boolean {
    const seen = this.marks[this.last] === line;
    this.marks[this.last] = line;
    return seen;
  }
}
const WORD_SLOTS = 256;

/**
 * One cursor over the whole text, moved from line to line (no per-line strings or objects): `pos` is an
 * index into the text, the current line is [lineStart, end), and errors give columns within that line.
 */
class LineCursor {
  pos = 0;
  lineStart = 0;
  end = 0;
  lineNo = 0;
  /** Whether every node line so far fit `vocabulary` (see OutlineVocabulary). */
  fits = true;
  readonly keys: Words;
  readonly flags: Words;
  readonly heads: Words;
  /** readBody's working lists, reused from line to line. */
  readonly rawFlags: Array<string | number> = [];
  readonly flagNames: string[] = [];
  readonly negNames: string[] = [];
  /** The flags and actions of the last line that had them, frozen: a line with the same ones shares them. */
  private lastFlags: readonly string[] = NO_FLAGS;
  private lastActions: readonly string[] = NO_FLAGS;
  private lastActionsValue = '';

  constructor(
    readonly text: string,
    readonly where: string,
    readonly vocabulary: OutlineVocabulary | null,
  ) {
    this.keys = new Words(text);
    this.flags = new Words(text);
    this.heads = new Words(text);
  }

  line(start: number, end: number, lineNo: number): void {
    this.lineStart = start;
    this.end = end;
    this.lineNo = lineNo;
  }

  /** `names` as a line's flags: the last line's list when the same, else a frozen copy. */
  flagList(names: readonly string[]): readonly string[] {
    const last = this.lastFlags;
    let same = last.length === names.length;
    for (let i = 0; same && i < names.length; i++) same = last[i] === names[i];
    return same ? last : (this.lastFlags = Object.freeze(names.slice()));
  }

  /** actions=`v` as a list: the last line's list when spelled the same, else a frozen new one. */
  actionList(v: string): readonly string[] {
    if (v === this.lastActionsValue) return this.lastActions;
    this.lastActionsValue = v;
    return (this.lastActions = Object.freeze(v.includes(',') ? v.split(',') : [v]));
  }

  fail(message: string, at: number, hint: string): never {
    throw new FormatError('format_error', message, { where: this.where, line: this.lineNo, column: at - this.lineStart + 1, hint });
  }

  /** Skips whitespace; returns false at the end of the line. */
  skipSpace(): boolean {
    const t = this.text, end = this.end;
    let i = this.pos;
    while (i < end && isWs(t.charCodeAt(i))) i++;
    this.pos = i;
    return i < end;
  }

  /** A token must be followed by whitespace or the end of the line. */
  expectBoundary(what: string): void {
    if (this.pos < this.end && !isWs(this.text.charCodeAt(this.pos))) {
      this.fail(`unexpected ${JSON.stringify(this.text[this.pos])} right after ${what}`, this.pos, 'Separate tokens with a space.');
    }
  }

  readString(): string {
    const start = this.pos;
    const t = this.text;
    let i = start + 1;
    // Plain strings (no escape, no control character: nearly all) are their own value; the others are JSON.parse'd.
    let plain = true;
    const end = this.end;
    for (; i < end; i++) {
      const c = t.charCodeAt(i);
      if (c === 92 /* \\ */) { i++; plain = false; }
      else if (c === 34 /* " */) break;
      else if (c < 32) plain = false;
    }
    if (i >= end) this.fail('unterminated string', start, 'Close the string with " and escape quotes inside it as \\".');
    if (plain) {
      this.pos = i + 1;
      this.expectBoundary('a string');
      return t.slice(start + 1, i);
    }
    const literal = t.slice(start, i + 1);
    let value: string;
    try {
      value = JSON.parse(literal) as string;
    } catch (e) {
      this.fail(`bad string: ${(e as Error).message}`, start, 'Strings are JSON: escape " \\ and control characters (\\n, \\t, \\u0001).');
    }
    this.pos = i + 1;
    this.expectBoundary('a string');
    return value;
  }

  readRegex(): RegExp {
    const start = this.pos;
    let i = start + 1;
    let inClass = false;
    for (; i < this.end; i++) {
      const c = this.text[i];
      if (c === '\\') i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
    }
    if (i >= this.end) this.fail('unterminated regex', start, 'Close the regex with / (write a literal / as \\/), or quote a value that starts with /.');
    const source = this.text.slice(start + 1, i);
    if (source === '') this.fail('empty regex //', start, 'Write a pattern between the slashes, e.g. /.*/ for anything.');
    let j = i + 1;
    while (j < this.end && /[A-Za-z]/.test(this.text[j]!)) j++;
    const flags = this.text.slice(i + 1, j);
    if (!ALLOWED_REGEX_FLAGS.test(flags)) this.fail(`regex flags "${flags}" not allowed`, i + 1, 'Use flags from d i m s u v; g and y make a regex stateful.');
    // Templates match app text: the same bounded-time rule as locators (common/pattern.ts).
    const got = userRegex(source, flags);
    if (!('re' in got)) this.fail(got.reason, start, got.syntax ? 'Fix the pattern, or quote the value to match it literally.' : got.hint ?? 'Simplify the pattern.');
    this.pos = j;
    this.expectBoundary('a regex');
    return got.re;
  }

  /**
   * A run of non-space characters; `"`, `[`, `]` inside it mean the value should have been quoted.
   * `words`: the kind of word it is, when such words repeat (heads).
   */
  readBare(what: string, words: Words | null): string {
    const start = this.pos;
    const t = this.text;
    const end = this.end;
    let i = start;
    for (let c = t.charCodeAt(i); i < end && !isWs(c); c = t.charCodeAt(++i)) {
      if (c === 34 /* " */ || c === 91 /* [ */ || c === 93 /* ] */) {
        this.fail(`unexpected ${t[i]} in unquoted ${what}`, i, `Quote the ${what} as a JSON string, e.g. "a[b]".`);
      }
    }
    this.pos = i;
    if (i === start) this.fail(`empty ${what}`, start, `Write ${what === 'value' ? '"" for an empty value' : `the ${what}`}.`);
    if (words === null) return t.slice(start, i);
    return words.known(start, i) ?? words.remember(start, i);
  }

  readValue(what: string, allowRegex = true, words: Words | null = null): OutlineValue {
    const c = this.text.charCodeAt(this.pos);
    if (c === 34 /* " */) return this.readString();
    if (c === 47 /* / */) {
      if (!allowRegex) this.fail(`a regex is not allowed for ${what}`, this.pos, `Write the ${what} as a bare token or a "string".`);
      return this.readRegex();
    }
    return this.readBare(what, words);
  }

  /** `[a b !c]`; the cursor is on `[`. Each flag comes with its position for later errors (name, at; negated: -at - 1). */
  readFlags(out: Array<string | number>): void {
    const open = this.pos;
    const found = this.text.indexOf(']', open);
    const close = found < this.end ? found : -1;
    if (close < 0) this.fail('unterminated flag list', open, 'Close the flags with ], e.g. [clickable disabled].');
    // Whitespace-separated tokens, each FLAG_RE.
    const t = this.text;
    let at = open + 1;
    while (at < close) {
      if (isWs(t.charCodeAt(at))) { at++; continue; }
      let end = at;
      while (end < close && !isWs(t.charCodeAt(end))) end++;
      let token = this.flags.known(at, end);
      if (token === null && FLAG_RE.test(t.slice(at, end))) token = this.flags.remember(at, end);
      if (token === null) this.fail(`bad flag ${JSON.stringify(t.slice(at, end))}`, at, 'Flags are words with letters, digits and hyphens, e.g. [clickable not-operable !disabled].');
      const neg = t.charCodeAt(at) === 33 /* ! */;
      out.push(neg ? token.slice(1) : token, neg ? -at - 1 : at);
      at = end;
    }
    this.pos = close + 1;
    this.expectBoundary('the flag list');
  }
}

/** The tokens of one line after its head (node line) or rootId (root line). */
type LineBody = Omit<OutlineFields, 'head'>;

/** [checked] / [unchecked] as the toggle= they stand for (a lookup in a plain record would also find `constructor`). */
function toggleSugar(flag: string): string | undefined {
  return flag === 'checked' ? 'on' : flag === 'unchecked' ? 'off' : undefined;
}

/** Past this many flags on one line, membership is checked with sets (a line of 100,000 flags stays linear). */
const FEW_FLAGS = 16;

/** Whether `name` is in `list`, asked of `set` (the same names) when there is one. */
function holds(list: readonly string[], set: Set<string> | null, name: string): boolean {
  return set ? set.has(name) : list.includes(name);
}

/** Reads the tokens after the head into `body` (a node line's entry itself, or a root line's fields). */
function readBody(cur: LineCursor, isRoot: boolean, body: LineBody): LineBody {
  // name, at (negated: -at - 1), … flat: no object per flag; the cursor's, reused line after line.
  const rawFlags = cur.rawFlags;
  if (rawFlags.length !== 0) rawFlags.length = 0;
  let flagList = false;
  let toggleAt = 0;
  while (cur.skipSpace()) {
    const at = cur.pos;
    const code = cur.text.charCodeAt(at);
    if (code === 35 /* # */) {
      if (isRoot) cur.fail('a root line has no #id', at, 'Put the rootId right after "root": root <rootId> "label" ….');
      if (body.id !== undefined) cur.fail('a line has at most one #id', at, 'Remove the second #id.');
      cur.pos++;
      body.id = cur.text[cur.pos] === '"' ? cur.readString() : cur.readBare('id', null);
      cur.fits = false;
    } else if (code === 34 /* " */ || code === 47 /* / */) {
      if (body.text !== undefined) cur.fail(`a line has at most one ${isRoot ? 'label' : 'text'}`, at, 'Give other strings a key, e.g. desc="…".');
      body.text = cur.readValue('text');
      if (!isRoot && typeof body.text !== 'string') cur.fits = false;
    } else if (code === 91 /* [ */) {
      cur.readFlags(rawFlags);
      flagList = true;
    } else {
      // The key runs to '=' and is KEY_RE. A key read before is found from the first '=': a remembered key
      // holds no space, quote, bracket or '=', so it is the run the scan finds.
      const t = cur.text;
      let eq = t.indexOf('=', at);
      let key = eq > at && eq < cur.end ? cur.keys.known(at, eq) : null;
      if (key === null) {
        eq = at;
        for (let c = t.charCodeAt(eq); eq < cur.end && !isWs(c) && c !== 61 && c !== 34 && c !== 91 && c !== 93; c = t.charCodeAt(++eq));
        const isKey = eq > at && eq < cur.end && t.charCodeAt(eq) === 61;
        if (isKey) key = cur.keys.known(at, eq) ?? (KEY_RE.test(t.slice(at, eq)) ? cur.keys.remember(at, eq) : null);
      }
      if (key === null) {
        let end = at;
        while (end < cur.end && !isWs(cur.text.charCodeAt(end))) end++;
        cur.fail(`unknown token ${JSON.stringify(cur.text.slice(at, Math.min(end, at + 60)))}`, at, 'Write the text as a "quoted string", attributes as key=value, flags inside [ ], the id as #id.');
      }
      const special = !isRoot && (key === 'actions' || key === 'tap');
      if (special ? (key === 'actions' ? body.actions : body.tap) !== undefined : cur.keys.again(cur.lineNo) && Object.hasOwn(body.attrs, key)) cur.fail(`duplicate attribute ${key}=`, at, `Give ${key}= once.`);
      cur.pos = eq + 1;
      if (cur.pos >= cur.end || isWs(cur.text.charCodeAt(cur.pos))) cur.fail(`empty value after ${key}=`, cur.pos, `Write ${key}="" for an empty value.`);
      const vAt = cur.pos;
      if (special && key === 'actions') {
        const v = cur.readValue('actions=', false) as string;
        // An empty name: a comma at either end or two in a row.
        if (v !== '' && (v.charCodeAt(0) === 44 || v.charCodeAt(v.length - 1) === 44 || v.includes(',,'))) cur.fail('empty action name in actions=', vAt, 'List actions separated by single commas, e.g. actions=Click,ScrollBy.');
        body.actions = cur.actionList(v);
        if (cur.fits && cur.vocabulary !== null && !cur.vocabulary.actions(body.actions)) cur.fits = false;
      } else if (special) {
        const v = cur.readValue('tap=', false) as string;
        const t = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(v);
        if (!t) cur.fail(`bad tap=${v}`, vAt, 'Write the tap point as tap=x,y with numbers, e.g. tap=540,1200.');
        body.tap = { x: Number(t[1]), y: Number(t[2]) };
        cur.fits = false;
      } else {
        if (key === 'toggle') toggleAt = at;
        const v = cur.readValue('value');
        body.attrs[key] = v;
        if (!isRoot && cur.fits && cur.vocabulary !== null) cur.fits = typeof v === 'string' && cur.vocabulary.key(key) && cur.vocabulary.value(key, v);
      }
    }
  }
  // Flags are resolved at the end so [checked] and toggle= can come in either order. Sets beside the
  // lists on long lines: a line of 100,000 flags stays linear.
  if (!flagList) return body;
  const big = rawFlags.length > 2 * FEW_FLAGS;
  const pos = big ? new Set<string>() : null, negs = big ? new Set<string>() : null;
  // Gathered in the cursor's lists, then copied once at their length.
  const flags = cur.flagNames, negFlags = cur.negNames;
  flags.length = 0;
  negFlags.length = 0;
  for (let f = 0; f < rawFlags.length; f += 2) {
    const name = rawFlags[f] as string;
    const coded = rawFlags[f + 1] as number;
    const neg = coded < 0;
    const at = neg ? -coded - 1 : coded;
    const sugar = toggleSugar(name);
    if (neg) {
      if (sugar !== undefined) cur.fail(`[!${name}] is not supported`, at, 'Write [checked], [unchecked] or toggle=indeterminate instead.');
      if (holds(flags, pos, name)) cur.fail(`[${name}] and [!${name}] contradict each other`, at, 'Keep one of them.');
      if (!holds(negFlags, negs, name)) { negs?.add(name); negFlags.push(name); }
    } else if (sugar !== undefined) {
      const prev = body.attrs.toggle;
      if (prev !== undefined && prev !== sugar) {
        cur.fail(`[${name}] contradicts toggle=${String(prev)}`, Math.max(at, toggleAt), `Keep one of them: [${name}] means toggle=${sugar}.`);
      }
      body.attrs.toggle = sugar;
      toggleAt = at;
    } else {
      if (holds(negFlags, negs, name)) cur.fail(`[${name}] and [!${name}] contradict each other`, at, 'Keep one of them.');
      if (!holds(flags, pos, name)) { pos?.add(name); flags.push(name); }
    }
  }
  body.flags = cur.flagList(flags);
  body.negFlags = negFlags.length ? negFlags.slice() : NO_FLAGS;
  if (!isRoot && cur.fits && cur.vocabulary !== null) {
    if (negFlags.length) cur.fits = false;
    for (const f of flags) if (!cur.vocabulary.flag(f)) cur.fits = false;
  }
  return body;
}

/** A FormatError, not a TypeError further in, when a caller hands over something that is not text (`what`: "an outline"). */
export function requireText(text: unknown, where: string, what: string): asserts text is string {
  if (typeof text === 'string') return;
  throw new FormatError('format_error', `expected ${what} as text, got ${describeValue(text)}`, {
    where,
    hint: 'Pass the file\'s contents as a string (read it as UTF-8), not a Buffer, object or undefined.',
  });
}

const CR_EOL = /\r\n?/g;

const CHILDREN_LINE = /^\/children:(?!.*\/)\s*(\S*)\s*$/;

/**
 * The entries whose children are still being read. Children wait on one stack, in order, and each
 * entry's list is made once, at its final length, when the entry is closed: by a line at its depth or
 * above, a root line, or the end.
 */
class OpenEntries {
  /** open[d]: the last entry at depth d, for d < depth. */
  readonly open: OutlineEntry[] = [];
  /** Where open[d]'s children start on `waiting`. */
  private readonly starts: number[] = [];
  /** Entries read whose parent is open, the depth-0 ones first: waiting[0, size). */
  private readonly waiting: OutlineEntry[] = [];
  private size = 0;
  /** One past the deepest level a next line may use. */
  depth = 0;

  /** Whether any entry was read since the last `top`. */
  get any(): boolean {
    return this.size > 0;
  }

  /** Closes the entries at `depth` and deeper: each gets its children. */
  closeTo(depth: number): void {
    for (let d = this.depth - 1; d >= depth; d--) {
      const start = this.starts[d]!;
      // A leaf shares the one frozen empty list, as lines without flags share NO_FLAGS.
      this.open[d]!.children = start === this.size ? NO_CHILDREN : this.waiting.slice(start, this.size);
      this.size = start;
    }
    if (depth < this.depth) this.depth = depth;
  }

  /** `entry`, read at `depth`, as the last child of the entry open at depth - 1 (or a top entry). */
  add(entry: OutlineEntry, depth: number): void {
    this.closeTo(depth);
    this.waiting[this.size++] = entry;
    this.open[depth] = entry;
    this.starts[depth] = this.size;
    this.depth = depth + 1;
  }

  /** Closes every entry; returns the depth-0 ones (of the current root, or of a document without roots). */
  top(): OutlineEntry[] {
    this.closeTo(0);
    const top = this.waiting.slice(0, this.size);
    this.size = 0;
    return top;
  }
}

/** Parses an outline or a toMatchOutline template. Throws FormatError('format_error') with where / line / column. */
export function parseOutline(text: string, opts: OutlineParseOptions = {}): OutlineDoc {
  return readOutline(text, opts.where ?? 'outline', null).doc;
}

/**
 * parseOutline, asking `vocabulary` about every node line as it is read: `fits` says whether all of
 * them fit it (see OutlineVocabulary).
 */
export function readOutline(text: string, where: string, vocabulary: OutlineVocabulary | null): { doc: OutlineDoc; fits: boolean } {
  requireText(text, where, 'an outline');
  const doc: OutlineDoc = { roots: [], entries: [] };
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // "\r\n" and "\r" end a line as "\n" does and can stand nowhere else: written as "\n", every line reads
  // the same, at the same line and column, and lines are found with one search for "\n" each.
  const body = unmarked.includes('\r') ? unmarked.replace(CR_EOL, '\n') : unmarked;
  const n = body.length;
  // Lines found in place: no array of line strings, one cursor for all.
  const cur: LineCursor = new LineCursor(body, where, vocabulary);
  let base = -1;
  let baseLine = 0;
  let root: OutlineRoot | null = null;
  const open = new OpenEntries();
  let lineNo = 0;
  for (let ls = 0, next = 0; ls <= n; ls = next) {
    let le = body.indexOf('\n', ls);
    if (le < 0) le = n;
    next = le + 1;
    lineNo++;
    let p = ls;
    while (p < le && body.charCodeAt(p) === 32) p++;
    const indent = p - ls;
    let k = p;
    while (k < le && (body.charCodeAt(k) === 32 || body.charCodeAt(k) === 9)) k++;
    if (k === le) continue; // blank
    // A comment never sets the base indent: node and root lines cannot start with "#", so this is unambiguous.
    if (body.charCodeAt(k) === 35 /* # */) continue;
    cur.line(ls, le, lineNo);
    cur.pos = p;
    if (body.charCodeAt(p) === 9) cur.fail('tab in indentation', p, 'Indent with spaces, two per level.');
    if (base < 0) {
      base = indent;
      baseLine = lineNo;
    }
    if (indent < base) cur.fail(`line is indented less than line ${baseLine} (${indent} spaces, expected at least ${base})`, p, `Indent every line at least as much as line ${baseLine}.`);
    const rel = indent - base;
    if (rel % 2 !== 0) cur.fail(`bad indentation: ${rel} spaces, expected a multiple of 2 relative to line ${baseLine}`, p, 'Indent each level by two spaces.');
    const depth = rel / 2;

    if (p + 4 <= le && body.charCodeAt(p) === 114 && body.charCodeAt(p + 1) === 111 && body.charCodeAt(p + 2) === 111 && body.charCodeAt(p + 3) === 116 /* root */ && (p + 4 === le || isWs(body.charCodeAt(p + 4)))) {
      if (depth !== 0) cur.fail('root line must not be indented', p, `Start root lines at the indentation of line ${baseLine}.`);
      if (root === null && open.any) cur.fail('root line after node lines without a root', p, 'Either start the outline with a root line or use none.');
      cur.pos = p + 4;
      if (!cur.skipSpace()) cur.fail('root line without a rootId', cur.pos, 'Write root <rootId> "label" …, e.g. root main "MainActivity" unit=px density=2.');
      const rootId = cur.readValue('rootId');
      const lineBody = readBody(cur, true, { attrs: {}, flags: NO_FLAGS, negFlags: NO_FLAGS });
      if (root !== null) root.children = open.top();
      root = { rootId, attrs: lineBody.attrs, flags: lineBody.flags, negFlags: lineBody.negFlags, children: NO_CHILDREN, line: lineNo };
      if (lineBody.text !== undefined) root.label = lineBody.text;
      doc.roots.push(root);
      continue;
    }
    if (body.charCodeAt(p) !== 45 /* - */ || (p + 1 < le && body.charCodeAt(p + 1) !== 32)) {
      cur.fail(`expected "- " or "root" at the start of the line, found ${JSON.stringify(body.slice(p, Math.min(p + 12, le)))}`, p, 'Node lines start with "- " (dash, space), window lines with "root".');
    }
    if (depth > open.depth) {
      cur.fail(`child indented more than one level under its parent (depth ${depth}, parent at depth ${open.depth - 1})`, p, 'Indent a child exactly two spaces more than its parent.');
    }
    cur.pos = p + 1;
    if (!cur.skipSpace()) cur.fail('empty node line', p, 'Write the role or class after "- ", e.g. - Button "OK".');
    const headAt = cur.pos;

    const directive = body.charCodeAt(headAt) === 47 /* / */ ? CHILDREN_LINE.exec(body.slice(headAt, le)) : null;
    if (directive) {
      const mode = directive[1] as ChildrenMode;
      if (!CHILDREN_MODES.includes(mode)) cur.fail(`bad /children mode ${JSON.stringify(directive[1])}`, headAt, 'Write /children: contain, /children: equal or /children: deep-equal.');
      const target: OutlineEntry | OutlineRoot | null = depth > 0 ? open.open[depth - 1]! : root;
      if (!target) cur.fail('/children line without a parent', headAt, 'Put it one level under the node whose children it constrains.');
      if (target.childrenMode !== undefined) cur.fail('a second /children line for the same node', headAt, 'Keep one.');
      target.childrenMode = mode;
      cur.fits = false;
      open.closeTo(depth);
      continue;
    }

    const hc = body.charCodeAt(headAt);
    if (hc === 35 /* # */ || hc === 91 /* [ */) {
      cur.fail('missing head', headAt, 'Start a node line with its role or class (or /regex/), e.g. - Button #3 or - node "Title".');
    }
    const head = cur.readValue('head', true, cur.heads);
    if (typeof head !== 'string') cur.fits = false;
    // The entry is filled in place: no separate object for the line's tokens.
    const entry: OutlineEntry = { head, attrs: {}, flags: NO_FLAGS, negFlags: NO_FLAGS, children: NO_CHILDREN, line: lineNo }; // children: set when it closes
    readBody(cur, false, entry);
    open.add(entry, depth);
  }
  if (root !== null) root.children = open.top();
  else doc.entries = open.top();
  return { doc, fits: cur.fits };
}
