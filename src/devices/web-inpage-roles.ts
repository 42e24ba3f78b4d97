/**
 * In-page source (see web-inpage-ax.ts): an element's role in Chromium's vocabulary and whether
 * Chromium's tree ignores it. Plain function declarations, joined into the in-page function's body;
 * `style(el)` (the cached computed style) comes from there.
 */
export const ROLE_SOURCE = String.raw`
const HTML_NS = 'http://www.w3.org/1999/xhtml', SVG_NS = 'http://www.w3.org/2000/svg';
// ARIA 1.2, DPUB and Graphics roles Chromium takes from a role attribute; abstract ones are not here.
const ARIA_ROLES = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox comment ' +
  'complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading image img ' +
  'insertion link list listbox listitem log main mark marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note ' +
  'option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox sectionfooter sectionheader ' +
  'separator slider spinbutton status strong subscript suggestion superscript switch tab table tablist tabpanel term textbox time timer toolbar ' +
  'tooltip tree treegrid treeitem graphics-document graphics-object graphics-symbol ' +
  'doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry doc-bibliography doc-biblioref doc-chapter doc-colophon ' +
  'doc-conclusion doc-cover doc-credit doc-credits doc-dedication doc-endnote doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example ' +
  'doc-footnote doc-foreword doc-glossary doc-glossref doc-index doc-introduction doc-noteref doc-notice doc-pagebreak doc-pagefooter ' +
  'doc-pageheader doc-pagelist doc-part doc-preface doc-prologue doc-pullquote doc-qna doc-subtitle doc-tip doc-toc').split(' '));
// Chromium's spelling of an ARIA role where it differs.
const ARIA_SPELLING = { img: 'image', presentation: 'none', directory: 'list' };
// Attributes that keep role=none/presentation from taking effect (ARIA's global states and properties).
const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-dropeffect',
  'aria-flowto', 'aria-grabbed', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription'];
// Roles Chromium always keeps in its tree (besides the rules in ignoredBySemantics).
const ALWAYS_INCLUDED = new Set(['Abbr', 'application', 'article', 'Audio', 'banner', 'blockquote', 'code', 'complementary', 'deletion', 'contentinfo',
  'insertion', 'definition', 'DescriptionList', 'term', 'dialog', 'emphasis', 'Figcaption', 'figure', 'form', 'list', 'listitem', 'main', 'mark',
  'math', 'meter', 'navigation', 'PluginObject', 'progressbar', 'region', 'Ruby', 'search', 'separator', 'subscript', 'superscript', 'strong',
  'time', 'Video', 'sectionheader', 'sectionfooter', 'alert', 'alertdialog', 'log', 'marquee', 'status', 'timer']);
const TABLE_ROLES = new Set(['table', 'grid', 'treegrid', 'row', 'cell', 'gridcell', 'columnheader', 'rowheader', 'LayoutTable', 'LayoutTableRow', 'LayoutTableCell']);
const CONTROL_ROLES = new Set(['button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem', 'menu', 'menubar', 'radiogroup',
  'tablist', 'toolbar', 'tree', 'treegrid', 'grid', 'listbox']);
const INPUT_ROLES = { button: 'button', reset: 'button', submit: 'button', image: 'button', file: 'button', checkbox: 'checkbox', radio: 'radio',
  number: 'spinbutton', range: 'slider', search: 'searchbox', color: 'ColorWell', date: 'Date', 'datetime-local': 'DateTime', month: 'DateTime',
  week: 'DateTime', time: 'InputTime' };
const TAG_ROLES = { article: 'article', blockquote: 'blockquote', button: 'button', caption: 'caption', code: 'code', datalist: 'listbox',
  dd: 'definition', del: 'deletion', s: 'deletion', details: 'group', dfn: 'term', dialog: 'dialog', dl: 'DescriptionList', dt: 'term',
  em: 'emphasis', fieldset: 'group', figure: 'figure', figcaption: 'Figcaption', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
  h5: 'heading', h6: 'heading', hr: 'separator', iframe: 'Iframe', frame: 'Iframe', img: 'image', ins: 'insertion', label: 'LabelText', legend: 'Legend',
  li: 'listitem', main: 'main', mark: 'mark', math: 'math', menu: 'list', meter: 'meter', nav: 'navigation', ol: 'list', ul: 'list',
  optgroup: 'group', output: 'status', p: 'paragraph', progress: 'progressbar', search: 'search', strong: 'strong', sub: 'subscript',
  sup: 'superscript', textarea: 'textbox', time: 'time', abbr: 'Abbr', ruby: 'Ruby', rt: 'RubyAnnotation', rp: 'RubyAnnotation', audio: 'Audio',
  video: 'Video', canvas: 'Canvas', embed: 'EmbeddedObject', object: 'PluginObject', address: 'group', hgroup: 'group', br: 'LineBreak',
  table: 'table' };

function flatParent(n) {
  if (n.assignedSlot) return n.assignedSlot;
  const p = n.parentNode;
  return p && p.nodeType === 11 ? p.host || null : p;
}

function closestFlat(el, test) {
  for (let e = flatParent(el); e && e.nodeType === 1; e = flatParent(e)) if (test(e)) return e;
  return null;
}

// An HTML element's local name ('' for any other element), read once per element per pass: the rules ask
// it of one element many times, and each read of namespaceURI and localName is a call into the DOM.
const htmlNames = new Map();
function isHtml(el, tag) {
  let name = htmlNames.get(el);
  if (name === undefined) { name = el.namespaceURI === HTML_NS ? el.localName : ''; htmlNames.set(el, name); }
  return tag === undefined ? name !== '' : name === tag;
}

function explicitRole(el) {
  const v = el.getAttribute('role');
  if (!v) return '';
  for (const t of v.trim().toLowerCase().split(/\s+/)) if (ARIA_ROLES.has(t)) return ARIA_SPELLING[t] || t;
  return '';
}

function hasGlobalAria(el) {
  for (const a of GLOBAL_ARIA) if (el.hasAttribute(a)) return true;
  return false;
}

function isDisabled(el) {
  if (!isHtml(el) || !/^(button|input|select|textarea|option|optgroup|fieldset)$/.test(el.localName)) return false;
  return el.matches(':disabled');
}

function focusable(el) {
  if (isDisabled(el)) return false;
  const ti = el.getAttribute('tabindex');
  if (validTabIndex(ti)) return true;
  if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return true;
  if (!isHtml(el)) return el.localName === 'a' && (el.hasAttribute('href') || el.hasAttribute('xlink:href'));
  switch (el.localName) {
    case 'a': case 'area': return el.hasAttribute('href');
    case 'button': case 'select': case 'textarea': case 'iframe': return true;
    case 'input': return el.type !== 'hidden';
    case 'summary': return !!el.parentElement && isHtml(el.parentElement, 'details') && el.parentElement.querySelector(':scope > summary') === el;
    case 'audio': case 'video': return el.hasAttribute('controls');
  }
  return false;
}

// The presentational role reaches the elements a list or table owns (li, tr, td …) from an ancestor that has it.
const PRESENTATION_FROM = { li: ['ul', 'ol', 'menu'], dt: ['dl'], dd: ['dl'], tr: ['table', 'tbody', 'thead', 'tfoot'], td: ['tr'], th: ['tr'],
  tbody: ['table'], thead: ['table'], tfoot: ['table'], caption: ['table'] };

function inheritsPresentation(el) {
  let e = el;
  for (;;) {
    const owners = isHtml(e) && PRESENTATION_FROM[e.localName];
    const p = e.parentElement;
    if (!owners || !p || !isHtml(p) || !owners.includes(p.localName)) return false;
    const r = explicitRole(p);
    if (r === 'none') return !focusable(p) && !hasGlobalAria(p);
    if (r) return false;
    if (p.localName === 'table' || p.localName === 'ul' || p.localName === 'ol' || p.localName === 'menu' || p.localName === 'dl') return false;
    e = p;
  }
}

// Chromium's test of whether a <table> without a role holds data or only lays content out (a layout
// table's parts are LayoutTable, LayoutTableRow, LayoutTableCell): the marks of a data table on the table
// (a caption, a head or foot, columns, a summary or rules), twenty rows or more, or a header cell, a cell
// with headers / abbr / axis / scope, or cells most of which are bordered; a table of one cell never is.
const dataTables = new Map();
function isDataTable(table) {
  let d = dataTables.get(table);
  if (d === undefined) { d = judgeDataTable(table); dataTables.set(table, d); }
  return d;
}
function judgeDataTable(t) {
  if (t.isContentEditable) return true;
  if (t.caption || t.tHead || t.tFoot || t.hasAttribute('summary') || t.hasAttribute('rules') || t.querySelector(':scope > col, :scope > colgroup')) return true;
  const rows = t.rows;
  if (rows.length >= 20) return true;
  if (rows.length === 0 || (rows.length === 1 && rows[0].cells.length === 1)) return false;
  let cells = 0, bordered = 0;
  for (const row of rows) {
    for (const c of row.cells) {
      if (isHtml(c, 'th')) return true;
      if (c.hasAttribute('headers') || c.hasAttribute('abbr') || c.hasAttribute('axis') || c.hasAttribute('scope')) return true;
      cells++;
      const st = style(c);
      const w = (side) => parseFloat(st['border' + side + 'Width']) > 0 && st['border' + side + 'Style'] !== 'none' && st['border' + side + 'Style'] !== 'hidden';
      if ((w('Top') && w('Bottom')) || (w('Left') && w('Right'))) bordered++;
    }
  }
  return cells > 0 && bordered * 2 >= cells;
}

function tableOf(el) {
  for (let e = el.parentElement; e; e = e.parentElement) if (isHtml(e, 'table')) return e;
  return null;
}

function isHeaderCell(n) { return !!n && n.nodeType === 1 && isHtml(n, 'th'); }
function isFullDataCell(n) { return !!n && n.nodeType === 1 && isHtml(n, 'td') && n.hasChildNodes(); }

function headerCellRole(th) {
  const scope = (th.getAttribute('scope') || '').toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  const next = th.nextElementSibling, prev = th.previousElementSibling;
  if (!next && !prev) return 'columnheader';
  if (isHeaderCell(next) && isHeaderCell(prev)) return 'columnheader';
  if (isFullDataCell(next) || isFullDataCell(prev)) return 'rowheader';
  const row = th.parentElement;
  if (!row || !isHtml(row, 'tr')) return 'columnheader';
  const first = row.firstElementChild, last = row.lastElementChild;
  if (isFullDataCell(first) || isFullDataCell(last)) return 'rowheader';
  if (isFullDataCell(first && first.nextElementSibling) || isFullDataCell(last && last.previousElementSibling)) return 'rowheader';
  return 'columnheader';
}

function nameFromAuthor(el) {
  return !!((el.getAttribute('aria-label') || '').trim() || el.hasAttribute('aria-labelledby') || (el.getAttribute('title') || '').trim());
}

// Sectioning elements (and main) that turn header/footer/aside into plain sections.
function inSectioning(el, withMain) {
  return !!closestFlat(el, (e) => {
    const r = explicitRole(e);
    if (r) return r === 'article' || r === 'complementary' || r === 'navigation' || r === 'region' || (withMain && r === 'main');
    return isHtml(e) && (e.localName === 'article' || e.localName === 'aside' || e.localName === 'nav' || e.localName === 'section' || (withMain && e.localName === 'main'));
  });
}

// Whether an <svg> holds elements Chromium's tree keeps (then it is an SVG root with parts, else an image).
function svgHasParts(svg) {
  for (const e of svg.querySelectorAll('*')) {
    if (e.hasAttribute('role') || e.hasAttribute('tabindex') || (e.localName === 'a' && (e.hasAttribute('href') || e.hasAttribute('xlink:href')))) return true;
    if ((e.localName === 'title' || e.localName === 'desc') && e.parentNode !== svg) return true;
  }
  return false;
}

// The roles Chromium keeps only inside an element of one of these roles (the nearest one in its tree).
const ROLE_CONTEXTS = { option: ['listbox', 'group'], treeitem: ['tree', 'group'], listitem: ['list', 'group'] };

function nativeRole(el) {
  if (el.namespaceURI === SVG_NS) {
    if (el.localName === 'svg' && !(el.parentNode && el.parentNode.namespaceURI === SVG_NS)) return !el.firstElementChild || !svgHasParts(el) ? 'image' : 'SvgRoot';
    if (el.localName === 'a') return el.hasAttribute('href') || el.hasAttribute('xlink:href') ? 'link' : 'group';
    if (el.localName === 'g') return 'group';
    if (/^(circle|ellipse|line|path|polygon|polyline|rect|use)$/.test(el.localName)) return 'graphics-symbol';
    if (el.localName === 'image') return 'image';
    return 'generic';
  }
  if (!isHtml(el)) return 'generic';
  const tag = el.localName;
  switch (tag) {
    case 'a': case 'area': return el.hasAttribute('href') || el.hasAttribute('onclick') ? 'link' : 'generic';
    case 'input': {
      const type = el.type;
      if (el.list && type !== 'color') return 'combobox';
      return INPUT_ROLES[type] || 'textbox';
    }
    case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    case 'option': return 'option';
    case 'summary': {
      const p = closestFlat(el, () => true);
      const host = p && isHtml(p, 'slot') ? flatParent(p) : p;
      return host && isHtml(host, 'details') ? 'DisclosureTriangle' : 'generic';
    }
    case 'header': return inSectioning(el, true) ? 'sectionheader' : 'banner';
    case 'footer': return inSectioning(el, true) ? 'sectionfooter' : 'contentinfo';
    case 'aside': return inSectioning(el, false) && !nameFromAuthor(el) ? 'generic' : 'complementary';
    case 'section': return nameFromAuthor(el) ? 'region' : 'generic';
    case 'form': return 'form';
    case 'table': return explicitRole(el) || isDataTable(el) ? 'table' : 'LayoutTable';
    case 'tr': { const table = tableOf(el); return !table ? 'generic' : explicitRole(table) || isDataTable(table) ? 'row' : 'LayoutTableRow'; }
    case 'tbody': case 'thead': case 'tfoot': return tableOf(el) ? 'rowgroup' : 'generic';
    case 'td': case 'th': {
      const table = tableOf(el);
      if (!table || !el.parentElement || !isHtml(el.parentElement, 'tr')) return 'generic';
      const tr = explicitRole(table);
      if (!tr && !isDataTable(table)) return 'LayoutTableCell';
      if (tag === 'td') return tr === 'grid' || tr === 'treegrid' ? 'gridcell' : 'cell';
      return headerCellRole(el);
    }
  }
  const r = TAG_ROLES[tag] || 'generic';
  // An element laid out as a list item is one.
  return r === 'generic' && style(el).display === 'list-item' ? 'listitem' : r;
}

// Chromium's role for an element, in its vocabulary ('none' where role=none/presentation takes effect).
function computeRole(el) {
  const explicit = explicitRole(el);
  if (explicit === 'none') {
    if (focusable(el) || hasGlobalAria(el)) return nativeRole(el);
    return 'none';
  }
  if (explicit) {
    if ((explicit === 'region' || explicit === 'form') && !nameFromAuthor(el)) return explicit === 'region' ? 'generic' : 'form';
    // A cell of a grid or tree grid is a grid cell.
    if (explicit === 'cell') {
      const t = closestFlat(el, (e) => { const r = explicitRole(e); return r === 'grid' || r === 'treegrid' || r === 'table' || (!r && isHtml(e, 'table')); });
      const r = t && explicitRole(t);
      if (r === 'grid' || r === 'treegrid') return 'gridcell';
    }
    return explicit;
  }
  if (inheritsPresentation(el)) return 'none';
  return nativeRole(el);
}

function hasAriaAttribute(el) {
  // Names alone: walking el.attributes makes an Attr object of each.
  for (const a of el.getAttributeNames()) if (a.startsWith('aria-')) return true;
  return false;
}

function isPotentialLinkTarget(el) {
  if (el.getRootNode() !== document || el.namespaceURI === SVG_NS) return false;
  if (isHtml(el, 'a') && el.hasAttribute('name')) return true;
  return el.hasAttribute('id') && !isHtml(el, 'label') && !isHtml(el, 'optgroup');
}

// A <label> whose text already names the checkbox or radio it labels, with nothing else in it.
function isRedundantLabel(label) {
  const c = label.control;
  if (!c || !isHtml(c, 'input') || (c.type !== 'checkbox' && c.type !== 'radio')) return false;
  if (c.hasAttribute('aria-label') || c.hasAttribute('aria-labelledby')) return false;
  for (const e of label.querySelectorAll('*')) if (e !== c && !isHtml(e, 'br')) return false;
  return style(c).visibility === 'visible';
}

function isBlockFlow(display) {
  return display === 'block' || display === 'inline-block' || display === 'list-item' || display === 'flow-root' || display === 'table-cell' ||
    display === 'table-caption' || display === 'inline flow-root' || display === 'block flow' || display === 'block flow-root';
}

// Whether a block flow box directly holds inline content (then Chromium keeps it: it lays out lines).
function holdsInlineContent(el) {
  // A block-level ::before or ::after box, whatever it shows (a clearfix's empty table), is block content.
  for (const which of ['::before', '::after']) { const p = pseudoText(el, which); if (p && !/^(inline|ruby)/.test(p.st.display)) return false; }
  let any = false;
  const look = (parent) => {
    for (const n of flatChildren(parent)) {
      if (n.nodeType === 3) {
        if (/[^ \t\n\r\f]/.test(n.data) || (n.data && /pre|break-spaces/.test(style(parent.nodeType === 1 ? parent : el).whiteSpace))) any = true;
        continue;
      }
      if (n.nodeType !== 1) continue;
      const s = style(n);
      if (s.display === 'none') continue;
      if (s.display === 'contents') { if (!look(n)) return false; continue; }
      // An out-of-flow box sits among inline content; floats alone are not inline content.
      if (s.position === 'absolute' || s.position === 'fixed') { any = true; continue; }
      if (s.float !== 'none') continue;
      if (!s.display.startsWith('inline') && s.display !== 'ruby') return false;
      any = true;
    }
    return true;
  };
  return look(el) && any;
}

// Whether Chromium ignores a rendered element that is not hidden, inert or outside an open modal dialog.
// Why Chromium leaves an element out of its tree for what it is ('' when it keeps it), in
// getFullAXTree's words: a role of none is presentational, a label its control repeats is labelFor,
// anything else left out is uninteresting.
function ignoredBySemantics(el, role, st) {
  const why = uninteresting(el, role, st);
  if (!why) return '';
  if (role === 'none') return 'presentationalRole';
  return isHtml(el, 'label') ? 'labelFor' : 'uninteresting';
}

function uninteresting(el, role, st) {
  if (role === 'none') return true;
  if (el.namespaceURI === SVG_NS) {
    if (closestFlat(el, (e) => e.localName === 'symbol') || el.localName === 'symbol') return true;
    if (el.localName === 'svg' && el.firstElementChild && !(el.parentNode && el.parentNode.namespaceURI === SVG_NS)) return false;
    for (const c of el.children) if (c.localName === 'title' || c.localName === 'desc') return false;
  }
  if (TABLE_ROLES.has(role) || isHtml(el, 'thead') || isHtml(el, 'tfoot')) return false;
  if (isHtml(el, 'html')) return true;
  if (!isHtml(el, 'body') && focusable(el)) return false;
  if (role === 'link' || role === 'heading') return false;
  if (el.hasAttribute('onclick') || el.hasAttribute('onmousedown') || el.hasAttribute('onmouseup')) return false;
  if (isHtml(el, 'header') || isHtml(el, 'footer')) return false;
  if (isHtml(el) && /^(button|fieldset|input|object|output|select|textarea)$/.test(el.localName)) return false;
  // An ARIA role out of its context gives way to the native one (web-inpage-ax.ts inRoleContext): judged as the plain element it then is.
  const explicit = explicitRole(el);
  const author = ROLE_CONTEXTS[explicit] && role !== explicit ? null : explicit;
  if (CONTROL_ROLES.has(author)) return false;
  if (isHtml(el, 'optgroup') || isHtml(el, 'option')) return false;
  if (author) return false;
  if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return false;
  if (isHtml(el, 'legend')) return false;
  if (ALWAYS_INCLUDED.has(role) || isHtml(el, 'section') || isHtml(el, 'hgroup') || isHtml(el, 'details') || role === 'DisclosureTriangle') return false;
  if (hasAriaAttribute(el) || (el.getAttribute('title') || '') !== '') return false;
  if (isHtml(el, 'img')) return el.getAttribute('alt') === '';
  if (isPotentialLinkTarget(el)) return false;
  // With inline text boxes asked for (getFullAXTree does), an inline-block among element siblings is kept.
  if (role !== 'SvgRoot' && role !== 'Canvas' && role !== 'EmbeddedObject' && st.display.startsWith('inline-') && el.parentElement && el.parentElement.childElementCount > 1) return false;
  if (isHtml(el, 'span')) return true;
  if (isHtml(el, 'label')) return isRedundantLabel(el);
  if (el.namespaceURI === SVG_NS && el.localName === 'foreignObject') return true;
  // Chromium's default: kept when it has a box that matters to layout.
  if (st.display === 'contents') return true;
  if (role === 'Iframe' || role === 'LineBreak' || role === 'EmbeddedObject' || role === 'Canvas') return false;
  // A scroll container whose content overflows it (by the user, or by script where overflow is hidden);
  // overflow: auto or scroll with nothing to scroll is not one (found by probing Chromium).
  if (/auto|scroll|hidden/.test(st.overflowX + st.overflowY) && (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)) return false;
  if (st.position !== 'static') return false;
  if (isBlockFlow(st.display) && holdsInlineContent(el)) return false;
  return true;
}

// Whether Chromium keeps an element it ignores in its tree (getFullAXTree lists it, ignored) rather
// than dropping it and hanging its children on the nearest ancestor it keeps: labels and what they
// hold, hosts of pseudo-element boxes, what names or describes another node while hidden, <html>,
// media, menus, elements that break lines, ruby annotations, tables, their bodies, rows and cells.
function includedWhenIgnored(el, st, hidden, role, why) {
  if (el.hasAttribute('aria-owns')) return true;
  const parent = el.parentNode;
  // No element parent (a shadow root's child), or a flat-tree parent that is not the DOM parent (slotted).
  if (!parent || parent.nodeType !== 1 || el.assignedSlot) return true;
  if (isHtml(el, 'label')) return true;
  if (isHtml(parent, 'label') && !isHtml(el, 'span')) return true;
  if (isHtml(parent, 'map') || isHtml(parent, 'rt')) return true;
  if (pseudoText(el, '::before') || pseudoText(el, '::after') || hasMarker(st)) return true;
  if ((st.visibility !== 'visible' || hidden) && usedForNaming(el)) return true;
  if (isHtml(el) && /^(html|video|audio|rt|table|tbody|tr|td|th)$/.test(el.localName)) return true;
  if (el.hasAttribute('lang')) return true;
  // An aria-hidden control that keeps focus and is named by its content (found by probing Chromium: a
  // button, link, checkbox, tab, heading or gridcell stays; a text field, combobox, slider, option,
  // tree item, image or a plain focusable span does not).
  if (/^ariaHidden/.test(why) && FROM_CONTENT.has(role) && role !== 'option' && role !== 'treeitem' && focusable(el)) return true;
  if (explicitRole(el) === 'menu') return true;
  // A line-breaking element (Blink editing's enclosing block: a box that is not inline-level, or a <br>)
  // that is visible (not inert, not aria-hidden, not hidden by its style) and not presentational. Inside
  // an <svg>, display makes no CSS box: a <rect> with display: block breaks no line.
  if (el.namespaceURI === SVG_NS && parent.namespaceURI === SVG_NS) return false;
  if (role !== 'none' && (isHtml(el, 'br') || !/^(inline|ruby|math|contents)/.test(st.display)) && st.visibility === 'visible' && !/^(inert|activeModalDialog|ariaHidden)/.test(why)) return true;
  return false;
}

// Whether a list item shows a ::marker box.
function hasMarker(st) {
  return st.display === 'list-item' && (st.listStyleType !== 'none' || st.listStyleImage !== 'none');
}

// Whether the element is part of what names another: inside a <label>, or inside (or itself) an element
// another's aria-labelledby or aria-describedby points at.
function usedForNaming(el) {
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) if (isHtml(n, 'label') || referencedForNaming(n)) return true;
  return false;
}

function referencedForNaming(el) {
  if (!el.id) return false;
  const root = el.getRootNode();
  let ids = namingIds.get(root);
  if (ids === undefined) {
    ids = new Set();
    for (const r of root.querySelectorAll('[aria-labelledby], [aria-describedby]')) {
      for (const a of ['aria-labelledby', 'aria-describedby']) for (const id of (r.getAttribute(a) || '').split(/\s+/)) if (id) ids.add(id);
    }
    namingIds.set(root, ids);
  }
  return ids.has(el.id);
}
`;
