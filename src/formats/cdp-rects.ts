/**
 * The client and scroll rects of a web capture's DOM snapshot. DOM_SNAPSHOT_PARAMS asks Chromium for none
 * (it would read them of every element); the importer reads them only of the layout objects that clip
 * or scroll (overflow other than visible) and of frame owners. Those few are read from their elements,
 * as Chromium reads them, by the in-page capture (placed by formats/cdp-inpage.ts) or, for any it did
 * not read, by the web device one by one (devices/web.ts fillRects). Every other layout object keeps an
 * empty array, as in Chromium's own answer.
 */
import type { DomSnapshot } from './cdp-types.js';

/**
 * In the page, of an element `e`: its client rect then its scroll rect, as Chromium's includeDOMRects
 * answer holds them (clientLeft, clientTop, clientWidth, clientHeight; scrollLeft, scrollTop,
 * scrollWidth, scrollHeight).
 */
export const READ_RECTS = '[e.clientLeft, e.clientTop, e.clientWidth, e.clientHeight, e.scrollLeft, e.scrollTop, e.scrollWidth, e.scrollHeight]';

/** A layout object whose rects the importer reads and that are not read yet. */
export interface WantedRects {
  doc: number;
  /** Its layout index. */
  li: number;
  backendNodeId: number;
}

type Layout = DomSnapshot['documents'][number]['layout'];

/** The document's rect arrays, set up empty (one per layout object) the first time. */
function rectArrays(layout: Layout): { client: number[][]; scroll: number[][] } {
  if (!layout.clientRects || !layout.scrollRects) {
    layout.clientRects = layout.nodeIndex.map(() => []);
    layout.scrollRects = layout.nodeIndex.map(() => []);
  }
  return { client: layout.clientRects, scroll: layout.scrollRects };
}

/**
 * The layout objects whose rects the importer reads (elements that clip or scroll, frame owners) and
 * that have none yet; sets up every document's rect arrays, empty, where they are not.
 */
export function wantedRects(dom: DomSnapshot, styles: readonly string[]): WantedRects[] {
  const ox = styles.indexOf('overflow-x'), oy = styles.indexOf('overflow-y');
  const wanted: WantedRects[] = [];
  dom.documents.forEach((d, doc) => {
    const { nodeIndex, styles: layoutStyles } = d.layout;
    const { client } = rectArrays(d.layout);
    const owners = new Set(d.nodes.contentDocumentIndex?.index ?? []);
    for (let li = 0; li < nodeIndex.length; li++) {
      const ni = nodeIndex[li]!;
      if (d.nodes.nodeType?.[ni] !== 1 || client[li]!.length) continue;
      const st = layoutStyles[li];
      const clips = (k: number) => k >= 0 && st !== undefined && dom.strings[st[k]!] !== undefined && dom.strings[st[k]!] !== 'visible';
      const backendNodeId = d.nodes.backendNodeId?.[ni];
      if (backendNodeId !== undefined && (clips(ox) || clips(oy) || owners.has(ni))) wanted.push({ doc, li, backendNodeId });
    }
  });
  return wanted;
}

/** Sets one layout object's rects from READ_RECTS's eight values. */
export function setRects(dom: DomSnapshot, doc: number, li: number, values: readonly number[]): void {
  const { client, scroll } = rectArrays(dom.documents[doc]!.layout);
  client[li] = values.slice(0, 4);
  scroll[li] = values.slice(4, 8);
}
