// A module-resolution hook (node --import): loading any module whose URL contains one of the
// comma-separated fragments in TW_FORBID fails the import, naming the module and who asked for it.
import { register } from 'node:module';

if (!process.env.TW_FORBID_HOOKED) {
  process.env.TW_FORBID_HOOKED = '1';
  register(import.meta.url, import.meta.url, { data: (process.env.TW_FORBID ?? '').split(',').filter(Boolean) });
}

let forbidden = [];
export function initialize(data) {
  forbidden = data ?? [];
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  const hit = forbidden.find((f) => r.url.includes(f));
  if (hit) throw new Error(`forbidden module loaded: ${r.url} (imported by ${context.parentURL})`);
  return r;
}
