import { FormatError } from '../errors.js';

/**
 * A format's version check (docs/design.md §5): the version a document declares against the one this
 * treewright reads; otherwise a `schema_version` FormatError naming both (`found`, `supported`).
 * Sniffing never throws, so a wrong version fails here the same way whether the format was named or
 * sniffed. `format` and `field` name the document and its version field in the sentence.
 */
export function checkVersion(found: unknown, supported: number | readonly number[], o: { format: string; field: string; where: string | undefined; hint: string }): void {
  const all: readonly number[] = typeof supported === 'number' ? [supported] : supported;
  if (all.includes(found as number)) return;
  throw new FormatError('schema_version', `${o.format} ${o.field} ${JSON.stringify(found)} is not supported; this treewright reads ${o.field} ${all.join(' or ')}`, {
    where: o.where, found, supported: all.length === 1 ? all[0] : all.join(' or '), hint: o.hint,
  });
}
