import type { Snapshot } from './schema.js';

/**
 * `build`, memoised per snapshot object: a snapshot is never mutated once built, and the derived
 * facts (node facts, merged view, reachability) are asked for on every resolve. Weakly held, so a
 * dropped snapshot takes its facts with it.
 */
export function perSnapshot<T>(build: (snapshot: Snapshot) => T): (snapshot: Snapshot) => T {
  const cache = new WeakMap<Snapshot, T>();
  return (snapshot) => {
    if (cache.has(snapshot)) return cache.get(snapshot)!;
    const value = build(snapshot);
    cache.set(snapshot, value);
    return value;
  };
}
