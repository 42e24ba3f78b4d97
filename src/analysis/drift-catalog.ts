/**
 * The design-system catalog prepared for the drift check's look-ups (docs/design.md §8): every token
 * name with its colour, dimen and typography values parsed once, a case-folded index, and the closest
 * name for a misspelt token.
 */
import { editDistance } from '../common/edit-distance.js';
import { catalogFromValue, type Catalog, type TypographyStyle } from '../formats/catalog.js';
import { canonicalColor, parseLength, type Length } from '../common/values.js';

export type TypeField = 'fontSize' | 'lineHeight' | 'letterSpacing' | 'fontWeight';

export interface TokenEntry {
  name: string;
  color?: { raw: string; canon: string };
  length?: { raw: string; value: Length };
  type?: { style: TypographyStyle; lengths: Partial<Record<TypeField, Length>> };
}

/** A catalog prepared for look-ups; build it once and check many snapshots against it. */
export interface CatalogIndex {
  readonly catalog: Catalog;
  readonly byName: ReadonlyMap<string, TokenEntry>;
  /** Lower-cased name → entry; null when two names fold together (then only the exact name counts). */
  readonly byFolded: ReadonlyMap<string, TokenEntry | null>;
  /** Suggestions already computed for unknown names (an unknown token tends to repeat on many nodes). */
  readonly suggestions: Map<string, string | null>;
}

export function isCatalogIndex(c: unknown): c is CatalogIndex {
  return typeof c === 'object' && c !== null && (c as Partial<CatalogIndex>).byName instanceof Map;
}

/**
 * Validated first (catalogFromValue): a catalog built by hand or read as plain JSON may lack a section
 * or carry a bad value, which is the catalog format's typed error, never a TypeError here.
 */
export function indexCatalog(input: Catalog): CatalogIndex {
  const catalog = catalogFromValue(input, { where: 'design-system catalog' });
  const byName = new Map<string, TokenEntry>();
  // One name may be declared in several sections (a colour and a dimen called "Outline"): each kind is
  // looked up separately, so that is not ambiguous.
  const entry = (name: string) => {
    let e = byName.get(name);
    if (!e) byName.set(name, (e = { name }));
    return e;
  };
  for (const [name, raw] of Object.entries(catalog.colors)) {
    const canon = canonicalColor(raw);
    if (canon) entry(name).color = { raw, canon };
  }
  for (const [name, raw] of Object.entries(catalog.dimens)) {
    const value = parseLength(raw);
    if (value) entry(name).length = { raw, value };
  }
  for (const style of catalog.typography) {
    const lengths: Partial<Record<TypeField, Length>> = {};
    for (const f of ['fontSize', 'lineHeight', 'letterSpacing'] as const) {
      const l = style[f] === null ? null : parseLength(style[f]);
      if (l) lengths[f] = l;
    }
    entry(style.name).type = { style, lengths };
  }
  const byFolded = new Map<string, TokenEntry | null>();
  for (const [name, e] of byName) {
    const k = name.toLowerCase();
    byFolded.set(k, byFolded.has(k) ? null : e);
  }
  return { catalog, byName, byFolded, suggestions: new Map() };
}

/** The entry a node's token name refers to: the exact name, else its unambiguous case-folded twin. */
export function lookupToken(index: CatalogIndex, name: string): TokenEntry | null {
  return index.byName.get(name) ?? index.byFolded.get(name.toLowerCase()) ?? null;
}

/**
 * The closest catalog name to a misspelt token (`RadiusCrad` → `RadiusCard`), or null when nothing is
 * close: at most one edit per four characters (at least one), so `RadiusPill` is not "corrected" to
 * `RadiusCard`. Ties go to the name that comes first in the catalog.
 */
export function suggest(name: string, index: CatalogIndex): string | null {
  const memo = index.suggestions.get(name);
  if (memo !== undefined) return memo;
  const limit = Math.max(1, Math.floor(name.length / 4));
  let best: string | null = null;
  let bestD = limit + 1;
  for (const candidate of index.byName.keys()) {
    if (Math.abs(candidate.length - name.length) >= bestD) continue;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), bestD);
    if (d < bestD) {
      best = candidate;
      bestD = d;
    }
  }
  index.suggestions.set(name, best);
  return best;
}
