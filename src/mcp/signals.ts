/**
 * Waiting for Ctrl-C: the `mcp` and `reference-app` commands serve until SIGINT or SIGTERM.
 * Listening for a signal replaces Node's default of exiting, so the handlers are removed as soon
 * as they are not needed.
 */

/** Resolves on SIGINT or SIGTERM; the handlers go away then, or once `until` settles. */
export function signalled(until?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const off = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    const stop = () => {
      off();
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    void until?.then(off, off);
  });
}
