import type { Snapshot } from './schema.js';

/**
 * `build`, memoised per snapshot object: a snapshot is never mutated once built, and the derived
 * facts (node facts, merged view, reachability) are asked for on every resolve. The value is kept on
 * the snapshot itself, under a key of this memo's own that no spread, JSON or schema sees, so a
 * dropped snapshot takes its facts with it. Not a WeakMap: V8's young-generation collector holds an
 * entry's value strongly, and facts point back into their snapshot, so every audited import outlived
 * its young collections and was copied and promoted before it could die (measured: a dropped 10k-node
 * snapshot with its facts survived `gc({ type: 'minor' })` whole). A frozen snapshot falls back to one.
 */
export function perSnapshot<T>(build: (snapshot: Snapshot) => T): (snapshot: Snapshot) => T {
  const key = Symbol('memo');
  const frozen = new WeakMap<Snapshot, T>();
  return (snapshot) => {
    const held = snapshot as Snapshot & { [key]?: T };
    if (Object.hasOwn(held, key)) return held[key]!;
    if (frozen.has(snapshot)) return frozen.get(snapshot)!;
    const value = build(snapshot);
    if (Object.isExtensible(snapshot)) Object.defineProperty(snapshot, key, { value, enumerable: false, writable: false, configurable: false });
    else frozen.set(snapshot, value);
    return value;
  };
}
