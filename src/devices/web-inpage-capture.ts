/**
 * The in-page capture (docs/design.md §5): the in-page pass (web-inpage-ax.ts) with the states of the
 * elements it keeps (web-inpage-states.ts), each entry placed in the page's walk of its DOM, and the
 * rects of the walked elements that clip or scroll (formats/cdp-rects.ts), answered as one JSON text
 * (formats/cdp-inpage.ts `InpageWire`; null for a page it does not cover; a text costs the page one
 * string, where an answer by value costs it one protocol object per entry). formats/cdp-inpage.ts joins
 * it to the same capture's DOM snapshot by position, in place of `Accessibility.getFullAXTree`.
 *
 * Source text, not a function of this module: it runs in the page (`Runtime.evaluate`).
 */
import { INPAGE_AX } from './web-inpage-ax.js';
import { STATES_SOURCE } from './web-inpage-states.js';
import { READ_RECTS } from '../formats/cdp-rects.js';
import { INPAGE_ROW, INPAGE_ROW_REQUIRED } from '../formats/cdp-inpage.js';

/**
 * In the page: `walkDom()` answers the main document's nodes in DOMSnapshot.captureSnapshot's order
 * without its pseudo-element boxes (depth first, an open shadow root's children right after its host,
 * the root itself not listed), counting the open shadow roots it passes (`openShadowRoots`);
 * `placesOf(list)` each node's place in it.
 */
export const WALK_DOM = String.raw`
let openShadowRoots = 0;
function walkDom() {
  const out = [];
  const visit = (n) => {
    out.push(n);
    if (n.nodeType === 1 && n.shadowRoot) { openShadowRoots++; for (let c = n.shadowRoot.firstChild; c; c = c.nextSibling) visit(c); }
    for (let c = n.firstChild; c; c = c.nextSibling) visit(c);
  };
  visit(document);
  return out;
}
function placesOf(all) {
  return new Map(all.map((n, k) => [n, k]));
}`;

/** The function of an in-page capture (its source), as inpageCaptureExpression describes it. */
function captureFunction(chromium: number, everyPage: boolean, everyPseudo: boolean): string {
  return `() => {
  // MathML is not among the pass's rules: Chromium's own tree reads those pages.
  if (${everyPage ? 'false' : "document.getElementsByTagNameNS('http://www.w3.org/1998/Math/MathML', 'math').length"}) return null;
  ${WALK_DOM}
  const all = walkDom();
  // With no open shadow root, ::before / ::after are read only where the style sheets may make one, as
  // long as reading the sheets costs less than reading the boxes: at most a rule per node.
  const ax = (${INPAGE_AX})({ withNodes: true, chromium: ${Number.isFinite(chromium) ? chromium : 0}, pseudoFromSheets: ${everyPseudo ? '0' : 'openShadowRoots === 0 ? all.length : 0'} });
  ${STATES_SOURCE}
  const place = placesOf(all);
  const at = (n) => (n ? place.get(n) ?? -1 : -1);
  const focusedDocument = document.hasFocus();
  const entries = ax.entries.map((e, k) => {
    const n = ax.nodes[k];
    const host = e.pseudo ? ax.nodes[e.parent] : e.pseudoPart ? ax.nodes[ax.entries[e.parent].parent] : null;
    e.place = at(n);
    e.host = at(host);
    if (n && n.nodeType === 1 && !e.ignored) e.states = axStates(n, e.role);
    // Editable content responds to clicks in the DOM snapshot's eyes (isClickable) without a listener.
    else if (n && n.nodeType === 1 && n.isContentEditable) e.editable = true;
    if (n && n.nodeType === 9) e.states = focusedDocument ? { focusable: true, focused: true } : { focusable: true };
    // A text named by its node's own words, as they are: the DOM snapshot holds them (its nodeValue), so the answer need not.
    if (n && n.nodeType === 3 && e.name === n.data) e.name = 1;
    return e;
  });
  // The client and scroll rects of the elements that clip or scroll, which the snapshot does not hold (formats/cdp-rects.ts).
  const rects = [];
  for (const [e, st] of ax.styles) {
    // The shorthand reads 'visible' exactly when both axes do (one axis alone cannot compute to visible).
    if (st.overflow === 'visible') continue;
    const p = place.get(e);
    if (p !== undefined) rects.push([p, ...${READ_RECTS}]);
  }
  // Rows and one string of names (formats/cdp-inpage.ts InpageWire): fewer values to write than objects, for the page's JSON.stringify.
  const rows = entries.map((e) => {
    const r = ${INPAGE_ROW};
    while (r.length > ${INPAGE_ROW_REQUIRED} && r[r.length - 1] === 0) r.pop();
    return r;
  });
  return JSON.stringify({ rows, names: all.map((n) => n.nodeName).join(' '), rects });
}`;
}

/**
 * The expression of an in-page capture, for a browser of major version `chromium` (the pass's rules that
 * changed between versions). It answers null on a page it does not cover (MathML) unless `everyPage`
 * (the tests hold the pass to Chromium on every page); `everyPseudo` reads every element's ::before and
 * ::after (the plain path the tests hold web-inpage-pseudo-hosts.ts to).
 */
export function inpageCaptureExpression(chromium: number, everyPage = false, everyPseudo = false): string {
  return `(${captureFunction(chromium, everyPage, everyPseudo)})()`;
}

/** The name the capture is installed under in a world of its own (no page script reaches that world's globals). */
const INSTALLED = 'treewrightCapture';

/**
 * Installs the capture in a world of its own, once: each capture then evaluates INPAGE_CAPTURE_CALL, not
 * the whole source again (compiling it costs about as much as the pass on a small page).
 */
export function inpageCaptureInstall(chromium: number): string {
  return `globalThis.${INSTALLED} = ${captureFunction(chromium, false, false)}; true`;
}

/** A capture in a world where inpageCaptureInstall ran (a ReferenceError where it has not). */
export const INPAGE_CAPTURE_CALL = `${INSTALLED}()`;
