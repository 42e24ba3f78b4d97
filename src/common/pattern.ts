/**
 * User RegExps (byText(/…/), byRole name, filter hasText, the JSON locator form, toMatchOutline
 * templates, the MCP shim) matched in bounded time. JavaScript's RegExp backtracks, so a pattern like
 * /^(a+)+$/ against a few dozen characters of app text can block the event loop for minutes. Every user pattern
 * is therefore run by RE2JS (a pure-JavaScript RE2: time linear in the text for any pattern) unless
 * it has no quantifier at all, in which case the built-in engine is linear too (each start position
 * tries a bounded number of alternatives).
 *
 * What RE2 cannot run in linear time — backreferences (\1, \k<name>) and lookaround ((?=, (?!,
 * (?<=, (?<!) — is refused with a typed invalid_arguments error when the pattern is given (the
 * locator call, parseLocator, the template parse), as are patterns longer than MAX_PATTERN_LENGTH
 * or compiling to more than MAX_PROGRAM_SIZE instructions. One home: every path calls compilePattern.
 */
import type { RE2JS as Re2 } from 're2js';
import { onFirstUse } from './on-first-use.js';
import { TargetError, isTreewrightError } from '../errors.js';

/** The RE2 engine, loaded by the first pattern that quantifies (most locators match strings). */
const re2js = onFirstUse<typeof import('re2js')>('re2js');

/** Longest pattern source accepted (characters). A real locator pattern is a few dozen. */
export const MAX_PATTERN_LENGTH = 4096;
/** Largest compiled RE2 program accepted (instructions): bounds match time per character. */
export const MAX_PROGRAM_SIZE = 20_000;

export interface CompiledPattern {
  test(text: string): boolean;
  /** 'native' (quantifier-free: the built-in engine is linear) or 're2'. */
  readonly engine: 'native' | 're2';
}

const compiled = new WeakMap<RegExp, CompiledPattern>();

const HINT = 'treewright runs user patterns with a linear-time engine (RE2 syntax within JavaScript regex syntax): write the pattern without backreferences or lookaround, or match a string instead.';

function refuse(where: string, reason: string, extra: Record<string, unknown> = {}): never {
  throw new TargetError('invalid_arguments', reason, { where, hint: HINT, ...extra });
}

/** Refuses a pattern source over MAX_PATTERN_LENGTH before anything compiles it. */
export function checkPatternLength(source: string, where: string): void {
  if (source.length > MAX_PATTERN_LENGTH) {
    refuse(where, `the regex is ${source.length} characters long, over the ${MAX_PATTERN_LENGTH}-character limit for a pattern`, { limit: MAX_PATTERN_LENGTH, length: source.length });
  }
}

/**
 * The bounded-time matcher of a user RegExp, checked and compiled once per RegExp object (cached).
 * Throws TargetError('invalid_arguments') naming `where` and the limit or construct refused.
 */
export function compilePattern(re: RegExp, where = 'pattern'): CompiledPattern {
  const hit = compiled.get(re);
  if (hit) return hit;
  const c = build(re, where);
  compiled.set(re, c);
  return c;
}

/** Checks a user RegExp at the point it is given (so a bad one fails there, not at match time). */
export function checkUserPattern(re: RegExp, where: string): void {
  compilePattern(re, where);
}

/**
 * A regex literal a user wrote (in a locator's code form or an outline template), from its source and
 * flags: the RegExp, checked like every user pattern (length, bounded time), or why not, for the parser
 * to report at its own position. `syntax`: JavaScript refused it (a SyntaxError), else the bounded-time
 * engine did (its reason and hint).
 */
export function userRegex(source: string, flags: string): { re: RegExp } | { reason: string; hint: string | undefined; syntax: boolean } {
  try {
    checkPatternLength(source, 'regex');
    const re = new RegExp(source, flags);
    checkUserPattern(re, 'regex');
    return { re };
  } catch (e) {
    if (isTreewrightError(e)) return { reason: e.reason, hint: e.hint, syntax: false };
    return { reason: `invalid regex: ${(e as Error).message}`, hint: undefined, syntax: true };
  }
}

/** Tests `text` against a user RegExp in bounded time (flags g / y ignored: no state between calls). */
export function testPattern(re: RegExp, text: string): boolean {
  return compilePattern(re).test(text);
}

function build(re: RegExp, where: string): CompiledPattern {
  const source = re.source;
  checkPatternLength(source, where);
  const sets = re.flags.includes('v');
  const scan = scanSource(source, re.unicode || sets);
  if (scan.refused) refuse(where, `${scan.refused} in ${shorten(String(re))} ${scan.refused.startsWith('\\p') || scan.refused.startsWith('\\P') ? 'would mean something else to the linear-time engine; add the u flag' : 'cannot be matched in linear time'}`, { construct: scan.refused });
  if (!scan.quantified) {
    // No quantifier: the built-in engine is linear here. A fresh copy without g / y keeps it stateless.
    const native = new RegExp(source, re.flags.replace(/[gy]/g, ''));
    return { engine: 'native', test: (text) => native.test(text) };
  }
  if (sets) refuse(where, `the v flag (set notation) in ${shorten(String(re))} is not supported by the linear-time engine; use the u flag`, { construct: 'v flag' });
  const RE2JS = re2js().RE2JS;
  let translated: string;
  let p: Re2;
  try {
    translated = RE2JS.translateRegExp(source);
    let flags = 0;
    if (re.ignoreCase) flags |= RE2JS.CASE_INSENSITIVE;
    if (re.multiline) flags |= RE2JS.MULTILINE;
    if (re.dotAll) flags |= RE2JS.DOTALL;
    p = RE2JS.compile(translated, flags);
  } catch (e) {
    return refuse(where, `${shorten(String(re))} is not supported by the linear-time engine: ${(e as Error).message}`, { construct: 'syntax' });
  }
  const size = p.programSize();
  if (size > MAX_PROGRAM_SIZE) {
    refuse(where, `${shorten(String(re))} compiles to ${size} instructions, over the ${MAX_PROGRAM_SIZE}-instruction limit for a pattern`, { limit: MAX_PROGRAM_SIZE, size });
  }
  return { engine: 're2', test: (text) => p.test(text) };
}

function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/**
 * One pass over the source: does it quantify anything (then RE2 runs it), and does it use a construct
 * RE2 cannot run (then it is refused)? Escapes and character classes are skipped as units, so `\*`
 * and `[+]` are literals, not quantifiers. Without the u flag JavaScript reads `\p` and other
 * unknown escapes as the letter itself, which RE2 would read differently: refused as well, so a
 * pattern never silently means something else.
 */
function scanSource(s: string, unicode: boolean): { quantified: boolean; refused: string | null } {
  let quantified = false;
  let inClass = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      const e = s[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(e)) return { quantified, refused: `the backreference \\${e}` };
      if (!inClass && e === 'k' && (unicode || s.includes('(?<'))) return { quantified, refused: 'the named backreference \\k<…>' };
      if (!unicode && (e === 'p' || e === 'P')) return { quantified, refused: `\\${e} without the u flag (JavaScript reads it as the letter ${e})` };
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+' || c === '?' || c === '{') {
      // `(?` starts a group construct, not a quantifier; `{` is a quantifier only as {n}, {n,}, {n,m}.
      if (c === '?' && s[i - 1] === '(') {
        const g = s.slice(i + 1, i + 3);
        if (g[0] === '=' || g[0] === '!') return { quantified, refused: `the lookahead (?${g[0]}` };
        if (g === '<=' || g === '<!') return { quantified, refused: `the lookbehind (?${g}` };
        continue;
      }
      if (c === '{' && !/^\{\d+(,\d*)?\}/.test(s.slice(i, i + 24))) continue;
      quantified = true;
    }
  }
  return { quantified, refused: null };
}
