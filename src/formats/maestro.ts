import type { Action, Node, Rect, Role, Root, Snapshot } from '../model/schema.js';
import { makeSnapshot } from '../model/serialize.js';
import { androidClassInfo } from './android-roles.js';
import { readBoundsValue } from './bounds-text.js';
import { appleElement, appleSnapshot, type AppleElement } from './apple.js';
import { checkDensity, withDensity } from './density.js';
import { warning, type Warning } from '../model/warnings.js';
import { FieldReader, NodePaths, index, isObject, prop, walkJsonTree, type JsonObject, type PathLike } from './read.js';
import { withoutSecret } from './secret.js';
import { sourceLabel } from './source-label.js';
import type { ImportOptions } from './types.js';

/*
 * `maestro hierarchy` JSON → Snapshot. A node is { attributes: { text, accessibilityText, hintText,
 * resource-id, bounds "[x1,y1][x2,y2]", enabled, focused, selected, checked, … as strings }, children }.
 * On Android the attributes add class, clickable, scrollable (and the bounds are px); on iOS there is no
 * class (points; title and value instead). The top node holds one subtree per window: each becomes a
 * root, and the top node a root of its own below them, so every node of the source is in the snapshot.
 *
 * The CLI prints lines before the JSON ("Running on <device>", on iOS also "None: "); they are skipped.
 * A Maestro --debug-output commands file (a JSON array of { command, metadata }) carries the screen of
 * a failed command as metadata.error.hierarchyRoot: the last one is read.
 */

const FORMAT = '`maestro hierarchy` JSON';

export function maestroFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r = new FieldReader(opts.where, FORMAT);
  let top = value;
  let path: PathLike = '';
  const warnings: Warning[] = [];
  if (Array.isArray(value)) {
    let at = -1;
    value.forEach((c, i) => { if (isObject(c) && isObject(c.metadata) && isObject(c.metadata.error) && c.metadata.error.hierarchyRoot !== undefined) at = i; });
    if (at < 0) r.fail('', 'a Maestro commands file with no hierarchyRoot: no command failed, so it holds no screen', 'Run `maestro hierarchy` for the screen, or use the commands file of a failed run.');
    top = ((value[at] as JsonObject).metadata as JsonObject & { error: JsonObject }).error.hierarchyRoot;
    path = prop(prop(prop(index('', at), 'metadata'), 'error'), 'hierarchyRoot');
    warnings.push(warning('failed-command-screen', { command: at + 1 }));
  }
  const o = r.object(top, path);
  r.object(o.attributes, prop(path, 'attributes'));
  const android = hasClass(o);
  if (android) return androidSnapshot(r, o, path, opts, warnings);
  return appleSnapshot(readApple(r, o, path), 'maestro', opts, { producer: 'ios', warnings, windowsAreChildren: true });
}

/** Any node with attributes.class: the Android hierarchy (iOS nodes have no class). */
function hasClass(top: JsonObject): boolean {
  const stack: unknown[] = [top];
  let seen = 0;
  while (stack.length && seen++ < 10000) {
    const n = stack.pop();
    if (!isObject(n)) continue;
    if (isObject(n.attributes) && typeof n.attributes.class === 'string') return true;
    if (Array.isArray(n.children)) for (const c of n.children) stack.push(c);
  }
  return false;
}

/**
 * A node's attributes read in one pass: each value a reader takes, under its name, and the attributes
 * the reader has no field for. The path of the attributes is made only when an error names it. One
 * per walk, read anew for each node (`read`): a node is built before the next one is read.
 */
class Attrs {
  text: unknown;
  accessibilityText: unknown;
  hintText: unknown;
  resourceId: unknown;
  bounds: unknown;
  enabled: unknown;
  focused: unknown;
  selected: unknown;
  checked: unknown;
  clickable: unknown;
  scrollable: unknown;
  cls: unknown;
  title: unknown;
  value: unknown;
  password: unknown;
  checkable: unknown;
  longClickable: unknown;
  focusable: unknown;
  /** The attributes the reader has no field for, or null when there are none. */
  others: Record<string, unknown> | null = null;
  /** The node whose attributes these are. */
  private n = 0;

  constructor(private readonly paths: NodePaths) {}

  /** Node `n`'s attributes `a`. */
  read(a: JsonObject, n: number): this {
    this.n = n;
    this.text = this.accessibilityText = this.hintText = this.resourceId = this.bounds = this.enabled = this.focused = this.selected = this.checked = undefined;
    this.clickable = this.scrollable = this.cls = this.title = this.value = this.password = this.checkable = this.longClickable = this.focusable = undefined;
    this.others = null;
    for (const k in a) {
      const v = a[k];
      switch (k) {
        case 'text': this.text = v; break;
        case 'accessibilityText': this.accessibilityText = v; break;
        case 'hintText': this.hintText = v; break;
        case 'resource-id': this.resourceId = v; break;
        case 'bounds': this.bounds = v; break;
        case 'enabled': this.enabled = v; break;
        case 'focused': this.focused = v; break;
        case 'selected': this.selected = v; break;
        case 'checked': this.checked = v; break;
        case 'clickable': this.clickable = v; break;
        case 'scrollable': this.scrollable = v; break;
        case 'class': this.cls = v; break;
        case 'title': this.title = v; break;
        case 'value': this.value = v; break;
        case 'password': this.password = v; break;
        case 'checkable': this.checkable = v; break;
        case 'long-clickable': this.longClickable = v; break;
        case 'focusable': this.focusable = v; break;
        default: (this.others ??= {})[k] = v;
      }
    }
    return this;
  }

  get path(): PathLike {
    return prop(this.paths.at(this.n), 'attributes');
  }
}

/** The string attribute `key` (its value `v`); empty reads as absent. */
function str(r: FieldReader, at: Attrs, key: string, v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return r.fail(prop(at.path, key), `expected a string, got ${JSON.stringify(v)}`);
  return v;
}

/** The flag `key` (its attribute's value `v`). */
function bool(r: FieldReader, at: Attrs, key: string, v: unknown, node: JsonObject): boolean {
  // Maestro writes the flags as strings in attributes, and some also as booleans on the node.
  const x = v ?? node[key];
  if (x === undefined || x === null || x === '') return key === 'enabled';
  if (x === true || x === 'true') return true;
  if (x === false || x === 'false') return false;
  return r.fail(prop(at.path, key), `expected "true" or "false", got ${JSON.stringify(x)}`);
}

/** The node's bounds attribute. */
function bounds(r: FieldReader, at: Attrs): Rect {
  return plainBounds(at.bounds) ?? boundsValue(r, at.bounds, at);
}

/**
 * The bounds as `boundsValue` reads them when they are plain: four integers (at most 9 digits), in
 * order; null for anything else, which `boundsValue` judges. Real captures' bounds are all plain, and
 * read without the pattern (tests/formats/plain-reads.spec.ts holds the two to the same answers).
 */
export function plainBounds(v: unknown): Rect | null {
  if (typeof v !== 'string') return null;
  const n = [0, 0, 0, 0];
  if (!readBoundsValue(v, 0, v.length, n)) return null;
  const [x1, y1, x2, y2] = n as [number, number, number, number];
  return x2 < x1 || y2 < y1 ? null : { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * "[x1,y1][x2,y2]" (negative and off-screen values are real: a dimming node larger than the screen);
 * absent or empty is a zero rect. `at.path` names the attributes in an error.
 */
export function boundsValue(r: FieldReader, v: unknown, at: { readonly path: PathLike }): Rect {
  if (v === undefined || v === null || v === '') return { x: 0, y: 0, width: 0, height: 0 };
  const m = typeof v === 'string' ? /^\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]$/.exec(v) : null;
  if (!m) return r.fail(prop(at.path, 'bounds'), `expected "[x1,y1][x2,y2]", got ${JSON.stringify(v)}`);
  const x1 = Number(m[1]), y1 = Number(m[2]), x2 = Number(m[3]), y2 = Number(m[4]);
  // More digits than a double holds read as Infinity: refused, never stored (it could not be written back).
  if (!(Number.isFinite(x1) && Number.isFinite(y1) && Number.isFinite(x2) && Number.isFinite(y2))) return r.fail(prop(at.path, 'bounds'), `bounds ${String(v).slice(0, 80)} hold a number too large to represent`);
  if (x2 < x1 || y2 < y1) return r.fail(prop(at.path, 'bounds'), `bounds ${v} end before they start (x2 < x1 or y2 < y1)`);
  const rect = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  // The far edges finite too: finiteRect's check made plainly first, so the path is made only for its error.
  return Number.isFinite(x1 + rect.width) && Number.isFinite(y1 + rect.height) ? rect : r.finiteRect(rect, prop(at.path, 'bounds'));
}

/** Roles whose View classes are checkable (CheckBox, Switch, RadioButton, ToggleButton): their unchecked state is off. */
const TOGGLE_ROLES: ReadonlySet<Role> = new Set(['Checkbox', 'Switch', 'RadioButton']);

function extras(at: Attrs): Record<string, unknown> {
  return at.others ? { attributes: at.others } : {};
}

/** Walks the Maestro tree iteratively, building with `make` (children appended by the walker). */
function walkMaestro<T extends { children: T[] }>(r: FieldReader, top: JsonObject, path: PathLike, make: (node: JsonObject, at: Attrs) => T): T {
  const paths = new NodePaths(path);
  const at = new Attrs(paths);
  return walkJsonTree(r, top, paths, (o, n) => {
    const attributes = o.attributes;
    const a = attributes === undefined ? {} : isObject(attributes) ? attributes : r.object(attributes, prop(paths.at(n), 'attributes'));
    return make(o, at.read(a, n));
  });
}

function readApple(r: FieldReader, top: JsonObject, path: PathLike): AppleElement {
  return walkMaestro(r, top, path, (o, at) => {
    const checked = bool(r, at, 'checked', at.checked, o);
    return appleElement({
      identifier: str(r, at, 'resource-id', at.resourceId),
      label: str(r, at, 'accessibilityText', at.accessibilityText) ?? str(r, at, 'text', at.text),
      title: str(r, at, 'title', at.title),
      value: str(r, at, 'value', at.value),
      placeholder: str(r, at, 'hintText', at.hintText),
      enabled: bool(r, at, 'enabled', at.enabled, o),
      selected: bool(r, at, 'selected', at.selected, o),
      focused: bool(r, at, 'focused', at.focused, o),
      checked: checked ? true : null,
      bounds: bounds(r, at),
      extras: { ...extras(at), ...(str(r, at, 'text', at.text) !== null && str(r, at, 'accessibilityText', at.accessibilityText) !== null ? { text: str(r, at, 'text', at.text) } : {}) },
    });
  });
}

/** `platform` of an Android node: its resource id and the attributes the reader has no field for, each when present. */
function androidPlatform(resourceId: string | null, attributes: Record<string, unknown> | null): Record<string, unknown> {
  const platform: Record<string, unknown> = {};
  if (resourceId !== null) platform.resourceId = resourceId;
  if (attributes !== null) platform.attributes = attributes;
  return platform;
}

function androidSnapshot(r: FieldReader, top: JsonObject, path: PathLike, opts: ImportOptions, warnings: Warning[]): Snapshot {
  let next = 0;
  const tree = walkMaestro<Node>(r, top, path, (o, at) => {
    const cls = str(r, at, 'class', at.cls);
    const info = cls === null ? null : androidClassInfo(cls);
    const clickable = bool(r, at, 'clickable', at.clickable, o), scrollable = bool(r, at, 'scrollable', at.scrollable, o);
    const editable = info?.editable ?? false;
    const actions: Action[] = [];
    if (clickable) actions.push('Click');
    if (scrollable) actions.push('ScrollBy');
    if (editable) actions.push('SetText');
    const text = str(r, at, 'text', at.text);
    const resourceId = str(r, at, 'resource-id', at.resourceId);
    // Maestro's Android dump carries `checked` without `checkable`: a checked node is a toggle that is
    // on; an unchecked one is a toggle only where its class or `checkable` says so.
    const checked = bool(r, at, 'checked', at.checked, o);
    const checkable = at.checkable === 'true' || checked || (info?.role != null && TOGGLE_ROLES.has(info.role));
    const editableText = editable ? text : null;
    // Every field spelled out, in the model's order, so a field added to the model is asked for here too.
    return withoutSecret<Node>({
      id: String(next++), kind: 'view', role: info?.role ?? null, rawRole: cls,
      tag: resourceId === null ? null : resourceId.includes(':id/') ? resourceId.slice(resourceId.indexOf(':id/') + 4) : resourceId,
      text: editable ? null : text, editableText,
      contentDescription: str(r, at, 'accessibilityText', at.accessibilityText), stateDescription: null, value: null, hint: str(r, at, 'hintText', at.hintText),
      toggle: checkable ? (checked ? 'on' : 'off') : null,
      enabled: bool(r, at, 'enabled', at.enabled, o), clickable, longClickable: at.longClickable === 'true', focusable: at.focusable === 'true',
      focused: bool(r, at, 'focused', at.focused, o), selected: bool(r, at, 'selected', at.selected, o), editable, scrollable,
      visible: true, password: at.password === 'true', heading: false, actions,
      bounds: bounds(r, at), layoutBounds: null, designToken: null,
      platform: androidPlatform(resourceId, at.others),
      children: [],
    });
  });
  // The top node (and any bounds-less wrapper with a single child under it) holds the windows: each
  // window is a root, bottom first; the holders a root of their own below them.
  let last = tree;
  while (last.children.length === 1 && last.children[0]!.bounds.width === 0 && last.children[0]!.bounds.height === 0 && last.children[0]!.children.length > 0) last = last.children[0]!;
  const windows = last.children;
  last.children = [];
  const roots: Root[] = [tree, ...windows].map((node, k): Root => ({
    rootId: k === 0 ? 'hierarchy' : `window-${k - 1}`,
    label: k === 0 ? null : node.rawRole,
    unit: 'px', density: 1, windowOffset: { x: node.bounds.x, y: node.bounds.y }, touchModal: false, node,
  }));
  const snapshot = makeSnapshot({
    source: sourceLabel(opts.where, 'maestro', 'android'),
    roots,
    warnings: [...warnings, warning('unknown-density', { capture: 'maestro-android' })],
    ...(opts.capturedAt !== undefined ? { capturedAt: opts.capturedAt } : {}),
  });
  return opts.density === undefined ? snapshot : withDensity(snapshot, checkDensity(opts.density, opts.where));
}
