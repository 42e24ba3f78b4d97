/**
 * Compose's roles, which the normalised vocabulary (docs/design.md §4) widens: one row per normalised
 * role, keyed by it. Every importer maps its platform's names onto these roles, so the traits that
 * follow from a node's role alone (what merges, what a control exports as a role child, what can be
 * toggled) are read from this table, whatever the platform. Tappability is not a role trait here: a
 * Compose node takes a tap when it carries a click action.
 */
import type { Role } from '../model/schema.js';
import { roleTable, rolesWith, type RoleRow } from './row.js';

export const COMPOSE_ROLES = roleTable<RoleRow>({
  // Controls: a Compose control exports its role as a separate role child (Role.Button … Role.DropdownList).
  Button: { role: 'Button', merges: true, control: true },
  Checkbox: { role: 'Checkbox', merges: true, control: true, toggleable: true },
  Switch: { role: 'Switch', merges: true, control: true, toggleable: true },
  RadioButton: { role: 'RadioButton', merges: true, control: true, toggleable: true },
  Tab: { role: 'Tab', merges: true, control: true },
  DropdownList: { role: 'DropdownList', control: true },
  // Containers a person operates as one: their label is their descendants' text.
  Link: { role: 'Link', merges: true },
  MenuItem: { role: 'MenuItem', merges: true, toggleable: true },
  ListItem: { role: 'ListItem', merges: true, toggleable: true },
  TextField: { role: 'TextField' },
  Image: { role: 'Image' },
  Heading: { role: 'Heading' },
  List: { role: 'List' },
  Dialog: { role: 'Dialog' },
  Slider: { role: 'Slider' },
  ProgressBar: { role: 'ProgressBar' },
  Text: { role: 'Text' },
  Window: { role: 'Window' },
  Group: { role: 'Group' },
  Menu: { role: 'Menu' },
  Toolbar: { role: 'Toolbar' },
  Pager: { role: 'Pager' },
} satisfies Record<Role, RoleRow>);

/** Roles whose node merges its descendants' text into its own label (facts/node-facts.ts). */
export const MERGING_ROLES = rolesWith(COMPOSE_ROLES, 'merges');
/** Roles a Compose control exports as a separate role child (facts/merged-view.ts). */
export const CONTROL_ROLES = rolesWith(COMPOSE_ROLES, 'control');
/** Roles that can be toggled: byRole's `checked` applies to them (query/vocabulary.ts). */
export const TOGGLEABLE_ROLES = rolesWith(COMPOSE_ROLES, 'toggleable');
