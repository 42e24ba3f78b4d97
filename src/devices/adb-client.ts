import { execa } from 'execa';
import { DeviceError, isTreewrightError, type FormatError } from '../errors.js';
import { MAX_ANSWER_BYTES, answerTimedOut, answerTooLarge } from './answer-limits.js';

export interface AdbOptions {
  /** The adb executable (default: `adb` on PATH, or $ADB). */
  adbPath?: string;
  /** Device serial; required when several devices are attached. */
  serial?: string;
  /** Per-command timeout, ms. */
  timeout?: number;
  /** Largest output of one command read, bytes (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

export interface AdbDevice {
  serial: string;
  state: string;
}

/**
 * A thin, typed wrapper around the adb command line (through execa). Every failure names the
 * stage (the adb command) and the one command to run next.
 */
export class AdbClient {
  readonly adbPath: string;
  readonly timeout: number;
  readonly maxBytes: number;
  serial: string | undefined;

  constructor(options: AdbOptions = {}) {
    this.adbPath = options.adbPath ?? process.env.ADB ?? 'adb';
    this.serial = options.serial;
    this.timeout = options.timeout ?? 20_000;
    this.maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
  }

  /** Runs `adb [-s serial] ...args` and returns its stdout. */
  async run(args: string[], opts: { stage?: string } = {}): Promise<string> {
    const full = this.serial ? ['-s', this.serial, ...args] : args;
    const stage = opts.stage ?? `adb ${full.join(' ')}`;
    try {
      // The output cap stops the command (execa kills it) instead of buffering an endless answer.
      const r = await execa(this.adbPath, full, { timeout: this.timeout, maxBuffer: this.maxBytes, reject: false, stripFinalNewline: false });
      if (r.failed) throw classify(r, stage, this);
      return String(r.stdout);
    } catch (e) {
      if (isTreewrightError(e)) throw e;
      throw new DeviceError('device_error', `${stage} failed: ${(e as Error).message}`, { where: `adb${this.serial ? `:${this.serial}` : ''}`, stage });
    }
  }

  /** Like run() but returns raw bytes (screencap). */
  async runBinary(args: string[], stage?: string): Promise<Buffer> {
    const full = this.serial ? ['-s', this.serial, ...args] : args;
    const r = await execa(this.adbPath, full, { timeout: this.timeout, maxBuffer: this.maxBytes, reject: false, encoding: 'buffer' });
    if (r.failed) throw classify(r, stage ?? `adb ${full.join(' ')}`, this);
    return Buffer.from(r.stdout as Uint8Array);
  }

  async devices(): Promise<AdbDevice[]> {
    const saved = this.serial;
    this.serial = undefined; // `adb devices` must not carry -s
    try {
      const out = await this.run(['devices'], { stage: 'adb devices' });
      return out.split('\n').slice(1).map((l) => l.trim()).filter(Boolean).map((l) => {
        const [serial = '', state = ''] = l.split(/\s+/);
        return { serial, state };
      });
    } finally {
      this.serial = saved;
    }
  }

  /** Picks the device to talk to: the given serial, else the only attached one. */
  async selectDevice(): Promise<string> {
    const list = await this.devices();
    const ready = list.filter((d) => d.state === 'device');
    const where = `adb${this.serial ? `:${this.serial}` : ''}`;
    if (this.serial) {
      const d = list.find((x) => x.serial === this.serial);
      if (!d) throw new DeviceError('device_unreachable', `no device with serial ${this.serial} is attached (attached: ${list.map((x) => x.serial).join(', ') || 'none'})`, { where, stage: 'adb devices', hint: 'Run `adb devices` and pass one of the serials it lists.', next: 'adb devices' });
      if (d.state !== 'device') throw new DeviceError('device_unreachable', `device ${this.serial} is ${d.state}`, { where, stage: 'adb devices', ...(d.state === 'unauthorized' ? { hint: 'Accept the USB debugging prompt on the device.' } : { hint: 'Run `adb reconnect`, then `adb devices`.', next: 'adb reconnect' }) });
      return this.serial;
    }
    if (ready.length === 0) {
      throw new DeviceError('device_unreachable', `no Android device is attached${list.length ? ` (${list.map((x) => `${x.serial} ${x.state}`).join(', ')})` : ''}`, { where, stage: 'adb devices', hint: 'Connect a device with USB debugging on, or start an emulator; `adb devices` must list it as "device".', next: 'adb devices' });
    }
    if (ready.length > 1) {
      throw new DeviceError('device_unreachable', `${ready.length} devices are attached (${ready.map((d) => d.serial).join(', ')}) and no serial was given`, { where, stage: 'adb devices', hint: `Pick one: source 'adb:${ready[0]!.serial}' (or { kind: 'adb', serial }).` });
    }
    this.serial = ready[0]!.serial;
    return this.serial;
  }
}

function classify(r: { code?: string; timedOut?: boolean; isMaxBuffer?: boolean; stderr?: unknown; exitCode?: number; shortMessage?: string }, stage: string, adb: AdbClient): DeviceError | FormatError {
  const { adbPath, timeout } = adb;
  const where = `adb${adb.serial ? `:${adb.serial}` : ''}`;
  if (r.code === 'ENOENT') {
    return new DeviceError('device_unreachable', `adb is not installed or not on PATH (tried "${adbPath}")`, { where, stage, hint: 'Install Android platform-tools (Debian: apt-get install adb), or set $ADB to its path.' });
  }
  if (r.timedOut) return answerTimedOut({ where, stage, from: adbPath }, timeout, 'Check the device is awake and responsive: `adb shell echo ok`.');
  if (r.isMaxBuffer) return answerTooLarge({ where, stage, from: adbPath }, adb.maxBytes);
  const err = String(r.stderr ?? '').trim();
  if (/no devices|device .* not found|device offline/i.test(err)) {
    return new DeviceError('device_unreachable', `${stage}: ${err}`, { where, stage, hint: 'Run `adb devices`; reconnect the device or restart adb with `adb kill-server`.', next: 'adb devices' });
  }
  return new DeviceError('device_error', `${stage} exited with ${r.exitCode}: ${err || r.shortMessage || 'no output'}`, { where, stage });
}
