/**
 * Chromium's accessibility roles (row.ts): ARIA roles plus Chromium's own (StaticText, RootWebArea,
 * PopUpButton, …), with the normalised role each reads as and whether a person operates it by pointer
 * (tappable: a node with one takes taps even without a click listener). A Chromium role that is not
 * here reads as the alias table says (formats/role-map.ts normaliseRole), else keeps only its raw name
 * (`rawRole`), so `byRole('navigation')` still finds it.
 */
import { namesWith, roleTable, type RoleRow } from './row.js';

export const WEB_ROLES = roleTable<RoleRow>({
  button: { role: 'Button', tappable: true },
  link: { role: 'Link', tappable: true },
  checkbox: { role: 'Checkbox', tappable: true },
  switch: { role: 'Switch', tappable: true },
  radio: { role: 'RadioButton', tappable: true },
  tab: { role: 'Tab', tappable: true },
  menuitem: { role: 'MenuItem', tappable: true },
  menuitemcheckbox: { role: 'MenuItem', tappable: true },
  menuitemradio: { role: 'MenuItem', tappable: true },
  option: { role: 'ListItem', tappable: true },
  treeitem: { role: 'ListItem', tappable: true },
  combobox: { role: 'DropdownList', tappable: true },
  PopUpButton: { role: null, tappable: true },
  ToggleButton: { role: null, tappable: true },
  textbox: { role: 'TextField', tappable: true },
  searchbox: { role: 'TextField', tappable: true },
  spinbutton: { role: 'TextField', tappable: true },
  slider: { role: 'Slider', tappable: true },
  listbox: { role: 'List' },
  menubar: { role: 'Menu' },
  tablist: { role: 'Group' },
  tabpanel: { role: 'Group' },
  group: { role: 'Group' },
  radiogroup: { role: 'Group' },
  figure: { role: 'Group' },
  toolbar: { role: 'Toolbar' },
  image: { role: 'Image' },
  img: { role: 'Image' },
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
