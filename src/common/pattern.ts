/**
 * User RegExps (byText(/…/), byRole name, filter hasText, the JSON locator form, toMatchOutline
 * templates, the MCP shim) matched in linear time. JavaScript's RegExp backtracks, and not only on
 * quantifiers: /^(?:a|aa)(?:a|aa)…$/ tries every split of the text, so a few dozen characters of app
 * text can block the event loop for minutes. Every user pattern is therefore run by RE2JS (a
 * pure-JavaScript RE2: time linear in the text for any pattern); no test decides that the built-in
 * engine would be safe.
 *
 * The pattern keeps its JavaScript meaning: the source is translated construct by construct (`\s`,
 * `.`, `^` / `$` under m, `[]`, `[^]`, identity escapes, `\u` escapes and surrogate pairs, named
 * groups) and the flags i, m, s, u carry over (g, y, d change nothing for a test). What RE2 cannot
 * run — backreferences (\1, \k<name>), lookahead and lookbehind, the v flag — is refused with a
 * typed invalid_arguments error naming the construct and what to write instead, when the pattern is
 * given (the locator call, parseLocator, the template parse), as are patterns longer than
 * MAX_PATTERN_LENGTH or compiling to more than MAX_PROGRAM_SIZE instructions. One home: every path
 * calls compilePattern. docs/design.md §6 lists where the meaning still differs.
 */
import type { RE2JS as Re2 } from 're2js';
import { onFirstUse } from './on-first-use.js';
import { TargetError, isTreewrightError } from '../errors.js';

/** The RE2 engine, loaded by the first user pattern (most locators match strings). */
const re2js = onFirstUse<typeof import('re2js')>('re2js');

/** Longest pattern source accepted (characters). A real locator pattern is a few dozen. */
export const MAX_PATTERN_LENGTH = 4096;
/** Largest compiled RE2 program accepted (instructions): bounds match time per character. */
export const MAX_PROGRAM_SIZE = 20_000;

export interface CompiledPattern {
  test(text: string): boolean;
  /** Always 're2': the linear-time engine runs every user pattern. */
  readonly engine: 're2';
  /** The RE2 source the JavaScript pattern was translated to. */
  readonly re2: string;
}

const compiled = new WeakMap<RegExp, CompiledPattern>();

const HINT = 'treewright runs user patterns with a linear-time engine (RE2): write the pattern without backreferences or lookaround, or match a string instead.';

function refuse(where: string, reason: string, extra: Record<string, unknown> = {}, hint = HINT): never {
  throw new TargetError('invalid_arguments', reason, { where, hint, ...extra });
}

/** Refuses a pattern source over MAX_PATTERN_LENGTH before anything compiles it. */
export function checkPatternLength(source: string, where: string): void {
  if (source.length > MAX_PATTERN_LENGTH) {
    refuse(where, `the regex is ${source.length} characters long, over the ${MAX_PATTERN_LENGTH}-character limit for a pattern`, { limit: MAX_PATTERN_LENGTH, length: source.length });
  }
}

/**
 * The linear-time matcher of a user RegExp, checked and compiled once per RegExp object (cached).
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
 * flags: the RegExp, checked like every user pattern (length, linear time), or why not, for the parser
 * to report at its own position. `syntax`: JavaScript refused it (a SyntaxError), else the linear-time
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

/** Tests `text` against a user RegExp in linear time (flags g / y ignored: no state between calls). */
export function testPattern(re: RegExp, text: string): boolean {
  return compilePattern(re).test(text);
}

function build(re: RegExp, where: string): CompiledPattern {
  checkPatternLength(re.source, where);
  const shown = shorten(String(re));
  if (re.flags.includes('v')) refuse(where, `the v flag (set notation) in ${shown} is not supported by the linear-time engine`, { construct: 'v flag' }, 'Use the u flag; write set operations as plain classes.');
  const t = translate(re.source, { unicode: re.unicode, multiline: re.multiline, dotAll: re.dotAll });
  if ('refused' in t) refuse(where, `${t.refused} in ${shown} ${t.why}`, { construct: t.refused }, t.hint ?? HINT);
  const RE2JS = re2js().RE2JS;
  let p: Re2;
  try {
    let flags = 0;
    if (re.ignoreCase) flags |= RE2JS.CASE_INSENSITIVE;
    if (re.multiline) flags |= RE2JS.MULTILINE | RE2JS.LOOKBEHINDS;
    if (re.dotAll) flags |= RE2JS.DOTALL;
    p = RE2JS.compile(t.re2, flags);
  } catch (e) {
    return refuse(where, `${shown} is not supported by the linear-time engine: ${(e as Error).message}`, { construct: 'syntax' });
  }
  const size = p.programSize();
  if (size > MAX_PROGRAM_SIZE) {
    refuse(where, `${shown} compiles to ${size} instructions, over the ${MAX_PROGRAM_SIZE}-instruction limit for a pattern`, { limit: MAX_PROGRAM_SIZE, size });
  }
  return { engine: 're2', re2: t.re2, test: (text) => p.test(text) };
}

function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** JavaScript's \s: ECMAScript WhiteSpace and LineTerminator (RE2's \s is ASCII only). */
const WS = '\\t\\n\\x{B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's line terminators besides \n (RE2's `.`, `^` and `$` know \n only). */
const LT = '\\r\\x{2028}\\x{2029}';

type Translated = { re2: string } | { refused: string; why: string; hint?: string };

const isHex = (s: string) => /^[0-9a-fA-F]+$/.test(s);
const hex = (cp: number) => `\\x{${cp.toString(16).toUpperCase()}}`;

/**
 * The RE2 source with the same meaning as a JavaScript source (already accepted by `new RegExp`), or
 * the construct RE2 cannot run. One pass; escapes and character classes are read as units.
 */
export function translate(s: string, f: { unicode: boolean; multiline: boolean; dotAll: boolean }): Translated {
  const named = /\(\?<[^=!]/.test(s);
  let out = '';
  let inClass = false;
  const no = (refused: string, why = 'cannot be matched in linear time', hint?: string): Translated => ({ refused, why, ...(hint ? { hint } : {}) });
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      const e = s[i + 1] ?? '';
      i++;
      // \u and \x escapes, a surrogate pair written as two \u escapes read as one character.
      if (e === 'u' || e === 'x') {
        const esc = unicodeEscape(s, i, e, f.unicode);
        if (esc) {
          out += hex(esc.cp);
          i = esc.end - 1;
          continue;
        }
        out += e; // not an escape sequence without u: the letter itself
        continue;
      }
      if (e === 's') { out += inClass ? WS : `[${WS}]`; continue; }
      if (e === 'S') {
        if (inClass) return no('\\S inside a character class', 'has no linear-time translation', 'Write (?:[…]|\\S) instead of […\\S].');
        out += `[^${WS}]`;
        continue;
      }
      if (/[1-9]/.test(e)) {
        return inClass ? no(`the octal escape \\${e}`, 'is not supported', `Write \\x0${e} instead.`) : no(`the backreference \\${e}`);
      }
      if (e === '0') {
        if (/[0-9]/.test(s[i + 1] ?? '')) return no('the octal escape \\0…', 'is not supported', 'Write \\x.. instead.');
        out += '\\x{0}';
        continue;
      }
      if (e === 'k' && (f.unicode || named)) return inClass ? no('\\k inside a character class', 'is not supported') : no('the named backreference \\k<…>');
      if (e === 'p' || e === 'P') {
        if (!f.unicode) return no(`\\${e} without the u flag (JavaScript reads it as the letter ${e})`, 'would mean something else to the linear-time engine; add the u flag', 'Add the u flag to mean a Unicode property.');
        const close = s.indexOf('}', i);
        const body = s.slice(i + 2, close);
        const name = body.replace(/^(?:Script|sc|Script_Extensions|scx|General_Category|gc)=/, '');
        out += `\\${e}{${name}}`;
        i = close;
        continue;
      }
      if (e === 'c') {
        const l = s[i + 1] ?? '';
        if (/[A-Za-z]/.test(l)) { out += hex(l.charCodeAt(0) % 32); i++; continue; }
        out += '\\\\c'; // JavaScript without u: a backslash and the letter c
        continue;
      }
      if (e === 'b' && inClass) { out += hex(8); continue; }
      if ('dDwWbBnrtfv'.includes(e)) { out += `\\${e}`; continue; }
      if (/[A-Za-z]/.test(e)) { out += e; continue; } // an identity escape (JavaScript without u): the letter
      if (/[!-/:-@[-`{-~]/.test(e)) { out += `\\${e}`; continue; }
      out += e === '' ? '\\\\' : e; // any other character escaped: itself
      continue;
    }
    if (inClass) {
      if (c === ']') { inClass = false; out += ']'; continue; }
      if (c === '[') { out += '\\['; continue; }
      out += literal(s, i);
      if (s.codePointAt(i)! > 0xffff) i++;
      continue;
    }
    switch (c) {
      case '[':
        if (s[i + 1] === ']') { out += '[^\\x{0}-\\x{10FFFF}]'; i++; continue; } // matches nothing
        if (s.startsWith('^]', i + 1)) { out += '(?s:.)'; i += 2; continue; } // matches anything
        inClass = true;
        out += s[i + 1] === '^' ? '[^' : '[';
        if (s[i + 1] === '^') i++;
        continue;
      case ']': out += '\\]'; continue;
      case '{': {
        // A quantifier only as {n}, {n,}, {n,m}; otherwise (JavaScript without u) a literal brace.
        const q = /^\{\d+(,\d*)?\}/.exec(s.slice(i, i + 24));
        if (q) { out += q[0]; i += q[0].length - 1; } else out += '\\{';
        continue;
      }
      case '}': out += '\\}'; continue;
      case '(': {
        if (s[i + 1] === '?') {
          const g = s.slice(i + 2, i + 4);
          if (g[0] === '=' || g[0] === '!') return no(`the lookahead (?${g[0]}`);
          if (g === '<=' || g === '<!') return no(`the lookbehind (?${g}`);
          if (g[0] === '<') { out += '(?P<'; i += 2; continue; }
        }
        out += '(';
        continue;
      }
      case '.': out += f.dotAll ? '(?s:.)' : `[^\\n${LT}]`; continue;
      case '^': out += f.multiline ? `(?:^|(?<=[${LT}]))` : '^'; continue;
      case '$':
        if (!f.multiline) { out += '$'; continue; }
        // `$` under m before a line terminator other than \n: at the end of the pattern it may take the terminator.
        if (!endsPattern(s, i + 1)) return no('$ with the m flag followed by more pattern', 'has no linear-time translation', 'Match the line end explicitly, e.g. (?:\\r?\\n|$).');
        out += `(?:$|[${LT}])`;
        continue;
      default:
        out += literal(s, i);
        if (s.codePointAt(i)! > 0xffff) i++;
    }
  }
  return { re2: out };
}

/** One character of the source as RE2 reads it literally (astral characters whole). */
function literal(s: string, i: number): string {
  const cp = s.codePointAt(i)!;
  return cp > 0xffff ? String.fromCodePoint(cp) : s[i]!;
}

/** `\u` / `\x` at s[i] (the letter): the code point and where the escape ends, or null when it is not one. */
function unicodeEscape(s: string, i: number, e: string, unicode: boolean): { cp: number; end: number } | null {
  if (e === 'x') return isHex(s.slice(i + 1, i + 3)) && s.slice(i + 1, i + 3).length === 2 ? { cp: parseInt(s.slice(i + 1, i + 3), 16), end: i + 3 } : null;
  if (unicode && s[i + 1] === '{') {
    const close = s.indexOf('}', i);
    return { cp: parseInt(s.slice(i + 2, close), 16), end: close + 1 };
  }
  const h = s.slice(i + 1, i + 5);
  if (h.length !== 4 || !isHex(h)) return null;
  const cp = parseInt(h, 16);
  if (cp >= 0xd800 && cp <= 0xdbff && s.startsWith('\\u', i + 5)) {
    const l = s.slice(i + 7, i + 11);
    const lo = l.length === 4 && isHex(l) ? parseInt(l, 16) : -1;
    if (lo >= 0xdc00 && lo <= 0xdfff) return { cp: 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00), end: i + 11 };
  }
  return { cp, end: i + 5 };
}

/** Whether nothing can follow position `i` in a match: only group ends, and `|` skips the rest of its group. */
function endsPattern(s: string, i: number): boolean {
  let depth = 0;
  let inClass = false;
  let skipping = false;
  for (let j = i; j < s.length; j++) {
    const c = s[j]!;
    if (c === '\\') { j++; if (!skipping) return false; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (skipping) {
      if (c === '[') inClass = true;
      else if (c === '(') depth++;
      else if (c === ')') { if (depth === 0) skipping = false; else depth--; }
      continue;
    }
    if (c === ')') continue;
    if (c === '|') { skipping = true; depth = 0; continue; }
    return false;
  }
  return true;
}
