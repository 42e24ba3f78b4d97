/**
 * The structured (JSON) form of a locator, as agents give it to the MCP shim: a zod schema over the
 * selector steps whose option objects are built from vocabulary.ts (a text pattern is a string or
 * `{ regex, flags }`), and the conversion to a selector. `StepInput` is the schema's own type.
 * The code form is parse-locator.ts.
 */
import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import { TargetError } from '../errors.js';
import { checkPatternLength, checkUserPattern } from '../common/pattern.js';
import { parseLocator, MAX_LOCATOR_NESTING, NESTING_WHAT } from './parse-locator.js';
import { GET_BY_METHODS, type FilterOptions, type GetByKind, type RoleOptions, type Selector, type Step } from './selector.js';
import { isAriaRole } from '../roles/aria.js';
import type { TextPattern } from './text.js';
import {
  FILTER_OPTIONS, ROLE_OPTIONS, optionNames, roleOptionProblem, textPatternSchema, valueSchemas,
  type FilterOptionName, type PatternInput, type ValueKind,
} from './vocabulary.js';

export { TextPatternSchema } from './vocabulary.js';

type Schemas = ReturnType<typeof valueSchemas>;
type PlainKind = Exclude<ValueKind, 'locator'>;

/** A table's options whose values are not nested locators, as optional zod fields. */
type Shape<T extends Record<string, { value: ValueKind }>> = {
  [K in keyof T as T[K]['value'] extends PlainKind ? K : never]: z.ZodOptional<Schemas[T[K]['value'] & PlainKind]>;
};

function shapeOf<T extends Record<string, { value: ValueKind }>>(table: T): Shape<T> {
  const shape: Record<string, z.ZodType> = {};
  const schemas = valueSchemas();
  for (const [key, o] of Object.entries(table)) if (o.value !== 'locator') shape[key] = schemas[o.value].optional();
  return shape as Shape<T>;
}

const GET_BY_KINDS = Object.keys(GET_BY_METHODS) as GetByKind[];

const locatorCode = onFirstCall(() => zod().string().min(1).describe("the locator as code, e.g. byRole('Button', { name: 'Send' }).nth(1)"));

/** A nested locator: code, a step or steps. */
const nestedLocator = () => {
  const z = zod();
  return z.union([locatorCode(), stepSchema(), z.array(stepSchema()).min(1)]);
};

const stepSchema = onFirstCall(() => {
  const z = zod();
  const TextPatternSchema = textPatternSchema();
  return z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('tag'), tag: z.string() }),
    z.strictObject({ kind: z.literal('id'), id: z.union([z.string().min(1), z.number().int()]) }),
    z.strictObject({
      kind: z.literal('role'), role: z.string().min(1), options: z.strictObject(shapeOf(ROLE_OPTIONS)).optional(),
      aria: z.boolean().optional().describe("true: an ARIA role name, as Playwright's getByRole ('button', 'textbox')"),
    }),
    z.strictObject({ kind: z.literal('text'), text: TextPatternSchema, exact: z.boolean().optional() }),
    z.strictObject({ kind: z.literal('desc'), text: TextPatternSchema, exact: z.boolean().optional() }),
    // Playwright's getByLabel / getByPlaceholder / getByAltText / getByTitle / getByTestId (get-by.ts).
    ...GET_BY_KINDS.map((kind) => z.strictObject({ kind: z.literal(kind), text: TextPatternSchema, exact: z.boolean().optional() })),
    z.strictObject({ kind: z.literal('testId'), id: TextPatternSchema }),
    z.strictObject({
      kind: z.literal('filter'),
      // The nested locators (FILTER_OPTIONS' `locator` values) are getters: the schema is recursive.
      options: z.strictObject({
        get has() { return nestedLocator().optional(); },
        get hasNot() { return nestedLocator().optional(); },
      }).extend(shapeOf(FILTER_OPTIONS)),
    }),
    z.strictObject({ kind: z.literal('nth'), index: z.number().int() }),
    // `locator.or(other)` / `locator.and(other)`: the other locator as code, a step or steps (recursive).
    z.strictObject({ kind: z.literal('or'), get locator() { return nestedLocator(); } }),
    z.strictObject({ kind: z.literal('and'), get locator() { return nestedLocator(); } }),
  ]);
});
/** One selector step as JSON (the same shape as the Step type, with regexes as `{ regex, flags }`). */
export const StepSchema = lazySchema(stepSchema);

export type StepInput = z.infer<typeof StepSchema>;
/** A locator as an agent may give it: the code string, one step, or a list of steps. */
export type LocatorInput = string | StepInput | StepInput[];


/** The filter options that take a nested locator: exactly the getters above (checked at compile time). */
const LOCATOR_OPTIONS = ['has', 'hasNot'] as const satisfies ReadonlyArray<FilterOptionName>;
type LocatorOptionsAgree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const locatorOptionsAgree: LocatorOptionsAgree<(typeof LOCATOR_OPTIONS)[number], { [K in FilterOptionName]: (typeof FILTER_OPTIONS)[K]['value'] extends 'locator' ? K : never }[FilterOptionName]> = true;
void locatorOptionsAgree;

/**
 * A locator as JSON. The nesting of locators in locators (`has`, `hasNot`, `or`, `and`) is checked
 * before zod walks the value: zod recurses per level, so a few thousand nested filters would overflow the stack.
 */
const locatorInputSchema = onFirstCall(() => zod().preprocess((input, ctx) => {
  const problem = locatorNestingProblem(input, 'locator');
  if (problem) {
    ctx.issues.push({ code: 'custom', message: problem.message, input });
    return zod().NEVER;
  }
  return input;
  // A locator at the top: code, a step or steps (the nesting of `has` / `hasNot` / `or` / `and` is checked once, here).
}, nestedLocator()));
export const LocatorInputSchema = lazySchema(locatorInputSchema);

/**
 * Where JSON locator input nests locators (`has` / `hasNot` filters, `or` / `and` steps) deeper than
 * MAX_LOCATOR_NESTING (the string form's limit), walked iteratively so any depth is measured without
 * recursion; null when within.
 */
function locatorNestingProblem(input: unknown, where: string): { message: string; where: string } | null {
  const stack: Array<{ value: unknown; depth: number; where: string }> = [{ value: input, depth: 0, where }];
  while (stack.length) {
    const { value, depth, where: at } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, depth, where: `${at}[${i}]` }));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const kind = (value as { kind?: unknown }).kind;
    const inner: Array<[unknown, string]> = [];
    if (kind === 'or' || kind === 'and') inner.push([(value as { locator?: unknown }).locator, `${at}.locator`]);
    const options = (value as { options?: unknown }).options;
    if (kind === 'filter' && typeof options === 'object' && options !== null) {
      for (const k of LOCATOR_OPTIONS) inner.push([(options as Record<string, unknown>)[k], `${at}.options.${k}`]);
    }
    for (const [v, path] of inner) {
      if (v === undefined) continue;
      if (depth + 1 > MAX_LOCATOR_NESTING) return { message: `${NESTING_WHAT} nested more than ${MAX_LOCATOR_NESTING} deep (at ${path})`, where: path };
      stack.push({ value: v, depth: depth + 1, where: path });
    }
  }
  return null;
}

/** A locator given as code or as JSON steps, as a selector. Structured input is assumed zod-validated (its nesting is checked again here). */
export function locatorFromInput(input: LocatorInput, where = 'locator'): Selector {
  const problem = locatorNestingProblem(input, where);
  if (problem) throw new TargetError('invalid_arguments', problem.message, { where: problem.where, hint: 'Nest fewer locators in has / hasNot / or / and (chain steps instead).' });
  return selectorFromInput(input, where, 0);
}

/** `depth`: how many locators this one is nested in (a code string inside counts from there). */
function selectorFromInput(input: LocatorInput, where: string, depth: number): Selector {
  if (typeof input === 'string') return parseLocator(input, depth);
  const steps = Array.isArray(input) ? input : [input];
  return steps.map((s, i) => stepFromInput(s, `${where}[${i}]`, depth));
}

function stepFromInput(s: StepInput, where: string, depth: number): Step {
  switch (s.kind) {
    case 'tag': return { kind: 'tag', tag: s.tag };
    case 'id': return { kind: 'id', id: String(s.id) };
    case 'role': {
      const given = (s.options ?? {}) as Record<string, unknown>;
      const options: Record<string, unknown> = {};
      for (const k of optionNames(ROLE_OPTIONS)) {
        if (given[k] !== undefined) options[k] = valueFromInput(ROLE_OPTIONS[k].value, given[k], `${where}.options.${k}`, depth);
      }
      if (s.aria && !isAriaRole(s.role)) {
        throw new TargetError('invalid_arguments', `${JSON.stringify(s.role)} is not an ARIA role`, { where: `${where}.role`, hint: "Give an ARIA role name such as 'button' or 'textbox' with aria: true, or leave aria out for treewright's role names." });
      }
      const problem = roleOptionProblem(s.role, options as RoleOptions);
      if (problem) throw new TargetError('invalid_arguments', problem.message, { where: `${where}.options.${problem.key}`, hint: HINT });
      return { kind: 'role', role: s.role, options: options as RoleOptions, ...(s.aria ? { aria: true as const } : {}) };
    }
    case 'text': case 'desc': case 'label': case 'placeholder': case 'altText': case 'title':
      return { kind: s.kind, text: patternFromInput(s.text, `${where}.text`), exact: s.exact ?? false };
    case 'testId': return { kind: 'testId', id: patternFromInput(s.id, `${where}.id`) };
    case 'filter': {
      const given = s.options as Record<string, unknown>;
      const options: Record<string, unknown> = {};
      for (const k of optionNames(FILTER_OPTIONS)) {
        if (given[k] !== undefined) options[k] = valueFromInput(FILTER_OPTIONS[k].value, given[k], `${where}.options.${k}`, depth);
      }
      return { kind: 'filter', options: options as FilterOptions };
    }
    case 'nth': return { kind: 'nth', index: s.index };
    case 'or': case 'and': return { kind: s.kind, selector: selectorFromInput(s.locator, `${where}.locator`, depth + 1) };
  }
}

const HINT = 'Give the options a role supports (see the byRole documentation), or leave the option out.';

/** A zod-validated option value as the step holds it: a pattern's regex compiled, a nested locator as a selector. */
function valueFromInput(kind: ValueKind, v: unknown, where: string, depth: number): unknown {
  if (kind === 'pattern') return patternFromInput(v as PatternInput, where);
  if (kind === 'locator') return selectorFromInput(v as LocatorInput, where, depth + 1);
  return v;
}

function patternFromInput(p: PatternInput, where: string): TextPattern {
  if (typeof p === 'string') return p;
  // Checked before it is compiled: a 100,000-character source is refused naming the limit, not a raw SyntaxError.
  checkPatternLength(p.regex, where);
  let re: RegExp;
  try {
    re = new RegExp(p.regex, p.flags ?? '');
  } catch (e) {
    throw new TargetError('invalid_arguments', `invalid regex at ${where}: ${(e as Error).message}`, { where, hint: 'Give { regex, flags } with a valid JavaScript regex source.' });
  }
  checkUserPattern(re, where);
  return re;
}
