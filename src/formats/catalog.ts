/**
 * The design-system catalog a tree's resolved token values are checked against (docs/design.md §5):
 * `{ colors: { Name: "#RRGGBB" | "#AARRGGBB" }, dimens: { Name: "16dp" }, typography?: [...] }`,
 * as create-cmp's preview harness writes it and `/inspect/design-system` serves it.
 *
 * Typography follows create-cmp's type ramp: an ordered array of
 * `{ name, weight: 600, size: "22sp", lineHeight: "28sp", tracking: "-0.3sp" | null }`. The CSS-ish
 * spellings `fontSize` / `fontWeight` / `letterSpacing` are accepted too, and so is an object keyed by
 * name (`{ TitleLarge: { size: "22sp" } }`). Entries are normalised to {@link TypographyStyle}.
 */
import type { z } from 'zod';
import { onFirstCall, zod } from '../model/lazy-schema.js';
import { FormatError } from '../errors.js';
import { parseColor } from '../common/color.js';
import { parseFontWeight, parseLength } from '../common/values.js';
import { parseJson } from './json.js';
import { locateJsonPath, type JsonPath } from './json-locate.js';
import { checkTextInput, lineColumnAt } from './limits.js';
import { describeValue } from './read.js';

export interface TypographyStyle {
  name: string;
  /** Lengths as declared (`22sp`); null when the entry does not declare the facet. */
  fontSize: string | null;
  lineHeight: string | null;
  letterSpacing: string | null;
  /** 1–1000. */
  fontWeight: number | null;
}

export interface Catalog {
  /** Name → colour as declared (`#0A2540`). */
  colors: Record<string, string>;
  /** Name → length as declared (`16dp`). */
  dimens: Record<string, string>;
  /** In the catalog's order (the ramp's order is meaningful to a reader). */
  typography: TypographyStyle[];
}

export interface CatalogOptions {
  /** The file or device the catalog came from; named in every error. */
  where?: string;
  maxBytes?: number;
}

const COLOR_FORMS = '#RGB, #RRGGBB or #AARRGGBB';

// Built at the first catalog read (model/lazy-schema.ts).
const schemas = onFirstCall(() => {
  const z = zod();
  const ColorValue = z
    .string({ error: `expected a colour string (${COLOR_FORMS})` })
    .refine((s) => parseColor(s) !== null, { error: `not a colour (expected ${COLOR_FORMS})` });

  const LengthValue = z
    .string({ error: 'expected a length string such as "16dp"' })
    .refine((s) => parseLength(s) !== null, { error: 'not a length (expected a number and a unit: dp, sp, px, pt or em, e.g. "16dp")' });

  const WeightValue = z
    .union([z.number(), z.string()], { error: 'expected a font weight (400, "SemiBold", …)' })
    .refine((w) => parseFontWeight(w) !== null, { error: 'not a font weight (expected 1–1000 or a name such as "SemiBold")' });

  const TypographyFields = {
    fontSize: LengthValue.nullish(),
    size: LengthValue.nullish(),
    lineHeight: LengthValue.nullish(),
    letterSpacing: LengthValue.nullish(),
    tracking: LengthValue.nullish(),
    fontWeight: WeightValue.nullish(),
    weight: WeightValue.nullish(),
  };

  const TypographyEntry = z.object({ name: z.string({ error: 'expected the style name as a string' }).min(1, { error: 'a style name cannot be empty' }), ...TypographyFields }).loose();
  const TypographyByName = z.object(TypographyFields).loose();

  const CatalogSchema = z
    .object({
      colors: z.record(z.string(), ColorValue, { error: 'expected an object of name → colour' }).optional(),
      dimens: z.record(z.string(), LengthValue, { error: 'expected an object of name → length' }).optional(),
      // Validated on its own (below), by its form: a union would report a bad field as "no branch matched".
      typography: z.unknown().optional(),
    }, { error: 'expected a design-system catalog object ({ colors, dimens, typography? })' })
    .loose();

  const TypographyArray = z.array(TypographyEntry);
  const TypographyRecord = z.record(z.string(), TypographyByName, { error: 'expected an object of name → style' });
  return { CatalogSchema, TypographyArray, TypographyRecord, TypographyByName };
});

type EntryInput = z.infer<ReturnType<typeof schemas>['TypographyByName']>;

/**
 * Reads a catalog from its JSON text. Not JSON, a malformed colour / length / weight, a duplicate
 * style name, or JSON that is not a catalog at all: a FormatError naming `where`, the line of the
 * offending key and the bad value.
 */
export function parseCatalog(text: string, options: CatalogOptions = {}): Catalog {
  checkTextInput(text, options, 'a design-system catalog (JSON)', 'Point at the design-system.json the app exports (GET /inspect/design-system), not a tree, screenshot or other file.');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return buildCatalog(parseJson(body, options.where), options.where, body);
}

/** The same validation for a catalog that is already a value (a test's object, a device's answer). */
export function catalogFromValue(value: unknown, options: Pick<CatalogOptions, 'where'> = {}): Catalog {
  return buildCatalog(value, options.where, null);
}

function buildCatalog(raw: unknown, where: string | undefined, text: string | null): Catalog {
  const fail = (path: JsonPath, message: string, hint = 'Fix the catalog entry, or re-export the design system from the app.'): never => {
    // The offending key's line; for a missing key, its object's line.
    let at: number | null = null;
    for (let k = path.length; text !== null && at === null && k >= 0; k--) at = locateJsonPath(text, path.slice(0, k));
    const pos = at === null ? {} : lineColumnAt(text!, at);
    const p = formatPath(path);
    throw new FormatError('format_error', p ? `${p}: ${message}` : message, { where, ...pos, path: p, hint });
  };
  const check = <T>(r: z.ZodSafeParseResult<T>, base: JsonPath, value: unknown): T => {
    if (r.success) return r.data;
    const issue = r.error.issues[0]!;
    const path = [...base, ...issue.path.map((s) => (typeof s === 'number' ? s : String(s)))];
    const bad = valueAt(value, issue.path as JsonPath);
    return fail(path, bad === undefined ? issue.message : `${describeValue(bad)} is ${issue.message.replace(/^expected/, 'not valid: expected')}`);
  };
  const { CatalogSchema, TypographyArray, TypographyRecord } = schemas();
  const top = check(CatalogSchema.safeParse(raw), [], raw);
  const t = top.typography;
  const data = {
    ...top,
    typography: t == null ? t : Array.isArray(t) ? check(TypographyArray.safeParse(t), ['typography'], t) : check(TypographyRecord.safeParse(t), ['typography'], t),
  };
  if (data.colors === undefined && data.dimens === undefined && data.typography == null) {
    fail([], 'not a design-system catalog: it has no "colors", "dimens" or "typography"', 'Pass the design-system.json the app exports (GET /inspect/design-system), not a tree or another file.');
  }

  const typography: TypographyStyle[] = [];
  const seen = new Map<string, number>();
  const entries: Array<[EntryInput, string, JsonPath]> = Array.isArray(data.typography)
    ? data.typography.map((e, i) => [e, e.name, ['typography', i]])
    : Object.entries(data.typography ?? {}).map(([name, e]) => [e, name, ['typography', name]]);
  for (const [e, name, path] of entries) {
    const first = seen.get(name);
    if (first !== undefined) fail([...path, 'name'], `duplicate typography style "${name}" (also entry ${first})`, 'Give each style of the type ramp its own name.');
    seen.set(name, typography.length);
    const pick = <T>(a: T | null | undefined, b: T | null | undefined, aKey: string, bKey: string): T | null => {
      if (a != null && b != null && a !== b) fail([...path, aKey], `"${aKey}" (${String(a)}) and "${bKey}" (${String(b)}) disagree`, `Declare the value once, as "${aKey}" or "${bKey}".`);
      return a ?? b ?? null;
    };
    const weight = pick(e.fontWeight, e.weight, 'fontWeight', 'weight');
    typography.push({
      name,
      fontSize: pick(e.fontSize, e.size, 'fontSize', 'size'),
      lineHeight: e.lineHeight ?? null,
      letterSpacing: pick(e.letterSpacing, e.tracking, 'letterSpacing', 'tracking'),
      fontWeight: weight === null ? null : parseFontWeight(weight),
    });
  }
  return { colors: { ...data.colors }, dimens: { ...data.dimens }, typography };
}

function valueAt(raw: unknown, path: JsonPath): unknown {
  let v = raw;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/** `colors.Primary`, `typography[2].size`, `colors["Brand blue"]`. */
function formatPath(path: JsonPath): string {
  return path
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? (i ? '.' : '') + s : `[${JSON.stringify(s)}]`))
    .join('');
}
