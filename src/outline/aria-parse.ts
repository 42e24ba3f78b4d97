/**
 * The parser of Playwright's aria-snapshot templates (docs/design.md §9.1): the YAML Playwright writes
 * and reads, with its meaning. Only the part of YAML a template uses is read, and everything else is
 * refused with its line and column, so a template either means what Playwright reads it as or fails:
 *
 *   template  = a block sequence of items, every item `- ` at one column (common indentation is
 *               ignored, so a template may sit indented in a template literal; blank lines and `#`
 *               comments are skipped; tabs may not indent)
 *   item      = key                       ; a node: `- button "Send" [disabled]`
 *             | key ":" SP value          ; a node with text: `- heading "Inbox": 3 unread`
 *             | key ":" NL sequence       ; a node with children, indented at least to the key's column
 *             | "text:" SP value          ; text among the children (`/…/` is a regex)
 *             | "/children:" SP ("contain" | "equal" | "deep-equal")
 *             | "/" prop ":" SP value     ; `/url: …` (props Playwright checks) or any other (kept)
 *             ; further `key: value` lines at the key's column belong to the same item (a YAML map)
 *   key       = role [SP name] { "[" attr ["=" value] "]" }
 *   name      = JSON-like "…" string (backslash escapes) | /regex/ (no flags, as Playwright)
 *   attr      = checked [=true|false|mixed] | disabled | expanded | active | invalid | level=N
 *             | pressed [=true|false|mixed] | selected   (a bare attr means =true)
 *   scalars   = plain, 'single-quoted' ('' for a quote) or "double-quoted" (\\ \" \n \t \xNN \uNNNN …),
 *               on one line. A plain value reads as YAML 1.2 reads it: `42` is a number, `true` a
 *               boolean (a node's text then is its string; `- text:` wants a string: quote it).
 *
 * Roles are ARIA's names (roles/aria.ts); an unknown one is an error with the nearest name, where
 * Playwright would silently never match. One top-level item in `contain` mode is the template itself
 * (so `- button` finds the button, not its parent); several are children of a `fragment` that matches
 * any node holding them. Every error is a FormatError('format_error') with where, line, column and a hint.
 */
import { FormatError } from '../errors.js';
import { userRegex } from '../common/pattern.js';
import { editDistance } from '../common/edit-distance.js';
import { ARIA_ROLE_NAMES, isAriaRole } from '../roles/aria.js';
import { normalizeAriaText } from './aria-tree.js';
import type { AriaTemplateNode, AriaTemplateRole, AriaText, ChildrenMode } from './aria-syntax.js';

export interface AriaParseOptions {
  /** Named in errors: a file name, or 'template' (the default). */
  where?: string;
}

/** Nesting past this is refused: matching recurses once per template level. */
export const MAX_ARIA_DEPTH = 1000;

const MODES: readonly ChildrenMode[] = ['contain', 'equal', 'deep-equal'];
/** Roles a Playwright snapshot prints that are not getByRole's: an iframe's node. */
const EXTRA_ROLES = ['iframe'];

interface Line {
  /** 1-based line number in the text. */
  no: number;
  /** The whole line. */
  text: string;
  /** 0-based column of the first non-space character. */
  indent: number;
}

interface Scalar {
  value: string;
  style: 'plain' | 'single' | 'double';
  /** 0-based columns: where it starts, and just past it. */
  start: number;
  end: number;
}

type Plain = { kind: 'string'; value: string } | { kind: 'number' | 'bool'; value: string } | { kind: 'null' };

/** Parses a template; throws FormatError naming where, line and column for anything Playwright would not read the same way. */
export function parseAriaTemplate(text: string, opts: AriaParseOptions = {}): AriaTemplateNode {
  return new Parser(text, opts.where ?? 'template').parse();
}

/** A text value as Playwright keeps it: raw, normalised, and its regex when written `/…/` and valid JavaScript. */
export function ariaText(raw: string, fail?: (reason: string, hint: string) => never): AriaText {
  const canBeRegex = raw.length > 1 && raw.startsWith('/') && raw.endsWith('/');
  let regex: RegExp | null = null;
  if (canBeRegex) {
    const r = userRegex(raw.slice(1, -1), '');
    if ('re' in r) regex = r.re;
    // Invalid JavaScript is plain text to Playwright; what the bounded-time engine refuses is an error.
    else if (!r.syntax && fail) fail(r.reason, r.hint ?? 'Write the pattern without backreferences or lookaround.');
  }
  return { raw, normalized: normalizeAriaText(raw), regex };
}

class Parser {
  private readonly lines: Line[] = [];
  private at = 0;

  constructor(text: string, private readonly where: string) {
    const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    raw.forEach((t, k) => {
      const m = /^[ \t]*/.exec(t)![0];
      if (m.length === t.length) return; // blank
      const tab = m.indexOf('\t');
      if (tab >= 0) this.fail(k + 1, tab, 'a tab indents this line', 'Indent with spaces: YAML does not allow tabs for indentation.');
      if (t[m.length] === '#') return; // comment
      this.lines.push({ no: k + 1, text: t, indent: m.length });
    });
  }

  private fail(line: number, column: number, reason: string, hint: string): never {
    throw new FormatError('format_error', reason, { where: this.where, line, column: column + 1, hint });
  }

  parse(): AriaTemplateNode {
    if (this.lines.length === 0) {
      this.fail(1, 0, 'the aria snapshot template is empty', 'Write at least one line, e.g. - button "OK"; a template constrains only what it names.');
    }
    const first = this.lines[0]!;
    const base = Math.min(...this.lines.map((l) => l.indent));
    if (first.indent !== base || !isDash(first.text, first.indent)) {
      this.fail(first.no, first.indent, 'an aria snapshot must be a YAML sequence, elements starting with "- "', 'Start every top-level line with "- ", e.g. - heading "Inbox" [level=1].');
    }
    const fragment: AriaTemplateRole = { kind: 'role', role: 'fragment', line: first.no, column: first.indent + 1 };
    this.sequence(first.indent, fragment, 0);
    if (this.at < this.lines.length) {
      const l = this.lines[this.at]!;
      this.fail(l.no, l.indent, 'this line is indented less than the sequence it follows', `Indent every top-level item at column ${first.indent + 1}.`);
    }
    const kids = fragment.children ?? [];
    if (kids.length === 1 && (!fragment.containerMode || fragment.containerMode === 'contain')) return kids[0]!;
    return fragment;
  }

  /** The items of a block sequence at `indent`, into `container`'s children. */
  private sequence(indent: number, container: AriaTemplateRole, depth: number): void {
    if (depth >= MAX_ARIA_DEPTH) {
      const l = this.lines[this.at]!;
      throw new FormatError('too_large', `the template nests more than ${MAX_ARIA_DEPTH} levels`, { where: this.where, line: l.no, hint: 'Describe the part of the screen you care about.' });
    }
    while (this.at < this.lines.length) {
      const l = this.lines[this.at]!;
      if (l.indent < indent) return;
      if (l.indent > indent) this.fail(l.no, l.indent, 'this line is indented more than the item above it can hold', 'Children go one level deeper under a key that ends in ":" (- list:); a value goes on its key\'s line.');
      if (!isDash(l.text, l.indent)) this.fail(l.no, l.indent, 'expected a sequence item "- …" at this indentation', 'Start the line with "- ", or indent it under a key ending in ":".');
      this.at++;
      this.item(l, container, depth);
    }
  }

  /** One `- …` item (its first line is `l`, already consumed). */
  private item(l: Line, container: AriaTemplateRole, depth: number): void {
    const c = skipSpaces(l.text, l.indent + 1);
    if (c >= l.text.length || l.text[c] === '#') {
      this.fail(l.no, c, 'sequence items should be strings or maps', 'Write the item on the dash\'s line: - button "OK".');
    }
    if (isDash(l.text, c)) this.fail(l.no, c, 'sequence items should be strings or maps, not another sequence', 'Nest children under a key ending in ":" (- list:) on the lines below.');
    const isMap = this.entry(l, c, container, depth, true);
    if (!isMap) return;
    // Further `key: value` lines at the key's column belong to the same map.
    while (this.at < this.lines.length) {
      const n = this.lines[this.at]!;
      if (n.indent !== c || isDash(n.text, n.indent)) return;
      this.at++;
      if (!this.entry(n, c, container, depth, false)) this.fail(n.no, c, 'expected "key: value" continuing the map above', 'Start a new item with "- ", or write this as key: value.');
    }
  }

  /** A scalar or `key: value` at column c of line l. Returns whether it was a map entry. */
  private entry(l: Line, c: number, container: AriaTemplateRole, depth: number, first: boolean): boolean {
    const key = this.scalar(l, c);
    let p = skipSpaces(l.text, key.end);
    const colon = l.text[p] === ':' && (p + 1 >= l.text.length || isSpace(l.text[p + 1]!));
    if (!colon) {
      if (p < l.text.length && l.text[p] !== '#') this.fail(l.no, p, 'unexpected text after the quoted string', 'Quote the whole key, or nothing: - \'button "a: b"\'.');
      if (!first) return false;
      this.keyItem(l, key, container);
      return false;
    }
    const keyValue = this.stringKey(l, key);
    p = skipSpaces(l.text, p + 1);
    const inline = p < l.text.length && l.text[p] !== '#' ? this.scalar(l, p) : null;
    if (inline) {
      const after = skipSpaces(l.text, inline.end);
      if (after < l.text.length && l.text[after] !== '#') {
        this.fail(l.no, after, l.text[after] === ':' ? 'a value cannot hold ": " unless it is quoted' : 'unexpected text after the value', 'Quote the value: - text: "a: b".');
      }
    }
    const value: Plain | null = inline ? (inline.style === 'plain' ? plainValue(inline.value) : { kind: 'string', value: inline.value }) : null;
    const need = (what: string, hint: string): string => {
      if (value === null || value.kind === 'null' || (value.kind !== 'string' && what === 'a string')) this.fail(l.no, inline ? inline.start : p, `${keyValue} needs ${what} value`, hint);
      return (value as { value: string }).value;
    };
    if (keyValue === 'text') {
      const v = need('a string', 'Write - text: "…" (quote a value YAML reads as a number or boolean, e.g. "42").');
      (container.children ??= []).push({ kind: 'text', text: ariaText(v, (r, h) => this.fail(l.no, inline!.start, r, h)), line: l.no, column: c + 1 });
      return true;
    }
    if (keyValue === '/children') {
      const v = need('a string', 'Write - /children: contain, equal or deep-equal.');
      if (!(MODES as readonly string[]).includes(v)) this.fail(l.no, inline!.start, `/children must be "contain", "equal" or "deep-equal", got ${JSON.stringify(v)}`, 'contain: these children in order among others; equal: exactly these; deep-equal: exactly, all the way down.');
      container.containerMode = v as ChildrenMode;
      return true;
    }
    if (keyValue.startsWith('/')) {
      const v = need('a string', 'Write the property on one line: - /url: "https://example.com/".');
      (container.props ??= {})[keyValue.slice(1)] = ariaText(v, (r, h) => this.fail(l.no, inline!.start, r, h));
      return true;
    }
    const node = this.keyNode(l, key, keyValue);
    (container.children ??= []).push(node);
    if (inline) {
      if (value!.kind === 'null') this.fail(l.no, inline.start, 'a node\'s value should be a string or a sequence', 'Write its text after the colon, or its children on the lines below.');
      node.children = [{ kind: 'text', text: ariaText((value as { value: string }).value, (r, h) => this.fail(l.no, inline.start, r, h)), line: l.no, column: inline.start + 1 }];
      return true;
    }
    // Children: a sequence on the lines below, at the key's column or deeper.
    const next = this.lines[this.at];
    if (next && next.indent >= c && (next.indent > c || isDash(next.text, next.indent))) {
      if (!isDash(next.text, next.indent)) this.fail(next.no, next.indent, 'map values should be strings or sequences', 'List the children as "- " items under the key.');
      this.sequence(next.indent, node, depth + 1);
    }
    return true;
  }

  private keyItem(l: Line, key: Scalar, container: AriaTemplateRole): void {
    const v = this.stringKey(l, key);
    if (v === 'text') this.fail(l.no, key.start, 'text needs a value', 'Write - text: "…".');
    (container.children ??= []).push(this.keyNode(l, key, v));
  }

  /** A key's string (a plain key YAML reads as a number, boolean or null is refused, as Playwright does). */
  private stringKey(l: Line, key: Scalar): string {
    if (key.style === 'plain') {
      const p = plainValue(key.value);
      if (p.kind !== 'string') this.fail(l.no, key.start, `only string keys are supported, got ${JSON.stringify(key.value)}`, 'Start the line with a role: - button "OK".');
    }
    return key.value;
  }


  /** Reads a scalar at column c (a plain one stops at ": ", at " #" and at the end of the line). */
  private scalar(l: Line, c: number): Scalar {
    const t = l.text;
    const ch = t[c]!;
    if (ch === '"' || ch === "'") {
      let out = '';
      let i = c + 1;
      for (; i < t.length; i++) {
        const x = t[i]!;
        if (ch === "'") {
          if (x === "'") {
            if (t[i + 1] === "'") { out += "'"; i++; continue; }
            return { value: out, style: 'single', start: c, end: i + 1 };
          }
          out += x;
          continue;
        }
        if (x === '"') return { value: out, style: 'double', start: c, end: i + 1 };
        if (x !== '\\') { out += x; continue; }
        const e = t[++i];
        const simple: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', ' ': ' ', e: '\x1b', a: '\x07', v: '\v', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029' };
        if (e !== undefined && e in simple) { out += simple[e]; continue; }
        const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        const digits = t.slice(i + 1, i + 1 + hex);
        if (!hex || !/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) this.fail(l.no, i - 1, `invalid escape \\${e ?? ''} in a double-quoted string`, 'Use \\\\ for a backslash, \\" for a quote, \\n, \\t, \\xNN or \\uNNNN.');
        out += String.fromCodePoint(parseInt(digits, 16));
        i += hex;
      }
      this.fail(l.no, c, `unterminated ${ch === '"' ? 'double' : 'single'}-quoted string`, 'Close the quote on the same line: a quoted value must end on its line.');
    }
    if (ch === '[' || ch === '{') this.fail(l.no, c, 'flow collections ([…], {…}) are not supported in an aria snapshot', 'Write children as "- " items on their own lines; quote a value that starts with [ or {.');
    if (ch === '&' || ch === '*' || ch === '!') this.fail(l.no, c, 'YAML anchors, aliases and tags are not supported in an aria snapshot', 'Quote the value if it starts with &, * or !.');
    if (ch === '|' || ch === '>') this.fail(l.no, c, 'block scalars (| and >) are not supported in an aria snapshot', 'Write the text on one line, quoted: - text: "line one line two".');
    if (ch === '@' || ch === '`' || ch === '%') this.fail(l.no, c, `a plain value cannot start with ${ch}`, 'Quote the value.');
    if ((ch === '?' || ch === ':' || ch === '-') && (c + 1 >= t.length || isSpace(t[c + 1]!))) this.fail(l.no, c, `"${ch} " cannot start a value here`, 'Quote the value.');
    let i = c;
    for (; i < t.length; i++) {
      const x = t[i]!;
      if (x === ':' && (i + 1 >= t.length || isSpace(t[i + 1]!))) break;
      if (x === '#' && isSpace(t[i - 1]!)) break;
    }
    let end = i;
    while (end > c && isSpace(t[end - 1]!)) end--;
    return { value: t.slice(c, end), style: 'plain', start: c, end };
  }

  /** A `role "name" [attr]` key (Playwright's KeyParser), positions mapped onto the line. */
  private keyNode(l: Line, key: Scalar, input: string): AriaTemplateRole {
    const at = key.start + (key.style === 'plain' ? 0 : 1);
    const fail = (pos: number, reason: string, hint: string): never => {
      const caret = `\n\n  ${input}\n  ${' '.repeat(Math.min(pos, input.length))}^`;
      return this.fail(l.no, at + pos, reason + caret, hint);
    };
    let pos = 0;
    const ws = () => { while (pos < input.length && /\s/.test(input[pos]!)) pos++; };
    const ident = (what: string): string => {
      if (pos >= input.length) fail(pos, `unexpected end of input when expecting ${what}`, what === 'role' ? 'Start with an ARIA role, e.g. - button "OK".' : 'Write an attribute name: [checked], [level=2].');
      const s = pos;
      while (pos < input.length && /[a-zA-Z]/.test(input[pos]!)) pos++;
      return input.slice(s, pos);
    };
    ws();
    const roleAt = pos;
    const role = ident('role');
    if (!role) fail(roleAt, `expected a role, got ${JSON.stringify(input[pos])}`, 'Start with an ARIA role, e.g. - button "OK".');
    if (role === 'text') fail(roleAt, 'text is not a role here', 'Write text as - text: "…".');
    if (!isAriaRole(role) && !EXTRA_ROLES.includes(role)) {
      const near = nearestRole(role);
      fail(roleAt, `unknown role "${role}"`, near ? `Did you mean "${near}"? Roles are ARIA's names (button, checkbox, textbox, heading, list, listitem, …).` : 'Roles are ARIA\'s names: button, checkbox, switch, radio, textbox, heading, link, img, list, listitem, tab, dialog, …');
    }
    const node: AriaTemplateRole = { kind: 'role', role, line: l.no, column: at + roleAt + 1 };
    ws();
    if (input[pos] === '"') {
      pos++;
      let s = '';
      let esc = false;
      let closed = false;
      while (pos < input.length) {
        const ch = input[pos++]!;
        if (esc) { s += ch; esc = false; } else if (ch === '\\') esc = true; else if (ch === '"') { closed = true; break; } else s += ch;
      }
      if (!closed) fail(pos, 'unterminated string', 'Close the name\'s quote: - button "Sign in".');
      node.name = normalizeAriaText(s);
    } else if (input[pos] === '/') {
      const startAt = pos;
      pos++;
      let s = '';
      let esc = false;
      let cls = false;
      let closed = false;
      while (pos < input.length) {
        const ch = input[pos++]!;
        if (esc) { s += ch; esc = false; } else if (ch === '\\') { esc = true; s += ch; } else if (ch === '/' && !cls) { closed = true; break; } else { if (ch === '[') cls = true; else if (ch === ']') cls = false; s += ch; }
      }
      if (!closed) fail(pos, 'unterminated regex', 'Close the pattern with /: - button /Sign (in|up)/.');
      const r = userRegex(s, '');
      if (!('re' in r)) fail(startAt, r.reason, r.hint ?? 'Fix the pattern, or write the name as a string.');
      node.name = (r as { re: RegExp }).re;
    }
    for (;;) {
      ws();
      if (input[pos] !== '[') break;
      pos++;
      ws();
      const nameAt = pos;
      const attr = ident('attribute');
      ws();
      let value = '';
      let valueAt = nameAt;
      if (input[pos] === '=') {
        pos++;
        ws();
        valueAt = pos;
        while (pos < input.length && input[pos] !== ']' && !/\s/.test(input[pos]!)) value += input[pos++];
      }
      ws();
      if (input[pos] !== ']') fail(pos, 'expected ]', 'Close the attribute: [checked], [level=2].');
      pos++;
      this.attribute(node, attr, value || 'true', (reason, hint) => fail(valueAt, reason, hint), (reason, hint) => fail(nameAt, reason, hint));
    }
    ws();
    if (pos < input.length) fail(pos, 'unexpected input', 'After the role come an optional "name" or /regex/ and [attributes]; a colon ends the key only when a space follows it.');
    return node;
  }

  private attribute(node: AriaTemplateRole, key: string, value: string, badValue: (r: string, h: string) => never, badName: (r: string, h: string) => never): void {
    const bool = (): boolean => {
      if (value !== 'true' && value !== 'false') badValue(`value of "${key}" attribute must be a boolean`, `Write [${key}] or [${key}=false].`);
      return value === 'true';
    };
    const tri = (): boolean | 'mixed' => {
      if (value !== 'true' && value !== 'false' && value !== 'mixed') badValue(`value of "${key}" attribute must be a boolean or "mixed"`, `Write [${key}], [${key}=false] or [${key}=mixed].`);
      return value === 'mixed' ? 'mixed' : value === 'true';
    };
    switch (key) {
      case 'checked': node.checked = tri(); return;
      case 'pressed': node.pressed = tri(); return;
      case 'disabled': node.disabled = bool(); return;
      case 'expanded': node.expanded = bool(); return;
      case 'active': node.active = bool(); return;
      case 'selected': node.selected = bool(); return;
      case 'invalid':
        // Playwright also reads grammar / spelling; no platform here reports which, so only the boolean is kept.
        node.invalid = bool(); return;
      case 'level': {
        if (!/^\d+$/.test(value)) badValue('value of "level" attribute must be a number', 'Write [level=1] … [level=6].');
        node.level = Number(value);
        return;
      }
    }
    badName(`unsupported attribute [${key}]`, 'Attributes are [checked], [checked=mixed], [disabled], [expanded], [active], [invalid], [level=N], [pressed], [pressed=mixed] and [selected].');
  }
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t';
}

function skipSpaces(t: string, i: number): number {
  while (i < t.length && isSpace(t[i]!)) i++;
  return i;
}

function isDash(t: string, i: number): boolean {
  return t[i] === '-' && (i + 1 >= t.length || isSpace(t[i + 1]!));
}

/** A plain scalar as YAML 1.2's core schema reads it. */
function plainValue(s: string): Plain {
  if (s === '' || s === '~' || s === 'null' || s === 'Null' || s === 'NULL') return { kind: 'null' };
  if (/^(true|True|TRUE)$/.test(s)) return { kind: 'bool', value: 'true' };
  if (/^(false|False|FALSE)$/.test(s)) return { kind: 'bool', value: 'false' };
  if (/^[-+]?[0-9]+$/.test(s)) return { kind: 'number', value: String(Number(s)) };
  if (/^0o[0-7]+$/.test(s)) return { kind: 'number', value: String(parseInt(s.slice(2), 8)) };
  if (/^0x[0-9a-fA-F]+$/.test(s)) return { kind: 'number', value: String(parseInt(s.slice(2), 16)) };
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return { kind: 'number', value: String(parseFloat(s)) };
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s)) return { kind: 'number', value: s.startsWith('-') ? '-Infinity' : 'Infinity' };
  if (/^\.(nan|NaN|NAN)$/.test(s)) return { kind: 'number', value: 'NaN' };
  return { kind: 'string', value: s };
}

function nearestRole(role: string): string | null {
  const lower = role.toLowerCase();
  if (isAriaRole(lower)) return lower;
  let best: string | null = null;
  let bestD = Math.max(2, Math.floor(role.length / 3)) + 1;
  for (const name of ARIA_ROLE_NAMES) {
    const d = editDistance(lower, name, bestD);
    if (d < bestD) { bestD = d; best = name; }
  }
  return best;
}
