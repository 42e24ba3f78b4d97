import type { Action, Node, Point, Snapshot } from '../model/schema.js';
import { CAPABILITY_NAMES, type CapabilityName } from '../query/action.js';
import type { Selector } from '../query/selector.js';

/**
 * What a device can do beyond capturing; tests and the MCP shim check this before acting. Derived
 * from the methods a driver implements (capabilitiesOf), the same test the action layer routes by,
 * so the two cannot disagree.
 */
export type Capabilities = Record<CapabilityName, boolean>;

/**
 * Per capability, the sets of driver methods that provide it (any one set, complete), or 'live' for the driver's own
 * `live` flag: semanticActions (Click, SetText, ScrollToIndex, … on nodes), taps (coordinate taps),
 * swipes (drags), typing (text and keys by keyboard events), navigation (back or go to a route).
 */
const PROVIDED_BY = {
  semanticActions: [['perform']], taps: [['tap']], swipes: [['swipe']], typing: [['typeText', 'pressKey']], screenshot: [['screenshot']],
  navigation: [['back'], ['navigate']], designSystem: [['designSystem']], live: 'live',
} as const satisfies Record<CapabilityName, ReadonlyArray<ReadonlyArray<keyof DriverActions>> | 'live'>;

/** The driver's capabilities, from the methods it implements now (a live device types only once adb is attached). */
export function capabilitiesOf(driver: Pick<Driver, keyof DriverActions | 'live'>): Capabilities {
  const out = {} as Capabilities;
  for (const name of CAPABILITY_NAMES) {
    const by = PROVIDED_BY[name];
    out[name] = by === 'live' ? driver.live === true : by.some((set: ReadonlyArray<keyof DriverActions>) => set.every((m) => typeof driver[m] === 'function'));
  }
  return out;
}

/** One transport to one device. Devices do I/O; everything they produce is a Snapshot. */
export interface Driver extends DriverActions {
  /** Short driver name: 'file', 'live', 'adb', … */
  readonly kind: string;
  /** Human-readable description of where the tree comes from, named in errors (e.g. `file:fixtures/home.json`). */
  readonly description: string;
  /** The device changes on its own (a running app); absent or false for a file, read when rewritten. */
  readonly live?: boolean;
  capture(): Promise<Snapshot>;
  /**
   * `perform` refuses (stale_generation) a target whose capture is not the screen the app is at, without
   * acting: a semantic action on a node of a known capture needs no fresh capture to be safe.
   */
  readonly guardsGeneration?: boolean;
  close(): Promise<void>;
}

/** A semantic action request on one node of one capture (generation-guarded where the transport allows). */
export interface SemanticRequest {
  action: Action;
  /** SetText / InsertText. */
  text?: string;
  /** ScrollToIndex. */
  index?: number;
  /** ScrollBy, in the root's unit. */
  dx?: number;
  dy?: number;
}

export interface PerformResult {
  performed: boolean;
  /** Why not, or a note ("already fully visible"). */
  message?: string;
}

/** `end` moves the cursor to the end of the focused field (KEYCODE_MOVE_END). */
export type Key = 'back' | 'enter' | 'del' | 'end';

/**
 * What a driver may implement beyond capture. Each method is optional: the action layer picks
 * the semantic route when there is one, falls back to input events where that means the same
 * thing, and otherwise says which drivers would support the action.
 */
export interface DriverActions {
  /**
   * The semantics actions `perform` delivers, when it delivers only some (an Appium session clicks and
   * sets text on elements; long presses and scrolls are touches). Absent: every action the node offers.
   */
  readonly performs?: readonly Action[];
  /** Invoke a node's own semantics action. `snapshot` is the capture the node came from (its generation guards the call). */
  perform?(target: { snapshot: Snapshot; node: Node; rootId: string }, request: SemanticRequest): Promise<PerformResult>;
  /** A tap (or long press) at a screen point, in the root's unit. */
  tap?(x: number, y: number, options?: { long?: boolean }): Promise<void>;
  /** Type into the focused field, as a keyboard would. */
  typeText?(text: string): Promise<void>;
  pressKey?(key: Key): Promise<void>;
  /** A drag from one screen point to another. */
  swipe?(from: { x: number; y: number }, to: { x: number; y: number }, durationMs?: number): Promise<void>;
  back?(): Promise<void>;
  /** Go to a route directly (`/inspect/navigate?route=`). */
  navigate?(route: string): Promise<void>;
  nav?(): Promise<{ currentRoute: string | null; backStack: string[] } | null>;
  screenshot?(): Promise<Buffer>;
  /** A PNG of one node (scrolled into view, clipped to it), where the driver has its own element screenshot (the web's). */
  screenshotNode?(node: Node): Promise<Buffer>;
  designSystem?(): Promise<unknown>;
  crashes?(): Promise<unknown[]>;
  /** Rows of one app database table (`/inspect/db`): persisted state a test can assert. */
  db?(table: string, limit?: number): Promise<unknown>;
  /** Scrolls a node that is laid out but off screen into view, before an action that needs it on screen (as Playwright does). Whether it could. */
  reveal?(node: Node): Promise<boolean>;
  /**
   * Just before input is sent to a node's point: the node is still there and still receives events at
   * the point. Throws a `stale_generation` TargetError when not, so the locator is resolved again.
   */
  confirmTarget?(node: Node, point: Point): Promise<void>;
  /**
   * Focuses a node for keys as Playwright's press and pressSequentially do: in the app, with no pointer
   * event; an input that did not have focus gets its caret at its start. Throws a `stale_generation`
   * TargetError when the node is gone, so the locator is resolved again.
   */
  focusForKeys?(node: Node): Promise<void>;
  /**
   * Fills a field as Playwright's fill does, with no tap: readied in the app itself (a text field's whole
   * text selected and the field focused; a date, colour or range input's value set, with the events an
   * edit fires), then the text inserted as one input (or the selection deleted, for no text). Throws a
   * typed error naming why a field cannot be filled (a checkbox input, text in a number input, a date
   * not written as the input takes it).
   */
  fillField?(node: Node, text: string): Promise<void>;
  /**
   * Checks actionability of one node in the app itself, as Playwright does in the page: visible,
   * stable over two animation frames (when `need.stable`), enabled (when `need.enabled`), editable (when `need.editable`: a
   * field that takes typing, not read-only), and receiving events at its point (when `need.hittable`).
   * `point` is where the capture aims; the answer's point is where to aim now (moved with the node). `need.fresh`: the capture was taken for this action just now, so the node's
   * box in it is the first stability sample, and a box the same a frame later is stable. A driver
   * with this check takes no capture after an action of its own accord: the receipt's
   * after-generation is filled by the device's next capture.
   */
  checkActionable?(node: Node, point: Point, need: { enabled: boolean; hittable: boolean; editable: boolean; stable: boolean; fresh: boolean }): Promise<Actionability>;
  /**
   * Whether the app is still as this capture (one of the driver's own) shows it, so that an action may
   * resolve its locator on it instead of capturing again. Only with checkActionable: the target is then
   * checked in the app itself.
   */
  unchanged?(snapshot: Snapshot): Promise<boolean>;
  /**
   * Whether a locator that resolved on this capture (one of the driver's own) to `node` alone still
   * finds that node alone in the app, which has changed since: an action may then resolve on the
   * capture instead of capturing again. Only with checkActionable, which then checks the target as on
   * any reused capture. Answers what the app says of the node now, or null whenever the driver cannot tell.
   */
  stillResolves?(snapshot: Snapshot, node: Node, selector: Selector): Promise<NodeNow | null>;
  /** Presses any key Playwright names ('Tab', 'ArrowDown', 'Control+A'); drivers without it press only `Key`s. */
  pressKeyName?(key: string): Promise<void>;
  /** A pointer over a point, no button (hover), and a double click: devices with a mouse. */
  hover?(x: number, y: number): Promise<void>;
  doubleClick?(x: number, y: number): Promise<void>;
  /** Playwright's dragTo: press at `from`, move to `to`, release (a mouse on the web, a finger elsewhere). */
  drag?(from: Point, to: Point): Promise<void>;
  /**
   * Whether pressKeyName delivers this Playwright key name (a driver that delivers only some: adb's
   * keycodes, Appium's W3C key values). Absent with pressKeyName: every key.
   */
  deliversKey?(key: string): boolean;
  /** Takes focus away from a node. */
  blur?(node: Node): Promise<void>;
  /** Chooses an option of a <select> by value or label; the message says which (or throws naming the options there are). */
  selectOption?(node: Node, option: string): Promise<string>;
}

/** What the app says of a node now, where its capture is older (DriverActions.stillResolves). */
export interface NodeNow {
  /** Its checked state, as the node's own field reads it. */
  toggle: Node['toggle'];
  /** Whether it has focus. */
  focused: boolean;
}

/** The verdict of an in-app actionability check (DriverActions.checkActionable). */
export type Actionability =
  | { ok: true; point: Point }
  | { ok: false; code: 'detached' | 'target_not_found' | 'target_disabled' | 'not_hittable'; reason: string };
