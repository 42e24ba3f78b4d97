import { ACTIONS, NODE_KINDS, NodeFieldsSchema, ROLES, RootSchema, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SNAPSHOT_VERSIONS_READ, SnapshotSchema, TOGGLES, UNSTATED_FACTS, type DesignToken, type Node, type Rect, type Root, type Snapshot } from '../model/schema.js';
import { onFirstCall } from '../model/lazy-schema.js';
import { parseJsonInput } from './guard.js';
import { FieldReader, IdRegistry, index, isObject, plainDesignToken, prop, type JsonObject, type PathLike } from './read.js';
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
 * schema otherwise; plainNode) and the children walked with an explicit stack. The first bad node is
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

  const ids = new IdRegistry(r);
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

function readTree(r: FieldReader, ids: IdRegistry, raw: unknown, path: PathLike, warnings: Warning[]): Node {
  let top: Node | null = null;
  const stack: Array<{ raw: unknown; path: PathLike; parent: Node | null }> = [{ raw, path, parent: null }];
  while (stack.length) {
    const { raw: rawNode, path: at, parent } = stack.pop()!;
    const o = r.object(rawNode, at);
    const children = o.children;
    if (!Array.isArray(children)) r.fail(prop(at, 'children'), children === undefined ? 'is missing (expected an array)' : 'expected an array of nodes');
    // A fresh object of the schema's fields alone (`children` not among them) becomes the node: built
    // plainly where every field plainly passes, else by the schema, whose first issue is the error.
    let read = plainNode(o);
    if (read === null) {
      const parsed = NodeFieldsSchema.safeParse(o);
      if (!parsed.success) r.zodFail(at, parsed.error);
      read = parsed.data as Node;
      read.children = [];
    }
    // Free-form values hold finite numbers only, as every importer's extras do (their depth was bounded when first read).
    r.extraAt(read, 'platform', at, Infinity);
    ids.claim(read.id, at);
    // A password's contents are never kept, even when a hand-edited file carries them.
    const node = withoutSecret(read);
    if (node !== read) warnings.push(warning('secret-dropped', { nodeId: node.id }));
    if (parent) parent.children.push(node);
    else top = node;
    if (children.length === 0) continue;
    const kidsAt = prop(at, 'children');
    for (let i = children.length - 1; i >= 0; i--) stack.push({ raw: children[i], path: index(kidsAt, i), parent: node });
  }
  return top!;
}

/** The enums a node's fields take, as sets (built on first use). */
let enums: { kinds: Set<unknown>; roles: Set<unknown>; toggles: Set<unknown>; actions: Set<unknown>; unstated: Set<unknown> } | null = null;

const isRect = (v: unknown): v is Rect => {
  if (!isObject(v)) return false;
  const { x, y, width, height } = v;
  return Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(width) && Number.isFinite(height) && (width as number) >= 0 && (height as number) >= 0;
};
const copyRect = (r: Rect): Rect => ({ x: r.x, y: r.y, width: r.width, height: r.height });
const isOptString = (v: unknown) => v === null || typeof v === 'string';

/**
 * The node NodeFieldsSchema would give for `o`, when every field plainly matches the schema: the same
 * fields in the schema's order, copies of the objects and arrays as the schema copies them, what the
 * schema does not name left out. Null for anything else, which the schema then judges.
 */
function plainNode(o: JsonObject): Node | null {
  enums ??= { kinds: new Set(NODE_KINDS), roles: new Set(ROLES), toggles: new Set(TOGGLES), actions: new Set(ACTIONS), unstated: new Set(UNSTATED_FACTS) };
  const { kinds, roles, toggles, actions, unstated } = enums;
  if (typeof o.id !== 'string' || o.id === '' || !kinds.has(o.kind) || (o.role !== null && !roles.has(o.role))) return null;
  if (!isOptString(o.rawRole) || !isOptString(o.tag) || !isOptString(o.text) || !isOptString(o.editableText) || !isOptString(o.contentDescription)
    || !isOptString(o.stateDescription) || !isOptString(o.value) || !isOptString(o.hint) || (o.toggle !== null && !toggles.has(o.toggle))) return null;
  for (const k of FLAGS) if (typeof o[k] !== 'boolean') return null;
  if (!Array.isArray(o.actions) || !o.actions.every((a) => actions.has(a))) return null;
  if (!isRect(o.bounds) || (o.layoutBounds !== null && !isRect(o.layoutBounds)) || !isObject(o.platform)) return null;
  if (o.unstated !== undefined && !(Array.isArray(o.unstated) && o.unstated.every((u) => unstated.has(u)))) return null;
  let designToken: DesignToken | null = null;
  if (o.designToken !== null) {
    designToken = plainDesignToken(o.designToken);
    if (designToken === null) return null;
  }
  const platform: JsonObject = {};
  for (const k in o.platform) {
    // A key the assignment would take for the prototype is the schema's to judge.
    if (k === '__proto__') return null;
    platform[k] = o.platform[k];
  }
  const n = o as JsonObject & Node;
  return {
    id: n.id, kind: n.kind, role: n.role, rawRole: n.rawRole, tag: n.tag, text: n.text, editableText: n.editableText,
    contentDescription: n.contentDescription, stateDescription: n.stateDescription, value: n.value, hint: n.hint, toggle: n.toggle,
    enabled: n.enabled, clickable: n.clickable, longClickable: n.longClickable, focusable: n.focusable, focused: n.focused,
    selected: n.selected, editable: n.editable, scrollable: n.scrollable, visible: n.visible, password: n.password, heading: n.heading,
    actions: n.actions.slice(), bounds: copyRect(n.bounds), layoutBounds: n.layoutBounds === null ? null : copyRect(n.layoutBounds),
    designToken, platform, ...(n.unstated !== undefined ? { unstated: n.unstated.slice() } : {}), children: [],
  };
}

const FLAGS = ['enabled', 'clickable', 'longClickable', 'focusable', 'focused', 'selected', 'editable', 'scrollable', 'visible', 'password', 'heading'] as const;
