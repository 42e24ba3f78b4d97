/**
 * Where a value sits in a JSON text, so an error about `colors.Primary` can name its line, and which key
 * JSON.parse would read wrongly. JSON.parse keeps no positions; these re-scan the (already valid) text
 * once, over json-tokens.ts's tokens, and only when an error needs it.
 */
import { jsonTokens, stringValue } from './json-tokens.js';

export type JsonPath = ReadonlyArray<string | number>;

/**
 * Offset of the member `path` points at: the key of an object member (the line a reader looks for),
 * the value of an array element, the first value for `[]`. Null when the text has no such member.
 * When a key repeats, the last one wins, as in JSON.parse.
 */
export function locateJsonPath(text: string, path: JsonPath): number | null {
  const tokens = jsonTokens(text);
  if (path.length === 0) {
    const first = tokens.next().value;
    return first && first.kind !== 'end' ? first.at : null;
  }
  // The open containers: an object's current key (and where it is), an array's current index (and where its value is).
  const frames: Array<{ obj: boolean; key: string | number; at: number; expectKey: boolean }> = [];
  let found: number | null = null;
  for (const t of tokens) {
    const top = frames[frames.length - 1];
    if (t.kind === 'end') break;
    if (top?.expectKey) {
      top.expectKey = false;
      if (t.kind === '}') frames.pop();
      else if (t.kind === 'string') {
        top.key = stringValue(text, t);
        top.at = t.at;
      }
      continue;
    }
    if (t.kind === ':') continue;
    if (t.kind === ',') {
      if (top?.obj) top.expectKey = true;
      else if (top) top.key = (top.key as number) + 1;
      continue;
    }
    if (t.kind === '}' || t.kind === ']') {
      frames.pop();
      continue;
    }
    // A value starts. Keep scanning after a hit: a later duplicate key is the one JSON.parse kept.
    if (top && !top.obj) top.at = t.at;
    if (frames.length === path.length && frames.every((f, k) => f.key === path[k])) found = top!.at;
    if (t.kind === '{') frames.push({ obj: true, key: '', at: t.at, expectKey: true });
    else if (t.kind === '[') frames.push({ obj: false, key: 0, at: t.at, expectKey: false });
  }
  return found;
}

/** A key JSON.parse would read wrongly: a repeat in one object (the last silently wins), or `__proto__`. */
export interface KeyProblem {
  kind: 'duplicate' | 'proto';
  key: string;
  /** Offset of the key's opening quote. */
  at: number;
  /** For a duplicate: offset of the first use of the key in the same object. */
  firstAt?: number;
}

/**
 * The first duplicate key or `__proto__` key in an (already valid) JSON text, or null. One pass with a
 * stack of the open containers and, per object, the keys seen so far (iterative: any depth).
 */
export function findKeyProblem(text: string): KeyProblem | null {
  // Per open container: null for an array, else the object's keys → offset.
  const stack: Array<Map<string, number> | null> = [];
  let expectKey = false;
  for (const t of jsonTokens(text)) {
    const top = stack[stack.length - 1];
    if (t.kind === 'string') {
      if (expectKey && top) {
        const key = stringValue(text, t);
        if (key === '__proto__') return { kind: 'proto', key, at: t.at };
        const first = top.get(key);
        if (first !== undefined) return { kind: 'duplicate', key, at: t.at, firstAt: first };
        top.set(key, t.at);
        expectKey = false;
      }
    } else if (t.kind === '{') {
      stack.push(new Map());
      expectKey = true;
    } else if (t.kind === '[') {
      stack.push(null);
    } else if (t.kind === '}' || t.kind === ']') {
      stack.pop();
    } else if (t.kind === ',') {
      expectKey = top != null;
    }
  }
  return null;
}
