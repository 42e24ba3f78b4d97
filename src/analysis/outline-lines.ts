/**
 * One template line against one node (or window), for toMatchOutline (outline-match.ts). A node is read
 * through outlineFields(), the printer's own view of it, so a printed line pasted into a template matches
 * the node it was printed from, and a failure shows the node in the words the printer would use.
 */
import type { Node, Root, Snapshot } from '../model/schema.js';
import type { Reachability } from '../facts/reachability.js';
import { nodeFacts } from '../facts/node-facts.js';
import { mergedView, type MergedView } from '../facts/merged-view.js';
import type { OutlineEntry, OutlineFields, OutlineRoot, OutlineRootFields, OutlineValue } from '../outline/outline-syntax.js';
import { outlineFields, outlineHead, outlineRootFields } from '../outline/outline.js';
import { matchesText } from '../query/text.js';

/**
 * Playwright's rule for aria-snapshot names: a string compares whole and case-sensitively after
 * whitespace normalisation (on both sides); a regex searches the normalised value. An absent value
 * matches nothing.
 */
export function valueMatches(actual: string | undefined, expected: OutlineValue): boolean {
  return actual !== undefined && matchesText(actual, expected, true);
}

/** How many constraints a line writes: the head, and each of id, text, attribute, flag, actions, tap. */
function constraintCount(t: { id?: unknown; text?: unknown; attrs: object; flags: readonly string[]; negFlags: readonly string[]; actions?: unknown; tap?: unknown }): number {
  return 1 + (t.id !== undefined ? 1 : 0) + (t.text !== undefined ? 1 : 0) + Object.keys(t.attrs).length + t.flags.length + t.negFlags.length
    + (t.actions !== undefined ? 1 : 0) + (t.tap !== undefined ? 1 : 0);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a), sb = new Set(b);
  return sa.size === sb.size && [...sb].every((x) => sa.has(x));
}

/**
 * Reads nodes and windows the way the printer does, once each, in the view asked for: the merged view
 * (docs/design.md §8; the default) heads a control by the role it took and leaves its role child out of
 * its children, as `inspect` and `outline()` print it; `merged: false` reads the raw tree.
 */
export class LineReader {
  private readonly nodeFields = new Map<Node, OutlineFields>();
  private readonly rootFields = new Map<Root, OutlineRootFields>();
  /** null: the raw tree (or a snapshot the view merges nothing in). */
  private readonly view: MergedView | null;

  constructor(private readonly reach: Reachability | undefined, private readonly snapshot: Snapshot, merged = true) {
    const view = merged ? mergedView(snapshot) : null;
    this.view = view && view.mergedCount > 0 ? view : null;
  }

  fields(node: Node): OutlineFields {
    let f = this.nodeFields.get(node);
    if (!f) {
      f = outlineFields(node, this.reach ? { reach: this.reach } : {});
      if (this.view) f.head = outlineHead(node, this.view.roleAt(this.view.orderOf(node)!));
      this.nodeFields.set(node, f);
    }
    return f;
  }

  /** The node's children in the view read. */
  children(node: Node): readonly Node[] {
    return this.view ? this.view.childrenOf(node) : node.children;
  }

  /** The node's head in the view read (the cheap first test of a line). */
  private head(node: Node): string {
    return this.view ? outlineHead(node, this.view.roleAt(this.view.orderOf(node)!)) : outlineHead(node);
  }

  /**
   * The accessible name (the facts store's: the node's own label, else the text of the descendants it
   * merges), which a template's quoted string also matches, as Playwright's aria snapshots write it
   * (`- Button "Cancelar"`).
   */
  private name(node: Node): string | undefined {
    const facts = nodeFacts(this.snapshot);
    const i = facts.orderOf(node);
    if (i === undefined) return undefined;
    const name = facts.name(i);
    return name === '' ? undefined : name;
  }

  private windowFields(root: Root): OutlineRootFields {
    let f = this.rootFields.get(root);
    if (!f) {
      f = outlineRootFields(root);
      this.rootFields.set(root, f);
    }
    return f;
  }

  /**
   * A flag as the node has it. The printer leaves `focusable` out when something else already marks the
   * node interactive (noise on most buttons); a template that asks about it gets the node's real value.
   */
  private hasFlag(name: string, node: Node, f: OutlineFields): boolean {
    return name === 'focusable' ? node.focusable : f.flags.includes(name);
  }

  /** `children=N` is what the printer writes when maxDepth hid a node's children: their count. */
  private attrValue(key: string, node: Node, f: OutlineFields): string | undefined {
    if (key === 'children') return String(this.children(node).length);
    const v = f.attrs[key];
    return typeof v === 'string' ? v : undefined;
  }

  // One predicate per kind of constraint, shared by the yes/no test, the tally and templateLike.
  private idOk(e: OutlineEntry, f: OutlineFields): boolean { return f.id === e.id; }
  /** The quoted string holds when it matches the node's text or its accessible name. */
  private textOk(e: OutlineEntry, node: Node, f: OutlineFields): boolean {
    return valueMatches(f.text as string | undefined, e.text!) || valueMatches(this.name(node), e.text!);
  }
  private attrOk(e: OutlineEntry, key: string, node: Node, f: OutlineFields): boolean { return valueMatches(this.attrValue(key, node, f), e.attrs[key]!); }
  private actionsOk(e: OutlineEntry, f: OutlineFields): boolean { return sameSet(e.actions!, f.actions ?? []); }
  private tapOk(e: OutlineEntry, f: OutlineFields): boolean { return f.tap !== undefined && f.tap.x === e.tap!.x && f.tap.y === e.tap!.y; }

  /** Failed constraints on the entry's own line; with `stop`, counting ends at the first (returns 1). */
  private failures(e: OutlineEntry, node: Node, stop: boolean): number {
    const f = this.fields(node);
    let bad = 0;
    if (!valueMatches(f.head as string, e.head)) { bad++; if (stop) return bad; }
    if (e.id !== undefined && !this.idOk(e, f)) { bad++; if (stop) return bad; }
    if (e.text !== undefined && !this.textOk(e, node, f)) { bad++; if (stop) return bad; }
    for (const key of Object.keys(e.attrs)) if (!this.attrOk(e, key, node, f)) { bad++; if (stop) return bad; }
    for (const name of e.flags) if (!this.hasFlag(name, node, f)) { bad++; if (stop) return bad; }
    for (const name of e.negFlags) if (this.hasFlag(name, node, f)) { bad++; if (stop) return bad; }
    if (e.actions !== undefined && !this.actionsOk(e, f)) { bad++; if (stop) return bad; }
    if (e.tap !== undefined && !this.tapOk(e, f)) bad++;
    return bad;
  }

  /** Whether every constraint on the entry's own line holds for the node (children aside). */
  lineMatches(e: OutlineEntry, node: Node): boolean {
    // The head is the cheapest test and rejects most nodes, before the node's fields are built.
    if (!valueMatches(this.head(node), e.head)) return false;
    return this.failures(e, node, true) === 0;
  }

  /** How many of the line's constraints hold, to find the nearest node when none matches. */
  tally(e: OutlineEntry, node: Node): { ok: number; total: number } {
    const total = constraintCount(e);
    return { ok: total - this.failures(e, node, false), total };
  }

  /**
   * The node's line as the template would write it: every constraint the template wrote, in the
   * template's own words where it holds and with the node's value where it does not (left out when the
   * node has none), so a matching line prints exactly like the template line and a diff shows only what differs.
   */
  templateLike(e: OutlineEntry, node: Node): OutlineFields {
    const f = this.fields(node);
    const flags: string[] = [], negFlags: string[] = [];
    const out: OutlineFields = { head: valueMatches(f.head as string, e.head) ? e.head : f.head, attrs: {}, flags, negFlags };
    if (e.id !== undefined) out.id = this.idOk(e, f) ? e.id : f.id!;
    if (e.text !== undefined) {
      // Where the node has no text of its own, its name is what the template's string is about.
      const shown = f.text ?? this.name(node);
      if (this.textOk(e, node, f)) out.text = e.text;
      else if (shown !== undefined) out.text = shown;
    }
    for (const key of Object.keys(e.attrs)) {
      const actual = this.attrValue(key, node, f);
      if (this.attrOk(e, key, node, f)) out.attrs[key] = e.attrs[key]!;
      else if (actual !== undefined) out.attrs[key] = actual;
    }
    for (const name of e.flags) if (this.hasFlag(name, node, f)) flags.push(name);
    for (const name of e.negFlags) {
      if (this.hasFlag(name, node, f)) flags.push(name);
      else negFlags.push(name);
    }
    if (e.actions !== undefined) out.actions = this.actionsOk(e, f) ? e.actions : (f.actions ?? []);
    if (e.tap !== undefined) {
      if (this.tapOk(e, f)) out.tap = e.tap;
      else if (f.tap) out.tap = f.tap;
    }
    return out;
  }

  /**
   * A node no template line is about: what identifies it (head, text, attributes, flags) without the id,
   * actions and tap point, which only add noise to a diff; children=N says there is more below.
   */
  plain(node: Node): OutlineFields {
    const f = this.fields(node);
    const out: OutlineFields = { head: f.head, attrs: { ...f.attrs }, flags: [...f.flags], negFlags: [] };
    if (f.text !== undefined) out.text = f.text;
    const children = this.children(node).length;
    if (children) out.attrs.children = String(children);
    return out;
  }

  // Windows (root lines). Only the root's own fields; its node lines are matched as entries.

  private rootAttrOk(t: OutlineRoot, key: string, f: OutlineRootFields): boolean { return rootAttrMatches(key, f.attrs[key] as string | undefined, t.attrs[key]!); }

  private rootFailures(t: OutlineRoot, root: Root): number {
    const f = this.windowFields(root);
    let bad = 0;
    if (!valueMatches(f.rootId as string, t.rootId)) bad++;
    if (t.label !== undefined && !valueMatches(f.label as string | undefined, t.label)) bad++;
    for (const key of Object.keys(t.attrs)) if (!this.rootAttrOk(t, key, f)) bad++;
    for (const name of t.flags) if (!f.flags.includes(name)) bad++;
    for (const name of t.negFlags) if (f.flags.includes(name)) bad++;
    return bad;
  }

  rootLineMatches(t: OutlineRoot, root: Root): boolean {
    return this.rootFailures(t, root) === 0;
  }

  rootTally(t: OutlineRoot, root: Root): { ok: number; total: number } {
    const total = constraintCount({ ...t, text: t.label });
    return { ok: total - this.rootFailures(t, root), total };
  }

  rootTemplateLike(t: OutlineRoot, root: Root): OutlineRootFields {
    const f = this.windowFields(root);
    const flags: string[] = [], negFlags: string[] = [];
    const out: OutlineRootFields = { rootId: valueMatches(f.rootId as string, t.rootId) ? t.rootId : f.rootId, attrs: {}, flags, negFlags };
    if (t.label !== undefined) {
      if (valueMatches(f.label as string | undefined, t.label)) out.label = t.label;
      else if (f.label !== undefined) out.label = f.label;
    }
    for (const key of Object.keys(t.attrs)) {
      if (this.rootAttrOk(t, key, f)) out.attrs[key] = t.attrs[key]!;
      else if (f.attrs[key] !== undefined) out.attrs[key] = f.attrs[key]!;
    }
    for (const name of t.flags) if (f.flags.includes(name)) flags.push(name);
    for (const name of t.negFlags) {
      if (f.flags.includes(name)) flags.push(name);
      else negFlags.push(name);
    }
    return out;
  }

  rootPlain(root: Root): OutlineRootFields {
    return this.windowFields(root);
  }
}

/** density=2.0 and density=2 are one density; everything else compares as a value. */
function rootAttrMatches(key: string, actual: string | undefined, expected: OutlineValue): boolean {
  if (key === 'density' && typeof expected === 'string' && actual !== undefined && expected.trim() !== '') {
    const want = Number(expected);
    if (!Number.isNaN(want)) return Number(actual) === want;
  }
  return valueMatches(actual, expected);
}
