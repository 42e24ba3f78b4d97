/**
 * Does an aria-snapshot template describe part of an aria tree (docs/design.md §9.1)? Playwright's
 * semantics, as its injected matcher has them:
 *
 * - A template node matches a tree node when the role is the same (a `fragment` matches any node),
 *   every state it writes is the node's (`[checked]` is checked = true; a state the node's role does
 *   not carry is undefined and matches nothing written), the name is equal after normalisation or the
 *   /regex/ finds it in the name, `/url:` likewise; then its children.
 * - Children (default `contain`): the template's children are found among the node's *direct*
 *   children in order, each taking the first child left that matches it (greedy, as Playwright: a
 *   child taken by an earlier line is not offered to a later one). `equal`: exactly these children,
 *   one for one; `deep-equal`: `equal` at every level below.
 * - Text: a template `text` matches a string child equal to it (normalised or as written) or found
 *   by its `/regex/`.
 * - The whole template is searched for in the tree, pre-order: the first node it matches is the match.
 */
import type { AriaNode } from './aria-tree.js';
import type { AriaTemplateNode, AriaText } from './aria-syntax.js';
import { testPattern } from '../common/pattern.js';

/** The first node (pre-order) the template matches, or null. Iterative over the tree; recursion follows the template only. */
export function findAriaMatch(root: AriaNode, template: AriaTemplateNode): AriaNode | null {
  const stack: Array<{ node: AriaNode | string; parent: AriaNode | null }> = [{ node: root, parent: null }];
  while (stack.length) {
    const { node, parent } = stack.pop()!;
    if (matchesNode(node, template, false)) return typeof node === 'string' ? parent : node;
    if (typeof node === 'string') continue;
    for (let k = node.children.length - 1; k >= 0; k--) stack.push({ node: node.children[k]!, parent: node });
  }
  return null;
}

function matchesName(name: string, template: string | RegExp | undefined): boolean {
  if (!template) return true;
  if (!name) return false;
  return typeof template === 'string' ? name === template : testPattern(template, name);
}

function matchesText(text: string | undefined, template: AriaText | undefined): boolean {
  if (!template?.normalized) return true;
  if (!text) return false;
  if (text === template.normalized || text === template.raw) return true;
  return template.regex !== null && testPattern(template.regex, text);
}

/**
 * A link written relative one way in the template and another in the tree (`#home` against
 * `/pages/shop.html#home`): the same address when the template's, resolved against the node's, is the
 * node's. (Playwright compares the href as written; treewright has the address Chromium resolved.)
 */
function sameAddress(url: string | undefined, t: AriaText | undefined): boolean {
  if (!url || !t?.normalized) return false;
  try {
    const base = new URL(url, 'http://page.invalid/');
    return new URL(t.normalized, base).href === base.href;
  } catch {
    return false;
  }
}

function matchesNode(node: AriaNode | string, t: AriaTemplateNode, deep: boolean): boolean {
  if (typeof node === 'string') return t.kind === 'text' && matchesText(node, t.text);
  if (t.kind !== 'role') return false;
  if (t.role !== 'fragment' && t.role !== node.role) return false;
  if (t.checked !== undefined && t.checked !== node.checked) return false;
  if (t.disabled !== undefined && t.disabled !== node.disabled) return false;
  if (t.expanded !== undefined && t.expanded !== node.expanded) return false;
  if (t.active !== undefined && t.active !== node.active) return false;
  if (t.invalid !== undefined && t.invalid !== node.invalid) return false;
  if (t.level !== undefined && t.level !== node.level) return false;
  if (t.pressed !== undefined && t.pressed !== node.pressed) return false;
  if (t.selected !== undefined && t.selected !== node.selected) return false;
  if (!matchesName(node.name, t.name)) return false;
  if (!matchesText(node.props.url, t.props?.url) && !sameAddress(node.props.url, t.props?.url)) return false;
  const kids = t.children ?? [];
  if (t.containerMode === 'contain') return containsList(node.children, kids);
  if (t.containerMode === 'equal') return listEqual(node.children, kids, false);
  if (t.containerMode === 'deep-equal' || deep) return listEqual(node.children, kids, true);
  return containsList(node.children, kids);
}

function listEqual(children: ReadonlyArray<AriaNode | string>, template: readonly AriaTemplateNode[], deep: boolean): boolean {
  if (template.length !== children.length) return false;
  for (let i = 0; i < template.length; i++) if (!matchesNode(children[i]!, template[i]!, deep)) return false;
  return true;
}

function containsList(children: ReadonlyArray<AriaNode | string>, template: readonly AriaTemplateNode[]): boolean {
  if (template.length > children.length) return false;
  let c = 0;
  for (const t of template) {
    while (c < children.length && !matchesNode(children[c]!, t, false)) c++;
    if (c >= children.length) return false;
    c++;
  }
  return true;
}
