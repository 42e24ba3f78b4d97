import type { Action, Node, Snapshot } from '../model/schema.js';

/** What a device can do beyond capturing; tests and the MCP shim check this before acting. */
export interface Capabilities {
  /** Semantic actions (Click, SetText, ScrollToIndex, …) on nodes. */
  semanticActions: boolean;
  /** Coordinate taps. */
  taps: boolean;
  /** Text input by keyboard events. */
  typing: boolean;
  screenshot: boolean;
  navigation: boolean;
  designSystem: boolean;
  /** The device changes on its own (a running app); a file only when rewritten. */
  live: boolean;
}

/** One transport to one device. Devices do I/O; everything they produce is a Snapshot. */
export interface Driver extends DriverActions {
  /** Short driver name: 'file', 'live', 'adb', … */
  readonly kind: string;
  /** Human-readable description of where the tree comes from, named in errors (e.g. `file:fixtures/home.json`). */
  readonly description: string;
  capture(): Promise<Snapshot>;
  capabilities(): Capabilities;
  close(): Promise<void>;
}

export const NO_CAPABILITIES: Capabilities = {
  semanticActions: false, taps: false, typing: false, screenshot: false, navigation: false, designSystem: false, live: false,
};

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
  designSystem?(): Promise<unknown>;
  crashes?(): Promise<unknown[]>;
  /** Rows of one app database table (`/inspect/db`): persisted state a test can assert. */
  db?(table: string, limit?: number): Promise<unknown>;
}
