import type { Role } from '../model/schema.js';
import { normaliseRole } from './role-map.js';

/**
 * Chromium's accessibility roles (ARIA roles plus Chromium's own: StaticText, RootWebArea, …) onto
 * treewright's vocabulary, where the shared alias table (role-map.ts) does not already say it. A role
 * that is not here keeps only its raw name (`rawRole`), so `byRole('navigation')` still finds it.
 */
const WEB: Record<string, Role> = {
  searchbox: 'TextField',
  textbox: 'TextField',
  spinbutton: 'TextField',
  combobox: 'DropdownList',
  listbox: 'List',
  menubar: 'Menu',
  menuitemcheckbox: 'MenuItem',
  menuitemradio: 'MenuItem',
  radio: 'RadioButton',
  tablist: 'Group',
  tabpanel: 'Group',
  group: 'Group',
  radiogroup: 'Group',
  figure: 'Group',
  toolbar: 'Toolbar',
  image: 'Image',
  img: 'Image',
  StaticText: 'Text',
  paragraph: 'Text',
  RootWebArea: 'Window',
  progressbar: 'ProgressBar',
  meter: 'ProgressBar',
  scrollbar: 'Slider',
  dialog: 'Dialog',
  alertdialog: 'Dialog',
  DescriptionList: 'List',
  term: 'ListItem',
};

/** A Chromium AX role → the normalised role, or null (the raw role is kept verbatim by the importer). */
export function webRole(axRole: string): Role | null {
  return WEB[axRole] ?? normaliseRole(axRole);
}

/** Roles a person operates by pointer: a node with one of them takes taps even without a click listener. */
export const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'checkbox', 'switch', 'radio', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'combobox', 'textbox', 'searchbox', 'spinbutton', 'slider', 'treeitem', 'PopUpButton', 'ToggleButton',
]);
