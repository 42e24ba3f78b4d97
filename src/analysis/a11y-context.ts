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
import { mergedView } from '../facts/merged-view.js';
import { compositeOver, parseColor, type Rgba } from '../common/color.js';
import { FACT } from '../facts/node-facts.js';
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
} as const;
export const K_CLICK_LIKE = K.CLICK | K.LONG_CLICK | K.EDITABLE;
export const K_ACTIONABLE = K_CLICK_LIKE | K.FOCUSABLE;

/** What node n is, from its facts (`facts`: its FACT bits, node-facts.ts), the role it has in the merged view, and what only the audit asks. */
function kindOf(n: Node, facts: number, role: Node['role']): number {
  let k = 0;
  if (facts & FACT.CLICK) k |= K.CLICK;
  if (facts & FACT.LONG_CLICK) k |= K.LONG_CLICK;
  if (facts & FACT.EDITABLE) k |= K.EDITABLE;
  if (n.focusable) k |= K.FOCUSABLE;
  if (facts & FACT.ON_SCREEN) k |= K.ON_SCREEN;
  if (n.contentDescription) k |= K.DESC;
  if (role === 'Button') k |= K.ROLE_BUTTON;
  else if (role === 'Image') k |= K.ROLE_IMAGE;
  else if (role === 'TextField') k |= K.ROLE_TEXT_FIELD;
  return k;
}

/** Shows text itself: text, editable text or a hint (what text-contrast measures, and what makes `color` a text colour). */
export function showsText(n: Node): boolean {
  return !!(n.text?.trim() || n.editableText?.trim() || n.hint?.trim());
}

export const FOREGROUND_KEYS = ['textColor', 'contentColor'] as const;
export const BACKGROUND_KEYS = ['background', 'backgroundColor', 'containerColor'] as const;
const FOREGROUND_KEYS_TEXT = [...FOREGROUND_KEYS, 'color'] as const;
const BACKGROUND_KEYS_NO_TEXT = [...BACKGROUND_KEYS, 'color'] as const;
const CONTENT_KEYS = ['contentColor'] as const;
const COLOR_KEYS = [...FOREGROUND_KEYS, ...BACKGROUND_KEYS, 'color'] as const;

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
 * Per-node facts live in typed arrays indexed by document order (colours as indexes into a small
 * palette): for a large n, V8 gives `new Array(n)` slow dictionary elements, and arrays of objects
 * cost the collector; typed arrays keep the audit linear at 100,000 nodes.
 */
export class AuditContext {
  readonly index: SnapshotIndex;
  readonly nodes: readonly Node[];
  readonly roots: readonly Root[];
  readonly thresholds: A11yThresholds;
  readonly flags: Uint8Array;
  /** K bits: what each node is. */
  readonly kind: Uint16Array;
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
  /** One-slot memo of `speakable`: the per-node rules and the duplicate rules ask for the same node in turn. */
  memoAt = NONE;
  memoText = '';

  constructor(snapshot: Snapshot, init: ContextInit) {
    const index = indexSnapshot(snapshot);
    const view = mergedView(snapshot);
    const facts = index.facts.flags;
    this.index = index;
    this.nodes = index.nodes;
    this.roots = snapshot.roots;
    this.thresholds = init.thresholds;
    const count = index.nodes.length;
    const flagsOf = (this.flags = new Uint8Array(count));
    const kindAt = (this.kind = new Uint16Array(count));
    const rootIndex = (this.rootIndex = new Int32Array(count));
    const targetOk = (this.targetOk = new Uint8Array(count));
    const fgAt = (this.fgAt = new Int32Array(count).fill(NONE));
    const bgAt = (this.bgAt = new Int32Array(count).fill(NONE));
    const contentAt = new Int32Array(count).fill(NONE);
    const parentIdx = new Int32Array(count);
    /** What a node passes down to its children: its own inheritable flags plus what it is. */
    const down = new Uint8Array(count);

    if (init.within) {
      const start = index.order.get(init.within);
      if (start === undefined) {
        throw new TargetError('invalid_arguments', `audit: the \`within\` node #${init.within.id} is not part of this snapshot`, {
          hint: 'Pass a node of the snapshot being audited (resolve the locator against that capture).',
        });
      }
      this.scopeStart = start;
      this.scopeEnd = index.subtreeEnd.get(init.within)!;
    } else {
      this.scopeStart = 0;
      this.scopeEnd = count;
    }

    const { ignore, meetsTarget } = init;
    const INHERITED = F.UNDER_ACTIONABLE | F.UNDER_SCROLLABLE | F.BIG_CLICK_ANCESTOR | F.BIG_LONG_CLICK_ANCESTOR | F.IGNORED | F.HIDDEN;

    // Top-down, in pre-order (the index's document order: roots bottom first, children in order), with
    // an explicit stack of nodes and their parents' positions, so no per-node map lookups are needed.
    let i = 0;
    const stack: Node[] = [];
    const parents: number[] = [];
    for (let k = 0; k < snapshot.roots.length; k++) {
      stack.push(snapshot.roots[k]!.node);
      parents.push(NONE);
      while (stack.length) {
        const n = stack.pop()!;
        const pi = parents.pop()!;
        if (index.nodes[i] !== n) {
          // The index is cached per snapshot object: a tree changed after a locator or audit read it no longer matches.
          throw new TargetError('invalid_arguments', `audit: node #${n.id} is not where the snapshot's index has it: the snapshot was changed after it was first read`, {
            where: snapshot.source,
            hint: 'Treat snapshots as immutable: capture a new one, or build a new snapshot (makeSnapshot) from the changed roots.',
          });
        }
        rootIndex[i] = k;
        parentIdx[i] = pi;
        let flags = pi >= 0 ? down[pi]! : 0;
        let bg = pi >= 0 ? bgAt[pi]! : NONE;
        let content = pi >= 0 ? contentAt[pi]! : NONE;
        if (!(flags & F.IGNORED) && ignore?.(n)) flags |= F.IGNORED;
        if (!(facts[i]! & FACT.VISIBLE)) flags |= F.HIDDEN;
        flagsOf[i] = flags;

        const resolved = n.designToken?.resolved;
        if (resolved) {
          const text = showsText(n);
          for (const key of COLOR_KEYS) {
            const value = resolved[key];
            if (value !== undefined && this.colorIndex(value) === NONE) {
              const list = this.badColors.get(i);
              if (list) list.push({ key, value });
              else this.badColors.set(i, [{ key, value }]);
            }
          }
          // An unreadable background makes what is beneath unknown, rather than the ancestor's colour.
          const ownBg = this.colorOf(resolved, text ? BACKGROUND_KEYS : BACKGROUND_KEYS_NO_TEXT);
          if (ownBg !== undefined) bg = this.layer(ownBg, bg);
          const ownContent = this.colorOf(resolved, CONTENT_KEYS);
          if (ownContent !== undefined) content = ownContent;
          const ownFg = this.colorOf(resolved, text ? FOREGROUND_KEYS_TEXT : FOREGROUND_KEYS);
          fgAt[i] = ownFg === undefined ? content : ownFg;
        } else {
          fgAt[i] = content;
        }
        bgAt[i] = bg;
        contentAt[i] = content;

        // The rules judge the merged view: a control by the role it took, and a role child merged
        // into its control is never reported (it is part of that control, not a node of its own).
        const kind = (kindAt[i] = kindOf(n, facts[i]!, view.roleAt(i)));
        if (view.mergedInto(i) >= 0) flagsOf[i] = flags | F.IGNORED;
        let pass = flags & INHERITED;
        if (kind & K_ACTIONABLE) pass |= F.UNDER_ACTIONABLE;
        if (n.scrollable) pass |= F.UNDER_SCROLLABLE;
        if (kind & K_CLICK_LIKE && kind & K.ON_SCREEN && meetsTarget(this, i)) {
          targetOk[i] = 1;
          if (kind & K.CLICK) pass |= F.BIG_CLICK_ANCESTOR;
          if (kind & K.LONG_CLICK) pass |= F.BIG_LONG_CLICK_ANCESTOR;
        }
        down[i] = pass;

        for (let c = n.children.length - 1; c >= 0; c--) {
          stack.push(n.children[c]!);
          parents.push(i);
        }
        i++;
      }
    }

    // Bottom-up: reverse pre-order visits every child before its parent.
    for (let j = count - 1; j > 0; j--) {
      const pi = parentIdx[j]!;
      if (pi < 0) continue;
      if (flagsOf[j]! & F.ACTIONABLE_DESCENDANT || kindAt[j]! & K_ACTIONABLE) flagsOf[pi] = flagsOf[pi]! | F.ACTIONABLE_DESCENDANT;
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

  /** The node's text colour (its own, or the content colour it inherits); null when unknown. */
  foreground(i: number): Rgba | null {
    const at = this.fgAt[i]!;
    return at === NONE ? null : this.palette[at]!;
  }

  /** The opaque background the node is drawn on; null when unknown. */
  background(i: number): Rgba | null {
    const at = this.bgAt[i]!;
    return at === NONE ? null : this.palette[at]!;
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

  /** The first of `keys` present in `resolved`: undefined when none is, NONE when it is not a colour. */
  private colorOf(resolved: Record<string, string>, keys: readonly string[]): number | undefined {
    for (const key of keys) {
      const value = resolved[key];
      if (value !== undefined) return this.colorIndex(value);
    }
    return undefined;
  }

  /** A background painted over what lies beneath: opaque replaces it, translucent is composited over it. */
  private layer(own: number, beneath: number): number {
    if (own === NONE) return NONE;
    const c = this.palette[own]!;
    if (c.a >= 1) return own;
    if (beneath === NONE) return NONE;
    return this.palette.push(compositeOver(c, this.palette[beneath]!)) - 1;
  }
}
