/**
 * Locators written as code, read back without evaluating anything (the MCP shim takes them from agents).
 * A tokenizer and a recursive-descent parser over the code form `selectorToCode` prints:
 *
 *   locator  := [ 'device' '.' ] [ 'all' '(' ')' [ '.' ] ] call ( '.' call )*
 *   call     := byTag(str) | byId(str | int) | byRole(str [, roleOpts]) | byText(pat [, { exact }])
 *             | byDesc(pat [, { exact }]) | filter(filterOpts) | nth(int) | first() | last() | or(locator) | and(locator)
 *   roleOpts := { name: pat, checked: bool | 'mixed', exact | disabled | selected | includeHidden: bool }
 *   filterOpts := { hasText | hasNotText: pat, has | hasNot: locator, visible | operable: bool }
 *   pat      := str | /regex/flags        str := '…' | "…" (JS escapes)
 *
 * parseLocator(selectorToCode(s)) deep-equals s. Anything else is a TargetError('invalid_arguments')
 * naming the 1-based line and column, with the offending line and a caret under the error.
 * Also here: the structured (JSON) form of a locator, as a zod schema over the selector steps.
 */
import { z } from 'zod';
import { TargetError } from '../errors.js';
import type { FilterOptions, RoleOptions, Selector, Step } from './selector.js';
import type { TextPattern } from './text.js';

/** Longer locator strings are refused rather than parsed (an agent's locator is a line, not a file). */
export const MAX_LOCATOR_LENGTH = 10_000;
/** Deepest nesting of `has:` / `hasNot:` locators (the parser recurses on them). */
export const MAX_LOCATOR_NESTING = 16;

const METHODS = ['byTag', 'byId', 'byRole', 'byText', 'byDesc', 'filter', 'nth', 'first', 'last', 'or', 'and'] as const;
const ROLE_BOOLEANS = ['exact', 'checked', 'disabled', 'selected', 'includeHidden'] as const;
const FILTER_PATTERNS = ['hasText', 'hasNotText'] as const;
const FILTER_LOCATORS = ['has', 'hasNot'] as const;
const FILTER_BOOLEANS = ['visible', 'operable'] as const;
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
    try {
      return new RegExp(body, flags);
    } catch (e) {
      return this.fail(`invalid regex: ${(e as Error).message}`, start);
    }
  }
}

// ---- parser --------------------------------------------------------------------------------

/** Parses a locator in its code form into a selector. Never evaluates anything. */
export function parseLocator(source: string): Selector {
  if (typeof source !== 'string') throw new TargetError('invalid_arguments', `a locator string was expected, got ${typeof source}`, { where: 'locator', hint: HINT });
  if (source.length > MAX_LOCATOR_LENGTH) {
    throw new TargetError('invalid_arguments', `the locator is ${source.length} characters long; the limit is ${MAX_LOCATOR_LENGTH}`, { where: 'locator', hint: HINT });
  }
  return new Parser(source).parse();
}

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;

  constructor(private readonly src: string) {
    this.lexer = new Lexer(src, (msg, at) => this.fail(msg, at));
    this.tok = this.lexer.next();
  }

  parse(): Selector {
    if (this.tok.t === 'end') this.fail('empty locator', 0);
    const selector = this.chain(0);
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
    if (depth > MAX_LOCATOR_NESTING) this.fail(`has / hasNot nested more than ${MAX_LOCATOR_NESTING} deep`, this.tok.at);
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
        if (t.t === 'number' && Number.isInteger(t.v)) { this.advance(); step = { kind: 'id', id: String(t.v) }; }
        else step = { kind: 'id', id: this.stringArg(name, 'a node id') };
        break;
      }
      case 'byRole': {
        const role = this.stringArg(name, 'a role such as \'Button\'');
        step = { kind: 'role', role, options: this.optionalObject(name, () => this.roleOptions()) ?? {} };
        break;
      }
      case 'byText': case 'byDesc': {
        const text = this.pattern(`${name}'s first argument`);
        const opts = this.optionalObject(name, () => this.exactOption(name));
        step = { kind: name === 'byText' ? 'text' : 'desc', text, exact: opts?.exact ?? false };
        break;
      }
      case 'filter': step = { kind: 'filter', options: this.object(name, () => this.filterOptions(depth)) }; break;
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

  private roleOptions(): ObjectReader<RoleOptions> {
    const o: RoleOptions = {};
    const allowed = ['name', ...ROLE_BOOLEANS];
    return {
      read: (key: string, at: number) => {
        if (key === 'name') o.name = this.pattern('name');
        else if (key === 'checked' && this.tok.t === 'string') {
          if (this.tok.v !== 'mixed') this.fail(`checked must be true, false or 'mixed', got ${JSON.stringify(this.tok.v)}`, this.tok.at);
          this.advance();
          o.checked = 'mixed';
        }
        else if ((ROLE_BOOLEANS as readonly string[]).includes(key)) o[key as (typeof ROLE_BOOLEANS)[number]] = this.boolean(key);
        else this.unknownKey('byRole', key, at, allowed);
      },
      done: () => o,
    };
  }

  private exactOption(method: string): ObjectReader<{ exact?: boolean }> {
    const o: { exact?: boolean } = {};
    return {
      read: (key: string, at: number) => {
        if (key === 'exact') o.exact = this.boolean(key);
        else this.unknownKey(method, key, at, ['exact']);
      },
      done: () => o,
    };
  }

  private filterOptions(depth: number): ObjectReader<FilterOptions> {
    const o: FilterOptions = {};
    const allowed = [...FILTER_PATTERNS, ...FILTER_LOCATORS, ...FILTER_BOOLEANS];
    return {
      read: (key: string, at: number) => {
        if ((FILTER_PATTERNS as readonly string[]).includes(key)) o[key as 'hasText'] = this.pattern(key);
        else if ((FILTER_BOOLEANS as readonly string[]).includes(key)) o[key as 'visible'] = this.boolean(key);
        else if ((FILTER_LOCATORS as readonly string[]).includes(key)) {
          if (this.tok.t !== 'ident') this.fail(`${key} takes a locator such as byText('…'), got ${describe(this.tok)}`, this.tok.at);
          o[key as 'has'] = this.chain(depth + 1);
        } else this.unknownKey('filter', key, at, allowed);
      },
      done: () => o,
    };
  }
}

interface ObjectReader<T> {
  read(key: string, at: number): void;
  done(): T;
}

// ---- the structured form -----------------------------------------------------------------------

/** A text pattern in JSON: a string, or `{ regex, flags }`. */
export const TextPatternSchema = z.union([
  z.string(),
  z.strictObject({ regex: z.string().describe('the regex source, as in /source/'), flags: z.string().regex(/^[dgimsuvy]*$/).optional() }),
]);

const bool = z.boolean().optional();

/** One selector step as JSON (the same shape as the Step type, with regexes as `{ regex, flags }`). */
export const StepSchema: z.ZodType<StepInput> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tag'), tag: z.string() }),
  z.strictObject({ kind: z.literal('id'), id: z.union([z.string().min(1), z.number().int()]) }),
  z.strictObject({
    kind: z.literal('role'),
    role: z.string().min(1),
    options: z.strictObject({ name: TextPatternSchema.optional(), exact: bool, checked: z.union([z.boolean(), z.literal('mixed')]).optional(), disabled: bool, selected: bool, includeHidden: bool }).optional(),
  }),
  z.strictObject({ kind: z.literal('text'), text: TextPatternSchema, exact: bool }),
  z.strictObject({ kind: z.literal('desc'), text: TextPatternSchema, exact: bool }),
  z.strictObject({
    kind: z.literal('filter'),
    options: z.strictObject({
      hasText: TextPatternSchema.optional(),
      hasNotText: TextPatternSchema.optional(),
      get has() { return NestedLocatorSchema.optional(); },
      get hasNot() { return NestedLocatorSchema.optional(); },
      visible: bool,
      operable: bool,
    }),
  }),
  z.strictObject({ kind: z.literal('nth'), index: z.number().int() }),
]) as unknown as z.ZodType<StepInput>;

type PatternInput = z.infer<typeof TextPatternSchema>;
export type StepInput =
  | { kind: 'tag'; tag: string }
  | { kind: 'id'; id: string | number }
  | { kind: 'role'; role: string; options?: Omit<RoleOptions, 'name'> & { name?: PatternInput } }
  | { kind: 'text' | 'desc'; text: PatternInput; exact?: boolean }
  | { kind: 'filter'; options: { hasText?: PatternInput; hasNotText?: PatternInput; has?: LocatorInput; hasNot?: LocatorInput; visible?: boolean; operable?: boolean } }
  | { kind: 'nth'; index: number };

/** A locator as an agent may give it: the code string, one step, or a list of steps. */
export type LocatorInput = string | StepInput | StepInput[];

/** The recursive schema itself, used for `has` / `hasNot` inside it (the nesting was checked once, at the top). */
const NestedLocatorSchema: z.ZodType<LocatorInput> = z.union([
  z.string().min(1).describe("the locator as code, e.g. byRole('Button', { name: 'Send' }).nth(1)"),
  z.lazy(() => StepSchema),
  z.array(z.lazy(() => StepSchema)).min(1),
]) as unknown as z.ZodType<LocatorInput>;

/**
 * A locator as JSON. The `has` / `hasNot` nesting is checked before zod walks the value: zod
 * recurses per level, so a few thousand nested filters would overflow the stack.
 */
export const LocatorInputSchema: z.ZodType<LocatorInput> = z.preprocess((input, ctx) => {
  const problem = locatorNestingProblem(input, 'locator');
  if (problem) {
    ctx.issues.push({ code: 'custom', message: problem.message, input });
    return z.NEVER;
  }
  return input;
}, NestedLocatorSchema) as unknown as z.ZodType<LocatorInput>;

/**
 * Where JSON locator input nests `has` / `hasNot` deeper than MAX_LOCATOR_NESTING (the string
 * form's limit), walked iteratively so any depth is measured without recursion; null when within.
 */
function locatorNestingProblem(input: unknown, where: string): { message: string; where: string } | null {
  const stack: Array<{ value: unknown; depth: number; where: string }> = [{ value: input, depth: 0, where }];
  while (stack.length) {
    const { value, depth, where: at } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, depth, where: `${at}[${i}]` }));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const options = (value as { options?: unknown }).options;
    if ((value as { kind?: unknown }).kind !== 'filter' || typeof options !== 'object' || options === null) continue;
    for (const k of FILTER_LOCATORS) {
      const inner = (options as Record<string, unknown>)[k];
      if (inner === undefined) continue;
      const path = `${at}.options.${k}`;
      if (depth + 1 > MAX_LOCATOR_NESTING) return { message: `has / hasNot nested more than ${MAX_LOCATOR_NESTING} deep (at ${path})`, where: path };
      stack.push({ value: inner, depth: depth + 1, where: path });
    }
  }
  return null;
}

/** A locator given as code or as JSON steps, as a selector. Structured input is assumed zod-validated (its nesting is checked again here). */
export function locatorFromInput(input: LocatorInput, where = 'locator'): Selector {
  const problem = locatorNestingProblem(input, where);
  if (problem) throw new TargetError('invalid_arguments', problem.message, { where: problem.where, hint: 'Nest fewer has: filters (chain steps instead).' });
  return selectorFromInput(input, where);
}

function selectorFromInput(input: LocatorInput, where: string): Selector {
  if (typeof input === 'string') return parseLocator(input);
  const steps = Array.isArray(input) ? input : [input];
  return steps.map((s, i) => stepFromInput(s, `${where}[${i}]`));
}

function stepFromInput(s: StepInput, where: string): Step {
  switch (s.kind) {
    case 'tag': return { kind: 'tag', tag: s.tag };
    case 'id': return { kind: 'id', id: String(s.id) };
    case 'role': {
      const { name, ...flags } = s.options ?? {};
      const options: RoleOptions = {};
      if (name !== undefined) options.name = patternFromInput(name, `${where}.options.name`);
      for (const k of ROLE_BOOLEANS) if (flags[k] !== undefined) (options as Record<string, unknown>)[k] = flags[k];
      return { kind: 'role', role: s.role, options };
    }
    case 'text': case 'desc': return { kind: s.kind, text: patternFromInput(s.text, `${where}.text`), exact: s.exact ?? false };
    case 'filter': {
      const o = s.options;
      const options: FilterOptions = {};
      for (const k of FILTER_PATTERNS) if (o[k] !== undefined) options[k] = patternFromInput(o[k], `${where}.options.${k}`);
      for (const k of FILTER_LOCATORS) if (o[k] !== undefined) options[k] = selectorFromInput(o[k], `${where}.options.${k}`);
      for (const k of FILTER_BOOLEANS) if (o[k] !== undefined) options[k] = o[k];
      return { kind: 'filter', options };
    }
    case 'nth': return { kind: 'nth', index: s.index };
  }
}

function patternFromInput(p: PatternInput, where: string): TextPattern {
  if (typeof p === 'string') return p;
  try {
    return new RegExp(p.regex, p.flags ?? '');
  } catch (e) {
    throw new TargetError('invalid_arguments', `invalid regex at ${where}: ${(e as Error).message}`, { where, hint: 'Give { regex, flags } with a valid JavaScript regex source.' });
  }
}
