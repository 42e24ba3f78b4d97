/**
 * zod schemas built at their first use, and zod itself loaded then (docs/design.md §3, loading): a
 * check on a capture or a test in a worker rarely validates anything with a schema, and loading zod
 * and building every schema would be most of what importing the core costs. The zod schema stays the
 * single source of the types: an exported schema is declared with the type of what its builder
 * returns, so `z.infer<typeof XSchema>` is what it always was.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Zod from 'zod';

const requireHere = createRequire(import.meta.url);
let zodModule: typeof Zod | undefined;

/**
 * zod's `z`, loaded at the first call. Its ES module is required by path (require() loads ES modules,
 * Node ≥ 20.19), not by name: by name, require() would load zod's CommonJS build, a second copy
 * beside the one `import 'zod'` gives the MCP shim and the SDK.
 */
export function zod(): typeof Zod.z {
  return (zodModule ??= requireHere(fileURLToPath(import.meta.resolve('zod'))) as typeof Zod).z;
}

/** `build`'s value, computed at the first call and returned by every later one. */
export function onFirstCall<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * An object that stands for the schema `get` returns (`get` memoised, e.g. by onFirstCall): every use
 * of it — a method, a property, `instanceof`, composing it into another schema — is passed to the
 * schema, built at the first such use. Schemas built together refer to each other through their
 * getters, not through these stand-ins, so zod sees one object per schema (its registries and the
 * JSON Schema generator key on identity).
 */
export function lazySchema<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(get(), key),
    set: (_, key, value) => Reflect.set(get(), key, value),
    has: (_, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    // Reported configurable: a stand-in may not report a property fixed that its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(get(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(get(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(get(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
  });
}
