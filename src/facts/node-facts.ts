/**
 * The per-node facts every reader of a snapshot needs — visible, on screen, accepts touch, click-like,
 * merges descendants, accessible name — derived once per snapshot in one iterative pre-order walk
 * and memoised per snapshot object (a snapshot is never mutated once built), like reachability.
 * Locators (query), reachability, the accessibility audit and the outline read them here; nothing
 * else derives them again.
 *
 * Document order is pre-order across the roots bottom to top (= drawing order), so a subtree is the
 * contiguous range [i, ends[i]). The facts live in arrays indexed by that order, so a reader scanning
 * every node reads the columns it needs and touches only the nodes it is about.
 */
import { ROLES, type Node, type Role, type Snapshot } from '../model/schema.js';
import { perSnapshot } from '../model/memo.js';
import { MERGING_ROLES } from '../roles/compose.js';
import { talkBackMergesFocusable } from '../roles/android.js';
import { voiceOverValue } from '../roles/apple.js';
import { Clipper } from './clip.js';

/** Fact bits, per node (`flags`). */
export const FACT = {
  /** A tap stops here: clickable, long-clickable, editable, or a Click / LongClick / SetText action. */
  TAP: 1,
  /** A drag is seen here: scrollable, or a ScrollBy / ScrollToIndex action. */
  DRAG: 2,
  /** Offers something to do: an action, editable content or scrolling (a clickable flag counts as its Click). */
  OFFERS: 4,
  /** The node and all its ancestors are visible. */
  VISIBLE: 8,
  /** VISIBLE with a non-empty on-screen box: visible as Playwright means it; can receive a point at all. */
  ON_SCREEN: 16,
  ENABLED: 32,
  /** Clickable, or a Click action. */
  CLICK: 64,
  /** Long-clickable, or a LongClick action. */
  LONG_CLICK: 128,
  EDITABLE: 256,
  /**
   * Merges its descendants' text into its own label, as a merged semantics tree does, and as TalkBack
   * speaks a focusable Android view (roles/android.ts talkBackMergesFocusable).
   */
  MERGES: 512,
  FOCUSABLE: 1024,
  /** Scrollable itself (DRAG also counts scroll actions). */
  SCROLLABLE: 2048,
  /** A non-empty content description. */
  DESCRIBED: 4096,
  /** Carries a design token (what the audit's colours and text sizes come from). */
  DESIGN_TOKEN: 8192,
  /** A non-empty hint (what a screen reader speaks for a node with no label). */
  HINT: 16384,
  /** An own label (ownLabel): a reader of names need not touch the many nodes that have none. */
  LABELLED: 32768,
  /** Carries a toggle state (on, off or indeterminate). */
  TOGGLEABLE: 65536,
  /**
   * Cut by its scroller's edge: its box reaches past, or onto, the visible edge of the nearest clipping
   * scroller above it along that scroller's axis, so the screen may show only part of it (sources that
   * clip bounds themselves, as Android's boundsInScreen does, leave a cut row ending on the edge).
   */
  CUT: 131072,
} as const;
/** Click-like: what a user activates by touch (the audit's touch-target and duplicate rules). */
export const CLICK_LIKE = FACT.CLICK | FACT.LONG_CLICK | FACT.EDITABLE;
/** Actionable: click-like or focusable, a stop for a screen reader (the audit's speakable-text rules). */
export const ACTIONABLE = CLICK_LIKE | FACT.FOCUSABLE;

const ROLE_CODE = new Map<Role, number>(ROLES.map((r, k) => [r, k + 1]));

/** The `role` column's code of a role (0 for none). */
export function roleCode(role: Role | null): number {
  return role === null ? 0 : ROLE_CODE.get(role) ?? 0;
}

/** The bits that depend on the node alone (everything but VISIBLE and ON_SCREEN), reading its actions once. */
export function ownFacts(node: Node): number {
  let f = node.clickable || node.longClickable || node.editable ? FACT.TAP : 0;
  if (node.scrollable) f |= FACT.DRAG | FACT.SCROLLABLE;
  if (node.focusable) f |= FACT.FOCUSABLE;
  if (node.contentDescription) f |= FACT.DESCRIBED;
  if (node.designToken !== null) f |= FACT.DESIGN_TOKEN;
  if (node.hint) f |= FACT.HINT;
  if (ownLabel(node)) f |= FACT.LABELLED;
  if (node.clickable) f |= FACT.CLICK;
  if (node.longClickable) f |= FACT.LONG_CLICK;
  if (node.editable) f |= FACT.EDITABLE;
  if (node.enabled) f |= FACT.ENABLED;
  if (node.toggle !== null) f |= FACT.TOGGLEABLE;
  const actions = node.actions;
  for (const a of actions) {
    if (a === 'Click') f |= FACT.TAP | FACT.CLICK;
    else if (a === 'LongClick') f |= FACT.TAP | FACT.LONG_CLICK;
    else if (a === 'SetText') f |= FACT.TAP;
    else if (a === 'ScrollBy' || a === 'ScrollToIndex') f |= FACT.DRAG;
  }
  // A clickable flag counts as the Click it stands for: formats without an action list (cmp-inspector
  // v1, uiautomator) carry only the flag, and a button read from them must not read "offers nothing".
  if (actions.length > 0 || node.editable || node.scrollable || node.clickable || node.longClickable) f |= FACT.OFFERS;
  // A web node's name is Chromium's own, which takes content where ARIA says a role's name may: nothing
  // is merged into it here (a list item or a row named by its text would be found where Playwright finds none).
  if (node.kind !== 'web' && (f & FACT.CLICK || node.longClickable || node.toggle !== null || (node.role !== null && MERGING_ROLES.has(node.role)) || talkBackMergesFocusable(node))) f |= FACT.MERGES;
  return f;
}

/** A tap stops here (FACT.TAP), for a node judged alone. */
export function takesTap(node: Node): boolean {
  return (ownFacts(node) & FACT.TAP) !== 0;
}

/** A drag is seen here (FACT.DRAG), for a node judged alone. */
export function takesDrag(node: Node): boolean {
  return (ownFacts(node) & FACT.DRAG) !== 0;
}

/** Accepts touch input at all (TAP or DRAG). A node with only BringIntoView / RequestFocus / Dismiss… is a label. */
export function acceptsTouch(node: Node): boolean {
  return (ownFacts(node) & (FACT.TAP | FACT.DRAG)) !== 0;
}

/** Offers something to do (FACT.OFFERS). */
export function offersSomething(node: Node): boolean {
  return (ownFacts(node) & FACT.OFFERS) !== 0;
}

/** Merges its descendants' text into its label (FACT.MERGES). */
export function mergesDescendants(node: Node): boolean {
  return (ownFacts(node) & FACT.MERGES) !== 0;
}

/**
 * A web page's generated content: a `::before` / `::after` / `::marker` box and what it shows (a <q>'s
 * quotes, an icon font's glyph). Chromium names and reads it; it is not the page's text, which is what
 * getByText, hasText and toHaveText read, as Playwright's do (its element text is the DOM's).
 */
export function isGeneratedContent(n: Node): boolean {
  return n.kind === 'web' && typeof n.platform.element === 'string' && n.platform.element.startsWith('::');
}

/**
 * The words a node shows as its text besides `text` (getByText, hasText, toHaveText's element text, innerText):
 * a field's contents (editableText), and a web <option>'s name where it comes from its contents. On the
 * web the element text is the DOM's, as Playwright reads it: an option's words are in it, though
 * Chromium's tree gives them no text node of their own, so a label that wraps a <select> reads with its
 * options. A contenteditable element's and a <textarea>'s contents are DOM text too.
 */
export function moreTextShown(n: Node): string | null {
  if (n.kind === 'web' && n.platform.element === 'option' && n.platform.nameFrom === 'contents') return n.contentDescription;
  return n.editableText;
}

/** The words a node shows as its text: `text`, else moreTextShown. */
export function shownText(n: Node): string | null {
  return n.text ?? moreTextShown(n);
}

/**
 * Whether a node's moreTextShown is its own text only, not part of the text of what holds it: a web
 * <input>'s value. A field's own text is its contents on every platform (toHaveText on a filled field),
 * but the DOM holds an input's value nowhere, so the text of a label that wraps a filled field is the
 * label's words alone, as Playwright reads it (getByText('Email:') finds the label).
 */
export function shownAsOwnOnly(n: Node): boolean {
  return n.kind === 'web' && n.platform.element === 'input';
}

/**
 * A node's own label: its description when it has one (that is what a screen reader speaks), else its
 * text; an Apple element with neither, its value, which VoiceOver then speaks (roles/apple.ts). A web
 * node's is Chromium's accessible name (the description; a text node's text): a field's value is not
 * its name there.
 */
export function ownLabel(n: Node): string {
  if (n.kind === 'web') return n.contentDescription || n.text || '';
  return n.contentDescription || n.text || n.editableText || voiceOverValue(n);
}

/**
 * A heading's level (1 for the top), where the capture carries one: an integer `level`,
 * `headingLevel` or `aria-level` among the node's platform properties (a web page's aria-level or
 * h1–h6, an accessibility tree's level); null otherwise, and for nodes that are not headings.
 */
export function headingLevel(n: Node): number | null {
  if (!n.heading && n.role !== 'Heading') return null;
  for (const key of ['level', 'headingLevel', 'aria-level']) {
    const v = n.platform[key];
    const level = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9][0-9]?$/.test(v) ? Number(v) : NaN;
    if (Number.isInteger(level) && level >= 1) return level;
  }
  return null;
}

export interface NodeFacts {
  /** Every node in document order. */
  readonly nodes: readonly Node[];
  /** Parent's position, or -1 for a root node. */
  readonly parent: Int32Array;
  /** One past the node's last descendant: the subtree of nodes[i] is [i, ends[i]). */
  readonly ends: Int32Array;
  /** The root (window) each node belongs to, as its index in snapshot.roots. */
  readonly rootOf: Int32Array;
  /** Position of each window's root node: window w is the range [rootStart[w], rootStart[w + 1]). */
  readonly rootStart: readonly number[];
  /** FACT bits. */
  readonly flags: Uint32Array;
  /** Each node's role as 1 + its index in ROLES, 0 for none (roleCode): read with the flags, so a reader sorting nodes by role need not touch them. */
  readonly role: Uint8Array;
  /** Bounds as columns (x, y, width, height), so geometry over every node need not touch the objects. */
  readonly bx: Float64Array;
  readonly by: Float64Array;
  readonly bw: Float64Array;
  readonly bh: Float64Array;
  /**
   * The visible rect (x, y, width, height): the bounds cut by every ancestor that clips (clip.ts:
   * scrollers, lists, windows) and by the bars drawn over a scroller's edge. Empty (width or height 0)
   * when nothing of the node is left. What visibility, hittability, tap points, wireframes and the
   * touch-target rule read.
   */
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly vw: Float64Array;
  readonly vh: Float64Array;
  /**
   * Hit areas of nodes drawn as line fragments (a web text run or inline element that wraps): its
   * fragments as [x, y, width, height, …], each inside the visible rect. A node not listed is hit
   * over its whole visible rect.
   */
  readonly fragments: ReadonlyMap<number, Float64Array>;
  /** Whether node i has every bit of `bits`. */
  is(i: number, bits: number): boolean;
  /** The accessible name: the node's own label, else its merged descendants' text where it merges them. */
  name(i: number): string;
  /**
   * A node's position in document order, or undefined when it is not in the snapshot. Asked in document
   * order it needs no look-up table; the node → order Map is built at the first ask out of order: scans
   * work by position and never need it.
   */
  orderOf(node: Node): number | undefined;
}

/** How many stores have been built (nodeFactsNow tells a fresh one from a memoised one by it). */
let builds = 0;

/** The facts of every node of a snapshot, memoised per snapshot object. */
export const nodeFacts: (snapshot: Snapshot) => NodeFacts = perSnapshot((snapshot) => {
  builds++;
  return buildFacts(snapshot);
});

/**
 * The facts, and whether this call built them. Fresh facts were read from the tree as it is; memoised
 * ones from the tree as it was when first read, so a reader that must not judge a tree changed since
 * then (the audit) checks those with changedNode, and need not check fresh ones.
 */
export function nodeFactsNow(snapshot: Snapshot): { facts: NodeFacts; fresh: boolean } {
  const before = builds;
  const facts = nodeFacts(snapshot);
  return { facts, fresh: builds !== before };
}

/**
 * A node that is no longer where the store has it (the tree was changed after the store was built), or
 * null when every node's children still sit where the store has them: the first right after it, each
 * next one where the previous subtree ends. One read of every children list, no walk.
 */
export function changedNode(snapshot: Snapshot, facts: NodeFacts): Node | null {
  const { nodes, ends, rootStart } = facts;
  const roots = snapshot.roots;
  if (rootStart.length !== roots.length + 1) return roots[0]?.node ?? nodes[0] ?? null;
  for (let w = 0; w < roots.length; w++) if (nodes[rootStart[w]!] !== roots[w]!.node) return roots[w]!.node;
  for (let i = 0; i < nodes.length; i++) {
    const kids = nodes[i]!.children;
    let j = i + 1;
    for (let c = 0; c < kids.length; c++) {
      if (nodes[j] !== kids[c]) return kids[c]!;
      j = ends[j]!;
    }
    if (j !== ends[i]) return nodes[i]!;
  }
  return null;
}

function grown<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

/** One iterative pre-order pass over every root into the columns, grown by doubling. */
function buildFacts(snapshot: Snapshot): NodeFacts {
  let cap = 1024;
  let parent = new Int32Array(cap), rootOf = new Int32Array(cap), flags = new Uint32Array(cap), role = new Uint8Array(cap);
  let bx = new Float64Array(cap), by = new Float64Array(cap), bw = new Float64Array(cap), bh = new Float64Array(cap);
  let vx = new Float64Array(cap), vy = new Float64Array(cap), vw = new Float64Array(cap), vh = new Float64Array(cap);
  const nodes: Node[] = [];
  const clipper = new Clipper(nodes, (k) => parent[k]!);
  const rootStart: number[] = [];
  const stackNode: Node[] = [];
  const stackParent: number[] = [];
  const roots = snapshot.roots;
  let i = 0;
  for (let w = 0; w < roots.length; w++) {
    rootStart.push(i);
    stackNode.push(roots[w]!.node);
    stackParent.push(-1);
    while (stackNode.length) {
      const node = stackNode.pop()!, p = stackParent.pop()!;
      if (i === cap) {
        cap *= 2;
        parent = grown(parent, cap); rootOf = grown(rootOf, cap); flags = grown(flags, cap); role = grown(role, cap);
        bx = grown(bx, cap); by = grown(by, cap); bw = grown(bw, cap); bh = grown(bh, cap);
        vx = grown(vx, cap); vy = grown(vy, cap); vw = grown(vw, cap); vh = grown(vh, cap);
      }
      nodes.push(node);
      parent[i] = p;
      rootOf[i] = w;
      const b = node.bounds;
      bx[i] = b.x; by[i] = b.y; bw[i] = b.width; bh[i] = b.height;
      let f = ownFacts(node);
      const v = clipper.enter(i, p, node, (f & FACT.SCROLLABLE) !== 0);
      vx[i] = v[0]; vy[i] = v[1]; vw[i] = v[2]; vh[i] = v[3];
      if (v[4]) f |= FACT.CUT;
      if (node.visible && (p < 0 || flags[p]! & FACT.VISIBLE)) {
        f |= FACT.VISIBLE;
        if (v[2] > 0 && v[3] > 0) f |= FACT.ON_SCREEN;
      }
      flags[i] = f;
      role[i] = roleCode(node.role);
      const kids = node.children;
      for (let c = kids.length - 1; c >= 0; c--) { stackNode.push(kids[c]!); stackParent.push(i); }
      i++;
    }
  }
  rootStart.push(i);
  const n = i;
  // Pre-order: a subtree ends where its last descendant's does.
  const ends = new Int32Array(n);
  for (let j = 0; j < n; j++) ends[j] = j + 1;
  for (let j = n - 1; j > 0; j--) {
    const p = parent[j]!;
    if (p >= 0 && ends[j]! > ends[p]!) ends[p] = ends[j]!;
  }
  const fl = flags.subarray(0, n);
  // A merging node's name is built lazily and kept: building every one eagerly would copy each label
  // once per merging ancestor. The list itself on first use; a node without a label is not touched.
  let names: Array<string | undefined> | null = null;
  const name = (k: number): string => {
    const f = fl[k]!;
    if (f & FACT.LABELLED) return ownLabel(nodes[k]!);
    if (!(f & FACT.MERGES)) return '';
    return ((names ??= new Array<string | undefined>(n))[k] ??= mergedLabel(nodes, ends, fl, k));
  };
  let order: Map<Node, number> | null = null;
  // Readers mostly ask in document order (an outline, a reachability pass over every node, a list of
  // matches): the node after the last one asked for, or the same again, is found without the Map, which
  // is built only at the first ask out of order.
  let next = 0;
  const orderOf = (node: Node): number | undefined => {
    if (nodes[next] === node) return next++;
    if (next > 0 && nodes[next - 1] === node) return next - 1;
    if (!order) {
      order = new Map();
      // A node object placed twice (only a hand-built tree can) answers one of its positions.
      for (let k = n - 1; k >= 0; k--) order.set(nodes[k]!, k);
    }
    const k = order.get(node);
    if (k !== undefined) next = k + 1;
    return k;
  };
  return {
    nodes, rootStart, ends, orderOf,
    parent: parent.subarray(0, n), rootOf: rootOf.subarray(0, n), flags: fl, role: role.subarray(0, n),
    bx: bx.subarray(0, n), by: by.subarray(0, n), bw: bw.subarray(0, n), bh: bh.subarray(0, n),
    vx: vx.subarray(0, n), vy: vy.subarray(0, n), vw: vw.subarray(0, n), vh: vh.subarray(0, n),
    fragments: clipper.fragments,
    is: (k, bits) => (fl[k]! & bits) === bits,
    name,
  };
}

/** A merging node with no label of its own takes its descendants' labels, up to the next node that merges its own. */
function mergedLabel(nodes: readonly Node[], ends: Int32Array, flags: Uint32Array, i: number): string {
  const out: string[] = [];
  for (let j = i + 1; j < ends[i]!; j++) {
    const f = flags[j]!;
    if (f & FACT.MERGES) { j = ends[j]! - 1; continue; }
    if (f & FACT.LABELLED) out.push(ownLabel(nodes[j]!));
  }
  return out.join(' ');
}
