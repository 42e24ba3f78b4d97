import { FormatError } from '../errors.js';
import { DesignTokenSchema, type DesignToken, type Rect } from '../model/schema.js';
import type { z } from 'zod';

/**
 * A JSON path built lazily: each level links to its parent, and the string
 * (`root.children[2].bounds.width`) is only made when an error needs it. Building every path
 * eagerly would cost O(depth²) on a 60,000-deep tree.
 */
export class Path {
  constructor(
    readonly parent: PathLike | null,
    /** `.key` (or `key` at the top), or an array index, written `[i]` when the string is made. */
    readonly seg: string | number,
  ) {}

  toString(): string {
    const show = (seg: string | number) => (typeof seg === 'number' ? `[${seg}]` : seg);
    const segs: string[] = [show(this.seg)];
    let p: PathLike | null = this.parent;
    while (p instanceof Path) {
      segs.push(show(p.seg));
      p = p.parent;
    }
    if (typeof p === 'string' && p) segs.push(p);
    segs.reverse();
    // A path through a very deep tree stays readable: its start, a count, and its end.
    const shown = segs.length > 40 ? [...segs.slice(0, 8), `…(${segs.length - 33} more levels)…`, ...segs.slice(-25)] : segs;
    return shown.join('').replace(/^\./, '');
  }
}
export type PathLike = string | Path;

/** `base.key` */
export function prop(base: PathLike, key: string): Path {
  return new Path(base, base === '' ? key : '.' + key);
}

/** `base[i]` */
export function index(base: PathLike, i: number): Path {
  return new Path(base, i);
}

/**
 * The paths of a tree's nodes kept as numbers: each node's parent (by the number `add` gave it; -1 for
 * the top node, whose path is `base`) and its index among the parent's children. A node's Path is made
 * only when an error names it, so a valid tree costs no path object per node.
 */
export class NodePaths {
  private readonly parents: number[] = [];
  private readonly indexes: number[] = [];
  constructor(
    private readonly base: PathLike,
    /** The key that holds a node's children: `children` in every tree format. */
    private readonly childrenKey = 'children',
  ) {}

  /** The next node's number, under node `parent` (-1 for the top) at `index` of its children. */
  add(parent: number, index: number): number {
    this.parents.push(parent);
    this.indexes.push(index);
    return this.parents.length - 1;
  }

  /** The path of node `n`: `base.children[i].children[j]…` */
  at(n: number): PathLike {
    const chain: number[] = [];
    for (let k = n; this.parents[k]! !== -1; k = this.parents[k]!) chain.push(k);
    let p: PathLike = this.base;
    for (let i = chain.length - 1; i >= 0; i--) p = index(prop(p, this.childrenKey), this.indexes[chain[i]!]!);
    return p;
  }
}

/**
 * A JSON tree read in pre-order without recursion (a capture may nest deeper than the call stack):
 * `make` builds one node from its raw object (its `children` empty), `n` being its number in `paths`;
 * the walker puts it in its parent's `children` and then reads its own `children` list, if any.
 * Returns the top node.
 */
export function walkJsonTree<T extends { children: T[] }>(r: FieldReader, top: unknown, paths: NodePaths, make: (o: JsonObject, n: number) => T): T {
  let out: T | null = null;
  // Side by side: what to read, the number of the node it goes under (-1 for the top), its index there, and that node.
  const raws: unknown[] = [top];
  const ups: number[] = [-1];
  const indexes: number[] = [0];
  const parents: Array<T | null> = [null];
  while (raws.length) {
    const raw = raws.pop(), parent = parents.pop()!, at = indexes.pop()!;
    const n = paths.add(ups.pop()!, at);
    const o = isObject(raw) ? raw : r.object(raw, paths.at(n));
    const made = make(o, n);
    if (parent) parent.children[at] = made;
    else out = made;
    const kids = o.children;
    if (kids === undefined || kids === null) continue;
    if (!Array.isArray(kids)) r.optArray(o, 'children', paths.at(n));
    // The node's list starts as a copy of the raw list, made once at its length (a list grown child by
    // child keeps spare room for as long as the snapshot lives); each raw child is replaced by its node.
    if ((kids as unknown[]).length) made.children = (kids as unknown[]).slice() as T[];
    for (let i = (kids as unknown[]).length - 1; i >= 0; i--) {
      raws.push((kids as unknown[])[i]);
      ups.push(n);
      indexes.push(i);
      parents.push(made);
    }
  }
  return out!;
}

/** How deep an unknown property's arrays / objects may nest (see FieldReader.extra). */
export const MAX_EXTRA_DEPTH = 64;

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `null`, `array`, `number 12`, `string "abc"` — what a value is, for error messages. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return `${typeof v} ${String(v)}`;
}

/**
 * Typed reads of a parsed JSON document, each naming the JSON path of a bad value
 * (`root.children[2].bounds.width`) and the `where` of the input in the FormatError.
 * One instance per import; the importers share it so their messages read the same.
 */
export class FieldReader {
  constructor(
    readonly where: string | undefined,
    /** The format's display name, used in hints ("a cmp-inspector tree v1 node …"). */
    readonly format: string,
  ) {}

  fail(path: PathLike, message: string, hint?: string): never {
    const p = String(path);
    throw new FormatError('format_error', p ? `${p}: ${message}` : message, {
      where: this.where,
      path: p,
      hint: hint ?? `Fix or re-capture the ${this.format} input; the value at ${p || 'the top level'} does not match the format.`,
    });
  }

  /** The first issue of a failed zod parse, reported at `path` plus the issue's own path. */
  zodFail(path: PathLike, error: z.ZodError): never {
    const issue = error.issues[0];
    let p: PathLike = path;
    for (const seg of issue?.path ?? []) p = typeof seg === 'number' ? index(p, seg) : prop(p, String(seg));
    this.fail(p, issue?.message ?? 'invalid value');
  }

  object(v: unknown, path: PathLike): JsonObject {
    if (!isObject(v)) this.fail(path, `expected an object, got ${describeValue(v)}`);
    return v;
  }

  /** A string, or null when absent / null. */
  optString(o: JsonObject, key: string, path: PathLike): string | null {
    const v = o[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') this.fail(prop(path, key), `expected a string or null, got ${describeValue(v)}`);
    return v;
  }

  string(o: JsonObject, key: string, path: PathLike): string {
    const v = o[key];
    if (typeof v !== 'string') this.fail(prop(path, key), v === undefined ? 'is missing (expected a string)' : `expected a string, got ${describeValue(v)}`);
    return v;
  }

  optBool(o: JsonObject, key: string, path: PathLike): boolean | null {
    const v = o[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'boolean') this.fail(prop(path, key), `expected true or false, got ${describeValue(v)}`);
    return v;
  }

  /** A finite number, or null when absent / null. */
  optNumber(o: JsonObject, key: string, path: PathLike): number | null {
    const v = o[key];
    if (v === undefined || v === null) return null;
    return this.finite(v, prop(path, key));
  }

  finite(v: unknown, path: PathLike): number {
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(path, `expected a finite number, got ${describeValue(v)}`);
    return v;
  }

  size(v: unknown, path: PathLike): number {
    const n = this.finite(v, path);
    if (n < 0) this.fail(path, `a size cannot be negative, got ${n}`);
    return n;
  }

  array(o: JsonObject, key: string, path: PathLike): unknown[] {
    const v = o[key];
    if (!Array.isArray(v)) this.fail(prop(path, key), v === undefined ? 'is missing (expected an array)' : `expected an array, got ${describeValue(v)}`);
    return v;
  }

  optArray(o: JsonObject, key: string, path: PathLike): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) return [];
    return this.array(o, key, path);
  }

  stringArray(o: JsonObject, key: string, path: PathLike): string[] {
    const a = this.optArray(o, key, path);
    a.forEach((s, i) => {
      if (typeof s !== 'string') this.fail(index(prop(path, key), i), `expected a string, got ${describeValue(s)}`);
    });
    return a as string[];
  }

  /** `{x, y, width, height}`, width and height ≥ 0, and the far edges finite too. */
  xywh(v: unknown, path: PathLike): Rect {
    const o = this.object(v, path);
    return this.finiteRect({
      x: this.finiteAt(o, 'x', path),
      y: this.finiteAt(o, 'y', path),
      width: this.sizeAt(o, 'width', path),
      height: this.sizeAt(o, 'height', path),
    }, path);
  }

  /**
   * `o[key]` as optString reads it, for node `n` of a tree read with `paths`: the node's path made only
   * for an error. `v` is `o[key]`, for a reader that has read it already.
   */
  nodeOptString(o: JsonObject, key: string, paths: NodePaths, n: number, v: unknown = o[key]): string | null {
    return typeof v === 'string' ? v : v === undefined || v === null ? null : this.optString(o, key, paths.at(n));
  }

  /** `o[key]` as optBool reads it, for node `n` of a tree read with `paths`: the node's path made only for an error. */
  nodeOptBool(o: JsonObject, key: string, paths: NodePaths, n: number): boolean | null {
    const v = o[key];
    return typeof v === 'boolean' ? v : v === undefined || v === null ? null : this.optBool(o, key, paths.at(n));
  }

  /** `xywh` of `o[key]`, its path made only when it fails. */
  xywhAt(o: JsonObject, key: string, path: PathLike): Rect {
    const v = o[key];
    return plainXywh(v) ?? this.xywh(v, prop(path, key));
  }

  /** `finite` of `o[key]`, its path made only when it fails. */
  finiteAt(o: JsonObject, key: string, path: PathLike): number {
    const v = o[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : this.finite(v, prop(path, key));
  }

  /** `size` of `o[key]`, its path made only when it fails. */
  sizeAt(o: JsonObject, key: string, path: PathLike): number {
    const v = o[key];
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : this.size(v, prop(path, key));
  }

  /**
   * Every number checked finite after arithmetic: finite inputs can still overflow (right − left
   * with left −1.7e308 and right 1.7e308 is Infinity), and the model never holds Infinity or NaN.
   */
  finiteRect(r: Rect, path: PathLike): Rect {
    const bad = !Number.isFinite(r.width) ? 'width' : !Number.isFinite(r.height) ? 'height'
      : !Number.isFinite(r.x + r.width) ? 'right edge (x + width)' : !Number.isFinite(r.y + r.height) ? 'bottom edge (y + height)' : null;
    if (bad) this.fail(path, `the ${bad} of these bounds overflows to ${bad === 'width' ? r.width : bad === 'height' ? r.height : 'Infinity'}: coordinates this large are not a screen`);
    return r;
  }

  /** `{left, top, right, bottom}` → Rect; right before left (or bottom above top) is an error. */
  ltrb(v: unknown, path: PathLike): Rect {
    const o = this.object(v, path);
    const left = this.finiteAt(o, 'left', path);
    const top = this.finiteAt(o, 'top', path);
    const right = this.finiteAt(o, 'right', path);
    const bottom = this.finiteAt(o, 'bottom', path);
    if (right < left) this.fail(prop(path, 'right'), `right (${right}) is left of left (${left}): a negative width`);
    if (bottom < top) this.fail(prop(path, 'bottom'), `bottom (${bottom}) is above top (${top}): a negative height`);
    return this.finiteRect({ x: left, y: top, width: right - left, height: bottom - top }, path);
  }

  /**
   * A property the format does not name, to be kept verbatim in `platform`: returned as is when
   * its numbers are finite and its arrays / objects nest at most MAX_EXTRA_DEPTH levels, else a
   * FormatError (format_error for a number, too_large for the depth)
   * naming where the limit was passed. Decision: refuse rather than drop it, since a silent
   * drop would change what an export gives back; no real producer nests extras that deep, and a
   * value 100,000 levels deep would overflow every recursive reader (JSON.stringify, structuredClone)
   * downstream. Iterative, linear in the value's size. `maxDepth` is for treewright's own snapshot,
   * whose `platform` holds what other importers kept (already bounded, one level down).
   */
  extra(v: unknown, path: PathLike, maxDepth = MAX_EXTRA_DEPTH): unknown {
    if (typeof v === 'number') return this.representable(v, path);
    if (v === null || typeof v !== 'object') return v;
    const stack: Array<{ v: unknown; depth: number; path: PathLike }> = [{ v, depth: 1, path }];
    while (stack.length) {
      const top = stack.pop()!;
      if (top.depth > maxDepth) {
        const p = String(top.path);
        throw new FormatError('too_large', `${p}: nested more than ${MAX_EXTRA_DEPTH} levels deep; treewright keeps unknown properties only up to that depth`, {
          where: this.where,
          path: p,
          hint: `Remove or flatten that property in the ${this.format} input (the producer added it; treewright does not read it).`,
        });
      }
      if (Array.isArray(top.v)) {
        top.v.forEach((x, i) => {
          if (x !== null && typeof x === 'object') stack.push({ v: x, depth: top.depth + 1, path: index(top.path, i) });
          else if (typeof x === 'number') this.representable(x, index(top.path, i));
        });
      } else {
        for (const [k, x] of Object.entries(top.v as JsonObject)) {
          if (x !== null && typeof x === 'object') stack.push({ v: x, depth: top.depth + 1, path: prop(top.path, k) });
          else if (typeof x === 'number') this.representable(x, prop(top.path, k));
        }
      }
    }
    return v;
  }

  /** `extra` of `o[key]`: checked plainly first, so its JSON path is made only for an error. */
  extraAt(o: JsonObject, key: string, path: PathLike, maxDepth = MAX_EXTRA_DEPTH): unknown {
    const v = o[key];
    return plainExtra(v, maxDepth) ? v : this.extra(v, prop(path, key), maxDepth);
  }

  /**
   * A number kept verbatim must be one JSON can write back: JSON.parse reads `1e400` as Infinity,
   * which an export would write as null. Refused at import, never stored.
   */
  private representable(v: number, path: PathLike): number {
    if (!Number.isFinite(v)) this.fail(path, `${v} is not a number treewright can store: a number this large has no finite value (JSON writes it back as null)`);
    return v;
  }

  /**
   * A design token (DesignTokenSchema: `{ tokens: string[], resolved: { [name]: string } }`), or null
   * when absent / null, as a copy of its own. What the schema's walk would accept is checked plainly;
   * anything else goes to the schema, whose first issue is the error.
   */
  designToken(v: unknown, path: PathLike): DesignToken | null {
    if (v === undefined || v === null) return null;
    const plain = plainDesignToken(v);
    if (plain) return plain;
    const parsed = DesignTokenSchema.safeParse(v);
    if (!parsed.success) this.zodFail(path, parsed.error);
    return parsed.data;
  }

  /** Either rectangle spelling: `{x,y,width,height}` or `{left,top,right,bottom}`. */
  rect(v: unknown, path: PathLike): Rect {
    const o = this.object(v, path);
    return 'left' in o || 'right' in o ? this.ltrb(o, path) : this.xywh(o, path);
  }
}

/**
 * True when `FieldReader.extra` would return `v` as it is: every number finite, arrays and objects
 * nested at most `maxDepth` levels. The same walk without paths; `extra` re-walks to name the error.
 */
export function plainExtra(v: unknown, maxDepth: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  // The arrays and objects still to look at, with their depths: made when one holds another (most hold
  // only numbers and strings).
  let values: unknown[] | null = null;
  let depths: number[] | null = null;
  let x: unknown = v;
  let depth = 1;
  for (;;) {
    if (depth > maxDepth) return false;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const y: unknown = x[i];
        if (typeof y === 'number') {
          if (!Number.isFinite(y)) return false;
        } else if (y !== null && typeof y === 'object') {
          (values ??= []).push(y);
          (depths ??= []).push(depth + 1);
        }
      }
    } else {
      for (const k in x as JsonObject) {
        const y = (x as JsonObject)[k];
        if (typeof y === 'number') {
          if (!Number.isFinite(y)) return false;
        } else if (y !== null && typeof y === 'object') {
          (values ??= []).push(y);
          (depths ??= []).push(depth + 1);
        }
      }
    }
    if (values === null || values.length === 0) return true;
    x = values.pop();
    depth = depths!.pop()!;
  }
}

/** `{x, y, width, height}` as `xywh` reads it when `xywh` would accept it; null for anything `xywh` must judge. */
export function plainXywh(v: unknown): Rect | null {
  if (!isObject(v)) return null;
  const { x, y, width, height } = v;
  if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number') return null;
  // Far edges finite: finite width and x (and no overflow of their sum) in one test each.
  if (!(width >= 0 && height >= 0 && Number.isFinite(x + width) && Number.isFinite(y + height) && Number.isFinite(x) && Number.isFinite(y))) return null;
  return { x, y, width, height };
}

/**
 * The `{origin: {x, y}, size: {width, height}}` spelling of a rect (legacy WebDriverAgent rects, MoUI
 * frames) when it plainly is one: finite numbers, sizes not negative; null for anything else, which
 * the reader's careful read judges.
 */
export function plainOriginSize(v: unknown): Rect | null {
  if (!isObject(v)) return null;
  const { origin, size } = v;
  if (!isObject(origin) || !isObject(size)) return null;
  const { x, y } = origin, { width, height } = size;
  if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number') return null;
  if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(width) && Number.isFinite(height) && width >= 0 && height >= 0)) return null;
  return { x, y, width, height };
}

/** An array of strings only: what `stringArray` accepts as it is. */
export function isStringArray(v: unknown): v is string[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/** `{left, top, right, bottom}` as `ltrb` reads it when `ltrb` would accept it; null for anything `ltrb` must judge. */
export function plainLtrb(v: unknown): Rect | null {
  if (!isObject(v)) return null;
  const { left, top, right, bottom } = v;
  if (typeof left !== 'number' || typeof top !== 'number' || typeof right !== 'number' || typeof bottom !== 'number') return null;
  if (!(Number.isFinite(left) && Number.isFinite(top) && Number.isFinite(right) && Number.isFinite(bottom) && right >= left && bottom >= top)) return null;
  const width = right - left;
  const height = bottom - top;
  // plainXywh's far edges: two finite edges far apart can still overflow their difference.
  return Number.isFinite(left + width) && Number.isFinite(top + height) ? { x: left, y: top, width, height } : null;
}

/** Either rectangle spelling as `rect` reads it when `rect` would accept it; null for anything `rect` must judge. */
export function plainRect(v: unknown): Rect | null {
  if (!isObject(v)) return null;
  return 'left' in v || 'right' in v ? plainLtrb(v) : plainXywh(v);
}

/** A design token that plainly matches DesignTokenSchema, copied as the schema copies it; null for anything else. */
export function plainDesignToken(v: unknown): DesignToken | null {
  if (!isObject(v)) return null;
  const { tokens, resolved } = v;
  if (!Array.isArray(tokens) || !isObject(resolved)) return null;
  for (let i = 0; i < tokens.length; i++) if (typeof tokens[i] !== 'string') return null;
  const values: Record<string, string> = {};
  for (const k in resolved) {
    const x = resolved[k];
    // A key the assignment would take for the prototype is the schema's to judge.
    if (typeof x !== 'string' || k === '__proto__') return null;
    values[k] = x;
  }
  return { tokens: tokens.slice(), resolved: values };
}
