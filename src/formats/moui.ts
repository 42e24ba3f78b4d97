import { FormatError } from '../errors.js';
import type { Action, Node, Rect, Root, Snapshot, Toggle } from '../model/schema.js';
import { walk, walkNode } from '../model/node.js';
import { makeSnapshot } from '../model/serialize.js';
import { envelopeText, unwrapEnvelope } from './envelope.js';
import { stringifyJson } from './json.js';
import { describeValue, FieldReader, index, isObject, isStringArray, MAX_EXTRA_DEPTH, plainExtra, plainOriginSize, plainXywh, prop, type JsonObject, type PathLike } from './read.js';
import { normaliseRole } from './role-map.js';
import { withoutSecret } from './secret.js';
import { sourceLabel } from './source-label.js';
import type { ImportOptions } from './types.js';
import { quoteIds, warning, type Warning } from '../model/warnings.js';

/**
 * MoUI committed semantics: the `read_semantics` value. A `full` read is
 * `{ kind: "full", generation, root, focused, nodes, issues }` with a flat `nodes` array; each
 * node names its children by id (`children: ["4", "5"]`), ids and generations are decimal
 * strings, and `frame` is `{ origin: {x, y}, size: {width, height} }` (`{x, y, width, height}`
 * is read too). `delta` and `unchanged` reads only make sense against the tree they extend:
 * importing one alone is an error; `applyMouiDelta` applies them to a previous snapshot.
 *
 * Decisions:
 * - One root (`rootId` "moui"), unit dp at density 1: MoUI lays out in logical units.
 * - `snapshot.generation` is MoUI's own generation, so perform_action preconditions line up.
 * - `label` → text, `semantic_id` → tag; a text field's `value` is its editableText, anything
 *   else's `value` stays value. `state.checked` → toggle, `state.disabled` → enabled = false.
 * - Actions: activate → Click, focus → RequestFocus, set_text → SetText, submit → ImeAction,
 *   scroll → ScrollBy, expand / collapse / dismiss as named. The others (select, increment,
 *   set_numeric_value, …) have no model action and are kept in `platform.rawActions`.
 * - A modal root makes the window touch-modal. MoUI has no windows: a `state.modal` node deeper
 *   down (a dialog) is lifted into a touch-modal root of its own above the rest, as a dialog is a
 *   window of its own in the model, so reachability sees that it blocks what is below it.
 * - `collection` row/column info is kept raw and also as `platform.collectionInfo`
 *   `{ rowIndex, rowCount }`, the form the action layer reads to scroll to an index.
 * - Snapshot `issues` (duplicate semantic ids, …) become snapshot warnings.
 * - Other fields are kept in `platform` when they say something, nested at most MAX_EXTRA_DEPTH
 *   levels (deeper is a too_large error, see FieldReader.extra).
 */
const WHAT = 'a MoUI read_semantics value (JSON)';
const FORMAT = 'MoUI read_semantics value';
export const MOUI_ROOT_ID = 'moui';

const ACTIONS: Record<string, Action> = {
  activate: 'Click',
  focus: 'RequestFocus',
  set_text: 'SetText',
  submit: 'ImeAction',
  scroll: 'ScrollBy',
  expand: 'Expand',
  collapse: 'Collapse',
  dismiss: 'Dismiss',
};

const CHECKED: Record<string, Toggle> = { checked: 'on', unchecked: 'off', mixed: 'indeterminate' };
const STATE_EXTRAS = ['pressed', 'expanded', 'invalid', 'required', 'read_only', 'busy', 'multiline', 'modal'] as const;
const CONSUMED = new Set(['node_id', 'semantic_id', 'role', 'label', 'value', 'state', 'actions', 'frame', 'children', 'text']);
const DECIMAL = /^\d+$/;

/**
 * One flat node before linking: the node (its children still to link), the ids of its children, where
 * it was read (`list[at]`; `at` -1 for a node of the previous snapshot) and, once linked, its parent.
 */
interface Entry {
  node: Node;
  childIds: string[];
  list: string;
  at: number;
  parent: Entry | null;
}

/** Where an entry was read, made only for an error. */
function entryPath(e: Entry): PathLike {
  return e.at === -1 ? `(previous snapshot node ${e.node.id})` : index(e.list, e.at);
}

export function importMoui(text: string, opts: ImportOptions = {}): Snapshot {
  return mouiFromValue(envelopeText(text, opts, WHAT), opts);
}

/** A parsed `full` read_semantics value → Snapshot. */
export function mouiFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r: FieldReader = new FieldReader(opts.where, FORMAT);
  const v = r.object(value, '');
  const kind = r.string(v, 'kind', '');
  if (kind === 'delta' || kind === 'unchanged') {
    const since = kind === 'delta' ? v.from : v.generation;
    throw new FormatError('format_error', `a MoUI "${kind}" read cannot be imported on its own: it only says what changed since generation ${JSON.stringify(since)}`, {
      where: opts.where,
      hint: 'Call read_semantics without "since" to get a full tree, or apply this read to the snapshot it follows with applyMouiDelta.',
    });
  }
  if (kind !== 'full') r.fail('kind', `unknown read kind ${JSON.stringify(kind)}; expected full, delta or unchanged`);
  const generation = decimal(r, v, 'generation', '');
  const rootId = optDecimal(r, v, 'root', '');
  const focusedId = optDecimal(r, v, 'focused', '');

  const entries = new Map<string, Entry>();
  const nodes = r.array(v, 'nodes', '');
  for (let i = 0; i < nodes.length; i++) {
    const entry = readEntry(r, nodes[i], 'nodes', i);
    const size = entries.size;
    entries.set(entry.node.id, entry);
    if (entries.size === size) duplicateId(r, nodes, i);
  }
  const warnings = readIssues(r, v, '');
  const roots = link(r, entries, rootId, focusedId, warnings);
  return makeSnapshot({ source: sourceLabel(opts.where, 'moui'), roots, warnings, generation, capturedAt: opts.capturedAt });
}

/** Node `nodes[i]` repeats an id: the error names where it was first read. */
function duplicateId(r: FieldReader, nodes: unknown[], i: number): never {
  const id = (nodes[i] as JsonObject).node_id;
  const first = nodes.findIndex((n) => (n as JsonObject).node_id === id);
  r.fail(index('nodes', i), `duplicate node_id "${id as string}" (also at ${index('nodes', first)}); node ids are unique in a snapshot`);
}

/**
 * Applies a later read_semantics value to the snapshot it follows: `unchanged` gives the same
 * snapshot, `delta` replaces the upserted nodes and drops the removed ones (its `from` must be
 * the snapshot's generation), `full` replaces everything. `read` is the parsed value or its text.
 */
export function applyMouiDelta(prev: Snapshot, read: unknown, opts: ImportOptions = {}): Snapshot {
  const where = opts.where ?? prev.source;
  const value = typeof read === 'string' ? envelopeText(read, { ...opts, where }, WHAT) : unwrapEnvelope(read, where);
  const r: FieldReader = new FieldReader(where, FORMAT);
  const v = r.object(value, '');
  const kind = r.string(v, 'kind', '');
  if (kind === 'full') return mouiFromValue(v, { ...opts, where: opts.where ?? sourceWhere(prev.source) });
  if (kind === 'unchanged') {
    const generation = decimal(r, v, 'generation', '');
    if (generation !== prev.generation) staleRead(where, `an "unchanged" read at generation ${generation}`, prev.generation);
    return prev;
  }
  if (kind !== 'delta') r.fail('kind', `unknown read kind ${JSON.stringify(kind)}; expected full, delta or unchanged`);

  const from = decimal(r, v, 'from', '');
  const to = decimal(r, v, 'to', '');
  if (from !== prev.generation) staleRead(where, `a delta from generation ${from}`, prev.generation);
  // The previous tree, flattened back into entries (fields + child ids); lifted dialogs go back
  // under the parent they were lifted from.
  const entries = new Map<string, Entry>();
  const relink: Array<{ id: string; parent: string; index: number }> = [];
  walk(prev, ({ node }) => {
    const { children } = node;
    const fields: Node = { ...node, children: [] };
    const lifted = fields.platform.liftedFrom as { parent: string; index: number } | undefined;
    if (lifted) {
      const { liftedFrom: _l, ...platform } = fields.platform;
      fields.platform = platform;
      relink.push({ id: node.id, ...lifted });
    }
    if (fields.focused) {
      // Focus is not inherited: the delta's `focused` id (or an upserted node's own state) says
      // where it is now, so the node focused before reads unfocused unless one of them names it.
      fields.focused = false;
      fields.focusable = fields.actions.includes('RequestFocus');
    }
    entries.set(node.id, { node: fields, childIds: children.map((c) => c.id), list: '', at: -1, parent: null });
  });
  for (const { id, parent, index: i } of relink) entries.get(parent)?.childIds.splice(i, 0, id);
  const warnings = readIssues(r, v, '');
  r.array(v, 'removed', '').forEach((raw, i) => {
    const id = isDecimal(raw) ? raw : r.fail(index('removed', i), `expected a decimal node id, got ${describeValue(raw)}`);
    if (!entries.delete(id)) warnings.push(warning('delta-removes-unknown', { nodeId: id }));
  });
  const upserted = new Set<string>();
  r.array(v, 'upserted', '').forEach((raw, i) => {
    const entry = readEntry(r, raw, 'upserted', i);
    const id = entry.node.id;
    if (upserted.has(id)) r.fail(index('upserted', i), `node_id "${id}" is upserted twice in one delta`);
    upserted.add(id);
    entries.set(id, entry);
  });
  const roots = link(r, entries, optDecimal(r, v, 'root', ''), optDecimal(r, v, 'focused', ''), warnings);
  return makeSnapshot({ source: prev.source, roots, warnings, generation: to, capturedAt: opts.capturedAt });
}

function staleRead(where: string | undefined, what: string, current: string): never {
  throw new FormatError('format_error', `${what} does not follow this snapshot, which is at generation ${current}`, {
    where,
    hint: 'Read again with since=<this snapshot\'s generation>, or read without "since" for a full tree.',
  });
}

function sourceWhere(source: string): string | undefined {
  const m = /^(.*) \(moui\)$/.exec(source);
  return m ? m[1] : undefined;
}

const isDecimal = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v);

function decimal(r: FieldReader, o: JsonObject, key: string, path: PathLike): string {
  const s = o[key];
  if (!isDecimal(s)) r.fail(prop(path, key), `expected a decimal string, got ${describeValue(s)}`);
  return s;
}

function optDecimal(r: FieldReader, o: JsonObject, key: string, path: PathLike): string | null {
  return o[key] === undefined || o[key] === null ? null : decimal(r, o, key, path);
}

function readIssues(r: FieldReader, v: JsonObject, path: PathLike): Warning[] {
  return r.optArray(v, 'issues', path).map((issue) => {
    if (isObject(issue) && issue.kind === 'duplicate_semantic_id') {
      return warning('duplicate-semantic-id', { semanticId: issue.semantic_id, nodes: Array.isArray(issue.nodes) ? issue.nodes : null });
    }
    return warning('source-issue', { issue: stringifyJson(issue) });
  });
}

/** A state that says nothing: a node without `state`. */
const EMPTY: JsonObject = Object.freeze({});

/** A boolean of the `state` of node `list[at]` (false when absent / null), its path made only for an error. */
function stateFlag(r: FieldReader, state: JsonObject, key: string, list: string, at: number): boolean {
  const v = state[key];
  return typeof v === 'boolean' ? v : v === undefined || v === null ? false : r.optBool(state, key, prop(index(list, at), 'state'))!;
}

/** A string of node `list[at]` as `r.optString` reads it, its path made only for an error. */
function optString(r: FieldReader, n: JsonObject, key: string, list: string, at: number): string | null {
  const v = n[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? null : r.optString(n, key, index(list, at));
}

/** An object-or-nothing field of node `list[at]` (null when absent / null), its path made only for an error. */
function optObject(r: FieldReader, n: JsonObject, key: string, list: string, at: number): JsonObject | null {
  const v = n[key];
  return v === undefined || v === null ? null : isObject(v) ? v : r.object(v, prop(index(list, at), key));
}

/** `relations` that relate nothing: every list empty. */
function relatesNothing(x: JsonObject): boolean {
  for (const k in x) {
    const l = x[k];
    if (!Array.isArray(l) || l.length !== 0) return false;
  }
  return true;
}

/** A frame spelled `{origin: {x, y}, size: {width, height}}`. */
function originSizeFrame(r: FieldReader, f: JsonObject, framePath: PathLike): Rect {
  const originPath = prop(framePath, 'origin'), sizePath = prop(framePath, 'size');
  const o = r.object(f.origin, originPath);
  const s = r.object(f.size, sizePath);
  return r.finiteRect({
    x: r.finiteAt(o, 'x', originPath),
    y: r.finiteAt(o, 'y', originPath),
    width: r.sizeAt(s, 'width', sizePath),
    height: r.sizeAt(s, 'height', sizePath),
  }, framePath);
}

/** Node `list[at]` of a read, its paths made only for an error. */
function readEntry(r: FieldReader, raw: unknown, list: string, at: number): Entry {
  const n = isObject(raw) ? raw : r.object(raw, index(list, at));
  const id = isDecimal(n.node_id) ? n.node_id : decimal(r, n, 'node_id', index(list, at));
  const kids = n.children;
  if (!Array.isArray(kids)) r.array(n, 'children', index(list, at));
  for (let j = 0; j < (kids as unknown[]).length; j++) {
    const c = (kids as unknown[])[j];
    if (!isDecimal(c)) r.fail(index(prop(index(list, at), 'children'), j), `expected a decimal child id, got ${describeValue(c)}`);
  }
  // Read only, for the time of the import: the list itself serves as the ids.
  const childIds = kids as string[];
  if (n.frame === undefined || n.frame === null) r.fail(prop(index(list, at), 'frame'), 'is missing: every node needs its frame');
  const f = optObject(r, n, 'frame', list, at)!;
  // An origin / size frame read plainly has its far edges checked too (plainXywh), as originSizeFrame's finiteRect does.
  const bounds = 'origin' in f || 'size' in f
    ? plainXywh(plainOriginSize(f)) ?? originSizeFrame(r, f, prop(index(list, at), 'frame'))
    : plainXywh(f) ?? r.xywhAt(n, 'frame', index(list, at));

  const state = optObject(r, n, 'state', list, at) ?? EMPTY;
  const rawChecked = state.checked;
  const checked = typeof rawChecked === 'string' || rawChecked == null ? (rawChecked ?? null) : r.optString(state, 'checked', prop(index(list, at), 'state'));
  if (checked !== null && !(checked in CHECKED)) r.fail(prop(prop(index(list, at), 'state'), 'checked'), `expected checked, unchecked, mixed or null, got ${JSON.stringify(checked)}`);

  const actions: Action[] = [];
  let rawActions: string[] | null = null;
  const actionList = n.actions === undefined || n.actions === null ? [] : isStringArray(n.actions) ? n.actions : r.stringArray(n, 'actions', index(list, at));
  for (let j = 0; j < actionList.length; j++) {
    const a = actionList[j]!;
    const mapped = ACTIONS[a];
    if (mapped) {
      if (!actions.includes(mapped)) actions.push(mapped);
    } else (rawActions ??= []).push(a);
  }

  const rawRole = optString(r, n, 'role', list, at);
  const role = rawRole === 'none' ? null : normaliseRole(rawRole);
  const textState = optObject(r, n, 'text', list, at);
  const editable = (textState ? r.optBool(textState, 'editable', prop(index(list, at), 'text')) ?? false : false) && !stateFlag(r, state, 'read_only', list, at);
  const value = optString(r, n, 'value', list, at) || null;
  const focused = stateFlag(r, state, 'focused', list, at);

  const platform: Record<string, unknown> = {};
  for (const k in n) {
    const x = n[k];
    // Only what says something: MoUI sends every field on every node, mostly empty.
    if (x === null || x === '' || x === false || (k === 'live' && x === 'off') || CONSUMED.has(k)) continue;
    if (k === 'relations' && isObject(x) && relatesNothing(x)) continue;
    platform[k] = plainExtra(x, MAX_EXTRA_DEPTH) ? x : r.extra(x, prop(index(list, at), k));
    if (k === 'collection' && isObject(x)) {
      platform.collectionInfo = { ...(typeof x.row_index === 'number' ? { rowIndex: x.row_index } : {}), ...(typeof x.row_count === 'number' ? { rowCount: x.row_count } : {}) };
    }
  }
  let extras: Record<string, boolean> | null = null;
  if (state !== EMPTY) for (const k of STATE_EXTRAS) if (stateFlag(r, state, k, list, at)) (extras ??= {})[k] = true;
  if (extras) platform.state = extras;
  if (textState && (textState.selection != null || textState.caret != null)) platform.text = r.extra(textState, prop(index(list, at), 'text'));
  if (rawActions) platform.rawActions = rawActions;

  // Every field spelled out, in the model's order, so a field added to the model is asked for here too.
  const node = withoutSecret<Node>({
    id,
    kind: 'generic',
    role,
    rawRole,
    tag: optString(r, n, 'semantic_id', list, at),
    text: optString(r, n, 'label', list, at) || null,
    editableText: editable ? value : null,
    contentDescription: null,
    stateDescription: null,
    value: editable ? null : value,
    hint: null,
    toggle: checked === null ? null : CHECKED[checked]!,
    enabled: !stateFlag(r, state, 'disabled', list, at),
    clickable: actions.includes('Click'),
    longClickable: false,
    focusable: focused || actions.includes('RequestFocus'),
    focused,
    selected: stateFlag(r, state, 'selected', list, at),
    editable,
    scrollable: actions.includes('ScrollBy'),
    visible: true,
    password: stateFlag(r, state, 'password', list, at),
    heading: role === 'Heading',
    actions,
    bounds,
    layoutBounds: null,
    designToken: null,
    platform,
    children: [],
  });
  return { node, childIds, list, at, parent: null };
}

/**
 * Flat entries → the roots of one tree (splitModals), iteratively. Every child id must name a node, no
 * node may have two parents, the root has none, and a cycle is an error naming its ids. Nodes the root
 * does not reach (and that are not in a cycle) are left out with a warning.
 */
function link(r: FieldReader, entries: Map<string, Entry>, rootGiven: string | null, focusedId: string | null, warnings: Warning[]): Root[] {
  // Each node takes its children's nodes as it is met: a node has one parent, so the nodes the root
  // reaches form a tree, whatever the others do.
  let modals = 0;
  for (const e of entries.values()) {
    if (e.childIds.length) e.node.children = e.childIds.map((c, j) => adopt(r, entries, e, c, j));
    if (isModal(e.node)) modals++;
  }

  let rootId = rootGiven;
  if (rootId !== null) {
    const e = entries.get(rootId);
    if (e === undefined) r.fail('root', `root "${rootId}" is not among the nodes`);
    if (e.parent !== null) r.fail('root', describeCycle(rootId, entries));
  } else {
    const parentless: string[] = [];
    for (const [id, e] of entries) if (e.parent === null) parentless.push(id);
    if (entries.size === 0) r.fail('nodes', 'is empty: there is no root node to import');
    if (parentless.length === 0) r.fail('nodes', `no root: ${describeCycle(entries.keys().next().value!, entries)}`);
    if (parentless.length > 1) r.fail('root', `is null and several nodes have no parent (${quoteIds(parentless)}); cannot tell which is the root`);
    rootId = parentless[0]!;
  }
  const top = entries.get(rootId)!.node;
  const focus = focusedId === null ? undefined : entries.get(focusedId);
  if (focus) focus.node.focused = focus.node.focusable = true;

  let linked = 0;
  const stack: Node[] = [top];
  while (stack.length) {
    const node = stack.pop()!;
    linked++;
    for (const c of node.children) stack.push(c);
  }

  if (linked < entries.size) {
    // Not reached from the root: each such node leads up either to a parentless orphan or into a cycle.
    const done = new Set<string>();
    walkNode(top, (n) => { done.add(n.id); });
    const orphans: string[] = [];
    for (const id of entries.keys()) {
      if (done.has(id)) continue;
      const chain: string[] = [];
      const onChain = new Set<string>();
      let cur: string | undefined = id;
      while (cur !== undefined && !done.has(cur)) {
        if (onChain.has(cur)) r.fail('nodes', describeCycle(cur, entries));
        onChain.add(cur);
        chain.push(cur);
        cur = entries.get(cur)!.parent?.node.id;
      }
      for (const c of chain) done.add(c);
      orphans.push(...chain);
    }
    warnings.push(warning('nodes-unreachable', { rootId, ids: orphans }));
  }

  const root: Root = { rootId: MOUI_ROOT_ID, label: null, unit: 'dp', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: isModal(top), node: top };
  // No node but the root is modal (none the root reaches, at least): nothing to lift.
  return modals > (root.touchModal ? 1 : 0) ? splitModals(root) : [root];
}

/** The node of child id `c`, at index `j` of `e`'s children: it must be among the entries, with no other parent. */
function adopt(r: FieldReader, entries: Map<string, Entry>, e: Entry, c: string, j: number): Node {
  const child = entries.get(c);
  const id = e.node.id;
  if (child === undefined) r.fail(index(prop(entryPath(e), 'children'), j), `node "${id}" lists child "${c}", which is not among the nodes`, 'The read is inconsistent: read the semantics again (without "since").');
  const other = child.parent;
  if (other !== null) {
    r.fail(index(prop(entryPath(e), 'children'), j), other === e ? `node "${id}" lists child "${c}" twice` : `node "${c}" has two parents, "${other.node.id}" and "${id}"; a semantics tree gives each node one parent`);
  }
  child.parent = e;
  return child.node;
}

/** A node MoUI marks `state.modal`: a dialog, lifted into a root of its own. */
function isModal(node: Node): boolean {
  return isObject(node.platform.state) && node.platform.state.modal === true;
}

/**
 * The root, plus each `state.modal` node below it lifted out into a touch-modal root on top
 * (document order = z-order). A work list of roots, not recursion: lifted dialogs may hold
 * dialogs of their own, thousands deep.
 */
function splitModals(root: Root): Root[] {
  const out: Root[] = [];
  // A stack, each root's lifted dialogs pushed in reverse: a dialog's own dialogs come right
  // after it, before the next dialog of its parent (pre-order, as the recursion gave).
  const work: Root[] = [root];
  while (work.length) {
    const current = work.pop()!;
    out.push(current);
    const lifted: Root[] = [];
    const stack: Node[] = [current.node];
    while (stack.length) {
      const node = stack.pop()!;
      // The children kept, made only once a child is lifted.
      let kept: Node[] | null = null;
      const kids = node.children;
      for (let index = 0; index < kids.length; index++) {
        const c = kids[index]!;
        if (isModal(c)) {
          // Remember where it was, so a later delta can be applied to the tree MoUI knows.
          c.platform = { ...c.platform, liftedFrom: { parent: node.id, index } };
          lifted.push({ ...current, rootId: `${MOUI_ROOT_ID}-modal-${c.id}`, label: c.text, touchModal: true, node: c });
          kept ??= kids.slice(0, index);
        } else kept?.push(c);
      }
      if (kept) node.children = kept;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
    for (let i = lifted.length - 1; i >= 0; i--) work.push(lifted[i]!);
  }
  return out;
}

/** `child-id cycle: "1" → "2" → "1"`, found by following parents from `start` until one repeats. */
function describeCycle(start: string, entries: Map<string, Entry>): string {
  const order: string[] = [];
  const seen = new Map<string, number>();
  let cur: string | undefined = start;
  while (cur !== undefined && !seen.has(cur)) {
    seen.set(cur, order.length);
    order.push(cur);
    cur = entries.get(cur)!.parent?.node.id;
  }
  if (cur === undefined) return `node "${start}" is listed as a child, so it cannot be the root`;
  const cycle = order.slice(seen.get(cur)!).reverse(); // parent → child order
  return `child-id cycle: ${[...cycle, cycle[0]!].map((id) => `"${id}"`).join(' → ')}`;
}
