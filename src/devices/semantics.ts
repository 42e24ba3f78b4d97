import type { Action } from '../model/schema.js';
import { ACTION_KINDS, LOCATOR_ACTIONS, type ActionKind, type ActionSpec } from '../query/action.js';

/**
 * Per driver kind, the semantics actions its `perform` delivers (docs/design.md §7): 'all' (every
 * action the node offers), a list (the driver's `performs`), or 'none' (no `perform`). The one
 * description of semantic reach: the drivers with a list read their `performs` from here
 * (`performsOf`), the action layer's hints name drivers from here, and tests/devices/semantics.spec.ts
 * checks that each driver class implements `perform` exactly when its entry is not 'none', and that
 * every driver kind has an entry.
 */
export const DRIVER_SEMANTICS = {
  reference: 'all',
  moui: 'all',
  jetwhale: 'all',
  /** Element clicks and value setting; long presses and scrolls are pointer actions. */
  appium: ['Click', 'SetText'],
  /** Scrolling and focus through CDP; clicks and typing are input events at the tap point, as Playwright's. */
  web: ['ScrollBy', 'ScrollToIndex', 'BringIntoView', 'RequestFocus'],
  file: 'none',
  uiautomator: 'none',
  live: 'none',
  adb: 'none',
} as const satisfies Record<string, 'all' | 'none' | readonly Action[]>;

export type DriverKind = keyof typeof DRIVER_SEMANTICS;

/** The `performs` list of a driver that delivers only some semantics actions. */
export function performsOf(kind: { [K in DriverKind]: (typeof DRIVER_SEMANTICS)[K] extends readonly Action[] ? K : never }[DriverKind]): readonly Action[] {
  return DRIVER_SEMANTICS[kind];
}

/** Whether drivers of this kind deliver `action` semantically (any semantics action when none is named). */
function delivers(kind: DriverKind, action: Action | null): boolean {
  const s: 'all' | 'none' | readonly Action[] = DRIVER_SEMANTICS[kind];
  if (s === 'none') return false;
  return s === 'all' || action === null || s.includes(action);
}

/** The locator actions whose semantics action is in `list` (`click, fill, clear` for Click and SetText). */
function locatorActionsOf(list: readonly Action[]): ActionKind[] {
  return ACTION_KINDS.filter((k) => { const spec: ActionSpec = LOCATOR_ACTIONS[k]; return spec.semantic !== null && list.includes(spec.semantic); });
}

/**
 * The drivers that deliver `action` semantically, for a hint: `reference, moui, jetwhale, appium`;
 * without an action every driver with semantic actions, the partial ones with what they do
 * (`reference, moui, jetwhale; appium for click, fill, clear; …`).
 */
export function semanticDrivers(action: Action | null = null): string {
  const kinds = (Object.keys(DRIVER_SEMANTICS) as DriverKind[]).filter((k) => delivers(k, action));
  if (action !== null) return kinds.join(', ');
  const all = kinds.filter((k) => DRIVER_SEMANTICS[k] === 'all');
  const some = kinds.filter((k) => DRIVER_SEMANTICS[k] !== 'all').map((k) => `${k} for ${locatorActionsOf(DRIVER_SEMANTICS[k] as readonly Action[]).join(', ')}`);
  return [all.join(', '), ...some].join('; ');
}
