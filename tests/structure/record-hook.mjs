// A module-resolution hook (node --import) that records what a process loads, for
// tests/structure/lazy-imports.spec.ts: each ES module as it is resolved (its URL and the module that
// asked for it), and at exit the CommonJS modules in require's cache (what ES modules' require() and
// CommonJS packages loaded without passing the hook). One line each, appended to the file TW_LOADED names.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

if (process.env.TW_LOADED && !process.env.TW_LOADED_HOOKED) {
  process.env.TW_LOADED_HOOKED = '1';
  const file = process.env.TW_LOADED;
  register(import.meta.url, import.meta.url, { data: file });
  const cache = createRequire(import.meta.url).cache;
  process.on('exit', () => {
    appendFileSync(file, Object.keys(cache).map((p) => `cjs ${p}\n`).join(''));
  });
}

let out = '';
export function initialize(file) {
  out = file;
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(out, `esm ${r.url} ${context.parentURL ?? '-'}\n`);
  return r;
}
