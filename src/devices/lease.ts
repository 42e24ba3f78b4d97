import { open, readFile, unlink, mkdir } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceError } from '../errors.js';

/**
 * An exclusive lease on a device that cannot serve two tests at once (a live app, a phone).
 * Playwright runs workers as separate processes, so the lease is a lock file holding the owner's
 * pid: others wait for it; a lock whose process has died is taken over.
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

const held = new Set<string>();
let exitHookInstalled = false;

export function leaseDir(): string {
  return process.env.TREEWRIGHT_LEASE_DIR ?? path.join(tmpdir(), 'treewright-leases');
}

export async function acquireLease(key: string, options: LeaseOptions = {}): Promise<Lease> {
  const dir = options.dir ?? leaseDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, createHash('sha1').update(key).digest('hex').slice(0, 16) + '.lock');
  const deadline = Date.now() + (options.timeout ?? 120_000);
  let told = false;
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    try {
      const fh = await open(file, 'wx');
      await fh.writeFile(`${process.pid}\n${key}\n`);
      await fh.close();
      held.add(file);
      installExitHook();
      return {
        key,
        release: async () => {
          if (!held.delete(file)) return;
          await unlink(file).catch(() => {});
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).split('\n')[0]);
    if (!holder || !alive(holder)) {
      // The holder died without releasing (or is mid-write): take the lock over.
      if (!holder) await new Promise((r) => setTimeout(r, 20));
      const again = Number((await readFile(file, 'utf8').catch(() => '')).split('\n')[0]);
      if (!again || !alive(again)) await unlink(file).catch(() => {});
      continue;
    }
    if (!told) { options.onWait?.(holder); told = true; }
    if (Date.now() > deadline) {
      throw new DeviceError('device_timeout', `${key} is in use by another test (process ${holder}) and was not released within ${options.timeout ?? 120_000}ms`, {
        where: key, stage: 'lease', hint: `If no test is running, remove ${file}.`,
      });
    }
    await new Promise((r) => setTimeout(r, pause));
  }
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
    for (const f of held) { try { unlinkSync(f); } catch { /* already gone */ } }
  });
}
