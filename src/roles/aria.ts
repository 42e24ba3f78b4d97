/**
 * ARIA's role names (what Playwright's getByRole and aria snapshots speak) onto the normalised roles
 * every platform's table reads as, and back (docs/design.md §5.1). One row per ARIA role Playwright's
 * getByRole accepts: the normalised roles a node of any platform answers to under that name, and the
 * raw names (a Chromium role, an Apple element type, an Android class's simple name) that read as it
 * although their normalised role says less (a Chromium ToggleButton is a button; an iOS SearchField is a
 * searchbox; Chromium spells img `image`). A web node carries its Chromium role, which is ARIA's own
 * spelling, so it answers by that name alone: `getByRole('list')` on a page does not find a listbox, as
 * in Playwright.
 */
import type { NodeKind, Role } from '../model/schema.js';
import { ANDROID_ROLES } from './android.js';
import { APPLE_ROLES, appleTypeName } from './apple.js';
import { COMPOSE_ROLES } from './compose.js';
import { WEB_ROLES } from './web.js';

export interface AriaRoleRow {
  /** The normalised roles a non-web node answers to under this ARIA name. */
  roles: readonly Role[];
  /** Raw role names (any platform; Apple types without their prefix, Android classes by simple name) that read as it. */
  also?: readonly string[];
  /** Playwright's getByRole `checked` / `pressed` / `expanded` / `level` / `selected` apply to it. */
  checked?: boolean;
  pressed?: boolean;
  selected?: boolean;
}

const row = (roles: readonly Role[], extra: Omit<AriaRoleRow, 'roles'> = {}): AriaRoleRow => ({ roles, ...extra });

/** Every ARIA role Playwright's getByRole accepts, in its alphabetical order. */
export const ARIA_ROLES: ReadonlyMap<string, AriaRoleRow> = new Map(Object.entries({
  alert: row([]),
  alertdialog: row([], { also: ['Alert'] }),
  application: row([]),
  article: row([]),
  banner: row([]),
  blockquote: row([]),
  button: row(['Button'], { also: ['ToggleButton'], pressed: true }),
  caption: row([]),
  cell: row([]),
  checkbox: row(['Checkbox'], { checked: true }),
  code: row([]),
  columnheader: row([], { selected: true }),
  combobox: row(['DropdownList'], { also: ['PopUpButton'] }),
  complementary: row([]),
  contentinfo: row([]),
  definition: row([]),
  deletion: row([]),
  dialog: row(['Dialog']),
  directory: row([]),
  document: row([]),
  emphasis: row([]),
  feed: row([]),
  figure: row([]),
  form: row([]),
  generic: row([]),
  grid: row([]),
  gridcell: row([], { selected: true }),
  group: row(['Group', 'Pager']),
  heading: row(['Heading']),
  img: row(['Image'], { also: ['image'] }),
  insertion: row([]),
  link: row(['Link']),
  list: row(['List']),
  listbox: row([]),
  listitem: row(['ListItem']),
  log: row([]),
  main: row([]),
  marquee: row([]),
  math: row([]),
  meter: row([]),
  menu: row(['Menu']),
  menubar: row([], { also: ['MenuBar'] }),
  menuitem: row(['MenuItem']),
  menuitemcheckbox: row([], { checked: true }),
  menuitemradio: row([], { checked: true }),
  navigation: row([]),
  none: row([]),
  note: row([]),
  option: row([], { checked: true, selected: true }),
  paragraph: row([]),
  presentation: row([]),
  progressbar: row(['ProgressBar']),
  radio: row(['RadioButton'], { checked: true }),
  radiogroup: row([], { also: ['RadioGroup'] }),
  region: row([]),
  row: row([], { selected: true }),
  rowgroup: row([]),
  rowheader: row([], { selected: true }),
  scrollbar: row([]),
  search: row([]),
  searchbox: row([], { also: ['SearchField', 'SearchView$SearchAutoComplete'] }),
  separator: row([]),
  slider: row(['Slider']),
  spinbutton: row([]),
  status: row([]),
  strong: row([]),
  subscript: row([]),
  superscript: row([]),
  switch: row(['Switch'], { checked: true }),
  tab: row(['Tab'], { selected: true }),
  table: row([]),
  tablist: row([], { also: ['TabWidget', 'TabLayout', 'TabBar', 'TabGroup'] }),
  tabpanel: row([]),
  term: row([]),
  textbox: row(['TextField']),
  time: row([]),
  timer: row([]),
  toolbar: row(['Toolbar']),
  tooltip: row([]),
  tree: row([]),
  treegrid: row([]),
  treeitem: row([], { checked: true, selected: true }),
} satisfies Record<string, AriaRoleRow>));

/** The ARIA role names, in table order (getByRole's "did you mean" and its argument check read them). */
export const ARIA_ROLE_NAMES: readonly string[] = [...ARIA_ROLES.keys()];

/** Whether a name is an ARIA role getByRole accepts (case-sensitive, as Playwright's). */
export function isAriaRole(name: string): boolean {
  return ARIA_ROLES.has(name);
}

/**
 * The ARIA name a normalised role prints as where the node says nothing more specific; null for text
 * (an aria snapshot prints it as text, not as a role) and a window (the snapshot's root).
 */
export const ARIA_OF_ROLE: Readonly<Record<Role, string | null>> = {
  Button: 'button', Checkbox: 'checkbox', Switch: 'switch', RadioButton: 'radio', Tab: 'tab', TextField: 'textbox',
  Image: 'img', Link: 'link', Heading: 'heading', List: 'list', ListItem: 'listitem', Dialog: 'dialog',
  Slider: 'slider', ProgressBar: 'progressbar', DropdownList: 'combobox', Text: null, Window: null, Group: 'group',
  Menu: 'menu', MenuItem: 'menuitem', Toolbar: 'toolbar', Pager: 'group',
};

/** A raw role as the `also` columns spell it: Apple types without prefix, Android classes by simple name. */
function rawKey(raw: string): string {
  const dot = raw.lastIndexOf('.');
  return appleTypeName(dot >= 0 && /^[a-z]/.test(raw) ? raw.slice(dot + 1) : raw);
}

/** raw name → the ARIA row names listing it in `also`. */
const ALSO = new Map<string, string>();
for (const [name, r] of ARIA_ROLES) for (const raw of r.also ?? []) ALSO.set(raw, name);

/** What a node says about its role: what ariaRoleOf and ariaRoleMatches read. */
export interface RoleFacts {
  kind: NodeKind;
  /** The normalised role (or the role its merged role child gave it). */
  role: Role | null;
  rawRole: string | null;
}

/**
 * The ARIA role a node reads as: a web node's Chromium role when it is an ARIA name; a raw name an
 * `also` column lists; else its normalised role's ARIA name; null when it names none (text, a window,
 * a node with no role).
 */
export function ariaRoleOf(n: RoleFacts): string | null {
  if (n.rawRole !== null) {
    if (n.kind === 'web' && ARIA_ROLES.has(n.rawRole)) return n.rawRole;
    const also = ALSO.get(rawKey(n.rawRole));
    if (also !== undefined) return also;
  }
  return n.role === null ? null : ARIA_OF_ROLE[n.role];
}

/** Whether a node answers to an ARIA role name (getByRole's role test). */
export function ariaRoleMatches(aria: string, n: RoleFacts): boolean {
  const r = ARIA_ROLES.get(aria);
  if (!r) return false;
  // A web node's Chromium role is ARIA's spelling (or a Chromium name an `also` column lists): that alone decides.
  if (n.kind === 'web') return n.rawRole !== null && (n.rawRole === aria || (r.also?.includes(n.rawRole) ?? false));
  if (n.rawRole !== null) {
    if (r.also?.includes(rawKey(n.rawRole))) return true;
    // A raw name listed under another ARIA role reads as that one (an iOS SearchField is not a textbox).
    if (ALSO.has(rawKey(n.rawRole))) return false;
  }
  return n.role !== null && r.roles.includes(n.role);
}

/** Per platform, the names its table gives the nodes an ARIA role finds (the README's table, getByRole's docs). */
export interface AriaPlatformNames { compose: string[]; android: string[]; apple: string[]; web: string[] }

/** The platform names an ARIA role finds, derived from each platform's role table and the `also` column. */
export function ariaPlatformNames(aria: string): AriaPlatformNames {
  const r = ARIA_ROLES.get(aria);
  const roles = new Set<Role>(r?.roles ?? []);
  const also = new Set(r?.also ?? []);
  const pick = (table: ReadonlyMap<string, { role: Role | null }>): string[] =>
    [...table].filter(([name, row]) => also.has(name) || (row.role !== null && roles.has(row.role) && !ALSO.has(name))).map(([name]) => name);
  const web = [...(r ? [aria] : []), ...[...WEB_ROLES.keys()].filter((name) => name !== aria && also.has(name))];
  return { compose: pick(COMPOSE_ROLES), android: pick(ANDROID_ROLES), apple: pick(APPLE_ROLES), web };
}
