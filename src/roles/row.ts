/**
 * The shape of a platform's role table (docs/design.md §5.1): one row per name the platform gives a
 * role (a Compose Role, an Android View class, an Apple element type, a Chromium accessibility role),
 * with the normalised role it reads as and its traits. The sets readers test (which roles merge their
 * descendants, which a Compose control exports as a role child, which can be toggled, which a person
 * taps) are derived from the rows, so a trait is written once, beside its role.
 */
import type { Role } from '../model/schema.js';

export interface RoleRow {
  /** The normalised role (docs/design.md §4); null where the name names none (its raw role is kept). */
  role: Role | null;
  /** Merges its descendants' text into its own label, as a merged semantics tree does. */
  merges?: boolean;
  /** A Compose control exports it as a separate, empty role child (facts/merged-view.ts). */
  control?: boolean;
  /** Can be toggled: it carries a toggle state (on, off, indeterminate). */
  toggleable?: boolean;
  /** A person taps it, whether or not the capture shows a click listener. */
  tappable?: boolean;
}

export type RoleTrait = 'merges' | 'control' | 'toggleable' | 'tappable';

/**
 * A table as a Map (a name like `constructor` must not find Object.prototype), in the order its rows
 * are written.
 */
export function roleTable<R extends RoleRow>(rows: Readonly<Record<string, R>>): ReadonlyMap<string, R> {
  return new Map(Object.entries(rows));
}

/** The names (keys) of the rows that have a trait, in table order. */
export function namesWith<R extends RoleRow>(table: ReadonlyMap<string, R>, trait: keyof R): ReadonlySet<string> {
  return new Set([...table].filter(([, row]) => row[trait]).map(([name]) => name));
}

/** The normalised roles of the rows that have a trait, in table order. */
export function rolesWith(table: ReadonlyMap<string, RoleRow>, trait: RoleTrait): ReadonlySet<Role> {
  return new Set([...table.values()].filter((row) => row[trait] && row.role !== null).map((row) => row.role!));
}
