import { ROLES, type Role } from '../model/schema.js';
import { ownString } from './own-string.js';

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
  let role = seen.get(raw);
  if (role === undefined) {
    role = BY_KEY.get(key(raw)) ?? null;
    // Unbounded input could flood the memo with made-up names; stop remembering past a sane size.
    if (seen.size < 4096) seen.set(ownString(raw), role);
  }
  return role;
}

// Role names repeat on almost every node: each distinct spelling is keyed once (android-roles.ts does the same).
const seen = new Map<string, Role | null>();

/**
 * Short name of a raw class: the last segment of a Java/Kotlin qualified name (`android.widget.TextView`
 * → `TextView`, `a.b.Outer$Inner` → `Outer$Inner`, so anonymous `Foo$1` keeps its outer name). Anything
 * not shaped like a package path (Compose roles, iOS / Swift classes, web roles) is kept as given.
 * What the outline prints and what byRole accepts besides the role and the full class.
 */
export function shortClassName(raw: string): string {
  return /^[a-z_][a-z0-9_]*(\.[A-Za-z_$][\w$]*)+$/.test(raw) ? raw.slice(raw.lastIndexOf('.') + 1) : raw;
}
