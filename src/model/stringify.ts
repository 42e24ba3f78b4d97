import { constants } from 'node:buffer';

/**
 * JSON.stringify without recursion, for values nested deeper than the call stack allows
 * (a 60,000-deep exported tree). Same output as JSON.stringify(value, null, indent) for plain
 * JSON data (objects, arrays, strings, finite numbers, booleans, null); undefined properties are
 * skipped like JSON.stringify does.
 */
export function stringifyJson(value: unknown, indent = 0): string {
  // Native first; only a value nested past the call stack makes it throw RangeError (also thrown for
  // a string over the engine's length limit, which the iterative writer then meets again and throws too).
  try {
    return JSON.stringify(value, null, indent) ?? 'null';
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  return stringifyIteratively(value, indent);
}

/** The iterative writer (exported for tests that must exercise it on shallow values too). */
export function stringifyIteratively(value: unknown, indent = 0): string {
  const out: string[] = [];
  // The length written so far: a text past the engine's longest string fails as soon as it gets there,
  // as the native writer does, instead of after every part of it has been written out.
  let length = 0;
  const push = (part: string) => {
    length += part.length;
    if (length > constants.MAX_STRING_LENGTH) throw new RangeError('Invalid string length');
    out.push(part);
  };
  const nl = (depth: number) => (indent ? '\n' + ' '.repeat(indent * depth) : '');
  const sep = indent ? ': ' : ':';
  type Frame = { kind: 'obj'; entries: Array<[string, unknown]>; next: number; depth: number } | { kind: 'arr'; items: unknown[]; next: number; depth: number };
  const stack: Frame[] = [];
  const emit = (v: unknown, depth: number) => {
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        if (v.length === 0) push('[]');
        else {
          push('[');
          stack.push({ kind: 'arr', items: v, next: 0, depth });
        }
      } else {
        const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && typeof x !== 'function');
        if (entries.length === 0) push('{}');
        else {
          push('{');
          stack.push({ kind: 'obj', entries, next: 0, depth });
        }
      }
    } else {
      push(JSON.stringify(v) ?? 'null');
    }
  };
  emit(value, 0);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const len = top.kind === 'obj' ? top.entries.length : top.items.length;
    if (top.next < len) {
      if (top.next > 0) push(',');
      push(nl(top.depth + 1));
      if (top.kind === 'obj') {
        const [k, v] = top.entries[top.next++]!;
        push(JSON.stringify(k) + sep);
        emit(v, top.depth + 1);
      } else {
        emit(top.items[top.next++], top.depth + 1);
      }
    } else {
      stack.pop();
      push(nl(top.depth) + (top.kind === 'obj' ? '}' : ']'));
    }
  }
  return out.join('');
}
