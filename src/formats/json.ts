import { FormatError } from '../errors.js';
import { findKeyProblem } from './json-locate.js';
import { jsonTokens } from './json-tokens.js';
import { lineColumnAt } from './limits.js';

/**
 * JSON.parse that never leaks a SyntaxError: a parse failure becomes a FormatError with the
 * 1-based line and column of the first offending character, and the `where` the caller names.
 * JSON.parse's messages differ between Node versions and not all carry a position, so on failure
 * the text is re-scanned by `locateJsonError` (linear, iterative) to find it.
 */
export function parseJson(text: string, where?: string): unknown {
  return parseUnscannedJson(text, where, null);
}

/**
 * The character checks (limits.ts `checkTextChars`) of a text parsed by `parseUnscannedJson`: `chars`
 * is the whole scan (control characters, then lone surrogates), `wellFormed` the surrogate half, both
 * over the text as the caller received it, so offsets in their errors are the caller's.
 */
export interface TextScan {
  chars(): void;
  wellFormed(): void;
}

/**
 * parseJson for a text whose characters have not been scanned yet, running `scan` only where the parse
 * cannot answer for it. JSON's grammar refuses a control character anywhere, so a text JSON.parse
 * accepts has none, and the whole scan runs only when the parse fails (its error before the syntax
 * error, as when it ran first). A lone surrogate can only sit inside a string: with no `\u` escape in
 * the text, each raw surrogate keeps its neighbours in the parsed string, so the parsed keys and strings
 * are well-formed exactly when the text is, and they are what is looked at (the text's indentation and
 * punctuation need no look). The text is scanned (for the error's position) only when a parsed string
 * is not well-formed, when it has an escape, or when a key was lost with its value.
 */
export function parseUnscannedJson(text: string, where: string | undefined, scan: TextScan | null): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    scan?.chars();
    const { offset, reason } = locateJsonError(text);
    const { line, column } = lineColumnAt(text, offset);
    throw new FormatError('format_error', `invalid JSON: ${reason}`, {
      where,
      line,
      column,
      hint: 'The file is not complete, valid JSON: re-capture it, or fix the text at that position.',
    });
  }
  const escapes = text.includes('\\u');
  // A text of Latin-1 characters alone holds no surrogate: then there is nothing to look at.
  const { keysLost, illFormed } = readParsed(text, value, escapes, scan !== null && !escapes && BEYOND_LATIN1.test(text));
  // A value dropped with a repeated key is in the text but not in the parsed strings: then the text is scanned too.
  if (scan && (escapes || keysLost || illFormed)) scan.wellFormed();
  if (keysLost) checkKeys(text, where);
  return value;
}

/**
 * What the parsed value says of its text. `keysLost`: whether JSON.parse may have lost a key, keeping
 * the last of two equal keys (`children` twice drops the first list), or turned a `__proto__` key into
 * an own property that any later assignment-based copy makes a prototype. A count, not a second parse:
 * every ':' of the text is a key separator or sits in a string, so the text's colons equal the parsed
 * keys plus the colons inside parsed keys and strings exactly when no key was lost. Keys seldom hold a
 * colon: the first count leaves the keys' own colons out, and they are counted only when that count
 * falls short. A `\u003a` escape is a colon the text's count cannot see: then the text is scanned
 * (checkKeys). `illFormed` (looked at with `wellFormed`): whether a parsed key or string holds a lone
 * surrogate.
 */
function readParsed(text: string, value: unknown, escapes: boolean, wellFormed: boolean): { keysLost: boolean; illFormed: boolean } {
  if (escapes && /\\u003[aA]/.test(text)) return { keysLost: true, illFormed: false };
  const colons = countColons(text);
  const first = countKeysAndColons(value, false, wellFormed);
  const keysLost = first.proto || (first.count !== colons && countKeysAndColons(value, true, false).count !== colons);
  return { keysLost, illFormed: first.illFormed };
}

/**
 * The parsed value's keys plus the colons inside its string values (and inside its keys, with
 * `inKeys`), whether a key is `__proto__`, and (with `wellFormed`) whether a key or string holds a
 * lone surrogate. Most strings hold no colon: `includes` answers for them in one call.
 */
function countKeysAndColons(value: unknown, inKeys: boolean, wellFormed: boolean): { count: number; proto: boolean; illFormed: boolean } {
  let n = 0;
  let proto = false;
  let illFormed = false;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(':')) n += countColons(v);
      if (wellFormed && !isWellFormed(v)) illFormed = true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string') {
          if (x.includes(':')) n += countColons(x);
          if (wellFormed && !isWellFormed(x)) illFormed = true;
        } else if (x !== null && typeof x === 'object') stack.push(x);
      }
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        n++;
        if (k === '__proto__') proto = true;
        if (inKeys && k.includes(':')) n += countColons(k);
        if (wellFormed && !isWellFormed(k)) illFormed = true;
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === 'string') {
          if (x.includes(':')) n += countColons(x);
          if (wellFormed && !isWellFormed(x)) illFormed = true;
        } else if (x !== null && typeof x === 'object') stack.push(x);
      }
    }
  }
  return { count: n, proto, illFormed };
}

const BEYOND_LATIN1 = /[\u0100-\uffff]/;

const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Nothing lost silently: a repeated key or a `__proto__` key is a FormatError naming the key and its
 * line. Called when readParsed cannot rule it out; findKeyProblem scans the text.
 */
function checkKeys(text: string, where: string | undefined): void {
  const problem = findKeyProblem(text);
  if (!problem) return;
  const { line, column } = lineColumnAt(text, problem.at);
  if (problem.kind === 'proto') {
    throw new FormatError('format_error', `a property named "__proto__" is refused: JavaScript readers would take it for the object's prototype`, {
      where, line, column, key: problem.key,
      hint: 'Rename or remove that property; no tree format uses it.',
    });
  }
  const first = lineColumnAt(text, problem.firstAt!);
  throw new FormatError('format_error', `duplicate key ${JSON.stringify(problem.key)} in one object (first at line ${first.line}): a JSON reader keeps only one of them, so the other would be lost`, {
    where, line, column, key: problem.key, firstLine: first.line,
    hint: 'Fix the producer so each key appears once per object, or re-capture.',
  });
}

function countColons(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) n++;
  return n;
}

type State = 'value' | 'afterValue' | 'key' | 'colon' | 'firstValueOrClose' | 'firstKeyOrClose';

/**
 * Where and why `text` is not JSON (RFC 8259). Only called after JSON.parse has failed: the grammar over
 * json-tokens.ts's tokens, with an explicit stack so deep nesting cannot overflow. Returns the offset of
 * the first character that cannot continue a valid document.
 */
export function locateJsonError(text: string): { offset: number; reason: string } {
  const n = text.length;
  // What the grammar expects next, with the open containers on `stack` ('{' or '[').
  const stack: Array<'{' | '['> = [];
  let state: State = 'value';
  const describe = (at: number) => JSON.stringify(text.slice(at, at + 1));
  for (const t of jsonTokens(text)) {
    const i = t.at;
    const fail = (reason: string) => ({ offset: Math.min(i, n), reason: i >= n ? `unexpected end of input (${reason})` : reason });
    if (state === 'afterValue') {
      if (stack.length === 0) {
        if (t.kind !== 'end') return fail(`unexpected ${describe(i)} after the end of the JSON value`);
        // JSON.parse failed but the scan found nothing: report the end rather than invent a position.
        return { offset: n, reason: 'the document could not be parsed' };
      }
      const top = stack[stack.length - 1]!;
      if (t.kind === 'end') return fail(top === '{' ? "expected ',' or '}'" : "expected ',' or ']'");
      if (t.kind === ',') state = top === '{' ? 'key' : 'value';
      else if ((t.kind === '}' && top === '{') || (t.kind === ']' && top === '[')) stack.pop();
      else return fail(`expected ',' or '${top === '{' ? '}' : ']'}' but found ${describe(i)}`);
      continue;
    }
    if (state === 'colon') {
      if (t.kind !== ':') return fail(`expected ':' after a property name${i < n ? ` but found ${describe(i)}` : ''}`);
      state = 'value';
      continue;
    }
    if (state === 'key' || state === 'firstKeyOrClose') {
      if (state === 'firstKeyOrClose' && t.kind === '}') {
        stack.pop();
        state = 'afterValue';
        continue;
      }
      if (t.kind !== 'string') return fail(`expected a property name in double quotes${i < n ? ` but found ${describe(i)}` : ''}`);
      if (t.error) return { offset: t.error.at, reason: t.error.reason };
      state = 'colon';
      continue;
    }
    // state is 'value' or 'firstValueOrClose'
    if (state === 'firstValueOrClose' && t.kind === ']') {
      stack.pop();
      state = 'afterValue';
      continue;
    }
    if (t.kind === 'end') return fail('expected a value');
    if (t.kind === '{') {
      stack.push('{');
      state = 'firstKeyOrClose';
    } else if (t.kind === '[') {
      stack.push('[');
      state = 'firstValueOrClose';
    } else if (t.kind === 'string' || t.kind === 'number' || t.kind === 'literal') {
      if (t.error) return { offset: t.error.at, reason: t.error.reason };
      state = 'afterValue';
    } else {
      return fail(`unexpected ${describe(i)} where a value was expected`);
    }
  }
  return { offset: n, reason: 'the document could not be parsed' };
}

// The iterative writer lives with the model (snapshots are written with it); importers read it from here too.
export { stringifyJson } from '../model/stringify.js';
