import { FormatError } from '../errors.js';
import { generationOf } from '../model/node.js';
import type { Snapshot } from '../model/schema.js';
import { lineColumnAt } from './limits.js';
import { checkTextInput } from './limits.js';
import { appleElement, appleSnapshot, type AppleElement } from './apple.js';
import type { ImportOptions } from './types.js';
import { readXmlElements, type XmlElement } from './xml-elements.js';
import { appleXmlFlavour } from './sniff.js';

/*
 * iOS / macOS page-source XML → Snapshot, in points:
 * - Appium XCUITest (`<AppiumAUT><XCUIElementTypeApplication …>`): type, name, label, value, enabled,
 *   visible, accessible, x / y / width / height, index, and on newer servers traits, placeholderValue,
 *   selected, focused. `name` is the accessibilityIdentifier when there is one, else the label, so an
 *   identifier is known only where name differs from label.
 * - Appium Mac2 (macOS; the root is `<XCUIElementTypeApplication>` itself): elementType, identifier,
 *   label, title, value, placeholderValue, enabled, selected, x / y / width / height; no visible.
 * - Legacy UIAutomation (`<AppiumAUT><UIAApplication …>`, Appium's instruments backend): name, label,
 *   value, dom, enabled, valid, visible, hint, path, x / y / width / height.
 * Attributes the model has no field for are kept verbatim in platform.attributes.
 */

const WHAT = 'an iOS / macOS page source (<AppiumAUT><XCUIElementType…> or <XCUIElementTypeApplication>)';
const HINT = 'Capture it with Appium getPageSource (XCUITest or Mac2 driver) and pass the XML unchanged.';

const KNOWN = new Set(['type', 'elementType', 'name', 'identifier', 'label', 'title', 'value', 'placeholderValue', 'enabled', 'visible', 'selected', 'focused', 'hasFocus', 'x', 'y', 'width', 'height', 'traits']);

export function importAppleXml(text: string, opts: ImportOptions = {}): Snapshot {
  checkTextInput(text, opts, WHAT, HINT);
  const top = readXmlElements(text, opts.where, HINT);
  const fail = (el: XmlElement, message: string): never => {
    const { line, column } = lineColumnAt(text, el.at);
    throw new FormatError('format_error', message, { where: opts.where, line, column, hint: HINT });
  };
  let app = top;
  if (top.name === 'AppiumAUT') {
    if (top.children.length !== 1) fail(top, `<AppiumAUT> holds ${top.children.length} elements; a page source holds exactly one application`);
    app = top.children[0]!;
  }
  const flavour = appleXmlFlavour(top.name, top.children[0]?.name ?? null);
  if (flavour === null || !/^(XCUIElementType|UIA)\w+$/.test(app.name)) {
    fail(app, `<${app.name}> is not an XCUIElementType… or UIA… element: this is not an iOS / macOS page source`);
  }
  // Mac2 sources name the element type by number too, and call the identifier `identifier`.
  const mac = app.attrs.has('elementType') || app.attrs.has('identifier') || app.attrs.has('title');
  const root = toElements(app, fail);
  const producer = flavour === 'uia' ? 'uiautomation' : null;
  return appleSnapshot(root, flavour === 'uia' ? 'uia' : mac ? 'mac2' : 'xcuitest', opts, { producer, generation: generationOf(text) });
}

/** The XML elements as AppleElements, iteratively. */
function toElements(top: XmlElement, fail: (el: XmlElement, message: string) => never): AppleElement {
  let out: AppleElement | null = null;
  const stack: Array<{ el: XmlElement; parent: AppleElement | null }> = [{ el: top, parent: null }];
  while (stack.length) {
    const { el, parent } = stack.pop()!;
    const e = toElement(el, fail);
    if (parent) parent.children.push(e);
    else out = e;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push({ el: el.children[i]!, parent: e });
  }
  return out!;
}

function toElement(el: XmlElement, fail: (el: XmlElement, message: string) => never): AppleElement {
  const a = el.attrs;
  const get = (k: string) => a.get(k) ?? null;
  const num = (k: string): number => {
    const v = a.get(k);
    if (v === undefined || v.trim() === '') return 0;
    const n = Number(v);
    if (!Number.isFinite(n)) fail(el, `${k}="${v}" of <${el.name}> is not a number`);
    return n;
  };
  const bool = (k: string, dflt: boolean): boolean => {
    const v = a.get(k);
    if (v === undefined) return dflt;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return fail(el, `${k}="${v}" of <${el.name}> is not true or false`);
  };
  const width = num('width'), height = num('height');
  if (width < 0 || height < 0) fail(el, `<${el.name}> has a negative ${width < 0 ? 'width' : 'height'} (${width < 0 ? width : height})`);
  const name = get('name'), label = get('label');
  // XCUITest's name is the identifier when there is one, else the label: an identifier only where they differ.
  const identifier = get('identifier') ?? (name !== null && name !== label && name.trim() !== '' ? name : null);
  const traits = (get('traits') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const extras: Record<string, string> = {};
  for (const [k, v] of a) if (!KNOWN.has(k)) extras[k] = v;
  return appleElement({
    type: get('type') ?? el.name,
    identifier,
    label: label ?? (identifier === null ? name : null),
    title: get('title'),
    value: get('value'),
    placeholder: get('placeholderValue'),
    enabled: bool('enabled', true),
    visible: a.has('visible') ? bool('visible', true) : null,
    selected: bool('selected', false),
    focused: bool('focused', false) || bool('hasFocus', false),
    bounds: { x: num('x'), y: num('y'), width, height },
    traits,
    extras: Object.keys(extras).length ? { attributes: Object.fromEntries(Object.entries(extras)) } : {},
  });
}
