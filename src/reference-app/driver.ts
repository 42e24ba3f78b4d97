import type { Node, Snapshot } from '../model/schema.js';
import { DeviceError, TargetError } from '../errors.js';
import { ReferenceApp, type ReferenceAppOptions } from './index.js';
import type { Driver, Key, PerformResult, SemanticRequest } from '../devices/driver.js';

/**
 * The bundled reference app, in-process: every test gets its own fresh app, with full semantic
 * actions and input events. Actions are generation-guarded like an agent protocol's: a target
 * from an older capture is rejected as stale (and the action layer re-resolves it).
 */
export class ReferenceDriver implements Driver {
  readonly kind = 'reference';
  /** perform refuses a target of an older generation (stale_generation) without acting. */
  readonly guardsGeneration = true;
  readonly description = 'reference';
  readonly app: ReferenceApp;

  constructor(options: ReferenceAppOptions = {}) {
    this.app = new ReferenceApp(options);
  }

  async capture(): Promise<Snapshot> {
    return this.app.snapshot();
  }

  readonly live = true;

  async perform(target: { snapshot: Snapshot; node: Node }, req: SemanticRequest): Promise<PerformResult> {
    const current = this.app.snapshot().generation;
    if (target.snapshot.generation !== current) {
      throw new TargetError('stale_generation', `node #${target.node.id} was resolved in generation ${target.snapshot.generation}, the app is at ${current}`, { expected: target.snapshot.generation, current });
    }
    const { action, ...args } = req;
    const r = this.app.perform(target.node.id, action, args);
    return { performed: r.performed, ...(r.message ? { message: r.message } : {}) };
  }

  async tap(x: number, y: number): Promise<void> {
    this.app.tap(x, y);
  }

  async typeText(text: string): Promise<void> {
    this.app.typeText(text);
  }

  async pressKey(key: Key): Promise<void> {
    // The reference app's fields have no cursor (typing appends, DEL deletes the last character): END is a no-op.
    if (key === 'end') return;
    this.app.key(key);
  }

  async swipe(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    this.app.swipe(from.x, from.y, to.x, to.y);
  }

  async back(): Promise<void> {
    this.app.back();
  }

  async navigate(route: string): Promise<void> {
    const r = this.app.navigate(route);
    if (!r.performed) throw new DeviceError('device_error', `navigate: ${r.message ?? `cannot go to ${route}`}`, { where: this.description, stage: 'navigate' });
  }

  async nav() {
    return this.app.nav();
  }

  async screenshot(): Promise<Buffer> {
    return this.app.screenshotPng();
  }

  async designSystem(): Promise<unknown> {
    return this.app.designSystem();
  }

  async crashes(): Promise<unknown[]> {
    return this.app.crashes();
  }

  async db(table: string, limit?: number): Promise<unknown> {
    return this.app.db(table, limit);
  }

  async close(): Promise<void> {}
}
