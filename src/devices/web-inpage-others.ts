/**
 * In the page, beside one element (`this`): every other element that may answer to a role locator,
 * with its role and accessible name as the in-page pass works them out (web-inpage-ax.ts), named only
 * when its role is wanted — as Playwright's role engine names only the elements of the role asked for.
 * The web device's check that a capture's one match still stands (`WebDriver.stillResolves`).
 *
 * Called with `{ roles, known, mark }`: `roles`, the roles that answer to the locator; `known`, every
 * role the caller judged (an element whose role is outside them is listed for the caller to judge);
 * `mark`, the change watcher's id of the document the capture was taken of. It answers a flat list
 * `[role, name, role, name, …]`, the name null where it is empty (a locator reads a field's text then,
 * or the text of what a node merges). Elements not rendered, or not visible (visibility), are left
 * out: no locator finds them unless it asks for hidden nodes; an option of a drop-down, which has no
 * box of its own, is not. Called with `{ attribute, mark }` instead (getByTestId), it lists the
 * attribute's value on `this`, then on every other element that has it, rendered or not. Called with
 * `{ label: true, mark }` (getByLabel), it lists the accessible names of the other elements a label or
 * an attribute may name, empty ones too (a label of white space matches them).
 *
 * Either answers null when `this` is no longer in the document, the document is another, or the page
 * holds a frame whose document it can read (that frame is in this process, where a capture searches
 * it too).
 */
import { INPAGE_DECLARATIONS } from './web-inpage-ax.js';

const OTHERS_FUNCTION = `function (options) {
${INPAGE_DECLARATIONS}
const self = this;
if (!self.isConnected) return null;
const watch = window[Symbol.for('treewright.watch')];
if (!watch || watch.take().split(':')[0] !== options.mark) return null;
const want = new Set(options.roles), known = new Set(options.known), attr = options.attribute, label = options.label;
// By attribute (getByTestId): the element's own value first, then every other element's that has one.
const out = attr ? [self.getAttribute(attr)] : [];
// By label (getByLabel): an element a label or an attribute may name. One that names itself by its
// content alone never is; the natively named ones are those a related element (legend, caption,
// figcaption, an SVG title, an option's label) or an attribute (alt, value, type) may name.
const NATIVE = new Set(['input', 'img', 'area', 'fieldset', 'table', 'figure', 'svg', 'optgroup', 'option']);
const labelled = (el) => el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label') || (el.labels && el.labels.length > 0) ||
  el.hasAttribute('title') || el.hasAttribute('alt') || NATIVE.has(el.localName);
const scan = (root) => {
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot && !scan(el.shadowRoot)) return false;
    // A frame's document the page can read is in this process, where a capture reads it too.
    if ((el.localName === 'iframe' || el.localName === 'frame' || el.localName === 'object') && el.contentDocument) return false;
    if (el === self) continue;
    if (attr) { if (el.hasAttribute(attr)) out.push(el.getAttribute(attr)); continue; }
    if (label) {
      if (!labelled(el) || (!el.checkVisibility({ visibilityProperty: true }) && !el.closest('select, datalist'))) continue;
      out.push(nameOf(el, roleOf(el), {}));
      continue;
    }
    const role = roleOf(el);
    if (known.has(role) && !want.has(role)) continue;
    if (!el.checkVisibility({ visibilityProperty: true }) && !el.closest('select, datalist')) continue;
    const name = nameOf(el, role, {});
    out.push(role, name === '' ? null : name);
  }
  return true;
};
return scan(document) ? out : null;
}`;

/**
 * The function is installed once per document under a symbol (as the change watcher is), so a check
 * does not compile the rules again: OTHERS_CALL (on the element) answers 'install' until
 * INSTALL_OTHERS has run in the document.
 */
export const INSTALL_OTHERS = `(() => {
  const key = Symbol.for('treewright.others');
  if (!window[key]) Object.defineProperty(window, key, { value: ${OTHERS_FUNCTION} });
})()`;

export const OTHERS_CALL = `function (options) {
  const f = window[Symbol.for('treewright.others')];
  return f ? f.call(this, options) : 'install';
}`;
