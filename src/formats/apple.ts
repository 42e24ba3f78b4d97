import type { Action, Node, Rect, Role, Root, Snapshot } from '../model/schema.js';
import { makeSnapshot } from '../model/serialize.js';
import { APPLE_TOGGLE_ROLES, appleElementRole, appleRow, appleTypeName } from '../roles/apple.js';
import { ownString } from './own-string.js';
import { withoutSecret } from './secret.js';
import { sourceLabel } from './source-label.js';
import type { FormatName, ImportOptions } from './types.js';
import { type Warning } from '../model/warnings.js';
import { frozenSubsets } from './frozen-subsets.js';

/**
 * One element of an iOS / macOS page source, as the XML and JSON readers hand it over (XCUITest and
 * legacy UIAutomation sources, WebDriverAgent JSON, `idb ui describe-all`, Appium Mac2, Maestro on
 * iOS): what the element says, before it becomes an `apple` node. A field left out is at its
 * neutral value (appleNode reads it so): null, `enabled` true, `selected` / `focused` false, bounds
 * 0,0,0,0, no traits, no extras.
 */
export interface AppleFields {
  /** The element type as the source spells it: XCUIElementTypeButton, UIAButton, Button (idb), … */
  type?: string | null;
  /** accessibilityIdentifier, when the source tells it apart from the label. */
  identifier?: string | null;
  label?: string | null;
  /** macOS title (Mac2), idb title. */
  title?: string | null;
  value?: string | null;
  placeholder?: string | null;
  enabled?: boolean;
  /** null when the source does not say (old WDA XML): visible. */
  visible?: boolean | null;
  selected?: boolean;
  focused?: boolean;
  /**
   * true when the source says the element is a checkbox, switch or toggle that is on (Maestro on iOS
   * sets `checked` for exactly those), null when it says nothing: a false `checked` is left unread,
   * as it is also what every other element carries.
   */
  checked?: boolean | null;
  bounds?: Rect;
  traits?: string[];
  /** Everything else the source carries, verbatim: the element's own object, which becomes its node's `platform`. */
  extras?: Record<string, unknown>;
}

/** An element with its children, for readers that build the element tree first (appleSnapshot). */
export interface AppleElement extends AppleFields {
  children: AppleElement[];
}

// Element types repeat on almost every element: each distinct one is looked up once (its name without
// the prefix, its row of the role table), as android-roles.ts does for class names.
const typeRows = new Map<string, { name: string; row: ReturnType<typeof appleRow>; role: Role | null }>();

function typeInfo(type: string): { name: string; row: ReturnType<typeof appleRow>; role: Role | null } {
  let info = typeRows.get(type);
  if (info === undefined) {
    info = { name: appleTypeName(type), row: appleRow(type), role: appleElementRole(type, []) };
    // Unbounded input could flood the memo with made-up types; stop remembering past a sane size.
    if (typeRows.size < 4096) typeRows.set(ownString(type), info);
  }
  return info;
}

/**
 * The node of one element, without its children (the reader appends them). Its id and the
 * visibility an ancestor imposes are the tree's: AppleNodes.snapshot sets them once the tree is whole.
 */
function appleNode(e: AppleFields): Node {
  const type = e.type ?? null, identifier = e.identifier ?? null, title = e.title ?? null, placeholder = e.placeholder ?? null;
  const traits = e.traits ?? NO_TRAITS;
  const info = type === null ? null : typeInfo(type);
  const t = info === null ? '' : info.name;
  const row = info?.row;
  // The traits speak only where the type's row says no role (appleElementRole).
  // Maestro's checked (iOS, no element type) says a switch or toggle that is on; iOS has no checkbox.
  const role = info?.role ?? (traits.length ? appleElementRole(type, traits) : null) ?? (e.checked === true ? 'Switch' : null);
  const secure = t === 'SecureTextField' || traits.includes('SecureTextField');
  const editable = row?.editable === true || traits.includes('SearchField');
  // Tappable by what the source says: a control's type, or a trait. A cell's type says neither way
  // (tapUnstated), so without such a trait its clickability is unstated, never assumed.
  const saysTap = row?.tappable === true || e.checked === true || traits.includes('Button') || traits.includes('Link') || traits.includes('KeyboardKey');
  const clickable = !editable && saysTap;
  const unstated = !editable && !saysTap && row?.tapUnstated === true;
  const scrollable = row?.scrollable === true;
  const showsLabel = row?.text === true;
  const name = nonEmpty(e.label ?? null) ?? nonEmpty(title);
  const value = nonEmpty(e.value ?? null);
  // A switch or checkbox reports its state as its value: "1" / "0" (XCUITest), or true / false.
  const isToggle = (role !== null && APPLE_TOGGLE_ROLES.has(role)) || traits.includes('ToggleButton');
  const stated = isToggle && value !== null ? (value === '1' || value === 'true' ? 'on' : value === '0' || value === 'false' ? 'off' : value === '2' ? 'indeterminate' : null) : null;
  const toggle = stated ?? (e.checked === true ? 'on' : null);
  const actions = ACTION_SETS[(clickable ? 1 : 0) | (editable ? 2 : 0) | (scrollable ? 4 : 0)]!;
  const platform: Record<string, unknown> = e.extras ?? {};
  if (type !== null) platform.type = type;
  if (identifier !== null) platform.accessibilityIdentifier = identifier;
  if (traits.length) platform.traits = [...traits];
  // A macOS title beside a label (the Apple menu: label "\uF8FF", title "Apple") is kept too.
  if (title !== null && title !== name && title.trim() !== '') platform.title = title;
  // Every field spelled out, in the model's order, so a field added to the model is asked for here too.
  const node = withoutSecret<Node>({
    id: '',
    kind: 'apple',
    role,
    rawRole: type,
    tag: nonEmpty(identifier),
    // A text element shows its label (or its value, when that is all it has); a text field's value is its content.
    text: showsLabel ? name ?? value : null,
    editableText: editable ? (secure ? null : value !== null && value !== placeholder ? value : null) : null,
    contentDescription: showsLabel ? null : name,
    stateDescription: null,
    value: editable || toggle !== null || showsLabel ? null : value,
    hint: nonEmpty(placeholder),
    toggle,
    enabled: (e.enabled ?? true) && !traits.includes('NotEnabled'),
    clickable,
    longClickable: false,
    focusable: false,
    focused: e.focused ?? false,
    selected: (e.selected ?? false) || traits.includes('Selected'),
    editable,
    scrollable,
    visible: e.visible !== false,
    password: secure,
    heading: role === 'Heading' || traits.includes('Header'),
    actions,
    bounds: e.bounds ?? { x: 0, y: 0, width: 0, height: 0 },
    layoutBounds: null,
    designToken: null,
    platform,
    children: [],
  });
  if (unstated) node.unstated = ['clickable'];
  return node;
}

/** The actions an element's flags stand for, in a fixed order: one shared frozen list per combination. */
const ACTION_SETS = frozenSubsets<Action>(['Click', 'SetText', 'ScrollBy']);

/** The traits of an element that has none: read, never written. */
const NO_TRAITS: readonly string[] = [];

function nonEmpty(s: string | null): string | null {
  return s === null || s.trim() === '' ? null : s;
}

/**
 * The nodes of an iOS / macOS source as a reader meets its elements, then its snapshot: one root per
 * window, in points at density 1 (docs/design.md §4). The application element (or whatever holds the
 * windows) is a root of its own below them, holding what is not in a window (a macOS menu bar), so
 * every element of the source is a node. A window that is not visible stays, its nodes not visible. A
 * window holding an alert or sheet is touch-modal: it hides what lies beneath, as
 * accessibilityViewIsModal does.
 */
export class AppleNodes {
  /** The root labels of the top element and its children, the only elements that can become roots. */
  private readonly labels = new Map<Node, string | null>();

  /** The node of element `e` (its children left out). `head`: e is the top element or one of its children. */
  node(e: AppleFields, head: boolean): Node {
    const node = appleNode(e);
    if (head) this.labels.set(node, nonEmpty(e.identifier ?? null) ?? nonEmpty(e.label ?? null) ?? nonEmpty(e.title ?? null) ?? e.type ?? null);
    return node;
  }

  /**
   * The snapshot of the tree under `top` (its nodes made by `node`, linked by the reader). Nodes are
   * numbered in document order root by root, the application's first. `windowsAreChildren`: a source
   * without element types (Maestro) holds one subtree per window under its top node.
   */
  snapshot(top: Node, format: FormatName, opts: ImportOptions, extra: AppleSnapshotExtra = {}): Snapshot {
    const kids = top.children;
    const windows = extra.windowsAreChildren ? kids : kids.filter((c) => c.rawRole !== null && typeInfo(c.rawRole).name === 'Window');
    if (windows.length) {
      const isWindowChild = new Set(windows);
      top.children = kids.filter((c) => !isWindowChild.has(c));
    }
    const next = { id: 0 };
    settle(top, next);
    const roots: Root[] = [this.rootOf(top, 'app', false)];
    windows.forEach((w, k) => {
      // A window is a root: whether the application is visible does not reach it.
      const dialog = settle(w, next);
      roots.push(this.rootOf(w, `window-${k}`, k > 0 && w.visible && dialog));
    });
    return makeSnapshot({
      source: sourceLabel(opts.where, format, extra.producer ?? null),
      roots,
      warnings: extra.warnings ?? [],
      ...(opts.capturedAt !== undefined ? { capturedAt: opts.capturedAt } : {}),
      ...(extra.generation !== undefined ? { generation: extra.generation } : {}),
    });
  }

  private rootOf(node: Node, rootId: string, touchModal: boolean): Root {
    return {
      rootId,
      label: this.labels.get(node) ?? null,
      unit: 'pt',
      density: 1,
      windowOffset: { x: node.bounds.x, y: node.bounds.y },
      touchModal,
      node,
    };
  }
}

export interface AppleSnapshotExtra { producer?: string | null; warnings?: Warning[]; generation?: string; windowsAreChildren?: boolean }

/** The snapshot of an element tree (AppleNodes.snapshot), for readers that build the elements first. */
export function appleSnapshot(top: AppleElement, format: FormatName, opts: ImportOptions, extra: AppleSnapshotExtra = {}): Snapshot {
  const nodes = new AppleNodes();
  let out: Node | null = null;
  const stack: Array<{ e: AppleElement; parent: Node | null; head: boolean }> = [{ e: top, parent: null, head: true }];
  while (stack.length) {
    const { e, parent, head } = stack.pop()!;
    const node = nodes.node(e, head);
    if (parent) parent.children.push(node);
    else out = node;
    for (let i = e.children.length - 1; i >= 0; i--) stack.push({ e: e.children[i]!, parent: node, head: parent === null });
  }
  return nodes.snapshot(out!, format, opts, extra);
}

/**
 * Ids in document order from `next`, iteratively; a not-visible node makes its subtree not visible,
 * as the accessibility tree hides it. Returns whether the tree holds a visible dialog.
 */
function settle(top: Node, next: { id: number }): boolean {
  const nodes = [top];
  const hidden = [false];
  let dialog = false;
  while (nodes.length) {
    const n = nodes.pop()!;
    n.id = String(next.id++);
    if (hidden.pop()!) n.visible = false;
    if (n.role === 'Dialog' && n.visible) dialog = true;
    for (let i = n.children.length - 1; i >= 0; i--) {
      nodes.push(n.children[i]!);
      hidden.push(!n.visible);
    }
  }
  return dialog;
}

/** An element of the element tree, its children appended by the reader. */
export function appleElement(fields: AppleFields): AppleElement {
  return { ...fields, children: [] };
}
