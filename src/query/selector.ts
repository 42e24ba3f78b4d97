import type { Role } from '../model/schema.js';
import type { TextPattern } from './text.js';
import { FILTER_OPTIONS, ROLE_OPTIONS, optionNames, type FilterOptions, type RoleOptions, type ValueKind, type ValueTypes } from './vocabulary.js';

/**
 * A locator is a list of steps, applied left to right. A search step (tag, role, text, desc, id)
 * searches the whole snapshot when first, else the descendants of the current matches;
 * filter and nth narrow the current matches. The options of byRole and filter are registered in
 * vocabulary.ts, with their types, checks, code form and predicates.
 */
export type { RoleOptions, FilterOptions, SearchOptions } from './vocabulary.js';

export type Step =
  | { kind: 'tag'; tag: string; merged?: boolean }
  /** `aria`: Playwright's getByRole, the role an ARIA name (roles/aria.ts). */
  | { kind: 'role'; role: Role | string; options: RoleOptions; aria?: true }
  /** `getBy`: written as Playwright's getByText (the same search; printed as written). */
  | { kind: 'text'; text: TextPattern; exact: boolean; merged?: boolean; getBy?: true }
  /** Playwright's getByLabel / getByPlaceholder / getByAltText / getByTitle: what each reads is get-by.ts. */
  | { kind: GetByKind; text: TextPattern; exact: boolean; merged?: boolean }
  /** Playwright's getByTestId: the test handle (tag), a string whole and case-sensitively, or a RegExp. */
  | { kind: 'testId'; id: TextPattern; merged?: boolean }
  | { kind: 'desc'; text: TextPattern; exact: boolean; merged?: boolean }
  | { kind: 'id'; id: string; merged?: boolean }
  | { kind: 'filter'; options: FilterOptions }
  | { kind: 'nth'; index: number }
  /** Either: the current matches or the other locator's (Playwright's `locator.or`), in document order. */
  | { kind: 'or'; selector: Selector }
  /** Both: the current matches that the other locator also matches (`locator.and`). */
  | { kind: 'and'; selector: Selector };

/** A byRole / getByRole step. */
export type RoleStep = Extract<Step, { kind: 'role' }>;

/** The getBy* steps that take a text pattern and `exact`, with the method each is written as. */
export const GET_BY_METHODS = { label: 'getByLabel', placeholder: 'getByPlaceholder', altText: 'getByAltText', title: 'getByTitle' } as const;
export type GetByKind = keyof typeof GET_BY_METHODS;

/** Steps that combine with or narrow the current matches instead of searching. */
export type CombineStep = Extract<Step, { kind: 'filter' | 'nth' | 'or' | 'and' }>;

export type Selector = readonly Step[];

/** The locator as code: `byRole('Button', { name: 'Send' }).nth(1)`. Used by errors, reporter and codegen. */
export function selectorToCode(selector: Selector): string {
  return selector.map((s, i) => (i === 0 ? '' : '.') + stepToCode(s)).join('');
}

function stepToCode(step: Step): string {
  switch (step.kind) {
    case 'tag': return `byTag(${quote(step.tag)}${unmerged(step.merged, '')})`;
    case 'id': return `byId(${quote(step.id)}${unmerged(step.merged, '')})`;
    case 'text': return `${step.getBy ? 'getByText' : 'byText'}(${pattern(step.text)}${textOptions(step.exact, step.merged)})`;
    case 'label': case 'placeholder': case 'altText': case 'title':
      return `${GET_BY_METHODS[step.kind]}(${pattern(step.text)}${textOptions(step.exact, step.merged)})`;
    case 'testId': return `getByTestId(${pattern(step.id)}${unmerged(step.merged, '')})`;
    case 'desc': return `byDesc(${pattern(step.text)}${textOptions(step.exact, step.merged)})`;
    case 'role': {
      const opts = optionsCode(ROLE_OPTIONS, step.options);
      return `${step.aria ? 'getByRole' : 'byRole'}(${quote(step.role)}${opts ? `, ${opts}` : ''})`;
    }
    case 'or': case 'and':
      return `${step.kind}(${selectorToCode(step.selector)})`;
    case 'filter': return `filter(${optionsCode(FILTER_OPTIONS, step.options) || '{  }'})`;
    case 'nth':
      return step.index === 0 ? 'first()' : step.index === -1 ? 'last()' : `nth(${step.index})`;
  }
}

/** `, { merged: false }` when the step searches the unmerged tree (`inner` adds the other options). */
function unmerged(merged: boolean | undefined, inner: string): string {
  const parts = [inner, merged === false ? 'merged: false' : ''].filter(Boolean);
  return parts.length ? `, { ${parts.join(', ')} }` : '';
}

function textOptions(exact: boolean, merged: boolean | undefined): string {
  return unmerged(merged, exact ? 'exact: true' : '');
}

/** A JS single-quoted string literal. */
export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;
}

function pattern(p: TextPattern): string {
  return p instanceof RegExp ? p.toString() : quote(p);
}

/** Each value kind as code. */
const VALUE_CODE: { [K in ValueKind]: (v: ValueTypes[K]) => string } = {
  pattern,
  boolean: String,
  checked: (v) => (typeof v === 'string' ? quote(v) : String(v)),
  integer: String,
  locator: (v) => selectorToCode(v),
};

/** `{ key: value, … }` for the options given, in registry order; '' when none is. */
function optionsCode(table: Record<string, { value: ValueKind }>, options: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of optionNames(table)) {
    const v = options[key];
    if (v !== undefined) parts.push(`${key}: ${(VALUE_CODE[table[key]!.value] as (x: unknown) => string)(v)}`);
  }
  return parts.length ? `{ ${parts.join(', ')} }` : '';
}

/**
 * Whether a locator's nodes are read in the merged view: false when the step that found them (the last
 * search step; filter, nth and and() only narrow) asked for the unmerged tree. Messages and answers about
 * those nodes name them in the same view (docs/design.md §8).
 */
export function searchesMerged(selector: Selector): boolean {
  for (let i = selector.length - 1; i >= 0; i--) {
    const step = selector[i]!;
    if (step.kind === 'filter' || step.kind === 'nth' || step.kind === 'and') continue;
    // Either side's nodes: the raw view as soon as one side reads it.
    if (step.kind === 'or') return searchesMerged(step.selector) && searchesMerged(selector.slice(0, i));
    return (step.kind === 'role' ? step.options.merged : step.merged) !== false;
  }
  return true;
}
