/**
 * A toMatchOutline template, parsed and checked before any matching: a misspelt flag, attribute or action
 * would otherwise never match and read as a UI bug, so it is a FormatError naming the template line.
 */
import { ACTIONS, type Node, type Snapshot } from '../model/schema.js';
import { LineReader } from './outline-lines.js';
import { FormatError, TargetError } from '../errors.js';
import { parseOutline } from '../outline/outline-parse.js';
import type { OutlineDoc, OutlineEntry } from '../outline/outline-syntax.js';
import { NODE_FLAGS, ROOT_FLAGS, formatEntryLine, formatRootLine } from '../outline/outline-syntax.js';

/**
 * Matching recurses once per template level (a few frames each), so nesting is capped well below the
 * stack limit. Hand-written templates are a handful of levels deep; compare whole deep trees with golden files.
 */
export const MAX_TEMPLATE_DEPTH = 1000;

/** Node attributes a template may constrain: what outlineFields prints, plus children=N (a child count). */
export const TEMPLATE_ATTRS = ['desc', 'input', 'hint', 'value', 'state', 'toggle', 'tag', 'children'] as const;
export const TEMPLATE_ROOT_ATTRS = ['unit', 'density', 'offset'] as const;
const TOGGLES = ['on', 'off', 'indeterminate'];
/** Flags that need reachability analysis; it is computed only for templates that name them (or tap=). */
const REACH_FLAGS = ['unhittable', 'not-operable'];

export interface PreparedTemplate {
  doc: OutlineDoc;
  /** Named in errors ('template' by default). */
  where: string;
  /** Node and root lines (not /children lines). */
  lines: number;
  /** Whether matching needs reachability (tap=, [unhittable], [not-operable]). */
  needsReach: boolean;
  /** Levels of node lines (1 for a flat list). */
  height: number;
}

const prepared = new WeakMap<OutlineDoc, PreparedTemplate>();

/**
 * Parses (when given text) and checks a template. Throws FormatError('format_error') naming `where` and
 * the line for a malformed template, an unknown attribute, flag, toggle or action, or an empty template;
 * FormatError('too_large') for nesting deeper than MAX_TEMPLATE_DEPTH; TargetError('invalid_arguments') for
 * something that is neither text nor a parsed outline. Iterative.
 */
export function prepareTemplate(template: OutlineDoc | string, where = 'template'): PreparedTemplate {
  if (typeof template !== 'string') {
    if (typeof template !== 'object' || template === null || !Array.isArray(template.entries) || !Array.isArray(template.roots)) {
      throw new TargetError('invalid_arguments', `expected an outline template (a string or a parsed outline), received ${template === null ? 'null' : typeof template}`, {
        where,
        hint: 'Pass the template as a string, e.g. `- Switch "Wi-Fi" [checked]`, or the result of parseOutline().',
      });
    }
    const known = prepared.get(template);
    if (known && known.where === where) return known;
  }
  const doc = typeof template === 'string' ? parseOutline(template, { where }) : template;
  const fail = (line: number, message: string, hint: string, code: 'format_error' | 'too_large' = 'format_error'): never => {
    throw new FormatError(code, message, { where, ...(line > 0 ? { line } : {}), hint });
  };
  if (doc.roots.length === 0 && doc.entries.length === 0) {
    fail(0, 'the template is empty', 'Write at least one line, e.g. - Button "OK"; a template constrains only what it names.');
  }
  let lines = 0;
  let needsReach = false;
  let height = 0;
  for (const root of doc.roots) {
    lines++;
    for (const key of Object.keys(root.attrs)) {
      if (!(TEMPLATE_ROOT_ATTRS as readonly string[]).includes(key)) {
        fail(root.line, `unknown root attribute ${key}=`, `A root line can constrain ${TEMPLATE_ROOT_ATTRS.join('=, ')}= and the label; leave out what you do not care about.`);
      }
    }
    for (const name of [...root.flags, ...root.negFlags]) {
      if (!(ROOT_FLAGS as readonly string[]).includes(name)) fail(root.line, `unknown root flag [${name}]`, `A root line knows the flag [${ROOT_FLAGS.join('] [')}].`);
    }
  }
  const stack: Array<[OutlineEntry, number]> = [];
  for (const top of [...doc.entries, ...doc.roots.flatMap((r) => r.children)]) stack.push([top, 0]);
  while (stack.length) {
    const [e, depth] = stack.pop()!;
    lines++;
    height = Math.max(height, depth + 1);
    if (depth >= MAX_TEMPLATE_DEPTH) {
      fail(e.line, `the template nests more than ${MAX_TEMPLATE_DEPTH} levels`, 'Describe the part of the screen you care about; compare whole deep trees with toMatchGoldenTree.', 'too_large');
    }
    for (const key of Object.keys(e.attrs)) {
      if (!(TEMPLATE_ATTRS as readonly string[]).includes(key)) {
        fail(e.line, `unknown attribute ${key}= in a template line`, `A template line can constrain ${TEMPLATE_ATTRS.join('=, ')}=, actions= and tap= (bounds and tokens belong in golden trees: toMatchGoldenTree).`);
      }
    }
    const toggle = e.attrs.toggle;
    if (typeof toggle === 'string' && !TOGGLES.includes(toggle)) {
      fail(e.line, `toggle=${toggle} is not a toggle state`, 'Write toggle=on, toggle=off or toggle=indeterminate (or [checked] / [unchecked]).');
    }
    for (const name of [...e.flags, ...e.negFlags]) {
      if (!(NODE_FLAGS as readonly string[]).includes(name)) {
        fail(e.line, `unknown flag [${name}]`, `Flags are ${NODE_FLAGS.join(' ')} (negate with !), plus [checked] / [unchecked].`);
      }
      if (REACH_FLAGS.includes(name)) needsReach = true;
    }
    for (const a of e.actions ?? []) {
      if (!(ACTIONS as readonly string[]).includes(a)) fail(e.line, `unknown action ${a} in actions=`, `Actions are ${ACTIONS.join(', ')}.`);
    }
    if (e.tap !== undefined) needsReach = true;
    for (let i = e.children.length - 1; i >= 0; i--) stack.push([e.children[i]!, depth + 1]);
  }
  const result: PreparedTemplate = { doc, where, lines, needsReach, height };
  prepared.set(doc, result);
  return result;
}

/**
 * A template that describes a whole scope (the screen's windows, or one node's subtree) line for line:
 * what identifies each node (role, text, attributes, flags), without ids, actions and tap points, which
 * change between runs, in the view asked for (merged by default). What `toMatchOutline({ name })` writes
 * for a missing template file. Iterative.
 */
export function templateOfScope(snapshot: Snapshot, within?: Node, merged = true): string {
  const reader = new LineReader(undefined, snapshot, merged);
  const out: string[] = [];
  const walk = (start: Node, depth: number) => {
    const stack: Array<[Node, number]> = [[start, depth]];
    while (stack.length) {
      const [node, d] = stack.pop()!;
      const f = reader.plain(node);
      delete f.attrs.children;
      out.push(`${'  '.repeat(d)}- ${formatEntryLine(f)}`);
      const children = reader.children(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, d + 1]);
    }
  };
  if (within) walk(within, 0);
  else {
    for (const root of snapshot.roots) {
      out.push(formatRootLine(reader.rootPlain(root)));
      walk(root.node, 0);
    }
  }
  return out.join('\n');
}
