/**
 * The parts of Chrome DevTools Protocol answers the web importer reads: `Accessibility.getFullAXTree`
 * and `DOMSnapshot.captureSnapshot` (with DOM rects, paint order and the computed styles in
 * CAPTURED_STYLES). Shapes as the protocol documents them; only what is read is typed.
 */

export interface AXValue {
  type: string;
  value?: unknown;
}

export interface AXProperty {
  name: string;
  value: AXValue;
}

export interface AXNode {
  nodeId: string;
  ignored: boolean;
  ignoredReasons?: Array<{ name: string }>;
  role?: AXValue;
  name?: AXValue & { sources?: Array<{ type: string; value?: AXValue; attribute?: string; superseded?: boolean }> };
  description?: AXValue;
  value?: AXValue;
  properties?: AXProperty[];
  parentId?: string;
  childIds?: string[];
  backendDOMNodeId?: number;
  frameId?: string;
}

/** Sparse per-node data: the indices that have it (and their values). */
export interface RareStrings { index: number[]; value: number[] }
export interface RareBooleans { index: number[] }
export interface RareIntegers { index: number[]; value: number[] }

export interface DomSnapshotDocument {
  documentURL: number;
  title: number;
  frameId: number;
  nodes: {
    parentIndex?: number[];
    nodeType?: number[];
    nodeName?: number[];
    nodeValue?: number[];
    backendNodeId?: number[];
    attributes?: number[][];
    inputValue?: RareStrings;
    inputChecked?: RareBooleans;
    isClickable?: RareBooleans;
    contentDocumentIndex?: RareIntegers;
    /** The shadow roots (open or closed) among the nodes. */
    shadowRootType?: RareStrings;
  };
  layout: {
    nodeIndex: number[];
    styles: number[][];
    bounds: number[][];
    paintOrders?: number[];
    /** A text box's laid-out words (a string index; -1 for a box that is not text): a pseudo-element's text lives only here. */
    text?: number[];
    clientRects?: number[][];
    scrollRects?: number[][];
  };
  /** The line fragments of text: per box, its text's layout index and its bounds (axis-aligned, as layout.bounds). */
  textBoxes?: { layoutIndex: number[]; bounds: number[][] };
  scrollOffsetX?: number;
  scrollOffsetY?: number;
}

export interface DomSnapshot {
  documents: DomSnapshotDocument[];
  strings: string[];
}

/**
 * The computed styles requested from DOMSnapshot.captureSnapshot, in this order (layout.styles indexes
 * them; a capture records the list it asked for, CdpCapture.styles). Only what the mapping reads: each
 * style is a column over every layout object (bench/web.ts).
 */
export const CAPTURED_STYLES = [
  'visibility', 'pointer-events', 'overflow-x', 'overflow-y', 'position', 'color', 'background-color',
  'background-image', 'font-size', 'font-weight', 'display', 'text-shadow',
] as const;
export type CapturedStyle = (typeof CAPTURED_STYLES)[number];

/**
 * The columns of a capture that records no `styles` list: those recorded before captures named theirs
 * asked for this list (with `opacity`, since dropped), so their columns are read by these names.
 */
export const UNNAMED_CAPTURE_STYLES: readonly string[] = [
  'visibility', 'pointer-events', 'overflow-x', 'overflow-y', 'position', 'color', 'background-color',
  'background-image', 'opacity', 'font-size', 'font-weight', 'display',
];

/**
 * The DOMSnapshot.captureSnapshot parameters of a capture: paint order (what is drawn over what, for
 * hit-testing). Not DOM rects: Chromium would read offset, client and scroll rects of every element,
 * where only the elements that clip or scroll (overflow other than visible) and the frames' owners need their client
 * and scroll rects; the web device reads those few from their elements and fills `layout.clientRects`
 * and `layout.scrollRects` as Chromium would have (an empty array for every other layout object).
 */
export const DOM_SNAPSHOT_PARAMS = { computedStyles: [...CAPTURED_STYLES], includePaintOrder: true };

/** One frame's capture: its AX tree and where its document sits in the DOM snapshot. */
export interface CdpFrame {
  /** The frame's URL (named in warnings). */
  url: string;
  ax: AXNode[];
}

/** Everything one web capture read from Chromium, as JSON (recordable, replayable in tests). */
export interface CdpCapture {
  url: string;
  title: string;
  viewport: { width: number; height: number };
  devicePixelRatio: number;
  /** The main frame's full AX tree. */
  ax: AXNode[];
  dom: DomSnapshot;
  /** The computed styles the DOM snapshot was asked for, in its columns' order (absent: UNNAMED_CAPTURE_STYLES). */
  styles?: readonly string[];
  /** Child frames treewright could not read (cross-origin, out of process): named in the snapshot's warnings. */
  unreadFrames?: string[];
  /** Child frames read as their own roots. */
  frames?: CdpFrame[];
}
