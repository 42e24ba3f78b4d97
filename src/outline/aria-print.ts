/**
 * Prints an aria tree in Playwright's aria-snapshot form (docs/design.md §9.1), line for line as
 * Playwright's renderer does: `- role "name" [attrs]`, `: text` for a node whose one child is text,
 * `:` and indented children otherwise, `- text: …` for text among children, `- /url: …` and
 * `- /placeholder: …` props first. What `locator.ariaSnapshot()` answers, what a failing
 * `toMatchAriaSnapshot` shows as received, and (with `regex`) what `-u` writes: numbers, sizes,
 * durations and ids that change between runs written as regexes, as Playwright writes them.
 * The parser (aria-parse.ts) reads every printed line back to a template that matches the tree printed.
 */
import type { AriaNode } from './aria-tree.js';
import { yamlKey, yamlValue } from './aria-syntax.js';

export interface AriaPrintOptions {
  /** Write changing content (numbers, ids, sizes, durations) as regexes, as Playwright's `-u` does. */
  regex?: boolean;
}

/** A name longer than this is left out of the key (YAML limits a key to 1024 characters). */
const MAX_NAME = 900;

/** The snapshot text, one line per node and text (no trailing newline; '' for an empty tree). */
export function printAriaTree(root: AriaNode, opts: AriaPrintOptions = {}): string {
  const lines: string[] = [];
  const str = opts.regex ? bestGuessRegex : (s: string) => s;
  const keep = opts.regex ? textContributes : () => true;
  const text = (s: string, indent: string) => {
    const v = yamlValue(str(s));
    lines.push(`${indent}- text: ${v}`);
  };
  const top = root.role === 'fragment' ? root.children : [root];
  // Iterative: deep trees must not overflow the stack.
  const stack: Array<{ n: AriaNode | string; depth: number; owner: AriaNode | null }> = [];
  for (let k = top.length - 1; k >= 0; k--) stack.push({ n: top[k]!, depth: 0, owner: null });
  while (stack.length) {
    const { n, depth, owner } = stack.pop()!;
    const indent = '  '.repeat(depth);
    if (typeof n === 'string') {
      // Text that only repeats its node's name is written as `- text: ""` (any text), as Playwright writes it.
      text(owner === null || keep(owner, n) ? n : '', indent);
      continue;
    }
    const key = `${indent}- ${yamlKey(keyOf(n, str))}`;
    const props = (['url', 'placeholder'] as const).filter((k) => n.props[k] !== undefined).map((k) => [k, n.props[k]!] as const);
    const only = n.children.length === 1 && typeof n.children[0] === 'string' ? n.children[0] : undefined;
    if (only === undefined && !props.length && !n.children.length) { lines.push(key); continue; }
    if (only !== undefined && !props.length) {
      lines.push(keep(n, only) ? `${key}: ${yamlValue(str(only))}` : key);
      continue;
    }
    lines.push(`${key}:`);
    const inner = '  '.repeat(depth + 1);
    for (const [k, v] of props) lines.push(`${inner}- /${k}: ${yamlValue(v)}`);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push({ n: n.children[k]!, depth: depth + 1, owner: n });
  }
  return lines.join('\n');
}

function keyOf(n: AriaNode, str: (s: string) => string): string {
  let key = n.role;
  if (n.name && n.name.length <= MAX_NAME) {
    const name = str(n.name);
    if (name) key += ' ' + (name.startsWith('/') && name.endsWith('/') && name.length > 1 ? name : JSON.stringify(name));
  }
  if (n.checked === 'mixed') key += ' [checked=mixed]';
  if (n.checked === true) key += ' [checked]';
  if (n.disabled) key += ' [disabled]';
  if (n.expanded) key += ' [expanded]';
  if (n.invalid) key += ' [invalid]';
  if (n.level) key += ` [level=${n.level}]`;
  if (n.pressed === 'mixed') key += ' [pressed=mixed]';
  if (n.pressed === true) key += ' [pressed]';
  if (n.selected === true) key += ' [selected]';
  return key;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Content that changes between runs, as Playwright recognises it, and the pattern it writes for it. */
const DYNAMIC: ReadonlyArray<{ re: RegExp; replacement: string }> = [
  { re: /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/, replacement: '[0-9a-fA-F-]+' },
  { re: /\b[\d,.]+[bkmBKM]+\b/, replacement: '[\\d,.]+[bkmBKM]+' },
  { re: /\b\d+[hmsp]+\b/, replacement: '\\d+[hmsp]+' },
  { re: /\b[\d,.]+[hmsp]+\b/, replacement: '[\\d,.]+[hmsp]+' },
  { re: /\b\d+,\d+\b/, replacement: '\\d+,\\d+' },
  { re: /\b\d+\.\d{2,}\b/, replacement: '\\d+\\.\\d+' },
  { re: /\b\d{2,}\.\d+\b/, replacement: '\\d+\\.\\d+' },
  { re: /\b\d{2,}\b/, replacement: '\\d+' },
];
const COMBINED = new RegExp(DYNAMIC.map((d) => `(${d.re.source})`).join('|'), 'g');

/** Text with its changing parts as a `/regex/` (Playwright's best guess), or the text itself when nothing changes. */
export function bestGuessRegex(text: string): string {
  let pattern = '';
  let last = 0;
  for (const m of text.matchAll(COMBINED)) {
    pattern += escapeRegExp(text.slice(last, m.index));
    const k = m.slice(1).findIndex((g) => g !== undefined);
    pattern += DYNAMIC[k]!.replacement;
    last = m.index + m[0].length;
  }
  if (!pattern) return text;
  pattern += escapeRegExp(text.slice(last));
  return String(new RegExp(pattern));
}

/** Whether a node's text says more than its name (Playwright leaves text out of `-u` output when it mostly repeats the name). */
function textContributes(node: AriaNode, text: string): boolean {
  if (!text.length) return false;
  if (!node.name) return true;
  const common = text.length <= 200 && node.name.length <= 200 ? longestCommonSubstring(text, node.name) : '';
  let rest = text;
  while (common && rest.includes(common)) rest = rest.replace(common, '');
  return rest.trim().length / text.length > 0.1;
}

function longestCommonSubstring(a: string, b: string): string {
  let best = 0, end = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        cur[j] = prev[j - 1]! + 1;
        if (cur[j]! > best) { best = cur[j]!; end = i; }
      }
    }
    prev = cur;
  }
  return a.slice(end - best, end);
}
