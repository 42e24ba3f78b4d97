import type { Node, Root, Snapshot } from '../model/schema.js';
import type { Reachability } from '../facts/reachability.js';
import { offersSomething } from '../facts/node-facts.js';
import { tapPointOf } from '../common/geometry.js';
import { walkNode } from '../model/node.js';
import { shortClassName } from '../formats/role-map.js';
import { mergedView, viewRole } from '../facts/merged-view.js';

export { shortClassName };
import { FormatError, TargetError } from '../errors.js';
import type { OutlineDoc, OutlineEntry, OutlineFields, OutlineRootFields, OutlineValue } from './outline-syntax.js';
import { formatEntryLine, formatRootLine } from './outline-syntax.js';
import { plainNumber } from './golden-syntax.js';

export interface OutlineOptions {
  /** Adds [unhittable] / [not-operable] flags and uses tap points from analysis. */
  reach?: Reachability;
  /** Keep only nodes that can be operated (actions / editable / scrollable) and their ancestors. */
  interactiveOnly?: boolean;
  /** Deepest node depth printed (a root's node is depth 0); a node whose children are cut gets children=N. */
  maxDepth?: number;
  rootId?: string;
  /** false: print the unmerged tree (role children as lines of their own, controls with their own class). Default true. */
  merged?: boolean;
}

/** What a line needs to read a node as the merged view does: the snapshot it belongs to. */
export interface LineOptions extends Pick<OutlineOptions, 'reach' | 'merged'> {
  /** The snapshot the node belongs to: with it, a control is headed by the role it took in the merged view. */
  snapshot?: Snapshot;
  /** Only what survives a re-capture, as a golden keeps it: no tap point (goldens leave out tap= and #id). */
  stable?: boolean;
}

/**
 * renderOutline refuses to build a string longer than this (strings have a length limit, and a deep
 * chain's indentation alone grows with the square of its depth). Stream such trees with outlineLines.
 */
export const MAX_OUTLINE_CHARS = 256 * 1024 * 1024;

export function outlineHead(node: Node, role: Node['role'] = node.role): string {
  return role ?? (node.rawRole ? shortClassName(node.rawRole) : 'node');
}

/**
 * The flags a line prints: only the surprising side of each. `focusable` alone is noise on most
 * interactive nodes, so it is printed only when nothing else (clickable, long-clickable, scrollable,
 * editable, actions) marks the node interactive. With analysis: `unhittable` when hittable is false,
 * `not-operable` when operable is false (labels get neither: analysis reports null for them).
 */
export function outlineFlags(node: Node, reach?: Reachability): readonly string[] {
  const flags: string[] = [];
  if (node.clickable) flags.push('clickable');
  if (node.longClickable) flags.push('long-clickable');
  if (node.scrollable) flags.push('scrollable');
  if (node.editable) flags.push('editable');
  if (node.focusable && flags.length === 0 && node.actions.length === 0) flags.push('focusable');
  if (node.focused) flags.push('focused');
  if (node.selected) flags.push('selected');
  if (!node.enabled) flags.push('disabled');
  if (!node.visible) flags.push('invisible');
  if (node.password) flags.push('password');
  if (node.heading) flags.push('heading');
  if (reach) {
    const r = reach.get(node);
    if (r.hittable === false) flags.push('unhittable');
    if (r.operable === false) flags.push('not-operable');
  }
  return flags;
}

/** A line's key=value attributes, in print order: a fresh object of the node's strings (the caller may extend it). */
export function outlineAttrs(node: Node): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (node.contentDescription !== null) attrs.desc = node.contentDescription;
  // A password field's contents are never shown, even if an importer let them through.
  if (node.editableText !== null && !node.password) attrs.input = node.editableText;
  if (node.hint !== null) attrs.hint = node.hint;
  if (node.value !== null) attrs.value = node.value;
  if (node.stateDescription !== null) attrs.state = node.stateDescription;
  if (node.toggle !== null) attrs.toggle = node.toggle;
  if (node.tag !== null) attrs.tag = node.tag;
  return attrs;
}

/**
 * What a node's outline line says, as data: the printer formats it, and a matcher compares a parsed
 * template entry with it, so both read the node the same way. Only what is present is included.
 */
export function outlineFields(node: Node, opts: LineOptions = {}): OutlineFields {
  const attrs = outlineAttrs(node);
  // What the source did not say, so a reader does not take the missing flag for a "no" (not in goldens).
  if (node.unstated?.length) attrs.unstated = node.unstated.join(',');
  const role = opts.snapshot ? viewRole(opts.snapshot, node, opts.merged !== false) : node.role;
  const f: OutlineFields = {
    head: outlineHead(node, role), id: node.id, attrs,
    flags: outlineFlags(node, opts.reach),
    negFlags: [],
  };
  if (node.text !== null) f.text = node.text;
  if (node.actions.length) f.actions = [...node.actions];
  if (opts.stable) return f;
  const tap = opts.reach ? opts.reach.get(node).tap : tapPointOf(node.bounds);
  if (tap) f.tap = { x: Math.round(tap.x) || 0, y: Math.round(tap.y) || 0 };
  return f;
}

export function outlineRootFields(root: Root): OutlineRootFields {
  const attrs: Record<string, OutlineValue> = { unit: root.unit, density: String(root.density) };
  const { x, y } = root.windowOffset;
  if (x !== 0 || y !== 0) attrs.offset = `${plainNumber(x)},${plainNumber(y)}`;
  const f: OutlineRootFields = { rootId: root.rootId, attrs, flags: root.touchModal ? ['modal'] : [], negFlags: [] };
  if (root.label !== null) f.label = root.label;
  return f;
}

/** One outline line for a node, without indentation or leading "- ". */
export function outlineLine(node: Node, opts: LineOptions = {}): string {
  return formatEntryLine(outlineFields(node, opts));
}

export function outlineRootLine(root: Root): string {
  return formatRootLine(outlineRootFields(root));
}

/** Operable in the outline's sense (docs/design.md §4 / interactiveOnly): offers an action, editing or scrolling. */

/**
 * Nodes kept by interactiveOnly: the interactive ones within maxDepth and their ancestors. Children are
 * settled before parents by walking the pre-order list backwards, so this is linear and iterative.
 */
function interactiveKeep(start: Node, maxDepth: number): Set<Node> {
  const order: Node[] = [];
  const parent = new Map<Node, Node | null>();
  walkNode(start, (node, depth, p) => {
    order.push(node);
    parent.set(node, p);
    return depth < maxDepth;
  });
  const keep = new Set<Node>();
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    if (keep.has(n) || offersSomething(n)) {
      keep.add(n);
      const p = parent.get(n);
      if (p) keep.add(p);
    }
  }
  return keep;
}

/**
 * The outline, line by line (no trailing newlines): a root line per root, bottom root first, then its
 * nodes, two spaces per depth. A generator so a caller can stream a tree too big to hold as one string.
 */
export function* outlineLines(snapshot: Snapshot, opts: OutlineOptions = {}): Generator<string, void, undefined> {
  const maxDepth = opts.maxDepth ?? Infinity;
  if (!(maxDepth >= 0)) {
    throw new TargetError('invalid_arguments', `maxDepth must be a number ≥ 0, got ${String(opts.maxDepth)}`, { where: snapshot.source, hint: 'Pass maxDepth: 0 for the root nodes only, or leave it out for the whole tree.' });
  }
  const roots = opts.rootId === undefined ? snapshot.roots : snapshot.roots.filter((r) => r.rootId === opts.rootId);
  if (opts.rootId !== undefined && roots.length === 0) {
    throw new TargetError('target_not_found', `no root ${JSON.stringify(opts.rootId)} in this snapshot`, {
      where: snapshot.source,
      hint: `Use one of: ${snapshot.roots.map((r) => r.rootId).join(', ') || '(the snapshot has no roots)'}.`,
    });
  }
  const reach = opts.reach ? { reach: opts.reach } : {};
  // The merged view (default): controls headed by the role they took, their role children left out.
  const view = opts.merged === false ? null : mergedView(snapshot);
  const merging = view !== null && view.mergedCount > 0;
  for (const root of roots) {
    yield outlineRootLine(root);
    const keep = opts.interactiveOnly ? interactiveKeep(root.node, maxDepth) : null;
    // Indents are built by appending to the previous one, so deep trees cost one short string per level.
    const indents: string[] = [''];
    const stack: Array<[Node, number]> = [[root.node, 0]];
    while (stack.length) {
      const [node, depth] = stack.pop()!;
      if (keep && !keep.has(node)) continue;
      const at = merging ? view.orderOf(node)! : -1;
      if (merging && view.mergedInto(at) >= 0) continue;
      const fields = outlineFields(node, reach);
      if (merging) fields.head = outlineHead(node, view.roleAt(at));
      const shown = merging ? view.childrenOf(node).length : node.children.length;
      if (depth >= maxDepth && shown) fields.attrs.children = String(shown);
      while (indents.length <= depth) indents.push(indents[indents.length - 1]! + '  ');
      yield `${indents[depth]}- ${formatEntryLine(fields)}`;
      if (depth < maxDepth) for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1]);
    }
  }
}

/** The whole outline as text, one line per node, ending in a newline (empty for no roots). */
export function renderOutline(snapshot: Snapshot, opts: OutlineOptions = {}): string {
  const lines: string[] = [];
  let size = 0;
  for (const line of outlineLines(snapshot, opts)) {
    size += line.length + 1;
    if (size > MAX_OUTLINE_CHARS) {
      throw new FormatError('too_large', `the outline would be over ${MAX_OUTLINE_CHARS / 1024 / 1024} Mi characters (line ${lines.length + 1} alone is ${line.length})`, {
        where: snapshot.source,
        hint: 'Pass maxDepth, rootId or interactiveOnly, ask for JSON, or stream it with outlineLines().',
      });
    }
    lines.push(line);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}

/**
 * Prints a parsed outline or template back in canonical form (what a matcher shows as "expected").
 * For printer output, formatOutline(parseOutline(text)) === text. Iterative, like the parser.
 */
export function formatOutline(doc: OutlineDoc): string {
  const lines: string[] = [];
  const emit = (top: readonly OutlineEntry[]) => {
    const stack: Array<[OutlineEntry, number]> = [];
    for (let i = top.length - 1; i >= 0; i--) stack.push([top[i]!, 0]);
    const indents: string[] = [''];
    while (stack.length) {
      const [e, depth] = stack.pop()!;
      while (indents.length <= depth + 1) indents.push(indents[indents.length - 1]! + '  ');
      lines.push(`${indents[depth]}- ${formatEntryLine(e)}`);
      if (e.childrenMode !== undefined) lines.push(`${indents[depth + 1]}- /children: ${e.childrenMode}`);
      for (let i = e.children.length - 1; i >= 0; i--) stack.push([e.children[i]!, depth + 1]);
    }
  };
  for (const root of doc.roots) {
    lines.push(formatRootLine(root));
    if (root.childrenMode !== undefined) lines.push(`- /children: ${root.childrenMode}`);
    emit(root.children);
  }
  emit(doc.entries);
  return lines.length ? lines.join('\n') + '\n' : '';
}
