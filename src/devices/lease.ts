import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceError } from '../errors.js';

/**
 * An exclusive lease on a device that cannot serve two tests at once (a live app, a phone).
 * Playwright runs workers as separate processes, so the lease is a lock file holding the owner's
 * pid: others wait for it; a lock whose process has died is taken over. Within one process the
 * holders are tracked in memory, and a second lease waits on the first one's release.
 */
export interface Lease {
  key: string;
  release(): Promise<void>;
}

export interface LeaseOptions {
  /** How long to wait for another worker to finish with the device, ms. */
  timeout?: number;
  dir?: string;
  /** Called once when the lease is busy, so the caller can say it is queued. */
  onWait?: (holderPid: number) => void;
}

/** Lock files this process holds, each with the promise its release resolves. */
const held = new Map<string, Promise<void>>();
/** Lock files this process is linking into place right now (ours, though not yet in `held`). */
const creating = new Map<string, number>();
let exitHookInstalled = false;
/** A break lock (held for a few file operations) older than this was left by a crashed process. */
const STALE_BREAK_MS = 5_000;

export function leaseDir(): string {
  return process.env.TREEWRIGHT_LEASE_DIR ?? path.join(tmpdir(), 'treewright-leases');
}

export async function acquireLease(key: string, options: LeaseOptions = {}): Promise<Lease> {
  const dir = options.dir ?? leaseDir();
  await mkdir(dir, { recursive: true }).catch((e: unknown) => { throw leaseDirError(e, dir); });
  const file = path.join(dir, createHash('sha1').update(key).digest('hex').slice(0, 16) + '.lock');
  const timeout = options.timeout ?? 120_000;
  const deadline = Date.now() + timeout;
  let told = false;
  const tell = (pid: number) => { if (!told) { told = true; options.onWait?.(pid); } };
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    // Another device in this process holds it: wait for its release, not for our own pid to die.
    const mine = held.get(file);
    if (mine) {
      tell(process.pid);
      const remaining = deadline - Date.now();
      const released = remaining > 0 && await Promise.race([mine.then(() => true), sleep(remaining).then(() => false)]);
      if (!released) {
        throw new DeviceError('device_timeout', `${key} is in use by another device in this process and was not released within ${timeout}ms`, {
          where: key, stage: 'lease', hint: 'Close the other device (device.close()) before connecting to the same one again.',
        });
      }
      continue;
    }
    creating.set(file, (creating.get(file) ?? 0) + 1);
    try {
      if (await tryCreate(file, key)) return hold(file, key);
    } finally {
      const n = creating.get(file)! - 1;
      if (n) creating.set(file, n); else creating.delete(file);
    }
    const holder = await holderOf(file);
    if (holder === null) continue; // gone between our attempt and the read: try again at once
    if (holder === 'dead') {
      await breakStale(file);
      continue;
    }
    tell(holder);
    if (Date.now() > deadline) {
      throw new DeviceError('device_timeout', `${key} is in use by another test (process ${holder}) and was not released within ${timeout}ms`, {
        where: key, stage: 'lease', hint: `If no test is running, remove ${file}.`,
      });
    }
    await sleep(pause);
  }
}

function hold(file: string, key: string): Lease {
  let done!: () => void;
  held.set(file, new Promise<void>((r) => { done = r; }));
  installExitHook();
  return {
    key,
    release: async () => {
      if (!held.has(file)) return;
      await unlink(file).catch(() => {});
      held.delete(file);
      done();
    },
  };
}

/** The lease folder cannot be made or written: a typed error naming it and the cause, never a raw EPERM / EEXIST. */
function leaseDirError(e: unknown, dir: string): DeviceError {
  const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
  const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'that path (or a part of it) is a file, not a folder'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied: the folder is not writable for this user'
    : code === 'EROFS' ? 'the file system is read-only'
    : (e as Error).message;
  return new DeviceError('device_error', `cannot use the lease folder ${dir}: ${why} (${code})`, {
    where: dir, stage: 'lease', errno: code,
    hint: 'Point TREEWRIGHT_LEASE_DIR at a writable folder (leases queue workers for one device).',
  });
}

/**
 * Creates the lock atomically: the pid is written to a private temp file which is then hard-linked
 * into place, so the lock never exists half-written (link fails with EEXIST if it is taken).
 */
async function tryCreate(file: string, key: string): Promise<boolean> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, `${process.pid}\n${key}\n`).catch((e: unknown) => { throw leaseDirError(e, path.dirname(file)); });
  try {
    await link(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    await unlink(tmp).catch(() => {});
  }
}

/** The lock's live holder pid, 'dead' when its process is gone (or it is unreadable), null when there is no lock. */
async function holderOf(file: string): Promise<number | 'dead' | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const pid = Number(text.split('\n')[0]);
  // Locks are linked in whole, so an empty or garbled one is not mid-write: it is debris.
  // Our own pid on a lock we do not hold is left from a lease this process lost track of.
  if (!Number.isInteger(pid) || pid <= 0 || (pid === process.pid && !held.has(file) && !creating.has(file)) || !alive(pid)) return 'dead';
  return pid;
}

/**
 * Removes a dead holder's lock without racing other waiters: whoever deletes must hold the break
 * lock and read the lock again under it, so a lock another waiter has just taken is never deleted.
 */
async function breakStale(file: string): Promise<void> {
  const breaker = `${file}.break`;
  if (!(await tryCreate(breaker, 'break'))) {
    // Someone else is breaking it; a break lock left by a crash is removed once old.
    const s = await stat(breaker).catch(() => null);
    if (s && Date.now() - s.mtimeMs > STALE_BREAK_MS) await unlink(breaker).catch(() => {});
    else await sleep(10);
    return;
  }
  try {
    if ((await holderOf(file)) === 'dead') await unlink(file).catch(() => {});
  } finally {
    await unlink(breaker).catch(() => {});
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Releases every lease this process holds when it exits, however it exits. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const f of held.keys()) { try { unlinkSync(f); } catch { /* already gone */ } }
  });
}
