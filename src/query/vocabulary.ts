/**
 * The locator vocabulary, in one place: the value kinds a locator option can take, and per option
 * of `byRole` and `filter` its kind, the roles it applies to and what it matches. Everything else is
 * derived from these tables: the option types (RoleOptions, FilterOptions), the API's argument
 * checks (locator.ts), the code form (selector.ts prints it, parse-locator.ts reads it), the JSON
 * form (locator-json.ts) and the predicates (resolve.ts). A new option is one entry here plus its
 * `test`.
 */
import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import type { Node } from '../model/schema.js';
import { ROLES } from '../model/schema.js';
import { headingLevel } from '../facts/node-facts.js';
import { TOGGLEABLE_ROLES } from '../roles/compose.js';
import { ARIA_ROLES } from '../roles/aria.js';
import { checkBoolean, checkChecked, checkInteger, checkPattern, showValue } from './arguments.js';
import type { Selector } from './selector.js';
import type { SnapshotIndex } from './snapshot-index.js';
import { matchesText, type TextPattern } from './text.js';

/** A text pattern in JSON: a string, or `{ regex, flags }`. */
export const textPatternSchema = onFirstCall(() => {
  const z = zod();
  return z.union([
    z.string(),
    z.strictObject({ regex: z.string().describe('the regex source, as in /source/'), flags: z.string().regex(/^[dgimsuvy]*$/).optional() }),
  ]);
});
export const TextPatternSchema = lazySchema(textPatternSchema);
export type PatternInput = z.infer<typeof TextPatternSchema>;

/** The kinds of value an option takes, with their TypeScript type. */
export interface ValueTypes {
  pattern: TextPattern;
  boolean: boolean;
  /** byRole's `checked`: a toggle state. */
  checked: boolean | 'mixed';
  integer: number;
  /** A nested locator (`has`, `hasNot`): a selector in a step, a Locator at the API, a locator input in JSON. */
  locator: Selector;
}
export type ValueKind = keyof ValueTypes;

/** Per value kind: its JSON schema (not for `locator`: that one is recursive, locator-json.ts) and its API check. */
export const valueSchemas = onFirstCall(() => {
  const z = zod();
  return {
    pattern: textPatternSchema(),
    boolean: z.boolean(),
    checked: z.union([z.boolean(), z.literal('mixed')]),
    integer: z.number().int(),
  } as const satisfies Record<Exclude<ValueKind, 'locator'>, z.ZodType>;
});

export const VALUE_CHECKS: Record<Exclude<ValueKind, 'locator'>, (call: string, what: string, x: unknown) => void> = {
  pattern: checkPattern, boolean: checkBoolean, checked: checkChecked, integer: checkInteger,
};

/** What a byRole option's `test` sees: the node, its document order, the snapshot's index and every option given. */
export interface RoleTestContext {
  node: Node;
  i: number;
  index: SnapshotIndex;
  /** The modifiers given with it (`name` reads `exact`). */
  options: { readonly exact?: boolean | undefined };
}

export interface RoleOptionSpec<K extends ValueKind = ValueKind> {
  value: K;
  /** The roles the option applies to (compared case-insensitively); absent: every role. A role outside the vocabulary (a raw platform role) is never refused. */
  roles?: readonly string[];
  /** Why those roles (the rest of "applies only to roles that …"). */
  rolesWhy?: string;
  /** Whether a node matches the option's value; absent for options that only modify others (`exact`, `includeHidden`). */
  test?: (want: ValueTypes[K], c: RoleTestContext) => boolean;
}

/** Whether a node is expanded (true), collapsed (false), or says nothing (null): what getByRole's `expanded` reads. */
export function expandedOf(n: Node): boolean | null {
  const e = n.platform.expanded;
  if (typeof e === 'boolean') return e;
  if (n.actions.includes('Collapse')) return true;
  if (n.actions.includes('Expand')) return false;
  return null;
}

/** `checked` → the toggle state it asks for; a node with no toggle state (null) matches none. */
const CHECKED_TOGGLE: Record<string, string> = { true: 'on', false: 'off', mixed: 'indeterminate' };

function option<K extends ValueKind>(spec: RoleOptionSpec<K>): RoleOptionSpec<K> {
  return spec;
}

/** byRole's `name` test: an accessible name against the wanted one (whole and case-sensitively with `exact`). */
export function roleNameMatches(name: string, want: TextPattern, exact: boolean | undefined): boolean {
  return matchesText(name, want, exact ?? false);
}

/**
 * byRole's options, in the order the code form prints them. Like Playwright's getByRole, nodes that
 * are not visible are left out unless `includeHidden` (resolve.ts); `name` matches the accessible name.
 */
export const ROLE_OPTIONS = {
  name: option({ value: 'pattern', test: (want: TextPattern, c: RoleTestContext) => roleNameMatches(c.index.nameAt(c.i), want, c.options.exact) }),
  /** `name` matches whole and case-sensitively. */
  exact: option({ value: 'boolean' }),
  /** true: toggled on; false: toggled off; 'mixed': indeterminate. Nodes without a toggle state match none. */
  checked: option({
    value: 'checked',
    roles: [...TOGGLEABLE_ROLES],
    rolesWhy: 'can be toggled',
    test: (want, c) => c.node.toggle === CHECKED_TOGGLE[String(want)],
  }),
  disabled: option({ value: 'boolean', test: (want, c) => !c.node.enabled === want }),
  /**
   * Expanded (true) or collapsed (false): a web node's aria-expanded, else what the node offers (a
   * Collapse action: expanded; an Expand action: collapsed). Nodes that say neither match none.
   */
  expanded: option({ value: 'boolean', test: (want, c) => expandedOf(c.node) === want }),
  /**
   * A toggle button's state (a web aria-pressed button's toggle); as in Playwright, `pressed: false`
   * also finds buttons that are not toggle buttons.
   */
  pressed: option({
    value: 'checked',
    roles: ['Button'],
    rolesWhy: 'can be pressed',
    test: (want, c) => (want === false ? c.node.toggle === 'off' || c.node.toggle === null : c.node.toggle === CHECKED_TOGGLE[String(want)]),
  }),
  selected: option({ value: 'boolean', test: (want, c) => c.node.selected === want }),
  /** Like Playwright's getByRole, invisible nodes are left out unless this is set. */
  includeHidden: option({ value: 'boolean' }),
  /** A heading's level (1 for the top): nodes whose level the capture does not carry match none. */
  level: option({ value: 'integer', roles: ['Heading'], rolesWhy: 'have a level', test: (want, c) => headingLevel(c.node) === want }),
  /**
   * false: search the unmerged tree (Compose's useUnmergedTree), where role children are nodes of their
   * own. Default true. A modifier read by resolve.ts (facts/merged-view.ts), so it has no test.
   */
  merged: option({ value: 'boolean' }),
} as const;

type ValueOf<S> = S extends RoleOptionSpec<infer K> ? ValueTypes[K] : never;
export type RoleOptionName = keyof typeof ROLE_OPTIONS;
export type RoleOptions = { [K in RoleOptionName]?: ValueOf<(typeof ROLE_OPTIONS)[K]> };

/** filter's options, in the order the code form prints them; resolve.ts applies them. */
export const FILTER_OPTIONS = {
  /**
   * Matches the node's text content (its and its descendants' text and editable text). A string is
   * answered exactly; a RegExp reads only the first MAX_REGEX_TEXT (4,096) characters (text-filter.ts).
   */
  hasText: { value: 'pattern' },
  hasNotText: { value: 'pattern' },
  has: { value: 'locator' },
  hasNot: { value: 'locator' },
  visible: { value: 'boolean' },
  operable: { value: 'boolean' },
} as const satisfies Record<string, { value: ValueKind }>;

export type FilterOptionName = keyof typeof FILTER_OPTIONS;
export type FilterOptions = { [K in FilterOptionName]?: ValueTypes[(typeof FILTER_OPTIONS)[K]['value']] };

/** Options of the other search steps (byTag, byId, byText, byDesc): `merged: false` searches the unmerged tree, as for byRole. */
export const SEARCH_OPTIONS = {
  merged: { value: 'boolean' },
} as const satisfies Record<string, { value: ValueKind }>;

export type SearchOptions = { [K in keyof typeof SEARCH_OPTIONS]?: ValueTypes[(typeof SEARCH_OPTIONS)[K]['value']] };

/** Option names as a typed list, in registry order. */
export function optionNames<T extends object>(table: T): Array<keyof T & string> {
  return Object.keys(table) as Array<keyof T & string>;
}

const KNOWN_ROLES = new Set<string>(ROLES.map((r) => r.toLowerCase()));

/**
 * Per-option validation against the role, as Playwright's role engine refuses `checked` on a role
 * that cannot be checked: the first option given for a known role outside its `roles`, as a sentence
 * (each front end throws it with its own location), or null.
 */
export function roleOptionProblem(role: string, options: RoleOptions): { key: RoleOptionName; message: string } | null {
  // An ARIA name (getByRole, or byRole('button')) is checked by the roles it reads as; one that reads as none is never refused.
  const aria = ARIA_ROLES.get(role);
  const wanted = aria ? aria.roles.map((r) => r.toLowerCase()) : [role.toLowerCase()];
  if (!wanted.some((w) => KNOWN_ROLES.has(w))) return null;
  for (const key of optionNames(ROLE_OPTIONS)) {
    const spec: { roles?: readonly string[]; rolesWhy?: string } = ROLE_OPTIONS[key];
    if (options[key] === undefined || !spec.roles) continue;
    if (spec.roles.some((r) => wanted.includes(r.toLowerCase()))) continue;
    return { key, message: `${key} applies only to roles that ${spec.rolesWhy ?? 'support it'} (${spec.roles.join(', ')}), not ${showValue(role)}` };
  }
  return null;
}

/** The tests of the options given, in registry order (modifiers have none). */
export function roleOptionTests(options: RoleOptions): Array<(c: RoleTestContext) => boolean> {
  const tests: Array<(c: RoleTestContext) => boolean> = [];
  for (const key of optionNames(ROLE_OPTIONS)) {
    const want = options[key];
    const test = (ROLE_OPTIONS[key] as { test?: (w: never, c: RoleTestContext) => boolean }).test as ((w: unknown, c: RoleTestContext) => boolean) | undefined;
    if (want !== undefined && test) tests.push((c) => test(want, c));
  }
  return tests;
}
