/**
 * Token drift (docs/design.md §8): each node's `designToken { tokens, resolved }` checked against the
 * design-system catalog, by meaning (values.ts) and by kind — a colour facet is only ever compared
 * with colour tokens, a length facet with dimens, a type facet (fontSize, lineHeight, …) with the
 * typography ramp, so a colour never passes because some dimen happens to share its spelling.
 * One pass over the nodes; catalog look-ups are map hits.
 */
import { editDistance } from '../common/edit-distance.js';
import { catalogFromValue, type Catalog, type TypographyStyle } from '../formats/catalog.js';
import type { Node, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';
import { outlineHead, outlineLine } from '../outline/outline.js';
import type { Finding, Severity } from '../common/finding.js';
import { canonicalColor, parseFontWeight, parseLength, sameLength, type Length } from '../common/values.js';

export type DriftRule = 'token-mismatch' | 'unknown-token' | 'no-token-for-facet' | 'malformed-value' | 'missing-token' | 'unchecked-token';

/** Every rule with its default severity and what it means (for docs, reporters and `rules` options). */
export const DRIFT_RULES: Readonly<Record<DriftRule, { severity: Severity; description: string }>> = {
  'token-mismatch': { severity: 'error', description: "a resolved value differs from its token's catalog value" },
  'unknown-token': { severity: 'error', description: 'a token name the catalog does not declare (misspelt, or missing from the catalog)' },
  'malformed-value': { severity: 'error', description: 'a resolved value that is not a colour / length / weight of its facet' },
  'missing-token': { severity: 'error', description: 'a node that requireTokens says must carry a token carries none' },
  // A hard-coded value beside tokens is a smell, not proof of drift: the design may not have a token for it.
  'no-token-for-facet': { severity: 'warning', description: 'a resolved value with no token of its kind on the node' },
  // The node names the token but reports nothing it could be checked against: worth knowing, not failing.
  'unchecked-token': { severity: 'info', description: 'a catalog token on a node that resolved no facet of its kind' },
};

export type FacetKind = 'color' | 'length' | 'type';

export interface DriftOptions {
  /** Nodes for which this is true must carry at least one token (`missing-token` otherwise). */
  requireTokens?: (node: Node) => boolean;
  /** Nodes for which this is true are skipped, with their subtrees. */
  ignore?: (node: Node) => boolean;
  /** Check only these nodes' subtrees (a locator's match); default every root. */
  within?: readonly Node[];
  /** Change a rule's severity, or turn it off. */
  rules?: Partial<Record<DriftRule, Severity | 'off'>>;
}

type TypeField = 'fontSize' | 'lineHeight' | 'letterSpacing' | 'fontWeight';

interface TokenEntry {
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

function isCatalogIndex(c: unknown): c is CatalogIndex {
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

/**
 * Every drift finding in the snapshot (or in `options.within`), in document order. `catalog` may be a
 * parsed Catalog or an index of one (cheaper when checking many snapshots). Anything but an index is
 * indexed, which validates it: a catalog written as a plain object (no `dimens`) works, a bad one is
 * the catalog format's FormatError, never a TypeError.
 */
export function checkDrift(snapshot: Pick<Snapshot, 'roots'>, catalog: Catalog | CatalogIndex, options: DriftOptions = {}): Finding[] {
  const index = isCatalogIndex(catalog) ? catalog : indexCatalog(catalog);
  const run = new DriftRun(index, options);
  const within = options.within ? new Set(options.within) : null;
  let insideDepth = -1;
  let insideRoot = -1;
  walk(snapshot, ({ node, root, rootIndex, depth }) => {
    if (options.ignore?.(node)) return false;
    if (within) {
      if (insideDepth >= 0 && (rootIndex !== insideRoot || depth <= insideDepth)) insideDepth = -1;
      if (insideDepth < 0) {
        if (!within.has(node)) return;
        insideDepth = depth;
        insideRoot = rootIndex;
      }
    }
    run.check(node, root.rootId);
    return;
  });
  return run.out;
}

interface Facet {
  kind: FacetKind;
  /** Words a token's name may contain to be this facet's token (`radius` → RadiusCard). */
  stems: string[];
  /** For type facets, the typography field it is compared with. */
  field?: TypeField;
}

const TYPE_FACETS: Record<string, TypeField> = {
  fontsize: 'fontSize', textsize: 'fontSize', lineheight: 'lineHeight', letterspacing: 'letterSpacing', tracking: 'letterSpacing', fontweight: 'fontWeight',
};
const COLOR_WORDS = new Set(['color', 'colour', 'background', 'tint', 'fill']);
const LENGTH_WORDS = new Set(['radius', 'padding', 'margin', 'elevation', 'width', 'height', 'size', 'spacing', 'gap', 'inset', 'offset', 'thickness', 'indent']);
const SYNONYMS: Record<string, string[]> = {
  radius: ['radius', 'corner', 'shape', 'round'],
  spacing: ['spacing', 'gap', 'space'],
  gap: ['gap', 'spacing', 'space'],
  elevation: ['elevation', 'shadow'],
  padding: ['padding', 'inset'],
  inset: ['inset', 'padding'],
  background: ['background', 'surface', 'container'],
};

/**
 * Material's naming: `OnSurface`, `OnPrimary` are the content colours drawn on Surface, Primary.
 * So an On* token is never a background's, and a text / content / icon colour takes the On* token
 * when no token is named for it (`textColor` with Surface and OnSurface → OnSurface).
 */
function materialAffinity(facet: string, affine: Claim[], candidates: Claim[]): Claim[] {
  const isOn = (c: Claim) => /^On(?=[A-Z0-9_])/.test(c.name);
  if (/background|surface|container|fill/i.test(facet)) return affine.filter((c) => !isOn(c));
  if (affine.length === 0 && /text|content|foreground|icon|label/i.test(facet)) return candidates.filter(isOn);
  return affine;
}

/** The facet's kind from its name (`paddingTop`, `cornerRadius`, `containerColor`, `fontSize`), or null. */
export function facetKind(facet: string): Facet | null {
  const field = TYPE_FACETS[facet.toLowerCase().replace(/[\s_-]/g, '')];
  if (field) return { kind: 'type', stems: [], field };
  const words = facet.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_-]+/).filter(Boolean);
  const first = words[0] ?? '', last = words[words.length - 1] ?? '';
  if (COLOR_WORDS.has(last) || COLOR_WORDS.has(first)) {
    const rest = words.filter((w) => w !== 'color' && w !== 'colour');
    return { kind: 'color', stems: rest.flatMap((w) => SYNONYMS[w] ?? [w]) };
  }
  const word = LENGTH_WORDS.has(first) ? first : LENGTH_WORDS.has(last) ? last : null;
  if (word) return { kind: 'length', stems: SYNONYMS[word] ?? [word] };
  return null;
}

const KIND_NAME: Record<FacetKind, string> = { color: 'colour', length: 'dimen', type: 'typography' };
const EXPECTED_FORM: Record<FacetKind | 'weight', string> = {
  color: 'a colour (#RGB, #RRGGBB or #AARRGGBB)',
  length: 'a length with a unit (e.g. 16dp)',
  type: 'a length with a unit (e.g. 14sp)',
  weight: 'a font weight (e.g. 400 or SemiBold)',
};

type Actual = { kind: 'color'; canon: string } | { kind: 'length'; value: Length } | { kind: 'weight'; value: number };

interface FindingData {
  token: string | null;
  facet: string | null;
  expected: string | null;
  actual: string | null;
  [k: string]: unknown;
}

/**
 * One check over a snapshot: the catalog, the options, the findings, and caches of facet kinds and
 * parsed values — a screen repeats a handful of facet names and values over thousands of nodes.
 */
class DriftRun {
  readonly out: Finding[] = [];
  private readonly facetKinds = new Map<string, Facet | null>();
  private readonly colors = new Map<string, string | null>();
  private readonly lengths = new Map<string, Length | null>();

  constructor(
    private readonly index: CatalogIndex,
    private readonly options: DriftOptions,
  ) {}

  check(node: Node, rootId: string): void {
    const dt = node.designToken;
    if ((!dt || dt.tokens.length === 0) && this.options.requireTokens?.(node)) {
      this.emit(node, rootId, 'missing-token', 'carries no design token, but requireTokens says it must', { token: null, facet: null, expected: 'a design token', actual: null });
    }
    if (!dt) return;

    // Tokens as the node spells them (a case-folded hit keeps the node's spelling in messages).
    const known: Claim[] = [];
    const unknown: string[] = [];
    for (const name of dt.tokens) {
      const entry = this.index.byName.get(name) ?? this.index.byFolded.get(name.toLowerCase()) ?? null;
      if (entry) known.push({ entry, name });
      else unknown.push(name);
    }

    const facets: Array<{ facet: string; raw: string; f: Facet; affine: Claim[]; candidates: Claim[] }> = [];
    const claimed: Claim[] = [];
    for (const facet in dt.resolved) {
      const raw = dt.resolved[facet]!;
      const f = this.facetOf(facet, raw);
      if (!f) continue;
      const candidates = known.filter(({ entry: e }) => (f.kind === 'color' ? e.color : f.kind === 'length' ? e.length : e.type));
      // The token named for the facet (radius → RadiusCard among RadiusCard, ElevationCard, PaddingCard).
      let affine = f.stems.length && candidates.length ? candidates.filter((c) => f.stems.some((st) => c.name.toLowerCase().includes(st))) : [];
      if (f.kind === 'color') affine = materialAffinity(facet, affine, candidates);
      claimed.push(...affine);
      facets.push({ facet, raw, f, candidates, affine });
    }

    // Facet findings wait until the unknown tokens are reported, so a node's findings read in that order.
    const facetFindings: Finding[] = [];
    const uncovered: Array<[string, string]> = [];
    const checked: Claim[] = [];
    const resolvedKinds: FacetKind[] = [];
    for (const { facet, raw, f, candidates, affine } of facets) {
      resolvedKinds.push(f.kind);
      // No token named for this facet: the tokens of its kind that are not named for another facet.
      let chosen = affine.length ? affine : candidates.filter((c) => !claimed.includes(c));
      checked.push(...chosen);
      const actual = this.actualOf(f, raw);
      if (!actual) {
        const form = EXPECTED_FORM[f.field === 'fontWeight' ? 'weight' : f.kind];
        this.emit(node, rootId, 'malformed-value', `${facet} resolved to ${JSON.stringify(raw)}, which is not ${form}`, { token: chosen.length ? names(chosen) : null, facet, expected: form, actual: raw }, facetFindings);
        continue;
      }
      if (chosen.length === 0) {
        // An unknown token on the node may well be this facet's: it is reported once, as unknown.
        if (unknown.length) uncovered.push([facet, raw]);
        else {
          this.emit(node, rootId, 'no-token-for-facet', `${facet} is ${raw}, but the node carries no ${KIND_NAME[f.kind]} token for it${dt.tokens.length ? ` (its tokens: ${dt.tokens.join(', ')})` : ''}`, {
            token: null, facet, expected: `a ${KIND_NAME[f.kind]} token`, actual: raw,
          }, facetFindings);
        }
        continue;
      }
      if (f.kind === 'type') {
        const declaring = chosen.filter((c) => declared(c.entry, f.field!) !== null);
        if (declaring.length === 0) {
          this.emit(node, rootId, 'no-token-for-facet', `${facet} is ${raw}, but ${names(chosen)} declares no ${f.field}`, { token: names(chosen), facet, expected: null, actual: raw }, facetFindings);
          continue;
        }
        chosen = declaring;
      }
      if (chosen.some((c) => sameValue(c.entry, f, actual))) continue;
      const expected = chosen.map((c) => expectedRaw(c.entry, f)).join(' or ');
      this.emit(node, rootId, 'token-mismatch', `${names(chosen)} sets ${facet} to ${expected} in the catalog, but the node resolved ${raw}`, { token: names(chosen), facet, expected, actual: raw }, facetFindings);
    }

    // The facets no known token covers are what an unknown token was presumably meant for.
    const uncoveredFacets = uncovered.length ? uncovered.map(([k]) => k).join(', ') : null;
    const uncoveredValues = uncovered.length ? uncovered.map(([, v]) => v).join(', ') : null;
    for (const name of unknown) {
      const suggestion = suggest(name, this.index);
      this.emit(node, rootId, 'unknown-token', `${name} is not in the catalog (no colour, dimen or typography style of that name)${suggestion ? `; did you mean ${suggestion}?` : ''}`, {
        token: name, facet: uncoveredFacets, expected: suggestion, actual: uncoveredValues, suggestion,
      });
    }
    if (facetFindings.length) this.out.push(...facetFindings);

    for (const c of known) {
      if (checked.includes(c)) continue;
      const e = c.entry;
      const kinds = [e.color && 'color', e.length && 'length', e.type && 'type'].filter(Boolean) as FacetKind[];
      const what = kinds.map((k) => KIND_NAME[k]).join(' / ');
      this.emit(node, rootId, 'unchecked-token', kinds.some((k) => resolvedKinds.includes(k))
        ? `${c.name} (a ${what} token) is not the token of any of the node's ${what} facets, so it was not checked`
        : `${c.name} is a ${what} token, but the node resolved no ${what} facet to check it against`, { token: c.name, facet: null, expected: null, actual: null });
    }
  }

  private emit(node: Node, rootId: string, rule: DriftRule, message: string, data: FindingData, to = this.out): void {
    const severity = this.options.rules?.[rule] ?? DRIFT_RULES[rule].severity;
    if (severity === 'off') return;
    const label = nodeLabel(node);
    const f: Finding = { check: 'drift', rule, severity, nodeId: node.id, rootId, node: outlineLine(node), message: `${label}: ${message}`, data: { ...data, label } };
    if (data.actual !== null) f.measured = data.actual;
    if (data.expected !== null) f.threshold = data.expected;
    to.push(f);
  }

  /**
   * The facet's kind, or null when it is not a design value. A boolean is a fact about the layout (create-cmp
   * reports applied window insets as `statusBarPadding: "true"`): no token kind can hold it. A facet not
   * known by name is still checked when its value is a colour or a length; anything else (`shape:
   * "RoundedCornerShape"`, `fontFamily`) is not something the catalog declares.
   */
  private facetOf(facet: string, raw: string): Facet | null {
    if (raw.length >= 4 && raw.length <= 12 && /^\s*(?:true|false)\s*$/i.test(raw)) return null;
    let f = this.facetKinds.get(facet);
    if (f === undefined) this.facetKinds.set(facet, (f = facetKind(facet)));
    if (f) return f;
    return this.color(raw) ? UNNAMED_COLOR : this.length(raw) ? UNNAMED_LENGTH : null;
  }

  private actualOf(f: Facet, raw: string): Actual | null {
    if (f.kind === 'color') {
      const canon = this.color(raw);
      return canon ? { kind: 'color', canon } : null;
    }
    if (f.field === 'fontWeight') {
      const value = parseFontWeight(raw);
      return value === null ? null : { kind: 'weight', value };
    }
    const value = this.length(raw);
    return value ? { kind: 'length', value } : null;
  }

  private color(raw: string): string | null {
    let c = this.colors.get(raw);
    if (c === undefined) this.colors.set(raw, (c = canonicalColor(raw)));
    return c;
  }

  private length(raw: string): Length | null {
    let l = this.lengths.get(raw);
    if (l === undefined) this.lengths.set(raw, (l = parseLength(raw)));
    return l;
  }
}

const UNNAMED_COLOR: Facet = { kind: 'color', stems: [] };
const UNNAMED_LENGTH: Facet = { kind: 'length', stems: [] };

function names(cs: readonly Claim[]): string {
  return cs.map((c) => c.name).join(' or ');
}

/** A token as one node names it, with its catalog entry. */
interface Claim {
  entry: TokenEntry;
  name: string;
}

function declared(e: TokenEntry, field: TypeField): Length | number | null {
  if (!e.type) return null;
  return field === 'fontWeight' ? e.type.style.fontWeight : e.type.lengths[field] ?? null;
}

function sameValue(e: TokenEntry, f: Facet, actual: Actual): boolean {
  if (actual.kind === 'color') return e.color?.canon === actual.canon;
  if (f.kind === 'type') {
    const d = declared(e, f.field!);
    return actual.kind === 'weight' ? d === actual.value : typeof d === 'object' && d !== null && actual.kind === 'length' && sameLength(d, actual.value);
  }
  return !!e.length && actual.kind === 'length' && sameLength(e.length.value, actual.value);
}

function expectedRaw(e: TokenEntry, f: Facet): string {
  if (f.kind === 'color') return e.color!.raw;
  if (f.kind === 'length') return e.length!.raw;
  const s = e.type!.style;
  return f.field === 'fontWeight' ? String(s.fontWeight) : String(s[f.field!]);
}

/** The node as a reader names it in a finding: its tag, else its role and id (`data.label`). */
export function nodeLabel(node: Node): string {
  return node.tag ?? `${outlineHead(node)} #${node.id}`;
}

/**
 * The closest catalog name to a misspelt token (`RadiusCrad` → `RadiusCard`), or null when nothing is
 * close: at most one edit per four characters (at least one), so `RadiusPill` is not "corrected" to
 * `RadiusCard`. Ties go to the name that comes first in the catalog.
 */
function suggest(name: string, index: CatalogIndex): string | null {
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

export { editDistance };
