/**
 * Locators written as code, read back without evaluating anything (the MCP shim takes them from agents).
 * A tokenizer and a recursive-descent parser over the code form `selectorToCode` prints:
 *
 *   locator  := [ 'device' '.' ] [ 'all' '(' ')' [ '.' ] ] call ( '.' call )*
 *   call     := byTag(str) | byId(str | int [, { merged }]) | byRole(str [, roleOpts]) | byText(pat [, { exact }])
 *             | byDesc(pat [, { exact }]) | filter(filterOpts) | nth(int) | first() | last() | or(locator) | and(locator)
 *             | getByRole(ariaRole [, roleOpts]) | getByText / getByLabel / getByPlaceholder / getByAltText
 *               / getByTitle (pat [, { exact }]) | getByTestId(pat)
 *   roleOpts := { option: value, … }    filterOpts := { option: value, … }   (the options of
 *               vocabulary.ts, each value read by its kind: pat, bool, bool | 'mixed', int, locator)
 *   pat      := str | /regex/flags        str := '…' | "…" (JS escapes)
 *
 * parseLocator(selectorToCode(s)) deep-equals s. Anything else is a TargetError('invalid_arguments')
 * naming the 1-based line and column, with the offending line and a caret under the error.
 * The structured (JSON) form of a locator is locator-json.ts.
 */
import { TargetError } from '../errors.js';
import { GET_BY_METHODS, type FilterOptions, type GetByKind, type RoleOptions, type Selector, type Step } from './selector.js';
import { isAriaRole } from '../roles/aria.js';
import { userRegex } from '../common/pattern.js';
import type { TextPattern } from './text.js';
import { FILTER_OPTIONS, ROLE_OPTIONS, optionNames, roleOptionProblem, type ValueKind, type ValueTypes } from './vocabulary.js';

/** Longer locator strings are refused rather than parsed (an agent's locator is a line, not a file). */
export const MAX_LOCATOR_LENGTH = 10_000;
/** Deepest nesting of `has:` / `hasNot:` locators (the parser recurses on them). */
export const MAX_LOCATOR_NESTING = 16;
/** What nests, as the nesting error names it (the code form and the JSON form). */
export const NESTING_WHAT = 'locators inside has / hasNot / or / and';

const METHODS = [
  'byTag', 'byId', 'byRole', 'byText', 'byDesc',
  'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId',
  'filter', 'nth', 'first', 'last', 'or', 'and',
] as const;
/** getBy* method → its step kind (the ones written like byText: a pattern and `{ exact, merged }`). */
const GET_BY_KINDS = new Map<string, GetByKind>(Object.entries(GET_BY_METHODS).map(([kind, method]) => [method, kind as GetByKind]));
const HINT = "Write a locator as in a test, e.g. byRole('Button', { name: 'Send' }).filter({ hasText: /x/ }).nth(1).";

// ---- tokens --------------------------------------------------------------------------------

type Token =
  | { t: 'ident'; v: string; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'regex'; v: RegExp; at: number }
  | { t: 'number'; v: number; raw: string; at: number }
  | { t: 'punct'; v: '(' | ')' | '{' | '}' | ',' | ':' | '.'; at: number }
  | { t: 'end'; at: number };

function describe(tok: Token): string {
  switch (tok.t) {
    case 'ident': return `'${tok.v}'`;
    case 'string': return 'a string';
    case 'regex': return 'a regex';
    case 'number': return `the number ${tok.raw}`;
    case 'punct': return `'${tok.v}'`;
    case 'end': return 'the end of the locator';
  }
}

class Lexer {
  private pos = 0;
  constructor(private readonly src: string, private readonly fail: (msg: string, at: number) => never) {}

  next(): Token {
    const s = this.src;
    while (this.pos < s.length && /\s/.test(s[this.pos]!)) this.pos++;
    const at = this.pos;
    if (at >= s.length) return { t: 'end', at };
    const c = s[at]!;
    if ('(){},:.'.includes(c)) {
      this.pos++;
      return { t: 'punct', v: c as '(', at };
    }
    if (c === "'" || c === '"') return { t: 'string', v: this.string(c), at };
    if (c === '/') return { t: 'regex', v: this.regex(), at };
    if (/[0-9-]/.test(c)) {
      const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?![\w$.])/.exec(s.slice(at, at + 40));
      if (!m) this.fail('malformed number', at);
      this.pos += m[0].length;
      return { t: 'number', v: Number(m[0]), raw: m[0], at };
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(s.slice(at, at + 200))!;
      this.pos += m[0].length;
      return { t: 'ident', v: m[0], at };
    }
    if (c === '`') this.fail('template literals are not supported; use \'…\' or "…"', at);
    return this.fail(`unexpected character ${JSON.stringify(c)}`, at);
  }

  /** A JS string literal (the quote is at this.pos), escapes decoded. */
  private string(quote: string): string {
    const s = this.src;
    const start = this.pos++;
    let out = '';
    for (;;) {
      if (this.pos >= s.length) this.fail('unterminated string', start);
      const c = s[this.pos]!;
      if (c === quote) { this.pos++; return out; }
      if (c === '\n' || c === '\r') this.fail('unterminated string (a line break must be written \\n)', start);
      if (c !== '\\') { out += c; this.pos++; continue; }
      const at = this.pos;
      const e = s[this.pos + 1];
      this.pos += 2;
      switch (e) {
        case undefined: this.fail('unterminated string', start); break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '0':
          if (/[0-9]/.test(s[this.pos] ?? '')) this.fail('octal escapes are not supported; use \\x or \\u', at);
          out += '\0';
          break;
        case 'x': out += this.hex(2, at); break;
        case 'u':
          if (s[this.pos] === '{') {
            const end = s.indexOf('}', this.pos);
            const digits = end < 0 ? '' : s.slice(this.pos + 1, end);
            const cp = /^[0-9a-fA-F]{1,6}$/.test(digits) ? parseInt(digits, 16) : NaN;
            if (!(cp <= 0x10ffff)) this.fail('malformed \\u{…} escape', at);
            out += String.fromCodePoint(cp);
            this.pos = end + 1;
          } else out += this.hex(4, at);
          break;
        case '\r': if (s[this.pos] === '\n') this.pos++; break; // line continuation
        case '\n': case '\u2028': case '\u2029': break;
        default:
          if (/[1-9]/.test(e)) this.fail('octal escapes are not supported; use \\x or \\u', at);
          out += e; // identity escape: \' \" \\ and any other character
      }
    }
  }

  private hex(n: number, at: number): string {
    const digits = this.src.slice(this.pos, this.pos + n);
    if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(digits)) this.fail(`malformed \\${n === 2 ? 'x' : 'u'} escape`, at);
    this.pos += n;
    return String.fromCharCode(parseInt(digits, 16));
  }

  /** A regex literal: `/` … `/` flags, where `/` inside a character class or escaped does not end it. */
  private regex(): RegExp {
    const s = this.src;
    const start = this.pos++;
    let inClass = false;
    for (;;) {
      const c = s[this.pos];
      if (c === undefined || c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') this.fail('unterminated regex', start);
      this.pos++;
      if (c === '\\') {
        const e = s[this.pos];
        if (e === undefined || e === '\n' || e === '\r') this.fail('unterminated regex', start);
        this.pos++;
      } else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
    }
    const body = s.slice(start + 1, this.pos - 1);
    if (body === '') this.fail('empty regex (// starts a comment in JS); write /(?:)/ to match anything', start);
    const flags = /^[A-Za-z]*/.exec(s.slice(this.pos, this.pos + 20))![0];
    this.pos += flags.length;
    const got = userRegex(body, flags);
    return 're' in got ? got.re : this.fail(got.reason, start);
  }
}

// ---- parser --------------------------------------------------------------------------------

/**
 * Parses a locator in its code form into a selector. Never evaluates anything. `outerDepth`: how many
 * locators this one is already nested in (a code string inside a JSON locator's `has` / `or`), so the
 * two forms share one MAX_LOCATOR_NESTING budget.
 */
export function parseLocator(source: string, outerDepth = 0): Selector {
  if (typeof source !== 'string') throw new TargetError('invalid_arguments', `a locator string was expected, got ${typeof source}`, { where: 'locator', hint: HINT });
  if (source.length > MAX_LOCATOR_LENGTH) {
    throw new TargetError('invalid_arguments', `the locator is ${source.length} characters long; the limit is ${MAX_LOCATOR_LENGTH}`, { where: 'locator', hint: HINT });
  }
  return new Parser(source).parse(outerDepth);
}

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;

  constructor(private readonly src: string) {
    this.lexer = new Lexer(src, (msg, at) => this.fail(msg, at));
    this.tok = this.lexer.next();
  }

  parse(outerDepth: number): Selector {
    if (this.tok.t === 'end') this.fail('empty locator', 0);
    const selector = this.chain(outerDepth);
    if ((this.tok as Token).t !== 'end') this.fail(`expected '.' or the end of the locator, got ${describe(this.tok)}`, this.tok.at);
    return selector;
  }

  fail(message: string, at: number): never {
    const before = this.src.slice(0, at);
    const line = (before.match(/\r\n|\r|\n|\u2028|\u2029/g)?.length ?? 0) + 1;
    const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'), before.lastIndexOf('\u2028'), before.lastIndexOf('\u2029')) + 1;
    const column = at - lineStart + 1;
    const rest = this.src.slice(lineStart);
    const lineText = rest.slice(0, rest.search(/\r|\n|\u2028|\u2029|$/));
    // Tabs stay tabs under the caret so it lines up however the reader renders them.
    const pad = lineText.slice(0, column - 1).replace(/[^\t]/g, ' ');
    throw new TargetError('invalid_arguments', `${message}\n    ${lineText}\n    ${pad}^`, {
      where: 'locator', line, column, hint: HINT,
    });
  }

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lexer.next();
    return t;
  }

  private punct(v: string, what: string): void {
    if (this.tok.t !== 'punct' || this.tok.v !== v) this.fail(`expected '${v}' ${what}, got ${describe(this.tok)}`, this.tok.at);
    this.advance();
  }

  private isPunct(v: string): boolean {
    return this.tok.t === 'punct' && this.tok.v === v;
  }

  /** `[device.] [all().] call (. call)*` */
  private chain(depth: number): Step[] {
    if (depth > MAX_LOCATOR_NESTING) this.fail(`${NESTING_WHAT} nested more than ${MAX_LOCATOR_NESTING} deep`, this.tok.at);
    if (this.tok.t === 'ident' && this.tok.v === 'device') {
      this.advance();
      this.punct('.', "after 'device'");
    }
    const steps: Step[] = [];
    if (this.tok.t === 'ident' && this.tok.v === 'all') {
      this.advance();
      this.punct('(', "after 'all'");
      this.punct(')', '(all() takes no arguments)');
      if (!this.isPunct('.')) return steps;
      this.advance();
    }
    for (;;) {
      steps.push(this.call(depth));
      if (!this.isPunct('.')) return steps;
      this.advance();
    }
  }

  private call(depth: number): Step {
    const tok = this.tok;
    if (tok.t !== 'ident') this.fail(`expected a locator method (${METHODS.join(', ')}), got ${describe(tok)}`, tok.at);
    const name = tok.v;
    if (!(METHODS as readonly string[]).includes(name)) {
      this.fail(`unknown locator method '${name}'; expected one of ${METHODS.join(', ')}`, tok.at);
    }
    this.advance();
    this.punct('(', `after '${name}'`);
    let step: Step;
    switch (name) {
      case 'byTag': step = { kind: 'tag', tag: this.stringArg(name, 'a tag') }; break;
      case 'byId': {
        const t = this.tok;
        // Negative ids are real: JetWhale view ids and iOS element ids can be below zero.
        let id: string;
        if (t.t === 'number' && Number.isInteger(t.v)) { this.advance(); id = String(t.v); }
        else id = this.stringArg(name, 'a node id');
        // selectorToCode prints `{ merged: false }` for a node the merged view folds away: read it back.
        const opts = this.optionalObject(name, () => this.exactOption(name, ['merged']));
        step = { kind: 'id', id, ...(opts?.merged === false ? { merged: false } : {}) };
        break;
      }
      case 'byRole': {
        const role = this.stringArg(name, 'a role such as \'Button\'');
        const keyAt = new Map<string, number>();
        const options = this.optionalObject(name, () => this.options(name, ROLE_OPTIONS, depth, keyAt)) ?? {};
        const problem = roleOptionProblem(role, options);
        if (problem) this.fail(problem.message, keyAt.get(problem.key)!);
        step = { kind: 'role', role, options };
        break;
      }
      case 'getByRole': {
        const roleAt = this.tok.at;
        const role = this.stringArg(name, 'an ARIA role such as \'button\'');
        if (!isAriaRole(role)) this.fail(`'${role}' is not an ARIA role (getByRole takes ARIA's names such as 'button' or 'textbox'; byRole takes treewright's)`, roleAt);
        const keyAt = new Map<string, number>();
        const options = this.optionalObject(name, () => this.options(name, ROLE_OPTIONS, depth, keyAt)) ?? {};
        const problem = roleOptionProblem(role, options);
        if (problem) this.fail(problem.message, keyAt.get(problem.key)!);
        step = { kind: 'role', role, options, aria: true };
        break;
      }
      case 'getByTestId': {
        const id = this.pattern(`${name}'s first argument`);
        const opts = this.optionalObject(name, () => this.exactOption(name, ['merged']));
        step = { kind: 'testId', id, ...(opts?.merged === false ? { merged: false } : {}) };
        break;
      }
      case 'byText': case 'byDesc': case 'getByText': case 'getByLabel': case 'getByPlaceholder': case 'getByAltText': case 'getByTitle': {
        const text = this.pattern(`${name}'s first argument`);
        const opts = this.optionalObject(name, () => this.exactOption(name));
        const kind = name === 'byText' || name === 'getByText' ? 'text' : name === 'byDesc' ? 'desc' : GET_BY_KINDS.get(name)!;
        step = { kind, text, exact: opts?.exact ?? false, ...(opts?.merged === false ? { merged: false } : {}), ...(name === 'getByText' ? { getBy: true } : {}) } as Step;
        break;
      }
      case 'filter': step = { kind: 'filter', options: this.object(name, () => this.options(name, FILTER_OPTIONS, depth)) }; break;
      case 'or': case 'and': {
        if (this.tok.t !== 'ident') this.fail(`${name}() takes a locator such as byText('…'), got ${describe(this.tok)}`, this.tok.at);
        step = { kind: name, selector: this.chain(depth + 1) };
        break;
      }
      case 'nth': {
        const t = this.tok;
        if (t.t !== 'number' || !Number.isInteger(t.v)) this.fail(`nth() takes a whole number, got ${describe(t)}`, t.at);
        this.advance();
        step = { kind: 'nth', index: t.v };
        break;
      }
      default: step = { kind: 'nth', index: name === 'first' ? 0 : -1 };
    }
    if (this.isPunct(',')) {
      const comma = this.advance();
      if (!this.isPunct(')')) this.fail(`too many arguments to ${name}()`, comma.at);
    }
    if (!this.isPunct(')')) this.fail(`expected ')' to close ${name}(, got ${describe(this.tok)}`, this.tok.at);
    this.advance();
    return step;
  }

  private stringArg(method: string, what: string): string {
    const t = this.tok;
    if (t.t !== 'string') this.fail(`${method}() takes ${what} as a string, got ${describe(t)}`, t.at);
    this.advance();
    return t.v;
  }

  private pattern(what: string): TextPattern {
    const t = this.tok;
    if (t.t === 'string' || t.t === 'regex') {
      this.advance();
      return t.v;
    }
    return this.fail(`${what} must be a string or a /regex/, got ${describe(t)}`, t.at);
  }

  private boolean(key: string): boolean {
    const t = this.tok;
    if (t.t === 'ident' && (t.v === 'true' || t.v === 'false')) {
      this.advance();
      return t.v === 'true';
    }
    return this.fail(`${key} must be true or false, got ${describe(t)}`, t.at);
  }

  /** `, { … }` when present; the object is read by `body`, one key at a time. */
  private optionalObject<T>(method: string, body: () => ObjectReader<T>): T | undefined {
    if (!this.isPunct(',')) return undefined;
    this.advance();
    if (this.isPunct(')')) return undefined; // a trailing comma
    return this.object(method, body);
  }

  /** `{ key: value, … }` with a trailing comma allowed; duplicate and unknown keys are errors. */
  private object<T>(method: string, body: () => ObjectReader<T>): T {
    const reader = body();
    this.punct('{', `(${method} takes an options object)`);
    const seen = new Set<string>();
    while (!this.isPunct('}')) {
      const k = this.tok;
      if (k.t !== 'ident' && k.t !== 'string') this.fail(`expected an option name, got ${describe(k)}`, k.at);
      if (seen.has(k.v)) this.fail(`option '${k.v}' given twice`, k.at);
      seen.add(k.v);
      this.advance();
      this.punct(':', `after '${k.v}'`);
      reader.read(k.v, k.at);
      if (this.isPunct(',')) this.advance();
      else if (!this.isPunct('}')) this.fail(`expected ',' or '}', got ${describe(this.tok)}`, this.tok.at);
    }
    this.advance();
    return reader.done();
  }

  private unknownKey(method: string, key: string, at: number, allowed: readonly string[]): never {
    return this.fail(`unknown option '${key}' for ${method}(); expected ${allowed.join(', ')}`, at);
  }

  /** A registered option's value, read by its kind. */
  private value<K extends ValueKind>(kind: K, key: string, depth: number): ValueTypes[K];
  private value(kind: ValueKind, key: string, depth: number): ValueTypes[ValueKind] {
    const t = this.tok;
    switch (kind) {
      case 'pattern': return this.pattern(key);
      case 'boolean': return this.boolean(key);
      case 'checked':
        if (t.t !== 'string') return this.boolean(key);
        if (t.v !== 'mixed') this.fail(`${key} must be true, false or 'mixed', got ${JSON.stringify(t.v)}`, t.at);
        this.advance();
        return 'mixed';
      case 'integer':
        if (t.t !== 'number' || !Number.isInteger(t.v)) this.fail(`${key} must be a whole number, got ${describe(t)}`, t.at);
        this.advance();
        return t.v;
      case 'locator':
        if (t.t !== 'ident') this.fail(`${key} takes a locator such as byText('…'), got ${describe(t)}`, t.at);
        return this.chain(depth + 1);
    }
  }

  /** An options object of one of vocabulary.ts's tables. */
  private options<T extends Record<string, { value: ValueKind }>>(method: string, table: T, depth: number, keyAt?: Map<string, number>): ObjectReader<T extends typeof ROLE_OPTIONS ? RoleOptions : FilterOptions> {
    const o: Record<string, unknown> = {};
    const allowed = optionNames(table);
    return {
      read: (key: string, at: number) => {
        const spec = table[key];
        if (!spec || !Object.hasOwn(table, key)) this.unknownKey(method, key, at, allowed);
        keyAt?.set(key, at);
        o[key] = this.value(spec.value, key, depth);
      },
      done: () => o as T extends typeof ROLE_OPTIONS ? RoleOptions : FilterOptions,
    };
  }

  private exactOption(method: string, allowed: ReadonlyArray<'exact' | 'merged'> = ['exact', 'merged']): ObjectReader<{ exact?: boolean; merged?: boolean }> {
    const o: { exact?: boolean; merged?: boolean } = {};
    return {
      read: (key: string, at: number) => {
        if (key === 'exact' && allowed.includes(key)) o.exact = this.boolean(key);
        else if (key === 'merged') o.merged = this.boolean(key);
        else this.unknownKey(method, key, at, allowed);
      },
      done: () => o,
    };
  }
}

interface ObjectReader<T> {
  read(key: string, at: number): void;
  done(): T;
}
