import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import type { Snapshot } from '../model/schema.js';
import { cmpFromValue } from '../formats/cmp.js';
import { DeviceError, SourceError, isTreewrightError, reasonOf } from '../errors.js';
import { AdbClient } from './adb-client.js';
import { AdbInput } from './adb-input.js';
import { isValidHost, request, requestJson, type HttpOptions } from './http.js';
import { type Driver, type Key } from './driver.js';
import { warning, type Warning } from '../model/warnings.js';
import { semanticDrivers } from './semantics.js';

export interface LiveOptions {
  host?: string;
  port?: number;
  /** Per-request timeout, ms. */
  timeout?: number;
  /** How long to wait through a cold start (503s, refused connections), ms. */
  connectTimeout?: number;
  /** The adb executable; adb is optional (forwarding the port, typing text). */
  adbPath?: string;
  serial?: string;
}

/**
 * `GET /inspect/health`, every field validated: a string, 1e300 or a missing `processStartedAtMs`
 * must not reach the restart check as a RangeError. Fields the restart check does not need are optional.
 */
const healthSchema = onFirstCall(() => {
  const z = zod();
  /** Date's range (±8.64e15 ms): a start time outside it cannot be a process start, and toISOString would throw. */
  const EpochMs = z.number().finite().min(-8.64e15).max(8.64e15);
  return z.object({
    status: z.literal('ok'),
    schemaVersion: z.number().finite().optional(),
    source: z.string().optional(),
    appId: z.string().optional(),
    buildType: z.string().optional(),
    processStartedAtMs: EpochMs.optional(),
    processUptimeMs: z.number().finite().min(0).optional(),
  });
});
export const HealthSchema = lazySchema(healthSchema);
export type Health = z.infer<typeof HealthSchema>;

/**
 * A running debug build over the cmp-inspector live HTTP protocol. It has no semantic actions:
 * clicks are taps at the node's tap point (after a hittability check), and text is typed through
 * adb when adb is there. Connecting heals what it can (adb forward, cold start), and every
 * failure names the stage and the next command.
 */
export class LiveDriver implements Driver {
  readonly kind = 'live';
  readonly description: string;
  readonly base: string;
  /** What connecting had to fix, e.g. ['adb forward tcp:9500 tcp:9500']. */
  readonly healed: string[] = [];
  /** What connecting could not fix but worked around (a failing adb forward when the port answers directly); added to every capture's warnings. */
  readonly warnings: Warning[] = [];
  health: Health | null = null;
  private readonly http: HttpOptions;
  private readonly connectTimeout: number;
  private readonly adb: AdbClient;
  private readonly input: AdbInput;
  private adbReady = false;
  /** The focused root's window offset, px, from the last capture. */
  private offset = { x: 0, y: 0 };
  private readonly port: number;
  private readonly host: string;

  constructor(options: LiveOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    this.port = options.port ?? 9500;
    if (!isValidHost(this.host)) {
      throw new SourceError('source_invalid', `invalid live host ${JSON.stringify(this.host)}: expected a host name or an IP address`, {
        where: `live:${this.host}:${this.port}`, hint: 'e.g. live:127.0.0.1:9500 or live:[::1]:9500 (no path, query or user in the host).',
      });
    }
    if (!Number.isInteger(this.port) || this.port < 1 || this.port > 65535) {
      throw new SourceError('source_invalid', `invalid live port ${this.port}: expected 1–65535`, { where: `live:${this.host}`, hint: 'e.g. live:127.0.0.1:9500' });
    }
    this.description = `live:${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
    this.base = `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
    this.http = { timeout: options.timeout ?? 5000, where: this.description, port: this.port };
    this.connectTimeout = options.connectTimeout ?? 15_000;
    this.adb = new AdbClient({ ...(options.adbPath ? { adbPath: options.adbPath } : {}), ...(options.serial ? { serial: options.serial } : {}), timeout: 10_000 });
    this.input = new AdbInput(this.adb);
  }

  /**
   * The self-healing handshake: adb forward when adb and a device are there, then health through the
   * cold start, then the tree: the cmp-inspector answers /inspect/health 200 while the app is still
   * starting and /inspect/tree 503 until a Compose root is attached. One deadline (connectTimeout)
   * covers every retry of both, each request included. A failing adb forward is only a warning when
   * the port answers directly (an emulator host, a local server).
   */
  async open(): Promise<Health> {
    const deadline = Date.now() + this.connectTimeout;
    let forwardError: unknown = null;
    await this.ensureForward().catch((e: unknown) => { forwardError = e; });
    const http = { ...this.http, deadline };
    let last: unknown;
    let h: Health | null = null;
    let saw503 = false; // some answer said "cold": the app is up, unlike a port where nothing ever answered
    for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
      try {
        if (!h) {
          h = parseHealth(await requestJson<unknown>(`${this.base}/inspect/health`, { stage: 'health' }, http), this.description);
          this.health = h;
          if (forwardError) this.warnings.push(warning('adb-forward-failed', { reason: reasonOf(forwardError, this.description), base: this.base }));
          if (h.processStartedAtMs === undefined) this.warnings.push(warning('no-process-start', { base: this.base }));
        }
        // Health 200 is not warm yet: the tree answers 503 until a Compose root is attached.
        await requestJson(`${this.base}/inspect/tree`, { stage: 'tree' }, http);
        return h;
      } catch (e) {
        // The tree answered, only too large to read here: it is attached (warm); capture() reports its size.
        if (h && isTreewrightError(e) && e.code === 'too_large') return h;
        last = e;
        if (isTreewrightError(e) && e.code === 'device_unreachable' && e.details.status === 503) saw503 = true;
        // Refused (not started yet) and 503 (cold) are worth waiting out; a hang, HTML or a bad answer are not.
        const retry = isTreewrightError(e) && e.code === 'device_unreachable' && (e.details.transient === true || e.details.status === 503);
        if (!retry || Date.now() + pause >= deadline) break;
        await new Promise((r) => setTimeout(r, pause));
      }
    }
    // The forward failed and nothing answers directly: the forward's error is the cause to report.
    if (!h && forwardError && isTreewrightError(last) && last.code === 'device_unreachable') throw forwardError;
    const e = last as DeviceError;
    const outOfTime = Date.now() >= deadline - 5;
    // A hang, HTML or a malformed answer already names its stage and cause (unless it was the shared deadline that cut it).
    if (!isTreewrightError(e) || (e.code !== 'device_unreachable' && !(outOfTime && e.code === 'device_timeout'))) throw e;
    const cold = e.code === 'device_unreachable' && e.details.status === 503;
    const stuck = cold || (outOfTime && e.code === 'device_timeout');
    const coldApp = stuck && (cold || saw503);
    if (h) {
      throw new DeviceError('device_unreachable', stuck
        ? `the app at ${this.base} is up (health 200) but its tree stayed unavailable (${cold || saw503 ? 'HTTP 503: no Compose root attached yet' : 'no answer'}) for ${this.connectTimeout}ms`
        : `the app at ${this.base} answered health, then its tree could not be read: ${reasonOf(e, this.description)}`, {
        where: this.description, stage: 'tree',
        hint: stuck ? 'Bring an activity with Compose content to the foreground (unlock the device, dismiss a splash), or raise connectTimeout.' : 'Check that the app is still running (`adb logcat`, device.crashes()), then retry.',
      });
    }
    // Only an app that said 503 is "up but cold"; a port where nothing answered in time is unreachable.
    throw new DeviceError('device_unreachable', coldApp
      ? `the app at ${this.base} stayed cold (HTTP 503) for ${this.connectTimeout}ms`
      : `could not reach the inspector at ${this.base}: ${stuck ? `no answer within ${this.connectTimeout}ms` : reasonOf(e, this.description)}`, {
      where: this.description,
      stage: 'health',
      hint: coldApp ? 'The app is up but its UI never became ready: bring it to the foreground, or check `adb logcat` for a crash.'
        : this.adbReady ? `Launch the debug build on the device, then retry (the port is forwarded).`
        : `Start the app's debug build and forward its port: adb forward tcp:${this.port} tcp:${this.port}`,
      ...(coldApp ? { next: 'adb logcat' } : this.adbReady ? {} : { next: `adb forward tcp:${this.port} tcp:${this.port}` }),
    });
  }

  private async ensureForward(): Promise<void> {
    if (!['127.0.0.1', 'localhost', '::1'].includes(this.host)) return;
    try {
      await this.adb.selectDevice();
    } catch {
      return; // no adb or no device: the server may be local (an emulator host, the reference app)
    }
    this.adbReady = true;
    const list = await this.adb.run(['forward', '--list'], { stage: 'adb forward --list' }).catch(() => '');
    if (!list.includes(`tcp:${this.port} tcp:${this.port}`)) {
      await this.adb.run(['forward', `tcp:${this.port}`, `tcp:${this.port}`], { stage: 'adb forward' });
      this.healed.push(`adb forward tcp:${this.port} tcp:${this.port}`);
    }
  }

  async capture(): Promise<Snapshot> {
    const snapshot = cmpFromValue(await requestJson(`${this.base}/inspect/tree`, { stage: 'tree' }, this.http), { where: this.description });
    if (this.warnings.length) snapshot.warnings.push(...this.warnings);
    // The tree is the focused root only: its offset turns root-relative px into screen px for adb.
    const root = snapshot.roots[0];
    if (root) this.offset = { x: root.windowOffset.x, y: root.windowOffset.y };
    return snapshot;
  }

  readonly live = true;

  /** Notices an app restart between two actions and says so, rather than tapping a fresh app blindly. */
  private async checkRestart(): Promise<void> {
    const h = parseHealth(await requestJson<unknown>(`${this.base}/inspect/health`, { stage: 'health' }, this.http), this.description);
    const before = this.health?.processStartedAtMs;
    const now = h.processStartedAtMs;
    if (before !== undefined && now !== undefined && now !== before) {
      this.health = h;
      throw new DeviceError('device_error', `the app restarted (process start ${new Date(before).toISOString()} → ${new Date(now).toISOString()}): its state was reset, so the action was not sent`, {
        where: this.description, stage: 'health', hint: 'Find out why it restarted (`adb logcat`, device.crashes()), then start the flow again.',
      });
    }
    if (before !== undefined && now === undefined) {
      throw new DeviceError('device_error', `${this.base}/inspect/health stopped reporting processStartedAtMs: whether the app restarted cannot be told, so the action was not sent`, {
        where: this.description, stage: 'health', hint: 'Check the app build (its inspector should report processStartedAtMs), then reconnect.',
      });
    }
    this.health = h;
  }

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    if (options.long && !this.adbReady) throw new DeviceError('action_unavailable', 'a long press needs adb: the live protocol only taps', { where: this.description, hint: `Attach the device over adb, or use a driver with semantic actions (${semanticDrivers('LongClick')}).` });
    // Every touch first checks the app is the one captured: a restarted app is not acted on blindly.
    await this.checkRestart();
    if (options.long) {
      // The tree (and so x, y) is root-relative px; adb input wants screen px.
      await this.input.tap(x + this.offset.x, y + this.offset.y, { long: true });
      return;
    }
    await requestJson(`${this.base}/inspect/tap`, { method: 'POST', body: { x: Math.round(x), y: Math.round(y) }, stage: 'tap' }, this.http);
  }

  get typeText(): ((text: string) => Promise<void>) | undefined {
    return this.adbReady ? (text: string) => this.input.typeText(text) : undefined;
  }

  get pressKey(): ((key: Key) => Promise<void>) | undefined {
    return this.adbReady ? (key: Key) => this.input.pressKey(key) : undefined;
  }

  async nav(): Promise<{ currentRoute: string | null; backStack: string[] } | null> {
    // Older apps have no /inspect/nav: that is "unknown", not an error.
    return requestJson(`${this.base}/inspect/nav`, { stage: 'nav', allow404: true }, this.http);
  }

  async navigate(route: string): Promise<void> {
    await requestJson(`${this.base}/inspect/navigate?route=${encodeURIComponent(route)}`, { stage: 'navigate' }, this.http);
  }

  async screenshot(): Promise<Buffer> {
    const ans = await request(`${this.base}/inspect/screenshot`, { stage: 'screenshot' }, this.http);
    if (ans.status !== 200 || ans.body.subarray(1, 4).toString('latin1') !== 'PNG') {
      throw new DeviceError('device_error', `screenshot: expected a PNG, got HTTP ${ans.status} ${ans.contentType}`, { where: this.description, stage: 'screenshot' });
    }
    return ans.body;
  }

  async designSystem(): Promise<unknown> {
    return requestJson(`${this.base}/inspect/design-system`, { stage: 'design-system' }, this.http);
  }

  async crashes(): Promise<unknown[]> {
    const c = await requestJson<unknown>(`${this.base}/inspect/crashes`, { stage: 'crashes' }, this.http);
    return Array.isArray(c) ? c : Array.isArray((c as { crashes?: unknown[] })?.crashes) ? (c as { crashes: unknown[] }).crashes : [];
  }

  async db(table: string, limit?: number): Promise<unknown> {
    const q = new URLSearchParams({ table, ...(limit !== undefined ? { limit: String(limit) } : {}) });
    return requestJson(`${this.base}/inspect/db?${q}`, { stage: 'db' }, this.http);
  }

  async close(): Promise<void> {}
}

/** A health answer, validated: anything but `{status: "ok", …}` with well-typed fields is a typed error naming the field. */
function parseHealth(raw: unknown, where: string): Health {
  const r = HealthSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') || 'the answer';
  throw new DeviceError('device_error', `health: unexpected answer ${JSON.stringify(raw)?.slice(0, 200) ?? String(raw)} (${field}: ${issue?.message ?? 'invalid'})`, {
    where, stage: 'health', field,
    hint: raw === null ? 'The inspector answered null: check the app build and its /inspect/health endpoint.' : 'Check that the port belongs to the cmp-inspector of a debug build (GET /inspect/health answers {"status":"ok", …}).',
  });
}
