/**
 * Chromium's accessibility roles (row.ts): ARIA roles plus Chromium's own (StaticText, RootWebArea,
 * PopUpButton, …), with the normalised role each reads as and whether a person operates it by pointer
 * (tappable: a node with one takes taps even without a click listener). A Chromium role that is not
 * here reads as the alias table says (formats/role-map.ts normaliseRole), else keeps only its raw name
 * (`rawRole`), so `byRole('navigation')` still finds it.
 */
import { namesWith, roleTable, type RoleRow } from './row.js';

export interface WebRoleRow extends RoleRow {
  /** Needs an accessible name (WCAG 4.1.2, 1.1.1): what the web accessible-name rule calls it. */
  needsName?: string;
}

export const WEB_ROLES = roleTable<WebRoleRow>({
  button: { role: 'Button', tappable: true, needsName: 'a button' },
  link: { role: 'Link', tappable: true, needsName: 'a link' },
  checkbox: { role: 'Checkbox', tappable: true, needsName: 'a form field' },
  switch: { role: 'Switch', tappable: true, needsName: 'a form field' },
  radio: { role: 'RadioButton', tappable: true, needsName: 'a form field' },
  tab: { role: 'Tab', tappable: true, needsName: 'a tab' },
  menuitem: { role: 'MenuItem', tappable: true, needsName: 'a menu item' },
  menuitemcheckbox: { role: 'MenuItem', tappable: true, needsName: 'a menu item' },
  menuitemradio: { role: 'MenuItem', tappable: true, needsName: 'a menu item' },
  option: { role: 'ListItem', tappable: true, needsName: 'an option' },
  treeitem: { role: 'ListItem', tappable: true },
  combobox: { role: 'DropdownList', tappable: true, needsName: 'a select' },
  PopUpButton: { role: null, tappable: true, needsName: 'a select' },
  ToggleButton: { role: null, tappable: true, needsName: 'a button' },
  textbox: { role: 'TextField', tappable: true, needsName: 'a form field' },
  searchbox: { role: 'TextField', tappable: true, needsName: 'a form field' },
  spinbutton: { role: 'TextField', tappable: true, needsName: 'a form field' },
  slider: { role: 'Slider', tappable: true, needsName: 'a form field' },
  listbox: { role: 'List', needsName: 'a select' },
  menubar: { role: 'Menu' },
  tablist: { role: 'Group' },
  tabpanel: { role: 'Group' },
  group: { role: 'Group' },
  radiogroup: { role: 'Group' },
  figure: { role: 'Group' },
  toolbar: { role: 'Toolbar' },
  image: { role: 'Image', needsName: 'an image' },
  img: { role: 'Image', needsName: 'an image' },
  StaticText: { role: 'Text' },
  paragraph: { role: 'Text' },
  RootWebArea: { role: 'Window' },
  progressbar: { role: 'ProgressBar' },
  meter: { role: 'ProgressBar' },
  scrollbar: { role: 'Slider' },
  dialog: { role: 'Dialog' },
  alertdialog: { role: 'Dialog' },
  DescriptionList: { role: 'List' },
  term: { role: 'ListItem' },
});

/** Roles a person operates by pointer: a node with one of them takes taps even without a click listener. */
export const INTERACTIVE_ROLES = namesWith(WEB_ROLES, 'tappable');

/**
 * ARIA's widget roles, as Chromium names them (with its own PopUpButton, ToggleButton, MenuListOption,
 * DisclosureTriangle for a <summary>):
 * the targets a pointer aims at when focusable (WCAG 2.5.8, as axe-core's target-size rule picks them),
 * and what a text block's running text leaves out.
 */
export const WIDGET_ROLES: ReadonlySet<string> = new Set([
  'button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option',
  'progressbar', 'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem',
  'PopUpButton', 'ToggleButton', 'MenuListOption', 'DisclosureTriangle',
]);

/**
 * The roles ARIA lets aria-readonly apply to (its own and inherited: WAI-ARIA 1.2, aria-readonly's "used
 * in roles" and "inherits into roles"): on an element of one of them that is not a native field,
 * aria-readonly="true" makes it read-only, as Playwright's editable state reads it.
 */
const ARIA_READONLY_ROLES: ReadonlySet<string> = new Set([
  'checkbox', 'combobox', 'grid', 'gridcell', 'listbox', 'radiogroup', 'slider', 'spinbutton', 'textbox',
  'columnheader', 'rowheader', 'searchbox', 'switch', 'treegrid',
]);

/**
 * A web element's editable state as Playwright reads it (its injected script's readonly test): a native
 * field (input, textarea, select) is read-only with the readonly attribute; another element whose role
 * allows aria-readonly is read-only with aria-readonly="true"; else a contenteditable element is
 * editable and any other is no field at all. The importer reads it from the DOM snapshot's attributes
 * (formats/cdp.ts), an action's in-page check from the live element's (devices/web.ts).
 */
export function webEditability(element: string, role: string, readonlyAttribute: string | null, ariaReadonly: string | null, contentEditable: boolean): 'editable' | 'read-only' | 'not a field' {
  if (element === 'input' || element === 'textarea' || element === 'select') return readonlyAttribute !== null ? 'read-only' : 'editable';
  if (ARIA_READONLY_ROLES.has(role)) return ariaReadonly !== null && ariaReadonly.toLowerCase() === 'true' ? 'read-only' : 'editable';
  return contentEditable ? 'editable' : 'not a field';
}

/**
 * How Playwright's fill takes an <input>, by its type (its injected script's fill): the types it types
 * into (their text selected first; a number input takes only a number), and the types whose value it sets, trimmed, with
 * input and change events (a date, a colour, a range), each with a value it takes, for a refusal's hint;
 * any other type cannot be filled.
 */
export const WEB_TYPED_INPUTS: readonly string[] = ['', 'email', 'number', 'password', 'search', 'tel', 'text', 'url'];
export const WEB_VALUE_INPUTS: Readonly<Record<string, string>> = {
  color: "'#ff0000'", date: "'2020-03-04'", time: "'13:37'", 'datetime-local': "'2020-03-04T13:37'", month: "'2020-03'", range: "'7'", week: "'2020-W10'",
};

/** Whether fill sets this element's value rather than typing into it: an <input> of a WEB_VALUE_INPUTS type. */
export function webSetsValue(element: unknown, inputType: unknown): boolean {
  return element === 'input' && typeof inputType === 'string' && Object.hasOwn(WEB_VALUE_INPUTS, inputType.toLowerCase());
}
