/**
 * The states and properties of an element as Chromium's accessibility tree reports them
 * (`Accessibility.getFullAXTree`'s `properties` and `value`), worked out in the page from the DOM: the
 * ones the web importer reads (formats/cdp.ts `toNode`): disabled, focusable, focused, selected,
 * checked, pressed, expanded, level, url, editable, modal, and the node's value. Facts from WAI-ARIA
 * 1.2, HTML-AAM and Chromium's own choices where they differ (Chromium wins: web nodes carry its
 * states); tests/web/inpage.spec.ts holds it to getFullAXTree node by node.
 *
 * Source text, not a function of this module: it runs in the page (`Runtime.callFunctionOn`), where
 * nothing of this module exists. `STATES_SOURCE` declares `axStates(el, role)`, `role` being the node's
 * role in Chromium's vocabulary (the in-page role computation gives it); `INPAGE_STATES` calls it on
 * `this` for one element.
 */
import { ATTRIBUTE_WORDS_SOURCE, TEXT_INPUTS_SOURCE } from './web-inpage-names.js';

export const STATES_SOURCE = String.raw`
function axStates(el, role) {
  const out = {};
  const tag = el.localName;
  const html = el.namespaceURI === 'http://www.w3.org/1999/xhtml';
  const attr = (n) => el.getAttribute(n);
  // ARIA state words as Chromium reads them (ariaWord): any word but false (and mixed, where the role
  // takes it) means true: aria-pressed="maybe" is pressed.
  const word = (n) => ariaWord(el, n);

  // Focusable: what the page can focus. A tabindex attribute makes any element focusable; natively
  // focusable elements are focusable unless disabled; nothing inert or hidden is.
  const tabindex = attr('tabindex');
  const native = html ? ((tag === 'a' || tag === 'area') ? el.hasAttribute('href')
    : (tag === 'button' || tag === 'select' || tag === 'textarea' || tag === 'option') ? !el.matches(':disabled')
    : tag === 'input' ? el.type !== 'hidden' && !el.matches(':disabled')
    : (tag === 'audio' || tag === 'video') ? el.hasAttribute('controls')
    : tag === 'summary' ? !!el.parentElement && el.parentElement.localName === 'details' && el.parentElement.querySelector(':scope > summary') === el
    : tag === 'dialog')
    : tag === 'a' && (el.hasAttribute('href') || el.hasAttributeNS(XLINK, 'href'));
  const editingHost = el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable);
  const tabbable = (validTabIndex(tabindex) && !(el.matches && el.matches(':disabled'))) || native || editingHost;
  // An element without a box of its own (display: contents) is not focusable to Chromium's tree (probed on Chromium 150).
  const st = tabbable ? getComputedStyle(el) : null;
  if (st && st.visibility === 'visible' && st.display !== 'contents' && !el.closest('[inert]') && !inertByModal(el)) out.focusable = true;

  // Disabled: a form control the HTML rules disable (its own attribute, a disabled fieldset or
  // optgroup), or aria-disabled: its own, else, for what can be focused, the nearest above it.
  let disabled = false;
  try { disabled = el.matches(':disabled'); } catch { disabled = false; }
  if (!disabled) disabled = ariaDisabled(el, !!out.focusable);
  if (disabled) out.disabled = true;

  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  if (active === el && el !== document.body) out.focused = true;

  // Selected: a native option's selectedness, else aria-selected on the roles that take it.
  if (tag === 'option' && html) out.selected = el.selected;
  else if (SELECTABLE.has(role)) {
    const s = word('aria-selected');
    if (s !== null) out.selected = s !== 'false';
    else if ((role === 'option' || role === 'tab') && selectionFollowsFocus(el, role)) out.selected = false;
  }

  // Checked: a native checkbox or radio's checkedness (indeterminate: mixed), else aria-checked.
  if (tag === 'input' && html && (el.type === 'checkbox' || el.type === 'radio')) out.checked = el.type === 'checkbox' && el.indeterminate ? 'mixed' : el.checked ? 'true' : 'false';
  else if (CHECKABLE.has(role)) {
    const c = word('aria-checked');
    out.checked = c === null || c === 'false' ? 'false' : c !== 'mixed' ? 'true' : role === 'checkbox' || role === 'menuitemcheckbox' ? 'mixed' : 'false';
  }

  if (role === 'button') { const p = word('aria-pressed'); if (p !== null) out.pressed = p === 'false' || p === 'mixed' ? p : 'true'; }

  // Expanded: aria-expanded; a <details>' summary by the details being open; a drop-down select by its popup.
  const expanded = word('aria-expanded');
  if (expanded !== null && EXPANDABLE.has(role)) out.expanded = expanded !== 'false';
  else if (html && tag === 'summary' && el.parentElement && el.parentElement.localName === 'details') out.expanded = el.parentElement.open;
  else if (html && tag === 'select' && role === 'combobox' && !el.multiple && el.size <= 1) { let open = false; try { open = el.matches(':open'); } catch { open = false; } out.expanded = open; }

  // A heading's level: aria-level from 1 to 9; one that is less (or not a number) is 1, one that is more
  // is ignored; without it, an <hN>'s N, else 2 (probed on Chromium 150).
  if (role === 'heading') {
    const raw = (attr('aria-level') || '').trim();
    const l = parseInt(raw, 10);
    const native = /^h[1-6]$/.test(tag) && html ? Number(tag[1]) : 2;
    out.level = raw === '' || l > 9 ? native : l >= 1 ? l : 1;
  }

  if (role === 'link' && (tag === 'a' || tag === 'area')) {
    const href = html ? el.getAttribute('href') : el.getAttribute('href') ?? el.getAttributeNS(XLINK, 'href');
    // An address that does not resolve against the document's has no url (probed: rel/path on about:blank).
    if (href !== null) { try { out.url = new URL(href, document.baseURI).href; } catch { /* none */ } }
  }

  if (el.isContentEditable) out.editable = el.contentEditable === 'plaintext-only' ? 'plaintext' : 'richtext';
  else if (html && (tag === 'textarea' || (tag === 'input' && TEXT_INPUTS.test(el.type)))) out.editable = 'plaintext';

  if (role === 'dialog' || role === 'alertdialog') {
    let modal = false;
    try { modal = el.matches(':modal'); } catch { modal = false; }
    const m = word('aria-modal');
    if (modal || (m !== null && m !== 'false')) out.modal = true;
  }

  const value = valueOf(el, tag, html, role);
  if (value !== null && value !== '') out.value = value;
  return out;
}

const XLINK = 'http://www.w3.org/1999/xlink';
const SELECTABLE = new Set(['option', 'tab', 'treeitem', 'row', 'gridcell', 'cell', 'columnheader', 'rowheader']);
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
// The roles Chromium reports aria-expanded on (probed on Chromium 150: not a generic, group, heading, listbox, dialog, cell or option).
const EXPANDABLE = new Set(['button', 'PopUpButton', 'ToggleButton', 'link', 'combobox', 'checkbox', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'tab', 'treeitem', 'listitem', 'row', 'rowheader', 'columnheader', 'gridcell', 'application']);
${TEXT_INPUTS_SOURCE}
${ATTRIBUTE_WORDS_SOURCE}
const RANGES = new Set(['slider', 'progressbar', 'meter', 'scrollbar', 'spinbutton']);

// Whether an option or tab without aria-selected is one whose selection follows focus, as Chromium
// reports it (selected false; probed on Chromium 150): alone, or in a listbox or tablist that is not
// multiselectable and none of whose items says aria-selected. Where another says it, it has no selected state.
function selectionFollowsFocus(el, role) {
  const container = el.closest(role === 'tab' ? '[role=tablist]' : '[role=listbox]');
  if (!container) return true;
  if ((container.getAttribute('aria-multiselectable') || '').toLowerCase() === 'true') return false;
  return !container.querySelector('[role=' + role + '][aria-selected]:not([aria-selected=""]):not([aria-selected="undefined"])');
}

// aria-disabled as Chromium reads it (probed on Chromium 150): a value of its own decides, "false" (in any
// case) not disabled and any other word disabled (" TRUE ", "maybe", "false "); an empty value or
// "undefined" (in any case) says nothing. Without one, only an element that can be focused takes the
// nearest value above it (across shadow hosts, past those that say nothing); a container, a heading or a
// text does not.
function ariaDisabled(el, focusable) {
  const own = (el.getAttribute('aria-disabled') || '').toLowerCase();
  if (own !== '' && own !== 'undefined') return own !== 'false';
  if (!focusable) return false;
  for (let a = el.parentElement || (el.getRootNode().host ?? null); a;) {
    const c = a.closest('[aria-disabled]:not([aria-disabled=""]):not([aria-disabled="undefined" i])');
    if (c) return c.getAttribute('aria-disabled').toLowerCase() !== 'false';
    a = a.getRootNode().host ?? null;
  }
  return false;
}

// Everything outside an open modal dialog is inert while it is open. The dialog is looked up once per
// pass (a search of the whole document for each focusable element would make a page's pass quadratic).
let openModal;
function inertByModal(el) {
  if (openModal === undefined) openModal = document.querySelector('dialog:modal');
  return !!openModal && !openModal.contains(el);
}

function valueOf(el, tag, html, role) {
  if (html && tag === 'input') {
    if (el.type === 'range' || el.type === 'number') return el.value === '' ? null : Number(el.value);
    if (TEXT_INPUTS.test(el.type) || el.type === '') return el.type === 'password' ? '•'.repeat(el.value.length) : el.value;
    return null;
  }
  if (html && tag === 'textarea') return el.value;
  if (html && tag === 'select') {
    const o = el.selectedOptions && el.selectedOptions[0];
    return el.multiple || el.size > 1 ? null : o ? o.text : null;
  }
  if (html && (tag === 'progress' || tag === 'meter')) return el.value;
  // A contenteditable region's value is its text, and so is a focusable ARIA combobox's that is not a native field.
  if ((el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) || (role === 'combobox' && el.hasAttribute('tabindex'))) return el.innerText;
  // A range's value is its number (aria-valuetext is not the value Chromium reports).
  if (RANGES.has(role) || (role === 'separator' && el.hasAttribute('tabindex'))) {
    // Its bounds: those it says, else 0 and 100 (a spin button has none); a value past them is the bound.
    const bounded = role !== 'spinbutton';
    const min = ariaNumber(el, 'aria-valuemin') ?? (bounded ? 0 : null), max = ariaNumber(el, 'aria-valuemax') ?? (bounded ? 100 : null);
    const now = ariaNumber(el, 'aria-valuenow');
    if (now !== null) return min !== null && now < min ? min : max !== null && now > max ? max : now;
    // A slider, scroll bar or focusable separator without a value sits halfway between its bounds.
    if (role === 'slider' || role === 'scrollbar' || role === 'separator') return (min + max) / 2;
    return null;
  }
  return null;
}
`;

/** Called on one element (`Runtime.callFunctionOn`, `this` the element) with its Chromium role: its InpageStates. */
export const INPAGE_STATES = `function (role) {\n${STATES_SOURCE}\nreturn axStates(this, role);\n}`;
