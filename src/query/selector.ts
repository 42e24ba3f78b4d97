import type { Role } from '../model/schema.js';
import type { TextPattern } from './text.js';

/**
 * A locator is a list of steps, applied left to right. A search step (tag, role, text, desc, id)
 * searches the whole snapshot when first, else the descendants of the current matches;
 * filter and nth narrow the current matches.
 */
export interface RoleOptions {
  name?: TextPattern;
  exact?: boolean;
  /** true: toggled on; false: toggled off; 'mixed': indeterminate. Nodes without a toggle state match none. */
  checked?: boolean | 'mixed';
  disabled?: boolean;
  selected?: boolean;
  /** Like Playwright's getByRole, invisible nodes are left out unless this is set. */
  includeHidden?: boolean;
}

export interface FilterOptions {
  /**
   * Matches the node's text content (its and its descendants' text and editable text). A string is
   * answered exactly; a RegExp reads only the first MAX_REGEX_TEXT (4,096) characters (text-filter.ts).
   */
  hasText?: TextPattern;
  hasNotText?: TextPattern;
  has?: Selector;
  hasNot?: Selector;
  visible?: boolean;
  operable?: boolean;
}

export type Step =
  | { kind: 'tag'; tag: string }
  | { kind: 'role'; role: Role | string; options: RoleOptions }
  | { kind: 'text'; text: TextPattern; exact: boolean }
  | { kind: 'desc'; text: TextPattern; exact: boolean }
  | { kind: 'id'; id: string }
  | { kind: 'filter'; options: FilterOptions }
  | { kind: 'nth'; index: number }
  /** Either: the current matches or the other locator's (Playwright's `locator.or`), in document order. */
  | { kind: 'or'; selector: Selector }
  /** Both: the current matches that the other locator also matches (`locator.and`). */
  | { kind: 'and'; selector: Selector };

/** Steps that combine with or narrow the current matches instead of searching. */
export type CombineStep = Extract<Step, { kind: 'filter' | 'nth' | 'or' | 'and' }>;

export type Selector = readonly Step[];

/** The locator as code: `byRole('Button', { name: 'Send' }).nth(1)`. Used by errors, reporter and codegen. */
export function selectorToCode(selector: Selector): string {
  return selector.map((s, i) => (i === 0 ? '' : '.') + stepToCode(s)).join('');
}

function stepToCode(step: Step): string {
  switch (step.kind) {
    case 'tag': return `byTag(${quote(step.tag)})`;
    case 'id': return `byId(${quote(step.id)})`;
    case 'text': return `byText(${pattern(step.text)}${step.exact ? ', { exact: true }' : ''})`;
    case 'desc': return `byDesc(${pattern(step.text)}${step.exact ? ', { exact: true }' : ''})`;
    case 'role': {
      const o = step.options;
      const parts: string[] = [];
      if (o.name !== undefined) parts.push(`name: ${pattern(o.name)}`);
      for (const k of ['exact', 'checked', 'disabled', 'selected', 'includeHidden'] as const) {
        if (o[k] !== undefined) parts.push(`${k}: ${typeof o[k] === 'string' ? quote(o[k]) : o[k]}`);
      }
      return `byRole(${quote(step.role)}${parts.length ? `, { ${parts.join(', ')} }` : ''})`;
    }
    case 'filter': {
      const o = step.options;
      const parts: string[] = [];
      if (o.hasText !== undefined) parts.push(`hasText: ${pattern(o.hasText)}`);
      if (o.hasNotText !== undefined) parts.push(`hasNotText: ${pattern(o.hasNotText)}`);
      if (o.has) parts.push(`has: ${selectorToCode(o.has)}`);
      if (o.hasNot) parts.push(`hasNot: ${selectorToCode(o.hasNot)}`);
      if (o.visible !== undefined) parts.push(`visible: ${o.visible}`);
      if (o.operable !== undefined) parts.push(`operable: ${o.operable}`);
      return `filter({ ${parts.join(', ')} })`;
    }
    case 'or': case 'and':
      return `${step.kind}(${selectorToCode(step.selector)})`;
    case 'nth':
      return step.index === 0 ? 'first()' : step.index === -1 ? 'last()' : `nth(${step.index})`;
  }
}

/** A JS single-quoted string literal. */
export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;
}

function pattern(p: TextPattern): string {
  return p instanceof RegExp ? p.toString() : quote(p);
}
