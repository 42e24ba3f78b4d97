/**
 * The one JSON token scanner (RFC 8259), for what JSON.parse does not tell: where a syntax error is
 * (json.ts locateJsonError), where a member sits (json-locate.ts locateJsonPath) and which key repeats
 * (json-locate.ts findKeyProblem). Tokens only, no values; the grammar is the caller's. Lazy and
 * iterative: any nesting depth, and a caller stops at the first token it has an answer for.
 */
export type JsonTokenKind = '{' | '}' | '[' | ']' | ',' | ':' | 'string' | 'number' | 'literal' | 'other' | 'end';

export interface JsonToken {
  kind: JsonTokenKind;
  /** Offset of its first character (for `end`: the text's length). */
  at: number;
  /** Offset after its last character (`other`: one character; `end`: the text's length). */
  end: number;
  /** Why a string or number token is malformed, and where: the caller decides whether that matters where it stands. */
  error?: { at: number; reason: string };
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const LITERALS = ['true', 'false', 'null'];

/** The tokens of `text` in order, then one `end`. A malformed string or number is still one token (with `error`). */
export function* jsonTokens(text: string): Generator<JsonToken, void, undefined> {
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
    if (i >= n) {
      yield { kind: 'end', at: n, end: n };
      return;
    }
    const c = text[i]!;
    const at = i;
    if (PUNCTUATION.has(c)) {
      i++;
      yield { kind: c as JsonTokenKind, at, end: i };
    } else if (c === '"') {
      const error = scanString();
      yield error ? { kind: 'string', at, end: i, error } : { kind: 'string', at, end: i };
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      if (NUMBER.exec(text)) {
        i = NUMBER.lastIndex;
        yield { kind: 'number', at, end: i };
      } else {
        i++;
        yield { kind: 'number', at, end: i, error: { at, reason: `malformed number at ${JSON.stringify(c)}` } };
      }
    } else {
      const word = LITERALS.find((w) => text.startsWith(w, i));
      i += word ? word.length : 1;
      yield { kind: word ? 'literal' : 'other', at, end: i };
    }
  }

  /** Moves `i` past the string that starts at it; the first problem in it, if any. */
  function scanString(): { at: number; reason: string } | undefined {
    let problem: { at: number; reason: string } | undefined;
    i++; // opening quote
    while (i < n) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return problem;
      }
      if (code === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          HEX4.lastIndex = i + 2;
          if (!HEX4.test(text)) problem ??= { at: i, reason: 'malformed \\u escape in a string' };
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          problem ??= { at: i, reason: e === undefined ? 'unexpected end of input (unterminated string)' : `invalid escape \\${e} in a string` };
          i += 2;
        }
        continue;
      }
      if (code < 0x20) problem ??= { at: i, reason: 'unescaped control character in a string' };
      i++;
    }
    i = n;
    return problem ?? { at: n, reason: 'unexpected end of input (unterminated string)' };
  }
}

/** A string token's value (its text decoded, escapes and all). */
export function stringValue(text: string, token: JsonToken): string {
  const raw = text.slice(token.at + 1, token.end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(token.at, token.end)) as string) : raw;
}
