/**
 * The locator action vocabulary as types: what a locator can be asked to do and the receipt of doing
 * it. The query layer (Locator) and the reports name them; devices/actions.ts carries them out.
 */

import type { Selector } from './selector.js';

/** What a locator can be asked to do (docs/design.md §7). */
export type LocatorAction =
  | { kind: 'click' }
  | { kind: 'longClick' }
  | { kind: 'tap' }
  | { kind: 'fill'; text: string }
  | { kind: 'clear' }
  | { kind: 'pressEnter' }
  | { kind: 'scrollBy'; dx: number; dy: number }
  | { kind: 'scrollToIndex'; index: number }
  | { kind: 'bringIntoView' }
  | { kind: 'focus' }
  | { kind: 'dismiss' }
  | { kind: 'expand' }
  | { kind: 'collapse' }
  /**
   * Scroll this container until `target` (a locator searched inside it) is visible: by ScrollToIndex
   * when the container has it and the item's index is known (composed but clipped), else pages of
   * ScrollBy (or swipes), at most `maxScrolls` of them (Compose's performScrollToNode, Maestro's scrollUntilVisible).
   */
  | { kind: 'scrollUntilVisible'; target: Selector; maxScrolls: number; direction: 'down' | 'up' };

/** scrollUntilVisible's default bound on scroll steps. */
export const DEFAULT_MAX_SCROLLS = 50;

export interface ActionOptions {
  /** How long to wait for the target to become actionable, in ms. */
  timeout?: number;
}

export type Route = 'semantic' | 'tap' | 'keys' | 'swipe' | 'scroll-steps';

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
  after: string;
  changed: boolean;
  message?: string;
}
