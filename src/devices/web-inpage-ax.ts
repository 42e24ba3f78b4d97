/**
 * Roles, accessible names and the ignored bit of a page's elements and text, worked out in the page as
 * Chromium's accessibility tree (`Accessibility.getFullAXTree`) reports them: its role vocabulary
 * (`generic`, `image`, `StaticText`, `LineBreak`, `LabelText`, `RootWebArea`, `none` where
 * role=none/presentation takes effect …) and its accname. Facts from HTML-AAM, accname 1.2 and
 * Chromium's own choices where they differ (Chromium wins: web nodes carry its names);
 * tests/web/inpage.spec.ts holds it to getFullAXTree node by node.
 *
 * It is source text, not a function of this module: it runs in the page (`Runtime.callFunctionOn`,
 * `page.evaluate`), where nothing of this module exists, and a TypeScript loader would wrap named
 * inner functions in helpers the page lacks. The role rules are in web-inpage-roles.ts, the name
 * computation in web-inpage-names.ts; this file holds the walk.
 *
 * Called with `{ withNodes?: boolean, chromium?: number, pseudoFromSheets?: number }` (`chromium`: the
 * browser's major version, for the rules that changed between versions; the newest apply when it is left
 * out; `pseudoFromSheets`: the page has no open shadow root, so ::before / ::after boxes are looked for
 * only where its style sheets may make one, reading at most that many rules, web-inpage-pseudo-hosts.ts),
 * it answers
 * `{ entries, nodes? }`: one entry per node of the flat tree (open shadow roots, slotted content where
 * the slot is), the document first, each `{ parent, role, name, ignored, why?, from?, attr?,
 * description? }`: `parent` the index of the entry above it (-1 for the document), `role` Chromium's
 * role (also for an ignored node, whose role getFullAXTree reports as `none`), `name` its accessible
 * name ('' when ignored), `why` the reason it is left out, `from` / `attr` its name's source and
 * `description`, each in getFullAXTree's terms (InpageAxEntry). `nodes` are the DOM nodes in the same
 * order (then call it without returnByValue; null for an entry with no DOM node), and `styles` the
 * computed styles it read, by element (every element it walked). The entries are laid
 * out as getFullAXTree lays out its nodes: an ignored element Chromium drops has none (its children
 * hang on the entry above); a `::before` / `::after` box, a `::marker` that is not a list item's, their
 * text or image, and a drop-down select's popup have entries with no DOM node. A subtree that is not
 * rendered (display: none) has no entries; nor do user-agent shadow trees and frames' documents,
 * which this document's script cannot reach or which are trees of their own.
 */
import { NAME_SOURCE } from './web-inpage-names.js';
import { ROLE_SOURCE } from './web-inpage-roles.js';
import { PSEUDO_HOSTS_SOURCE } from './web-inpage-pseudo-hosts.js';

const WALK_SOURCE = String.raw`
const withNodes = !!(options && options.withNodes);
// Chromium's major version: a few rules changed between versions; unnamed, the newest rules apply.
const chromium = (options && options.chromium) || Infinity;
const styles = new Map(), roles = new Map(), befores = new Map(), afters = new Map(), labelMaps = new Map(), namingIds = new Map();
function style(el) {
  let s = styles.get(el);
  if (s === undefined) { s = getComputedStyle(el); styles.set(el, s); }
  return s;
}
// Whether el may have a ::before / ::after box: with pseudoFromSheets (a number of rules to read at most),
// only the elements the page's style sheets may give one (web-inpage-pseudo-hosts.ts), worked out on first need.
let pseudoHost;
function mayHavePseudo(el) {
  if (pseudoHost === undefined) pseudoHost = options && options.pseudoFromSheets > 0 ? pseudoHosts(options.pseudoFromSheets) : null;
  return pseudoHost === null || pseudoHost(el);
}
function roleOf(el) {
  let r = roles.get(el);
  if (r === undefined) { r = computeRole(el); roles.set(el, r); }
  return r;
}
function flatChildren(n) {
  if (n.nodeType === 1) {
    if (n.shadowRoot) return n.shadowRoot.childNodes;
    if (n.localName === 'slot' && n.namespaceURI === HTML_NS) { const a = n.assignedNodes(); if (a.length) return a; }
  }
  return n.childNodes;
}

const entries = [], nodes = [];
function push(node, parent, role, name, ignored, source, description) {
  const e = { parent, role, name, ignored: !!ignored };
  if (ignored) e.why = ignored;
  if (description) e.description = description;
  // The name's source, as the importer reads getFullAXTree's (set only where a source gave a value).
  if (source && source.from) { e.from = source.from; if (source.attr) e.attr = source.attr; }
  entries.push(e);
  if (withNodes) nodes.push(node);
  return entries.length - 1;
}

// The rendered text of a text node as Chromium's StaticText names it: white space collapsed as the
// style says, a collapsible space dropped where it meets a block's edge, a line break or another space.
function layoutText(t) {
  const parentEl = t.parentNode && t.parentNode.nodeType === 1 ? t.parentNode : flatParent(t);
  const st = parentEl && parentEl.nodeType === 1 ? style(parentEl) : null;
  const ws = st ? st.whiteSpaceCollapse || st.whiteSpace : 'collapse';
  let s = t.data;
  if (/preserve|pre|break-spaces/.test(ws) && ws !== 'preserve-breaks' && ws !== 'pre-line') return transform(s, st);
  s = ws === 'preserve-breaks' || ws === 'pre-line' ? s.replace(/[ \t\r\f]*\n[ \t\r\f]*/g, '\n').replace(/[ \t\r\f]+/g, ' ') : collapse(s);
  if (s[0] === ' ') { const before = edge(t, -1); if (before === '' || before === ' ') s = s.slice(1); }
  if (s.length && s[s.length - 1] === ' ' && edge(t, 1) === '') s = s.slice(0, -1);
  return transform(s, st);
}

function transform(s, st) {
  if (!st) return s;
  const tt = st.textTransform;
  if (tt === 'uppercase') return s.toUpperCase();
  if (tt === 'lowercase') return s.toLowerCase();
  if (tt === 'capitalize') return s.replace(/(^|[\s\-(\[{"'])(\p{L})/gu, (m, a, b) => a + b.toUpperCase());
  return s;
}

// A text node's StaticText name, '' when Chromium has no StaticText for it.
function staticText(t) {
  // Spaces alone are judged by their neighbours first: that is cheaper than finding the line's edges.
  if (!/[^ \t\n\r\f]/.test(t.data) && !spaceKept(t)) {
    const p = t.parentNode && t.parentNode.nodeType === 1 ? style(t.parentNode) : null;
    if (!p || !/pre|break-spaces/.test(p.whiteSpaceCollapse || p.whiteSpace)) return '';
  }
  const s = layoutText(t);
  return s === ' ' && !spaceKept(t) ? '' : s;
}

// Chromium keeps a text of collapsible space alone only between two inline neighbours (text, inline
// elements, images; not inline-blocks, controls or svg) on one line: where the line wraps it renders nothing.
function spaceKept(t) {
  if (/[^ \t\n\r\f]/.test(t.data)) return true;
  for (const dir of [-1, 1]) if (!keepsSpaceBeside(flatSibling(t, dir), dir, 0)) return false;
  const range = document.createRange();
  range.selectNodeContents(t);
  for (const r of range.getClientRects()) if (r.width > 0) return true;
  return false;
}

// Whether a space next to n (its sibling on side dir) can stay: text or an image there, or an inline
// element whose own edge facing the space is such, three levels deep at most (a space after a label
// that ends in a button has no node: axe-core's button-name and label fixtures).
function keepsSpaceBeside(n, dir, depth) {
  if (!n || (n.nodeType !== 1 && n.nodeType !== 3)) return false;
  if (n.nodeType === 3 || isHtml(n, 'img') || (isHtml(n, 'input') && n.type === 'image')) return true;
  if (!(style(n).display === 'inline' && isHtml(n) && !isHtml(n, 'br'))) return false;
  const kids = flatChildren(n);
  if (!kids.length || depth >= 3) return true;
  return keepsSpaceBeside(kids[dir < 0 ? kids.length - 1 : 0], dir, depth + 1);
}

function flatSibling(n, dir) {
  if (n.assignedSlot) {
    const all = n.assignedSlot.assignedNodes();
    return all[all.indexOf(n) + dir] || null;
  }
  return dir < 0 ? n.previousSibling : n.nextSibling;
}

function edgeOfString(d, dir) {
  if (!d) return null;
  // Spaces alone collapse into what follows them, so looking forward they are passed over.
  if (dir > 0 && !/[^ \t\n\r\f]/.test(d)) return null;
  const c = dir < 0 ? d[d.length - 1] : d[0];
  return /[ \t\n\r\f]/.test(c) ? ' ' : c;
}

// The rendered character next to a node in its line ('' at a block's edge or a line break, ' ' for a
// space), or null when the node renders nothing.
function edgeOf(n, dir) {
  if (n.nodeType === 3) return edgeOfString(n.data, dir);
  if (n.nodeType !== 1) return null;
  const s = style(n);
  if (s.display === 'none') return null;
  if (isHtml(n, 'br')) return '';
  if (s.display !== 'contents' && !s.display.startsWith('inline')) return '';
  if (s.position === 'absolute' || s.position === 'fixed' || s.float !== 'none') return null;
  if (s.display !== 'inline' && s.display !== 'contents') return 'x';
  if (isHtml(n) && /^(img|input|select|textarea|button|video|audio|canvas|iframe|object|embed|svg|meter|progress)$/.test(n.localName)) return 'x';
  if (n.namespaceURI === SVG_NS) return 'x';
  const near = pseudoText(n, dir < 0 ? '::after' : '::before');
  if (near && near.text) return edgeOfString(near.text, dir);
  const kids = flatChildren(n);
  for (let i = dir < 0 ? kids.length - 1 : 0; i >= 0 && i < kids.length; i += dir < 0 ? -1 : 1) {
    const e = edgeOf(kids[i], dir);
    if (e !== null) return e;
  }
  const far = pseudoText(n, dir < 0 ? '::before' : '::after');
  return far && far.text ? edgeOfString(far.text, dir) : null;
}

function edge(t, dir) {
  for (let n = t; ;) {
    for (let s = flatSibling(n, dir); s; s = flatSibling(s, dir)) {
      const e = edgeOf(s, dir);
      if (e !== null) return e;
    }
    const p = flatParent(n);
    if (!p || p.nodeType !== 1) return '';
    // The parent's ::before (looking back) or ::after (looking forward) box sits at this edge of its content.
    const pseudo = pseudoText(p, dir < 0 ? '::before' : '::after');
    if (pseudo) {
      const pd = pseudo.st.display;
      if (pd === 'inline' && pseudo.text) return edgeOfString(pseudo.text, dir);
      if (pd !== 'inline') return pd.startsWith('inline') ? 'x' : '';
    }
    const d = style(p).display;
    if (d !== 'inline' && d !== 'contents') return '';
    n = p;
  }
}

const CONTENTS = { from: 'contents', attr: null };

// A pseudo-element box Chromium lists under its element (one that shows nothing only where it stands on
// a line): the box, and the text or image it shows, whose words the DOM snapshot's layout holds (the
// capture joins them: \`pseudo\`). The box is generic when it is laid out as a block flow (blockified by
// a float or position too), a list item when it is one, else an ignored node (inline, flex, grid, table).
const PSEUDO_GENERIC = new Set(['block', 'inline-block', 'flow-root', 'table-cell']);
const INLINE_LEVEL = /^(inline|ruby)/;
function pushPseudo(el, k, which, ctx) {
  let box, shows;
  if (which === '::marker') {
    box = { st: getComputedStyle(el, '::marker') };
    // A <summary>'s disclosure triangle is drawn, not text.
    shows = /^disclosure-/.test(style(el).listStyleType) && style(el).listStyleImage === 'none' ? [] : ['text'];
  } else {
    box = pseudoText(el, which);
    if (!box || box.alt === '') return;
    if (box.alt !== null) {
      const hiddenAlt = ctx.hidden || (ctx.outsideModal && 'activeModalDialog') || (box.st.visibility !== 'visible' && 'notVisible');
      const image = box.shows.length === 1 && box.shows[0] === 'image';
      entries[push(null, k, image ? 'image' : 'StaticText', box.alt, hiddenAlt, { from: 'implicit', attr: null })].pseudo = which;
      return;
    }
    shows = box.shows;
    // A box that shows nothing is listed only on a line: inline-level itself, or in an inline-level element.
    if (!shows.length && !INLINE_LEVEL.test(box.st.display) && !INLINE_LEVEL.test(style(el).display)) return;
  }
  const d = box.st.display;
  const role = which === '::marker' ? 'none' : d === 'list-item' ? 'listitem' : PSEUDO_GENERIC.has(d) ? 'generic' : 'none';
  const hidden = ctx.hidden || (ctx.outsideModal && 'activeModalDialog') || (box.st.visibility !== 'visible' && 'notVisible');
  const at = push(null, k, role, '', hidden || (role !== 'none' ? '' : which === '::marker' ? 'presentationalRole' : 'uninteresting'));
  entries[at].pseudo = which;
  for (const part of shows) {
    const t = part === 'image' ? push(null, at, 'image', '', hidden) : push(null, at, 'StaticText', part === 'spaces' ? WHITESPACE_ALT : '', hidden, CONTENTS);
    entries[t].pseudoPart = which;
  }
}

// Chromium's tree has nothing below these.
const LEAVES = new Set(['option', 'iframe', 'frame', 'img', 'br', 'textarea', 'input']);
// SVG elements that draw nothing themselves.
const SVG_UNRENDERED = new Set(['title', 'desc', 'metadata', 'defs', 'clipPath', 'mask', 'linearGradient', 'radialGradient', 'pattern', 'filter',
  'marker', 'style', 'script', 'symbol']);

let modal = null;
try { modal = document.querySelector('dialog:modal'); } catch { modal = null; }
// Chromium disregards aria-hidden on the focused element and on what holds it, and on a select's options.
const focusedEl = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
function ariaHiddenHolds(el) {
  if (!ariaHiddenTrue(el)) return false;
  if (isHtml(el, 'option') && el.closest('select')) return false;
  return !(focusedEl && (el === focusedEl || el.contains(focusedEl)));
}

function visitText(t, parent, ctx, parentEl) {
  if (isHtml(parentEl, 'select') || isHtml(parentEl, 'optgroup')) return;
  if (parentEl.namespaceURI === SVG_NS && !/^(text|tspan|textPath|a)$/.test(parentEl.localName)) return;
  const name = staticText(t);
  if (!name) return;
  // A label's text that its control repeats is presentational to Chromium.
  push(t, parent, 'StaticText', name, ctx.hidden || (ctx.outsideModal && 'activeModalDialog') || (ctx.inLabel && 'presentationalRole') || (style(parentEl).visibility !== 'visible' && 'notVisible'), CONTENTS);
}

// aria-owns, as Chromium's relation cache reads it: an owner's elements by owner, each element owned
// once (where two owners claim it, Chromium's pick varies from run to run; here the first in document
// order), never by an element it holds (a cycle) and never by one Chromium gives no children (a leaf:
// an input, an image …) or that is not rendered. An owned element is visited under its owner, after
// the owner's own children, in aria-owns order, and not where it stands.
const owners = new Map(), ownerOf = new Map();
// Whether \`el\` sits in \`o\`'s subtree once what is owned hangs on its owner.
function inSubtreeOf(el, o) {
  for (let x = el; x; x = ownerOf.get(x) || flatParent(x)) if (x === o) return true;
  return false;
}
for (const owner of document.querySelectorAll('[aria-owns]')) {
  if ((isHtml(owner) && LEAVES.has(owner.localName)) || !owner.checkVisibility()) continue;
  const mine = [];
  for (const o of idrefs(owner, 'aria-owns')) if (!ownerOf.has(o) && !inSubtreeOf(owner, o)) { ownerOf.set(o, owner); mine.push(o); }
  if (mine.length) owners.set(owner, mine);
}

// Chromium keeps an ARIA option, tree item or list item only where its nearest ancestor in the tree
// is of a role that holds it (a listbox, a tree, a list; a group for each); anywhere else the element
// has its native role (generic for a div, image for an img).
function inRoleContext(el, role, parent) {
  const holders = ROLE_CONTEXTS[role];
  if (!holders || explicitRole(el) !== role) return role;
  let p = parent;
  while (p > 0 && entries[p].ignored) p = entries[p].parent;
  if (holders.includes(entries[p].role)) return role;
  // The name and the states read the element's role from the cache: the native one there too.
  const native = nativeRole(el);
  roles.set(el, native);
  return native;
}

function visit(node, parent, ctx, parentEl) {
  if (node.nodeType === 3) { visitText(node, parent, ctx, parentEl); return; }
  if (node.nodeType !== 1) return;
  const el = node;
  const st = style(el);
  const display = st.display;
  if (display === 'none' && !isHtml(el, 'option')) return;
  if (isHtml(el, 'area') || isHtml(el, 'map') || display === 'table-column' || display === 'table-column-group' || (el.namespaceURI === SVG_NS && SVG_UNRENDERED.has(el.localName))) return;
  // Hidden from the tree with its subtree: the element says why ('…Element'), its subtree inherits it ('…Subtree').
  const here = ariaHiddenHolds(el) ? 'ariaHiddenElement' : el.hasAttribute('inert') ? 'inertElement' : '';
  const hidden = here ? here.replace('Element', 'Subtree') : ctx.hidden;
  const outsideModal = modal !== null && !ctx.inModal && el !== modal && !el.contains(modal);
  const role = inRoleContext(el, roleOf(el), parent);
  const semantic = ignoredBySemantics(el, role, st);
  // With a modal dialog open, what is left out beside it (its ancestors included) is left out for the dialog.
  const ignored = here || ctx.hidden || ((outsideModal || (semantic && modal !== null && !ctx.inModal && el !== modal)) && 'activeModalDialog') ||
    (st.visibility !== 'visible' && 'notVisible') || semantic;
  const source = { from: null, attr: null };
  const name = ignored ? '' : nameOf(el, role, source);
  // An ignored element Chromium does not keep has no entry: its children hang on the entry above it.
  const k = ignored && !includedWhenIgnored(el, st, hidden, role, ignored) ? parent : push(el, parent, role, name, ignored, source, ignored || role === 'none' ? '' : descriptionOf(el, source));
  if (isHtml(el) && LEAVES.has(el.localName)) return;
  // A closed <details> renders its summary alone; content-visibility: hidden renders no content.
  const closed = isHtml(el, 'details') && !el.open ? el.querySelector(':scope > summary') : undefined;
  if (st.contentVisibility === 'hidden') return;
  // Chromium looks for an inert node's inert element along its own tree: where that element has no
  // entry (inert, it breaks no line), what it holds reads as inert elements themselves.
  const kid = { hidden: here === 'inertElement' && k === parent ? here : hidden, inModal: ctx.inModal || el === modal, outsideModal, inLabel: ignored && (ctx.inLabel || role === 'LabelText') };
  // A list item's marker is Chromium's ListMarker, a part the capture leaves out, unless the item is not a list item.
  if (role !== 'listitem' && display === 'list-item' && hasMarker(st)) pushPseudo(el, k, '::marker', kid);
  pushPseudo(el, k, '::before', kid);
  // A select shown as a drop-down holds its options in a popup (Chromium's MenuListPopup).
  const under = role === 'combobox' && isHtml(el, 'select') ? push(null, k, 'MenuListPopup', '', false) : k;
  const kids = flatChildren(el);
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    if ((closed === undefined || c === closed) && !ownerOf.has(c)) visit(c, under, kid, el);
  }
  pushPseudo(el, k, '::after', kid);
  const mine = owners.get(el);
  if (mine) for (const o of mine) visit(o, under, kid, el);
}

`;

const WALK_RUN = String.raw`
const title = collapse(document.title || '').trim();
push(document, -1, 'RootWebArea', title, false, { from: title ? 'relatedElement' : null, attr: null });
if (document.documentElement) visit(document.documentElement, 0, { hidden: '', inModal: false, inLabel: false }, null);
return withNodes ? { entries, nodes, styles } : { entries };
`;

/**
 * Every declaration the walk and the name computation use (the rules, the caches, the walk's
 * functions), run nothing: the body of an in-page function that asks for some elements' roles or names
 * without walking the page (web-inpage-others.ts). `options` must be in scope.
 */
export const INPAGE_DECLARATIONS = `${ROLE_SOURCE}\n${NAME_SOURCE}\n${PSEUDO_HOSTS_SOURCE}\n${WALK_SOURCE}`;

/** The in-page function's declaration, for `Runtime.callFunctionOn` or `page.evaluate` (as a string). */
export const INPAGE_AX = `function (options) {\n${INPAGE_DECLARATIONS}\n${WALK_RUN}\n}`;
