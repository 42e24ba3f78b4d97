import type { Snapshot } from './schema.js';

/**
 * `build`, memoised per snapshot object: a snapshot is never mutated once built, and the derived facts
 * (node facts, merged view, reachability, the locator index) are asked for on every resolve. Weakly
 * held, so a dropped snapshot takes its facts with it.
 */
export function perSnapshot<T>(build: (snapshot: Snapshot) => T): (snapshot: Snapshot) => T {
  const memo = new WeakMap<Snapshot, T>();
  return (snapshot) => {
    if (memo.has(snapshot)) return memo.get(snapshot)!;
    const value = build(snapshot);
    memo.set(snapshot, value);
    return value;
  };
}
