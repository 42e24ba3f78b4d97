import { ACTIONS, NODE_KINDS, NodeFieldsSchema, ROLES, neutralNode, RootSchema, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SNAPSHOT_VERSIONS_READ, SnapshotSchema, TOGGLES, UNSTATED_FACTS, type DesignToken, type Node, type Rect, type Root, type Snapshot } from '../model/schema.js';
import { onFirstCall } from '../model/lazy-schema.js';
import { parseJsonInput } from './guard.js';
import { FieldReader, NodePaths, index, isObject, isStringArray, plainDesignToken, plainExtra, prop, type JsonObject, type PathLike } from './read.js';
import { withoutSecret } from './secret.js';
import type { ImportOptions } from './types.js';
import { checkDensity, withDensity } from './density.js';
import { upgradeLegacyWarning, warning, type Warning } from '../model/warnings.js';
import { checkVersion } from './version.js';
import { SNAPSHOT_JSON_MAX_BYTES } from './sniff.js';
import { snapshotToJson } from '../model/serialize.js';
import { FormatError } from '../errors.js';

/**
 * treewright's own snapshot JSON (what `snapshotToJson` writes), validated against the zod
 * schemas — iteratively: zod's recursive NodeSchema would overflow the stack on a deep tree, so
 * each node's fields are checked against NodeFieldsSchema (plainly where they plainly match, by the
 * schema otherwise; plainNode) and the children walked with an explicit stack. A node written as
 * snapshotToJson writes it is kept as parsed rather than copied (plainNode). The first bad node is
 * reported by its path with zod's message. The snapshot is taken
 * as written (source, capturedAt, generation are kept), so importing what `snapshotToJson`
 * wrote gives back an equal snapshot.
 */
const WHAT = 'a treewright snapshot (JSON)';
const FORMAT = 'treewright snapshot';

// The snapshot and root headers without their recursive parts, built at the first read (model/lazy-schema.ts).
const headSchema = onFirstCall(() => SnapshotSchema.omit({ roots: true, format: true, version: true }));
const rootHeadSchema = onFirstCall(() => RootSchema.omit({ node: true }));

// The read limit is sniffing's: read-file.ts and importTree pick it before any reader loads.
export { SNAPSHOT_JSON_MAX_BYTES };

/**
 * `snapshotToJson` for a caller that writes the text out (inspect, a failure report): a tree whose JSON
 * would pass the engine's longest string is a typed too_large naming the source and what to write
 * instead, not a bare RangeError (the writer throws RangeError for nothing else).
 */
export function snapshotJsonText(s: Snapshot, indent = 2): string {
  try {
    return snapshotToJson(s, indent);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    let nodes = 0;
    const stack: Node[] = s.roots.map((r) => r.node);
    while (stack.length) { nodes++; for (const c of stack.pop()!.children) stack.push(c); }
    throw new FormatError('too_large', `the snapshot is too large to write as one JSON text (${nodes} nodes; ${e.message})`, {
      where: s.source, stage: 'snapshot JSON',
      hint: 'Write a smaller part of the screen: `--format outline`, `inspect --max-depth <n>`, or a locator\'s subtree; or drop the long texts the app put in the tree.',
    });
  }
}

export function importSnapshotJson(text: string, opts: ImportOptions = {}): Snapshot {
  return snapshotFromValue(parseJsonInput(text, { ...opts, maxBytes: opts.maxBytes ?? SNAPSHOT_JSON_MAX_BYTES }, WHAT), opts);
}

/** A parsed snapshot → Snapshot. The value is the reader's to keep: its node objects and lists may become the snapshot's. */
export function snapshotFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r: FieldReader = new FieldReader(opts.where, FORMAT);
  const doc = r.object(value, '');
  if (doc.format !== SNAPSHOT_FORMAT) r.fail('format', `expected "${SNAPSHOT_FORMAT}", got ${JSON.stringify(doc.format)}`);
  // Any `format: "treewright-snapshot"` sniffs as ours: a wrong version fails here.
  checkVersion(doc.version, SNAPSHOT_VERSIONS_READ, { format: 'treewright snapshot', field: 'version', where: opts.where, hint: 'Write the snapshot with a treewright of the same version, or upgrade treewright.' });
  const { roots: _roots, ...head } = doc;
  // Files written before warnings had codes carry strings: read them as warnings (§4.1).
  if (Array.isArray(head.warnings)) head.warnings = head.warnings.map((w) => (typeof w === 'string' ? upgradeLegacyWarning(w) : w));
  const parsedHead = headSchema().safeParse(head);
  if (!parsedHead.success) r.zodFail('', parsedHead.error);
  const rootsList = r.array(doc, 'roots', '');

  const ids = new NodeIds(r);
  const warnings = [...parsedHead.data.warnings];
  const roots: Root[] = rootsList.map((rawRoot, i) => {
    const path = index('roots', i);
    const o = r.object(rawRoot, path);
    const { node: rawNode, ...rootHead } = o;
    const parsedRoot = rootHeadSchema().safeParse(rootHead);
    if (!parsedRoot.success) r.zodFail(path, parsedRoot.error);
    if (rawNode === undefined) r.fail(prop(path, 'node'), 'is missing; every root has a node');
    return { ...parsedRoot.data, node: readTree(r, ids, rawNode, prop(path, 'node'), warnings) };
  });

  const snapshot: Snapshot = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, ...parsedHead.data, roots, warnings };
  // A snapshot keeps the density it states; one saved from a dump whose density was unknown takes the one given.
  return opts.density === undefined ? snapshot : withDensity(snapshot, checkDensity(opts.density, opts.where));
}

function readTree(r: FieldReader, ids: NodeIds, raw: unknown, path: PathLike, warnings: Warning[]): Node {
  const paths = ids.root(path);
  let top: Node | null = null;
  // Side by side: what to read, the number of the node it goes under (-1 for the top), its index there,
  // and that node's children list, in which the raw child is replaced by its node.
  const raws: unknown[] = [raw];
  const ups: number[] = [-1];
  const indexes: number[] = [0];
  const lists: Array<unknown[] | null> = [null];
  while (raws.length) {
    const rawNode = raws.pop(), i = indexes.pop()!, list = lists.pop()!;
    const n = paths.add(ups.pop()!, i);
    const node = readNode(r, rawNode, paths, n, ids, warnings);
    if (list) list[i] = node;
    else top = node;
    const kids: unknown[] = node.children;
    for (let j = kids.length - 1; j >= 0; j--) {
      raws.push(kids[j]);
      ups.push(n);
      indexes.push(j);
      lists.push(kids);
    }
  }
  return top!;
}

/** Node `n` of a tree read with `paths`: its fields, with its parsed children list (its entries still raw). */
function readNode(r: FieldReader, raw: unknown, paths: NodePaths, n: number, ids: NodeIds, warnings: Warning[]): Node {
  const o = isObject(raw) ? raw : r.object(raw, paths.at(n));
  const children = o.children;
  if (!Array.isArray(children)) r.fail(prop(paths.at(n), 'children'), children === undefined ? 'is missing (expected an array)' : 'expected an array of nodes');
  // The node of the schema's fields alone (`children` not among them): read plainly where every field
  // plainly passes, else by the schema, whose first issue is the error.
  let read = plainNode(o);
  if (read === null) {
    const parsed = NodeFieldsSchema.safeParse(o);
    if (!parsed.success) r.zodFail(paths.at(n), parsed.error);
    read = parsed.data as Node;
  }
  // The parse made the list for this read alone: readTree puts each child's node in its raw child's place.
  read.children = children as Node[];
  // Free-form values hold finite numbers only, as every importer's extras do (their depth was bounded when first read).
  if (!plainExtra(read.platform, Infinity)) r.extra(read.platform, prop(paths.at(n), 'platform'), Infinity);
  ids.claim(read.id, n);
  // A password's contents are never kept, even when a hand-edited file carries them.
  const node = withoutSecret(read);
  if (node !== read) warnings.push(warning('secret-dropped', { nodeId: node.id }));
  return node;
}

/**
 * The snapshot's node ids, unique across its roots: each kept with the number of the node that used it
 * first (counted across the roots, each root's nodes numbered by its NodePaths), so a path is made only
 * when an id repeats, and the error names both places.
 */
class NodeIds {
  private readonly seen = new Map<string, number>();
  private readonly roots: NodePaths[] = [];
  /** The number of the first node of each root, counted across the roots. */
  private readonly starts: number[] = [];
  private start = 0;
  private count = 0;
  constructor(private readonly r: FieldReader) {}

  /** The paths of the next root's nodes, under `base`. */
  root(base: PathLike): NodePaths {
    const paths = new NodePaths(base);
    this.start = this.count;
    this.roots.push(paths);
    this.starts.push(this.start);
    return paths;
  }

  /** Node `n` of the current root uses `id`. */
  claim(id: string, n: number): void {
    const g = this.start + n;
    this.count = g + 1;
    const first = this.seen.get(id);
    if (first === undefined) {
      this.seen.set(id, g);
      return;
    }
    this.r.fail(this.pathOf(g), `duplicate node id "${id}" (first used at ${this.pathOf(first)}); ids must be unique in a snapshot`, 'The producer emitted two nodes with one id: re-capture, or fix the ids so each node has its own.');
  }

  private pathOf(g: number): PathLike {
    let k = this.starts.length - 1;
    while (this.starts[k]! > g) k--;
    return this.roots[k]!.at(g - this.starts[k]!);
  }
}

/** The enums a node's fields take, as sets, and a node's keys in the schema's order (built on first use). */
let known: { kinds: Set<unknown>; roles: Set<unknown>; toggles: Set<unknown>; actions: Set<unknown>; unstated: Set<unknown>; keys: string[]; keysUnstated: string[] } | null = null;

const RECT_KEYS = ['x', 'y', 'width', 'height'];
const isRect = (v: unknown): v is Rect => {
  if (!isObject(v)) return false;
  const { x, y, width, height } = v;
  return Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(width) && Number.isFinite(height) && (width as number) >= 0 && (height as number) >= 0;
};
/** A rect as the schema gives it: `r` itself when it has the rect's keys alone, in order, else a copy. */
const schemaRect = (r: Rect): Rect => (keysAre(r, RECT_KEYS) ? r : { x: r.x, y: r.y, width: r.width, height: r.height });
const isOptString = (v: unknown) => v === null || typeof v === 'string';

function knownValues(): NonNullable<typeof known> {
  const fields = Object.keys(neutralNode('', [])).filter((k) => k !== 'children');
  return {
    kinds: new Set(NODE_KINDS), roles: new Set(ROLES), toggles: new Set(TOGGLES), actions: new Set(ACTIONS), unstated: new Set(UNSTATED_FACTS),
    keys: [...fields, 'children'],
    keysUnstated: [...fields, 'unstated', 'children'],
  };
}

const TOKEN_KEYS = ['tokens', 'resolved'];
/** A design token the schema would give as it is (its keys alone, in order; strings where it wants them); null for anything else. */
function schemaToken(v: unknown): DesignToken | null {
  if (!isObject(v) || !keysAre(v, TOKEN_KEYS) || !isStringArray(v.tokens) || !isObject(v.resolved)) return null;
  const { resolved } = v;
  // A key the assignment would take for the prototype is the schema's to judge.
  for (const k in resolved) if (typeof resolved[k] !== 'string' || k === '__proto__') return null;
  return v as DesignToken;
}

/** Whether `o`'s own keys are `keys`, in that order. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== keys[i++]) return false;
  return i === keys.length;
}

/**
 * The node NodeFieldsSchema would give for `o` (its `children` left to the caller), when every field
 * plainly matches the schema: the same fields in the schema's order, what the schema does not name left
 * out. Null for anything else, which the schema then judges. The parse made `o` for this read alone:
 * when its keys are already the schema's, in its order, then `children` (as snapshotToJson writes
 * them), `o` is that node and is returned, its rects and design token made as the schema makes them;
 * else the node is a copy. A field added to the schema needs its check here too: plain-reads.spec.ts
 * gives every field of the schema a value no field takes, and fails when one is kept unchecked.
 */
export function plainNode(o: JsonObject): Node | null {
  known ??= knownValues();
  const { kinds, roles, toggles, actions, unstated } = known;
  if (typeof o.id !== 'string' || o.id === '' || !kinds.has(o.kind) || (o.role !== null && !roles.has(o.role))) return null;
  if (!isOptString(o.rawRole) || !isOptString(o.tag) || !isOptString(o.text) || !isOptString(o.editableText) || !isOptString(o.contentDescription)
    || !isOptString(o.stateDescription) || !isOptString(o.value) || !isOptString(o.hint) || (o.toggle !== null && !toggles.has(o.toggle))) return null;
  if (typeof o.enabled !== 'boolean' || typeof o.clickable !== 'boolean' || typeof o.longClickable !== 'boolean' || typeof o.focusable !== 'boolean'
    || typeof o.focused !== 'boolean' || typeof o.selected !== 'boolean' || typeof o.editable !== 'boolean' || typeof o.scrollable !== 'boolean'
    || typeof o.visible !== 'boolean' || typeof o.password !== 'boolean' || typeof o.heading !== 'boolean') return null;
  if (!Array.isArray(o.actions) || !allIn(o.actions, actions)) return null;
  if (!isRect(o.bounds) || (o.layoutBounds !== null && !isRect(o.layoutBounds)) || !isObject(o.platform)) return null;
  if (o.unstated !== undefined && !(Array.isArray(o.unstated) && allIn(o.unstated, unstated))) return null;
  let designToken: DesignToken | null = null;
  if (o.designToken !== null) {
    designToken = schemaToken(o.designToken) ?? plainDesignToken(o.designToken);
    if (designToken === null) return null;
  }
  // A key the assignment would take for the prototype is the schema's to judge.
  for (const k in o.platform) if (k === '__proto__') return null;
  const n = o as JsonObject & Node;
  const bounds = schemaRect(n.bounds);
  const layoutBounds = n.layoutBounds === null ? null : schemaRect(n.layoutBounds);
  if (keysAre(o, n.unstated === undefined ? known.keys : known.keysUnstated)) {
    n.bounds = bounds;
    n.layoutBounds = layoutBounds;
    n.designToken = designToken;
    return n;
  }
  return {
    id: n.id, kind: n.kind, role: n.role, rawRole: n.rawRole, tag: n.tag, text: n.text, editableText: n.editableText,
    contentDescription: n.contentDescription, stateDescription: n.stateDescription, value: n.value, hint: n.hint, toggle: n.toggle,
    enabled: n.enabled, clickable: n.clickable, longClickable: n.longClickable, focusable: n.focusable, focused: n.focused,
    selected: n.selected, editable: n.editable, scrollable: n.scrollable, visible: n.visible, password: n.password, heading: n.heading,
    actions: n.actions.slice(), bounds, layoutBounds, designToken, platform: { ...n.platform },
    ...(n.unstated !== undefined ? { unstated: n.unstated.slice() } : {}), children: [],
  };
}

/** Whether every entry of `a` is in `set`. */
function allIn(a: unknown[], set: Set<unknown>): boolean {
  for (let i = 0; i < a.length; i++) if (!set.has(a[i])) return false;
  return true;
}
