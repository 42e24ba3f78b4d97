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
