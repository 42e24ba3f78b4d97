/**
 * One agent's session: the connected device, the captures it has seen (keyed by generation, so
 * `get_tree { since }` can answer a delta), and the log of what the agent did successfully, which
 * export_test turns into a spec. Tool calls run one at a time, in arrival order: two actions from a
 * pipelining client never interleave on the device.
 */
import { connect, type ConnectOptions } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';
import type { LocatorAction } from '../src/query/action.js';
import { parseSource, type SourceSpec } from '../src/devices/source.js';
import { mayShareLease } from '../src/devices/lease-key.js';
import type { Snapshot } from '../src/model/schema.js';
import type { Selector } from '../src/query/selector.js';
import { checkSource, type Policy } from './policy.js';
import { DeviceError } from '../src/errors.js';

/** A successful step, as export_test writes it. */
export type LoggedStep =
  | { kind: 'action'; selector: Selector; action: LocatorAction }
  | { kind: 'back' }
  /** A find_nodes that found exactly one visible node: the agent checked it was there. */
  | { kind: 'visible'; selector: Selector };

export interface SessionOptions extends Policy {
  /** The source used until the agent connects elsewhere (the CLI's --source; default the reference app). */
  source: SourceSpec;
  /** Captures kept for `since` (MoUI keeps 64 deltas). */
  historySize?: number;
  connectOptions?: ConnectOptions;
}

export const DEFAULT_HISTORY = 64;

export class Session {
  readonly policy: Policy;
  /** The source as the agent (or the CLI) gave it: export_test writes it into `test.use`. */
  sourceSpec: SourceSpec;
  readonly steps: LoggedStep[] = [];
  private current: Device | null = null;
  private connecting: Promise<Device> | null = null;
  private readonly history = new Map<string, Snapshot>();
  private readonly historySize: number;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: SessionOptions) {
    this.policy = { root: options.root, allowHosts: options.allowHosts };
    this.sourceSpec = options.source;
    this.historySize = options.historySize ?? DEFAULT_HISTORY;
  }

  /** Runs tool calls one after another. */
  serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The connected device, connecting the default source on first use. */
  async device(): Promise<Device> {
    this.refuseIfClosed();
    if (this.current) return this.current;
    this.connecting ??= connect(this.options.source, this.connectOptions()).finally(() => { this.connecting = null; });
    const device = await this.connecting;
    return this.adopt(device);
  }

  /** A call still in flight when the session closed must not leave a device (or its server) open. */
  private async adopt(device: Device): Promise<Device> {
    if (this.closed) {
      await device.close().catch(() => undefined);
      this.refuseIfClosed();
    }
    this.current = device;
    return device;
  }

  private refuseIfClosed(): void {
    if (this.closed) {
      throw new DeviceError('device_unreachable', 'the session is closed: the server is shutting down', {
        stage: 'session', hint: 'Start the MCP server again and connect a new session.',
      });
    }
  }

  /**
   * Connects to a source an agent asked for (checked against the policy). The old device is closed
   * only once the new one answers, so a failed switch leaves the session as it was, except when
   * both are the same leased device (a live app, a phone): the new lease would wait for the old
   * one forever, so the old device is closed first. A new device starts a new step log and
   * history: an exported test replays what happened on one device.
   */
  async connect(spec: SourceSpec, extra: ConnectOptions = {}): Promise<Device> {
    this.refuseIfClosed();
    const checked = await checkSource(parseSource(spec), this.policy);
    if (this.current && mayShareLease(parseSource(this.sourceSpec), checked)) {
      const old = this.current;
      this.current = null;
      await old.close().catch(() => undefined);
    }
    const device = await connect(checked, { ...this.connectOptions(), ...extra });
    const old = this.current;
    await this.adopt(device);
    this.sourceSpec = spec;
    this.steps.length = 0;
    this.history.clear();
    await old?.close().catch(() => undefined);
    return device;
  }

  private connectOptions(): ConnectOptions {
    return { cwd: this.policy.root, confineTo: this.policy.root, ...this.options.connectOptions };
  }

  /** A fresh capture, remembered for `since`. */
  async capture(): Promise<Snapshot> {
    const device = await this.device();
    return this.remember(await device.snapshot());
  }

  remember(s: Snapshot): Snapshot {
    this.history.delete(s.generation);
    this.history.set(s.generation, s);
    while (this.history.size > this.historySize) this.history.delete(this.history.keys().next().value!);
    return s;
  }

  /** A capture seen at this generation, if still held. */
  seen(generation: string): Snapshot | undefined {
    return this.history.get(generation);
  }

  log(step: LoggedStep): void {
    const last = this.steps[this.steps.length - 1];
    // The same check twice with nothing in between says nothing new.
    if (step.kind === 'visible' && last?.kind === 'visible' && JSON.stringify(last.selector, regexAsText) === JSON.stringify(step.selector, regexAsText)) return;
    this.steps.push(step);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const device = this.current ?? (this.connecting ? await this.connecting.catch(() => null) : null);
    this.current = null;
    await device?.close();
  }
}

/** JSON.stringify drops RegExps to {}; compare them by their literal. */
function regexAsText(_k: string, v: unknown): unknown {
  return v instanceof RegExp ? v.toString() : v;
}
