import type { Node, Role, Snapshot } from '../model/schema.js';
import { resolveSelector } from './resolve.js';
import { selectorToCode, type FilterOptions, type RoleOptions, type SearchOptions, type Selector, type Step } from './selector.js';
import { expectOne } from './strict.js';
import type { TextPattern } from './text.js';
import { ACTIONS, type ActionKind, type ActionOptions, type LocatorAction, type Receipt } from './action.js';
import { TargetError } from '../errors.js';
import { checkBoolean, checkInteger, checkNonEmptyString, checkOptions, checkPattern, invalidArgument, showValue } from './arguments.js';
import { FILTER_OPTIONS, ROLE_OPTIONS, SEARCH_OPTIONS, VALUE_CHECKS, roleOptionProblem, type ValueKind } from './vocabulary.js';

/** Anything that can hand a locator a fresh capture (a Device), and act on what it resolves. */
export interface LocatorHost {
  snapshot(): Promise<Snapshot>;
  act?(selector: Selector, action: LocatorAction, options?: ActionOptions): Promise<Receipt>;
  /** false: every locator made from this host searches the unmerged tree. */
  readonly merged?: boolean;
}

export interface Resolution {
  snapshot: Snapshot;
  nodes: Node[];
}

export interface LocatorFilter extends Omit<FilterOptions, 'has' | 'hasNot'> {
  has?: Locator;
  hasNot?: Locator;
}

/** Per registered option, the check of its value kind (a nested locator is a Locator here). */
function checksOf(table: Record<string, { value: ValueKind }>): Record<string, (call: string, what: string, x: unknown) => void> {
  return Object.fromEntries(Object.entries(table).map(([key, o]) => [key, o.value === 'locator' ? checkLocator : VALUE_CHECKS[o.value]]));
}
const ROLE_OPTION_CHECKS = checksOf(ROLE_OPTIONS);
const SEARCH_OPTION_CHECKS = checksOf(SEARCH_OPTIONS);
const EXACT_OPTION_CHECKS = { exact: checkBoolean, ...SEARCH_OPTION_CHECKS };
const FILTER_OPTION_CHECKS = checksOf(FILTER_OPTIONS);

function checkLocator(call: string, what: string, x: unknown): void {
  if (!isLocator(x)) throw invalidArgument(call, `${what} must be a locator such as device.byText('…'), got ${showValue(x)}`);
}

/**
 * The search methods shared by a device (searching the whole screen) and a locator (its descendants).
 * Each checks its arguments (a TargetError('invalid_arguments') naming the call and the bad value).
 */
export abstract class Searchable {
  protected abstract chain(step: Step): Locator;
  byTag(tag: string, options: SearchOptions = {}): Locator {
    const call = `byTag(${showValue(tag)})`;
    checkNonEmptyString(call, 'the tag', tag);
    checkOptions(call, options, SEARCH_OPTION_CHECKS);
    return this.chain({ kind: 'tag', tag, ...merged(options) });
  }
  byId(id: string | number, options: SearchOptions = {}): Locator {
    const call = `byId(${showValue(id)})`;
    if (typeof id === 'number') checkInteger(call, 'a numeric id', id);
    else checkNonEmptyString(call, 'the id', id);
    checkOptions(call, options, SEARCH_OPTION_CHECKS);
    return this.chain({ kind: 'id', id: String(id), ...merged(options) });
  }
  byRole(role: Role | (string & {}), options: RoleOptions = {}): Locator {
    const call = `byRole(${showValue(role)})`;
    checkNonEmptyString(call, 'the role', role);
    checkOptions(call, options, ROLE_OPTION_CHECKS);
    const problem = roleOptionProblem(role, options);
    if (problem) throw invalidArgument(call, problem.message);
    return this.chain({ kind: 'role', role, options: { ...options } });
  }
  byText(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'text', text, exact: textArguments('byText', text, options), ...merged(options) });
  }
  byDesc(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'desc', text, exact: textArguments('byDesc', text, options), ...merged(options) });
  }
}

/** `{ merged: false }` when asked for (the default, merged, is left implicit). */
function merged(options: SearchOptions): { merged?: false } {
  return options.merged === false ? { merged: false } : {};
}

/** A step searching the unmerged tree: what a device connected with `merged: false` gives every locator. */
export function unmergedStep(step: Step): Step {
  if (step.kind === 'role') return step.options.merged === undefined ? { ...step, options: { ...step.options, merged: false } } : step;
  if (step.kind === 'filter' || step.kind === 'nth') return step;
  return step.merged === undefined ? { ...step, merged: false } : step;
}

/** Checks byText / byDesc arguments; the exact flag. */
function textArguments(method: string, text: unknown, options: { exact?: boolean }): boolean {
  const call = `${method}(${showValue(text)})`;
  checkPattern(call, 'the text', text);
  checkOptions(call, options, EXACT_OPTION_CHECKS);
  return options.exact ?? false;
}

/**
 * A lazy, Playwright-style locator: it holds a selector and resolves it against a fresh capture
 * every time it is used.
 */
export class Locator extends Searchable {
  constructor(readonly host: LocatorHost, readonly selector: Selector) {
    super();
  }

  protected chain(step: Step): Locator {
    return new Locator(this.host, [...this.selector, this.host.merged === false ? unmergedStep(step) : step]);
  }

  filter(options: LocatorFilter): Locator {
    if (options === undefined) throw invalidArgument('filter()', 'takes an options object such as { hasText: \'…\' }, got undefined');
    checkOptions('filter()', options, FILTER_OPTION_CHECKS);
    const { has, hasNot, ...rest } = options;
    return this.chain({ kind: 'filter', options: { ...rest, ...(has ? { has: has.selector } : {}), ...(hasNot ? { hasNot: hasNot.selector } : {}) } });
  }
  nth(index: number): Locator {
    checkInteger(`nth(${showValue(index)})`, 'the index', index);
    return this.chain({ kind: 'nth', index });
  }
  first(): Locator { return this.nth(0); }
  last(): Locator { return this.nth(-1); }

  /** Captures once and resolves. */
  async resolve(): Promise<Resolution> {
    const snapshot = await this.host.snapshot();
    return { snapshot, nodes: resolveSelector(snapshot, this.selector) };
  }

  /** Strict: exactly one node, else a `target_ambiguous` / `target_not_found` TargetError. */
  async one(): Promise<{ snapshot: Snapshot; node: Node }> {
    const { snapshot, nodes } = await this.resolve();
    return { snapshot, node: expectOne(snapshot, this.selector, nodes) };
  }

  async count(): Promise<number> {
    return (await this.resolve()).nodes.length;
  }

  /** One locator per current match (`nth(i)`), like Playwright's `locator.all()`. */
  async all(): Promise<Locator[]> {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }

  // Actions (docs/design.md §7): each waits for actionability, acts semantically where the device can,
  // falls back to input events where that means the same thing, and returns a receipt.
  click(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'click' }, options); }
  longClick(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'longClick' }, options); }
  /** Always a coordinate tap at the node's tap point, never a semantic action. */
  tap(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'tap' }, options); }
  fill(text: string, options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'fill', text }, options); }
  clear(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'clear' }, options); }
  pressEnter(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'pressEnter' }, options); }
  scrollBy(dx: number, dy: number, options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'scrollBy', dx, dy }, options); }
  scrollToIndex(index: number, options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'scrollToIndex', index }, options); }
  bringIntoView(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'bringIntoView' }, options); }
  focus(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'focus' }, options); }
  dismiss(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'dismiss' }, options); }
  expand(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'expand' }, options); }
  collapse(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'collapse' }, options); }

  private act(action: LocatorAction, options?: ActionOptions): Promise<Receipt> {
    if (!this.host.act) {
      return Promise.reject(new TargetError('invalid_arguments', `${this.toCode()}: this locator's host cannot act`, { hint: 'Get locators from a connected device.' }));
    }
    return this.host.act(this.selector, action, options);
  }

  /** The locator as code, e.g. `byRole('Button', { name: 'Send' })`. */
  toCode(): string { return selectorToCode(this.selector); }
  override toString(): string { return this.toCode(); }
}

/** Compile-time check: the Locator has one method per registered action, answering a Receipt. */
type ActionMethods = { [K in ActionKind]: Locator[K] extends (...args: never[]) => Promise<Receipt> ? true : never };
const locatorActionsAgree: ActionMethods = Object.fromEntries(Object.keys(ACTIONS).map((k) => [k, true])) as ActionMethods;
void locatorActionsAgree;

export function isLocator(x: unknown): x is Locator {
  return x instanceof Locator || (typeof x === 'object' && x !== null && 'selector' in x && 'host' in x && typeof (x as Locator).toCode === 'function');
}
