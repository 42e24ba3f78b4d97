import type { Rect, Snapshot } from '../model/schema.js';
import type { Node } from '../model/schema.js';
import { AppleNodes, type AppleFields } from './apple.js';
import { FieldReader, index, isObject, isStringArray, MAX_EXTRA_DEPTH, NodePaths, plainExtra, plainOriginSize, plainXywh, prop, walkJsonTree, type JsonObject, type PathLike } from './read.js';
import type { ImportOptions } from './types.js';
import { warning, type Warning } from '../model/warnings.js';

/*
 * iOS sources that come as JSON → Snapshot, in points:
 * - WebDriverAgent `GET /source?format=json`: `{ value: node }` (or legacy `{ value: { tree: node } }`),
 *   node = { type, name, label, value, rect {x, y, width, height} (legacy: {origin{x,y}, size{width,height}}),
 *   isEnabled, isVisible ("1"/"0" or booleans), rawIdentifier, children }.
 * - `idb ui describe-all --json`: an array of elements { type, AXLabel, AXValue, AXUniqueId, frame
 *   {x, y, width, height} or AXFrame "{{x, y}, {w, h}}", enabled, role, role_description, title, help,
 *   custom_actions, children (with --nested) }. The flat form has no hierarchy: its first element (the
 *   application) holds the others, in order.
 */

export function wdaFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r = new FieldReader(opts.where, 'WebDriverAgent /source JSON');
  const doc = r.object(value, '');
  // The answer, or the node inside it (importTree unwraps a lone `{ value }`).
  const wrapped = isObject(doc.value);
  const v = wrapped ? r.object(doc.value, 'value') : doc;
  const base: PathLike = wrapped ? 'value' : '';
  const legacy = isObject(v.tree);
  const nodes = new AppleNodes();
  const top = readTree(r, nodes, legacy ? v.tree : v, legacy ? prop(base, 'tree') : base, wdaElement);
  return nodes.snapshot(top, 'wda', opts, { producer: legacy ? 'legacy' : null });
}

export function idbFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r = new FieldReader(opts.where, '`idb ui describe-all` JSON');
  if (!Array.isArray(value)) return r.fail('', 'expected the JSON array `idb ui describe-all --json` prints');
  if (value.length === 0) return r.fail('', 'the array holds no element: idb describes at least the application');
  const nodes = new AppleNodes();
  const items = value.map((x, i) => readTree(r, nodes, x, index('', i), idbElement));
  const nested = value.some((x) => isObject(x) && Array.isArray(x.children));
  const warnings: Warning[] = [];
  const top = items[0]!;
  if (items.length > 1) {
    // The flat list says nothing about nesting: the first element (idb lists the application first) holds the rest.
    for (let i = 1; i < items.length; i++) top.children.push(items[i]!);
    if (!nested) warnings.push(warning('flat-hierarchy', {}));
  }
  return nodes.snapshot(top, 'idb', opts, { warnings });
}

/** Reads one element: `o` is node `n` of `paths`, its path made only for an error. */
type ElementReader = (r: FieldReader, o: JsonObject, paths: NodePaths, n: number) => AppleFields;

/**
 * A JSON tree of elements (children under `children`) as nodes. The top element and each child's
 * subtree are read apart, so `nodes` knows the elements that can become roots.
 */
function readTree(r: FieldReader, nodes: AppleNodes, raw: unknown, path: PathLike, read: ElementReader): Node {
  const paths = new NodePaths(path);
  const o = r.object(raw, path);
  const top = nodes.node(read(r, o, paths, paths.add(-1, 0)), true);
  const kids = r.optArray(o, 'children', path);
  const kidsAt = prop(path, 'children');
  for (let i = 0; i < kids.length; i++) {
    const sub = new NodePaths(index(kidsAt, i));
    top.children.push(walkJsonTree(r, kids[i], sub, (x, n) => nodes.node(read(r, x, sub, n), n === 0)));
  }
  return top;
}

/** "1" / "0", true / false, 1 / 0; absent → the default. */
function flag(r: FieldReader, o: JsonObject, key: string, paths: NodePaths, n: number, dflt: boolean | null): boolean | null {
  const v = o[key];
  if (v === undefined || v === null) return dflt;
  if (v === true || v === '1' || v === 1 || v === 'true') return true;
  if (v === false || v === '0' || v === 0 || v === 'false') return false;
  return r.fail(prop(paths.at(n), key), `expected "1" / "0" or true / false, got ${JSON.stringify(v)}`);
}

/** A string, or a number / boolean as its text (WDA values are "any"), or null. */
function text(r: FieldReader, o: JsonObject, key: string, paths: NodePaths, n: number): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return r.fail(prop(paths.at(n), key), `expected a string, got ${Array.isArray(v) ? 'an array' : 'an object'}`);
}

/** WDA rects (`rect` of the element `e`): {x, y, width, height} or {origin: {x, y}, size: {width, height}}. */
function wdaRect(r: FieldReader, e: JsonObject, paths: NodePaths, n: number): Rect {
  const v = e.rect;
  if (isObject(v) && !('origin' in v || 'size' in v)) return plainXywh(v) ?? r.xywh(v, prop(paths.at(n), 'rect'));
  return plainOriginSize(v) ?? originSize(r, v, prop(paths.at(n), 'rect'));
}

/** The legacy WDA rect `{origin: {x, y}, size: {width, height}}` at `path`. */
export function originSize(r: FieldReader, v: unknown, path: PathLike): Rect {
  const o = r.object(v, path);
  if ('origin' in o || 'size' in o) {
    const origin = r.object(o.origin, prop(path, 'origin'));
    const size = r.object(o.size, prop(path, 'size'));
    return {
      x: r.finiteAt(origin, 'x', prop(path, 'origin')), y: r.finiteAt(origin, 'y', prop(path, 'origin')),
      width: r.sizeAt(size, 'width', prop(path, 'size')), height: r.sizeAt(size, 'height', prop(path, 'size')),
    };
  }
  return r.xywh(o, path);
}

/** "{{x, y}, {w, h}}" (an NSRect string). */
function frameString(r: FieldReader, v: unknown, path: () => PathLike): Rect {
  const m = typeof v === 'string' ? /^\{\{\s*(-?[\d.e+-]+),\s*(-?[\d.e+-]+)\s*\},\s*\{\s*([\d.e+-]+),\s*([\d.e+-]+)\s*\}\}$/.exec(v) : null;
  const nums = m ? m.slice(1).map(Number) : [];
  if (!m || nums.some((n) => !Number.isFinite(n))) return r.fail(path(), `expected a frame "{{x, y}, {width, height}}", got ${JSON.stringify(v)}`);
  return { x: nums[0]!, y: nums[1]!, width: nums[2]!, height: nums[3]! };
}

/** The properties of `o` outside `known`, kept verbatim (FieldReader.extra). */
function extras(r: FieldReader, o: JsonObject, known: ReadonlySet<string>, paths: NodePaths, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    if (known.has(k)) continue;
    const v = o[k];
    out[k] = plainExtra(v, MAX_EXTRA_DEPTH) ? v : r.extra(v, prop(paths.at(n), k));
  }
  return out;
}

const WDA_KNOWN = new Set(['type', 'name', 'label', 'value', 'rect', 'frame', 'isEnabled', 'isVisible', 'rawIdentifier', 'children', 'placeholderValue', 'title', 'isSelected', 'isFocused', 'hasFocus']);

const wdaElement: ElementReader = (r, o, paths, n) => {
  const name = text(r, o, 'name', paths, n), label = text(r, o, 'label', paths, n);
  const raw = text(r, o, 'rawIdentifier', paths, n);
  const more = extras(r, o, WDA_KNOWN, paths, n);
  const attrs = isObject(o.attributes) ? o.attributes : null;
  const type = o.type;
  return {
    type: typeof type === 'string' ? type : r.string(o, 'type', paths.at(n)),
    identifier: raw ?? (name !== null && name !== label && name.trim() !== '' ? name : null),
    label,
    title: text(r, o, 'title', paths, n),
    value: text(r, o, 'value', paths, n),
    placeholder: text(r, o, 'placeholderValue', paths, n),
    enabled: flag(r, o, 'isEnabled', paths, n, true)!,
    visible: flag(r, o, 'isVisible', paths, n, null),
    selected: flag(r, o, 'isSelected', paths, n, false)!,
    focused: flag(r, o, 'isFocused', paths, n, false)! || (attrs !== null && (attrs.hasKeyboardFocus === '1' || attrs.hasKeyboardFocus === true)),
    bounds: o.rect !== undefined ? wdaRect(r, o, paths, n) : o.frame !== undefined ? frameString(r, o.frame, () => prop(paths.at(n), 'frame')) : { x: 0, y: 0, width: 0, height: 0 },
    extras: more,
  };
};

const IDB_KNOWN = new Set(['type', 'AXLabel', 'AXValue', 'AXUniqueId', 'AXIdentifier', 'frame', 'AXFrame', 'enabled', 'title', 'children', 'traits']);

const idbElement: ElementReader = (r, o, paths, n) => {
  const more = extras(r, o, IDB_KNOWN, paths, n);
  const role = text(r, o, 'role', paths, n);
  const traits = o.traits;
  return {
    // idb's `type` is the short form (Button); its `role` the AX one (AXButton).
    type: text(r, o, 'type', paths, n) ?? role,
    identifier: text(r, o, 'AXUniqueId', paths, n) ?? text(r, o, 'AXIdentifier', paths, n),
    label: text(r, o, 'AXLabel', paths, n),
    title: text(r, o, 'title', paths, n),
    value: text(r, o, 'AXValue', paths, n),
    enabled: flag(r, o, 'enabled', paths, n, true)!,
    bounds: o.frame !== undefined ? plainXywh(o.frame) ?? r.xywh(o.frame, prop(paths.at(n), 'frame')) : o.AXFrame !== undefined ? frameString(r, o.AXFrame, () => prop(paths.at(n), 'AXFrame')) : { x: 0, y: 0, width: 0, height: 0 },
    traits: traits === undefined || traits === null ? [] : isStringArray(traits) ? traits : r.stringArray(o, 'traits', paths.at(n)),
    extras: more,
  };
};
