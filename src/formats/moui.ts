import { FormatError } from '../errors.js';
import type { Action, Node, Rect, Root, Snapshot, Toggle } from '../model/schema.js';
import { walk, walkNode } from '../model/node.js';
import { makeSnapshot } from '../model/serialize.js';
import { envelopeText, unwrapEnvelope } from './envelope.js';
import { stringifyJson } from './json.js';
import { FieldReader, MAX_EXTRA_DEPTH, describeValue, index, isObject, isStringArray, plainExtra, plainXywh, prop, type JsonObject, type PathLike } from './read.js';
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

/** One flat node before linking: the node (its children still to link) and the ids of its children. */
interface Entry {
  node: Node;
  childIds: string[];
  path: PathLike;
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
  r.array(v, 'nodes', '').forEach((raw, i) => {
    const path = index('nodes', i);
    const { id, entry } = readEntry(r, raw, path);
    const first = entries.get(id);
    if (first) r.fail(path, `duplicate node_id "${id}" (also at ${first.path}); node ids are unique in a snapshot`);
    entries.set(id, entry);
  });
  const warnings = readIssues(r, v, '');
  const root = link(r, entries, rootId, focusedId, warnings);
  return makeSnapshot({ source: sourceLabel(opts.where, 'moui'), roots: splitModals(root), warnings, generation, capturedAt: opts.capturedAt });
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
    entries.set(node.id, { node: fields, childIds: children.map((c) => c.id), path: `(previous snapshot node ${node.id})` });
  });
  for (const { id, parent, index: i } of relink) entries.get(parent)?.childIds.splice(i, 0, id);
  const warnings = readIssues(r, v, '');
  r.array(v, 'removed', '').forEach((raw, i) => {
    const id = typeof raw === 'string' && DECIMAL.test(raw) ? raw : r.fail(index('removed', i), `expected a decimal node id, got ${describeValue(raw)}`);
    if (!entries.delete(id)) warnings.push(warning('delta-removes-unknown', { nodeId: id }));
  });
  const upserted = new Set<string>();
  r.array(v, 'upserted', '').forEach((raw, i) => {
    const path = index('upserted', i);
    const { id, entry } = readEntry(r, raw, path);
    if (upserted.has(id)) r.fail(path, `node_id "${id}" is upserted twice in one delta`);
    upserted.add(id);
    entries.set(id, entry);
  });
  const root = link(r, entries, optDecimal(r, v, 'root', ''), optDecimal(r, v, 'focused', ''), warnings);
  return makeSnapshot({ source: prev.source, roots: splitModals(root), warnings, generation: to, capturedAt: opts.capturedAt });
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

function decimal(r: FieldReader, o: JsonObject, key: string, path: PathLike): string {
  const s = o[key];
  if (typeof s !== 'string' || !DECIMAL.test(s)) r.fail(prop(path, key), `expected a decimal string, got ${describeValue(s)}`);
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

/** A boolean of `state` (false when absent / null), its path made only for an error. */
function stateFlag(r: FieldReader, state: JsonObject, key: string, path: PathLike): boolean {
  const v = state[key];
  return typeof v === 'boolean' ? v : v === undefined || v === null ? false : r.optBool(state, key, prop(path, 'state'))!;
}

/** `{origin: {x, y}, size: {width, height}}` as originSizeFrame reads it when it would accept it; null for anything it must judge. */
function plainOriginSize(f: JsonObject): Rect | null {
  const o = f.origin, s = f.size;
  return isObject(o) && isObject(s) ? plainXywh({ x: o.x, y: o.y, width: s.width, height: s.height }) : null;
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

function readEntry(r: FieldReader, raw: unknown, path: PathLike): { id: string; entry: Entry } {
  const n = r.object(raw, path);
  const id = decimal(r, n, 'node_id', path);
  const kids = n.children;
  if (!Array.isArray(kids)) r.array(n, 'children', path);
  const childIds: string[] = [];
  for (let j = 0; j < (kids as unknown[]).length; j++) {
    const c = (kids as unknown[])[j];
    if (typeof c === 'string' && DECIMAL.test(c)) childIds.push(c);
    else r.fail(index(prop(path, 'children'), j), `expected a decimal child id, got ${describeValue(c)}`);
  }
  if (n.frame === undefined || n.frame === null) r.fail(prop(path, 'frame'), 'is missing: every node needs its frame');
  const f = isObject(n.frame) ? n.frame : r.object(n.frame, prop(path, 'frame'));
  const bounds = 'origin' in f || 'size' in f ? plainOriginSize(f) ?? originSizeFrame(r, f, prop(path, 'frame')) : plainXywh(f) ?? r.xywhAt(n, 'frame', path);

  const state = n.state === undefined || n.state === null ? EMPTY : isObject(n.state) ? n.state : r.object(n.state, prop(path, 'state'));
  const st = (k: string) => stateFlag(r, state, k, path);
  const checked = typeof state.checked === 'string' || state.checked == null ? (state.checked ?? null) : r.optString(state, 'checked', prop(path, 'state'));
  if (checked !== null && !(checked in CHECKED)) r.fail(prop(prop(path, 'state'), 'checked'), `expected checked, unchecked, mixed or null, got ${JSON.stringify(checked)}`);

  const actions: Action[] = [];
  const rawActions: string[] = [];
  const actionList = n.actions === undefined || n.actions === null ? [] : isStringArray(n.actions) ? n.actions : r.stringArray(n, 'actions', path);
  for (const a of actionList) {
    const mapped = ACTIONS[a];
    if (mapped) {
      if (!actions.includes(mapped)) actions.push(mapped);
    } else rawActions.push(a);
  }

  const rawRole = r.optString(n, 'role', path);
  const role = rawRole === 'none' ? null : normaliseRole(rawRole);
  const textState = n.text === undefined || n.text === null ? null : isObject(n.text) ? n.text : r.object(n.text, prop(path, 'text'));
  const editable = (textState ? r.optBool(textState, 'editable', prop(path, 'text')) ?? false : false) && !st('read_only');
  const value = r.optString(n, 'value', path) || null;
  const focused = st('focused');

  const platform: Record<string, unknown> = {};
  for (const k in n) {
    if (CONSUMED.has(k)) continue;
    const x = n[k];
    // Only what says something: MoUI sends every field on every node, mostly empty.
    if (x === null || x === '' || x === false || (k === 'live' && x === 'off')) continue;
    if (k === 'relations' && isObject(x) && relatesNothing(x)) continue;
    platform[k] = plainExtra(x, MAX_EXTRA_DEPTH) ? x : r.extra(x, prop(path, k));
    if (k === 'collection' && isObject(x)) {
      platform.collectionInfo = { ...(typeof x.row_index === 'number' ? { rowIndex: x.row_index } : {}), ...(typeof x.row_count === 'number' ? { rowCount: x.row_count } : {}) };
    }
  }
  let extras: Record<string, boolean> | null = null;
  if (state !== EMPTY) for (const k of STATE_EXTRAS) if (st(k)) (extras ??= {})[k] = true;
  if (extras) platform.state = extras;
  if (textState && (textState.selection != null || textState.caret != null)) platform.text = r.extra(textState, prop(path, 'text'));
  if (rawActions.length) platform.rawActions = rawActions;

  // Every field spelled out, in the model's order, so a field added to the model is asked for here too.
  const node = withoutSecret<Node>({
    id,
    kind: 'generic',
    role,
    rawRole,
    tag: r.optString(n, 'semantic_id', path),
    text: r.optString(n, 'label', path) || null,
    editableText: editable ? value : null,
    contentDescription: null,
    stateDescription: null,
    value: editable ? null : value,
    hint: null,
    toggle: checked === null ? null : CHECKED[checked]!,
    enabled: !st('disabled'),
    clickable: actions.includes('Click'),
    longClickable: false,
    focusable: focused || actions.includes('RequestFocus'),
    focused,
    selected: st('selected'),
    editable,
    scrollable: actions.includes('ScrollBy'),
    visible: true,
    password: st('password'),
    heading: role === 'Heading',
    actions,
    bounds,
    layoutBounds: null,
    designToken: null,
    platform,
    children: [],
  });
  return { id, entry: { node, childIds, path } };
}

/**
 * Flat entries → one tree, iteratively. Every child id must name a node, no node may have two
 * parents, the root has none, and a cycle is an error naming its ids. Nodes the root does not
 * reach (and that are not in a cycle) are left out with a warning.
 */
function link(r: FieldReader, entries: Map<string, Entry>, rootGiven: string | null, focusedId: string | null, warnings: Warning[]): Root {
  const parentOf = new Map<string, string>();
  for (const [id, e] of entries) {
    const kids = e.childIds;
    for (let j = 0; j < kids.length; j++) {
      const c = kids[j]!;
      if (!entries.has(c)) r.fail(index(prop(e.path, 'children'), j), `node "${id}" lists child "${c}", which is not among the nodes`, 'The read is inconsistent: read the semantics again (without "since").');
      const other = parentOf.get(c);
      if (other !== undefined) {
        r.fail(index(prop(e.path, 'children'), j), other === id ? `node "${id}" lists child "${c}" twice` : `node "${c}" has two parents, "${other}" and "${id}"; a semantics tree gives each node one parent`);
      }
      parentOf.set(c, id);
    }
  }

  let rootId = rootGiven;
  if (rootId !== null) {
    if (!entries.has(rootId)) r.fail('root', `root "${rootId}" is not among the nodes`);
    if (parentOf.has(rootId)) r.fail('root', describeCycle(rootId, parentOf));
  } else {
    const parentless = [...entries.keys()].filter((id) => !parentOf.has(id));
    if (entries.size === 0) r.fail('nodes', 'is empty: there is no root node to import');
    if (parentless.length === 0) r.fail('nodes', `no root: ${describeCycle(entries.keys().next().value!, parentOf)}`);
    if (parentless.length > 1) r.fail('root', `is null and several nodes have no parent (${quoteIds(parentless)}); cannot tell which is the root`);
    rootId = parentless[0]!;
  }

  let linked = 0;
  const stack: Array<{ id: string; parent: Node | null }> = [{ id: rootId, parent: null }];
  let top: Node | null = null;
  while (stack.length) {
    const { id, parent } = stack.pop()!;
    const e = entries.get(id)!;
    const node = e.node;
    if (focusedId === id) node.focused = node.focusable = true;
    linked++;
    if (parent) parent.children.push(node);
    else top = node;
    for (let i = e.childIds.length - 1; i >= 0; i--) stack.push({ id: e.childIds[i]!, parent: node });
  }

  if (linked < entries.size) {
    // Not reached from the root: each such node leads up either to a parentless orphan or into a cycle.
    const done = new Set<string>();
    walkNode(top!, (n) => { done.add(n.id); });
    const orphans: string[] = [];
    for (const id of entries.keys()) {
      if (done.has(id)) continue;
      const chain: string[] = [];
      const onChain = new Set<string>();
      let cur: string | undefined = id;
      while (cur !== undefined && !done.has(cur)) {
        if (onChain.has(cur)) r.fail('nodes', describeCycle(cur, parentOf));
        onChain.add(cur);
        chain.push(cur);
        cur = parentOf.get(cur);
      }
      for (const c of chain) done.add(c);
      orphans.push(...chain);
    }
    warnings.push(warning('nodes-unreachable', { rootId, ids: orphans }));
  }

  const node = top!;
  const modal = isObject(node.platform.state) && node.platform.state.modal === true;
  return { rootId: MOUI_ROOT_ID, label: null, unit: 'dp', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: modal, node };
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
        if (isObject(c.platform.state) && c.platform.state.modal === true) {
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
function describeCycle(start: string, parentOf: Map<string, string>): string {
  const order: string[] = [];
  const seen = new Map<string, number>();
  let cur: string | undefined = start;
  while (cur !== undefined && !seen.has(cur)) {
    seen.set(cur, order.length);
    order.push(cur);
    cur = parentOf.get(cur);
  }
  if (cur === undefined) return `node "${start}" is listed as a child, so it cannot be the root`;
  const cycle = order.slice(seen.get(cur)!).reverse(); // parent → child order
  return `child-id cycle: ${[...cycle, cycle[0]!].map((id) => `"${id}"`).join(' → ')}`;
}
