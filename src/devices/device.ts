import type { Snapshot } from '../model/schema.js';
import { analyzeReachability } from '../facts/reachability.js';
import { renderOutline, type OutlineOptions } from '../outline/outline.js';
import { ariaSnapshotText } from '../outline/aria-snapshot.js';
import type { Selector, Step } from '../query/selector.js';
import { Locator, Searchable, unmergedStep, type LocatorHost, type Resolution, type WaitState } from '../query/locator.js';
import { DeviceError, TargetError } from '../errors.js';
import { isVisible, resolveSelector } from '../query/resolve.js';
import { selectorToCode } from '../query/selector.js';
import { strictViolation } from '../query/strict.js';
import { noMatchLines, noMatchReport } from '../query/near.js';
import { poll } from './poll.js';
import { withCause } from './messages.js';
import { capabilitiesOf, type Capabilities, type Driver, type DriverActions } from './driver.js';
import { actOnce, actWithoutAfter, actionCall, fillAfter, makeReceipt, settleReceipt } from './actions.js';
import type { ActionOptions, LocatorAction, Receipt } from '../query/action.js';

/** Whether a resolution is in the state waited for. */
function inState(r: Resolution, state: WaitState): boolean {
  const n = r.nodes[0];
  switch (state) {
    case 'attached': return !!n;
    case 'detached': return !n;
    case 'visible': return !!n && isVisible(n, r.snapshot);
    case 'hidden': return !n || !isVisible(n, r.snapshot);
  }
}

/** What a step is about, when it is a locator action (the runner attaches the failure report from it). */
export interface StepAbout {
  selector: Selector;
  action: LocatorAction;
}

/** Wraps each action (the runner makes it a Playwright test.step at the caller's line). */
export type StepWrapper = <T>(title: string, body: () => Promise<T>, about?: StepAbout) => Promise<T>;

export const DEFAULT_ACTION_TIMEOUT = 10_000;

/** How many recent receipts may still hold the captures their generations are read from. */
const LIVE_RECEIPTS = 16;

/**
 * The connected device a test receives: captures through its driver and hands out locators.
 * Every capture is fresh; locators resolve against the capture they trigger.
 */
export class Device extends Searchable implements LocatorHost {
  private last: Snapshot | null = null;
  /** Receipts of actions whose after-capture is still to come (a driver that checks actionability in the app). */
  private readonly awaitingAfter: Receipt[] = [];
  private closed = false;
  private readonly closers: Array<() => Promise<void>> = [];
  /** Every action performed through this device, in order (the reporter and codegen read it). */
  readonly receipts: Receipt[] = [];
  /** Default wait for actionability, in ms (the runner sets it from Playwright's actionTimeout). */
  actionTimeout = DEFAULT_ACTION_TIMEOUT;
  step: StepWrapper = (_title, body) => body();

  /** false: every locator and outline of this device reads the unmerged tree (connect's `merged` option). */
  readonly merged: boolean;

  constructor(readonly driver: Driver, options: { merged?: boolean } = {}) {
    super();
    this.merged = options.merged !== false;
  }

  protected chain(step: Step): Locator {
    return new Locator(this, [this.merged ? step : unmergedStep(step)]);
  }

  /** A locator matching every node (useful with filter()). */
  all(): Locator {
    return new Locator(this, []);
  }

  get description(): string {
    return this.driver.description;
  }

  /** A fresh capture of the device's semantics tree. */
  async snapshot(): Promise<Snapshot> {
    this.last = await this.driver.capture();
    for (const r of this.awaitingAfter.splice(0)) fillAfter(r, this.last);
    return this.last;
  }

  /** The most recent capture, without capturing again (null before the first). */
  lastSnapshot(): Snapshot | null {
    return this.last;
  }

  /** The compact text outline of a fresh capture (docs/design.md §9), with reachability flags and tap points. */
  async outline(options: Omit<OutlineOptions, 'reach'> = {}): Promise<string> {
    const snapshot = await this.snapshot();
    return renderOutline(snapshot, { merged: this.merged, ...options, reach: analyzeReachability(snapshot) });
  }

  /** Playwright's aria snapshot of a fresh capture: every window, from the merged view (docs/design.md §9.1). */
  async ariaSnapshot(): Promise<string> {
    return ariaSnapshotText(await this.snapshot());
  }

  /** Performs a locator action: waits for actionability, delivers it, and returns the receipt. */
  async act(selector: Selector, action: LocatorAction, options: ActionOptions = {}): Promise<Receipt> {
    const call = actionCall(selector, action);
    return this.step(call, async () => {
      const timeout = options.timeout ?? this.actionTimeout;
      const force = options.force === true;
      const how = { timeout, force, previous: this.last };
      if (this.driver.checkActionable) {
        // The after-capture is taken when something needs one: the next capture fills the receipt.
        const { ready, message, after } = await actWithoutAfter(this.driver, () => this.snapshot(), selector, action, how);
        const receipt = after
          ? makeReceipt({ selector, action, ready, after, message, forced: force })
          : makeReceipt({ selector, action, ready, after: null, message, forced: force });
        this.keep(receipt);
        if (!after) this.awaitingAfter.push(receipt);
        return receipt;
      }
      const { ready, after, message } = await actOnce(this.driver, () => this.snapshot(), selector, action, how);
      const receipt = makeReceipt({ selector, action, ready, after, message, forced: force });
      this.keep(receipt);
      return receipt;
    }, { selector, action });
  }

  /**
   * Records a receipt. Its generations are read when first read (makeReceipt), so it holds its
   * captures until then: the receipts older than the last LIVE_RECEIPTS are settled, so a long test
   * holds a bounded number of captures.
   */
  private keep(receipt: Receipt): void {
    this.receipts.push(receipt);
    const old = this.receipts[this.receipts.length - 1 - LIVE_RECEIPTS];
    if (old && !this.awaitingAfter.includes(old)) settleReceipt(old);
  }

  /**
   * Waits until the locator is in `state` (Playwright's locator.waitFor): attached (exactly one node),
   * detached (none), visible, hidden (none, or not visible). Strict like an action: several matches fail
   * at once. Retries on fresh captures with the matchers' back-off; fails naming what it saw last.
   */
  async waitFor(selector: Selector, state: WaitState, options: { timeout?: number; step?: string } = {}): Promise<Resolution> {
    const timeout = options.timeout ?? this.actionTimeout;
    const wait = async () => {
      const outcome = await poll(
        async () => {
          const snapshot = await this.snapshot();
          const nodes = resolveSelector(snapshot, selector);
          if (nodes.length > 1) throw strictViolation(snapshot, selector, nodes);
          return { snapshot, nodes };
        },
        (r) => inState(r, state),
        timeout,
      );
      if (!outcome.timedOut) return outcome.value;
      const { snapshot, nodes } = outcome.value;
      const call = options.step ?? `${selectorToCode(selector)}.waitFor({ state: '${state}' })`;
      const seen = nodes.length === 0 ? 'no node matches' : isVisible(nodes[0]!, snapshot) ? 'it is visible' : 'it is attached but not visible';
      const message = `${call}: timed out after ${timeout}ms waiting for the locator to be ${state}: ${seen}`;
      if (nodes.length === 0) throw new TargetError('target_not_found', [message, ...noMatchLines(noMatchReport(snapshot, selector))].join('\n'), { where: this.description, locator: selectorToCode(selector), hint: 'Check the locator against `npx treewright inspect`, or wait for the screen that shows it.' });
      throw new DeviceError('device_timeout', message, { where: this.description, hint: `Wait for what should ${state === 'hidden' || state === 'detached' ? 'remove' : 'show'} it, or raise the timeout.` });
    };
    return options.step === '' ? wait() : this.step(options.step ?? `${selectorToCode(selector)}.waitFor({ state: '${state}' })`, wait);
  }

  /** System back: dismisses a dialog first, then goes up a screen. */
  async back(): Promise<void> {
    const driver = this.driver;
    if (driver.back) return this.step('device.back()', () => driver.back!());
    if (driver.pressKey) return this.step('device.back()', () => driver.pressKey!('back'));
    throw this.unavailable('back()', 'navigate back');
  }

  /** The app's navigation state, where the device exposes it (`/inspect/nav`); null when the app is too old to say. */
  async nav(): Promise<{ currentRoute: string | null; backStack: string[] } | null> {
    return this.need('nav', 'nav()', 'report navigation')();
  }

  /** Navigates straight to a route, where the app exposes navigation (`/inspect/navigate`). */
  async navigate(route: string): Promise<void> {
    const go = this.need('navigate', 'navigate()', 'navigate by route');
    return this.step(`device.navigate(${JSON.stringify(route)})`, () => go(route));
  }

  /** A PNG of the screen. */
  async screenshot(): Promise<Buffer> {
    return this.need('screenshot', 'screenshot()', 'provide pixels')();
  }

  /** A PNG of the locator's node once visible: the driver's element screenshot, else the screenshot cropped to the node (crop.ts). */
  async screenshotOf(selector: Selector, options: { timeout?: number } = {}): Promise<Buffer> {
    const call = `${selectorToCode(selector)}.screenshot()`;
    if (!this.driver.screenshotNode && !this.driver.screenshot) {
      throw new DeviceError('action_unavailable', `${call}: ${this.driver.description} (${this.driver.kind} driver) cannot provide pixels`, {
        where: this.driver.description, hint: 'A web page, Appium, adb and the reference app give screenshots; a captured file has none: assert on its tree instead.',
      });
    }
    // An element screenshot scrolls the node into view itself (as Playwright's); a crop needs it on screen.
    const { snapshot, nodes } = await this.waitFor(selector, this.driver.screenshotNode ? 'attached' : 'visible', { ...options, step: call });
    const node = nodes[0]!;
    if (this.driver.screenshotNode) return this.driver.screenshotNode(node);
    // The image library is loaded by the one call that crops, not with every device.
    const { cropToNode } = await import('./crop.js');
    return cropToNode(await this.driver.screenshot!(), snapshot, node, this.description);
  }

  /** The app's design-system catalog (`/inspect/design-system`). */
  async designSystem(): Promise<unknown> {
    return this.need('designSystem', 'designSystem()', 'serve its design system')();
  }

  async crashes(): Promise<unknown[]> {
    return this.need('crashes', 'crashes()', 'report crashes')();
  }

  /** Rows of one app database table, where the device exposes it (`/inspect/db?table=`). */
  async db(table: string, limit?: number): Promise<unknown> {
    return this.need('db', 'db()', 'read its database')(table, limit);
  }

  private need<K extends 'nav' | 'navigate' | 'screenshot' | 'designSystem' | 'crashes' | 'db'>(key: K, call: string, what: string): NonNullable<DriverActions[K]> {
    const fn = this.driver[key];
    if (!fn) throw this.unavailable(call, what);
    return fn.bind(this.driver) as NonNullable<DriverActions[K]>;
  }

  private unavailable(call: string, what: string): DeviceError {
    return new DeviceError('action_unavailable', `device.${call}: ${this.driver.description} (${this.driver.kind} driver) cannot ${what}`, {
      where: this.driver.description,
      hint: 'The reference app and live devices can; a captured file cannot.',
    });
  }

  capabilities(): Capabilities {
    return capabilitiesOf(this.driver);
  }

  /** Runs `fn` when the device closes (after the driver), e.g. to release a lease. */
  onClose(fn: () => Promise<void>): void {
    this.closers.push(fn);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // What the receipts say is fixed now; they let go of their captures.
    this.awaitingAfter.length = 0;
    for (const r of this.receipts) settleReceipt(r);
    // Every closer runs (a lease must be released even if the driver failed to close); the first
    // error is thrown, later ones are attached to it as its cause.
    let first: unknown;
    let failed = false;
    const note = (e: unknown) => { if (failed) withCause(first, e); else { first = e; failed = true; } };
    await this.driver.close().catch(note);
    for (const fn of this.closers.splice(0)) await fn().catch(note);
    if (failed) throw first;
  }
}
