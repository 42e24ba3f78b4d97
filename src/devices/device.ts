import type { Snapshot } from '../model/schema.js';
import { analyzeReachability } from '../analysis/reachability.js';
import { renderOutline, type OutlineOptions } from '../render/outline.js';
import { Locator, Searchable, type LocatorHost } from '../query/locator.js';
import type { Step } from '../query/selector.js';
import type { Capabilities, Driver } from './driver.js';

/**
 * The connected device a test receives: captures through its driver and hands out locators.
 * Every capture is fresh; locators resolve against the capture they trigger.
 */
export class Device extends Searchable implements LocatorHost {
  private last: Snapshot | null = null;
  private closed = false;

  constructor(readonly driver: Driver) {
    super();
  }

  protected chain(step: Step): Locator {
    return new Locator(this, [step]);
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
    return this.last;
  }

  /** The most recent capture, without capturing again (null before the first). */
  lastSnapshot(): Snapshot | null {
    return this.last;
  }

  /** The compact text outline of a fresh capture (DESIGN §9), with reachability flags and tap points. */
  async outline(options: Omit<OutlineOptions, 'reach'> = {}): Promise<string> {
    const snapshot = await this.snapshot();
    return renderOutline(snapshot, { ...options, reach: analyzeReachability(snapshot) });
  }

  capabilities(): Capabilities {
    return this.driver.capabilities();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.driver.close();
  }
}
