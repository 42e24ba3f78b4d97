/**
 * The accessibility tree Playwright's aria snapshots speak (docs/design.md §9.1), read off the merged
 * view of any snapshot: Compose, Android, Apple and web nodes alike. Each node of the merged view
 * (facts/merged-view.ts) becomes one of three things:
 *
 * - a role node, when it reads as an ARIA role (roles/aria.ts ariaRoleOf): its accessible name, the
 *   ARIA states Playwright records for that role, and its children;
 * - text, when it names no role but shows text (a Text node, a web StaticText, a role-less label):
 *   a string among its parent's children, as a DOM text node is in Playwright's tree;
 * - nothing of its own, when it names no role (a layout container, a web `generic`, a nameless
 *   `form`): its children take its place, as Playwright leaves out elements without a role.
 *
 * Then, as Playwright's distiller does, adjacent strings are joined and whitespace-normalised, and a
 * node whose only child is a string equal to its name loses that child. A text field's children are
 * its content alone (never a password's). Nodes that are not visible are left out with their subtree.
 * Built iteratively, so a deep tree does not overflow the stack.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { ariaRoleOf } from '../roles/aria.js';
import type { AriaStates } from './aria-syntax.js';
import { headingLevel, nodeFacts } from '../facts/node-facts.js';
import { mergedView } from '../facts/merged-view.js';

/** A node of the aria tree: Playwright's AriaNode, plus the semantics node it was read from. */
export interface AriaNode extends AriaStates {
  /** An ARIA role, or `fragment` for the scope's root (the device's screen, or above a locator's node). */
  role: string;
  /** The accessible name, whitespace-normalised ('' for none). */
  name: string;
  /** `url` (a link's target, web) and `placeholder` (a text field's hint, when it is not the name). */
  props: Record<string, string>;
  children: Array<AriaNode | string>;
  /** The semantics node this was read from (null for the fragment). */
  node: Node | null;
}

/** Roles Playwright records each state for (its roleUtils kAria*Roles). */
const CHECKED_ROLES = new Set(['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem']);
const DISABLED_ROLES = new Set(['application', 'button', 'composite', 'gridcell', 'group', 'input', 'link', 'menuitem', 'scrollbar', 'separator', 'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox', 'menu', 'menubar', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader', 'searchbox', 'select', 'slider', 'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid', 'treeitem']);
const EXPANDED_ROLES = new Set(['application', 'button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox', 'menuitem', 'row', 'rowheader', 'tab', 'treeitem', 'columnheader', 'menuitemcheckbox', 'menuitemradio', 'switch']);
const INVALID_ROLES = new Set(['application', 'checkbox', 'columnheader', 'combobox', 'gridcell', 'listbox', 'radiogroup', 'rowheader', 'searchbox', 'slider', 'spinbutton', 'switch', 'textbox', 'tree', 'treegrid']);
const LEVEL_ROLES = new Set(['heading', 'listitem', 'row', 'treeitem']);
const SELECTED_ROLES = new Set(['gridcell', 'option', 'row', 'tab', 'rowheader', 'columnheader', 'treeitem']);
/** Roles that are no role in an aria snapshot: their content stands in their place. */
const NO_ROLE = new Set(['none', 'presentation', 'generic']);
/** Landmarks that are one only with an accessible name (HTML-AAM: a nameless form or section is generic). */
const NAMED_ONLY = new Set(['form', 'region']);
/** ARIA's spelling of a role Chromium spells its own way. */
const WEB_SPELLING: Readonly<Record<string, string>> = { image: 'img', MenuListOption: 'option' };
/** Chromium's own nodes that are no node in Playwright's tree: a `<select>`'s popup (its options are the combobox's children). */
const WEB_TRANSPARENT = new Set(['MenuListPopup']);
/**
 * Roles whose name may come from their content (ARIA 1.2's "name from: contents", as Playwright's
 * accessible-name computation allows it). Any other role is named only by what names it explicitly
 * (aria-label, a content description), and its text stays its content: `- listitem: Row 1`.
 */
const NAME_FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);

/** Playwright's whitespace normalisation of names and text: zero-width and soft hyphens dropped, runs of whitespace one space. */
export function normalizeAriaText(s: string): string {
  return s.replace(/[\u200b\u00ad]/g, '').trim().replace(/\s+/g, ' ');
}

/** The ARIA role a node of the merged view reads as, or null (text, a container, a window). */
function ariaRole(node: Node, role: Node['role'], name: string): string | null {
  if (node.kind === 'web' && node.rawRole !== null && WEB_TRANSPARENT.has(node.rawRole)) return null;
  let aria = ariaRoleOf({ kind: node.kind, role, rawRole: node.rawRole });
  if (aria === null && node.kind === 'web' && node.rawRole !== null) aria = WEB_SPELLING[node.rawRole] ?? null;
  if (aria === null || NO_ROLE.has(aria)) return null;
  if (NAMED_ONLY.has(aria) && !name) return null;
  return WEB_SPELLING[aria] ?? aria;
}

/** What a node with no role contributes as text: a web node its text (StaticText), another its label. */
function ownText(node: Node): string {
  if (node.kind === 'web') return node.text ?? '';
  return node.contentDescription || node.text || '';
}

function flag(v: unknown): boolean | undefined {
  return v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;
}

/** A platform state MoUI (platform.state) or an importer (platform.<key>) carries. */
function stateOf(node: Node, key: string): boolean | undefined {
  const state = node.platform.state;
  const fromState = typeof state === 'object' && state !== null ? flag((state as Record<string, unknown>)[key]) : undefined;
  return fromState ?? flag(node.platform[key]);
}

function expandedOf(node: Node): boolean | undefined {
  const said = stateOf(node, 'expanded');
  if (said !== undefined) return said;
  // A node that offers Collapse is open; one that offers Expand is closed.
  if (node.actions.includes('Collapse')) return true;
  if (node.actions.includes('Expand')) return false;
  return undefined;
}

function levelOf(node: Node, role: string): number {
  if (role === 'heading') return headingLevel(node) ?? 0;
  const v = node.platform.level;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 0;
}

/**
 * A role node's accessible name: a text field's is its label or hint, never its content; a role that is
 * not named from content has only an explicit name (a web node's accname unless Chromium took it from
 * the contents, another platform's content description); the rest the facts store's name (the node's
 * label, else the text of the descendants it merges).
 */
function nameOf(node: Node, merged: string, role: string): string {
  if (TEXT_ROLES.has(role) && node.editable) return normalizeAriaText(node.contentDescription || node.text || node.hint || '');
  if (!NAME_FROM_CONTENT.has(role)) {
    if (node.kind === 'web') return node.platform.nameFrom === 'contents' ? '' : normalizeAriaText(node.contentDescription ?? '');
    return normalizeAriaText(node.contentDescription ?? '');
  }
  return normalizeAriaText(merged);
}

function roleNode(node: Node, role: string, name: string, page: URL | null): AriaNode {
  const a: AriaNode = { role, name, props: {}, children: [], node };
  const toggle = node.toggle;
  if (CHECKED_ROLES.has(role)) a.checked = toggle === 'on' ? true : toggle === 'indeterminate' ? 'mixed' : false;
  if (DISABLED_ROLES.has(role)) a.disabled = !node.enabled;
  if (EXPANDED_ROLES.has(role)) {
    const e = expandedOf(node);
    if (e !== undefined) a.expanded = e;
  }
  if (INVALID_ROLES.has(role)) a.invalid = stateOf(node, 'invalid') ?? false;
  if (LEVEL_ROLES.has(role)) a.level = levelOf(node, role);
  if (role === 'button') a.pressed = stateOf(node, 'pressed') ? true : toggle === 'on' ? true : toggle === 'indeterminate' ? 'mixed' : false;
  if (SELECTED_ROLES.has(role)) a.selected = node.selected;
  a.active = node.focused;
  const url = node.platform.url;
  if (role === 'link' && typeof url === 'string') a.props.url = page ? relativeUrl(url, page) : url;
  if (role === 'textbox' && node.hint && normalizeAriaText(node.hint) !== name) a.props.placeholder = node.hint;
  return a;
}

/** A web snapshot's page address (its source is `web:<url>`), which links are written relative to. */
function pageUrl(snapshot: Snapshot): URL | null {
  if (!snapshot.source.startsWith('web:')) return null;
  try { return new URL(snapshot.source.slice(4)); } catch { return null; }
}

/**
 * A link's address as its page would write it: Chromium reports the resolved URL, Playwright the
 * `href` as written, which is mostly relative; and a snapshot must not hold the test server's port.
 * Same page → `#fragment`; same origin → the path (with query and fragment); else the whole URL.
 */
export function relativeUrl(url: string, page: URL): string {
  let u: URL;
  try { u = new URL(url); } catch { return url; }
  if (u.origin !== page.origin) return url;
  if (u.pathname === page.pathname && u.search === page.search && u.hash) return u.hash;
  return u.pathname + u.search + u.hash;
}

/** Joins adjacent strings (normalised, empties dropped) and drops a lone string child that repeats the name. */
function settle(a: AriaNode): void {
  const out: Array<AriaNode | string> = [];
  let run: string[] = [];
  const flush = () => {
    if (!run.length) return;
    const text = normalizeAriaText(run.join(' '));
    if (text) out.push(text);
    run = [];
  };
  for (const c of a.children) {
    if (typeof c === 'string') run.push(c);
    else { flush(); out.push(c); }
  }
  flush();
  a.children = out.length === 1 && out[0] === a.name ? [] : out;
}

/**
 * The aria tree of a snapshot: a fragment holding every window's content, bottom window first, or,
 * `within` a node, a fragment holding that node (as Playwright's tree of a locator holds its element).
 */
export function ariaTree(snapshot: Snapshot, within?: Node): AriaNode {
  const facts = nodeFacts(snapshot);
  const view = mergedView(snapshot);
  const { nodes, ends } = facts;
  const page = pageUrl(snapshot);
  const root: AriaNode = { role: 'fragment', name: '', props: {}, children: [], node: null };
  type Frame = { i: number; parent: AriaNode } | { done: AriaNode };
  const stack: Frame[] = [];
  if (within) {
    const i = facts.orderOf(within);
    if (i !== undefined) stack.push({ i, parent: root });
  } else {
    for (let w = facts.rootStart.length - 2; w >= 0; w--) stack.push({ i: facts.rootStart[w]!, parent: root });
  }
  const pushChildren = (i: number, parent: AriaNode) => {
    const kids: number[] = [];
    for (let j = i + 1; j < ends[i]!; j = ends[j]!) kids.push(j);
    for (let k = kids.length - 1; k >= 0; k--) stack.push({ i: kids[k]!, parent });
  };
  while (stack.length) {
    const f = stack.pop()!;
    if ('done' in f) { settle(f.done); continue; }
    const { i, parent } = f;
    const node = nodes[i]!;
    if (!node.visible || view.mergedInto(i) >= 0) continue;
    const merged = facts.name(i);
    const role = ariaRole(node, view.roleAt(i), merged);
    if (role === null) {
      const text = ownText(node);
      if (text) parent.children.push(text);
      pushChildren(i, parent);
      continue;
    }
    const a = roleNode(node, role, nameOf(node, merged, role), page);
    parent.children.push(a);
    if (TEXT_ROLES.has(role) && node.editable) {
      // A text field's content is its one child (Playwright: the input's value); a password's never is.
      if (node.editableText && !node.password) a.children.push(node.editableText);
      settle(a);
      continue;
    }
    // A non-web node's own text is content of its own (dropped again when it only repeats the name);
    // a web node's text is in its StaticText children.
    if (node.kind !== 'web' && node.text) a.children.push(node.text);
    stack.push({ done: a });
    pushChildren(i, a);
  }
  settle(root);
  return root;
}
