/**
 * The locator action vocabulary as types: what a locator can be asked to do and the receipt of doing
 * it. The query layer (Locator) and the reports name them; devices/actions.ts carries them out.
 */
import type { Action } from '../model/schema.js';

import type { Selector } from './selector.js';

/**
 * `pointer`: a mouse at the node's point (hover, double click); `element`: the driver's own operation
 * on the element (a web <select>'s options, blur); `choose`: open a dropdown, then click the option;
 * `drag`: press at the node, move to the target's point, release (the driver's drag).
 */
export type Route = 'semantic' | 'tap' | 'keys' | 'swipe' | 'scroll-steps' | 'pointer' | 'element' | 'choose' | 'drag';


/** What a device can do beyond capturing (devices/driver.ts derives each from the methods a driver implements). */
export const CAPABILITY_NAMES = ['semanticActions', 'taps', 'swipes', 'typing', 'screenshot', 'navigation', 'designSystem', 'live'] as const;
export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

/** The arguments an action takes, by name, with their types. */
interface ActionArgTypes { text: string; dx: number; dy: number; index: number; key: string; checked: boolean; option: string }

export interface ActionSpec {
  /** The positional arguments of the Locator method (and the MCP tool's fields of the same names). */
  args: ReadonlyArray<keyof ActionArgTypes>;
  /** The node's own semantics action that performs it, or null (tap is always a coordinate tap). */
  semantic: Action | null;
  /**
   * How it is delivered without that semantics action, and the capabilities that route needs; null:
   * only semantically. `editable`: only on an editable node.
   */
  fallback: {
    route: Route;
    needs: readonly CapabilityName[];
    editable?: boolean;
    /** The node's own semantics action the route steps with (scroll-steps pages by ScrollBy). */
    nodeAction?: Action;
    /** Why not, after the driver's description, when the driver lacks `needs`. */
    why?: string;
    /** The driver method the route calls (hover, doubleClick, blur, selectOption): a driver without it cannot. */
    method?: string;
  } | null;
  /**
   * A toggle action (check, uncheck, setChecked): it needs a node with a toggle state, does nothing when
   * the node is already in the state asked for, and is verified on the capture after (devices/actions.ts).
   */
  toggle?: boolean;
  /**
   * What the action reads of its node beyond what the app checks as it starts, when a capture older than
   * the app may serve it because the app confirms the locator still finds the node (Driver.stillResolves;
   * devices/actions.ts).
   * - `aim`: where the node is (and which element it is, which does not change), nothing else.
   * - `field`: where it is, and that it is a text field, which the app checks editable as it starts: it
   *   readies the field and types, reading nothing of what it holds (so only on a driver that readies it
   *   in the app, Driver.fillField).
   * - `toggle`: where it is, and its checked state, which the app reports as it confirms (and again after
   *   the click, to verify it).
   * - `focus`: whether it has focus, which the app reports as it confirms; one without is focused first
   *   (in the app, Driver.focusForKeys; else semantically, or by a tap the app confirms lands on it).
   * Absent: it reads more of the node, so it resolves on a fresh capture.
   */
  staleOk?: 'aim' | 'field' | 'toggle' | 'focus';
  /**
   * false: Playwright does not wait for the target to be stable (fill, clear: visible, enabled, editable
   * is their actionability; selectOption: visible, enabled), so a driver that checks the target in the
   * app does not sample it over two frames; a tap it sends (a dropdown's opening tap; a field's focusing
   * tap where the driver cannot ready the field in the app) lands on the target or is held back (the
   * web's hit-target check). The two captures of a driver without
   * that check still compare its bounds.
   */
  stable?: false;
  /** A few words for the tool description, in place of the argument names. */
  note?: string;
  /** Must the node be enabled (scrolling a disabled list still scrolls), and on screen (not for bringIntoView)? */
  enabled: boolean;
  onScreen: boolean;
  /**
   * What a person does by touch (a tap, a long press, focusing a field to type into it, a scroll by
   * drag): the target must be hittable whatever route delivers it — a semantic Click behind a
   * touch-modal dialog would do what no person can, so a test must not pass doing it (docs/design.md §7).
   */
  touch: boolean;
}

/**
 * Every locator action (docs/design.md §7), in the order the docs list them. The LocatorAction type, the
 * Locator methods (checked below), the MCP perform_action tool's action list and the routes of
 * devices/actions.ts are derived from it: a new action is one entry here plus its delivery.
 */
export const LOCATOR_ACTIONS = {
  click: { args: [], staleOk: 'aim', semantic: 'Click', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, enabled: true, onScreen: true, touch: true },
  longClick: { args: [], staleOk: 'aim', semantic: 'LongClick', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, enabled: true, onScreen: true, touch: true },
  tap: { args: [], staleOk: 'aim', note: 'a coordinate tap', semantic: null, fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, enabled: true, onScreen: true, touch: true },
  fill: { args: ['text'], staleOk: 'field', stable: false, semantic: 'SetText', fallback: { route: 'keys', needs: ['taps', 'typing'], editable: true, why: 'can neither set text semantically nor type' }, enabled: true, onScreen: true, touch: true },
  clear: { args: [], staleOk: 'field', stable: false, semantic: 'SetText', fallback: { route: 'keys', needs: ['taps', 'typing'], editable: true, why: 'can neither set text semantically nor type' }, enabled: true, onScreen: true, touch: true },
  pressEnter: { args: [], semantic: 'ImeAction', fallback: { route: 'keys', needs: ['typing'], why: 'has no IME action and no keyboard' }, enabled: true, onScreen: true, touch: false },
  scrollBy: { args: ['dx', 'dy'], semantic: 'ScrollBy', fallback: { route: 'swipe', needs: ['swipes'], why: 'has no ScrollBy and cannot swipe' }, enabled: false, onScreen: true, touch: true },
  scrollToIndex: { args: ['index'], semantic: 'ScrollToIndex', fallback: { route: 'scroll-steps', needs: ['semanticActions'], nodeAction: 'ScrollBy' }, enabled: false, onScreen: true, touch: false },
  bringIntoView: { args: [], semantic: 'BringIntoView', fallback: null, enabled: true, onScreen: false, touch: false },
  focus: { args: [], semantic: 'RequestFocus', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, enabled: true, onScreen: true, touch: false },
  dismiss: { args: [], semantic: 'Dismiss', fallback: null, enabled: true, onScreen: true, touch: false },
  expand: { args: [], semantic: 'Expand', fallback: null, enabled: true, onScreen: true, touch: false },
  collapse: { args: [], semantic: 'Collapse', fallback: null, enabled: true, onScreen: true, touch: false },
  // Playwright's actions (docs/design.md §7); actionability as Playwright lists it per action.
  check: { args: [], staleOk: 'toggle', semantic: 'Click', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, toggle: true, enabled: true, onScreen: true, touch: true },
  uncheck: { args: [], staleOk: 'toggle', semantic: 'Click', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, toggle: true, enabled: true, onScreen: true, touch: true },
  setChecked: { args: ['checked'], staleOk: 'toggle', semantic: 'Click', fallback: { route: 'tap', needs: ['taps'], why: 'cannot deliver taps' }, toggle: true, enabled: true, onScreen: true, touch: true },
  press: { args: ['key'], staleOk: 'focus', semantic: null, fallback: { route: 'keys', needs: ['typing'], why: 'has no keyboard' }, enabled: false, onScreen: false, touch: false },
  pressSequentially: { args: ['text'], staleOk: 'focus', semantic: 'InsertText', fallback: { route: 'keys', needs: ['taps', 'typing'], editable: true, why: 'can neither insert text semantically nor type' }, enabled: true, onScreen: true, touch: true },
  hover: { args: [], staleOk: 'aim', semantic: null, fallback: { route: 'pointer', needs: [], method: 'hover', why: 'has no pointer to hover with (a touch screen)' }, enabled: false, onScreen: true, touch: true },
  dblclick: { args: [], staleOk: 'aim', semantic: null, fallback: { route: 'pointer', needs: [], method: 'doubleClick', why: 'has no pointer to double-click with' }, enabled: true, onScreen: true, touch: true },
  selectOption: { args: ['option'], staleOk: 'aim', stable: false, semantic: null, fallback: { route: 'choose', needs: [], why: 'can neither set a select nor tap' }, enabled: true, onScreen: true, touch: false },
  blur: { args: [], semantic: null, fallback: { route: 'element', needs: [], method: 'blur', why: 'cannot take focus away from a node' }, enabled: false, onScreen: false, touch: false },
  scrollIntoViewIfNeeded: { args: [], semantic: 'BringIntoView', fallback: null, enabled: false, onScreen: false, touch: false },
} as const satisfies Record<string, ActionSpec>;

export type ActionKind = keyof typeof LOCATOR_ACTIONS;
/** The action kinds as a non-empty tuple (for z.enum). */
export const ACTION_KINDS = Object.keys(LOCATOR_ACTIONS) as [ActionKind, ...ActionKind[]];

type ArgsOf<K extends ActionKind> = { [A in (typeof LOCATOR_ACTIONS)[K]['args'][number]]: ActionArgTypes[A] };
/** An action of the table: `{ kind }` plus the action's arguments. */
export type TableAction = { [K in ActionKind]: { kind: K } & ArgsOf<K> }[ActionKind];

/**
 * Scroll this container until `target` (a locator searched inside it) is visible: by ScrollToIndex
 * when the container has it and the item's index is known (composed but clipped), else pages of
 * ScrollBy (or swipes), at most `maxScrolls` of them (Compose's performScrollToNode, Maestro's
 * scrollUntilVisible). Not in LOCATOR_ACTIONS: it is composed of the table's scroll actions, its target is
 * a locator rather than a scalar argument, and its route is chosen in devices/actions.ts.
 */
export interface ScrollUntilVisibleAction { kind: 'scrollUntilVisible'; target: Selector; maxScrolls: number; direction: 'down' | 'up' }

/** scrollUntilVisible's default bound on scroll steps. */
export const DEFAULT_MAX_SCROLLS = 50;

/** Its needs, as a table entry would state them (on screen and enabled, delivered by scroll steps). */
export const SCROLL_UNTIL_VISIBLE: ActionSpec = { args: [], semantic: null, fallback: { route: 'scroll-steps', needs: [] }, enabled: true, onScreen: true, touch: true };

/**
 * Playwright's dragTo: press on this node, move to `target`'s point (a locator, resolved on the same
 * capture, exactly one visible node), release. Not in LOCATOR_ACTIONS for the reason scrollUntilVisible
 * is not: its argument is a locator. Delivered by the driver's drag (DRAG_TO: a web page's mouse,
 * Appium's W3C pointer actions, adb's `input draganddrop`); refused, naming the driver, elsewhere.
 */
export interface DragToAction { kind: 'dragTo'; target: Selector }

/** dragTo's needs, as a table entry would state them. */
export const DRAG_TO: ActionSpec = {
  args: [], semantic: null, fallback: { route: 'drag', needs: [], method: 'drag', why: 'cannot drag: it has no pointer or touch input' }, enabled: true, onScreen: true, touch: true,
};

/** What a locator can be asked to do (docs/design.md §7). */
export type LocatorAction = TableAction | ScrollUntilVisibleAction | DragToAction;

/** The spec of any locator action (the table's entry, scrollUntilVisible's or dragTo's). */
export function specOf(kind: LocatorAction['kind']): ActionSpec {
  return kind === 'scrollUntilVisible' ? SCROLL_UNTIL_VISIBLE : kind === 'dragTo' ? DRAG_TO : LOCATOR_ACTIONS[kind];
}

/** The actions as a list for a description: `click, …, fill (text), …, scrollBy (dx, dy), …`. */
export function actionList(): string {
  return ACTION_KINDS.map((k) => {
    const spec: ActionSpec = LOCATOR_ACTIONS[k];
    const extra = spec.note ?? spec.args.join(', ');
    return extra ? `${k} (${extra})` : k;
  }).join(', ');
}

/** The action's arguments in order (the Locator method's positional arguments). */
export function actionArgs(a: TableAction): Array<string | number | boolean> {
  return LOCATOR_ACTIONS[a.kind].args.map((name) => (a as unknown as Record<string, string | number | boolean>)[name]!);
}

export interface ActionOptions {
  /** How long to wait for the target to become actionable, in ms. */
  timeout?: number;
  /**
   * Skip the hittability check (Playwright's name): act on a node that a dialog, an overlay or a
   * touch-modal window covers. The receipt says the action was forced.
   */
  force?: boolean;
}


/** What an action did: the evidence a reviewer (and the reporter, and codegen) reads. */
export interface Receipt {
  /** Code form of the call, e.g. `byTag('email').fill('ada@example.com')`. */
  call: string;
  locator: string;
  action: LocatorAction['kind'];
  /** The node acted on, as an outline line of the capture it was resolved in. */
  node: string;
  nodeId: string;
  via: Route;
  before: string;
  /**
   * The generation of the first capture after the action, and whether it differs from `before`. A
   * device that checks actionability in the app (web) takes no capture after an action of its own
   * accord: these are null until the device next captures (an assertion, the next action,
   * `device.snapshot()`), and filled then.
   */
  after: string | null;
  changed: boolean | null;
  /** The hittability check was skipped (`force: true`). */
  forced?: boolean;
  message?: string;
}
