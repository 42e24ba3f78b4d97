/**
 * Apple's element types (row.ts): one row per XCUITest / UIAutomation / AX element type, its source's
 * prefix removed (`XCUIElementTypeButton` → `Button`), with the normalised role it reads as, whether it
 * reports a toggle state and what a person does with it: tap it, type into it (editable), scroll it;
 * and whether its label is the text it shows. A Cell (UIAutomation's TableCell, CollectionCell) is a
 * list item a tap may or may not act on (tapUnstated); an Alert or Sheet a dialog; a
 * SecureTextField a text field whose text is never captured. Elements a source gives no type (or a type
 * not here) read their role from their traits and class (appleRole).
 */
import type { Node, Role } from '../model/schema.js';
import { roleTable, rolesWith, type RoleRow } from './row.js';

export interface AppleRoleRow extends RoleRow {
  /** A person types into it. */
  editable?: boolean;
  /** It scrolls. */
  scrollable?: boolean;
  /** Its label is the text it shows, not a description of something else. */
  text?: boolean;
  /**
   * The type does not say whether a tap does anything: a table or collection cell reacts only where the
   * app makes its row selectable. Without a trait that says (Button, Link), its clickability is unstated.
   */
  tapUnstated?: boolean;
}

export const APPLE_ROLES = roleTable<AppleRoleRow>({
  Button: { role: 'Button', tappable: true }, Key: { role: 'Button', tappable: true },
  DisclosureTriangle: { role: 'Button', tappable: true }, IncrementArrow: { role: 'Button', tappable: true },
  DecrementArrow: { role: 'Button', tappable: true },
  Link: { role: 'Link', tappable: true }, Switch: { role: 'Switch', tappable: true, toggleable: true },
  Toggle: { role: 'Switch', tappable: true, toggleable: true },
  CheckBox: { role: 'Checkbox', tappable: true, toggleable: true },
  RadioButton: { role: 'RadioButton', tappable: true, toggleable: true },
  TextField: { role: 'TextField', editable: true }, SecureTextField: { role: 'TextField', editable: true },
  SearchField: { role: 'TextField', editable: true }, TextArea: { role: 'TextField', editable: true },
  StaticText: { role: 'Text', text: true }, TextView: { role: 'Text', text: true }, Image: { role: 'Image' },
  Icon: { role: 'Image' }, Cell: { role: 'ListItem', tapUnstated: true }, TableCell: { role: 'ListItem', tapUnstated: true },
  CollectionCell: { role: 'ListItem', tapUnstated: true }, Table: { role: 'List', scrollable: true },
  CollectionView: { role: 'List', scrollable: true }, Outline: { role: 'List', scrollable: true },
  Browser: { role: 'List', scrollable: true }, ScrollView: { role: 'List', scrollable: true },
  WebView: { role: 'Group', scrollable: true },
  Alert: { role: 'Dialog' }, Sheet: { role: 'Dialog' }, Dialog: { role: 'Dialog' }, Window: { role: 'Window' },
  Slider: { role: 'Slider' }, Stepper: { role: 'Slider', tappable: true },
  ProgressIndicator: { role: 'ProgressBar' }, ActivityIndicator: { role: 'ProgressBar' },
  LevelIndicator: { role: 'ProgressBar' },
  PageIndicator: { role: 'Pager' }, Picker: { role: 'DropdownList' },
  PickerWheel: { role: 'DropdownList', tappable: true }, PopUpButton: { role: 'DropdownList', tappable: true },
  ComboBox: { role: 'DropdownList', tappable: true }, DatePicker: { role: 'DropdownList', tappable: true },
  Menu: { role: 'Menu' }, MenuItem: { role: 'MenuItem', tappable: true },
  MenuBarItem: { role: 'MenuItem', tappable: true },
  MenuButton: { role: 'Button', tappable: true }, MenuBar: { role: 'Toolbar' }, NavigationBar: { role: 'Toolbar' },
  Toolbar: { role: 'Toolbar' }, TabBar: { role: 'Group' },
  Tab: { role: 'Tab', tappable: true }, TabGroup: { role: 'Group' },
  SegmentedControl: { role: 'Group', tappable: true }, Keyboard: { role: 'Group' }, StatusBar: { role: 'Toolbar' },
  Group: { role: 'Group' },
  RadioGroup: { role: 'Group' }, ButtonGroup: { role: 'Group' }, Heading: { role: 'Heading' },
});

/** Roles whose element reports its toggle state as its value ("1" / "0", true / false). */
export const APPLE_TOGGLE_ROLES = rolesWith(APPLE_ROLES, 'toggleable');

/** Prefixes the sources put before an element type: XCUIElementTypeButton, UIAButton, AXButton. */
const TYPE_PREFIX = /^(XCUIElementType|UIA|AX)(?=[A-Z])/;

/** The element type without its source's prefix (`XCUIElementTypeButton` → `Button`): what byRole also accepts. */
export function appleTypeName(type: string): string {
  return type.replace(TYPE_PREFIX, '');
}

/** The row of an element type (prefixed or not), or undefined when the table has none. */
export function appleRow(type: string | null): AppleRoleRow | undefined {
  return type === null ? undefined : APPLE_ROLES.get(appleTypeName(type));
}

/** Role of an element: its type, else its traits (a bare `Other` that says Button in its traits). */
export function appleElementRole(type: string | null, traits: readonly string[]): Role | null {
  return appleRow(type)?.role ?? (traits.length ? appleRole(traits, null) : null);
}

// iOS classes whose role the traits do not say (a UITextField has no "text field" trait).
const APPLE_CLASSES: Array<[RegExp, Role]> = [
  [/(^|\.)(UITextField|UISecureTextField|UITextView|UISearchTextField|UISearchBar)$/, 'TextField'],
  [/(^|\.)UISwitch$/, 'Switch'],
  [/(^|\.)UISlider$/, 'Slider'],
  [/(^|\.)(UIProgressView|UIActivityIndicatorView)$/, 'ProgressBar'],
  [/(^|\.)(UITableView|UICollectionView)$/, 'List'],
  [/(^|\.)(UITableViewCell|UICollectionViewCell)$/, 'ListItem'],
  [/(^|\.)UIImageView$/, 'Image'],
  [/(^|\.)UIButton$/, 'Button'],
  [/(^|\.)UILabel$/, 'Text'],
  [/(^|\.)UIPageControl$/, 'Pager'],
  [/(^|\.)(UIToolbar|UINavigationBar)$/, 'Toolbar'],
  [/(^|\.)UITabBar$/, 'Group'],
];

/**
 * Role of an iOS accessibility element from its traits and class, most specific first:
 * a ToggleButton is a Switch even though it also carries Button; a SearchField is a TextField.
 */
export function appleRole(traits: readonly string[], className: string | null): Role | null {
  const t = new Set(traits);
  if (t.has('ToggleButton')) return 'Switch';
  if (t.has('SearchField')) return 'TextField';
  if (t.has('Adjustable')) return 'Slider';
  if (t.has('Link')) return 'Link';
  if (className) {
    for (const [re, role] of APPLE_CLASSES) if (re.test(className)) return role;
  }
  if (t.has('Button') || t.has('KeyboardKey')) return 'Button';
  if (t.has('Header')) return 'Heading';
  if (t.has('Image')) return 'Image';
  if (t.has('StaticText')) return 'Text';
  return null;
}

/**
 * What VoiceOver speaks for the macOS window buttons, which carry no label of their own: the role
 * description of their subrole (AXCloseButton …), keyed by the identifier XCTest gives them.
 */
export const MAC_WINDOW_BUTTONS: ReadonlyMap<string, string> = new Map([
  ['_XCUI:CloseWindow', 'close button'],
  ['_XCUI:MinimizeWindow', 'minimize button'],
  ['_XCUI:ZoomWindow', 'zoom button'],
  ['_XCUI:FullScreenWindow', 'full screen button'],
]);

/**
 * A macOS menu separator (NSMenuItem.separatorItem): a menu item with no title that is never
 * enabled. It draws a line between groups of items; VoiceOver skips it, so it needs no speakable text.
 */
export function isMenuSeparator(n: Pick<Node, 'kind' | 'role' | 'enabled' | 'contentDescription' | 'text' | 'value'>): boolean {
  return n.kind === 'apple' && n.role === 'MenuItem' && !n.enabled && !n.contentDescription?.trim() && !n.text?.trim() && !n.value?.trim();
}

/**
 * What VoiceOver speaks for an element that has no label: its value (a slider's "50%", a pop-up
 * button's chosen item). VoiceOver reads label, then value; with no label the value is what names it.
 */
export function voiceOverValue(n: Pick<Node, 'kind' | 'value'>): string {
  return n.kind === 'apple' ? n.value ?? '' : '';
}
