import { FormatError } from '../errors.js';
import type { Action, Node, Rect, Root, Snapshot } from '../model/schema.js';
import { makeSnapshot, readableIndent } from '../model/serialize.js';
import { parseJsonInput } from './guard.js';
import { stringifyJson } from './json.js';
import { FieldReader, MAX_EXTRA_DEPTH, NodePaths, isObject, plainDesignToken, plainExtra, plainXywh, prop, walkJsonTree, type JsonObject, type PathLike } from './read.js';
import { normaliseRole } from './role-map.js';
import { parseSourceLabel, sourceLabel } from './source-label.js';
import type { ImportOptions } from './types.js';
import { checkVersion } from './version.js';
import { frozenSubsets } from './frozen-subsets.js';

/**
 * cmp-inspector tree v1 (docs/design.md §5): `{ schemaVersion: 1, source, root }`, node =
 * `testTag, text, contentDescription, bounds{x,y,width,height} (root-relative px),
 * designToken|null, children` plus the optional `role, clickable, disabled, size`.
 *
 * Mapping decisions:
 * - One root (`rootId` "root"), unit px, window offset 0,0, density 1 unless the options or a
 *   top-level `density` say otherwise (the contract carries none; headless trees are 1).
 * - Ids are decimal pre-order indexes ("0" is the root).
 * - The file's `source` (headless-jvm, live-android, uiautomator) goes into `snapshot.source`
 *   as `<where> (cmp-v1 <source>)`; the exporter reads it back.
 * - What the model has no field for is kept in `platform`, so the export gives back the input:
 *   `cmpAbsent` lists the optional fields (role / clickable / disabled) a legacy node did not
 *   carry, `cmpExtra` holds properties the contract does not name (nested at most
 *   MAX_EXTRA_DEPTH levels: deeper is a too_large error, see FieldReader.extra).
 */
export const CMP_SCHEMA_VERSION = 1;

/** `density`: px per dp of the device the tree came from (default: the file's `density`, else 1). */
export type CmpImportOptions = ImportOptions;

const WHAT = 'a cmp-inspector tree v1 (JSON)';
const FORMAT = 'cmp-inspector tree v1';
const OPTIONAL = ['role', 'clickable', 'disabled'] as const;
const KNOWN = new Set(['testTag', 'text', 'contentDescription', 'bounds', 'designToken', 'children', 'size', ...OPTIONAL]);

/**
 * What a node reads as whatever its fields, one shared frozen list each (frozenSubsets): its actions
 * (none, or a click), and the optional fields it lacked (bit 1 role, 2 clickable, 4 disabled), each in
 * OPTIONAL's order, for `platform.cmpAbsent`.
 */
const [NO_ACTIONS, CLICK] = frozenSubsets<Action>(['Click']) as [Action[], Action[]];
const ABSENT = frozenSubsets<string>(OPTIONAL);

export function importCmp(text: string, opts: CmpImportOptions = {}): Snapshot {
  return cmpFromValue(parseJsonInput(text, opts, WHAT), opts);
}

/** A parsed cmp tree v1 document → Snapshot. */
export function cmpFromValue(value: unknown, opts: CmpImportOptions = {}): Snapshot {
  const r: FieldReader = new FieldReader(opts.where, FORMAT);
  const doc = r.object(value, '');
  // Any `schemaVersion` sniffs as cmp-v1: a wrong one fails here.
  checkVersion(doc.schemaVersion, CMP_SCHEMA_VERSION, { format: 'cmp-inspector tree', field: 'schemaVersion', where: opts.where, hint: 'Export the tree with a cmp-inspector that writes schemaVersion 1, or upgrade treewright.' });
  const producer = r.optString(doc, 'source', '');
  const density = opts.density ?? r.optNumber(doc, 'density', '') ?? 1;
  if (!(density > 0)) r.fail('density', `must be a positive number of px per dp, got ${density}`);
  if (doc.root === undefined) r.fail('root', 'is missing: a cmp tree v1 document is { schemaVersion: 1, source, root }');

  // Nodes are read in pre-order, so their numbers (paths.add) are their ids.
  const paths = new NodePaths('root');
  const top = walkJsonTree(r, doc.root, paths, (o, n) => readNode(r, o, paths, n));

  return cmpSnapshot(top, density, producer, opts);
}

/** The one window a cmp tree v1 document describes. */
function cmpSnapshot(top: Node, density: number, producer: string | null, opts: CmpImportOptions): Snapshot {
  const root: Root = { rootId: 'root', label: null, unit: 'px', density, windowOffset: { x: 0, y: 0 }, touchModal: false, node: top };
  return makeSnapshot({ source: sourceLabel(opts.where, 'cmp-v1', producer), roots: [root], capturedAt: opts.capturedAt });
}

/**
 * One node (its children still to read), every field spelled out, so a field added to the model is asked
 * for here too. Each field is taken as it is when it plainly is what the contract says; anything else
 * goes to the FieldReader read, which names the error at the node's path (made only then), in the order
 * the fields are checked.
 */
function readNode(r: FieldReader, o: JsonObject, paths: NodePaths, n: number): Node {
  if (o.bounds === undefined) r.fail(prop(paths.at(n), 'bounds'), 'is missing: every node needs bounds {x, y, width, height} in root-relative px');
  const bounds = plainXywh(o.bounds) ?? r.xywh(o.bounds, prop(paths.at(n), 'bounds'));
  if (!Array.isArray(o.children)) r.array(o, 'children', paths.at(n));
  const rawRole = r.nodeOptString(o, 'role', paths, n);
  const clickable = r.nodeOptBool(o, 'clickable', paths, n) ?? false;
  const disabled = r.nodeOptBool(o, 'disabled', paths, n) ?? false;

  let layoutBounds: Rect | null = null;
  const size = o.size;
  if (size !== undefined && size !== null) {
    layoutBounds = plainXywh(isObject(size) ? { x: bounds.x, y: bounds.y, width: size.width, height: size.height } : null) ?? carefulSize(r, size, prop(paths.at(n), 'size'), bounds);
  }

  const token = o.designToken;
  const designToken = token === undefined || token === null ? null : plainDesignToken(token) ?? r.designToken(token, prop(paths.at(n), 'designToken'));

  const platform: Record<string, unknown> = {};
  const absent = ('role' in o ? 0 : 1) | ('clickable' in o ? 0 : 2) | ('disabled' in o ? 0 : 4);
  if (absent !== 0) platform.cmpAbsent = ABSENT[absent];
  let extra: JsonObject | null = null;
  for (const k in o) {
    if (KNOWN.has(k)) continue;
    const v = o[k];
    (extra ??= {})[k] = plainExtra(v, MAX_EXTRA_DEPTH) ? v : r.extra(v, prop(paths.at(n), k));
  }
  if (extra) platform.cmpExtra = extra;

  const tag = r.nodeOptString(o, 'testTag', paths, n);
  const text = r.nodeOptString(o, 'text', paths, n);
  const contentDescription = r.nodeOptString(o, 'contentDescription', paths, n);

  return {
    id: String(n),
    kind: 'compose',
    role: normaliseRole(rawRole),
    rawRole,
    tag,
    text,
    editableText: null,
    contentDescription,
    stateDescription: null,
    value: null,
    hint: null,
    toggle: null,
    enabled: !disabled,
    clickable,
    longClickable: false,
    focusable: false,
    focused: false,
    selected: false,
    editable: false,
    scrollable: false,
    visible: true,
    password: false,
    heading: false,
    actions: clickable ? CLICK : NO_ACTIONS,
    bounds,
    layoutBounds,
    designToken,
    platform,
    children: [],
  };
}

/** The layout bounds a node's `size` gives, or the error that names what is wrong with it. */
function carefulSize(r: FieldReader, v: unknown, path: PathLike, bounds: Rect): Rect {
  const size = r.object(v, path);
  return r.finiteRect({ x: bounds.x, y: bounds.y, width: r.sizeAt(size, 'width', path), height: r.sizeAt(size, 'height', path) }, path);
}

export interface CmpExportOptions {
  /**
   * Which windows to export. cmp tree v1 holds one window (the live server sends the focused
   * root only), so the default is `'top'`: the last root in z-order. `'all'` wraps every root
   * under a synthetic container node (no tag, no text) whose bounds cover them all, in screen px.
   */
  roots?: 'top' | 'all';
  /** The document's `source`; default: the producer the import recorded, else "treewright". */
  source?: string;
  /** JSON indentation (default 2). */
  indent?: number;
}

/**
 * A snapshot as cmp-inspector tree v1 JSON, for tooling that reads that contract.
 * Bounds become root-relative px (the root's density turns dp into px; pt is taken as px at
 * density 1), and a density other than 1 is written as a top-level `density`. `role`, `clickable` and `disabled` are written whenever the model knows them —
 * always, except for the nodes a legacy cmp tree imported without them; `size` when the
 * unclipped layout bounds are known. Iterative: deep trees do not overflow the stack.
 */
export function exportCmpV1(snapshot: Snapshot, opts: CmpExportOptions = {}): string {
  const label = parseSourceLabel(snapshot.source);
  const source = opts.source ?? (label?.format === 'cmp-v1' && label.producer ? label.producer : 'treewright');
  const roots = snapshot.roots;
  let root: JsonObject | null;
  let density = 1;
  if (roots.length === 0) {
    throw new FormatError('format_error', 'the snapshot has no roots; cmp tree v1 needs one root node', {
      where: snapshot.source,
      hint: 'Capture a screen that shows something before exporting it.',
    });
  } else if ((opts.roots ?? 'top') === 'top' || roots.length === 1) {
    const top = roots[roots.length - 1]!;
    root = exportTree(top, top.windowOffset);
    density = top.unit === 'pt' ? 1 : top.density;
  } else {
    const children = roots.map((r) => exportTree(r, { x: 0, y: 0 }));
    root = {
      testTag: null,
      text: null,
      contentDescription: null,
      bounds: union(children.map((c) => c.bounds as Rect)),
      designToken: null,
      children,
    };
  }
  // `density` is an additive field (absent means 1): it lets a11y checks measure a live tree in dp.
  return stringifyJson({ schemaVersion: CMP_SCHEMA_VERSION, source, ...(density !== 1 ? { density } : {}), root }, readableIndent(roots, opts.indent ?? 2)) + '\n';
}

/** One root's tree as cmp nodes, coordinates relative to `origin` and scaled to px. */
function exportTree(root: Root, origin: { x: number; y: number }): JsonObject {
  const scale = root.unit === 'dp' ? root.density : 1;
  const px = (v: number) => v * scale;
  let out: JsonObject | null = null;
  const stack: Array<{ node: Node; into: JsonObject[] | null }> = [{ node: root.node, into: null }];
  while (stack.length) {
    const { node, into } = stack.pop()!;
    const o = exportNode(node, (r) => finitePx(node, { x: px(r.x - origin.x), y: px(r.y - origin.y), width: px(r.width), height: px(r.height) }));
    if (into) into.push(o);
    else out = o;
    const kids = o.children as JsonObject[];
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, into: kids });
  }
  return out!;
}

/**
 * Root-relative px computed from finite numbers can still overflow (a node at 1e308 in a window at
 * -1e308): refused with the node named, since JSON would write Infinity as null and the tree would
 * not read back.
 */
function finitePx(node: Node, r: Rect): Rect {
  if (Number.isFinite(r.x) && Number.isFinite(r.y) && Number.isFinite(r.width) && Number.isFinite(r.height)) return r;
  throw new FormatError('format_error', `node #${node.id}: its bounds relative to the window, in px, overflow a number (${r.x}, ${r.y}, ${r.width}, ${r.height}); cmp tree v1 cannot hold them`, {
    node: node.id, hint: 'Export this snapshot as treewright snapshot JSON, which keeps the model\'s own coordinates.',
  });
}

function exportNode(node: Node, place: (r: Rect) => Rect): JsonObject {
  const absent = new Set(Array.isArray(node.platform.cmpAbsent) ? (node.platform.cmpAbsent as string[]) : []);
  const o: JsonObject = {
    testTag: node.tag,
    // A text field's content is its text on the cmp side; a password's is never there.
    text: node.text ?? node.editableText,
    contentDescription: node.contentDescription,
  };
  // A Compose role keeps its own spelling; other kinds only have the normalised one.
  if (!absent.has('role')) o.role = node.kind === 'compose' && node.rawRole !== null ? node.rawRole : node.role;
  if (!absent.has('clickable')) o.clickable = node.clickable;
  if (!absent.has('disabled')) o.disabled = !node.enabled;
  o.bounds = place(node.bounds);
  if (node.layoutBounds) {
    const lb = place(node.layoutBounds);
    o.size = { width: lb.width, height: lb.height };
  }
  o.designToken = node.designToken;
  if (isObject(node.platform.cmpExtra)) Object.assign(o, node.platform.cmpExtra);
  o.children = [];
  return o;
}

function union(rects: Rect[]): Rect {
  const x = rects.reduce((m, r) => Math.min(m, r.x), Infinity);
  const y = rects.reduce((m, r) => Math.min(m, r.y), Infinity);
  const right = rects.reduce((m, r) => Math.max(m, r.x + r.width), -Infinity);
  const bottom = rects.reduce((m, r) => Math.max(m, r.y + r.height), -Infinity);
  return { x, y, width: right - x, height: bottom - y };
}
