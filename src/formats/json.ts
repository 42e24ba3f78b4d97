import { FormatError } from '../errors.js';
import { findKeyProblem } from './json-locate.js';
import { lineColumnAt } from './limits.js';

/**
 * JSON.parse that never leaks a SyntaxError: a parse failure becomes a FormatError with the
 * 1-based line and column of the first offending character, and the `where` the caller names.
 * V8's own messages differ between Node versions and not all carry a position, so on failure
 * the text is re-scanned by `locateJsonError` (linear, iterative) to find it.
 */
export function parseJson(text: string, where?: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const { offset, reason } = locateJsonError(text);
    const { line, column } = lineColumnAt(text, offset);
    throw new FormatError('format_error', `invalid JSON: ${reason}`, {
      where,
      line,
      column,
      hint: 'The file is not complete, valid JSON: re-capture it, or fix the text at that position.',
    });
  }
  checkKeys(text, value, where);
  return value;
}

/**
 * Nothing lost silently: JSON.parse keeps the last of two equal keys (`children` twice drops the
 * first list) and turns a `__proto__` key into an own property that any later assignment-based copy
 * makes a prototype. Both are FormatErrors naming the key and its line. The check is a count, not a
 * second parse: every ':' in the text is a key separator or sits in a string, so the text's colons
 * equal the parsed keys plus the colons inside parsed strings exactly when no key was dropped (a
 * `\u003a` escape would break the count: then, or on a mismatch, findKeyProblem scans the text).
 */
function checkKeys(text: string, value: unknown, where: string | undefined): void {
  let keys = 0;
  let colons = 0;
  let proto = false;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      colons += countColons(v);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string') colons += countColons(x);
        else if (x !== null && typeof x === 'object') stack.push(x);
      }
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        keys++;
        colons += countColons(k);
        if (k === '__proto__') proto = true;
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === 'string') colons += countColons(x);
        else if (x !== null && typeof x === 'object') stack.push(x);
      }
    }
  }
  if (!proto && countColons(text) === keys + colons && !/\\u003[aA]/.test(text)) return;
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

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * Where and why `text` is not JSON (RFC 8259). Only called after JSON.parse has failed, so it
 * can afford to be a plain scanner; it keeps an explicit stack so deep nesting cannot overflow.
 * Returns the offset of the first character that cannot continue a valid document.
 */
export function locateJsonError(text: string): { offset: number; reason: string } {
  const n = text.length;
  let i = 0;
  // What the scanner expects next, with the open containers on `stack` ('{' or '[').
  const stack: Array<'{' | '['> = [];
  type State = 'value' | 'afterValue' | 'key' | 'colon' | 'firstValueOrClose' | 'firstKeyOrClose';
  let state: State = 'value';
  const skipWs = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const fail = (reason: string) => ({ offset: Math.min(i, n), reason: i >= n ? `unexpected end of input (${reason})` : reason });
  const describe = (at: number) => JSON.stringify(text.slice(at, at + 1));

  for (;;) {
    skipWs();
    if (state === 'afterValue') {
      if (stack.length === 0) {
        if (i < n) return fail(`unexpected ${describe(i)} after the end of the JSON value`);
        // JSON.parse failed but the scan found nothing: report the end rather than invent a position.
        return { offset: n, reason: 'the document could not be parsed' };
      }
      const top = stack[stack.length - 1]!;
      if (i >= n) return fail(top === '{' ? "expected ',' or '}'" : "expected ',' or ']'");
      const c = text[i]!;
      if (c === ',') {
        i++;
        state = top === '{' ? 'key' : 'value';
      } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        i++;
        stack.pop();
      } else {
        return fail(`expected ',' or '${top === '{' ? '}' : ']'}' but found ${describe(i)}`);
      }
      continue;
    }
    if (state === 'colon') {
      if (text[i] !== ':') return fail(`expected ':' after a property name${i < n ? ` but found ${describe(i)}` : ''}`);
      i++;
      state = 'value';
      continue;
    }
    if (state === 'key' || state === 'firstKeyOrClose') {
      if (state === 'firstKeyOrClose' && text[i] === '}') {
        i++;
        stack.pop();
        state = 'afterValue';
        continue;
      }
      if (text[i] !== '"') return fail(`expected a property name in double quotes${i < n ? ` but found ${describe(i)}` : ''}`);
      const err = scanString();
      if (err) return err;
      state = 'colon';
      continue;
    }
    // state is 'value' or 'firstValueOrClose'
    if (state === 'firstValueOrClose' && text[i] === ']') {
      i++;
      stack.pop();
      state = 'afterValue';
      continue;
    }
    if (i >= n) return fail('expected a value');
    const c = text[i]!;
    if (c === '{') {
      i++;
      stack.push('{');
      state = 'firstKeyOrClose';
    } else if (c === '[') {
      i++;
      stack.push('[');
      state = 'firstValueOrClose';
    } else if (c === '"') {
      const err = scanString();
      if (err) return err;
      state = 'afterValue';
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      if (!NUMBER.exec(text)) return fail(`malformed number at ${describe(i)}`);
      i = NUMBER.lastIndex;
      state = 'afterValue';
    } else {
      let matched = false;
      for (const word of ['true', 'false', 'null']) {
        if (text.startsWith(word, i)) {
          i += word.length;
          matched = true;
          break;
        }
      }
      if (!matched) return fail(`unexpected ${describe(i)} where a value was expected`);
      state = 'afterValue';
    }
  }

  function scanString(): { offset: number; reason: string } | null {
    i++; // opening quote
    while (i < n) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return null;
      }
      if (code === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          HEX4.lastIndex = i + 2;
          if (!HEX4.test(text)) return { offset: i, reason: 'malformed \\u escape in a string' };
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          return { offset: i, reason: e === undefined ? 'unexpected end of input (unterminated string)' : `invalid escape \\${e} in a string` };
        }
        continue;
      }
      if (code < 0x20) return { offset: i, reason: 'unescaped control character in a string' };
      i++;
    }
    return { offset: n, reason: 'unexpected end of input (unterminated string)' };
  }
}

// The iterative writer lives with the model (snapshots are written with it); importers read it from here too.
export { stringifyJson } from '../model/stringify.js';
