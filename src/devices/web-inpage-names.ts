/**
 * In-page source (see web-inpage-ax.ts): an element's accessible name as Chromium computes it
 * (accname 1.2 with HTML-AAM's native sources, and Chromium's choices where they differ). Plain
 * function declarations joined into the in-page function's body; `roleOf`, `style`, `flatChildren`
 * and `isHtml` come from the other parts.
 */
/** In-page source shared by the in-page parts: the input types that are text fields. */
export const TEXT_INPUTS_SOURCE = String.raw`const TEXT_INPUTS = /^(text|password|number|search|tel|email|url)$/;`;

/**
 * In-page source shared by the in-page parts: attribute values as Chromium reads them (probed on
 * Chromium 150). An ARIA word is read in any case but not trimmed ("false " is another word, and so is
 * " true"), and says nothing when empty or "undefined" (aria-hidden's in any case); any word but false
 * is true (aria-hidden="maybe" hides). A tabindex is an integer as HTML parses one (spaces, a sign,
 * digits, anything after them left out: "0abc" is 0), within a 32-bit integer's range. A number is one
 * to the end after leading white space, or 0 (aria-valuenow=" 40 " is 0, " 40" is 40).
 */
export const ATTRIBUTE_WORDS_SOURCE = String.raw`
function ariaWord(el, name) { const v = el.getAttribute(name); return v === null || v === '' || v === 'undefined' ? null : v.toLowerCase(); }
// aria-hidden's "undefined" says nothing in any case (where aria-pressed="UNDEFINED" is a word).
function ariaHiddenTrue(el) { const w = ariaWord(el, 'aria-hidden'); return w !== null && w !== 'false' && w !== 'undefined'; }
// Elements (el among them) that say a true aria-hidden, for closest().
const ARIA_HIDDEN_TRUE = '[aria-hidden]:not([aria-hidden=""]):not([aria-hidden="false" i]):not([aria-hidden="undefined" i])';
// A number attribute (aria-valuenow …): none when absent; a number after any leading white space, to the
// end (1e400 is Infinity), else 0 (" 40 ", "40abc", "Infinity" and an empty value are 0).
function ariaNumber(el, name) {
  const v = el.getAttribute(name);
  if (v === null) return null;
  const m = /^[\t\n\f\r ]*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)$/.exec(v);
  return m ? Number(m[1]) : 0;
}
function validTabIndex(v) {
  const m = v === null ? null : /^[\t\n\f\r ]*([+-]?\d+)/.exec(v);
  if (!m) return false;
  const n = Number(m[1]);
  return n >= -2147483648 && n <= 2147483647;
}`;

export const NAME_SOURCE = String.raw`
// Roles named by their content.
const FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'DisclosureTriangle', 'doc-backlink', 'doc-biblioref', 'doc-glossref',
  'doc-noteref', 'gridcell', 'heading', 'LineBreak', 'link', 'math', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'PopUpButton', 'radio',
  'rowheader', 'switch', 'tab', 'term', 'ToggleButton', 'tooltip', 'treeitem', 'LayoutTableCell']);
// Roles whose content never joins another element's name: containers of many parts, and widgets (named
// by their value instead). A group's does not either, but <details> and <address> read as groups to
// getFullAXTree while Chromium's own roles for them (details, a generic container) let their content in.
const NO_CONTENT = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'complementary', 'contentinfo', 'dialog',
  'document', 'feed', 'figure', 'form', 'grid', 'group', 'image', 'listbox', 'log', 'main', 'marquee', 'menu', 'menubar', 'meter', 'navigation',
  'note', 'progressbar', 'radiogroup', 'row', 'rowgroup', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status',
  'tablist', 'tabpanel', 'textbox', 'timer', 'toolbar', 'tree', 'treegrid', 'Iframe', 'RootWebArea', 'SvgRoot', 'combobox', 'table']);
// Roles a title does not name in Chromium (ARIA 1.2's roles that prohibit a name, and a few more).
const NO_TITLE_NAME = new Set(['generic', 'paragraph', 'emphasis', 'strong', 'code', 'deletion', 'insertion', 'subscript', 'superscript', 'mark', 'time',
  'caption', 'definition']);
function joinsNoName(el, role) {
  return NO_CONTENT.has(role) && !(role === 'group' && (isHtml(el, 'details') || isHtml(el, 'address')));
}
${TEXT_INPUTS_SOURCE}
${ATTRIBUTE_WORDS_SOURCE}

// The elements an ID list names, in its order (an ID named twice counts twice, as in Chromium).
function idrefs(el, attr) {
  const v = el.getAttribute(attr);
  if (!v) return [];
  const root = el.getRootNode();
  const out = [];
  for (const id of v.split(/\s+/)) {
    const e = id && root.getElementById ? root.getElementById(id) : null;
    if (e) out.push(e);
  }
  return out;
}

// Hidden with its ancestors (display: none, visibility, aria-hidden): a referenced node is read with its hidden parts then.
function hiddenDeep(el) {
  if (!el.checkVisibility({ visibilityProperty: true })) return !isHtml(el, 'option');
  return !!(el.closest(ARIA_HIDDEN_TRUE));
}

function hiddenHere(el) {
  const st = style(el);
  if (st.display === 'none' || st.visibility !== 'visible') return !isHtml(el, 'option');
  return ariaHiddenTrue(el);
}

// The text a ::before or ::after box adds (content: strings, attr(), quotes; after a '/', its alt text), '' for none.
function pseudoText(el, pseudo) {
  const cache = pseudo === '::before' ? befores : afters;
  let p = cache.get(el);
  if (p === undefined) { p = mayHavePseudo(el) ? readPseudo(el, pseudo) : null; cache.set(el, p); }
  return p;
}

function readPseudo(el, pseudo) {
  const st = getComputedStyle(el, pseudo);
  const c = st.content;
  if (!c || c === 'none' || c === 'normal' || st.display === 'none') return null;
  // A function's argument may be a quoted string holding parentheses and slashes (a data: URL's SVG).
  const parts = c.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/|[^\s"'/]+\((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)"'])*\)|[^\s"'/]+/g) || [];
  const slash = parts.indexOf('/');
  // What the box shows, in order: an image for each url(), a run of text for the rest (its words come
  // from the layout; here only whether there are any).
  const shows = [];
  let spaces = false;
  for (const p of slash >= 0 ? parts.slice(0, slash) : parts) {
    const image = /^(url|image-set|-webkit-image-set|[a-z-]*gradient)\(/.test(p);
    const quoted = p[0] === '"' || p[0] === "'";
    const words = !image && (quoted ? /[^ \t\n\r\f]/.test(p.slice(1, -1)) : p !== 'no-open-quote' && p !== 'no-close-quote');
    if (quoted && p.length > 2 && !words) spaces = true;
    if (image) shows.push('image');
    else if (words && shows[shows.length - 1] !== 'text') shows.push('text');
  }
  // Content of white space alone: an inline-level box shows a text Chromium names with two spaces
  // (WHITESPACE_ALT, as an alt of white space); a block-level one shows nothing (found by probing Chromium).
  if (spaces && !shows.length && /^inline/.test(st.display)) shows.push('spaces');
  let out = '';
  for (const p of slash >= 0 ? parts.slice(slash + 1) : parts) {
    if (p[0] === '"' || p[0] === "'") out += p.slice(1, -1).replace(/\\(.)/g, '$1');
    else if (p.startsWith('attr(')) out += el.getAttribute(p.slice(5, -1).trim()) || '';
    else if (p === 'open-quote') out += '\u201c';
    else if (p === 'close-quote') out += '\u201d';
  }
  // An alternative text after a '/' stands for what the box shows: empty, the box is decoration and
  // not in the tree at all; else the box is one text of those words (found by probing Chromium).
  return { text: out, st, shows, alt: slash >= 0 ? out : null };
}

// The <label>s of a control: el.labels searches its tree on every call, so each tree's labels are read once.
function labelsOf(el) {
  const root = el.getRootNode();
  let byControl = labelMaps.get(root);
  if (byControl === undefined) {
    byControl = new Map();
    for (const l of root.querySelectorAll('label')) {
      const c = l.control;
      if (c) { if (!byControl.has(c)) byControl.set(c, []); byControl.get(c).push(l); }
    }
    labelMaps.set(root, byControl);
  }
  return byControl.get(el) || [];
}

function labelsText(el, o) {
  const all = el.labels ? labelsOf(el) : [];
  if (!all.length) return null;
  // Chromium reads only the labels that are shown, and a control whose labels are all hidden has no name.
  const labels = all.filter((l) => !hiddenDeep(l));
  if (!labels.length) return '';
  const parts = labels.map((l) => textAlternative(l, { root: o.root, visited: o.visited, recursive: true, inLabel: true, hiddenOk: false })).filter((s) => s.trim());
  if (!parts.length) return null;
  // From Chromium 156 on, a name from labels is trimmed of ASCII white space at its ends (a no-break space stays).
  return chromium >= 156 ? trimAscii(parts.join(' ')) : parts.join(' ');
}

// s without ASCII white space at its ends (a no-break space stays).
function trimAscii(s) { return s.replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, ''); }

function firstChildText(el, tag, o) {
  for (const c of el.children) if (c.localName === tag) return textAlternative(c, { root: o.root, visited: o.visited, recursive: true, inNative: true, hiddenOk: hiddenDeep(c) });
  return null;
}

// Where a text alternative came from, as getFullAXTree's name sources say (type, and the attribute),
// noted on the computation's options as it returns.
function from(o, type, attr, v) {
  o.from = type;
  o.attr = attr;
  if (attr === 'title') o.titleUsed = true;
  return v;
}

// An alt of white space alone names an image (or an image button) with two spaces, whatever the alt holds,
// and a name of such images alone keeps them uncollapsed (found by probing Chromium).
const WHITESPACE_ALT = '  ';

// HTML-AAM's native sources; null when there is none and the computation goes on.
function nativeName(el, role, o) {
  if (el.namespaceURI === SVG_NS) {
    for (const c of el.children) if (c.localName === 'title') return c.textContent ? from(o, 'relatedElement', null, c.textContent) : c.textContent;
    if (el.localName === 'a') return el.getAttribute('xlink:title') ? from(o, 'attribute', 'xlink:title', el.getAttribute('xlink:title')) : null;
    return null;
  }
  if (!isHtml(el)) return null;
  const tag = el.localName;
  if (tag === 'input') {
    const type = el.type;
    if (type === 'button' || type === 'submit' || type === 'reset') {
      if (el.value.trim()) return from(o, 'attribute', 'value', el.value);
      const l = !o.inLabelledBy && labelsText(el, o);
      if (l) return from(o, 'relatedElement', null, l);
      // Chromium reports a submit or reset button's default words as its contents.
      if (type !== 'button' && !el.hasAttribute('value')) return from(o, 'contents', null, type === 'submit' ? 'Submit' : 'Reset');
      return type === 'button' ? null : '';
    }
    if (type === 'image') {
      const l = !o.inLabelledBy && labelsText(el, o);
      if (l) return from(o, 'relatedElement', null, l);
      const alt = el.getAttribute('alt');
      if (alt && !alt.trim()) { o.whitespaceAlt = true; return from(o, 'attribute', 'alt', WHITESPACE_ALT); }
      for (const a of ['alt', 'value', 'title']) { const v = el.getAttribute(a); if (v && v.trim()) return from(o, 'attribute', a, v); }
      return from(o, 'attribute', 'type', 'Submit');
    }
  }
  if (/^(input|textarea|select|meter|progress|output|button)$/.test(tag)) {
    const l = !o.inLabelledBy && !el.hasAttribute('aria-labelledby') ? labelsText(el, o) : null;
    if (l !== null) {
      // Labels all hidden: no name, though Chromium still lists the title as a source with a value.
      if (l === '') {
        if (!(el.getAttribute('title') || '').trim()) return '';
        o.titleUsed = true;
        return from(o, 'attribute', null, '');
      }
      return from(o, 'relatedElement', null, l);
    }
    if (tag === 'button') return null;
    if (tag === 'input' && el.type === 'file') return null;
    const title = el.getAttribute('title');
    if (title && title.trim()) return from(o, 'attribute', 'title', title);
    if ((tag === 'textarea' || (tag === 'input' && TEXT_INPUTS.test(el.type)))) {
      const ph = el.getAttribute('placeholder'), aph = el.getAttribute('aria-placeholder');
      if (ph && ph.trim()) return from(o, 'placeholder', 'placeholder', ph);
      if (!ph && aph && aph.trim()) return from(o, 'placeholder', 'aria-placeholder', aph);
    }
    return tag === 'output' ? null : '';
  }
  if (tag === 'img' || tag === 'area') {
    const a = el.getAttribute('alt');
    if (a && !a.trim()) o.whitespaceAlt = true;
    if (a) return from(o, 'attribute', 'alt', a.trim() ? a : WHITESPACE_ALT);
    return null;
  }
  if (tag === 'fieldset') { const l = firstChildText(el, 'legend', o); return l === null ? null : from(o, 'relatedElement', null, l); }
  // A <figure> is not named by its <figcaption> in Chromium (its title still names it).
  if (tag === 'table') {
    const c = firstChildText(el, 'caption', o);
    if (c && c.trim()) return from(o, 'relatedElement', null, c);
    const s = el.getAttribute('summary');
    return s && s.trim() ? from(o, 'attribute', 'summary', s) : null;
  }
  if (tag === 'optgroup') return el.hasAttribute('label') ? from(o, 'attribute', 'label', el.getAttribute('label')) : null;
  if (tag === 'option' && (el.getAttribute('label') || '').trim()) return from(o, 'attribute', 'label', el.getAttribute('label'));
  return null;
}

// What a control inside another element's name gives it: its value, not its label.
function embeddedValue(el, role, o) {
  if (role === 'textbox' || role === 'searchbox') return isHtml(el, 'input') || isHtml(el, 'textarea') ? el.value : el.textContent;
  if (role === 'combobox' || role === 'listbox') {
    if (isHtml(el, 'select')) {
      const sel = [...el.selectedOptions];
      if (!sel.length && el.options.length) sel.push(el.options[0]);
      return sel.map((x) => textAlternative(x, { ...o, recursive: true })).join(' ');
    }
    if (isHtml(el, 'input')) return el.value;
    return null;
  }
  if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'scrollbar' || role === 'meter') {
    const v = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
    if (v !== null) return v;
    return isHtml(el, 'input') ? el.value : (el.getAttribute('value') || '');
  }
  if (role === 'menu') return '';
  return null;
}

function contentText(el, o) {
  let s = '';
  const kid = { root: o.root, visited: o.visited, recursive: true, inLabelledBy: o.inLabelledBy, inLabel: o.inLabel, inNative: o.inNative, hiddenOk: o.hiddenOk };
  // Text as laid out (its StaticText names); a block's text set apart from its neighbours by one space,
  // not padded at the ends.
  let apart = false;
  const add = (t, block) => {
    // A block that adds nothing still sets the text on either side of it apart.
    if (!t) { if (block && s) apart = true; return; }
    if ((block || apart) && s && !/ $/.test(s)) s += ' ';
    s += t;
    apart = block;
  };
  // A ::before or ::after box adds its text; a block one of spaces alone adds nothing.
  const pseudo = (which) => {
    const p = pseudoText(el, which);
    if (!p || p.st.visibility !== 'visible') return;
    // Its alternative text (after a '/') stands apart from the words around it, as an image's name does.
    const block = !p.st.display.startsWith('inline') || (p.alt !== null && p.alt !== '');
    if (!block || /[^ \t\n\r\f]/.test(p.text)) add(p.text, block);
  };
  pseudo('::before');
  for (const n of flatChildren(el)) {
    if (n.nodeType === 3) add(staticText(n), false);
    else if (n.nodeType === 1) {
      if (isHtml(n, 'br')) { apart = true; continue; }
      const display = style(n).display, t = textAlternative(n, kid);
      // An image's name stands apart from the text around it, as a block's does; an unnamed one adds nothing, not even a space.
      const r = roleOf(n), image = r === 'image' || r === 'Canvas';
      if (!image || t) add(t, image || (display !== 'inline' && display !== 'contents'));
    }
  }
  for (const owned of idrefs(el, 'aria-owns')) add(textAlternative(owned, kid), true);
  pseudo('::after');
  if (kid.whitespaceAlt) o.whitespaceAlt = true;
  return s;
}

// accname's text alternative of one node (the steps of accname 1.2 §4.3.2, as Chromium takes them).
function textAlternative(el, o) {
  if (o.visited.has(el)) return '';
  o.visited.add(el);
  if (o.recursive && !o.hiddenOk && hiddenHere(el)) return '';
  if (!o.inLabelledBy) {
    const refs = idrefs(el, 'aria-labelledby');
    if (refs.length) {
      // An element whose text is white space alone adds nothing, not even the space that joins it.
      const s = refs.map((r) => textAlternative(r, { root: o.root, visited: new Set(o.root === el ? [] : [el]), recursive: true, inLabelledBy: true, hiddenOk: hiddenDeep(r) }))
        .filter((t) => /[^ \t\n\f\r]/.test(t)).join(' ');
      if (s.trim()) return from(o, 'relatedElement', 'aria-labelledby', s);
    }
  }
  const role = roleOf(el);
  if (o.recursive && el !== o.root) {
    const v = embeddedValue(el, role, o);
    if (v !== null) return v;
  }
  const label = el.getAttribute('aria-label');
  if (label && label.trim()) return from(o, 'attribute', 'aria-label', label);
  if (role !== 'none') {
    const n = nativeName(el, role, o);
    if (n !== null) return n;
  }
  if (FROM_CONTENT.has(role) || (role === 'row' && rowOfGrid(el)) || (o.recursive && !joinsNoName(el, role)) || (isHtml(el, 'summary') && role !== 'none')) {
    const s = contentText(el, o);
    if (s.trim()) return from(o, 'contents', null, s);
    if (s && o.whitespaceAlt) return from(o, 'contents', null, WHITESPACE_ALT);
  }
  // A title does not name an element of a role that takes no name from it (it describes it instead), unless the element takes focus.
  const title = el.getAttribute('title');
  if (title && title.trim() && !(NO_TITLE_NAME.has(role) && !focusable(el))) return from(o, 'attribute', 'title', title);
  return '';
}

// A row of a grid or treegrid is named by its cells; a table's row is not.
function rowOfGrid(row) {
  const owner = closestFlat(row, (e) => { const r = explicitRole(e); return r === 'grid' || r === 'treegrid' || r === 'table' || (!r && isHtml(e, 'table')); });
  return !!owner && (explicitRole(owner) === 'grid' || explicitRole(owner) === 'treegrid');
}

// Runs of white space as one space, as Chromium's names and descriptions have them.
function collapse(s) {
  return s.replace(/[ \t\n\r\f]+/g, ' ');
}

// An element's accessible description as Chromium gives it: aria-describedby's elements, else
// aria-description, else an SVG's <desc>, an input button's value or a title that the name did not use.
// White space collapsed as in a name, and trimmed of ASCII white space at its ends (probed on Chromium 150).
function descriptionOf(el, source) {
  const refs = idrefs(el, 'aria-describedby');
  if (refs.length) {
    const s = refs.map((r) => textAlternative(r, { root: r, visited: new Set([el]), recursive: true, inLabelledBy: true, hiddenOk: hiddenDeep(r) })).join(' ');
    if (s.trim()) return trimAscii(collapse(s));
  }
  const d = el.getAttribute('aria-description');
  if (d && d.trim()) return trimAscii(collapse(d));
  if (el.namespaceURI === SVG_NS) {
    for (const c of el.children) if (c.localName === 'desc' && c.textContent.trim()) return trimAscii(collapse(c.textContent));
  }
  if (isHtml(el, 'input') && /^(button|submit|reset)$/.test(el.type) && source.attr !== 'value' && el.value.trim()) return trimAscii(collapse(el.value));
  const t = el.getAttribute('title');
  if (t && t.trim() && !source.titleUsed) return trimAscii(collapse(t));
  return '';
}

// Runs of white space collapse to one space; the ends are kept as the text left them (Chromium's names are not trimmed).
// \`source\` gets where a name came from: \`from\` the name source's type, \`attr\` its attribute.
function nameOf(el, role, source) {
  if (role === 'none') return '';
  if (role === 'LineBreak') { source.from = 'contents'; return '\n'; }
  const o = { root: el, visited: new Set(), recursive: false, from: null, attr: null };
  const raw = textAlternative(el, o);
  // A name of white space alone that an alt gave is kept as it is (WHITESPACE_ALT); any other is collapsed.
  const name = o.whitespaceAlt && !/[^ \t\n\r\f]/.test(raw) ? raw : collapse(raw);
  source.from = o.from;
  source.attr = o.attr;
  source.titleUsed = !!o.titleUsed;
  return name;
}
`;
