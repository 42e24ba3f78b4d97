/**
 * Chromium's own view of a page → a Snapshot. Pure: the input is the JSON of one capture
 * (`Accessibility.getFullAXTree` joined with `DOMSnapshot.captureSnapshot` by backend DOM node id,
 * see cdp-types.ts), so recorded captures replay in tests without a browser.
 *
 * - The tree is Chromium's accessibility tree: roles, names, values and states as Chromium computes
 *   them (accname included). Ignored nodes follow Chromium: one with a layout box of its own stays as a
 *   role-less node (it still paints and takes pointer events, so reachability must see it; it carries
 *   `platform.axIgnored`), one without is dropped and its children move up. Inline text boxes and list
 *   markers are parts of their text and are not nodes; a native text field's inner editor is its
 *   `editableText`.
 * - Geometry is CSS px in the viewport: `layoutBounds` the border box, `bounds` the part inside every
 *   clipping ancestor and the viewport (a child frame's boxes placed at, and clipped to, its iframe). `platform.paintOrder` is Chromium's paint order, present on
 *   nodes that hit-test (pointer-events and visibility allow it): reachability draws by it.
 *   `platform.aim` is where Playwright aims at an inline element whose line fragments do not cover its
 *   box's centre (a wrapped or rotated link): its first fragment's centre; reachability taps there.
 *   `platform.lineBoxes` are the line fragments of a text run or inline element that wraps (clipped
 *   like `bounds`): what Chromium hit-tests it by, rather than their bounding box.
 * - An open modal dialog (`<dialog>` opened with showModal(), or `aria-modal`) is a root of its own above
 *   the page, as a Compose dialog is a window of its own; touch-modal only when Chromium makes the rest
 *   inert (showModal()): an aria-modal one leaves the page around it taking pointer input.
 */
import type { Node, Rect, Root, Snapshot } from '../model/schema.js';
import { makeNode } from '../model/node.js';
import { makeSnapshot } from '../model/serialize.js';
import { FormatError } from '../errors.js';
import { CAPTURED_STYLES, UNNAMED_CAPTURE_STYLES, type AXNode, type CapturedStyle, type CdpCapture, type DomSnapshot } from './cdp-types.js';
import { webRole } from './web-roles.js';
import { INTERACTIVE_ROLES, WIDGET_ROLES, webEditability } from '../roles/web.js';
import { warning, type Warning } from '../model/warnings.js';

/** The attribute a web node's test handle is read from unless the device names another (Playwright's default). */
export const DEFAULT_TEST_ID_ATTRIBUTE = 'data-testid';

export interface CdpImportOptions {
  /** The attribute holding the test handle (Playwright's testIdAttribute; default `data-testid`). */
  testIdAttribute?: string;
  /** The snapshot's source label (default `web:<url>`). */
  source?: string;
  capturedAt?: string;
}


/** Replaced elements: laid out as one box (display: inline or not), never as line fragments. */
const ATOMIC = new Set(['IMG', 'SVG', 'svg', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA', 'VIDEO', 'AUDIO', 'CANVAS', 'IFRAME', 'OBJECT', 'EMBED', 'METER', 'PROGRESS']);

/** Parts of a text, not nodes of their own. */
const PARTS = new Set(['InlineTextBox', 'ListMarker']);
const LIST_ROLES = new Set(['list', 'listbox', 'tree', 'grid', 'table', 'menu', 'tablist', 'radiogroup', 'DescriptionList']);
const ITEM_ROLES = new Set(['listitem', 'option', 'treeitem', 'row', 'menuitem', 'tab', 'radio', 'term']);
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
/** Input types whose value is their text, as Playwright's element text reads it (a default label, "Reset", is not a value). */
const INPUT_BUTTONS = new Set(['submit', 'button', 'reset']);
const DOCUMENT_NODE = 9;

type Rect4 = [number, number, number, number];
/** A colour as r, g, b (0–255) and alpha (0–1). */
type Rgba = [number, number, number, number];

/** The DOM side of the join: per DOM node (index into one document), what the tree needs. */
class DomTables {
  /** Each DOM node by backend id, as its place in all documents' nodes one after another (docStart). */
  private readonly byBackend = new Map<number, number>();
  private readonly docStart: number[] = [];
  private readonly layoutOf: Int32Array[] = [];
  private readonly clickable: Array<Set<number>> = [];
  private readonly inputValue: Array<Map<number, string>> = [];
  /** Per document, per node: its clip rect (what its own box is cut to) as x1,y1,x2,y2. */
  private readonly clip: Float64Array[] = [];
  /** Per document, per node: effective background (r,g,b,a 0–255; a < 0 when it cannot be told) and why not. */
  private readonly bg: Float64Array[] = [];
  private readonly bgWhy: Array<Map<number, string>> = [];
  /** Per document, per node: it or an ancestor is position: fixed (it stays put as the page scrolls). */
  private readonly fixedIn: Uint8Array[] = [];

  /** The DOM elements whose AX node (the last one naming them) has a widget role, by backend id: the text-block walk skips them. */
  readonly widgets = new Set<number>();
  private readonly childLinks: Array<{ first: Int32Array; next: Int32Array } | undefined> = [];

  /** Per style the mapping reads, its column in layout.styles (-1: not captured, read as ''). */
  private readonly column: Record<CapturedStyle, number>;

  /**
   * Per document, where its own coordinates start in the viewport: a child frame's layout is in the
   * frame's coordinates, placed at its iframe's client box (the main document's at 0,0); and what its
   * root is clipped to (the iframe's client box as clipped in its own document; the viewport).
   */
  private readonly origin: Array<[number, number]> = [];
  private readonly frameClip: Array<Rect4 | null> = [];

  constructor(readonly dom: DomSnapshot, readonly viewport: { width: number; height: number }, styles: readonly string[] = CAPTURED_STYLES) {
    this.column = Object.fromEntries(CAPTURED_STYLES.map((name) => [name, styles.indexOf(name)])) as Record<CapturedStyle, number>;
    const owner = new Map<number, { doc: number; i: number }>();
    dom.documents.forEach((d, doc) => d.nodes.contentDocumentIndex?.index.forEach((ni, k) => owner.set(d.nodes.contentDocumentIndex!.value[k]!, { doc, i: ni })));
    dom.documents.forEach((d, doc) => {
      // An owning iframe's document comes first in the snapshot (documents are listed parent first).
      const o = owner.get(doc);
      const box = o && o.doc < doc ? this.rect(o.doc, o.i) : null;
      const li = o && box ? this.layout(o.doc, o.i) : -1;
      const cr = li >= 0 ? this.dom.documents[o!.doc]!.layout.clientRects?.[li] : undefined;
      if (o && box && cr && cr.length >= 4) {
        const inner: Rect4 = [box[0] + cr[0]!, box[1] + cr[1]!, cr[2]!, cr[3]!];
        this.origin.push([inner[0], inner[1]]);
        const c = this.clipped(o.doc, o.i, inner);
        this.frameClip.push([c.x, c.y, c.x + c.width, c.y + c.height]);
      } else {
        this.origin.push([0, 0]);
        this.frameClip.push(null);
      }
      const n = d.nodes.backendNodeId?.length ?? 0;
      const ids = d.nodes.backendNodeId ?? [];
      const start = doc > 0 ? this.docStart[doc - 1]! + (dom.documents[doc - 1]!.nodes.backendNodeId?.length ?? 0) : 0;
      this.docStart.push(start);
      for (let i = 0; i < n; i++) this.byBackend.set(ids[i]!, start + i);
      const layoutOf = new Int32Array(n).fill(-1);
      d.layout.nodeIndex.forEach((ni, li) => { if (layoutOf[ni] === -1) layoutOf[ni] = li; });
      this.layoutOf.push(layoutOf);
      this.clickable.push(new Set(d.nodes.isClickable?.index ?? []));
      const iv = new Map<number, string>();
      d.nodes.inputValue?.index.forEach((ni, k) => iv.set(ni, this.str(d.nodes.inputValue!.value[k]!)));
      this.inputValue.push(iv);
      this.computeClipAndBackground(doc, n);
    });
  }

  /** The DOM node of a backend id: its document and index there. */
  locate(backendNodeId: number): { doc: number; i: number } | undefined {
    const g = this.byBackend.get(backendNodeId);
    if (g === undefined) return undefined;
    let doc = this.docStart.length - 1;
    while (doc > 0 && this.docStart[doc]! > g) doc--;
    return { doc, i: g - this.docStart[doc]! };
  }

  str(k: number | undefined): string {
    return k === undefined || k < 0 ? '' : this.dom.strings[k] ?? '';
  }

  parent(doc: number, i: number): number {
    return this.dom.documents[doc]!.nodes.parentIndex?.[i] ?? -1;
  }

  nodeName(doc: number, i: number): string {
    return this.str(this.dom.documents[doc]!.nodes.nodeName?.[i]);
  }

  private readonly lowerNames = new Map<number, string>();

  /** The node's name in lower case (an element's tag name), worked out once per distinct name. */
  tagName(doc: number, i: number): string {
    const k = this.dom.documents[doc]!.nodes.nodeName?.[i];
    let name = k === undefined ? undefined : this.lowerNames.get(k);
    if (name === undefined) {
      name = this.str(k).toLowerCase();
      if (k !== undefined) this.lowerNames.set(k, name);
    }
    return name;
  }

  nodeType(doc: number, i: number): number {
    return this.dom.documents[doc]!.nodes.nodeType?.[i] ?? 0;
  }

  attr(doc: number, i: number, name: string): string | null {
    const a = this.dom.documents[doc]!.nodes.attributes?.[i];
    if (!a) return null;
    for (let k = 0; k + 1 < a.length; k += 2) if (this.str(a[k]) === name) return this.str(a[k + 1]);
    return null;
  }

  isClickable(doc: number, i: number): boolean {
    return this.clickable[doc]!.has(i);
  }

  value(doc: number, i: number): string | undefined {
    return this.inputValue[doc]!.get(i);
  }

  /**
   * An <option>'s value as the DOM's `option.value` gives it (toHaveValues reads it): its value
   * attribute, else its text with ASCII whitespace stripped and collapsed (HTML's option.text).
   */
  optionValue(doc: number, i: number): string {
    const attr = this.attr(doc, i, 'value');
    if (attr !== null) return attr;
    const nodes = this.dom.documents[doc]!.nodes, { first, next } = this.children(doc);
    let text = '';
    // In document order: a node's subtree, then its next sibling.
    const stack = first[i]! >= 0 ? [first[i]!] : [];
    while (stack.length) {
      const k = stack.pop()!;
      if (next[k]! >= 0) stack.push(next[k]!);
      if (this.nodeType(doc, k) === 3) text += this.str(nodes.nodeValue?.[k]);
      else if (this.nodeName(doc, k) !== 'SCRIPT' && first[k]! >= 0) stack.push(first[k]!);
    }
    return text.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
  }

  layout(doc: number, i: number): number {
    return this.layoutOf[doc]![i]!;
  }

  /** The computed style of a node (a text node reads its element's). */
  style(doc: number, i: number, name: CapturedStyle): string {
    const col = this.column[name];
    if (col < 0) return '';
    let li = this.layout(doc, i);
    for (let p = i; li >= 0 && this.nodeType(doc, p) === 3; ) { // text nodes have few styles of their own
      const s = this.dom.documents[doc]!.layout.styles[li]?.[col];
      if (s !== undefined && s >= 0) return this.str(s);
      p = this.parent(doc, p);
      li = p >= 0 ? this.layout(doc, p) : -1;
    }
    const s = li >= 0 ? this.dom.documents[doc]!.layout.styles[li]?.[col] : undefined;
    return this.str(s);
  }

  /** Border box in viewport coordinates, or null without a layout box. */
  rect(doc: number, i: number): Rect4 | null {
    const d = this.dom.documents[doc]!;
    const li = this.layout(doc, i);
    const b = li >= 0 ? d.layout.bounds[li] : undefined;
    if (!b || b.length < 4) return null;
    if (doc === 0 && this.nodeType(doc, i) === DOCUMENT_NODE) return [0, 0, this.viewport.width, this.viewport.height];
    const [ox, oy] = this.origin[doc] ?? [0, 0];
    return [b[0]! - (d.scrollOffsetX ?? 0) + ox, b[1]! - (d.scrollOffsetY ?? 0) + oy, b[2]!, b[3]!];
  }

  paintOrder(doc: number, i: number): number | null {
    const li = this.layout(doc, i);
    const p = li >= 0 ? this.dom.documents[doc]!.layout.paintOrders?.[li] : undefined;
    return p ?? null;
  }

  /** A box of the node cut to its clipping ancestors and the viewport (nothing left: all zero). */
  clipped(doc: number, i: number, r: Rect4): Rect {
    const c = this.clip[doc]!;
    const x1 = Math.max(r[0], c[4 * i]!), y1 = Math.max(r[1], c[4 * i + 1]!);
    const x2 = Math.min(r[0] + r[2], c[4 * i + 2]!), y2 = Math.min(r[1] + r[3], c[4 * i + 3]!);
    return x2 > x1 && y2 > y1 ? { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } : { x: 0, y: 0, width: 0, height: 0 };
  }

  /** Content larger than the box and overflow that scrolls. */
  scrollable(doc: number, i: number): boolean {
    const d = this.dom.documents[doc]!;
    const li = this.layout(doc, i);
    if (li < 0) return false;
    if (this.nodeType(doc, i) === DOCUMENT_NODE) {
      const html = this.documentElement(doc);
      const hidden = html >= 0 && this.style(doc, html, 'overflow-y') === 'hidden' && this.style(doc, html, 'overflow-x') === 'hidden';
      const box = html >= 0 ? this.rect(doc, html) : null;
      return !hidden && !!box && (box[3] > this.viewport.height + 1 || box[2] > this.viewport.width + 1);
    }
    const sr = d.layout.scrollRects?.[li], cr = d.layout.clientRects?.[li];
    if (!sr || !cr || sr.length < 4 || cr.length < 4) return false;
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    return (scrolls(this.style(doc, i, 'overflow-y')) && sr[3]! > cr[3]! + 1) || (scrolls(this.style(doc, i, 'overflow-x')) && sr[2]! > cr[2]! + 1);
  }

  /** Per document, per DOM node: the first text box (line fragment) of its text, or -1; built on first use. */
  private readonly firstBox: Array<Int32Array | undefined> = [];

  /**
   * Where Playwright aims at an inline element (display: inline, its box made of line fragments —
   * a wrapped or rotated link): the centre of its first fragment (its first content quad; the centre
   * of a quad's axis-aligned bounds is the quad's own centre, rotated or not). null for other boxes,
   * whose centre is the aim, or when it has no text fragment of any area.
   */
  fragmentAim(doc: number, i: number): [number, number] | null {
    if (this.nodeType(doc, i) !== 1 || this.style(doc, i, 'display') !== 'inline') return null;
    const d = this.dom.documents[doc]!;
    const boxes = d.textBoxes;
    if (!boxes?.bounds.length) return null;
    const first = (this.firstBox[doc] ??= this.firstBoxes(doc));
    const k = first[i]!;
    const b = k >= 0 ? boxes.bounds[k] : undefined;
    if (!b || b.length < 4) return null;
    const [ox, oy] = this.origin[doc] ?? [0, 0];
    return [b[0]! - (d.scrollOffsetX ?? 0) + ox + b[2]! / 2, b[1]! - (d.scrollOffsetY ?? 0) + oy + b[3]! / 2];
  }

  /**
   * Each text box in layout order (document order) marks its text node and every ancestor not yet
   * marked: an ancestor marked before already has its ancestors marked, so this is O(nodes).
   * Fragments without area are skipped, as Playwright skips quads under one square pixel.
   */
  private firstBoxes(doc: number): Int32Array {
    const d = this.dom.documents[doc]!;
    const first = new Int32Array(d.nodes.parentIndex?.length ?? 0).fill(-1);
    const boxes = d.textBoxes!;
    boxes.layoutIndex.forEach((li, k) => {
      const b = boxes.bounds[k];
      if (!b || !(b[2]! * b[3]! > 0.99)) return;
      for (let p = d.layout.nodeIndex[li] ?? -1; p >= 0 && first[p] === -1; p = this.parent(doc, p)) first[p] = k;
    });
    return first;
  }

  /** Per document, per DOM node drawn as two or more line fragments: their layout boxes (x, y, w, h in the document); built on first use. */
  private readonly lines: Array<Map<number, number[]> | undefined> = [];

  /**
   * The line fragments a node is hit by, when it wraps (two or more): a text node's text boxes; an
   * inline element's, with the boxes of the atomic inline boxes inside it (images, inline blocks).
   * Each cut to the node's clip, in viewport coordinates. null for a node that does not wrap: its box
   * is its hit area. Chromium hit-tests a wrapped run by these fragments, not by their bounding box.
   */
  lineBoxes(doc: number, i: number): Rect[] | null {
    const boxes = (this.lines[doc] ??= this.lineFragments(doc)).get(i);
    if (!boxes || boxes.length < 8) return null;
    const d = this.dom.documents[doc]!;
    const out: Rect[] = [];
    const [ox, oy] = this.origin[doc] ?? [0, 0];
    for (let k = 0; k < boxes.length; k += 4) {
      const c = this.clipped(doc, i, [boxes[k]! - (d.scrollOffsetX ?? 0) + ox, boxes[k + 1]! - (d.scrollOffsetY ?? 0) + oy, boxes[k + 2]!, boxes[k + 3]!]);
      if (c.width > 0 && c.height > 0) out.push(c);
    }
    return out;
  }

  /**
   * Each text box to its text node and up through the inline elements around it; each atomic inline
   * box (an element laid out as a box of its own inside an inline element) up through those too. Inline
   * nesting is shallow, so this is near O(text boxes + layout objects). Most nodes have one fragment:
   * a node's first is only kept aside (`first`), and its list made when a second comes.
   */
  private lineFragments(doc: number): Map<number, number[]> {
    const d = this.dom.documents[doc]!;
    const out = new Map<number, number[]>();
    const first: Array<number[] | null> = (d.nodes.parentIndex ?? []).map(() => null);
    const add = (node: number, b: number[]) => {
      const f = first[node];
      if (f === null) { first[node] = b; return; }
      let list = out.get(node);
      if (!list) out.set(node, (list = f ? [f[0]!, f[1]!, f[2]!, f[3]!] : []));
      list.push(b[0]!, b[1]!, b[2]!, b[3]!);
    };
    const inline = (e: number) => this.nodeType(doc, e) === 1 && this.layout(doc, e) >= 0 && this.style(doc, e, 'display') === 'inline' && !ATOMIC.has(this.nodeName(doc, e));
    const climb = (from: number, b: number[]) => { for (let e = this.parent(doc, from); e >= 0 && inline(e); e = this.parent(doc, e)) add(e, b); };
    const boxes = d.textBoxes;
    boxes?.layoutIndex.forEach((li, k) => {
      const b = boxes.bounds[k];
      const ni = d.layout.nodeIndex[li];
      if (!b || b.length < 4 || !(b[2]! * b[3]! > 0) || ni === undefined) return;
      add(ni, b);
      climb(ni, b);
    });
    d.layout.nodeIndex.forEach((ni, li) => {
      if (this.nodeType(doc, ni) !== 1 || inline(ni)) return;
      const p = this.parent(doc, ni);
      const b = d.layout.bounds[li];
      if (p >= 0 && inline(p) && b && b.length >= 4 && b[2]! * b[3]! > 0) climb(ni, b);
    });
    return out;
  }

  /**
   * Whether DOM node `i` is all the text element `p` holds, as Playwright's getByText reads an element's
   * text: its other children add none — comments, pseudo-elements (a `<q>`'s quotes are its ::before and
   * ::after), white space, and empty elements other than inputs (an icon `<span>`; a submit input's text is its value).
   */
  soleContent(doc: number, p: number, i: number): boolean {
    const { first, next } = this.children(doc);
    const nodes = this.dom.documents[doc]!.nodes;
    for (let c = first[p]!; c !== -1; c = next[c]!) {
      if (c === i) continue;
      const type = this.nodeType(doc, c);
      if (type === 8) continue;
      if (type === 3 && this.str(nodes.nodeValue?.[c]).trim() === '') continue;
      if (type === 1 && (this.nodeName(doc, c).startsWith('::') || (first[c] === -1 && this.nodeName(doc, c) !== 'INPUT'))) continue;
      return false;
    }
    return true;
  }

  backendId(doc: number, i: number): number | undefined {
    return this.dom.documents[doc]!.nodes.backendNodeId?.[i];
  }

  /** Per node its first child and next sibling (-1: none), children in document order; built on first use. */
  private children(doc: number): { first: Int32Array; next: Int32Array } {
    let links = this.childLinks[doc];
    if (!links) {
      const parents = this.dom.documents[doc]!.nodes.parentIndex ?? [];
      const n = parents.length;
      const first = new Int32Array(n).fill(-1), next = new Int32Array(n).fill(-1), last = new Int32Array(n).fill(-1);
      for (let i = 0; i < n; i++) {
        const p = parents[i]!;
        if (!(p >= 0 && p < n)) continue;
        if (last[p] === -1) first[p] = i;
        else next[last[p]!] = i;
        last[p] = i;
      }
      this.childLinks[doc] = links = { first, next };
    }
    return links;
  }

  private isBlock(doc: number, i: number): boolean {
    if (this.nodeType(doc, i) !== 1 || this.layout(doc, i) < 0) return false;
    const d = this.style(doc, i, 'display');
    return BLOCK_DISPLAY.has(d) || d.startsWith('table-');
  }

  /**
   * WCAG 2.5.8's inline exception, as axe-core's target-size rule tells it (isInTextBlock): a target
   * that is not itself a block sits in running text when the line of its block ancestor that holds
   * it (the stretch between blocks, <br> and <hr>) has text outside any widget. What an inline style
   * takes out of flow (display:none, overflow:hidden, a float, a position other than relative) is not
   * read, as axe-core does not read it.
   */
  inTextBlock(doc: number, i: number): boolean {
    if (this.isBlock(doc, i)) return false;
    let block = this.parent(doc, i);
    while (block >= 0 && !this.isBlock(doc, block)) block = this.parent(doc, block);
    if (block < 0) return false;
    const lines = this.linesOf(doc, block);
    // A node the walk does not reach (inside a widget, or taken out of flow) reads as the block's last line.
    return lines.hasText[lines.lineOf.get(i) ?? lines.hasText.length - 1]!;
  }

  /** Per document, per block: its lines as inTextBlock reads them; each block walked once. */
  private readonly blockLines: Array<Map<number, { lineOf: Map<number, number>; hasText: boolean[] }> | undefined> = [];

  /**
   * A block's lines, in one walk of it: the line each element it reaches is on, and whether each line
   * has text (anything but white space, no-break spaces included). A block, <br> or <hr> ends the line
   * it is on; what a nested block, a widget or an out-of-flow inline style holds is not walked.
   */
  private linesOf(doc: number, block: number): { lineOf: Map<number, number>; hasText: boolean[] } {
    const memo = (this.blockLines[doc] ??= new Map());
    let lines = memo.get(block);
    if (lines) return lines;
    const { first, next } = this.children(doc), nodes = this.dom.documents[doc]!.nodes;
    const ids = nodes.backendNodeId ?? [];
    const lineOf = new Map<number, number>(), hasText = [false];
    const walk = (n: number): void => {
      for (let c = first[n]!; c >= 0; c = next[c]!) {
        const type = this.nodeType(doc, c);
        const line = hasText.length - 1;
        if (type === 3) { if (!hasText[line]) hasText[line] = NOT_SPACE.test(this.str(nodes.nodeValue?.[c])); continue; }
        if (type !== 1) continue;
        lineOf.set(c, line);
        const isBlock = this.isBlock(doc, c);
        const name = this.nodeName(doc, c);
        if (isBlock || name === 'BR' || name === 'HR') hasText.push(false);
        const inline = this.attr(doc, c, 'style');
        if (isBlock || (inline !== null && OUT_OF_FLOW_STYLE.test(inline))) continue;
        if (this.widgets.has(ids[c]!)) continue;
        walk(c);
      }
    };
    walk(block);
    memo.set(block, (lines = { lineOf, hasText }));
    return lines;
  }

  /** Whether the node or an ancestor is position: fixed. */
  fixed(doc: number, i: number): boolean {
    return this.fixedIn[doc]![i] === 1;
  }

  private readonly docElement = new Map<number, number>();

  documentElement(doc: number): number {
    let e = this.docElement.get(doc);
    if (e === undefined) {
      const n = this.dom.documents[doc]!.nodes.nodeType?.length ?? 0;
      e = -1;
      for (let i = 0; i < n; i++) if (this.nodeType(doc, i) === 1) { e = i; break; }
      this.docElement.set(doc, e);
    }
    return e;
  }

  private readonly colours = new Map<string, Rgba | null>();

  /** parseCssColor of a computed colour, once per distinct value (a page has few): shared, so copied before it is handed out. */
  colour(v: string): Rgba | null {
    let c = this.colours.get(v);
    if (c === undefined) this.colours.set(v, (c = parseCssColor(v)));
    return c;
  }

  /** Effective background under the node's content: an opaque colour, or the reason it cannot be told. */
  background(doc: number, i: number): { rgb: [number, number, number] } | { unknown: string } {
    let e = i;
    while (e >= 0 && this.layout(doc, e) < 0) e = this.parent(doc, e);
    if (e < 0) return { unknown: 'no layout box' };
    const why = this.bgWhy[doc]!.get(e);
    if (why) return { unknown: why };
    const b = this.bg[doc]!;
    return { rgb: [b[4 * e]!, b[4 * e + 1]!, b[4 * e + 2]!] };
  }

  /**
   * One pass in document order (a parent comes before its children): each node's clip (its parent's,
   * cut to the parent's padding box where the parent's overflow clips; the viewport for fixed boxes)
   * and its effective background (its own colour over its parent's; white at the root).
   */
  private computeClipAndBackground(doc: number, n: number): void {
    const { width, height } = this.viewport;
    const clip = new Float64Array(4 * n), bg = new Float64Array(4 * n);
    const why = new Map<number, string>();
    const fixedIn = new Uint8Array(n);
    const d = this.dom.documents[doc]!;
    for (let i = 0; i < n; i++) {
      const p = this.parent(doc, i);
      // A frame's document starts clipped to its iframe's box.
      const fc = this.frameClip[doc];
      let x1 = fc ? Math.max(0, fc[0]) : 0, y1 = fc ? Math.max(0, fc[1]) : 0, x2 = fc ? Math.min(width, fc[2]) : width, y2 = fc ? Math.min(height, fc[3]) : height;
      const li = this.layout(doc, i);
      const fixed = li >= 0 && this.style(doc, i, 'position') === 'fixed';
      if (p >= 0 && !fixed) {
        x1 = clip[4 * p]!; y1 = clip[4 * p + 1]!; x2 = clip[4 * p + 2]!; y2 = clip[4 * p + 3]!;
        const pl = this.layout(doc, p);
        if (pl >= 0 && this.nodeType(doc, p) === 1 && (this.style(doc, p, 'overflow-x') !== 'visible' || this.style(doc, p, 'overflow-y') !== 'visible')) {
          const r = this.rect(doc, p), cr = d.layout.clientRects?.[pl];
          if (r && cr && cr.length >= 4 && this.documentElement(doc) !== p) {
            x1 = Math.max(x1, r[0] + cr[0]!); y1 = Math.max(y1, r[1] + cr[1]!);
            x2 = Math.min(x2, r[0] + cr[0]! + cr[2]!); y2 = Math.min(y2, r[1] + cr[1]! + cr[3]!);
          }
        }
      }
      clip[4 * i] = x1; clip[4 * i + 1] = y1; clip[4 * i + 2] = x2; clip[4 * i + 3] = y2;
      fixedIn[i] = fixed || (p >= 0 && fixedIn[p]!) ? 1 : 0;
      // Background: white canvas, then each element's own colour over what is beneath.
      let r = 255, g = 255, b = 255;
      if (p >= 0) {
        r = bg[4 * p]!; g = bg[4 * p + 1]!; b = bg[4 * p + 2]!;
        const w = why.get(p);
        if (w) why.set(i, w);
      }
      if (li >= 0 && this.nodeType(doc, i) === 1) {
        const image = this.style(doc, i, 'background-image');
        if (image && image !== 'none') why.set(i, /gradient\(/.test(image) ? 'a gradient background' : 'a background image');
        const own = this.colour(this.style(doc, i, 'background-color'));
        if (own && own[3] > 0) {
          const a = own[3];
          r = own[0] * a + r * (1 - a); g = own[1] * a + g * (1 - a); b = own[2] * a + b * (1 - a);
          // An opaque colour of its own hides whatever image an ancestor had.
          if (a >= 1 && !(image && image !== 'none')) why.delete(i);
        }
      }
      bg[4 * i] = r; bg[4 * i + 1] = g; bg[4 * i + 2] = b; bg[4 * i + 3] = 255;
    }
    this.fixedIn.push(fixedIn);
    this.clip.push(clip);
    this.bg.push(bg);
    this.bgWhy.push(why);
  }
}

/** What axe-core calls a block (isInTextBlock): these displays and every table part. */
const BLOCK_DISPLAY = new Set(['block', 'list-item', 'table', 'flex', 'grid']);
/** An inline style that takes an element out of the text-block walk (isInTextBlock). */
const OUT_OF_FLOW_STYLE = /(^|;)\s*(display\s*:\s*none|overflow\s*:\s*hidden|float\s*:\s*(left|right|inline-start|inline-end)|position\s*:\s*(absolute|fixed|sticky|static))/i;
/** Text that is not all white space (what String.prototype.trim strips, no-break spaces included). */
const NOT_SPACE = /\S/;

/**
 * A computed `text-shadow` ("rgb(0, 0, 0) 1px 1px 2px, …": colour first, then offsets and blur in px)
 * → each shadow's colour [r, g, b, a 0–1], offsets and blur, top shadow first; [] for `none` or
 * anything else.
 */
export function parseTextShadows(v: string): Array<{ color: [number, number, number, number]; x: number; y: number; blur: number }> {
  const out: Array<{ color: [number, number, number, number]; x: number; y: number; blur: number }> = [];
  if (!v || v === 'none') return out;
  for (const part of v.split(/,(?![^(]*\))/)) {
    const m = /^\s*(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px(?:\s+([\d.]+)px)?\s*$/.exec(part);
    const color = m ? parseCssColor(m[1]!) : null;
    if (!m || !color) return [];
    out.push({ color, x: Number(m[2]), y: Number(m[3]), blur: m[4] === undefined ? 0 : Number(m[4]) });
  }
  return out;
}

/** `rgb(…)` / `rgba(…)` (what computed styles give) → [r, g, b, a 0–1], or null. */
export function parseCssColor(v: string): Rgba | null {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)$/.exec(v.trim());
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

function prop(ax: AXNode, name: string): unknown {
  return ax.properties?.find((p) => p.name === name)?.value.value;
}

function str(v: AXValue | undefined): string {
  const x = v?.value;
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}
type AXValue = AXNode['value'];
type NameSource = NonNullable<NonNullable<AXNode['name']>['sources']>[number];

/**
 * Where an AX node's name came from: the first name source with a value (its type is the node's
 * `nameFrom`) and the first of those not superseded, the one that won (its attribute, `nameAttribute`).
 */
export function nameSources(a: AXNode): { first?: NameSource; won?: NameSource } {
  let first: NameSource | undefined;
  for (const s of a.name?.sources ?? []) {
    if (!s.value || str(s.value) === '') continue;
    first ??= s;
    if (!s.superseded) return { first, won: s };
  }
  return first ? { first } : {};
}

/** A node's checked state from its AX `checked` (else `pressed`) property: true, false or mixed. */
export function toggleOf(checked: unknown, pressed: unknown): Node['toggle'] {
  const state = checked ?? pressed;
  return state === 'true' || state === true ? 'on' : state === 'false' || state === false ? 'off' : state === 'mixed' ? 'indeterminate' : null;
}

/** toggleOf an AX node's own properties (one node as Accessibility.getPartialAXTree gives it). */
export function axToggle(a: AXNode): Node['toggle'] {
  let checked: unknown, pressed: unknown;
  for (const p of a.properties ?? []) {
    if (p.name === 'checked') checked = p.value.value;
    else if (p.name === 'pressed') pressed = p.value.value;
  }
  return toggleOf(checked, pressed);
}

/** Whether an AX node has focus (its `focused` property), as the importer reads it. */
export function axFocused(a: AXNode): boolean {
  return (a.properties ?? []).some((p) => p.name === 'focused' && p.value.value === true);
}

/** One capture → a Snapshot (see the file comment). */
export function importCdp(capture: CdpCapture, options: CdpImportOptions = {}): Snapshot {
  const where = options.source ?? `web:${capture.url}`;
  if (!Array.isArray(capture.ax) || !capture.dom || !Array.isArray(capture.dom.documents) || !Array.isArray(capture.dom.strings)) {
    throw new FormatError('format_error', 'not a CDP capture: expected { ax: AXNode[], dom: { documents, strings } }', {
      where, hint: 'Record captures with the web device (Accessibility.getFullAXTree + DOMSnapshot.captureSnapshot).',
    });
  }
  const styles = capture.styles ?? UNNAMED_CAPTURE_STYLES;
  if (!Array.isArray(styles) || !styles.every((x) => typeof x === 'string')) {
    throw new FormatError('format_error', 'not a CDP capture: `styles` must list the computed style names of the DOM snapshot\'s columns', {
      where, hint: 'Record the capture again with the web device, or leave `styles` out for a capture recorded before captures named their styles.',
    });
  }
  const dom = new DomTables(capture.dom, capture.viewport, styles);
  const testId = options.testIdAttribute ?? DEFAULT_TEST_ID_ATTRIBUTE;
  const density = capture.devicePixelRatio > 0 ? capture.devicePixelRatio : 1;
  const warnings: Warning[] = [];
  const roots: Root[] = [];
  const modals: Array<{ node: Node; label: string | null; paint: number; inert: boolean }> = [];

  for (const ax of [capture.ax, ...(capture.frames ?? []).map((f) => f.ax)]) {
    for (const n of ax) {
      if (n.backendDOMNodeId === undefined || n.ignored) continue;
      if (WIDGET_ROLES.has(str(n.role))) dom.widgets.add(n.backendDOMNodeId);
      else dom.widgets.delete(n.backendDOMNodeId);
    }
  }
  const buildFrame = (ax: AXNode[], rootId: string, label: string | null) => {
    const top = buildTree(ax, dom, testId, (node, label2, paint, inert) => modals.push({ node, label: label2, paint, inert }));
    if (!top) {
      warnings.push(warning('empty-accessibility-tree', { rootId }));
      return;
    }
    roots.push({ rootId, label, unit: 'px', density, windowOffset: { x: 0, y: 0 }, touchModal: false, node: top });
  };
  buildFrame(capture.ax, 'page', capture.title || capture.url);
  (capture.frames ?? []).forEach((f, k) => buildFrame(f.ax, `frame-${k + 1}`, f.url));
  for (const url of capture.unreadFrames ?? []) {
    warnings.push(warning('frame-not-captured', { url }));
  }
  // Modal dialogs paint in the top layer, in the order they were opened (paint order says which).
  modals.sort((a, b) => a.paint - b.paint);
  for (const m of modals) {
    roots.push({ rootId: `dialog-${m.node.id}`, label: m.label, unit: 'px', density, windowOffset: { x: 0, y: 0 }, touchModal: m.inert, node: m.node });
  }
  // The generation is makeSnapshot's content hash, taken when first read (an audit or a query never needs it).
  return makeSnapshot({ source: where, roots, warnings, ...(options.capturedAt ? { capturedAt: options.capturedAt } : {}) });
}

/**
 * Builds one frame's tree, iteratively (a deep page must not overflow the stack). Modal dialogs are
 * cut out and handed to `onModal`, each as a root of its own.
 */
function buildTree(ax: AXNode[], dom: DomTables, testId: string, onModal: (node: Node, label: string | null, paint: number, inert: boolean) => void): Node | null {
  // AX nodes by id, as indexes: one string-keyed lookup per child, a visited mark per index.
  const byId = new Map<string, number>();
  for (let k = 0; k < ax.length; k++) byId.set(ax[k]!.nodeId, k);
  const firstAt = ax.findIndex((n) => n.parentId === undefined || !byId.has(n.parentId));
  const start = firstAt >= 0 ? firstAt : 0;
  if (!ax[start]) return null;
  const seen = new Uint8Array(ax.length);
  // Chromium's sign that a modal <dialog> is open: what it made inert is ignored as activeModalDialog.
  const pageInert = ax.some((n) => n.ignored && n.ignoredReasons?.some((r) => r.name === 'activeModalDialog'));
  // The AX nodes to visit and, beside each, the treewright node its output goes under.
  const rootHolder = makeNode('holder');
  const stack: number[] = [start], under: Node[] = [rootHolder];
  const lists: Node[] = [];
  const unplaced = new Map<Node, number>();
  // Text runs with their DOM place, and the DOM nodes that have a node of their own (by backend id).
  const runs: Array<{ node: Node; at: { doc: number; i: number } }> = [];
  const placed = new Set<number>();
  while (stack.length) {
    const index = stack.pop()!, parent = under.pop()!;
    if (seen[index]) continue; // a cycle in a malformed capture
    seen[index] = 1;
    const a = ax[index]!;
    const role = str(a.role);
    if (PARTS.has(role)) continue;
    const at = a.backendDOMNodeId !== undefined ? dom.locate(a.backendDOMNodeId) : undefined;
    const rect = at ? dom.rect(at.doc, at.i) : null;
    let out: Node = parent;
    if (!a.ignored || (rect && rect[2] > 0 && rect[3] > 0 && at && dom.nodeType(at.doc, at.i) === 1)) {
      out = toNode(a, role, at, rect, dom, testId);
      if (at) {
        placed.add(a.backendDOMNodeId!);
        if (role === 'StaticText') runs.push({ node: out, at });
      }
      // A node with no DOM node in the snapshot (a pseudo-element's text, a select's popup) is named by
      // its place, `<parent id>.<k>`: Chromium's own ids for them are counters no other reader can know.
      if (!at) {
        const k = unplaced.get(parent) ?? 0;
        unplaced.set(parent, k + 1);
        out.id = `${parent.id}.${k}`;
      }
      if (!a.ignored && (role === 'dialog' || role === 'alertdialog') && prop(a, 'modal') === true) {
        // A <dialog> opened with showModal() makes the rest of the page inert (no pointer events reach
        // it; Chromium prunes it from the tree, ignored as activeModalDialog): touch-modal. An
        // aria-modal element (a <dialog> opened with show() included) is modal to assistive technology
        // only; Chromium still delivers pointer events around it, so it is a root of its own that takes
        // only its own area. Both checked against Chromium's hit-testing (tests/web/modal.spec.ts).
        const inert = pageInert && !!at && dom.nodeName(at.doc, at.i) === 'DIALOG';
        onModal(out, out.contentDescription, at ? dom.paintOrder(at.doc, at.i) ?? 0 : 0, inert);
      } else {
        parent.children.push(out);
      }
      if (!a.ignored && LIST_ROLES.has(role)) lists.push(out);
      // A native text field's inner editor repeats its value: the field's editableText holds it.
      const element = at ? dom.nodeName(at.doc, at.i) : '';
      if (element === 'INPUT' || element === 'TEXTAREA') continue;
    }
    const kids = a.childIds ?? [];
    for (let k = kids.length - 1; k >= 0; k--) {
      const c = byId.get(kids[k]!);
      if (c !== undefined && !seen[c]) { stack.push(c); under.push(out); }
    }
  }
  for (const list of lists) numberItems(list);
  // A text that is all of an element Chromium leaves out of its tree (a role-less <span>, a code token's) stands for
  // that element: getByText finds it where Playwright's finds the element (query/resolve.ts).
  for (const { node, at } of runs) {
    const p = dom.parent(at.doc, at.i);
    if (p < 0 || dom.nodeType(at.doc, p) !== 1) continue;
    const id = dom.backendId(at.doc, p);
    if (id === undefined || placed.has(id) || !dom.soleContent(at.doc, p, at.i)) continue;
    node.platform.textElement = dom.tagName(at.doc, p);
  }
  return rootHolder.children.length === 1 ? rootHolder.children[0]! : rootHolder.children[0] ?? null;
}

/** A list's items carry their position (aria-posinset, else their order), and the list can scroll to one. */
function numberItems(list: Node): void {
  let k = 0;
  for (const item of list.children) {
    if (!item.rawRole || !ITEM_ROLES.has(item.rawRole)) continue;
    const pos = Number(item.platform.posinset);
    item.platform.collectionInfo = { rowIndex: Number.isInteger(pos) && pos > 0 ? pos - 1 : k };
    k++;
  }
  if (k > 0 && !list.actions.includes('ScrollToIndex')) list.actions.push('ScrollToIndex');
}

function toNode(a: AXNode, role: string, at: { doc: number; i: number } | undefined, rect: Rect4 | null, dom: DomTables, testId: string): Node {
  const ignored = a.ignored;
  const platform: Record<string, unknown> = {};
  // Only a node the DOM snapshot has is one to act on (a select's popup lives in its user-agent shadow tree).
  if (a.backendDOMNodeId !== undefined && at) platform.backendNodeId = a.backendDOMNodeId;
  const name = ignored ? '' : str(a.name);
  const tagName = at ? dom.tagName(at.doc, at.i) : '';
  if (tagName && !tagName.startsWith('#')) platform.element = tagName;
  if (ignored) platform.axIgnored = a.ignoredReasons?.map((r) => r.name).join(',') || true;
  const { first, won } = nameSources(a);
  if (first?.type) platform.nameFrom = first.type;
  // The attribute Chromium's name came from: `type` is an image button's default ("Submit"), no text alternative.
  if (!ignored && won?.attribute) platform.nameAttribute = won.attribute;
  // An explicit role: an <svg> is an image to name only when it says so.
  const roleAttribute = at ? dom.attr(at.doc, at.i, 'role') : null;
  if (roleAttribute) platform.roleAttribute = roleAttribute;
  const tabIndex = at ? dom.attr(at.doc, at.i, 'tabindex') : null;
  if (tabIndex !== null && /^\s*-?\d+\s*$/.test(tabIndex)) platform.tabIndex = Number(tabIndex);
  // A widget in running text: WCAG 2.5.8's inline exception.
  if (!ignored && at && WIDGET_ROLES.has(role) && dom.inTextBlock(at.doc, at.i)) platform.inTextBlock = true;
  // A widget that stays put as the page scrolls: its neighbours for 2.5.8 are the others that do.
  if (!ignored && at && WIDGET_ROLES.has(role) && dom.fixed(at.doc, at.i)) platform.fixed = true;
  // The AX properties read, in one pass over the node's list.
  let level: unknown, url: unknown, expanded: unknown, editableProp: unknown, checked: unknown, pressed: unknown;
  let disabled = false, focusable = false, focused = false, selected = false;
  for (const p of a.properties ?? []) {
    const v = p.value.value;
    switch (p.name) {
      case 'level': level = v; break;
      case 'url': url = v; break;
      case 'expanded': expanded = v; break;
      case 'editable': editableProp = v; break;
      case 'checked': checked = v; break;
      case 'pressed': pressed = v; break;
      case 'disabled': disabled = v === true; break;
      case 'focusable': focusable = v === true; break;
      case 'focused': focused = v === true; break;
      case 'selected': selected = v === true; break;
    }
  }
  const description = str(a.description);
  if (description) platform.description = description;
  if (typeof level === 'number' && role === 'heading') platform.level = level;
  if (typeof url === 'string' && role === 'link') platform.url = url;
  const inputType = at ? dom.attr(at.doc, at.i, 'type') : null;
  if (inputType && tagName === 'input') platform.inputType = inputType;
  const posinset = at ? dom.attr(at.doc, at.i, 'aria-posinset') : null;
  if (posinset !== null) platform.posinset = posinset;
  // What Playwright's getByTitle and getByRole's `expanded` read.
  const title = at ? dom.attr(at.doc, at.i, 'title') : null;
  if (title) platform.title = title;
  // toHaveId's: the element's id attribute.
  const domId = at ? dom.attr(at.doc, at.i, 'id') : null;
  if (domId) platform.domId = domId;
  if (typeof expanded === 'boolean') platform.expanded = expanded;
  // What toHaveValues reads: a <select multiple>'s flag and each option's value.
  if (at && tagName === 'select' && dom.attr(at.doc, at.i, 'multiple') !== null) platform.multiple = true;
  if (at && tagName === 'option') platform.optionValue = dom.optionValue(at.doc, at.i);

  const visibleStyle = at ? dom.style(at.doc, at.i, 'visibility') : '';
  const visible = visibleStyle === '' || visibleStyle === 'visible';
  const hitTests = !!at && visible && dom.style(at.doc, at.i, 'pointer-events') !== 'none';
  const paint = at ? dom.paintOrder(at.doc, at.i) : null;
  if (hitTests && paint !== null && rect) platform.paintOrder = paint;
  // An inline element's aim (its first line fragment's centre) when it is not its box's centre.
  const aim = at && rect ? dom.fragmentAim(at.doc, at.i) : null;
  if (aim && (Math.abs(aim[0] - (rect![0] + rect![2] / 2)) > 0.5 || Math.abs(aim[1] - (rect![1] + rect![3] / 2)) > 0.5)) {
    platform.aim = { x: aim[0], y: aim[1] };
  }

  // A wrapped run is hit by its line fragments (facts/clip.ts reads them).
  const lines = at && rect ? dom.lineBoxes(at.doc, at.i) : null;
  if (lines) platform.lineBoxes = lines;

  let bounds: Rect, layoutBounds: Rect | null = null;
  if (rect && at) {
    layoutBounds = { x: rect[0], y: rect[1], width: rect[2], height: rect[3] };
    bounds = dom.clipped(at.doc, at.i, rect);
  } else {
    bounds = { x: 0, y: 0, width: 0, height: 0 };
  }

  const isText = role === 'StaticText';
  if (isText && at) {
    // What text contrast needs: the computed colour and the effective background beneath.
    const fg = dom.colour(dom.style(at.doc, at.i, 'color'));
    if (fg) platform.color = [fg[0], fg[1], fg[2], fg[3]];
    const bg = dom.background(at.doc, at.i);
    if ('rgb' in bg) platform.background = bg.rgb;
    else platform.contrastUnknown = bg.unknown;
    const size = parseFloat(dom.style(at.doc, at.i, 'font-size'));
    if (Number.isFinite(size)) platform.fontSizePx = size;
    const weight = parseFloat(dom.style(at.doc, at.i, 'font-weight'));
    if (Number.isFinite(weight)) platform.fontWeight = weight;
    // Shadows drawn behind the glyphs change what the text stands out against (1.4.3).
    const shadows = parseTextShadows(dom.style(at.doc, at.i, 'text-shadow'));
    if (shadows.length) platform.textShadows = shadows;
  }

  const contentEditableAttribute = at ? dom.attr(at.doc, at.i, 'contenteditable') : null;
  const contentEditable = contentEditableAttribute !== null && contentEditableAttribute !== 'false';
  const editable = !ignored && !!editableProp && (FIELD_ROLES.has(role) || contentEditable);
  const password = tagName === 'input' && inputType === 'password';
  // A text field a person cannot type into (toBeEditable, as Playwright reads it).
  if (editable && at && webEditability(tagName, role, dom.attr(at.doc, at.i, 'readonly'), dom.attr(at.doc, at.i, 'aria-readonly'), contentEditable) === 'read-only') platform.readOnly = true;
  const clickable = !ignored && ((at ? dom.isClickable(at.doc, at.i) : false) || INTERACTIVE_ROLES.has(role));
  const scrollable = !!at && dom.scrollable(at.doc, at.i);
  const toggle = toggleOf(checked, pressed);
  const value = str(a.value);
  const actions: Node['actions'] = [];
  if (scrollable) actions.push('ScrollBy');
  if (focusable && !ignored) actions.push('RequestFocus');

  // Every field spelled out, in the model's order: a page can hold many thousands of nodes, and
  // makeNode would build each one twice.
  return {
    id: String(a.backendDOMNodeId ?? a.nodeId),
    kind: 'web',
    role: ignored ? null : role === 'heading' ? 'Heading' : webRole(role),
    rawRole: ignored ? 'none' : role,
    tag: at ? dom.attr(at.doc, at.i, testId) : null,
    // An <input type=submit>, button or reset shows its value as its text, as Playwright's getByText reads it.
    text: isText ? name : tagName === 'input' && at && INPUT_BUTTONS.has(inputType?.toLowerCase() ?? '') ? dom.attr(at.doc, at.i, 'value') : null,
    editableText: editable && !password ? value || (at ? dom.value(at.doc, at.i) ?? null : null) : null,
    contentDescription: !isText && name ? name : null,
    stateDescription: null,
    value: !editable && value ? value : null,
    hint: at ? dom.attr(at.doc, at.i, 'placeholder') : null,
    toggle,
    enabled: !disabled,
    clickable,
    longClickable: false,
    focusable,
    focused,
    selected,
    editable,
    scrollable,
    visible,
    password,
    heading: role === 'heading',
    actions,
    bounds,
    layoutBounds,
    designToken: null,
    platform,
    children: [],
  };
}
