/**
 * The facts the accessibility rules read, computed for every node of a snapshot in two linear passes
 * over the snapshot index's document order: top-down for what a node inherits (its background, the
 * content colour, its actionable / scrollable / big-clickable ancestors, ignore), bottom-up for whether
 * it has actionable descendants. No rule rescans a subtree or walks up the ancestors.
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
 * Values: `#RGB`, `#RRGGBB`, `#AARRGGBB` (alpha first). A value that is not a colour is reported, not skipped.
 */
import type { Node, Root, Snapshot } from '../model/schema.js';
import { indexSnapshot, type SnapshotIndex } from '../query/snapshot-index.js';
import { compositeOver, parseColor, type Rgba } from './color.js';
import { isEmptyRect } from './geometry.js';
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
} as const;

export const FOREGROUND_KEYS = ['textColor', 'contentColor'] as const;
export const BACKGROUND_KEYS = ['background', 'backgroundColor', 'containerColor'] as const;
const FOREGROUND_KEYS_TEXT = [...FOREGROUND_KEYS, 'color'] as const;
const BACKGROUND_KEYS_NO_TEXT = [...BACKGROUND_KEYS, 'color'] as const;
const CONTENT_KEYS = ['contentColor'] as const;
const COLOR_KEYS = [...FOREGROUND_KEYS, ...BACKGROUND_KEYS, 'color'] as const;

export function isClick(n: Node): boolean {
  return n.clickable || n.actions.includes('Click');
}
export function isLongClick(n: Node): boolean {
  return n.longClickable || n.actions.includes('LongClick');
}
/** What the touch-target rule measures: anything a finger is meant to hit. */
export function isClickLike(n: Node): boolean {
  return isClick(n) || isLongClick(n) || n.editable;
}
/** ATF's "actionable for accessibility" (clickable, long-clickable, focusable), plus editable: a focus stop. */
export function isActionable(n: Node): boolean {
  return isClickLike(n) || n.focusable;
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

export class AuditContext {
  readonly index: SnapshotIndex;
  readonly nodes: readonly Node[];
  readonly roots: readonly Root[];
  readonly thresholds: A11yThresholds;
  readonly flags: Uint8Array;
  readonly rootIndex: Int32Array;
  /** 1 when the node is click-like and meets its touch-target minimum (on-screen bounds). */
  readonly targetOk: Uint8Array;
  /** The node's text colour (own or inherited content colour); null when unknown. */
  readonly foreground: Array<Rgba | null>;
  /** The opaque background the node is drawn on; null when unknown. */
  readonly background: Array<Rgba | null>;
  /** Memo of each node's speakable text (a11y-rules.ts `speakable`), filled on first use. */
  readonly speakable: Array<string | undefined>;
  /** Colour values that are not colours, by node. */
  readonly badColors = new Map<number, BadColor[]>();
  readonly scopeStart: number;
  readonly scopeEnd: number;

  constructor(snapshot: Snapshot, init: ContextInit) {
    const index = indexSnapshot(snapshot);
    this.index = index;
    this.nodes = index.nodes;
    this.roots = snapshot.roots;
    this.thresholds = init.thresholds;
    const count = index.nodes.length;
    this.flags = new Uint8Array(count);
    this.rootIndex = new Int32Array(count);
    this.targetOk = new Uint8Array(count);
    this.speakable = new Array<string | undefined>(count);
    this.foreground = new Array<Rgba | null>(count).fill(null);
    this.background = new Array<Rgba | null>(count).fill(null);
    const content = new Array<Rgba | null>(count).fill(null);
    const parentIdx = new Int32Array(count);

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

    const { ignore } = init;
    /** What a node passes down to its children: its own inheritable flags plus what it is. */
    const down = new Uint8Array(count);
    const INHERITED = F.UNDER_ACTIONABLE | F.UNDER_SCROLLABLE | F.BIG_CLICK_ANCESTOR | F.BIG_LONG_CLICK_ANCESTOR | F.IGNORED;

    // Top-down, in pre-order (the index's document order: roots bottom first, children in order), with
    // an explicit stack of nodes and their parents' positions, so no per-node map lookups are needed.
    let i = 0;
    const stack: Node[] = [];
    const parents: number[] = [];
    for (let k = 0; k < snapshot.roots.length; k++) {
      stack.push(snapshot.roots[k]!.node);
      parents.push(-1);
      while (stack.length) {
        const n = stack.pop()!;
        const pi = parents.pop()!;
        if (index.nodes[i] !== n) throw new Error('a11y: snapshot index out of step with the snapshot (was it mutated after indexing?)');
        this.rootIndex[i] = k;
        parentIdx[i] = pi;
        let flags = pi >= 0 ? down[pi]! : 0;
        let bg = pi >= 0 ? this.background[pi]! : null;
        let inheritedContent = pi >= 0 ? content[pi]! : null;
        if (!(flags & F.IGNORED) && ignore?.(n)) flags |= F.IGNORED;
        this.flags[i] = flags;

        const resolved = n.designToken?.resolved;
        if (resolved) {
          const showsText = !!(n.text?.trim() || n.editableText?.trim() || n.hint?.trim());
          for (const key of COLOR_KEYS) {
            const value = resolved[key];
            if (value !== undefined && !parseColor(value)) {
              const list = this.badColors.get(i);
              if (list) list.push({ key, value });
              else this.badColors.set(i, [{ key, value }]);
            }
          }
          // An unreadable background makes what is beneath unknown, rather than the ancestor's colour.
          const ownBg = this.colorOf(resolved, showsText ? BACKGROUND_KEYS : BACKGROUND_KEYS_NO_TEXT);
          if (ownBg !== undefined) bg = ownBg === null ? null : ownBg.a >= 1 ? ownBg : bg ? compositeOver(ownBg, bg) : null;
          const ownContent = this.colorOf(resolved, CONTENT_KEYS);
          if (ownContent !== undefined) inheritedContent = ownContent;
          const ownFg = this.colorOf(resolved, showsText ? FOREGROUND_KEYS_TEXT : FOREGROUND_KEYS);
          this.foreground[i] = ownFg === undefined ? inheritedContent : ownFg;
        } else {
          this.foreground[i] = inheritedContent;
        }
        this.background[i] = bg;
        content[i] = inheritedContent;

        let pass = flags & INHERITED;
        const click = isClick(n), long = isLongClick(n);
        if (click || long || n.editable || n.focusable) pass |= F.UNDER_ACTIONABLE;
        if (n.scrollable) pass |= F.UNDER_SCROLLABLE;
        if ((click || long || n.editable) && n.visible && !isEmptyRect(n.bounds) && init.meetsTarget(this, i)) {
          this.targetOk[i] = 1;
          if (click) pass |= F.BIG_CLICK_ANCESTOR;
          if (long) pass |= F.BIG_LONG_CLICK_ANCESTOR;
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
    for (let i = count - 1; i > 0; i--) {
      const pi = parentIdx[i]!;
      if (pi < 0) continue;
      if (this.flags[i]! & F.ACTIONABLE_DESCENDANT || isActionable(index.nodes[i]!)) this.flags[pi] = this.flags[pi]! | F.ACTIONABLE_DESCENDANT;
    }
  }

  rootOf(i: number): Root {
    return this.roots[this.rootIndex[i]!]!;
  }

  /** In the audited subtree and not ignored. */
  reportable(i: number): boolean {
    return i >= this.scopeStart && i < this.scopeEnd && !(this.flags[i]! & F.IGNORED);
  }

  /** The first of `keys` present in `resolved`, parsed: undefined when none is present, null when it is not a colour. */
  private colorOf(resolved: Record<string, string>, keys: readonly string[]): Rgba | null | undefined {
    for (const key of keys) {
      const value = resolved[key];
      if (value !== undefined) return parseColor(value);
    }
    return undefined;
  }
}
