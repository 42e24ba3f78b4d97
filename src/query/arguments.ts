/**
 * Argument checks for the locator API (byTag, byRole, …, filter, nth). Tests are often plain JS or
 * built from data, so a bad argument must fail where it is given, naming the call and the value,
 * not as a TypeError deep in resolution or a locator that silently matches nothing.
 */
import { TargetError } from '../errors.js';
import { checkUserPattern } from '../common/pattern.js';
import type { TextPattern } from './text.js';

const HINT = "Write a locator as in the docs, e.g. byRole('Button', { name: 'Send' }).filter({ hasText: /x/ }).nth(1).";

/** A short, readable rendering of any value for an error message. */
export function showValue(x: unknown): string {
  if (x === undefined || x === null || typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint') return String(x);
  if (typeof x === 'string') return JSON.stringify(x.length > 60 ? `${x.slice(0, 60)}…` : x);
  if (x instanceof RegExp) return String(x);
  if (typeof x === 'function') return 'a function';
  if (typeof x === 'symbol') return x.toString();
  if (Array.isArray(x)) return `an array (${x.length} items)`;
  if (isNodeShaped(x)) return `a node (id ${JSON.stringify(x.id)})`;
  const name = Object.getPrototypeOf(x)?.constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

/** A semantics node as a test may hold one (from a snapshot): nodes are plain objects, known by their shape. */
function isNodeShaped(x: object): x is { id: string } {
  const o = x as Record<string, unknown>;
  return typeof o.id === 'string' && typeof o.kind === 'string' && Array.isArray(o.children) && typeof o.bounds === 'object' && o.bounds !== null && typeof o.platform === 'object';
}

export function invalidArgument(call: string, message: string): TargetError {
  return new TargetError('invalid_arguments', `${call}: ${message}`, { where: 'locator', hint: HINT });
}

export function checkNonEmptyString(call: string, what: string, x: unknown): asserts x is string {
  if (typeof x !== 'string' || x === '') throw invalidArgument(call, `${what} must be a non-empty string, got ${showValue(x)}`);
}

export function checkPattern(call: string, what: string, x: unknown): asserts x is TextPattern {
  if (typeof x !== 'string' && !(x instanceof RegExp)) throw invalidArgument(call, `${what} must be a string or a RegExp, got ${showValue(x)}`);
  // A pattern that cannot be matched in bounded time fails here, where it is given.
  if (x instanceof RegExp) checkUserPattern(x, `${call}: ${what}`);
}

export function checkInteger(call: string, what: string, x: unknown): asserts x is number {
  if (typeof x !== 'number' || !Number.isInteger(x)) throw invalidArgument(call, `${what} must be a whole number, got ${showValue(x)}`);
}

/**
 * An options object (or undefined): every key known, each value accepted by its check (undefined
 * values count as absent, as in Playwright).
 */
export function checkOptions(call: string, options: unknown, checks: Record<string, (call: string, what: string, x: unknown) => void>): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalidArgument(call, `the options must be an object, got ${showValue(options)}`);
  }
  for (const [key, value] of Object.entries(options)) {
    const check = checks[key];
    if (!check) throw invalidArgument(call, `unknown option '${key}'; expected ${Object.keys(checks).join(', ')}`);
    if (value !== undefined) check(call, key, value);
  }
}

/** byRole's `checked`: true, false or 'mixed'. */
export function checkChecked(call: string, what: string, x: unknown): void {
  if (typeof x !== 'boolean' && x !== 'mixed') throw invalidArgument(call, `${what} must be true, false or 'mixed', got ${showValue(x)}`);
}

export function checkBoolean(call: string, what: string, x: unknown): void {
  if (typeof x !== 'boolean') throw invalidArgument(call, `${what} must be true or false, got ${showValue(x)}`);
}
