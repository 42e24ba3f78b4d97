import type { Snapshot } from '../model/schema.js';

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
export interface Driver {
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
