/** Playwright's back-off between re-checks of a retrying assertion; the last pause repeats. */
export const POLL_INTERVALS = [100, 250, 500, 1000];
export const DEFAULT_EXPECT_TIMEOUT = 5000;

export interface PollOutcome<T> {
  value: T;
  timedOut: boolean;
  attempts: number;
}

/**
 * Runs `attempt` at once, then again after growing pauses until `done(value)` holds or
 * `timeout` ms have passed. The last value is returned either way; errors from `attempt`
 * propagate at once (a malformed tree or an ambiguous locator does not get better by waiting).
 */
export async function poll<T>(attempt: () => Promise<T>, done: (value: T) => boolean, timeout: number): Promise<PollOutcome<T>> {
  const deadline = Date.now() + Math.max(0, timeout);
  let attempts = 0;
  for (let i = 0; ; i++) {
    const value = await attempt();
    attempts++;
    if (done(value)) return { value, timedOut: false, attempts };
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { value, timedOut: true, attempts };
    const pause = POLL_INTERVALS[Math.min(i, POLL_INTERVALS.length - 1)]!;
    await new Promise((r) => setTimeout(r, Math.min(pause, remaining)));
  }
}
