/** The retry loop shared by matchers (matchers/context.ts) and locator waits (waitFor). */
import { isTreewrightError } from '../errors.js';

/** Playwright's back-off between re-checks of a retrying assertion; the last pause repeats. */
export const POLL_INTERVALS = [100, 250, 500, 1000];
export const DEFAULT_EXPECT_TIMEOUT = 5000;

export interface PollOutcome<T> {
  value: T;
  timedOut: boolean;
  attempts: number;
}

/** Device errors that a moment can cure (a live app still cold, a dropped connection): retried within the timeout. */
export function isTransient(e: unknown): boolean {
  return isTreewrightError(e) && e.code === 'device_unreachable';
}

/**
 * Runs `attempt` at once, then again after growing pauses until `done(value)` holds or
 * `timeout` ms have passed. The last value is returned either way. A transient device error
 * (device_unreachable) is retried like a failed check, and thrown if it is still the outcome when the
 * time is up; any other error propagates at once (a malformed tree or an ambiguous locator does not
 * get better by waiting).
 */
export async function poll<T>(attempt: () => Promise<T>, done: (value: T) => boolean, timeout: number): Promise<PollOutcome<T>> {
  const deadline = Date.now() + Math.max(0, timeout);
  let attempts = 0;
  for (let i = 0; ; i++) {
    let value: T;
    let failure: { error: unknown } | null = null;
    try {
      value = await attempt();
    } catch (e) {
      if (!isTransient(e)) throw e;
      failure = { error: e };
      value = undefined as T;
    }
    attempts++;
    if (!failure && done(value)) return { value, timedOut: false, attempts };
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      if (failure) throw failure.error; // the last error, as the device reported it
      return { value, timedOut: true, attempts };
    }
    const pause = POLL_INTERVALS[Math.min(i, POLL_INTERVALS.length - 1)]!;
    await new Promise((r) => setTimeout(r, Math.min(pause, remaining)));
  }
}
