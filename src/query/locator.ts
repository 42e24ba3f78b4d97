import type { Node, Role, Snapshot } from '../model/schema.js';
import { resolveSelector } from './resolve.js';
import { selectorToCode, type FilterOptions, type RoleOptions, type SearchOptions, type Selector, type Step } from './selector.js';
import { expectOne, strictViolation } from './strict.js';
import { isVisible } from './resolve.js';
import { indexSnapshot } from './snapshot-index.js';
import type { TextPattern } from './text.js';
import { LOCATOR_ACTIONS, DEFAULT_MAX_SCROLLS, type ActionKind, type ActionOptions, type LocatorAction, type Receipt } from './action.js';
import { TargetError } from '../errors.js';
import { ariaSnapshotText } from '../outline/aria-snapshot.js';
import { ARIA_OF_ROLE, isAriaRole } from '../roles/aria.js';
import { platformAttribute } from './get-by.js';
import { normaliseRole } from '../formats/role-map.js';
import { checkBoolean, checkInteger, checkNonEmptyString, checkOptions, checkPattern, invalidArgument, showValue } from './arguments.js';
import { FILTER_OPTIONS, ROLE_OPTIONS, SEARCH_OPTIONS, VALUE_CHECKS, roleOptionProblem, type ValueKind } from './vocabulary.js';
import { shownAsOwnOnly, shownText } from '../facts/node-facts.js';

/** Anything that can hand a locator a fresh capture (a Device), and act on what it resolves. */
export interface LocatorHost {
  snapshot(): Promise<Snapshot>;
  act?(selector: Selector, action: LocatorAction, options?: ActionOptions): Promise<Receipt>;
  /** false: every locator made from this host searches the unmerged tree. */
  readonly merged?: boolean;
  /** A PNG of the locator's one visible node (Locator.screenshot). */
  screenshotOf?(selector: Selector, options?: WaitOptions): Promise<Buffer>;
  /** Waits for a state on fresh captures; `step` titles the report step ('' for none). */
  waitFor?(selector: Selector, state: WaitState, options?: { timeout?: number; step?: string }): Promise<Resolution>;
}

/** Playwright's locator.waitFor states. */
export type WaitState = 'attached' | 'detached' | 'visible' | 'hidden';
const WAIT_STATES: readonly WaitState[] = ['attached', 'detached', 'visible', 'hidden'];

export interface WaitOptions {
  /** ms; default: the device's action timeout. */
  timeout?: number;
}

/** The on-screen box of a node, in its window's unit (px, pt or dp), like Playwright's boundingBox(). */
export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScrollUntilVisibleOptions extends ActionOptions {
  /** Most scroll steps before giving up (default 50). */
  maxScrolls?: number;
  /** Which way to page (default down). */
  direction?: 'down' | 'up';
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
    return this.role(`byRole(${showValue(role)})`, role, options, false);
  }
  /** byRole and getByRole: the role and its options checked, then chained (`aria`: the role is ARIA's name). */
  private role(call: string, role: string, options: RoleOptions, aria: boolean): Locator {
    checkNonEmptyString(call, 'the role', role);
    if (aria && !isAriaRole(role)) {
      const near = nearestAriaRole(role);
      throw invalidArgument(call, `${showValue(role)} is not an ARIA role${near ? `; did you mean '${near}'?` : ''} (getByRole takes ARIA's names, byRole treewright's: ${near ? `getByRole('${near}') or ` : ''}byRole(${showValue(role)}))`);
    }
    checkOptions(call, options, ROLE_OPTION_CHECKS);
    const problem = roleOptionProblem(role, options);
    if (problem) throw invalidArgument(call, problem.message);
    return this.chain({ kind: 'role', role, options: { ...options }, ...(aria ? { aria: true } : {}) });
  }
  byText(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'text', text, exact: textArguments('byText', text, options), ...merged(options) });
  }
  byDesc(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'desc', text, exact: textArguments('byDesc', text, options), ...merged(options) });
  }

  // Playwright's names (docs/design.md §6; what each reads per platform is get-by.ts).
  /** Playwright's getByRole: an ARIA role name (`'button'`, `'textbox'`, `'heading'`…) on any platform (roles/aria.ts). */
  getByRole(role: AriaRole, options: RoleOptions = {}): Locator {
    return this.role(`getByRole(${showValue(role)})`, role, options, true);
  }
  /** Playwright's getByText: the node's text or editable text (as byText). */
  getByText(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'text', text, exact: textArguments('getByText', text, options), ...merged(options), getBy: true });
  }
  /** Playwright's getByLabel: the label a field or control is named by (get-by.ts labelOf). */
  getByLabel(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'label', text, exact: textArguments('getByLabel', text, options), ...merged(options) });
  }
  /** Playwright's getByPlaceholder: a text field's placeholder (web placeholder, Android hint, iOS placeholderValue). */
  getByPlaceholder(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'placeholder', text, exact: textArguments('getByPlaceholder', text, options), ...merged(options) });
  }
  /** Playwright's getByAltText: an image's alternative text (its accessible name or description). */
  getByAltText(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'altText', text, exact: textArguments('getByAltText', text, options), ...merged(options) });
  }
  /** Playwright's getByTitle: the web's title attribute, a macOS element's title. */
  getByTitle(text: TextPattern, options: { exact?: boolean } & SearchOptions = {}): Locator {
    return this.chain({ kind: 'title', text, exact: textArguments('getByTitle', text, options), ...merged(options) });
  }
  /**
   * Playwright's getByTestId: the test handle (testTag, resource-id, accessibilityIdentifier, the web's
   * test-id attribute, Playwright's `testIdAttribute`), a string whole and case-sensitively, or a RegExp.
   */
  getByTestId(testId: TextPattern, options: SearchOptions = {}): Locator {
    const call = `getByTestId(${showValue(testId)})`;
    checkPattern(call, 'the test id', testId);
    if (testId === '') throw invalidArgument(call, 'the test id must not be empty');
    checkOptions(call, options, SEARCH_OPTION_CHECKS);
    return this.chain({ kind: 'testId', id: testId, ...merged(options) });
  }
}

/** An ARIA role name as getByRole takes it (any string is accepted by the type; the call checks it). */
export type AriaRole = 'button' | 'checkbox' | 'combobox' | 'dialog' | 'heading' | 'img' | 'link' | 'list' | 'listitem'
  | 'menu' | 'menuitem' | 'progressbar' | 'radio' | 'searchbox' | 'slider' | 'switch' | 'tab' | 'tablist' | 'textbox'
  | 'toolbar' | (string & {});

/** The ARIA role someone meant: the same name in lower case, or the ARIA name of the treewright role or alias given. */
function nearestAriaRole(name: string): string | null {
  if (isAriaRole(name.toLowerCase())) return name.toLowerCase();
  const role = normaliseRole(name);
  return role ? ARIA_OF_ROLE[role] : null;
}

/** `{ merged: false }` when asked for (the default, merged, is left implicit). */
function merged(options: SearchOptions): { merged?: false } {
  return options.merged === false ? { merged: false } : {};
}

/** A step searching the unmerged tree: what a device connected with `merged: false` gives every locator. */
export function unmergedStep(step: Step): Step {
  if (step.kind === 'role') return step.options.merged === undefined ? { ...step, options: { ...step.options, merged: false } } : step;
  if (step.kind === 'filter' || step.kind === 'nth') return step;
  // or()/and(): the other locator searches the same (unmerged) tree.
  if (step.kind === 'or' || step.kind === 'and') return { ...step, selector: step.selector.map(unmergedStep) };
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
  /** Nodes this locator or the other matches (Playwright's locator.or), in document order. */
  or(other: Locator): Locator {
    checkLocator('or()', 'the other locator', other);
    return this.chain({ kind: 'or', selector: other.selector });
  }
  /** Nodes both this locator and the other match (Playwright's locator.and). */
  and(other: Locator): Locator {
    checkLocator('and()', 'the other locator', other);
    return this.chain({ kind: 'and', selector: other.selector });
  }

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

  /** Waits for the locator to be attached, detached, visible (default) or hidden; strict. */
  async waitFor(options: WaitOptions & { state?: WaitState } = {}): Promise<void> {
    checkOptions('waitFor()', options, { state: checkWaitState, timeout: checkTimeout });
    await this.wait(options.state ?? 'visible', options, `waitFor(${options.state ? `{ state: '${options.state}' }` : ''})`);
  }

  /** Whether it is visible now (no waiting; false when nothing matches); strict. */
  async isVisible(): Promise<boolean> {
    const { snapshot, nodes } = await this.resolve();
    if (nodes.length > 1) throw strictViolation(snapshot, this.selector, nodes);
    return !!nodes[0] && isVisible(nodes[0], snapshot);
  }

  /** Whether the node is enabled; waits for it to be attached. */
  async isEnabled(options: WaitOptions = {}): Promise<boolean> {
    return (await this.attached('isEnabled()', options)).node.enabled;
  }

  /** Whether it is hidden now: nothing matches, or the node is not visible (no waiting); strict. */
  async isHidden(): Promise<boolean> {
    return !(await this.isVisible());
  }

  /** Whether the node is disabled; waits for it to be attached. */
  async isDisabled(options: WaitOptions = {}): Promise<boolean> {
    return !(await this.attached('isDisabled()', options)).node.enabled;
  }

  /** Whether a person can type into it now: a text field (editable, or offering SetText) that is enabled; waits for it to be attached. */
  async isEditable(options: WaitOptions = {}): Promise<boolean> {
    const { node } = await this.attached('isEditable()', options);
    return (node.editable || node.actions.includes('SetText')) && node.enabled;
  }

  /**
   * Whether the node is checked (toggled on); waits for it to be attached. A node with no checked
   * state (not a checkbox, switch or radio button) is an error, as in Playwright.
   */
  async isChecked(options: WaitOptions = {}): Promise<boolean> {
    const { node } = await this.attached('isChecked()', options);
    if (node.toggle === null) {
      throw new TargetError('invalid_arguments', `${this.toCode()}.isChecked(): the node has no checked state (it is not a checkbox, switch or radio button)`, {
        where: 'locator', hint: "Locate the toggle itself, e.g. getByRole('checkbox', { name: '…' }).",
      });
    }
    return node.toggle === 'on';
  }

  /** A text field's value (what the user typed); waits for it to be attached. Not a field: an error, as in Playwright. */
  async inputValue(options: WaitOptions = {}): Promise<string> {
    const { node } = await this.attached('inputValue()', options);
    if (!node.editable && !node.actions.includes('SetText')) {
      throw new TargetError('invalid_arguments', `${this.toCode()}.inputValue(): the node is not a text field`, { where: 'locator', hint: "Locate the field, e.g. getByRole('textbox', { name: '…' }) or getByLabel('…')." });
    }
    return node.editableText ?? '';
  }

  /** The text a person sees in the node: the text of its visible descendants (and itself); waits for it to be attached. */
  async innerText(options: WaitOptions = {}): Promise<string> {
    const { snapshot, node } = await this.attached('innerText()', options);
    return visibleText(snapshot, node);
  }

  /** textContent() of every match (no waiting), in document order. */
  async allTextContents(): Promise<string[]> {
    const { snapshot, nodes } = await this.resolve();
    const index = indexSnapshot(snapshot);
    return nodes.map((n) => index.textContent(n));
  }

  /** innerText() of every match (no waiting), in document order. */
  async allInnerTexts(): Promise<string[]> {
    const { snapshot, nodes } = await this.resolve();
    return nodes.map((n) => visibleText(snapshot, n));
  }

  /** Text and editable text of the node and its descendants (what toHaveText reads); waits for it to be attached. */
  async textContent(options: WaitOptions = {}): Promise<string> {
    const { snapshot, node } = await this.attached('textContent()', options);
    return indexSnapshot(snapshot).textContent(node);
  }

  /** The on-screen box, or null when the node is not visible; waits for it to be attached. */
  async boundingBox(options: WaitOptions = {}): Promise<BoundingBox | null> {
    const { snapshot, node } = await this.attached('boundingBox()', options);
    if (!isVisible(node, snapshot)) return null;
    const { x, y, width, height } = node.bounds;
    return { x, y, width, height };
  }

  /**
   * A node field by name (`'contentDescription'`, `'hint'`, `'stateDescription'`, `'value'`, `'focused'`, …)
   * as text, else a platform extra (`'resourceId'`, `'package'`), or the name the platform gives it
   * (`'resource-id'`, `'class'`, `'type'`: get-by.ts platformAttribute), else null: Playwright's
   * getAttribute for semantics nodes. Waits for the node to be attached.
   */
  async getAttribute(name: string, options: WaitOptions = {}): Promise<string | null> {
    checkNonEmptyString(`getAttribute(${showValue(name)})`, 'the field name', name);
    const { node } = await this.attached(`getAttribute(${showValue(name)})`, options);
    return platformAttribute(node, name);
  }

  /** Scrolls this container until `target` (searched inside it) is visible; see LocatorAction scrollUntilVisible. */
  scrollUntilVisible(target: Locator, options: ScrollUntilVisibleOptions = {}): Promise<Receipt> {
    const call = `scrollUntilVisible(${isLocator(target) ? target.toCode() : showValue(target)})`;
    checkLocator(call, 'the target', target);
    const { maxScrolls, direction, ...action } = options;
    checkOptions(call, { maxScrolls, direction }, { maxScrolls: checkPositiveInteger, direction: checkDirection });
    return this.act({ kind: 'scrollUntilVisible', target: target.selector, maxScrolls: maxScrolls ?? DEFAULT_MAX_SCROLLS, direction: direction ?? 'down' }, action);
  }

  /**
   * Playwright's dragTo: presses on this node, moves to `target` (one visible node on the same screen),
   * releases. A web page's mouse, Appium's pointer actions, adb's `input draganddrop`; refused elsewhere.
   */
  dragTo(target: Locator, options: ActionOptions = {}): Promise<Receipt> {
    const call = `dragTo(${isLocator(target) ? target.toCode() : showValue(target)})`;
    checkLocator(call, 'the target', target);
    return this.act({ kind: 'dragTo', target: target.selector }, options);
  }

  /**
   * Playwright's locator.screenshot(): a PNG of the node, once visible. The web clips the page to the
   * element; other devices crop their screenshot to the node's bounds; a device without pixels refuses.
   */
  screenshot(options: WaitOptions = {}): Promise<Buffer> {
    if (!this.host.screenshotOf) {
      return Promise.reject(new TargetError('invalid_arguments', `${this.toCode()}.screenshot(): this locator's host cannot take screenshots`, { hint: 'Get locators from a connected device.' }));
    }
    return this.host.screenshotOf(this.selector, options);
  }

  private async attached(method: string, options: WaitOptions): Promise<{ snapshot: Snapshot; node: Node }> {
    const r = await this.wait('attached', options, method);
    return { snapshot: r.snapshot, node: r.nodes[0]! };
  }

  private wait(state: WaitState, options: WaitOptions, method: string): Promise<Resolution> {
    if (!this.host.waitFor) {
      return Promise.reject(new TargetError('invalid_arguments', `${this.toCode()}.${method}: this locator's host cannot wait`, { hint: 'Get locators from a connected device.' }));
    }
    return this.host.waitFor(this.selector, state, { ...(options.timeout !== undefined ? { timeout: options.timeout } : {}), step: `${this.toCode()}.${method}` });
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
  // Playwright's actions.
  /** Toggles the node on unless it is on already; verified on the capture after. */
  check(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'check' }, options); }
  /** Toggles the node off unless it is off already; verified on the capture after. */
  uncheck(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'uncheck' }, options); }
  setChecked(checked: boolean, options?: ActionOptions): Promise<Receipt> {
    checkBoolean('setChecked()', 'checked', checked);
    return this.act({ kind: 'setChecked', checked }, options);
  }
  /** Presses a key on the node (focused first), as Playwright names keys: 'Enter', 'Tab', 'ArrowDown', 'Control+A'. */
  press(key: string, options?: ActionOptions): Promise<Receipt> {
    checkNonEmptyString('press()', 'the key', key);
    return this.act({ kind: 'press', key }, options);
  }
  /** Types the text into the node key by key, after what it holds (fill replaces it). */
  pressSequentially(text: string, options?: ActionOptions): Promise<Receipt> {
    if (typeof text !== 'string') throw invalidArgument('pressSequentially()', `the text must be a string, got ${showValue(text)}`);
    return this.act({ kind: 'pressSequentially', text }, options);
  }
  hover(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'hover' }, options); }
  dblclick(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'dblclick' }, options); }
  /** Chooses an option by value or label: a web <select>'s, or a dropdown's (opened, then its option clicked). */
  selectOption(option: string | readonly string[], options?: ActionOptions): Promise<Receipt> {
    const one = Array.isArray(option) && option.length === 1 ? option[0] : option;
    if (typeof one !== 'string' || one === '') throw invalidArgument('selectOption()', `takes one option's value or label as a non-empty string, got ${showValue(option)}`);
    return this.act({ kind: 'selectOption', option: one }, options);
  }
  blur(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'blur' }, options); }
  scrollIntoViewIfNeeded(options?: ActionOptions): Promise<Receipt> { return this.act({ kind: 'scrollIntoViewIfNeeded' }, options); }

  private act(action: LocatorAction, options?: ActionOptions): Promise<Receipt> {
    if (!this.host.act) {
      return Promise.reject(new TargetError('invalid_arguments', `${this.toCode()}: this locator's host cannot act`, { hint: 'Get locators from a connected device.' }));
    }
    return this.host.act(this.selector, action, options);
  }

  /** The locator as code, e.g. `byRole('Button', { name: 'Send' })`. */
  toCode(): string { return selectorToCode(this.selector); }
  override toString(): string { return this.toCode(); }

  /** Playwright's aria snapshot of the node's subtree (docs/design.md §9.1), from the merged view; waits for it to be attached. */
  async ariaSnapshot(options: WaitOptions = {}): Promise<string> {
    const { snapshot, node } = await this.attached('ariaSnapshot()', options);
    return ariaSnapshotText(snapshot, node);
  }
}

/**
 * Text and the further words shown (moreTextShown; a descendant's own-only words left out) of the node and
 * its visible descendants, one space between (Playwright's innerText leaves out what is hidden).
 */
function visibleText(snapshot: Snapshot, node: Node): string {
  const parts: string[] = [];
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (!isVisible(n, snapshot)) continue;
    const own = n !== node && shownAsOwnOnly(n) ? n.text : shownText(n);
    if (own) parts.push(own);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return parts.join(' ');
}

function checkWaitState(call: string, what: string, x: unknown): void {
  if (!WAIT_STATES.includes(x as WaitState)) throw invalidArgument(call, `${what} must be one of ${WAIT_STATES.map((s) => `'${s}'`).join(', ')}, got ${showValue(x)}`);
}

function checkTimeout(call: string, what: string, x: unknown): void {
  if (typeof x !== 'number' || !(x >= 0) || !Number.isFinite(x)) throw invalidArgument(call, `${what} must be a number of ms ≥ 0, got ${showValue(x)}`);
}

function checkPositiveInteger(call: string, what: string, x: unknown): void {
  if (!Number.isInteger(x) || (x as number) < 1) throw invalidArgument(call, `${what} must be a whole number ≥ 1, got ${showValue(x)}`);
}

function checkDirection(call: string, what: string, x: unknown): void {
  if (x !== 'down' && x !== 'up') throw invalidArgument(call, `${what} must be 'down' or 'up', got ${showValue(x)}`);
}
/** Compile-time check: the Locator has one method per registered action, answering a Receipt. */
type ActionMethods = { [K in ActionKind]: Locator[K] extends (...args: never[]) => Promise<Receipt> ? true : never };
const locatorActionsAgree: ActionMethods = Object.fromEntries(Object.keys(LOCATOR_ACTIONS).map((k) => [k, true])) as ActionMethods;
void locatorActionsAgree;

export function isLocator(x: unknown): x is Locator {
  return x instanceof Locator || (typeof x === 'object' && x !== null && 'selector' in x && 'host' in x && typeof (x as Locator).toCode === 'function');
}
