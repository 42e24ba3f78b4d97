import { ROLES, type Role } from '../model/schema.js';

/**
 * Role names as the platforms spell them (Compose `Role.DropdownList`, MoUI `text_field`,
 * `combo_box`, …) onto the normalised vocabulary. Keys are lower-case with `_`, `-` and
 * spaces removed, so one table serves every spelling.
 */
const ALIASES: Record<string, Role> = {
  radio: 'RadioButton',
  textbox: 'TextField',
  edittext: 'TextField',
  searchfield: 'TextField',
  combobox: 'DropdownList',
  dropdown: 'DropdownList',
  header: 'Heading',
  statictext: 'Text',
  label: 'Text',
  progress: 'ProgressBar',
  progressindicator: 'ProgressBar',
  alert: 'Dialog',
  alertdialog: 'Dialog',
  carousel: 'Pager',
  tree: 'List',
  grid: 'List',
  table: 'List',
  treeitem: 'ListItem',
  row: 'ListItem',
  option: 'ListItem',
  buttongroup: 'Group',
  img: 'Image',
};

const BY_KEY = new Map<string, Role>([...ROLES.map((r) => [key(r), r] as const), ...Object.entries(ALIASES)]);

function key(s: string): string {
  return s.toLowerCase().replace(/[\s_-]/g, '');
}

/** A platform role name → the normalised role, or null when it names nothing we model (keep it as rawRole). */
export function normaliseRole(raw: string | null | undefined): Role | null {
  if (!raw) return null;
  return BY_KEY.get(key(raw)) ?? null;
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
 * Short name of a raw class: the last segment of a Java/Kotlin qualified name (`android.widget.TextView`
 * → `TextView`, `a.b.Outer$Inner` → `Outer$Inner`, so anonymous `Foo$1` keeps its outer name). Anything
 * not shaped like a package path (Compose roles, iOS / Swift classes, web roles) is kept as given.
 * What the outline prints and what byRole accepts besides the role and the full class.
 */
export function shortClassName(raw: string): string {
  return /^[a-z_][a-z0-9_]*(\.[A-Za-z_$][\w$]*)+$/.test(raw) ? raw.slice(raw.lastIndexOf('.') + 1) : raw;
}
