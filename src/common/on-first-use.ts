// A package loaded at the first call that needs it, synchronously, for the few synchronous APIs whose
// package most users of the core never need (the RE2 engine, the PNG codec): `treewright/core` does not
// load them at import (docs/design.md §3, loading). require() loads ES-module packages too (Node ≥ 20.19).
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** A getter of the package's exports: the first call loads it, later calls return the same module. */
export function onFirstUse<T>(name: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= requireHere(name) as T);
}
