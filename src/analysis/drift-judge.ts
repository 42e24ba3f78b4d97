/**
 * The drift verdict on one design token (docs/design.md §8): a node's `{ tokens, resolved }` against the
 * catalog, by meaning (values.ts) and by kind — a colour facet is only ever compared with colour tokens,
 * a length facet with dimens, a type facet (fontSize, lineHeight, …) with the typography ramp, so a
 * colour never passes because some dimen happens to share its spelling.
 *
 * The verdict depends on the token names and the resolved entries alone, never on the node: `plan` works
 * out what it needs from the names (token names, facet names and kinds), `hits` applies that to the values.
 */
import { canonicalColor, parseFontWeight, parseLength, sameLength, type Length } from '../common/values.js';
import { lookupToken, suggest, type CatalogIndex, type TokenEntry, type TypeField } from './drift-catalog.js';

export type DriftRule = 'token-mismatch' | 'unknown-token' | 'no-token-for-facet' | 'malformed-value' | 'missing-token' | 'unchecked-token';

export type FacetKind = 'color' | 'length' | 'type';

export interface FindingData {
  token: string | null;
  facet: string | null;
  expected: string | null;
  actual: string | null;
  [k: string]: unknown;
}

/** One finding a design token earns, before it is put on a node (drift.ts adds the node's label to its data). */
export interface DriftHit {
  rule: DriftRule;
  message: string;
  data: FindingData;
}

/** A design token's shape as DriftJudge.plan works it out: everything its hits need but the values. */
export interface Plan {
  /** The token names joined for messages, and whether there are any. */
  tokens: string;
  hasTokens: boolean;
  /** Names the catalog does not know, with the closest name and the finding's words. */
  unknown: Array<{ name: string; suggestion: string | null; message: string }>;
  facets: PlanFacet[];
  /** The unchecked-token hits: they depend on the names and facet kinds alone. */
  unchecked: DriftHit[];
}

/** One facet of a plan: the tokens it is checked against. */
interface PlanFacet {
  facet: string;
  f: Facet;
  /** The tokens of its kind chosen for it; for a type facet, `declaring` those that declare its field. */
  chosen: Claim[];
  declaring: Claim[];
  chosenNames: string | null;
  declaringNames: string | null;
  /** What a malformed value should have been, and the declaring tokens' catalog values. */
  form: string;
  expected: string;
}

export interface Facet {
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

/** A token as one node names it, with its catalog entry. */
interface Claim {
  entry: TokenEntry;
  name: string;
}

const isOn = (c: Claim) => /^On(?=[A-Z0-9_])/.test(c.name);

/**
 * Material's naming: `OnSurface`, `OnPrimary` are the content colours drawn on Surface, Primary.
 * So an On* token is never a background's, and a text / content / icon colour takes the On* token
 * when no token is named for it (`textColor` with Surface and OnSurface → OnSurface).
 */
function materialAffinity(facet: string, affine: Claim[], candidates: Claim[]): Claim[] {
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

export const UNNAMED_COLOR: Facet = { kind: 'color', stems: [] };
export const UNNAMED_LENGTH: Facet = { kind: 'length', stems: [] };

/**
 * Judges design tokens against one catalog, with caches of facet kinds and parsed values: a screen
 * repeats a handful of facet names and values over thousands of nodes.
 */
export class DriftJudge {
  private readonly facetKinds = new Map<string, Facet | null>();
  private readonly colors = new Map<string, string | null>();
  private readonly lengths = new Map<string, Length | null>();
  private readonly weights = new Map<string, number | null>();
  /** By unknown token name: its suggestion and words. */
  private readonly unknowns = new Map<string, Plan['unknown'][number]>();
  /** By token name: its unchecked-token hit where the node resolved no facet of its kinds, and where it did. */
  private readonly uncheckedHits = new Map<string, [DriftHit | null, DriftHit | null]>();

  constructor(private readonly index: CatalogIndex) {}

  /**
   * What a design token's hits depend on beyond its values: its token names and its facets with their
   * kinds (facetOf). Built once per such shape (drift.ts keeps them by the names' key); `hits` then reads the values.
   */
  plan(named: readonly string[], facets: ReadonlyArray<readonly [string, Facet]>): Plan {
    // A token named twice on a node is one claim: its findings and messages name it once.
    const tokens = named.length > 1 ? [...new Set(named)] : named;
    // Tokens as the node spells them (a case-folded hit keeps the node's spelling in messages).
    const known: Claim[] = [];
    const unknown: Plan['unknown'] = [];
    for (const name of tokens) {
      const entry = lookupToken(this.index, name);
      if (entry) known.push({ entry, name });
      else {
        let u = this.unknowns.get(name);
        if (!u) {
          const suggestion = suggest(name, this.index);
          this.unknowns.set(name, (u = { name, suggestion, message: `${name} is not in the catalog (no colour, dimen or typography style of that name)${suggestion ? `; did you mean ${suggestion}?` : ''}` }));
        }
        unknown.push(u);
      }
    }

    const claimed: Claim[] = [];
    const staged: Array<{ facet: string; f: Facet; affine: Claim[]; candidates: Claim[] }> = [];
    for (const [facet, f] of facets) {
      const candidates = known.filter(({ entry: e }) => (f.kind === 'color' ? e.color : f.kind === 'length' ? e.length : e.type));
      // The token named for the facet (radius → RadiusCard among RadiusCard, ElevationCard, PaddingCard).
      let affine = f.stems.length && candidates.length ? candidates.filter((c) => f.stems.some((st) => c.name.toLowerCase().includes(st))) : [];
      if (f.kind === 'color') affine = materialAffinity(facet, affine, candidates);
      claimed.push(...affine);
      staged.push({ facet, f, candidates, affine });
    }

    const checked: Claim[] = [];
    const resolvedKinds: FacetKind[] = [];
    const planned: PlanFacet[] = [];
    for (const { facet, f, candidates, affine } of staged) {
      resolvedKinds.push(f.kind);
      // No token named for this facet: the tokens of its kind that are not named for another facet.
      const chosen = affine.length ? affine : candidates.filter((c) => !claimed.includes(c));
      checked.push(...chosen);
      const declaring = f.kind === 'type' ? chosen.filter((c) => declared(c.entry, f.field!) !== null) : chosen;
      planned.push({
        facet, f, chosen, declaring,
        chosenNames: chosen.length ? names(chosen) : null,
        form: EXPECTED_FORM[f.field === 'fontWeight' ? 'weight' : f.kind],
        declaringNames: declaring.length ? names(declaring) : null,
        expected: declaring.length ? declaring.map((c) => expectedRaw(c.entry, f)).join(' or ') : '',
      });
    }

    const unchecked: DriftHit[] = [];
    for (const c of known) {
      if (checked.includes(c)) continue;
      const e = c.entry;
      const kinds = [e.color && 'color', e.length && 'length', e.type && 'type'].filter(Boolean) as FacetKind[];
      // Its words depend on the name and on whether the node resolved a facet of its kinds: made once per check for each.
      const some = kinds.some((k) => resolvedKinds.includes(k));
      let pair = this.uncheckedHits.get(c.name);
      if (!pair) this.uncheckedHits.set(c.name, (pair = [null, null]));
      unchecked.push((pair[some ? 1 : 0] ??= uncheckedHit(c.name, kinds, some)));
    }
    return { tokens: tokens.join(', '), hasTokens: tokens.length > 0, unknown, facets: planned, unchecked };
  }

  /**
   * The hits of one design token of the plan's shape, `raws` its facets' values in the plan's order: in
   * the order a node reports them, unknown tokens, facets, unchecked tokens.
   */
  hits(plan: Plan, raws: readonly string[]): DriftHit[] {
    const out: DriftHit[] = [];
    let facetHits: DriftHit[] | null = null;
    let uncovered: Array<[string, string]> | null = null;
    const facets = plan.facets;
    for (let k = 0; k < facets.length; k++) {
      const { facet, f, chosen, declaring } = facets[k]!;
      const raw = raws[k]!;
      const actual = this.actualOf(f, raw);
      if (!actual) {
        const form = facets[k]!.form;
        (facetHits ??= []).push({ rule: 'malformed-value', message: `${facet} resolved to ${JSON.stringify(raw)}, which is not ${form}`, data: { token: facets[k]!.chosenNames, facet, expected: form, actual: raw } });
        continue;
      }
      if (chosen.length === 0) {
        // An unknown token on the node may well be this facet's: it is reported once, as unknown.
        if (plan.unknown.length) (uncovered ??= []).push([facet, raw]);
        else {
          (facetHits ??= []).push({
            rule: 'no-token-for-facet',
            message: `${facet} is ${raw}, but the node carries no ${KIND_NAME[f.kind]} token for it${plan.hasTokens ? ` (its tokens: ${plan.tokens})` : ''}`,
            data: { token: null, facet, expected: `a ${KIND_NAME[f.kind]} token`, actual: raw },
          });
        }
        continue;
      }
      if (declaring.length === 0) {
        const token = facets[k]!.chosenNames!;
        (facetHits ??= []).push({ rule: 'no-token-for-facet', message: `${facet} is ${raw}, but ${token} declares no ${f.field}`, data: { token, facet, expected: null, actual: raw } });
        continue;
      }
      if (declaring.some((c) => sameValue(c.entry, f, actual))) continue;
      const token = facets[k]!.declaringNames!, expected = facets[k]!.expected;
      (facetHits ??= []).push({ rule: 'token-mismatch', message: `${token} sets ${facet} to ${expected} in the catalog, but the node resolved ${raw}`, data: { token, facet, expected, actual: raw } });
    }

    // The facets no known token covers are what an unknown token was presumably meant for.
    const uncoveredFacets = uncovered ? uncovered.map(([k]) => k).join(', ') : null;
    const uncoveredValues = uncovered ? uncovered.map(([, v]) => v).join(', ') : null;
    for (const { name, suggestion, message } of plan.unknown) {
      out.push({ rule: 'unknown-token', message, data: { token: name, facet: uncoveredFacets, expected: suggestion, actual: uncoveredValues, suggestion } });
    }
    if (facetHits) for (const h of facetHits) out.push(h);
    // Each hit's data is its own: drift.ts writes the node's label into it.
    for (const h of plan.unchecked) out.push({ rule: h.rule, message: h.message, data: { token: h.data.token, facet: null, expected: null, actual: null } });
    return out;
  }

  /**
   * The facet's kind, or null when it is not a design value. A boolean is a fact about the layout (create-cmp
   * reports applied window insets as `statusBarPadding: "true"`): no token kind can hold it. A facet not
   * known by name is still checked when its value is a colour or a length; anything else (`shape:
   * "RoundedCornerShape"`, `fontFamily`) is not something the catalog declares.
   */
  facetOf(facet: string, raw: string): Facet | null {
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
      let value = this.weights.get(raw);
      if (value === undefined) this.weights.set(raw, (value = parseFontWeight(raw)));
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

/** A catalog token not checked on a node: its hit, shared by the plans (`hits` gives each node its own copy). */
function uncheckedHit(name: string, kinds: readonly FacetKind[], someResolved: boolean): DriftHit {
  const what = kinds.map((k) => KIND_NAME[k]).join(' / ');
  return {
    rule: 'unchecked-token',
    message: someResolved
      ? `${name} (a ${what} token) is not the token of any of the node's ${what} facets, so it was not checked`
      : `${name} is a ${what} token, but the node resolved no ${what} facet to check it against`,
    data: { token: name, facet: null, expected: null, actual: null },
  };
}

function names(cs: readonly Claim[]): string {
  return cs.map((c) => c.name).join(' or ');
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
