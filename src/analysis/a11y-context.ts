/**
 * What the accessibility rules read beyond the facts store, computed for every node of a snapshot in two
 * linear passes over the snapshot index's document order: top-down for what a node inherits (its
 * background, the content colour, its actionable / scrollable / big-clickable ancestors, ignore),
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
import type { Node, Role, Root, Snapshot } from '../model/schema.js';
import { indexSnapshot, type SnapshotIndex } from '../query/snapshot-index.js';
import { mergedView } from '../facts/merged-view.js';
import { compositeOver, contrastRatio, formatColor, parseColor, type Rgba } from '../common/color.js';
import { ACTIONABLE, changedNode, CLICK_LIKE, FACT, nodeFactsNow, type NodeFacts } from '../facts/node-facts.js';
import { TargetError } from '../errors.js';
import type { A11yThresholds } from './a11y-rules.js';
import type { A11yPlatform } from '../roles/platforms.js';

/**
 * What the audit works out per node beyond the facts store (node-facts.ts FACT, read with `is`): what
 * the node inherits from its ancestors, what its descendants are, and whether text-contrast can measure it.
 */
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
  /** Shows text, and both its text colour and the background beneath are known: what text-contrast measures. */
  TEXT_ON_COLOURS: 128,
} as const;

/** The F bits a node passes down to its children. */
const INHERITED = F.UNDER_ACTIONABLE | F.UNDER_SCROLLABLE | F.BIG_CLICK_ANCESTOR | F.BIG_LONG_CLICK_ANCESTOR | F.IGNORED | F.HIDDEN;

/** Shows text itself: text, editable text or a hint (what text-contrast measures, and what makes `color` a text colour). */
function showsText(n: Node): boolean {
  return !!(n.text?.trim() || n.editableText?.trim() || n.hint?.trim());
}

/** The colour keys of `designToken.resolved` (the header says what each means), in the order unreadable ones are reported. */
const COLOR_KEYS = ['textColor', 'contentColor', 'background', 'backgroundColor', 'containerColor', 'color'] as const;
type ColorKey = (typeof COLOR_KEYS)[number];
/** A node's colour keys: per key it carries, its palette index (NONE when the value is not a colour). */
type Colors = Partial<Record<ColorKey, number>>;

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
  /** Each root's platform, by its index in the snapshot's roots (a11y-platform.ts). */
  platforms: readonly A11yPlatform[];
  within?: Node;
  ignore?: (node: Node) => boolean;
  /** Whether click-like node i meets its touch-target minimum (feeds the big-clickable-ancestor flags). */
  meetsTarget: (c: AuditContext, i: number) => boolean;
}

/** No colour: unknown, or not a colour. */
const NONE = -1;

/**
 * What the rules read, per node by document order (the snapshot index's): the facts store's bits, the
 * role in the merged view, the F bits, the text and background colours (as indexes into a palette of
 * the distinct colours, so each pair's contrast is worked out once) and whether a click-like node
 * meets its touch-target minimum.
 */
export class AuditContext {
  readonly index: SnapshotIndex;
  /** The facts store the index is built on (node-facts.ts): bits and bounds by document order. */
  readonly facts: NodeFacts;
  readonly nodes: readonly Node[];
  readonly roots: readonly Root[];
  readonly thresholds: A11yThresholds;
  /** Each root's platform, whose rules judge its nodes (roles/platforms.ts). */
  readonly platforms: readonly A11yPlatform[];
  /** F bits. */
  readonly flags: Uint8Array;
  /** The window of each node, as its index in `roots` (the facts store's column). */
  readonly rootIndex: Int32Array;
  /** 1 when the node is click-like and meets its touch-target minimum (on-screen bounds). */
  readonly targetOk: Uint8Array;
  /** Colour values that are not colours, by node. */
  readonly badColors = new Map<number, BadColor[]>();
  readonly scopeStart: number;
  readonly scopeEnd: number;
  /** The role each node reads as in the merged view (facts/merged-view.ts): a control by the role it took. */
  private readonly roles: Array<Role | null>;
  private readonly fgAt: Int32Array;
  private readonly bgAt: Int32Array;
  private readonly palette: Rgba[] = [];
  /** Colour text → palette index (NONE when it is not a colour): each distinct value is parsed once. */
  private readonly parsed = new Map<string, number>();
  /** By text colour's palette index, then background's: their contrast (`contrast`). */
  private readonly contrasts = new Map<number, Map<number, Contrast>>();
  /** By translucent background's palette index, then what lies beneath: the composite's (`layer`). */
  private readonly layers = new Map<number, Map<number, number>>();

  constructor(snapshot: Snapshot, init: ContextInit) {
    const { fresh } = nodeFactsNow(snapshot);
    const index = indexSnapshot(snapshot);
    const view = mergedView(snapshot);
    const facts = index.facts;
    // Facts read earlier (by a locator, a previous audit) are of the tree as it was then.
    const moved = fresh ? null : changedNode(snapshot, facts);
    if (moved) {
      throw new TargetError('invalid_arguments', `audit: node #${moved.id} is not where the snapshot's index has it: the snapshot's structure was changed after it was first read`, {
        where: snapshot.source,
        hint: 'Treat snapshots as immutable: capture a new one, or build a new snapshot (makeSnapshot) from the changed roots.',
      });
    }
    const nodes = index.nodes;
    const count = nodes.length;
    this.index = index;
    this.facts = facts;
    this.nodes = nodes;
    this.roots = snapshot.roots;
    this.thresholds = init.thresholds;
    this.platforms = init.platforms;
    this.rootIndex = facts.rootOf;
    this.flags = new Uint8Array(count);
    this.targetOk = new Uint8Array(count);
    this.roles = nodes.map((_, i) => view.roleAt(i));
    this.fgAt = new Int32Array(count).fill(NONE);
    this.bgAt = new Int32Array(count).fill(NONE);

    if (init.within) {
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

    // Top-down: document order is pre-order, so a parent always comes before its children. What a node
    // passes down: its inherited F bits plus what it is; its content colour (Compose's LocalContentColor).
    const down = new Uint8Array(count);
    const contentAt = new Int32Array(count).fill(NONE);
    for (let i = 0; i < count; i++) {
      const node = nodes[i]!;
      const p = facts.parent[i]!;
      let flags = p >= 0 ? down[p]! : 0;
      let bg = p >= 0 ? this.bgAt[p]! : NONE;
      let content = p >= 0 ? contentAt[p]! : NONE;
      if (init.ignore && !(flags & F.IGNORED) && init.ignore(node)) flags |= F.IGNORED;
      if (!this.is(i, FACT.VISIBLE)) flags |= F.HIDDEN;

      let fg = content;
      const resolved = node.designToken?.resolved;
      const colors = resolved ? this.readColors(resolved, i) : null;
      if (colors) {
        // `color` is the text colour of a node that shows text, else its background.
        const colorIsText = colors.color !== undefined && showsText(node);
        // An unreadable background makes what is beneath unknown, rather than the ancestor's colour.
        const ownBg = colors.background ?? colors.backgroundColor ?? colors.containerColor ?? (colorIsText ? undefined : colors.color);
        if (ownBg !== undefined) bg = this.layer(ownBg, bg);
        if (colors.contentColor !== undefined) content = colors.contentColor;
        fg = colors.textColor ?? colors.contentColor ?? (colorIsText ? colors.color : undefined) ?? content;
      }
      this.fgAt[i] = fg;
      this.bgAt[i] = bg;
      contentAt[i] = content;
      if (fg !== NONE && bg !== NONE && showsText(node)) flags |= F.TEXT_ON_COLOURS;

      // A role child merged into its control is never reported: it is part of that control.
      this.flags[i] = view.mergedInto(i) >= 0 ? flags | F.IGNORED : flags;
      let pass = flags & INHERITED;
      if (this.isAny(i, ACTIONABLE)) pass |= F.UNDER_ACTIONABLE;
      if (this.is(i, FACT.SCROLLABLE)) pass |= F.UNDER_SCROLLABLE;
      if (this.isAny(i, CLICK_LIKE) && this.is(i, FACT.ON_SCREEN) && init.meetsTarget(this, i)) {
        this.targetOk[i] = 1;
        if (this.is(i, FACT.CLICK)) pass |= F.BIG_CLICK_ANCESTOR;
        if (this.is(i, FACT.LONG_CLICK)) pass |= F.BIG_LONG_CLICK_ANCESTOR;
      }
      down[i] = pass;
    }

    // Bottom-up: reverse pre-order visits every child before its parent.
    for (let i = count - 1; i > 0; i--) {
      const p = facts.parent[i]!;
      if (p >= 0 && (this.flags[i]! & F.ACTIONABLE_DESCENDANT || this.isAny(i, ACTIONABLE))) this.flags[p] = this.flags[p]! | F.ACTIONABLE_DESCENDANT;
    }
  }

  rootOf(i: number): Root {
    return this.roots[this.rootIndex[i]!]!;
  }

  /** The platform whose rules judge node i: its window's. */
  platformOf(i: number): A11yPlatform {
    return this.platforms[this.rootIndex[i]!]!;
  }

  /** Whether node i has every FACT bit of `bits` (node-facts.ts). */
  is(i: number, bits: number): boolean {
    return this.facts.is(i, bits);
  }
  /** Whether node i has any FACT bit of `bits`. */
  isAny(i: number, bits: number): boolean {
    return (this.facts.flags[i]! & bits) !== 0;
  }
  /** The role node i reads as in the merged view: a control by the role its role child gave it. */
  role(i: number): Role | null {
    return this.roles[i]!;
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
    let onBg = this.contrasts.get(fg);
    if (!onBg) this.contrasts.set(fg, (onBg = new Map()));
    let hit = onBg.get(bg);
    if (!hit) {
      const f = this.palette[fg]!, b = this.palette[bg]!;
      const shown = compositeOver(f, b);
      const names = { fg: formatColor(f), shown: formatColor(shown), bg: formatColor(b) };
      hit = { fg: f, bg: b, shown, ratio: contrastRatio(shown, b), names };
      onBg.set(bg, hit);
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

  /** The colour keys node i's `resolved` carries, the unreadable ones added to `badColors`; null when it carries none. */
  private readColors(resolved: Record<string, string>, i: number): Colors | null {
    let colors: Colors | null = null;
    for (const key of COLOR_KEYS) {
      if (!Object.hasOwn(resolved, key)) continue;
      const value = resolved[key]!;
      const at = this.colorIndex(value);
      (colors ??= {})[key] = at;
      if (at !== NONE) continue;
      const list = this.badColors.get(i);
      if (list) list.push({ key, value });
      else this.badColors.set(i, [{ key, value }]);
    }
    return colors;
  }

  /** A background painted over what lies beneath: opaque replaces it, translucent is composited over it. */
  private layer(own: number, beneath: number): number {
    if (own === NONE) return NONE;
    const c = this.palette[own]!;
    if (c.a >= 1) return own;
    if (beneath === NONE) return NONE;
    let over = this.layers.get(own);
    if (!over) this.layers.set(own, (over = new Map()));
    let at = over.get(beneath);
    if (at === undefined) {
      at = this.palette.push(compositeOver(c, this.palette[beneath]!)) - 1;
      over.set(beneath, at);
    }
    return at;
  }
}
