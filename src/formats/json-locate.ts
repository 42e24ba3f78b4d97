/**
 * Where a value sits in a JSON text, so an error about `colors.Primary` can name its line. JSON.parse
 * keeps no positions; this re-scans the (already valid) text once, iteratively, and only when an
 * error needs it.
 */
export type JsonPath = ReadonlyArray<string | number>;

/**
 * Offset of the member `path` points at: the key of an object member (the line a reader looks for),
 * the value of an array element, the first value for `[]`. Null when the text has no such member.
 * When a key repeats, the last one wins, as in JSON.parse.
 */
export function locateJsonPath(text: string, path: JsonPath): number | null {
  const n = text.length;
  let i = 0;
  const frames: Array<{ kind: 'obj' | 'arr'; key: string | number; at: number }> = [];
  let found: number | null = null;
  const skipWs = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      i++;
    }
  };
  const readString = (): string => {
    const start = i;
    for (i++; i < n && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readKey = (frame: { key: string | number; at: number }) => {
    skipWs();
    frame.at = i;
    frame.key = readString();
    skipWs();
    i++; // ':'
  };
  const here = () => frames.length === path.length && frames.every((f, k) => f.key === path[k]);

  skipWs();
  if (path.length === 0) return i < n ? i : null;
  let expectValue = true;
  while (i < n) {
    skipWs();
    if (expectValue) {
      // Keep scanning after a hit: a later duplicate key is the one JSON.parse kept.
      if (here()) found = frames[frames.length - 1]!.at;
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        skipWs();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          expectValue = false;
          continue;
        }
        const frame = { kind: c === '{' ? ('obj' as const) : ('arr' as const), key: 0 as string | number, at: i };
        if (c === '{') readKey(frame);
        frames.push(frame);
        continue;
      }
      if (c === '"') readString();
      else while (i < n && !',]} \t\r\n'.includes(text[i]!)) i++;
      expectValue = false;
      continue;
    }
    const top = frames[frames.length - 1];
    if (!top) break;
    if (text[i] === ',') {
      i++;
      if (top.kind === 'obj') readKey(top);
      else {
        skipWs();
        top.key = (top.key as number) + 1;
        top.at = i;
      }
      expectValue = true;
    } else {
      i++; // '}' or ']'
      frames.pop();
    }
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
  const n = text.length;
  // Per open container: null for an array, else the object's keys → offset.
  const stack: Array<Map<string, number> | null> = [];
  let expectKey = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) { escaped = true; i++; } else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const raw = text.slice(start + 1, i);
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (key === '__proto__') return { kind: 'proto', key, at: start };
        const first = top.get(key);
        if (first !== undefined) return { kind: 'duplicate', key, at: start, firstAt: first };
        top.set(key, start);
        expectKey = false;
      }
    } else if (c === 0x7b /* { */) {
      stack.push(new Map());
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push(null);
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return null;
}
