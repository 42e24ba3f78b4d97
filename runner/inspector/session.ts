// The inspector's live state: one device, captured again on a timer; the capture before, for the
// delta; a device that fails is closed and connected again on the next tick (the page shows the
// error as a banner meanwhile). Actions go through the device's action layer, as a test's do, and are
// recorded as spec lines while recording is on. One thing at a time uses the device.
import type { Device } from '../../src/devices/device.js';
import type { SourceSpec } from '../../src/devices/source.js';
import type { Snapshot } from '../../src/model/schema.js';
import type { LocatorAction } from '../../src/query/action.js';
import { snapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { bestLocator } from '../../src/query/best-locator.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { isTreewrightError } from '../../src/errors.js';
import { screenView, type ScreenView } from './view.js';
import { actionLine, expectLine, type ExpectKind } from './record.js';

/** The actions the page offers on a picked node. */
export const PAGE_ACTIONS = ['click', 'fill', 'check', 'uncheck', 'scroll'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

export interface SessionOptions {
  source: SourceSpec;
  /** Opens the device (connect(), or a test's own). */
  open: (source: SourceSpec) => Promise<Device>;
  /** ms between captures. */
  interval: number;
  /** ms an action waits for its node to be actionable. */
  actionTimeout?: number;
}

export interface SessionState {
  /** Grows on every change the page shows (a new capture, an error, the recording). */
  version: number;
  source: string;
  device: string | null;
  canAct: boolean;
  error: string | null;
  /** Captures taken so far. */
  captures: number;
  screen: ScreenView | null;
  recording: boolean;
  lines: string[];
}

export class InspectorSession {
  private device: Device | null = null;
  private current: Snapshot | null = null;
  private view: ScreenView | null = null;
  private error: string | null = null;
  private version = 0;
  private captures = 0;
  private recording = false;
  private readonly lines: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The device is used by one capture or action at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SessionOptions) {}

  /** Connects and captures once; a failure is shown, not thrown (the timer retries). */
  async start(): Promise<void> {
    await this.tick();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => { void this.tick().finally(() => this.schedule()); }, this.options.interval);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.exclusive(async () => {
      await this.device?.close().catch(() => undefined);
      this.device = null;
    });
  }

  state(): SessionState {
    const caps = this.device?.capabilities();
    return {
      version: this.version,
      source: typeof this.options.source === 'string' ? this.options.source : JSON.stringify(this.options.source),
      device: this.device?.description ?? null,
      canAct: !!caps && (caps.semanticActions || caps.taps),
      error: this.error,
      captures: this.captures,
      screen: this.view,
      recording: this.recording,
      lines: [...this.lines],
    };
  }

  snapshot(): Snapshot | null {
    return this.current;
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One capture (connecting first when there is no device); the view is rebuilt when the content changed. */
  tick(): Promise<void> {
    return this.exclusive(() => this.capture());
  }

  private async capture(): Promise<void> {
    if (this.stopped) return;
    try {
      this.device ??= await this.options.open(this.options.source);
      const next = await this.device.snapshot();
      this.captures++;
      const wasError = this.error !== null;
      this.error = null;
      if (!this.current || next.generation !== this.current.generation) {
        this.view = screenView(next, this.current ? snapshotDelta(this.current, next) : null);
        this.current = next;
        this.version++;
      } else if (wasError) this.version++;
    } catch (e) {
      const message = describe(e);
      if (message !== this.error) this.version++;
      this.error = message;
      // Connect again on the next tick: a device that went away comes back as a new connection.
      const gone = this.device;
      this.device = null;
      await gone?.close().catch(() => undefined);
    }
  }

  setRecording(on: boolean): void {
    if (this.recording !== on) this.version++;
    this.recording = on;
  }

  clearLines(): void {
    this.lines.length = 0;
    this.version++;
  }

  /** Performs an action on a node of the current capture through its best locator; the line is recorded while recording. */
  act(id: string, kind: PageAction, text?: string): Promise<{ line: string; via: string }> {
    return this.exclusive(async () => {
      const snapshot = this.current;
      const device = this.device;
      if (!snapshot || !device) throw new Error(this.error ?? 'no device connected');
      const node = indexSnapshot(snapshot).byId.get(id);
      if (!node) throw new Error(`no node ${id} on the current capture`);
      const { selector } = bestLocator(snapshot, node);
      const action: LocatorAction = kind === 'fill' ? { kind: 'fill', text: text ?? '' }
        : kind === 'scroll' ? { kind: 'scrollBy', dx: 0, dy: Math.max(1, Math.round(node.bounds.height * 0.8)) }
          : { kind };
      const receipt = await device.act(selector, action, { timeout: this.options.actionTimeout ?? 5_000 });
      const line = actionLine(selector, action);
      if (this.recording) this.lines.push(line);
      this.version++;
      await this.capture();
      return { line, via: receipt.via };
    });
  }

  /** Adds an expect line for a node of the current capture (only while recording). */
  expect(id: string, kind: 'visible' | 'text' | 'checked'): string {
    const snapshot = this.current;
    if (!snapshot) throw new Error('no capture yet');
    if (!this.recording) throw new Error('recording is off: turn it on to add expect lines');
    const index = indexSnapshot(snapshot);
    const node = index.byId.get(id);
    if (!node) throw new Error(`no node ${id} on the current capture`);
    const { selector } = bestLocator(snapshot, node);
    let line: string;
    if (kind === 'text') line = expectLine(selector, 'text', index.textContent(node).replace(/\s+/g, ' ').trim());
    else if (kind === 'checked') {
      if (node.toggle === null) throw new Error('the node has no checked state');
      line = expectLine(selector, (node.toggle === 'on' ? 'checked' : 'unchecked') satisfies ExpectKind);
    } else line = expectLine(selector, 'visible');
    this.lines.push(line);
    this.version++;
    return line;
  }
}

/** An error as the banner shows it: a typed error's message (what, where, next step), else its first line. */
export function describe(e: unknown): string {
  if (isTreewrightError(e)) return e.message;
  return e instanceof Error ? e.message.split('\n')[0]! : String(e);
}
