/**
 * The facts the accessibility rules read, computed for every node of a snapshot in two linear passes
 * over the snapshot index's document order: top-down for what a node is (kind bits) and what it inherits
 * (its background, the content colour, its actionable / scrollable / big-clickable ancestors, ignore),
 * bottom-up for whether it has actionable descendants. No rule rescans a subtree or walks up ancestors.
 *
 * Colour keys in `designToken.resolved` (what an app or importer should emit for text-contrast to run):
 * - Text colour, on the text node: `textColor`, then `contentColor`, then `color` — `color` is the text
 *   colour only on a node that shows text itself (text, editable text or hint), as Compose's
 *   `Text(color = …)`; on any other node it is a background.
 * - Content colour, inherited: a `contentColor` on a container is the text colour of every text node
 *   below it that names none itself (Compose's LocalContentColor, set by Surface / Button).
 * - Background, on the node or its nearest ancestor that has one: `background`, `backgroundColor`,
 *   `containerColor`, then `color` on a node that shows no text (Surface(color = …), a card's colour).
 *   A translucent background is composited over the background beneath it; with nothing known beneath,
 *   the background stays unknown.
 * Values: `#RGB`, `#ARGB`, `#RRGGBB`, `#AARRGGBB` (alpha first, color.ts). A value that is not a colour is
 * reported (text-contrast, one step below its severity), not skipped.
 * Text size, on the text node: `fontSize` ("18sp", "18.0sp", Compose's "18.0.sp", ".5sp"; dp and pt read
 * as sp, px divided by the density) and `fontWeight` ("bold", "FontWeight.Bold", "700", "W700",
 * "FontWeight(weight=700)"; bold is ≥ 700), read by values.ts; large text is ≥ 18 sp, or ≥ 14 sp bold.
 */
import type { Node, Root, Snapshot } from '../model/schema.js';
import { indexSnapshot, type SnapshotIndex } from '../query/snapshot-index.js';
import { mergedView, type MergedView } from '../facts/merged-view.js';
import { compositeOver, contrastRatio, formatColor, parseColor, type Rgba } from '../common/color.js';
import { changedNode, FACT, nodeFactsNow, roleCode, type NodeFacts } from '../facts/node-facts.js';
import { TargetError } from '../errors.js';
import type { A11yThresholds } from './a11y-rules.js';

/** Per-node flag bits. */
export const F = {
  /** Some ancestor is actionable: a screen reader speaks this node as part of that focus stop. */
  UNDER_ACTIONABLE: 1,
  /** Some ancestor scrolls. */
  UNDER_SCROLLABLE: 2,
  /** Some clickable ancestor meets its own touch-target minimum. */
  BIG_CLICK_ANCESTOR: 4,
  BIG_LONG_CLICK_ANCESTOR: 8,
  /** The node or an ancestor is ignored: never reported (still context for the duplicate rules). */
  IGNORED: 16,
  /** Some descendant is actionable. */
  ACTIONABLE_DESCENDANT: 32,
  /**
   * The node or an ancestor is invisible: what reachability counts as invisible (no tap point), so a
   * control under a hidden parent is neither on screen for the rules nor tappable.
   */
  HIDDEN: 64,
} as const;

/**
 * What a node is, as bits computed once in the context pass: the rules test these before they touch
 * the node object, so the many nodes no rule is about cost a few typed-array reads.
 */
export const K = {
  CLICK: 1,
  LONG_CLICK: 2,
  EDITABLE: 4,
  FOCUSABLE: 8,
  /** Visible, as are all its ancestors, with a non-empty on-screen box. */
  ON_SCREEN: 16,
  /** A non-empty content description. */
  DESC: 32,
  ROLE_BUTTON: 64,
  ROLE_IMAGE: 128,
  ROLE_TEXT_FIELD: 256,
  /** Shows text, and both its text colour and the background beneath are known: what text-contrast measures. */
  TEXT_ON_COLOURS: 512,
} as const;
export const K_CLICK_LIKE = K.CLICK | K.LONG_CLICK | K.EDITABLE;
export const K_ACTIONABLE = K_CLICK_LIKE | K.FOCUSABLE;

const BUTTON = roleCode('Button'), IMAGE = roleCode('Image'), TEXT_FIELD = roleCode('TextField');

/**
 * What a node is, from its FACT bits and the code of the role it has in the merged view (node-facts.ts):
 * the facts store has read the node already, so most nodes are judged without touching them again.
 */
function kindOf(facts: number, role: number): number {
  let k = 0;
  if (facts & FACT.CLICK) k |= K.CLICK;
  if (facts & FACT.LONG_CLICK) k |= K.LONG_CLICK;
  if (facts & FACT.EDITABLE) k |= K.EDITABLE;
  if (facts & FACT.FOCUSABLE) k |= K.FOCUSABLE;
  if (facts & FACT.ON_SCREEN) k |= K.ON_SCREEN;
  if (facts & FACT.DESCRIBED) k |= K.DESC;
  if (role === BUTTON) k |= K.ROLE_BUTTON;
  else if (role === IMAGE) k |= K.ROLE_IMAGE;
  else if (role === TEXT_FIELD) k |= K.ROLE_TEXT_FIELD;
  return k;
}

/** Shows text itself: text, editable text or a hint (what text-contrast measures, and what makes `color` a text colour). */
function showsText(n: Node): boolean {
  return !!(n.text?.trim() || n.editableText?.trim() || n.hint?.trim());
}

/** The colour keys of `designToken.resolved` (the header says what each means), in the order unreadable ones are reported. */
const COLOR_KEYS = ['textColor', 'contentColor', 'background', 'backgroundColor', 'containerColor', 'color'] as const;
const TEXT_COLOR = 0, CONTENT_COLOR = 1, BACKGROUND = 2, BACKGROUND_COLOR = 3, CONTAINER_COLOR = 4, COLOR = 5;
const SLOT_OF = new Map<string, number>(COLOR_KEYS.map((k, s) => [k, s]));
/** A colour key the node does not carry (a carried one holds its palette index, or NONE when it is not a colour). */
const ABSENT = -2;

/** Text colour on background: what text-contrast measures (AuditContext.contrast). */
export interface Contrast {
  fg: Rgba;
  bg: Rgba;
  /** The text colour as seen: composited over the background. */
  shown: Rgba;
  ratio: number;
  /** The three as findings spell them (formatColor), made once per pair. */
  names: { fg: string; shown: string; bg: string };
}

export interface BadColor {
  key: string;
  value: string;
}

export interface ContextInit {
  thresholds: A11yThresholds;
  within?: Node;
  ignore?: (node: Node) => boolean;
  /** Whether click-like node i meets its touch-target minimum (feeds the big-clickable-ancestor flags). */
  meetsTarget: (c: AuditContext, i: number) => boolean;
}

const NONE = -1;

/**
 * Bottom-up: reverse pre-order visits every child before its parent. A function of its own, as each of
 * the context's passes is: V8 compiles a hot loop in a once-called function on its own (on-stack
 * replacement) and keeps that code; code after the loop that had not run when it was compiled made it
 * deoptimize on every audit (`node --trace-deopt`).
 */
function markActionableAncestors(parentIdx: Int32Array, flagsOf: Uint8Array, kindAt: Uint16Array): void {
  for (let j = parentIdx.length - 1; j > 0; j--) {
    const pi = parentIdx[j]!;
    if (pi < 0) continue;
    if (flagsOf[j]! & F.ACTIONABLE_DESCENDANT || kindAt[j]! & K_ACTIONABLE) flagsOf[pi] = flagsOf[pi]! | F.ACTIONABLE_DESCENDANT;
  }
}

/**
 * Per-node facts live in typed arrays indexed by document order (colours as indexes into a small
 * palette): for a large n, V8 gives `new Array(n)` slow dictionary elements, and arrays of objects
 * cost the collector; typed arrays keep the audit linear at 100,000 nodes.
 */
export class AuditContext {
  readonly index: SnapshotIndex;
  /** The facts store the index is built on (node-facts.ts): bits and bounds by document order. */
  readonly facts: NodeFacts;
  readonly nodes: readonly Node[];
  readonly roots: readonly Root[];
  readonly thresholds: A11yThresholds;
  readonly flags: Uint8Array;
  /** K bits: what each node is. */
  readonly kind: Uint16Array;
  /** The window of each node, as its index in `roots` (the facts store's column). */
  readonly rootIndex: Int32Array;
  /** 1 when the node is click-like and meets its touch-target minimum (on-screen bounds). */
  readonly targetOk: Uint8Array;
  /** Colour values that are not colours, by node. */
  readonly badColors = new Map<number, BadColor[]>();
  readonly scopeStart: number;
  readonly scopeEnd: number;
  private readonly fgAt: Int32Array;
  private readonly bgAt: Int32Array;
  private readonly palette: Rgba[] = [];
  /** Colour text → palette index (NONE when it is not a colour): each distinct value is parsed once. */
  private readonly parsed = new Map<string, number>();
  /**
   * By `resolved` object: its colour keys by COLOR_KEYS position (readColors), null when it has none.
   * A screen shares a few resolved objects over many nodes (an importer gives nodes spelt alike one
   * object), so each is read once per audit; the snapshot is not changed while it is audited.
   */
  private readonly slotsOf = new Map<Record<string, string>, Int32Array | null>();
  /** By text colour's palette index, then background's: their contrast (`contrast`). */
  private readonly contrasts: Array<Map<number, Contrast> | undefined> = [];
  /** By translucent background's palette index, then what lies beneath: the composite's (`layer`). */
  private readonly layers: Array<Map<number, number> | undefined> = [];
  /** One-slot memo of `speakable`: the per-node rules and the duplicate rules ask for the same node in turn. */
  memoAt = NONE;
  memoText = '';

  constructor(snapshot: Snapshot, init: ContextInit) {
    const { fresh } = nodeFactsNow(snapshot);
    const index = indexSnapshot(snapshot);
    const view = mergedView(snapshot);
    const facts = (this.facts = index.facts);
    // Facts read earlier (by a locator, a previous audit) are of the tree as it was then.
    const moved = fresh ? null : changedNode(snapshot, facts);
    if (moved) {
      throw new TargetError('invalid_arguments', `audit: node #${moved.id} is not where the snapshot's index has it: the snapshot's structure was changed after it was first read`, {
        where: snapshot.source,
        hint: 'Treat snapshots as immutable: capture a new one, or build a new snapshot (makeSnapshot) from the changed roots.',
      });
    }
    const nodes = (this.nodes = index.nodes);
    this.index = index;
    this.roots = snapshot.roots;
    this.thresholds = init.thresholds;
    this.rootIndex = facts.rootOf;
    const count = nodes.length;
    this.flags = new Uint8Array(count);
    this.kind = new Uint16Array(count);
    this.targetOk = new Uint8Array(count);
    this.fgAt = new Int32Array(count).fill(NONE);
    this.bgAt = new Int32Array(count).fill(NONE);
    const contentAt = new Int32Array(count).fill(NONE);
    /** What a node passes down to its children: its own inheritable flags plus what it is. */
    const down = new Uint8Array(count);

    if (init.within) {
      // A scan, not the node → order Map: it is asked for one node.
      const start = nodes.indexOf(init.within);
      if (start < 0) {
        throw new TargetError('invalid_arguments', `audit: the \`within\` node #${init.within.id} is not part of this snapshot`, {
          hint: 'Pass a node of the snapshot being audited (resolve the locator against that capture).',
        });
      }
      this.scopeStart = start;
      this.scopeEnd = facts.ends[start]!;
    } else {
      this.scopeStart = 0;
      this.scopeEnd = count;
    }

    this.inherit(init, view, contentAt, down);
    markActionableAncestors(facts.parent, this.flags, this.kind);
  }

  /**
   * Top-down: document order is pre-order, so a parent always comes before its children. Its own
   * method for the reason markActionableAncestors gives.
   */
  private inherit(init: ContextInit, view: MergedView, contentAt: Int32Array, down: Uint8Array): void {
    const { nodes, facts, flags: flagsOf, kind: kindAt, targetOk, fgAt, bgAt } = this;
    const parentIdx = facts.parent, factsOf = facts.flags, roleOf = facts.role;
    const count = nodes.length;
    const merges = view.mergedCount > 0;
    const { ignore, meetsTarget } = init;
    const INHERITED = F.UNDER_ACTIONABLE | F.UNDER_SCROLLABLE | F.BIG_CLICK_ANCESTOR | F.BIG_LONG_CLICK_ANCESTOR | F.IGNORED | F.HIDDEN;

    for (let i = 0; i < count; i++) {
      const pi = parentIdx[i]!;
      const fact = factsOf[i]!;
      let flags = pi >= 0 ? down[pi]! : 0;
      let bg = pi >= 0 ? bgAt[pi]! : NONE;
      let content = pi >= 0 ? contentAt[pi]! : NONE;
      if (ignore && !(flags & F.IGNORED) && ignore(nodes[i]!)) flags |= F.IGNORED;
      if (!(fact & FACT.VISIBLE)) flags |= F.HIDDEN;
      flagsOf[i] = flags;

      let fg = content;
      let text: boolean | undefined;
      const resolved = fact & FACT.DESIGN_TOKEN ? nodes[i]!.designToken?.resolved : undefined;
      const slot = resolved ? this.readColors(resolved, i) : null;
      if (slot) {
        // `color` is the text colour of a node that shows text, else its background.
        const colorIsText = slot[COLOR] !== ABSENT && (text = showsText(nodes[i]!));
        // An unreadable background makes what is beneath unknown, rather than the ancestor's colour.
        const ownBg = first(slot, BACKGROUND, BACKGROUND_COLOR, CONTAINER_COLOR, colorIsText ? ABSENT : COLOR);
        if (ownBg !== ABSENT) bg = this.layer(ownBg, bg);
        if (slot[CONTENT_COLOR] !== ABSENT) content = slot[CONTENT_COLOR]!;
        const ownFg = first(slot, TEXT_COLOR, CONTENT_COLOR, colorIsText ? COLOR : ABSENT, ABSENT);
        fg = ownFg !== ABSENT ? ownFg : content;
      }
      fgAt[i] = fg;
      bgAt[i] = bg;
      contentAt[i] = content;

      // The rules judge the merged view: a control by the role it took, and a role child merged
      // into its control is never reported (it is part of that control, not a node of its own).
      const roleChild = merges ? view.roleChild(i) : -1;
      let kind = kindOf(fact, roleOf[roleChild >= 0 ? roleChild : i]!);
      if (fg !== NONE && bg !== NONE && (text ?? showsText(nodes[i]!))) kind |= K.TEXT_ON_COLOURS;
      kindAt[i] = kind;
      if (merges && view.mergedInto(i) >= 0) flagsOf[i] = flags | F.IGNORED;
      let pass = flags & INHERITED;
      if (kind & K_ACTIONABLE) pass |= F.UNDER_ACTIONABLE;
      if (fact & FACT.SCROLLABLE) pass |= F.UNDER_SCROLLABLE;
      if (kind & K_CLICK_LIKE && kind & K.ON_SCREEN && meetsTarget(this, i)) {
        targetOk[i] = 1;
        if (kind & K.CLICK) pass |= F.BIG_CLICK_ANCESTOR;
        if (kind & K.LONG_CLICK) pass |= F.BIG_LONG_CLICK_ANCESTOR;
      }
      down[i] = pass;
    }
  }

  rootOf(i: number): Root {
    return this.roots[this.rootIndex[i]!]!;
  }

  /** Whether node i has all of the K bits in `bits`. */
  is(i: number, bits: number): boolean {
    return (this.kind[i]! & bits) === bits;
  }
  /** Whether node i has any of the K bits in `bits`. */
  isAny(i: number, bits: number): boolean {
    return (this.kind[i]! & bits) !== 0;
  }

  /** In the audited subtree and not ignored. */
  reportable(i: number): boolean {
    return i >= this.scopeStart && i < this.scopeEnd && !(this.flags[i]! & F.IGNORED);
  }

  /**
   * Node i's text as drawn on its background (`shown`: the text colour composited over it) and their
   * contrast ratio; null when either colour is unknown. Computed once per pair of colours: a screen
   * draws most of its text in a few colours on a few backgrounds.
   */
  contrast(i: number): Contrast | null {
    const fg = this.fgAt[i]!, bg = this.bgAt[i]!;
    if (fg === NONE || bg === NONE) return null;
    const onBg = (this.contrasts[fg] ??= new Map());
    let hit = onBg.get(bg);
    if (!hit) {
      const f = this.palette[fg]!, b = this.palette[bg]!;
      const shown = compositeOver(f, b);
      const names = { fg: formatColor(f), shown: formatColor(shown), bg: formatColor(b) };
      onBg.set(bg, (hit = { fg: f, bg: b, shown, ratio: contrastRatio(shown, b), names }));
    }
    return hit;
  }

  private colorIndex(value: string): number {
    let at = this.parsed.get(value);
    if (at === undefined) {
      const c = parseColor(value);
      at = c ? this.palette.push(c) - 1 : NONE;
      this.parsed.set(value, at);
    }
    return at;
  }

  /**
   * The colour keys of node i's `resolved` (palette index, NONE, or ABSENT, by COLOR_KEYS position), the
   * unreadable ones added to `badColors`; null when it carries none. One pass over each distinct
   * object's few keys, rather than a look-up of every colour key in each.
   */
  private readColors(resolved: Record<string, string>, i: number): Int32Array | null {
    let slot = this.slotsOf.get(resolved);
    if (slot === undefined) {
      slot = null;
      for (const key in resolved) {
        const s = SLOT_OF.get(key);
        if (s === undefined) continue;
        slot ??= new Int32Array(COLOR_KEYS.length).fill(ABSENT);
        slot[s] = this.colorIndex(resolved[key]!);
      }
      this.slotsOf.set(resolved, slot);
    }
    if (!slot) return null;
    for (let s = 0; s < COLOR_KEYS.length; s++) {
      if (slot[s] !== NONE) continue;
      const key = COLOR_KEYS[s]!, bad = { key, value: resolved[key]! };
      const list = this.badColors.get(i);
      if (list) list.push(bad);
      else this.badColors.set(i, [bad]);
    }
    return slot;
  }

  /** A background painted over what lies beneath: opaque replaces it, translucent is composited over it. */
  private layer(own: number, beneath: number): number {
    if (own === NONE) return NONE;
    const c = this.palette[own]!;
    if (c.a >= 1) return own;
    if (beneath === NONE) return NONE;
    const over = (this.layers[own] ??= new Map());
    let at = over.get(beneath);
    if (at === undefined) over.set(beneath, (at = this.palette.push(compositeOver(c, this.palette[beneath]!)) - 1));
    return at;
  }
}

/** The first of four colour slots the node carries (ABSENT when none; ABSENT as a position is skipped). */
function first(slot: Int32Array, a: number, b: number, c: number, d: number): number {
  if (slot[a] !== ABSENT) return slot[a]!;
  if (slot[b] !== ABSENT) return slot[b]!;
  if (c !== ABSENT && slot[c] !== ABSENT) return slot[c]!;
  return d !== ABSENT ? slot[d]! : ABSENT;
}
