import type { Action, DesignToken, Node, Rect, Role } from '../model/schema.js';
import { blankNode, Box } from '../model/node.js';
import { fastRead, giveUp } from '../common/fast-read.js';
import { ownString } from './own-string.js';
import { MAX_EXTRA_DEPTH, type JsonObject } from './read.js';
import { normaliseRole } from './role-map.js';

/**
 * The fast reader of cmp tree v1 text (docs/design.md §5): one pass over the characters that builds the
 * nodes directly, with no JSON.parse tree in between, checking as it goes what the careful reader
 * (JSON.parse, the duplicate-key / `__proto__` check, cmpFromValue) checks afterwards. It only
 * recognises well-formed input: at the first thing that is not plainly valid — a syntax error, a
 * repeated key, `__proto__`, a wrong type, a non-finite number, an extra nested past the limit, a
 * control character — it gives up (returns null) and the careful reader reads the text again, so every
 * error is composed in one place, with its line, column and path. What it accepts it reads to the same
 * snapshot, field for field and key order included (tests/formats/cmp-scan.spec.ts compares the two on
 * the corpus and on mutated documents).
 *
 * The characters are read from a typed-array copy of the text's code units (codeUnits), literal text
 * four at a time (Lit), and the structure nodes repeat is matched in runs (Scanner.tree).
 * Strings kept in the snapshot are copied (ownString), so the snapshot holds none of the input text.
 * Iterative over nodes (any depth); generic values (extras, unknown top-level members) recurse at most
 * MAX_EXTRA_DEPTH levels, past which the careful reader decides.
 */
export interface CmpScan {
  root: Node;
  /** The document's `source`, null when absent / null. */
  producer: string | null;
  /** The document's `density` member as read (undefined when absent). */
  density: unknown;
  schemaVersion: unknown;
  /** Every top-level member is one the contract names (so no other format's sniffing rule can apply). */
  onlyCmpMembers: boolean;
}


// Known node members, one bit each: a repeat is a duplicate key, and role / clickable / disabled that
// never appeared are recorded as `cmpAbsent`, as the careful reader does.
const TAG = 1, TEXT = 2, DESC = 4, BOUNDS = 8, TOKEN = 16, CHILDREN = 32, SIZE = 64, ROLE = 128, CLICKABLE = 256, DISABLED = 512;

// Placeholders finish() always replaces (frozen: a write to one would be a bug, and throws).
const NO_SIZE: Rect = Object.freeze({ x: 0, y: 0, width: -1, height: -1 });
const NO_BOUNDS: Rect = Object.freeze({ x: 0, y: 0, width: 0, height: 0 });
// What most nodes carry, shared (frozen: nothing writes to a read node's actions or platform, and a
// writer that did would throw rather than change every node).
const NO_ACTIONS = Object.freeze([]) as unknown as Action[];
const CLICK_ACTIONS = Object.freeze(['Click']) as unknown as Action[];
const NO_PLATFORM: Record<string, unknown> = Object.freeze({});

/**
 * Distinct design-token texts remembered per scan, and how many misses are tried before the look-up
 * stops paying (a document whose every token differs then reads each one as if none were kept).
 */
const TOKEN_SLOTS = 64;
const TOKEN_TRIES = 64;
const PRINT_FROM = 10, PRINT_TO = 26;
/** Distinct role names shared per scan (Scanner.roleName). */
const ROLE_NAMES = 32;

/** A string's characters as UTF-16 code units, to compare with the text's (same). */
function codesOf(s: string): Uint16Array {
  return Uint16Array.from(s, (ch) => ch.charCodeAt(0));
}
const NULL = codesOf('null'), TRUE = codesOf('true'), FALSE = codesOf('false');

/** Whether `lit`'s characters are in `u` at `at`. */
function same(u: Uint16Array, at: number, lit: Uint16Array): boolean {
  for (let j = 0; j < lit.length; j++) if (u[at + j] !== lit[j]) return false;
  return true;
}

/**
 * The text's UTF-16 code units and 0s after the last (no read takes a 0 for JSON, so every loop stops
 * there): a typed-array read costs about half a charCodeAt, and the copy is one memcpy. The same memory
 * is also read as 64-bit words (Scanner.agree). The memory is reused by the next scan while the collector
 * has not taken it (fresh pages for every scan cost as much as the copy, and their size as external
 * memory starts collections); held weakly, so it keeps nothing alive.
 */
function codeUnits(t: string): ArrayBuffer {
  const bytes = 8 * ((t.length >> 2) + 1);
  let memory = scratch?.deref();
  if (memory === undefined || memory.byteLength < bytes) {
    memory = Buffer.allocUnsafeSlow(bytes).buffer as ArrayBuffer;
    scratch = new WeakRef(memory);
  }
  const b = Buffer.from(memory, 0, bytes);
  b.write(t, 0, 'utf16le');
  b.fill(0, 2 * t.length);
  return memory;
}
let scratch: WeakRef<ArrayBuffer> | null = null;

/**
 * Literal text as code units, and as 64-bit words for each alignment of a place in the text
 * (`words[r]`: its characters from the one at the text's next multiple of 4 on, for a place at r mod 4).
 * Words equal as numbers have equal bits: a literal holds no NUL, so none of its words is a zero, and
 * IEEE 754 equality (which JavaScript keeps, subnormals included) differs from bitwise equality only
 * at zeros and NaNs; a NaN word (characters past U+7FEF) never equals, and is compared again by
 * character (Scanner.agree).
 */
interface Lit { chars: Uint16Array; words: Float64Array[]; length: number }
const litOf = (s: string): Lit => lit(codesOf(s));
function lit(chars: Uint16Array): Lit {
  // slice copies (a memcpy); TypedArray.from iterates element by element, ~10× the cost of a scan of a small tree.
  const own = chars.slice();
  const words = [0, 1, 2, 3].map((r) => {
    const head = (4 - r) & 3;
    const n = Math.max(0, (own.length - head) >> 2);
    return new Float64Array(own.slice(head, head + 4 * n).buffer);
  });
  return { chars: own, words, length: own.length };
}

/**
 * A literal run (Scanner.tree): its text, its members (the last one's included, read the usual way
 * after it) and the values of its literal ones that are not null.
 */
interface Run {
  lit: Lit; bits: number; last: number; clickable: boolean; enabled: boolean;
  /** How many leading characters it shares with the first run of its slot (Scanner.tree). */
  lcp: number;
}
/** Runs kept per slot, and in all per scan (past which none are learnt: a document that never repeats one). */
const RUNS_PER_SLOT = 6;
const RUN_BUDGET = 256;
/**
 * The run slot after member `bit`; START before a node's first member (where a run has no leading
 * comma, so it is never tried anywhere else), AFTER_EXTRA after a member the contract does not name.
 */
const slotOf = (bit: number): number => 31 - Math.clz32(bit);
const START = 10, AFTER_EXTRA = 11;

/** The powers of ten a double holds exactly (Scanner.number). */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/** Until its `children` are read (a node without them is given up on, so no node keeps this). */
const NO_CHILDREN = Object.freeze([]) as unknown as Node[];

function freshNode(id: number): Node {
  const node = blankNode(String(id), 'compose', NO_CHILDREN, NO_BOUNDS, NO_ACTIONS, NO_PLATFORM);
  node.layoutBounds = NO_SIZE;
  return node;
}

/**
 * Member names in the order producers write them, with their closing quote, and what each stands for:
 * matched in place (no string made), starting with the one after the last match, so a document written
 * in one order costs one comparison per member.
 */
interface Names {
  quoted: readonly string[];
  /** The quoted names' characters, end to end (name k from `offsets[k]`): one read per character compared. */
  chars: Uint16Array;
  offsets: readonly number[];
  codes: readonly number[];
  /** Where to start the next lookup: a hint only (a number, shared by every read; any value is correct). */
  next: number;
}
function names(entries: Array<[string, number]>): Names {
  const quoted = entries.map(([k]) => k + '"');
  const all = quoted.join('');
  const offsets = quoted.map((_, k) => quoted.slice(0, k).join('').length);
  return { quoted, chars: codesOf(all), offsets, codes: entries.map(([, c]) => c), next: 0 };
}
const NODE_KEYS = names([
  ['testTag', TAG], ['text', TEXT], ['contentDescription', DESC], ['role', ROLE], ['clickable', CLICKABLE],
  ['disabled', DISABLED], ['bounds', BOUNDS], ['size', SIZE], ['designToken', TOKEN], ['children', CHILDREN],
]);
const RECT_KEYS = names([['x', 0], ['y', 1], ['width', 2], ['height', 3]]);

/** The text around a compact rect's numbers (Scanner.compactRect). */
const XYWH = ['{"x":', ',"y":', ',"width":', ',"height":', '}'].map(litOf);
const WH = ['{"width":', ',"height":', '}'].map(litOf);
const TOKEN_KEYS = names([['tokens', 0], ['resolved', 1]]);
const DOC_KEYS = names([['schemaVersion', 3], ['source', 1], ['density', 2], ['root', 0]]);
const DOC_NAMES = ['root', 'source', 'density', 'schemaVersion'];

export function scanCmp(text: string): CmpScan | null {
  return fastRead(() => new Scanner(text).document());
}

class Scanner {
  i = 0;
  private readonly n: number;
  private readonly u: Uint16Array;
  private readonly f: Float64Array;
  private readonly roles = new Map<string, Role | null>();
  constructor(private readonly t: string) {
    this.n = t.length;
    const units = codeUnits(t);
    this.u = new Uint16Array(units);
    this.f = new Float64Array(units);
  }

  document(): CmpScan {
    const u = this.u;
    this.ws();
    if (u[this.i]! !== 0x7b) giveUp();
    this.i++;
    const seen = new Set<string>();
    let root: Node | null = null;
    let producer: string | null = null;
    let density: unknown;
    let schemaVersion: unknown;
    let onlyCmpMembers = true;
    for (let k = 0; this.more(k, 0x7d); k++) {
      this.quote();
      const code = this.member(DOC_KEYS);
      const key = code < 0 ? this.name : DOC_NAMES[code]!;
      if (key === '__proto__' || seen.has(key)) giveUp();
      seen.add(key);
      this.colon();
      switch (code) {
        case 0:
          if (u[this.i]! !== 0x7b) giveUp();
          root = this.tree();
          break;
        case 1: producer = this.optString(); break;
        case 2: density = this.value(1); break;
        case 3: schemaVersion = this.value(1); break;
        default: onlyCmpMembers = false; this.value(1);
      }
    }
    this.ws();
    if (this.i !== this.n || root === null) giveUp();
    return { root: root!, producer, density, schemaVersion, onlyCmpMembers };
  }

  /**
   * The node tree from its root's `{`, iteratively: the open nodes and their seen-members bits on two
   * stacks. Children wait on a third (`pending` up to `waiting`, from where each open list starts) until
   * their list closes and are then cut out as one array of exactly their number (pushing onto each
   * node's own array would give most of them room for 17). Document order is pre-order, so ids are too.
   *
   * Most of a node's text is the same from node to node: member names, separators, nulls and false.
   * What is read the general way is remembered as literal runs — from after one value through the
   * colon before the next value that is not null / true / false — and the same text later is matched
   * in one compare and applied at once (its members marked seen, its true / false values set). The
   * text fixes what a run means, so a match reads exactly as the general way would; any other text
   * (spaces, another order, a repeat, a near miss) takes the general way.
   */
  private tree(): Node {
    const u = this.u;
    let next = 0;
    const open: Node[] = [];
    const bits: number[] = [];
    const pending: Node[] = [];
    let waiting = 0; // (past it, pending holds nodes already handed out: shrinking the array costs more)
    const starts: number[] = [];
    let node = freshNode(next++);
    let seen = 0;
    let first = true;
    this.i++;
    const keys = NODE_KEYS;
    const runs = this.runs;
    // The slot of the place the cursor is at, and the run being read the general way: where it starts
    // (-1: none), its slot and its members so far.
    let here = START;
    let runAt = this.i;
    let runSlot = START;
    let runBits = 0;
    for (;;) {
      let bit = 0;
      let hit: Run | null = null;
      const kept = runs[here]!;
      if (kept.length !== 0) {
        // The text is compared with the first (longest) run only; what each other run shares with that
        // one (`lcp`) decides it, but where it parts from the first exactly where the text does.
        const p = this.agree(kept[0]!.lit, this.i, 0);
        for (let k = 0; k < kept.length; k++) {
          const run = kept[k]!;
          const len = run.lit.length;
          if (!((len <= p && len <= run.lcp) || (run.lcp === p && this.agree(run.lit, this.i, p) === len))) continue;
          if ((seen & run.bits) !== 0) continue;
          // Its literal members (nulls leave the fields as freshNode made them), then its last as usual.
          hit = run;
          if (run.bits & CLICKABLE) node.clickable = run.clickable;
          if (run.bits & DISABLED) node.enabled = run.enabled;
          seen |= run.bits & ~run.last;
          bit = run.last;
          break;
        }
      }
      const place = this.i;
      if (hit !== null) {
        this.i += hit.lit.length;
        if (u[this.i]! <= 0x20) this.ws();
      }
      if (bit === 0) {
        this.ws();
        let c = u[this.i]!;
        if (c === 0x7d && first) {
          giveUp(); // `{}`: a node without bounds or children
        }
        if (!first) {
          if (c === 0x7d) {
            // The node is complete: finish it, then continue in its parent's children list.
            this.i++;
            this.finish(node, seen);
            const done = node;
            if (open.length === 0) return done;
            node = open.pop()!;
            seen = bits.pop()!;
            first = false;
            this.ws();
            c = u[this.i]!;
            if (c === 0x2c) {
              this.i++;
              this.ws();
              this.open(0x7b);
              open.push(node);
              bits.push(seen);
              pending[waiting++] = node = freshNode(next++);
              seen = 0;
              first = true;
              here = runSlot = START;
              runAt = this.i;
              runBits = 0;
              continue;
            }
            if (c !== 0x5d) giveUp();
            this.i++;
            const from = starts.pop()!;
            node.children = pending.slice(from, waiting);
            waiting = from;
            here = runSlot = slotOf(CHILDREN);
            runAt = this.i;
            runBits = 0;
            continue; // back in the parent's members, after `children`
          }
          if (c !== 0x2c) giveUp();
          this.i++;
          this.ws();
          c = u[this.i]!;
        }
        if (c !== 0x22) giveUp();
        bit = this.member(keys);
        this.colon();
      }
      // A run goes on past a member whose value is null / true / false (or is given up on below). It
      // ends at any other value, and is kept unless it is exactly the run just matched: a run ending
      // at a member that has a literal value here, matched again and again, learns the longer one.
      const v = u[this.i]!;
      const literal = bit > 0 && bit !== CHILDREN && (v === 0x6e || v === 0x74 || v === 0x66);
      if (runAt >= 0 && bit > 0) {
        const covered = hit === null ? bit : hit.bits;
        if (literal) runBits |= covered;
        else if (hit === null || place !== runAt) this.keep(runAt, runSlot, runBits | covered, bit, node);
      }
      first = false;
      switch (bit) {
        case TAG: node.tag = this.optString(); break;
        case TEXT: node.text = this.optString(); break;
        case DESC: node.contentDescription = this.optString(); break;
        case ROLE: node.rawRole = this.roleName(); break;
        case CLICKABLE: node.clickable = this.optBool(); break;
        case DISABLED: node.enabled = !this.optBool(); break;
        case BOUNDS: node.bounds = this.xywh(); break;
        case SIZE: node.layoutBounds = this.size(node.bounds); break;
        case TOKEN: node.designToken = this.designToken(); break;
        case CHILDREN: {
          if (seen & CHILDREN) giveUp();
          seen |= CHILDREN;
          this.open(0x5b);
          if (!this.more(0, 0x5d)) { // `[]`
            node.children = [];
            here = runSlot = slotOf(CHILDREN);
            runAt = this.i;
            runBits = 0;
            continue;
          }
          this.open(0x7b);
          bits.push(seen);
          open.push(node);
          starts.push(waiting);
          pending[waiting++] = node = freshNode(next++);
          first = true;
          seen = 0;
          here = runSlot = START;
          runAt = this.i;
          runBits = 0;
          continue;
        }
        default: {
          // A property the contract does not name: kept verbatim in platform.cmpExtra.
          const key = this.name;
          if (key === '__proto__') giveUp();
          if (node.platform === NO_PLATFORM) node.platform = {};
          const extra = (node.platform.cmpExtra ??= {}) as JsonObject;
          if (Object.hasOwn(extra, key)) giveUp();
          extra[ownString(key)] = this.value(1);
          here = AFTER_EXTRA;
          runAt = -1;
          continue;
        }
      }
      if (seen & bit) giveUp();
      seen |= bit;
      here = slotOf(bit);
      if (!literal) {
        runAt = this.i;
        runSlot = here;
        runBits = 0;
      }
    }
  }

  /**
   * Literal runs read in this scan, by the member before them (START: a node's first): the text from
   * after one value through the colon of the next member whose value is not null / true / false.
   */
  private readonly runs: Run[][] = Array.from({ length: AFTER_EXTRA + 1 }, () => []);
  private runCount = 0;

  /** Remembers the run from `at` to the cursor (its members `bits`, the last `last`; its literals as read into `node`). */
  private keep(at: number, slot: number, bits: number, last: number, node: Node): void {
    if (this.runCount >= RUN_BUDGET) return;
    const kept = this.runs[slot]!;
    const run: Run = {
      lit: lit(this.u.subarray(at, this.i)), bits, last,
      clickable: node.clickable, enabled: node.enabled, lcp: 0,
    };
    if (kept.length >= RUNS_PER_SLOT) return;
    this.runCount++;
    // Longest first: a run that ends where another goes on through literals is a prefix of it.
    let k = kept.length;
    kept.push(run);
    for (; k > 0 && kept[k - 1]!.lit.length < run.lit.length; k--) kept[k] = kept[k - 1]!;
    kept[k] = run;
    const top = kept[0]!.lit.chars;
    for (const r of kept) {
      const c = r.lit.chars;
      let n = 0;
      while (n < c.length && n < top.length && c[n] === top[n]) n++;
      r.lcp = n;
    }
  }

  /**
   * How far from `from` on `lit` agrees with the text at `at` + `from`: the index of the first character
   * that differs, or its length. Four characters a compare where the text is word-aligned (Lit); a
   * word that differs is looked at again character by character.
   */
  private agree(lit: Lit, at: number, from: number): number {
    const u = this.u;
    const chars = lit.chars;
    const len = chars.length;
    let j = from;
    for (; j < len && ((at + j) & 3) !== 0; j++) if (u[at + j] !== chars[j]) return j;
    if (j < len) {
      const w = lit.words[at & 3]!;
      const f = this.f;
      const head = (4 - (at & 3)) & 3;
      const base = (at + head) >> 2;
      for (let k = (j - head) >> 2; k < w.length && f[base + k] === w[k]; k++) j += 4;
    }
    for (; j < len; j++) if (u[at + j] !== chars[j]) return j;
    return len;
  }

  /** Whether `lit` is in the text at `at`. */
  private at(lit: Lit, at: number): boolean {
    return this.agree(lit, at, 0) === lit.length;
  }

  /** What cmpFromValue derives once a node's members are read (bounds and children are required). */
  private finish(node: Node, seen: number): void {
    if ((seen & (BOUNDS | CHILDREN)) !== (BOUNDS | CHILDREN)) giveUp();
    const raw = node.rawRole;
    if (raw !== null) {
      let role = this.roles.get(raw);
      if (role === undefined) { role = normaliseRole(raw); this.roles.set(raw, role); }
      node.role = role;
    }
    if (node.clickable) node.actions = CLICK_ACTIONS;
    const lb = node.layoutBounds;
    if (lb === NO_SIZE) node.layoutBounds = null;
    else if (lb !== null) {
      lb.x = node.bounds.x;
      lb.y = node.bounds.y;
      if (!Number.isFinite(lb.x + lb.width) || !Number.isFinite(lb.y + lb.height)) giveUp();
    }
    if ((seen & (ROLE | CLICKABLE | DISABLED)) !== (ROLE | CLICKABLE | DISABLED)) {
      const absent: string[] = [];
      if (!(seen & ROLE)) absent.push('role');
      if (!(seen & CLICKABLE)) absent.push('clickable');
      if (!(seen & DISABLED)) absent.push('disabled');
      const extra = node.platform.cmpExtra;
      node.platform = extra === undefined ? { cmpAbsent: absent } : { cmpAbsent: absent, cmpExtra: extra };
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Lexical pieces

  private ws(): void {
    const u = this.u;
    let c = u[this.i]!;
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = u[++this.i]!;
  }

  private colon(): void {
    this.ws();
    if (this.u[this.i]! !== 0x3a) giveUp();
    this.i++;
    this.ws();
  }

  /** A string at its opening quote, as cut from the text: copy what is kept (string() does). */
  private key(): string {
    const u = this.u;
    const start = this.i + 1;
    let i = start;
    for (;;) {
      const c = u[i]!;
      if (c === 0x22) break;
      if (c === 0x5c) { this.i = i; return this.escaped(start); }
      if (c < 0x20) giveUp(); // (the 0 after the text included)
      if (c >= 0xd800 && c <= 0xdfff) { this.i = i; this.pair(c); i = this.i; }
      i++;
    }
    this.i = i + 1;
    return this.t.slice(start, i);
  }

  /** The code of the member name at its opening quote in `table`, or -1 with the name in `name`. */
  private member(table: Names): number {
    const u = this.u;
    const start = this.i + 1;
    const { quoted, codes, chars, offsets } = table;
    const m = quoted.length;
    const from = table.next;
    for (let k = 0; k < m; k++) {
      let idx = from + k;
      if (idx >= m) idx -= m;
      const len = quoted[idx]!.length;
      const at = offsets[idx]!;
      let j = 0;
      while (j < len && chars[at + j] === u[start + j]!) j++;
      if (j === len) {
        this.i = start + len;
        table.next = idx + 1 === m ? 0 : idx + 1;
        return codes[idx]!;
      }
    }
    // Not a plain known name: read it (escapes decoded) and look it up.
    const name = this.key();
    for (let k = 0; k < m; k++) if (quoted[k] === name + '"') return codes[k]!;
    this.name = name;
    return -1;
  }

  /**
   * A surrogate at `i` must be a high one followed by a low one (steps over the high half): the text's
   * only non-ASCII characters are in strings, so this is the whole text's well-formedness check.
   */
  private pair(c: number): void {
    const d = this.u[this.i + 1]!;
    if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) giveUp();
    this.i++;
  }

  /** The last name `member` did not find in its table. */
  private name = '';

  /** A string value at its opening quote, copied out of the text (a slice would keep all of it alive). */
  private string(): string {
    return ownString(this.key());
  }

  /** The rest of a string holding an escape, decoded by JSON.parse itself (a fresh string). */
  private escaped(start: number): string {
    const t = this.t;
    const u = this.u;
    for (;;) {
      const c = u[this.i]!;
      if (c === 0x22) break;
      if (c === 0x5c) this.i++;
      else if (c < 0x20 || this.i >= this.n) giveUp();
      else if (c >= 0xd800 && c <= 0xdfff) this.pair(c);
      this.i++;
    }
    this.i++;
    try {
      return JSON.parse(t.slice(start - 1, this.i)) as string;
    } catch {
      return giveUp();
    }
  }

  /**
   * `role`: a string or null, as optString; a screen names a handful of roles over thousands of nodes,
   * so a name read before in this scan is matched in place and shared (no string made, and the role
   * look-up in finish() hashes it once).
   */
  private roleName(): string | null {
    const u = this.u;
    if (u[this.i]! === 0x22) {
      const from = this.i + 1;
      const kept = this.roleNames;
      for (let k = 0; k < kept.length; k++) {
        const name = kept[k]!;
        const len = name.length;
        if (u[from + len]! !== 0x22) continue;
        let j = 0;
        while (j < len && name.charCodeAt(j) === u[from + j]!) j++;
        if (j === len) { this.i = from + len + 1; return name; }
      }
      const name = this.string();
      // Only a name written without escapes is matched in place: its characters are then its text.
      if (kept.length < ROLE_NAMES && this.i - from - 1 === name.length) kept.push(name);
      return name;
    }
    return this.optString();
  }

  /** Role names read in this scan (roleName). */
  private readonly roleNames: string[] = [];

  private optString(): string | null {
    const c = this.u[this.i]!;
    if (c === 0x22) return this.string();
    if (c === 0x6e && same(this.u, this.i, NULL)) { this.i += 4; return null; }
    return giveUp();
  }

  /** true / false; null counts as false (as the careful reader's `optBool ?? false`). */
  private optBool(): boolean {
    const u = this.u;
    const c = u[this.i]!;
    if (c === 0x74 && same(u, this.i, TRUE)) { this.i += 4; return true; }
    if (c === 0x66 && same(u, this.i, FALSE)) { this.i += 5; return false; }
    if (c === 0x6e && same(u, this.i, NULL)) { this.i += 4; return false; }
    return giveUp();
  }

  /**
   * A JSON number (RFC 8259 grammar), finite. Digits are gathered into an integer mantissa as read; one
   * of at most 15 significant digits is exact, and so is 10^k for k ≤ 22, so one multiplication or
   * division by it rounds once, correctly (Clinger's fast path), which is Number() of the text. Anything
   * else is handed to Number().
   */
  private number(): number {
    const u = this.u;
    const start = this.i;
    let i = start;
    let c = u[i]!;
    const neg = c === 0x2d;
    if (neg) c = u[++i]!;
    let m = 0;
    let digits = 0; // significant ones (after leading zeros)
    if (c === 0x30) c = u[++i]!;
    else if (c >= 0x31 && c <= 0x39) {
      do { m = m * 10 + (c - 0x30); digits++; c = u[++i]!; } while (c >= 0x30 && c <= 0x39);
    } else giveUp();
    let exp = 0;
    if (c === 0x2e) {
      c = u[++i]!;
      if (!(c >= 0x30 && c <= 0x39)) giveUp();
      do {
        m = m * 10 + (c - 0x30);
        if (m !== 0) digits++;
        exp--;
        c = u[++i]!;
      } while (c >= 0x30 && c <= 0x39);
    }
    if (c === 0x65 || c === 0x45) {
      c = u[++i]!;
      const minus = c === 0x2d;
      if (minus || c === 0x2b) c = u[++i]!;
      if (!(c >= 0x30 && c <= 0x39)) giveUp();
      let e = 0;
      do { if (e < 1e4) e = e * 10 + (c - 0x30); c = u[++i]!; } while (c >= 0x30 && c <= 0x39);
      exp += minus ? -e : e;
    }
    this.i = i;
    let v: number;
    if (digits <= 15 && exp >= -22 && exp <= 22) v = exp < 0 ? m / POW10[-exp]! : m * POW10[exp]!;
    else v = Number(this.t.slice(neg ? start + 1 : start, i));
    if (!Number.isFinite(v)) giveUp();
    return neg ? -v : v;
  }

  /** `{x, y, width, height}`: finite, sizes ≥ 0, far edges finite; any other member gives up. */
  private xywh(): Rect {
    const r = this.compactRect(XYWH) ?? this.numbers(4);
    const b: Rect = new Box(r[0]!, r[1]!, r[2]!, r[3]!);
    if (b.width < 0 || b.height < 0 || !Number.isFinite(b.x + b.width) || !Number.isFinite(b.y + b.height)) giveUp();
    return b;
  }

  /**
   * `size`: null, or `{width, height}` ≥ 0 (x, y are the bounds', filled in by finish). Mostly a node is
   * laid out as large as it shows: then the rect is the node's `bounds` (read before), shared, as the
   * reference app's nodes share theirs (nothing writes to a read node's rects).
   */
  private size(bounds: Rect): Rect | null {
    const u = this.u;
    if (u[this.i]! === 0x6e && same(u, this.i, NULL)) { this.i += 4; return null; }
    const r = this.compactRect(WH) ?? this.numbers(2);
    const width = r[2]!, height = r[3]!;
    if (width < 0 || height < 0) giveUp();
    if (bounds !== NO_BOUNDS && Object.is(width, bounds.width) && Object.is(height, bounds.height)) return bounds;
    return new Box(0, 0, width, height);
  }

  private readonly slots = [NaN, NaN, NaN, NaN];

  /**
   * A rect written as producers write it — compact, members in `form`'s order — into the slots
   * (`form` names slots 4 - length.. 3), or null with the cursor back where it was, for numbers() to
   * read whatever else it is.
   */
  private compactRect(form: readonly Lit[]): number[] | null {
    const u = this.u;
    const start = this.i;
    const s = this.slots;
    const last = form.length - 1;
    for (let k = 0; ; k++) {
      const piece = form[k]!;
      if (!this.at(piece, this.i)) { this.i = start; return null; }
      this.i += piece.length;
      if (k === last) return s;
      const c = u[this.i]!;
      if (!(c === 0x2d || (c >= 0x30 && c <= 0x39))) { this.i = start; return null; }
      s[k + 4 - last] = this.number();
    }
  }

  /**
   * Between a container's members: false (and past `close`) when it ends, else true with the cursor on
   * member `k` (past the comma that must separate it from the one before).
   */
  private more(k: number, close: number): boolean {
    this.ws();
    const c = this.u[this.i]!;
    if (c === close) { this.i++; return false; }
    if (k > 0) {
      if (c !== 0x2c) giveUp();
      this.i++;
      this.ws();
    }
    return true;
  }

  /** The cursor must be on `open`; steps past it. */
  private open(open: number): void {
    if (this.u[this.i]! !== open) giveUp();
    this.i++;
  }

  /** The cursor must be on a member name's opening quote. */
  private quote(): void {
    if (this.u[this.i]! !== 0x22) giveUp();
  }

  /** An object of numbers named x, y, width, height (`want` 4) or width, height (2), each exactly once. */
  private numbers(want: 2 | 4): number[] {
    const s = this.slots;
    s[0] = s[1] = s[2] = s[3] = NaN;
    this.open(0x7b);
    let got = 0;
    for (let k = 0; this.more(k, 0x7d); k++) {
      this.quote();
      let slot = this.member(RECT_KEYS);
      this.colon();
      if (want === 2 && slot < 2) slot = -1;
      if (slot < 0 || s[slot] === s[slot] /* already set (not NaN) */) giveUp();
      s[slot] = this.number();
      got++;
    }
    if (got !== want) giveUp();
    return s;
  }

  /**
   * `designToken`: null or `{tokens: string[], resolved: {string: string}}`, read as DesignTokenSchema does.
   * A screen carries a handful of distinct design tokens over thousands of nodes, so each one read in
   * this scan is kept (frozen, so no node can change another's) with its text: a node whose token is
   * spelt exactly as one already read shares that object. The text of a complete JSON object fixes its
   * value and its end, so a match needs no further check. The texts are copies of the code units,
   * dropped with the scanner; only the copied strings inside the objects are kept.
   */
  private designToken(): DesignToken | null {
    const u = this.u;
    const start = this.i;
    if (u[start]! === 0x6e && same(u, start, NULL)) { this.i += 4; return null; }
    if (this.tokenMisses < TOKEN_TRIES || this.tokenHits > this.tokenMisses) {
      const print = this.print(start);
      const bucket = this.tokenBuckets.get(print);
      if (bucket !== undefined) {
        for (let k = 0; k < bucket.length; k++) {
          const kept = bucket[k]!;
          if (!this.at(kept.text, start)) continue;
          this.i = start + kept.text.length;
          this.tokenHits++;
          if (k > 0) { bucket[k] = bucket[0]!; bucket[0] = kept; } // the most read one first
          return kept.token;
        }
      }
      this.tokenMisses++;
      const token = this.freshToken();
      if (this.tokenCount++ < TOKEN_SLOTS) {
        const entry = { text: lit(u.subarray(start, this.i)), token };
        if (bucket === undefined) this.tokenBuckets.set(print, [entry]);
        else bucket.push(entry);
      }
      return token;
    }
    return this.freshToken();
  }

  /** Design tokens read in this scan with their texts, by the print of their first characters (designToken). */
  private readonly tokenBuckets = new Map<number, Array<{ text: Lit; token: DesignToken }>>();
  private tokenCount = 0;
  private tokenHits = 0;
  private tokenMisses = 0;

  /**
   * The characters PRINT_FROM..PRINT_TO of the text at `at`, mixed into a number: inside every design
   * token's text (the shortest, `{"tokens":[],"resolved":{}}`, has 27), so a kept text and the text at a
   * node carrying it give the same print.
   */
  private print(at: number): number {
    const u = this.u;
    let h = 0;
    const to = Math.min(at + PRINT_TO, this.n - 1);
    for (let k = at + PRINT_FROM; k <= to; k++) h = (Math.imul(h, 31) + u[k]!) | 0;
    return h;
  }

  private freshToken(): DesignToken {
    this.open(0x7b);
    let tokens: string[] | null = null;
    let resolved: Record<string, string> | null = null;
    for (let k = 0; this.more(k, 0x7d); k++) {
      this.quote();
      const code = this.member(TOKEN_KEYS);
      this.colon();
      if (code === 0 && tokens === null) tokens = this.strings();
      else if (code === 1 && resolved === null) resolved = this.stringRecord();
      else giveUp(); // another member (the schema would strip it) or a repeat: the careful reader decides
    }
    if (tokens === null || resolved === null) giveUp();
    return Object.freeze({ tokens: Object.freeze(tokens!) as string[], resolved: Object.freeze(resolved!) });
  }

  private strings(): string[] {
    this.open(0x5b);
    const out: string[] = [];
    for (let k = 0; this.more(k, 0x5d); k++) {
      this.quote();
      out.push(this.string());
    }
    return out;
  }

  private stringRecord(): Record<string, string> {
    this.open(0x7b);
    const out: Record<string, string> = {};
    for (let k = 0; this.more(k, 0x7d); k++) {
      const key = this.newKey(out);
      this.quote();
      out[key] = this.string();
    }
    return out;
  }

  /** A member name of a generic object, copied (it is kept), with its colon: a repeat or `__proto__` gives up. */
  private newKey(into: object): string {
    this.quote();
    const key = ownString(this.key());
    if (key === '__proto__' || Object.hasOwn(into, key)) giveUp();
    this.colon();
    return key;
  }

  /** Any JSON value, as JSON.parse would give it; `depth` is its nesting level (the limit gives up). */
  private value(depth: number): unknown {
    const u = this.u;
    const c = u[this.i]!;
    if (c === 0x22) return this.string();
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    if (c === 0x74 && same(u, this.i, TRUE)) { this.i += 4; return true; }
    if (c === 0x66 && same(u, this.i, FALSE)) { this.i += 5; return false; }
    if (c === 0x6e && same(u, this.i, NULL)) { this.i += 4; return null; }
    if (depth > MAX_EXTRA_DEPTH) giveUp();
    if (c === 0x5b) {
      this.i++;
      const out: unknown[] = [];
      for (let k = 0; this.more(k, 0x5d); k++) out.push(this.value(depth + 1));
      return out;
    }
    if (c === 0x7b) {
      this.i++;
      const out: JsonObject = {};
      for (let k = 0; this.more(k, 0x7d); k++) {
        const key = this.newKey(out);
        out[key] = this.value(depth + 1);
      }
      return out;
    }
    return giveUp();
  }
}
