import type { Driver } from '../../src/devices/driver.js';

/**
 * Counts the captures a driver makes from now on (its `capture` replaced by a counting wrapper on the
 * driver object itself, so every caller is counted): how the tests and the device benchmark check the
 * captures an action costs. `stop()` puts the original back.
 */
export function countCaptures(driver: Driver): { readonly count: number; reset(): void; stop(): void } {
  const target = driver as { capture: Driver['capture'] };
  const original = target.capture;
  let count = 0;
  target.capture = function (this: Driver) {
    count++;
    return original.call(this);
  };
  return {
    get count() { return count; },
    reset() { count = 0; },
    stop() { target.capture = original; },
  };
}
