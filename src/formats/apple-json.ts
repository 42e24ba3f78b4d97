import type { Rect, Snapshot } from '../model/schema.js';
import { appleElement, appleSnapshot, type AppleElement } from './apple.js';
import { FieldReader, index, isObject, plainXywh, prop, type JsonObject, type PathLike } from './read.js';
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
  const top = readTree(r, legacy ? v.tree : v, legacy ? prop(base, 'tree') : base, wdaElement);
  return appleSnapshot(top, 'wda', opts, { producer: legacy ? 'legacy' : null });
}

export function idbFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r = new FieldReader(opts.where, '`idb ui describe-all` JSON');
  if (!Array.isArray(value)) return r.fail('', 'expected the JSON array `idb ui describe-all --json` prints');
  if (value.length === 0) return r.fail('', 'the array holds no element: idb describes at least the application');
  const items = value.map((x, i) => readTree(r, x, index('', i), idbElement));
  const nested = value.some((x) => isObject(x) && Array.isArray(x.children));
  const warnings: Warning[] = [];
  let top: AppleElement;
  if (items.length === 1) top = items[0]!;
  else {
    // The flat list says nothing about nesting: the first element (idb lists the application first) holds the rest.
    top = { ...items[0]!, children: [...items[0]!.children, ...items.slice(1)] };
    if (!nested) warnings.push(warning('flat-hierarchy', {}));
  }
  return appleSnapshot(top, 'idb', opts, { warnings });
}

type ElementReader = (r: FieldReader, o: JsonObject, path: PathLike) => AppleElement;

/** Reads a JSON tree of elements (children under `children`) iteratively. */
function readTree(r: FieldReader, raw: unknown, path: PathLike, read: ElementReader): AppleElement {
  let out: AppleElement | null = null;
  const stack: Array<{ raw: unknown; path: PathLike; parent: AppleElement | null }> = [{ raw, path, parent: null }];
  while (stack.length) {
    const { raw: x, path: at, parent } = stack.pop()!;
    const o = r.object(x, at);
    const e = read(r, o, at);
    if (parent) parent.children.push(e);
    else out = e;
    const kids = r.optArray(o, 'children', at);
    if (kids.length === 0) continue;
    const kidsAt = prop(at, 'children');
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ raw: kids[i], path: index(kidsAt, i), parent: e });
  }
  return out!;
}

/** "1" / "0", true / false, 1 / 0; absent → the default. */
function flag(r: FieldReader, o: JsonObject, key: string, path: PathLike, dflt: boolean | null): boolean | null {
  const v = o[key];
  if (v === undefined || v === null) return dflt;
  if (v === true || v === '1' || v === 1 || v === 'true') return true;
  if (v === false || v === '0' || v === 0 || v === 'false') return false;
  return r.fail(prop(path, key), `expected "1" / "0" or true / false, got ${JSON.stringify(v)}`);
}

/** A string, or a number / boolean as its text (WDA values are "any"), or null. */
function text(r: FieldReader, o: JsonObject, key: string, path: PathLike): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return r.fail(prop(path, key), `expected a string, got ${Array.isArray(v) ? 'an array' : 'an object'}`);
}

/** WDA rects (`rect` of the element `e`): {x, y, width, height} or {origin: {x, y}, size: {width, height}}. */
function wdaRect(r: FieldReader, e: JsonObject, at: PathLike): Rect {
  const v = e.rect;
  if (isObject(v) && !('origin' in v || 'size' in v)) return plainXywh(v) ?? r.xywh(v, prop(at, 'rect'));
  const path = prop(at, 'rect');
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
function frameString(r: FieldReader, v: unknown, path: PathLike): Rect {
  const m = typeof v === 'string' ? /^\{\{\s*(-?[\d.e+-]+),\s*(-?[\d.e+-]+)\s*\},\s*\{\s*([\d.e+-]+),\s*([\d.e+-]+)\s*\}\}$/.exec(v) : null;
  const nums = m ? m.slice(1).map(Number) : [];
  if (!m || nums.some((n) => !Number.isFinite(n))) return r.fail(path, `expected a frame "{{x, y}, {width, height}}", got ${JSON.stringify(v)}`);
  return { x: nums[0]!, y: nums[1]!, width: nums[2]!, height: nums[3]! };
}

const WDA_KNOWN = new Set(['type', 'name', 'label', 'value', 'rect', 'frame', 'isEnabled', 'isVisible', 'rawIdentifier', 'children', 'placeholderValue', 'title', 'isSelected', 'isFocused', 'hasFocus']);

const wdaElement: ElementReader = (r, o, path) => {
  const name = text(r, o, 'name', path), label = text(r, o, 'label', path);
  const raw = text(r, o, 'rawIdentifier', path);
  const extras: Record<string, unknown> = {};
  for (const k in o) if (!WDA_KNOWN.has(k)) extras[k] = r.extraAt(o, k, path);
  const attrs = isObject(o.attributes) ? o.attributes : null;
  return appleElement({
    type: r.string(o, 'type', path),
    identifier: raw ?? (name !== null && name !== label && name.trim() !== '' ? name : null),
    label,
    title: text(r, o, 'title', path),
    value: text(r, o, 'value', path),
    placeholder: text(r, o, 'placeholderValue', path),
    enabled: flag(r, o, 'isEnabled', path, true)!,
    visible: flag(r, o, 'isVisible', path, null),
    selected: flag(r, o, 'isSelected', path, false)!,
    focused: flag(r, o, 'isFocused', path, false)! || (attrs !== null && (attrs.hasKeyboardFocus === '1' || attrs.hasKeyboardFocus === true)),
    bounds: o.rect !== undefined ? wdaRect(r, o, path) : o.frame !== undefined ? frameString(r, o.frame, prop(path, 'frame')) : { x: 0, y: 0, width: 0, height: 0 },
    extras,
  });
};

const IDB_KNOWN = new Set(['type', 'AXLabel', 'AXValue', 'AXUniqueId', 'AXIdentifier', 'frame', 'AXFrame', 'enabled', 'title', 'children', 'traits']);

const idbElement: ElementReader = (r, o, path) => {
  const extras: Record<string, unknown> = {};
  for (const k in o) if (!IDB_KNOWN.has(k)) extras[k] = r.extraAt(o, k, path);
  const role = text(r, o, 'role', path);
  return appleElement({
    // idb's `type` is the short form (Button); its `role` the AX one (AXButton).
    type: text(r, o, 'type', path) ?? role,
    identifier: text(r, o, 'AXUniqueId', path) ?? text(r, o, 'AXIdentifier', path),
    label: text(r, o, 'AXLabel', path),
    title: text(r, o, 'title', path),
    value: text(r, o, 'AXValue', path),
    enabled: flag(r, o, 'enabled', path, true)!,
    bounds: o.frame !== undefined ? r.xywh(o.frame, prop(path, 'frame')) : o.AXFrame !== undefined ? frameString(r, o.AXFrame, prop(path, 'AXFrame')) : { x: 0, y: 0, width: 0, height: 0 },
    traits: r.stringArray(o, 'traits', path),
    extras,
  });
};
