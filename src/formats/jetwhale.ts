import { FormatError } from '../errors.js';
import type { Action, Node, NodeKind, Role, Root, Snapshot, Toggle, Unit } from '../model/schema.js';
import { makeSnapshot } from '../model/serialize.js';
import { androidClassInfo } from './android-roles.js';
import { envelopeText } from './envelope.js';
import { FieldReader, MAX_EXTRA_DEPTH, NodePaths, describeValue, index, isStringArray, plainExtra, plainRect, prop, walkJsonTree, type JsonObject, type PathLike } from './read.js';
import { normaliseRole } from './role-map.js';
import { appleRole } from '../roles/apple.js';
import { withoutSecret } from './secret.js';
import { sourceLabel } from './source-label.js';
import type { ImportOptions } from './types.js';
import { warning, type Warning } from '../model/warnings.js';

/**
 * JetWhale Compose Semantics Inspector trees: the `getNodeTree` MCP answer
 * `{ capturedAtMs, merged, roots: [{ rootId, label, density, windowOffset, node }] }`, and the
 * agent protocol's spelling of the same (`type` discriminator, `isClickable`, `boundsInScreen`,
 * `windowOffsetX/Y`). Both are read; the MCP `kind: "View" | "Apple"` and the protocol
 * `type: "compose" | "view" | "apple"` name the node type (absent = compose).
 *
 * Decisions:
 * - An unknown node type is an error, not a generic node: the reference says a type the
 *   reader does not know "fails to decode rather than degrading".
 * - Ids are JetWhale's own (`"42"`, `"-4"` for View / iOS nodes), so an outline's `#42` is what
 *   performNodeAction takes. They are unique within a root (a repeat there is an error); the
 *   rootId / id pair is what addresses a node, so an id that repeats in a *later* root is
 *   qualified as `<rootId>:<id>` (with a warning) and its number kept in `platform.jetwhaleId`.
 *   `jetwhaleAddress` gives back the pair for any node. A rootId used by two roots is an error.
 * - Bounds are screen coordinates (the MCP answer's `bounds`, the protocol's `boundsInScreen`),
 *   in the root's unit: px, or pt for iOS (density 1).
 * - `tap`, `hittable`, `operable` and `obscuredBy` are analysis results, which treewright
 *   derives itself (docs/design.md §4), so they are not stored. Every other unmapped property is kept in
 *   `platform` (nested at most MAX_EXTRA_DEPTH levels, else too_large), as are the raw
 *   `viewClass`, `resourceId`, `className`, `accessibilityValue` and `traits`.
 */
export const JETWHALE_NODE_TYPES = ['compose', 'view', 'apple'] as const;
type JetWhaleType = (typeof JETWHALE_NODE_TYPES)[number];

const WHAT = 'a JetWhale getNodeTree answer (JSON)';
const FORMAT = 'JetWhale semantics tree';

// Protocol action names (what a node advertises) → the performNodeAction names we model.
const ACTIONS: Record<string, Action> = {
  Click: 'Click', OnClick: 'Click',
  LongClick: 'LongClick', OnLongClick: 'LongClick',
  SetText: 'SetText', SetTextSubstitution: 'SetText',
  InsertText: 'InsertText', InsertTextAtCursor: 'InsertText',
  ImeAction: 'ImeAction', OnImeAction: 'ImeAction', PerformImeAction: 'ImeAction',
  ScrollBy: 'ScrollBy',
  ScrollToIndex: 'ScrollToIndex',
  BringIntoView: 'BringIntoView',
  RequestFocus: 'RequestFocus',
  Dismiss: 'Dismiss',
  Expand: 'Expand',
  Collapse: 'Collapse',
};

const TOGGLES: Record<string, Toggle> = { on: 'on', off: 'off', indeterminate: 'indeterminate' };

export function importJetWhale(text: string, opts: ImportOptions = {}): Snapshot {
  return jetwhaleFromValue(envelopeText(text, opts, WHAT), opts);
}

/** A parsed getNodeTree answer → Snapshot. */
export function jetwhaleFromValue(value: unknown, opts: ImportOptions = {}): Snapshot {
  const r: FieldReader = new FieldReader(opts.where, FORMAT);
  const doc = r.object(value, '');
  const rawRoots = r.array(doc, 'roots', '');
  const warnings = r.stringArray(doc, 'warnings', '').map((text) => warning('source-warning', { text }));
  const merged = r.optBool(doc, 'merged', '');
  const capturedAtMs = r.optNumber(doc, 'capturedAtMs', '');
  // Date cannot represent beyond ±8.64e15 ms; toISOString would throw a RangeError.
  if (capturedAtMs !== null && !Number.isFinite(new Date(capturedAtMs).getTime())) r.fail('capturedAtMs', `${capturedAtMs} is not a representable time in epoch milliseconds`);

  // Which root first used each id: a repeat in another root is legal (rootId / id addresses a node).
  const firstRootOf = new Map<number, string>();
  // Where each rootId was first seen: a rootId names one window, so a repeat is an error.
  const rootAt = new Map<string, PathLike>();
  const roots: Root[] = [];
  rawRoots.forEach((raw, i) => {
    const root = readRoot(r, raw, index('roots', i), firstRootOf, rootAt, warnings, i === rawRoots.length - 1);
    if (root) roots.push(root);
  });

  return makeSnapshot({
    source: sourceLabel(opts.where, 'jetwhale', merged === null ? null : merged ? 'merged' : 'unmerged'),
    roots,
    warnings,
    capturedAt: opts.capturedAt ?? (capturedAtMs !== null ? new Date(capturedAtMs).toISOString() : undefined),
  });
}

/** The rootId / nodeId pair JetWhale's performNodeAction takes for a node of this root. */
export function jetwhaleAddress(root: Pick<Root, 'rootId'>, node: Pick<Node, 'id' | 'platform'>): { rootId: string; nodeId: number } {
  const raw = node.platform.jetwhaleId;
  return { rootId: root.rootId, nodeId: typeof raw === 'number' ? raw : Number(node.id) };
}

/** `last`: no root is read after this one, so none needs to know which ids it used. */
function readRoot(r: FieldReader, raw: unknown, path: PathLike, firstRootOf: Map<number, string>, rootAt: Map<string, PathLike>, warnings: Warning[], last: boolean): Root | null {
  const o = r.object(raw, path);
  const rootId = r.string(o, 'rootId', path);
  if (!rootId) r.fail(prop(path, 'rootId'), 'is empty; every root needs its rootId');
  const first = rootAt.get(rootId);
  if (first !== undefined) {
    // Ids are only unique within a root, so two roots sharing a rootId would give nodes one address.
    r.fail(prop(path, 'rootId'), `duplicate rootId "${rootId}" (first used at ${first}); each root needs its own rootId`, 'The capture is inconsistent: capture the tree again.');
  }
  rootAt.set(rootId, path);
  const label = r.optString(o, 'label', path);
  if (o.node === undefined || o.node === null) {
    warnings.push(warning('root-without-content', { rootId, label }));
    return null;
  }
  const topNode = r.object(o.node, prop(path, 'node'));
  const topType = nodeType(topNode.type ?? topNode.kind) ?? unknownType(r, topNode, prop(path, 'node'));
  const unit = readUnit(r, o, path) ?? readUnit(r, o.node as JsonObject, prop(path, 'node')) ?? (topType === 'apple' ? 'pt' : 'px');
  let density = r.optNumber(o, 'density', path);
  if (unit !== 'px') density = 1; // points and dp: the root's density is 1 by definition
  else if (density === null) r.fail(prop(path, 'density'), 'is missing; a px root needs its density (px per dp) for dp-based checks');
  else if (density <= 0) r.fail(prop(path, 'density'), `must be positive, got ${density}`);

  let windowOffset = { x: 0, y: 0 };
  if (o.windowOffset !== undefined && o.windowOffset !== null) {
    const w = r.object(o.windowOffset, prop(path, 'windowOffset'));
    windowOffset = { x: r.finite(w.x, prop(prop(path, 'windowOffset'), 'x')), y: r.finite(w.y, prop(prop(path, 'windowOffset'), 'y')) };
  } else {
    windowOffset = { x: r.optNumber(o, 'windowOffsetX', path) ?? 0, y: r.optNumber(o, 'windowOffsetY', path) ?? 0 };
  }
  const touchModal = r.optBool(o, 'touchModal', path) ?? r.optBool(o, 'isTouchModal', path) ?? r.optBool(o, 'modal', path) ?? false;

  // Keyed by the id's number: the id's text is that number's (readId), and a number is cheaper to look up
  // than a string just made. The value is the node's number in `paths`, whose path an error names.
  const local = new Map<number, number>();
  const paths = new NodePaths(prop(path, 'node'));
  const top = walkJsonTree(r, o.node, paths, (n, k) => {
    const wireNumber = readId(r, n, paths, k);
    const wireId = String(wireNumber);
    const seen = local.get(wireNumber);
    if (seen !== undefined) {
      r.fail(paths.at(k), `duplicate node id ${wireId} in root "${rootId}" (first used at ${paths.at(seen)}); ids are unique within a root`, 'The capture is inconsistent: capture the tree again.');
    }
    local.set(wireNumber, k);
    let id = wireId;
    const other = firstRootOf.size === 0 ? undefined : firstRootOf.get(wireNumber);
    if (other !== undefined && other !== rootId) {
      id = `${rootId}:${wireId}`;
      warnings.push(warning('node-id-shared', { wireId, firstRoot: other, rootId, id }));
    } else if (!last) firstRootOf.set(wireNumber, rootId);

    const node = readNode(r, n, paths, k, id);
    if (id !== wireId) node.platform = { ...node.platform, jetwhaleId: Number(wireId) };
    return node;
  });
  return { rootId, label, unit, density: density ?? 1, windowOffset, touchModal, node: top };
}

function readUnit(r: FieldReader, o: JsonObject, path: PathLike): Unit | null {
  const u = r.optString(o, 'unit', path);
  if (u === null) return null;
  if (u !== 'px' && u !== 'pt' && u !== 'dp') r.fail(prop(path, 'unit'), `unknown unit "${u}"; expected px, pt or dp`);
  return u;
}

/** The node's id as a number: an integer, or a string of digits (read as the number it spells). */
function readId(r: FieldReader, n: JsonObject, paths: NodePaths, k: number): number {
  const v = n.id;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  r.fail(prop(paths.at(k), 'id'), v === undefined ? 'is missing; every node has an integer id' : `expected an integer id, got ${describeValue(v)}`);
}

/** The node's type from its `type` (else `kind`), or null when it names one this reader does not know (unknownType says so). */
function nodeType(raw: unknown): JetWhaleType | null {
  if (raw === undefined || raw === null || raw === 'compose') return 'compose';
  const t = typeof raw === 'string' ? raw.toLowerCase() : null;
  return t === 'compose' || t === 'view' || t === 'apple' ? t : null;
}

function unknownType(r: FieldReader, n: JsonObject, path: PathLike): never {
  throw new FormatError('format_error', `${String(prop(path, n.type !== undefined ? 'type' : 'kind'))}: unknown node type ${JSON.stringify(n.type ?? n.kind)}; expected ${JETWHALE_NODE_TYPES.join(', ')}`, {
    where: r.where,
    hint: 'The capture comes from a JetWhale protocol this treewright does not know; upgrade treewright, or capture with a matching agent.',
  });
}

/** `stringArray` of `n[key]` (given as `v`), the path made only for an error. */
function stringArray(r: FieldReader, n: JsonObject, paths: NodePaths, k: number, key: string, v: unknown): string[] {
  return v === undefined || v === null ? [] : isStringArray(v) ? v : r.stringArray(n, key, paths.at(k));
}

/**
 * `n[name]` (given as `v`), else its other spelling `n[alt]` (given as `w`), else `dflt`; the reads that
 * can fail run only when a value is not plainly a boolean, and only then is the node's path made.
 */
function flag(r: FieldReader, n: JsonObject, paths: NodePaths, k: number, name: string, v: unknown, alt: string, w: unknown, dflt: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (v === undefined || v === null) {
    if (typeof w === 'boolean') return w;
    if (w === undefined || w === null) return dflt;
  }
  const path = paths.at(k);
  return r.optBool(n, name, path) ?? r.optBool(n, alt, path) ?? dflt;
}


/** One node (its children still to read), every field spelled out, so a field added to the model is asked for here too. */
function readNode(r: FieldReader, n: JsonObject, paths: NodePaths, k: number, id: string): Node {
  // One pass over the node's keys: the fields read below, and every other key kept in platform. The
  // checks then run in the order the fields are read, so a node with two bad fields names the same one.
  let typeRaw: unknown, kindRaw: unknown, unit: unknown, boundsInScreen: unknown, boundsProp: unknown, actionsRaw: unknown;
  let toggleRaw: unknown, enabledRaw: unknown, isEnabled: unknown, selectedRaw: unknown, isSelected: unknown, focusedRaw: unknown, isFocused: unknown;
  let passwordRaw: unknown, roleRaw: unknown, testTag: unknown, stateRaw: unknown, textRaw: unknown, editableTextRaw: unknown, cdRaw: unknown;
  let clickableRaw: unknown, isClickable: unknown, editableRaw: unknown, isEditable: unknown, scrollableRaw: unknown, isScrollable: unknown, visibleRaw: unknown, isVisible: unknown;
  const platform: Record<string, unknown> = {};
  // The first kept value plainExtra refuses: FieldReader.extra names its error, after the checks before it.
  let badExtra: string | null = null;
  for (const key in n) {
    const v = n[key];
    switch (key) {
      case 'type': typeRaw = v; break;
      case 'kind': kindRaw = v; break;
      case 'unit': unit = v; break;
      case 'boundsInScreen': boundsInScreen = v; break;
      case 'bounds': boundsProp = v; break;
      case 'actions': actionsRaw = v; break;
      case 'toggleableState': toggleRaw = v; break;
      case 'enabled': enabledRaw = v; break;
      case 'isEnabled': isEnabled = v; break;
      case 'selected': selectedRaw = v; break;
      case 'isSelected': isSelected = v; break;
      case 'focused': focusedRaw = v; break;
      case 'isFocused': isFocused = v; break;
      case 'password': passwordRaw = v; break;
      case 'role': roleRaw = v; break;
      case 'testTag': testTag = v; break;
      case 'stateDescription': stateRaw = v; break;
      case 'text': textRaw = v; break;
      case 'editableText': editableTextRaw = v; break;
      case 'contentDescription': cdRaw = v; break;
      case 'clickable': clickableRaw = v; break;
      case 'isClickable': isClickable = v; break;
      case 'editable': editableRaw = v; break;
      case 'isEditable': isEditable = v; break;
      case 'scrollable': scrollableRaw = v; break;
      case 'isScrollable': isScrollable = v; break;
      case 'visible': visibleRaw = v; break;
      case 'isVisible': isVisible = v; break;
      // Read elsewhere (the id, the walk, an iOS node's identifier) or derived by JetWhale's analysis, which treewright derives itself.
      case 'id': case 'rootId': case 'children': case 'accessibilityIdentifier':
      case 'tap': case 'hittable': case 'isHittable': case 'operable': case 'isOperable': case 'obscuredBy':
        break;
      default:
        platform[key] = v;
        if (badExtra === null && !plainExtra(v, MAX_EXTRA_DEPTH)) badExtra = key;
    }
  }

  const type = nodeType(typeRaw ?? kindRaw) ?? unknownType(r, n, paths.at(k));
  if (unit !== undefined && unit !== null && unit !== 'px' && unit !== 'pt' && unit !== 'dp') readUnit(r, n, paths.at(k));
  const boundsRaw = boundsInScreen ?? boundsProp;
  if (boundsRaw === undefined || boundsRaw === null) r.fail(prop(paths.at(k), 'bounds'), 'is missing: every node needs its screen bounds');
  const bounds = plainRect(boundsRaw) ?? r.rect(boundsRaw, prop(paths.at(k), boundsInScreen !== undefined ? 'boundsInScreen' : 'bounds'));

  const actions: Action[] = [];
  let rawActions: string[] | null = null;
  for (const a of stringArray(r, n, paths, k, 'actions', actionsRaw)) {
    const mapped = ACTIONS[a];
    if (mapped) {
      if (!actions.includes(mapped)) actions.push(mapped);
    } else (rawActions ??= []).push(a);
  }

  if (badExtra !== null) r.extra(n[badExtra], prop(paths.at(k), badExtra));
  if (rawActions) platform.rawActions = rawActions;

  const toggleName = r.nodeOptString(n, 'toggleableState', paths, k, toggleRaw);
  let toggle: Toggle | null = toggleName === null ? null : (TOGGLES[toggleName.toLowerCase()] ?? null);
  if (toggleName !== null && toggle === null) platform.toggleableState = toggleName;

  let enabled = flag(r, n, paths, k, 'enabled', enabledRaw, 'isEnabled', isEnabled, true);
  let selected = flag(r, n, paths, k, 'selected', selectedRaw, 'isSelected', isSelected, false);
  const focused = flag(r, n, paths, k, 'focused', focusedRaw, 'isFocused', isFocused, false);
  let kind: NodeKind = 'compose';
  let role: Role | null = null;
  let rawRole: string | null = null;
  let tag: string | null = null;
  let stateDescription: string | null = null;
  let value: string | null = null;
  let heading = false;
  let password = passwordRaw === undefined ? false : (r.nodeOptBool(n, 'password', paths, k) ?? false);

  if (type === 'compose') {
    rawRole = r.nodeOptString(n, 'role', paths, k, roleRaw);
    role = normaliseRole(rawRole);
    tag = r.nodeOptString(n, 'testTag', paths, k, testTag);
    stateDescription = r.nodeOptString(n, 'stateDescription', paths, k, stateRaw);
    heading = role === 'Heading';
  } else if (type === 'view') {
    kind = 'view';
    rawRole = r.nodeOptString(n, 'viewClass', paths, k);
    role = rawRole ? androidClassInfo(rawRole).role : null;
    tag = r.nodeOptString(n, 'resourceId', paths, k);
  } else {
    kind = 'apple';
    rawRole = r.nodeOptString(n, 'className', paths, k);
    const traits = stringArray(r, n, paths, k, 'traits', n.traits);
    role = appleRole(traits, rawRole);
    tag = r.nodeOptString(n, 'accessibilityIdentifier', paths, k);
    value = r.nodeOptString(n, 'accessibilityValue', paths, k);
    if (traits.includes('NotEnabled')) enabled = false;
    if (traits.includes('Selected')) selected = true;
    heading = traits.includes('Header');
    if (role === 'Switch' && toggle === null && (value === '1' || value === '0')) toggle = value === '1' ? 'on' : 'off';
    if (rawRole && /Secure/i.test(rawRole)) password = true;
  }

  return withoutSecret<Node>({
    id,
    kind,
    role,
    rawRole,
    tag,
    text: r.nodeOptString(n, 'text', paths, k, textRaw),
    editableText: r.nodeOptString(n, 'editableText', paths, k, editableTextRaw),
    contentDescription: r.nodeOptString(n, 'contentDescription', paths, k, cdRaw),
    stateDescription,
    value,
    hint: null,
    toggle,
    enabled,
    clickable: flag(r, n, paths, k, 'clickable', clickableRaw, 'isClickable', isClickable, false),
    longClickable: actions.includes('LongClick'),
    focusable: focused || actions.includes('RequestFocus'),
    focused,
    selected,
    editable: flag(r, n, paths, k, 'editable', editableRaw, 'isEditable', isEditable, false),
    scrollable: flag(r, n, paths, k, 'scrollable', scrollableRaw, 'isScrollable', isScrollable, false),
    visible: flag(r, n, paths, k, 'visible', visibleRaw, 'isVisible', isVisible, true),
    password,
    heading,
    actions,
    bounds,
    layoutBounds: null,
    designToken: null,
    platform,
    children: [],
  });
}
