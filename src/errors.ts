/**
 * Typed errors. Every error says what was wrong, where (file / device / stage), and what to do next.
 * `code` is stable and machine-readable (the MCP shim maps it onto its envelope).
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

export interface ErrorDetails {
  /** The file, device or source the error is about. */
  where?: string;
  /** 1-based line (and column) in a text input, when known. */
  line?: number;
  column?: number;
  /** One sentence: what the user should do next. */
  hint?: string;
  [key: string]: unknown;
}

export class TreewrightError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(composeMessage(message, details));
    this.name = 'TreewrightError';
    this.code = code;
    this.details = details;
  }
}

/** Input that could not be imported (malformed, unknown, wrong version, too big). */
export class FormatError extends TreewrightError {
  constructor(code: Extract<ErrorCode, 'format_error' | 'unsupported_format' | 'schema_version' | 'too_large'>, message: string, details: ErrorDetails = {}) {
    super(code, message, details);
    this.name = 'FormatError';
  }
}

export class SourceError extends TreewrightError {
  constructor(code: Extract<ErrorCode, 'file_not_found' | 'source_invalid'>, message: string, details: ErrorDetails = {}) {
    super(code, message, details);
    this.name = 'SourceError';
  }
}

export class DeviceError extends TreewrightError {
  constructor(code: Extract<ErrorCode, 'device_unreachable' | 'device_timeout' | 'device_error' | 'action_unavailable'>, message: string, details: ErrorDetails = {}) {
    super(code, message, details);
    this.name = 'DeviceError';
  }
}

/** A locator / target problem: not found, ambiguous (strict mode), disabled, not hittable, stale. */
export class TargetError extends TreewrightError {
  constructor(code: Extract<ErrorCode, 'target_not_found' | 'target_ambiguous' | 'target_disabled' | 'not_hittable' | 'stale_generation' | 'invalid_arguments'>, message: string, details: ErrorDetails = {}) {
    super(code, message, details);
    this.name = 'TargetError';
  }
}

function composeMessage(message: string, d: ErrorDetails): string {
  let where = '';
  if (d.where) where = d.line !== undefined ? `${d.where}:${d.line}${d.column !== undefined ? `:${d.column}` : ''}: ` : `${d.where}: `;
  return `${where}${message}${d.hint ? `\n  → ${d.hint}` : ''}`;
}

export function isTreewrightError(e: unknown): e is TreewrightError {
  return e instanceof Error && typeof (e as TreewrightError).code === 'string' && 'details' in e;
}
