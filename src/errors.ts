/**
 * Typed errors, as data. Every error carries what was wrong (`reason`), where (`where`, `line`,
 * `column`), what to do next (`hint`) and, where there is one, the one command to run (`next`) as
 * fields; `message` is composed from them when read, so nothing ever parses a message back.
 * `code` is stable and machine-readable (the MCP shim maps it onto its envelope), and `details` is
 * typed per code (DetailsByCode) and frozen: an error is not changed after it is thrown; add facts by
 * making a new one (`withDetails`).
 */
export type ErrorCode =
  | 'format_error'        // bytes that are not a tree we can read
  | 'unsupported_format'  // valid data, but not a format we know
  | 'schema_version'      // a format we know, at a version we do not
  | 'too_large'           // refused for size / depth / entity limits
  | 'file_not_found'
  | 'source_invalid'      // a source string / descriptor we cannot use
  | 'device_unreachable'
  | 'device_timeout'
  | 'device_error'
  | 'target_not_found'
  | 'target_ambiguous'
  | 'target_disabled'
  | 'not_hittable'
  | 'action_unavailable'
  | 'stale_generation'
  | 'invalid_arguments';

/** The fields every error may carry. */
export interface CommonDetails {
  /** The file, device or source the error is about. */
  where?: string;
  /** 1-based line (and column) in a text input, when known. */
  line?: number;
  column?: number;
  /** One sentence: what the user should do next. */
  hint?: string;
  /** The one command to run next (`adb forward tcp:9500 tcp:9500`), when there is one. */
  next?: string;
  /** The stage of a device conversation that failed (`connect`, `capture`, `adb devices`, …). */
  stage?: string;
  /** 'app' when the text quotes the app or its server rather than treewright. */
  origin?: 'app';
  /** The path of the offending field inside the input (`roots[0].node.children[3]`). */
  path?: string;
  /** The node the error is about, as its outline line. */
  node?: string;
  /** The screen generation the error is about. */
  generation?: string;
}

/** A node named by an error: its outline line and, for agents, where else to look. */
interface TargetDetails extends CommonDetails {
  /** The locator as code. */
  locator?: string;
}

/**
 * What a device error may name: `url` the page or server, `looked`/`env`/`executablePath` where a browser
 * was looked for, `netError` Chromium's network error, and a WebDriver server's own `webdriverError`,
 * `serverMessage`, the `capability` it names, `sessionGone`, the `timeoutMs` that ran out.
 */
interface DeviceDetails extends CommonDetails {
  url?: string; looked?: string[]; env?: string; executablePath?: string; netError?: string; browserName?: string;
  field?: string; webdriverError?: string; serverMessage?: string; capability?: string; sessionGone?: boolean; timeoutMs?: number;
}

/** What each code may add to the common fields. */
export interface DetailsByCode {
  /** `path`: the field path in the input; `hostCode`: the host's own error code, when it answered one. */
  format_error: CommonDetails & { path?: string; issues?: string[]; hostCode?: string; encoding?: string; offset?: number; key?: string; firstLine?: number };
  unsupported_format: CommonDetails;
  /** `found`: the version the input declares; `supported`: the one(s) treewright reads ("1 or 2" when it reads several). */
  schema_version: CommonDetails & { found?: unknown; supported?: string | number };
  too_large: CommonDetails & { limit?: number; size?: number; path?: string };
  file_not_found: CommonDetails & { path?: string; errno?: string };
  /** `refused`: what a server policy refused (a host, a path, …). */
  source_invalid: CommonDetails & { refused?: string; root?: string; errno?: string };
  /** `status`: the HTTP status; `transient`: a retry may succeed (nothing listening yet, a reset). */
  device_unreachable: DeviceDetails & { status?: number; transient?: boolean };
  device_timeout: DeviceDetails;
  /** `mouiCode`: the MoUI server's own error code; `status`: the HTTP status. */
  device_error: DeviceDetails & { status?: number; mouiCode?: string; node?: string; errno?: string };
  target_not_found: TargetDetails & { candidates?: string[] };
  target_ambiguous: TargetDetails & { count?: number; candidates?: string[] };
  target_disabled: TargetDetails;
  not_hittable: TargetDetails & { obscuredBy?: string; obscuredById?: string };
  /** `offers`: the node's own semantics actions. */
  action_unavailable: TargetDetails & DeviceDetails & { offers?: string[]; mouiCode?: string };
  stale_generation: TargetDetails & { expected?: string; current?: string };
  /** `tool`/`tools`, `issues`: an MCP call's unknown tool or rejected arguments; `routes`: the routes an app knows. */
  invalid_arguments: TargetDetails & {
    mouiCode?: string; candidates?: string[]; tool?: string; tools?: string[]; routes?: string[];
    issues?: Array<{ path: string; message: string }>; path?: string; refused?: string;
  };
}

export type ErrorDetails<C extends ErrorCode = ErrorCode> = DetailsByCode[C];

/** An error's data, discriminated by code: `if (d.code === 'not_hittable') d.details.obscuredBy`. */
export type ErrorData = { [C in ErrorCode]: { code: C; details: Readonly<DetailsByCode[C]> } }[ErrorCode];

/** Marks treewright errors across copies of the package (dist and sources loaded side by side). */
const BRAND: unique symbol = Symbol.for('treewright.error') as never;

export class TreewrightError<C extends ErrorCode = ErrorCode> extends Error {
  readonly [BRAND] = true;
  readonly code: C;
  readonly details: Readonly<DetailsByCode[C]>;
  /** What was wrong, as one sentence (or a sentence and the lines it quotes), without where or hint. */
  readonly reason: string;
  constructor(code: C, reason: string, details: DetailsByCode[C] = {} as DetailsByCode[C]) {
    super();
    this.name = 'TreewrightError';
    this.code = code;
    this.reason = reason;
    this.details = freeze({ ...details });
  }
  get where(): string | undefined { return this.details.where; }
  get hint(): string | undefined { return this.details.hint; }
  get next(): string | undefined { return this.details.next; }
  /** `where`, with `:line:column` when known ('' when the error names no place). */
  get location(): string {
    const d = this.details;
    if (!d.where) return '';
    return d.line !== undefined ? `${d.where}:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : d.where;
  }
  /** `location: reason`, then `→ hint` on its own line. */
  override get message(): string {
    const at = this.location;
    return `${at ? `${at}: ` : ''}${this.reason}${this.details.hint ? `\n  → ${this.details.hint}` : ''}`;
  }
  /** The code and details as one discriminated value. */
  get data(): ErrorData {
    return { code: this.code, details: this.details } as ErrorData;
  }
  /** The same error (class, code, reason, stack) with more details: errors are not changed once thrown. */
  withDetails(more: Partial<DetailsByCode[C]>): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.defineProperties(copy, Object.getOwnPropertyDescriptors(this));
    Object.defineProperty(copy, 'details', { value: freeze({ ...this.details, ...more }), enumerable: true });
    return copy;
  }
}

function freeze<T extends object>(d: T): Readonly<T> {
  for (const v of Object.values(d)) if (Array.isArray(v)) Object.freeze(v);
  return Object.freeze(d);
}

type FormatCode = Extract<ErrorCode, 'format_error' | 'unsupported_format' | 'schema_version' | 'too_large'>;
type SourceCode = Extract<ErrorCode, 'file_not_found' | 'source_invalid'>;
type DeviceCode = Extract<ErrorCode, 'device_unreachable' | 'device_timeout' | 'device_error' | 'action_unavailable'>;
type TargetCode = Extract<ErrorCode, 'target_not_found' | 'target_ambiguous' | 'target_disabled' | 'not_hittable' | 'stale_generation' | 'invalid_arguments'>;

/** Input that could not be imported (malformed, unknown, wrong version, too big). */
export class FormatError<C extends FormatCode = FormatCode> extends TreewrightError<C> {
  override name = 'FormatError';
}

export class SourceError<C extends SourceCode = SourceCode> extends TreewrightError<C> {
  override name = 'SourceError';
}

export class DeviceError<C extends DeviceCode = DeviceCode> extends TreewrightError<C> {
  override name = 'DeviceError';
}

/** A locator / target problem: not found, ambiguous (strict mode), disabled, not hittable, stale. */
export class TargetError<C extends TargetCode = TargetCode> extends TreewrightError<C> {
  override name = 'TargetError';
}

/** Any treewright error, narrowed by its code: `e.code === 'not_hittable'` makes `e.details.obscuredBy` typed. */
export type AnyTreewrightError = { [C in ErrorCode]: TreewrightError<C> }[ErrorCode];

export function isTreewrightError(e: unknown): e is AnyTreewrightError {
  return typeof e === 'object' && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * An error's own sentence, for wrapping in another error's: a treewright error's first reason line,
 * prefixed by its location unless that is `where` (the wrapper names it already); any other error's
 * first message line.
 */
export function reasonOf(e: unknown, where?: string): string {
  if (isTreewrightError(e)) {
    const first = e.reason.split('\n')[0]!;
    const at = e.location;
    return at && !(e.details.line === undefined && at === where) ? `${at}: ${first}` : first;
  }
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
}
