/**
 * What the aria-snapshot parser (aria-parse.ts), matcher (aria-match.ts) and printer (aria-print.ts)
 * share: the parsed template's types and YAML's quoting rules (docs/design.md §9.1). The template
 * language is Playwright's: a YAML sequence of `role "name" [attr]` keys, `- text: …` strings,
 * `- /children: …` and `- /url: …` properties.
 */
import type { ChildrenMode } from './outline-syntax.js';

export type { ChildrenMode };

/** A text value: as written, normalised, and as a regex when it is written `/…/` and compiles. */
export interface AriaText {
  raw: string;
  normalized: string;
  regex: RegExp | null;
}

/** The states a template line may constrain (Playwright's AriaProps). */
export interface AriaStates {
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  active?: boolean;
  invalid?: boolean;
  level?: number;
  pressed?: boolean | 'mixed';
  selected?: boolean;
}

export interface AriaTemplateText {
  kind: 'text';
  text: AriaText;
  /** 1-based line and column in the template text. */
  line: number;
  column: number;
}

export interface AriaTemplateRole extends AriaStates {
  kind: 'role';
  /** An ARIA role, or `fragment` for a template of several top-level lines. */
  role: string;
  name?: string | RegExp;
  children?: AriaTemplateNode[];
  props?: Record<string, AriaText>;
  containerMode?: ChildrenMode;
  line: number;
  column: number;
}

export type AriaTemplateNode = AriaTemplateRole | AriaTemplateText;

/** The attributes a `[…]` may name, in the order Playwright prints them. */
export const ARIA_ATTRIBUTES = ['checked', 'disabled', 'expanded', 'active', 'invalid', 'level', 'pressed', 'selected'] as const;

/** Playwright's test for a YAML scalar that must be quoted to read back as the same string. */
export function yamlNeedsQuotes(str: string): boolean {
  if (str.length === 0) return true;
  if (/^\s|\s$/.test(str)) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/.test(str)) return true;
  if (/^-/.test(str)) return true;
  if (/[\n:](\s|$)/.test(str)) return true;
  if (/\s#/.test(str)) return true;
  if (/[\n\r]/.test(str)) return true;
  if (/^[&*\],?!>|@"'#%]/.test(str)) return true;
  if (/[{}`]/.test(str)) return true;
  if (/^\[/.test(str)) return true;
  if (!isNaN(Number(str)) || ['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null'].includes(str.toLowerCase())) return true;
  return false;
}

/** A key as YAML needs it: bare, or single-quoted (`''` for a quote). */
export function yamlKey(str: string): string {
  return yamlNeedsQuotes(str) ? `'${str.replace(/'/g, "''")}'` : str;
}

/** A value as YAML needs it: bare, or double-quoted with escapes. */
export function yamlValue(str: string): string {
  if (!yamlNeedsQuotes(str)) return str;
  // eslint-disable-next-line no-control-regex
  return '"' + str.replace(/[\\"\x00-\x1f\x7f-\x9f]/g, (c) => {
    switch (c) {
      case '\\': return '\\\\';
      case '"': return '\\"';
      case '\b': return '\\b';
      case '\f': return '\\f';
      case '\n': return '\\n';
      case '\r': return '\\r';
      case '\t': return '\\t';
      default: return '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0');
    }
  }) + '"';
}
