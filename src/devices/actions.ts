import type { Action, Node, Point, Snapshot } from '../model/schema.js';
import { analyzeReachability } from '../facts/reachability.js';
import { hitPointOf, rectContains, roundCoord } from '../common/geometry.js';
import { webSetsValue } from '../roles/web.js';
import { DeviceError, TargetError, isTreewrightError, reasonOf, type TreewrightError } from '../errors.js';
import { outlineLine } from '../outline/outline.js';
import { resolveSelector, isVisible } from '../query/resolve.js';
import { quote, searchesMerged, selectorToCode, type Selector } from '../query/selector.js';
import { strictViolation } from '../query/strict.js';
import { DEFAULT_MAX_SCROLLS, DRAG_TO, LOCATOR_ACTIONS } from '../query/action.js';
import { noMatchLines, noMatchReport } from '../query/near.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import { pageCheckable } from '../query/page-checkable.js';
import { capabilitiesOf, type Actionability, type Driver, type Key, type NodeNow, type SemanticRequest } from './driver.js';
import { normalizeWhitespace } from '../query/text.js';
import { semanticDrivers } from './semantics.js';
import { SOURCE_SHORTHANDS } from './source-forms.js';
import { actionArgs, specOf, type ActionSpec, type LocatorAction, type Receipt, type Route } from '../query/action.js';

/**
 * A node as receipts and errors name it: in the view its locator searched (docs/design.md §8), so a
 * Compose control reads `Button #12` as `inspect` prints it, and `View #12` for `{ merged: false }`.
 */
function nodeLine(node: Node, snapshot: Snapshot, selector: Selector): string {
  return outlineLine(node, { snapshot, merged: searchesMerged(selector) });
}

/** The call as code, e.g. `byTag('email').fill('ada@example.com')`: step titles, receipts and codegen. */
export function actionCall(selector: Selector, a: LocatorAction): string {
  const args = a.kind === 'scrollUntilVisible' ? scrollUntilArgs(a) : a.kind === 'dragTo' ? selectorToCode(a.target) : actionArgs(a).map((v) => (typeof v === 'string' ? quote(v) : String(v))).join(', ');
  return `${selectorToCode(selector)}.${a.kind}(${args})`;
}

function scrollUntilArgs(a: Extract<LocatorAction, { kind: 'scrollUntilVisible' }>): string {
  const opts = [...(a.maxScrolls !== DEFAULT_MAX_SCROLLS ? [`maxScrolls: ${a.maxScrolls}`] : []), ...(a.direction !== 'down' ? [`direction: '${a.direction}'`] : [])];
  return `${selectorToCode(a.target)}${opts.length ? `, { ${opts.join(', ')} }` : ''}`;
}

/**
 * The receipt of a delivered action: the node as resolved in `ready.snapshot`, and the generations
 * before and after (`changed` is whether the screen's content changed; both null without a capture
 * after, until one is taken: fillAfter). The generations are read from the snapshots when the receipt
 * is first read (a content hash of a large capture is work no action needs), then kept as plain
 * values (settleReceipt).
 */
export function makeReceipt(r: { selector: Selector; action: LocatorAction; ready: Ready; after: Snapshot; message?: string | undefined; forced?: boolean }): Receipt & { after: string; changed: boolean };
export function makeReceipt(r: { selector: Selector; action: LocatorAction; ready: Ready; after: null; message?: string | undefined; forced?: boolean }): Receipt;
export function makeReceipt(r: { selector: Selector; action: LocatorAction; ready: Ready; after: Snapshot | null; message?: string | undefined; forced?: boolean }): Receipt {
  const receipt: Receipt = {
    call: actionCall(r.selector, r.action),
    locator: selectorToCode(r.selector),
    action: r.action.kind,
    node: nodeLine(r.ready.node, r.ready.snapshot, r.selector),
    nodeId: r.ready.node.id,
    via: r.ready.route,
    before: '',
    after: null,
    changed: null,
    ...(r.forced ? { forced: true } : {}),
    ...(r.message ? { message: r.message } : {}),
  };
  const before = r.ready.snapshot;
  lazy(receipt, 'before', () => before.generation);
  if (r.after) fillAfter(receipt, r.after);
  return receipt;
}

/** Fills a receipt's after-generation from the first capture taken after its action. */
export function fillAfter(receipt: Receipt, after: Snapshot): void {
  lazy(receipt, 'after', () => after.generation);
  lazy(receipt, 'changed', () => receipt.before !== receipt.after);
}

/** Reads a receipt's generations now and keeps them as plain values: it holds no capture any more. */
export function settleReceipt(receipt: Receipt): void {
  for (const key of ['before', 'after', 'changed'] as const) {
    Object.defineProperty(receipt, key, { value: receipt[key], enumerable: true, writable: true, configurable: true });
  }
}

/** A field computed when first read, then a plain value (in place: the receipt's field order stays). */
function lazy<K extends 'before' | 'after' | 'changed'>(receipt: Receipt, key: K, read: () => Receipt[K]): void {
  Object.defineProperty(receipt, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = read();
      Object.defineProperty(receipt, key, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
}

/**
 * Picks how an action reaches the node on this driver, or says why it cannot: the node's own
 * semantics action where the driver performs them, else the action's fallback route (LOCATOR_ACTIONS in
 * query/action.ts) where the driver has the capabilities it needs (capabilitiesOf: the same
 * capabilities connect reports).
 */
export function chooseRoute(driver: Driver, node: Node, a: LocatorAction): { route: Route } | { unavailable: string; hint?: string } {
  const refusal = nodeRefusal(driver, node, a);
  if (refusal) return refusal;
  if (a.kind === 'press' && a.key === 'Enter' && performs(driver, 'ImeAction') && node.actions.includes('ImeAction')) return { route: 'semantic' };
  if (a.kind === 'selectOption') return chooseSelect(driver, node);
  if (a.kind === 'dragTo') {
    return driver.drag ? { route: 'drag' } : { unavailable: `${driver.description} ${DRAG_TO.fallback!.why}`, hint: 'dragTo needs a device with pointer or touch input: a web page, Appium or adb.' };
  }
  if (a.kind === 'scrollUntilVisible') {
    if (driver.perform && (node.actions.includes('ScrollBy') || node.actions.includes('ScrollToIndex'))) return { route: 'scroll-steps' };
    if (driver.swipe) return { route: 'scroll-steps' };
    return { unavailable: `scrollUntilVisible needs the container's ScrollBy / ScrollToIndex semantics action or swipes; ${driver.perform ? 'this node offers neither' : `${driver.description} can do neither`}` };
  }
  const spec: ActionSpec = specOf(a.kind);
  const caps = capabilitiesOf(driver);
  const semantic = spec.semantic;
  // BringIntoView works on any node on a semantic driver (JetWhale's rule); the others only when listed.
  if (semantic && performs(driver, semantic) && (node.actions.includes(semantic) || semantic === 'BringIntoView')) return { route: 'semantic' };
  const fallback = spec.fallback;
  const invoke = caps.semanticActions ? 'this node does not offer' : `${driver.description} cannot invoke`;
  if (!fallback) return { unavailable: `${a.kind} needs the node's own ${semantic} semantics action, which ${invoke}` };
  if (fallback.nodeAction) {
    // No ScrollToIndex (MoUI scrolls by pages): page with the node's own ScrollBy until the
    // item with that index is on screen, reading each item's index from its collection info.
    if (fallback.needs.every((c) => caps[c]) && node.actions.includes(fallback.nodeAction)) return { route: fallback.route };
    return { unavailable: `${a.kind} needs the node's own ${semantic} (or ${fallback.nodeAction}) semantics action, which ${invoke}` };
  }
  if (fallback.method && typeof (driver as unknown as Record<string, unknown>)[fallback.method] !== 'function') {
    return { unavailable: `${driver.description} ${fallback.why}`, hint: `${a.kind} needs a device with a mouse and a DOM: a web page (${SOURCE_SHORTHANDS.find((s) => s.startsWith('web:')) ?? 'web:<url>'}).` };
  }
  if (a.kind === 'press' && fallback.needs.every((c) => caps[c]) && !deliversKey(driver, a.key)) {
    return {
      unavailable: driver.pressKeyName ? `${driver.description} cannot deliver the key ${quote(a.key)}` : `${driver.description} delivers only the keys ${[...DRIVER_KEYS.keys()].join(', ')}, not ${quote(a.key)}`,
      hint: driver.pressKeyName ? 'Press a key Playwright names that the device has (Enter, Tab, Escape, Backspace, Delete, the arrows, Home, End, PageUp, PageDown, a letter or digit), or type text with pressSequentially.' : 'Press one of those keys, or use a web device (any key Playwright names).',
    };
  }
  if (fallback.editable) {
    // Say the real reason: a driver that cannot type at all is the problem before the node's editability.
    if (!fallback.needs.every((c) => caps[c])) return { unavailable: cannotType(driver, fallback.why) };
    if (!takesText(driver, node)) return { unavailable: driver.kind === 'live' ? 'the live protocol\'s tree does not say which nodes are editable, and this node has no SetText action' : 'the node is not editable' };
  }
  return fallback.needs.every((c) => caps[c]) ? { route: fallback.route } : { unavailable: `${driver.description} ${fallback.why}` };
}

/** Playwright's key names a driver's pressKey delivers (drivers with pressKeyName deliver what deliversKey says). */
const DRIVER_KEYS: ReadonlyMap<string, Key> = new Map([['Enter', 'enter'], ['Backspace', 'del'], ['End', 'end']]);

function deliversKey(driver: Driver, key: string): boolean {
  return driver.pressKeyName ? driver.deliversKey?.(key) ?? true : DRIVER_KEYS.has(key);
}

/** The target's checked state: as the app reported it just now where the capture is older, else the capture's. */
function toggleNow(ready: Ready): Node['toggle'] {
  return ready.toggle !== undefined ? ready.toggle : ready.node.toggle;
}

/** The toggle state a toggle action asks for, or null for any other action. */
export function wantedToggle(a: LocatorAction): 'on' | 'off' | null {
  if (a.kind === 'check') return 'on';
  if (a.kind === 'uncheck') return 'off';
  if (a.kind === 'setChecked') return a.checked ? 'on' : 'off';
  return null;
}

/**
 * What the node itself rules out, whatever the driver: a toggle action on a node with no checked state,
 * unchecking a radio button, text on a node that is not a text field (on a driver that could act at all).
 */
function nodeRefusal(driver: Driver, node: Node, a: LocatorAction): { unavailable: string; hint: string } | null {
  const want = wantedToggle(a);
  if (want !== null && node.toggle === null) {
    return { unavailable: `${a.kind} needs a node with a checked state (a checkbox, switch or radio button); this node has none`, hint: "Find the toggle itself, e.g. getByRole('checkbox', { name: '…' }) or getByRole('switch')." };
  }
  if (want === 'off' && node.role === 'RadioButton' && node.toggle === 'on') {
    return { unavailable: 'a radio button cannot be unchecked', hint: 'Check another radio button of its group.' };
  }
  const spec: ActionSpec = specOf(a.kind);
  const caps = capabilitiesOf(driver);
  const couldAct = caps.semanticActions || caps.typing;
  if (spec.fallback?.editable && couldAct && !takesText(driver, node) && !(spec.semantic && node.actions.includes(spec.semantic))) {
    return { unavailable: 'the node is not editable', hint: `${a.kind} types into text fields: find the field, e.g. getByRole('textbox', { name: '…' }) or getByLabel('…').` };
  }
  return null;
}

/**
 * Whether text may go into the node: a text field, a node with SetText, or (where the driver fills fields
 * in the app, as Playwright) a web input whose value fill sets (a date, a colour, a range).
 */
function takesText(driver: Driver, node: Node): boolean {
  if (node.editable || node.actions.includes('SetText')) return true;
  return driver.fillField !== undefined && node.kind === 'web' && webSetsValue(node.platform.element, node.platform.inputType);
}

/** A web <select>: set by the driver; any other dropdown: opened and its option clicked (semantically or by taps). */
function chooseSelect(driver: Driver, node: Node): { route: Route } | { unavailable: string; hint?: string } {
  if (node.kind === 'web' && node.platform.element === 'select') {
    return driver.selectOption ? { route: 'element' } : { unavailable: `${driver.description} cannot set a <select>` };
  }
  if (node.role !== 'DropdownList' && node.role !== null && node.rawRole !== 'combobox') {
    return { unavailable: `selectOption needs a select or dropdown; this node is a ${node.role}`, hint: "Find the dropdown itself, e.g. getByRole('combobox', { name: '…' })." };
  }
  if ((performs(driver, 'Click') && node.actions.includes('Click')) || driver.tap) return { route: 'choose' };
  return { unavailable: `${driver.description} ${LOCATOR_ACTIONS.selectOption.fallback.why}` };
}

/** Whether the driver delivers this semantics action itself. */
function performs(driver: Driver, action: Action): boolean {
  return driver.perform !== undefined && (driver.performs === undefined || driver.performs.includes(action));
}

/** Why a driver cannot type, in its own terms. */
function cannotType(driver: Driver, why: string | undefined): string {
  switch (driver.kind) {
    case 'file': case 'uiautomator': return 'a captured tree can neither set text nor type';
    case 'live': return `cannot type: the cmp-inspector live protocol has no text input, and typing goes through adb, which is not connected to a device`;
    default: return `${driver.description} ${why ?? 'can neither set text semantically nor type'}`;
  }
}

/** What to do when an action is unavailable, for this driver; the drivers named come from DRIVER_SEMANTICS (semantics.ts). */
function unavailableHint(driver: Driver, a: LocatorAction): string {
  const semantic = specOf(a.kind).semantic;
  switch (driver.kind) {
    case 'file': case 'uiautomator': return `A captured file supports no actions: connect the running app (live:host:port, adb, ${semanticDrivers()}) to act.`;
    case 'live': return `Connect adb to the device running the app (typing and keys go through adb input), or use a driver with semantic actions (${semanticDrivers(semantic)}).`;
    default: return semantic ? `Drivers that perform ${semantic} semantically (${semanticDrivers(semantic)}) support it.` : `Drivers with semantic actions (${semanticDrivers()}) support it.`;
  }
}

/** Actionability needs: what must hold before acting (docs/design.md §7). `force` skips the hittability check. */
function needs(a: LocatorAction, route: Route, force: boolean) {
  const spec: ActionSpec = specOf(a.kind);
  const touch = spec.touch || route === 'tap' || route === 'swipe' || (route === 'keys' && a.kind !== 'pressEnter' && a.kind !== 'press');
  return {
    visible: spec.onScreen,
    enabled: spec.onScreen && spec.enabled,
    hittable: touch && !force,
    stable: spec.onScreen,
    // Sampled over two frames where the app checks it (see ActionSpec.stable).
    settle: spec.stable !== false,
    // Typed into by keys: the field must take them (not read-only), as Playwright's fill waits for.
    editable: route === 'keys' && !!spec.fallback?.editable,
  };
}

const PAUSES = [0, 20, 100, 100, 500];

/** Captures made before this action that may stand in for samples of waitForActionable. */
export interface Samples {
  /**
   * The most recent capture of the device (the previous action's after-capture): the first of the two
   * captures the stability check compares, so a target that did not move needs one new capture, not two.
   * On a driver that checks actionability in the app, the capture to resolve on when the app says it
   * has not changed since (Driver.unchanged).
   */
  previous?: Snapshot | null;
  /**
   * The capture the target was addressed in (an id + generation). On a driver that guards generations a
   * semantic action on it needs no capture at all: the app refuses it if the screen has moved on.
   */
  known?: Snapshot | null;
}

const boundsKey = (n: Node) => `${n.bounds.x},${n.bounds.y},${n.bounds.width},${n.bounds.height}`;

/** Where the locator's single node was in an earlier capture (nothing when it matched none or several). */
function boundsIn(snapshot: Snapshot, selector: Selector): { id: string; key: string } | null {
  const nodes = resolveSelector(snapshot, selector);
  return nodes.length === 1 ? { id: nodes[0]!.id, key: boundsKey(nodes[0]!) } : null;
}

/**
 * The target ready on a known capture, when it is a semantic action on a visible, enabled node there
 * (the checks a semantic action needs); null sends the caller to the capturing wait.
 */
function readyOn(snapshot: Snapshot, driver: Driver, selector: Selector, a: LocatorAction, force: boolean): Ready | null {
  const nodes = resolveSelector(snapshot, selector);
  if (nodes.length !== 1) return null;
  const node = nodes[0]!;
  const choice = chooseRoute(driver, node, a);
  if (!('route' in choice) || choice.route !== 'semantic') return null;
  const need = needs(a, choice.route, force);
  if (need.visible && !isVisible(node, snapshot)) return null;
  if (need.enabled && !node.enabled) return null;
  // A touch action must be hittable even when performed semantically: the capturing wait says why not.
  if (need.hittable && analyzeReachability(snapshot).get(node).hittable === false) return null;
  return { snapshot, node, route: choice.route };
}

/** Whether the driver checks this target in the app (checkActionable) rather than on the tree. */
function checksInApp(driver: Driver, need: ReturnType<typeof needs>, node: Node, snapshot: Snapshot): boolean {
  return !!driver.checkActionable && need.stable && isVisible(node, snapshot);
}

/** What checkActionable is to check: `reused`, the capture is older than the page (its bounds are only a guide). */
function appNeed(need: ReturnType<typeof needs>, reused: boolean): Parameters<NonNullable<Driver['checkActionable']>>[2] {
  return { enabled: need.enabled, hittable: need.hittable, editable: need.editable, stable: need.settle, fresh: !reused };
}

/**
 * Where to aim at one node without a reachability pass over the whole tree: the point reachability
 * gives a node hit-tested at one point, as Playwright aims (§8) — its aim (platform.aim, an inline
 * element's first line fragment) when that is inside its bounds, else its centre.
 */
function aimOf(node: Node): Point {
  const a = node.platform.aim as Point | undefined;
  if (a && Number.isFinite(a.x) && Number.isFinite(a.y) && rectContains(node.bounds, roundCoord(a.x), roundCoord(a.y))) return { x: roundCoord(a.x), y: roundCoord(a.y) };
  return hitPointOf(node.bounds) ?? centre(node);
}

/** A target found actionable: the capture it was resolved in, the node, and how the action will reach it. */
export interface Ready {
  snapshot: Snapshot;
  node: Node;
  route: Route;
  /**
   * Where to aim, from the driver's in-app check just now (checkActionable, which hit-tested it unless
   * forced): delivery checks nothing again.
   */
  aim?: Point;
  /** The node's checked state and focus as the app reported them just now, where `snapshot` is older (Driver.stillResolves). */
  toggle?: Node['toggle'];
  focused?: boolean;
}

/**
 * Waits until the locator resolves to exactly one node that is visible, enabled, hittable (for
 * anything delivered as a touch) and stable (same bounds on two consecutive captures; the first may be
 * `samples.previous`, the capture before this action, so a target at rest costs one capture, and one
 * that moves is captured until two agree). A semantic action on a node of `samples.known` on a driver
 * that guards generations captures nothing. On a driver that checks actionability in the app
 * (checkActionable), one capture resolves the locator (none when `samples.previous` is unchanged) and
 * the app checks visible, stable, enabled and hit for the one node. Ambiguity fails at once;
 * everything else is waited out until the timeout.
 */
export async function waitForActionable(capture: () => Promise<Snapshot>, driver: Driver, selector: Selector, a: LocatorAction, timeout: number, samples: Samples = {}, force = false): Promise<Ready> {
  const deadline = Date.now() + timeout;
  const known = samples.known && driver.guardsGeneration ? readyOn(samples.known, driver, selector, a, force) : null;
  if (known) return known;
  let lastBounds = samples.previous ? boundsIn(samples.previous, selector) : null;
  let reason = 'not attempted';
  let code: 'target_not_found' | 'target_disabled' | 'not_hittable' = 'target_not_found';
  const locator = selectorToCode(selector);
  let snapshot: Snapshot | null = null;
  let node: Node | undefined;
  const revealed = new Set<string>();
  // The previous capture, where the app says nothing changed since: the locator resolves on it and the
  // target is checked in the app. Anything short of an actionable target on it captures afresh at once.
  let reuse = samples.previous && driver.checkActionable && driver.unchanged && (await driver.unchanged(samples.previous)) ? samples.previous : null;
  // Changed since: the capture still serves an action that reads only what the app checks as it starts
  // (staleOk), when the app says the locator finds that node alone now.
  // A toggle's state is asked of the app even when it reads as unchanged: a script may set a box's
  // checked property, which no change mark sees.
  const staleOk = specOf(a.kind).staleOk;
  let now: NodeNow | null = null;
  // The app's check of the target on the previous capture, made beside the locator's (below): it counts
  // only where the locator still finds that node, and is the first pass's check then.
  let early: { node: Node; v: Actionability } | null = null;
  const asks = staleOk === 'aim' || staleOk === 'toggle' || staleOk === 'focus' || (staleOk === 'field' && !!driver.fillField);
  if ((!reuse || (staleOk === 'toggle' && pageCheckable(selector))) && samples.previous && driver.checkActionable && driver.stillResolves && asks) {
    const previous = samples.previous;
    const was = resolveSelector(previous, selector);
    if (was.length === 1) {
      const target = was[0]!;
      const choice = chooseRoute(driver, target, a);
      const need = 'route' in choice ? needs(a, choice.route, force) : null;
      // Both settle before anything goes on: a check left running would set the driver's target after a later one.
      const [n, v] = await Promise.all([
        driver.stillResolves(previous, target, selector),
        need && checksInApp(driver, need, target, previous) ? driver.checkActionable(target, aimOf(target), appNeed(need, true)).catch(() => null) : null,
      ]);
      now = n;
      early = now && v ? { node: target, v } : null;
    }
    reuse = now ? previous : null;
  }
  // What the app said of the node, for a Ready on the capture it confirmed.
  const fromApp = (reused: boolean): Pick<Ready, 'toggle' | 'focused'> => (reused && now ? { toggle: now.toggle, focused: now.focused } : {});
  for (let i = 0; ; i++) {
    const reused = reuse !== null;
    snapshot = reuse ?? await capture();
    reuse = null;
    const nodes = resolveSelector(snapshot, selector);
    if (nodes.length > 1 && reused) continue;
    if (nodes.length > 1) throw strictViolation(snapshot, selector, nodes);
    node = nodes[0];
    if (!node) {
      reason = 'no node matches';
      code = 'target_not_found';
      lastBounds = null;
    } else {
      const choice = chooseRoute(driver, node, a);
      if ('unavailable' in choice) {
        // What an older capture says the node cannot do is asked of a fresh one.
        if (reused) continue;
        throw new DeviceError('action_unavailable', `${actionCall(selector, a)}: ${choice.unavailable}`, {
          where: driver.description,
          node: nodeLine(node, snapshot, selector),
          hint: 'hint' in choice && choice.hint ? choice.hint : unavailableHint(driver, a),
        });
      }
      const need = needs(a, choice.route, force);
      if (checksInApp(driver, need, node, snapshot)) {
        // The one target checked in the app itself (visible, stable over two frames, enabled, receives
        // events at its point), as Playwright does: no second capture, no reachability over the tree.
        const v = early?.node === node ? early.v : await driver.checkActionable!(node, aimOf(node), appNeed(need, reused));
        early = null;
        if (v.ok) return { snapshot, node, route: choice.route, aim: v.point, ...fromApp(reused) };
        reason = v.code === 'detached' ? 'the node was replaced since the capture' : v.reason;
        code = v.code === 'detached' ? 'target_not_found' : v.code;
        if (v.code === 'detached' && Date.now() < deadline) continue; // resolve again at once
      } else {
        const reach = analyzeReachability(snapshot);
        const r = reach.get(node);
        const key = boundsKey(node);
        if (need.visible && !isVisible(node, snapshot) && driver.reveal && isVisible({ ...node, bounds: node.layoutBounds ?? node.bounds }, snapshot) && !revealed.has(node.id)) {
          // Laid out but off screen (scrolled away): scroll it into view first, as Playwright does, once per node.
          revealed.add(node.id);
          if (await driver.reveal(node)) { lastBounds = null; continue; }
          reason = 'the node is off screen and could not be scrolled into view'; code = 'target_not_found';
        } else if (need.visible && !isVisible(node, snapshot)) { reason = 'the node is not visible'; code = 'target_not_found'; }
        else if (need.enabled && !node.enabled) { reason = 'the node is disabled'; code = 'target_disabled'; }
        else if (need.hittable && r.hittable === false) {
          reason = r.obscuredBy ? `the node is obscured by ${outlineLine(r.obscuredBy, { reach, snapshot, merged: searchesMerged(selector) })}` : 'the node has no on-screen area to tap';
          code = 'not_hittable';
        } else if (need.stable && !(lastBounds && lastBounds.id === node.id && lastBounds.key === key)) {
          // Say what moved, so a timeout names what never settled.
          reason = !lastBounds ? 'waiting for the node to be stable'
            : lastBounds.id !== node.id ? `not stable: the node is replaced on every capture (#${lastBounds.id} → #${node.id})`
            : `not stable: its bounds keep changing (${lastBounds.key} → ${key})`;
          lastBounds = { id: node.id, key };
          if (Date.now() < deadline) continue; // capture again at once: stability needs two captures
        } else {
          return { snapshot, node, route: choice.route, ...fromApp(reused) };
        }
        lastBounds = { id: node.id, key };
      }
    }
    // A reused capture that gave no actionable target says nothing about now: capture afresh at once.
    if (reused) continue;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const near = !node && snapshot ? noMatchLines(noMatchReport(snapshot, selector)) : [];
      throw new TargetError(code, [`${actionCall(selector, a)}: timed out after ${timeout}ms waiting for ${locator}: ${reason}`, ...near].join('\n'), {
        where: driver.description,
        locator,
        hint: code === 'target_not_found' ? 'Check the locator against `npx treewright inspect`, or wait for the screen that shows it.'
          : code === 'target_disabled' ? 'Wait for the app to enable it, or a field to become editable (fill the required fields first?); or assert toBeDisabled() / toBeEditable({ editable: false }) if that is expected.'
          : 'Close what covers it (a dialog, a keyboard) or scroll it into view first; { force: true } acts anyway.',
      });
    }
    await new Promise((res) => setTimeout(res, Math.min(PAUSES[Math.min(i, PAUSES.length - 1)]!, remaining)));
  }
}

/** Builds the semantic request for an action. */
export function semanticRequest(a: LocatorAction): SemanticRequest {
  // press('Enter') is delivered as the field's IME action where it has one (chooseRoute).
  const action = a.kind === 'press' ? 'ImeAction' : specOf(a.kind).semantic!;
  switch (a.kind) {
    case 'fill': return { action, text: a.text };
    case 'clear': return { action, text: '' };
    case 'scrollBy': return { action, dx: a.dx, dy: a.dy };
    case 'scrollToIndex': return { action, index: a.index };
    case 'pressSequentially': return { action, text: a.text };
    default: return { action };
  }
}

/** What delivering may need beyond the target: a fresh capture and the locator, for multi-step routes. */
export interface DeliverContext {
  capture: () => Promise<Snapshot>;
  selector: Selector;
  deadline: number;
}

/** Delivers an actionable target by its route. Returns the driver's message, if any. */
export async function deliver(driver: Driver, ready: Ready, a: LocatorAction, ctx: DeliverContext): Promise<string | undefined> {
  const { snapshot, node, route } = ready;
  const tap = ready.aim ?? analyzeReachability(snapshot).get(node).tap ?? centre(node);
  const want = wantedToggle(a);
  // Idempotent, as Playwright's check: a node already in the state asked for is left alone.
  if (want !== null && toggleNow(ready) === want) return `already ${want === 'on' ? 'checked' : 'unchecked'}`;
  switch (route) {
    case 'pointer':
      if (!ready.aim) await driver.confirmTarget?.(node, tap);
      if (a.kind === 'hover') await driver.hover!(tap.x, tap.y);
      else await driver.doubleClick!(tap.x, tap.y);
      return undefined;
    case 'element':
      if (a.kind === 'selectOption') return chooseInSelect(driver, node, a.option, ctx.deadline);
      await driver.blur!(node);
      return undefined;
    case 'choose':
      if (a.kind !== 'selectOption') throw new Error(`choose route for ${a.kind}`);
      return openAndChoose(driver, ready, a.option, ctx);
    case 'drag': {
      if (a.kind !== 'dragTo') throw new Error(`drag route for ${a.kind}`);
      const to = dropPoint(driver, snapshot, a.target, ctx.selector);
      if (!ready.aim) await driver.confirmTarget?.(node, tap);
      await driver.drag!(tap, to);
      return `dragged from (${tap.x}, ${tap.y}) to (${to.x}, ${to.y})`;
    }
    case 'semantic': {
      const rootId = analyzeReachability(snapshot).get(node).root.rootId;
      const result = await driver.perform!({ snapshot, node, rootId }, semanticRequest(a));
      if (!result.performed) {
        throw new DeviceError('action_unavailable', `${a.kind} on ${nodeLine(node, snapshot, ctx.selector)} was not performed: ${result.message ?? 'the app refused it'}`, { where: driver.description });
      }
      return result.message;
    }
    case 'tap':
      if (!ready.aim) await driver.confirmTarget?.(node, tap);
      await driver.tap!(tap.x, tap.y, { long: a.kind === 'longClick' });
      return undefined;
    case 'keys': {
      if (a.kind === 'pressEnter') { await driver.pressKey!('enter'); return undefined; }
      if (a.kind === 'press') return pressOn(driver, ready, a.key);
      if (a.kind === 'pressSequentially') {
        // As Playwright's pressSequentially: focused (where it lacks focus), then typed where the caret is.
        if (!(ready.focused ?? node.focused)) {
          if (driver.focusForKeys) await driver.focusForKeys(node);
          else {
            if (!ready.aim) await driver.confirmTarget?.(node, tap);
            await driver.tap!(tap.x, tap.y);
          }
        }
        await driver.typeText!(a.text);
        return undefined;
      }
      const text = a.kind === 'fill' ? a.text : '';
      if (driver.fillField) {
        await driver.fillField(node, text);
        return undefined;
      }
      if (!ready.aim) await driver.confirmTarget?.(node, tap);
      // Focus the field with a tap, clear what it holds, then type like a keyboard. The tap puts the
      // cursor anywhere and DEL deletes before it: move to the end first, then delete what the field holds.
      await driver.tap!(tap.x, tap.y);
      if (driver.pressKey) {
        await driver.pressKey('end');
        for (let i = (node.editableText ?? '').length; i > 0; i--) await driver.pressKey('del');
      }
      if (text) await driver.typeText!(text);
      // A password field does not expose its text, and input events cannot select all: say what may be left.
      return node.password && node.editableText == null
        ? `the field's content is hidden (password), so what it held could not be cleared by keys (input events cannot select all); ${a.kind === 'fill' ? 'the text was typed after it' : 'it may still hold text'}: use a semantic driver (SetText) to be sure`
        : undefined;
    }
    case 'scroll-steps': {
      if (a.kind === 'scrollUntilVisible') return scrollUntilVisibleSteps(driver, ready, a, ctx);
      if (a.kind !== 'scrollToIndex') throw new Error(`scroll-steps route for ${a.kind}`);
      return scrollToIndexBySteps(driver, ready, a.index, ctx);
    }
    case 'swipe': {
      if (a.kind !== 'scrollBy') throw new Error(`swipe route for ${a.kind}`);
      // Content moves opposite to the finger: scrolling down by dy drags up by dy.
      await driver.swipe!({ x: tap.x, y: tap.y }, { x: tap.x - a.dx, y: tap.y - a.dy }, 300);
      return undefined;
    }
  }
}

export interface ActOnceOptions {
  /** How long to wait for the target to become actionable (and for multi-step routes to finish), ms. */
  timeout: number;
  /**
   * Act only on the screen at this generation (an id + generation address, or a locator with a
   * generation): every capture while waiting must still be at it, and a stale target is refused,
   * never re-resolved onto a newer screen.
   */
  pinned?: { generation: string; stale: (current: string) => Error; snapshot?: Snapshot | null };
  /** The device's most recent capture, if any: the first stability sample (see Samples.previous). */
  previous?: Snapshot | null;
  /** Skip the hittability check (ActionOptions.force). */
  force?: boolean;
}

/** What one action did: the capture it was resolved in, the capture after, and the driver's note. */
export interface ActResult {
  ready: Ready;
  after: Snapshot;
  message: string | undefined;
}

const MAX_STALE_RETRIES = 3;

/**
 * Waits for the target, delivers the action, and captures the screen after: the one action path
 * behind `Device.act` and the MCP shim's perform_action. A locator whose node went stale between
 * capture and delivery is resolved again (a pinned target is not).
 */
export async function actOnce(driver: Driver, capture: () => Promise<Snapshot>, selector: Selector, a: LocatorAction, options: ActOnceOptions): Promise<ActResult> {
  const { ready, message, after } = await actWithoutAfter(driver, capture, selector, a, options);
  return { ready, after: after ?? await capture(), message };
}

/** actOnce without the capture after (but for a toggle's, which verifies it): for a caller that takes it only when something reads it (Device.act on a driver that checks actionability in the app). */
export async function actWithoutAfter(driver: Driver, capture: () => Promise<Snapshot>, selector: Selector, a: LocatorAction, options: ActOnceOptions): Promise<Omit<ActResult, 'after'> & { after?: Snapshot }> {
  const { timeout, pinned, force = false } = options;
  const waitCapture = pinned
    ? async () => {
      const s = await capture();
      if (s.generation !== pinned.generation) throw pinned.stale(s.generation);
      return s;
    }
    : capture;
  for (let attempt = 0; ; attempt++) {
    // A retry after a stale rejection starts from what it captured, not from the earlier samples.
    const samples: Samples = attempt === 0 ? { previous: pinned ? pinned.snapshot ?? null : options.previous ?? null, known: pinned?.snapshot ?? null } : {};
    const ready = await waitForActionable(waitCapture, driver, selector, a, timeout, samples, force);
    let message: string | undefined;
    try {
      // Multi-step routes capture the screen they change: those captures are not pinned.
      message = await deliver(driver, ready, a, { capture, selector, deadline: Date.now() + timeout });
    } catch (e) {
      if (!pinned && isStale(e) && attempt < MAX_STALE_RETRIES) continue;
      // Acted on the known capture without capturing: the driver's refusal says the same as a capture would have.
      if (pinned && isStale(e)) throw pinned.stale(e.details.current ?? 'a newer one');
      throw e;
    }
    // A toggle is verified on the screen after it (Playwright's "did not change its state"): that capture
    // is the after. Resolved on an older capture the app confirmed, it is asked of the app first.
    const want = wantedToggle(a);
    if (want === null || toggleNow(ready) === want) return { ready, message };
    if (ready.toggle !== undefined && (await driver.stillResolves?.(ready.snapshot, ready.node, selector))?.toggle === want) return { ready, message };
    return { ready, after: await verifyToggle(capture, await capture(), selector, a, want, Date.now() + timeout, driver.description), message };
  }
}

/**
 * Where dragTo drops: the target locator's one visible node on the capture the source was found on,
 * at the point a tap on it would take (its hittable point, else its centre).
 */
function dropPoint(driver: Driver, snapshot: Snapshot, target: Selector, source: Selector): Point {
  const nodes = resolveSelector(snapshot, target);
  if (nodes.length > 1) throw strictViolation(snapshot, target, nodes);
  const node = nodes[0];
  const call = `${selectorToCode(source)}.dragTo(${selectorToCode(target)})`;
  if (!node || !isVisible(node, snapshot)) {
    throw new TargetError('target_not_found', `${call}: the drop target ${node ? 'is not visible' : 'matches no node'}`, {
      where: driver.description, locator: selectorToCode(target),
      hint: node ? 'Scroll the drop target into view first (scrollIntoViewIfNeeded), or drag to a target on screen.' : 'Check the target locator against `npx treewright inspect`.',
    });
  }
  return analyzeReachability(snapshot).get(node).tap ?? centre(node);
}

/** press(key): the node focused first (its RequestFocus, else a tap unless it has focus), then the key. */
async function pressOn(driver: Driver, ready: Ready, key: string): Promise<undefined> {
  const { snapshot, node } = ready;
  if (!(ready.focused ?? node.focused)) {
    if (driver.focusForKeys) await driver.focusForKeys(node);
    else if (performs(driver, 'RequestFocus') && node.actions.includes('RequestFocus')) {
      await driver.perform!({ snapshot, node, rootId: analyzeReachability(snapshot).get(node).root.rootId }, { action: 'RequestFocus' });
    } else if (driver.tap && isVisible(node, snapshot)) {
      const tap = analyzeReachability(snapshot).get(node).tap ?? centre(node);
      await driver.confirmTarget?.(node, tap);
      await driver.tap(tap.x, tap.y);
    }
  }
  if (driver.pressKeyName) await driver.pressKeyName(key);
  else await driver.pressKey!(DRIVER_KEYS.get(key)!);
  return undefined;
}

/**
 * selectOption on a web <select>, chosen by the driver in the page. An option not there yet (a list the
 * page fills when its data arrives) or not enabled yet is waited for until the deadline, as Playwright's
 * selectOption waits for it; then the driver's refusal stands, saying how long it waited.
 */
async function chooseInSelect(driver: Driver, node: Node, option: string, deadline: number): Promise<string> {
  const start = Date.now();
  for (let i = 0; ; i++) {
    try {
      return await driver.selectOption!(node, option);
    } catch (e) {
      if (!(isTreewrightError(e) && e.code === 'target_not_found')) throw e;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new TargetError('target_not_found', `${e.reason} (waited ${Date.now() - start} ms for it)`, e.details);
      await new Promise((res) => setTimeout(res, Math.min(PAUSES[Math.min(i + 1, PAUSES.length - 1)]!, remaining)));
    }
  }
}

/**
 * selectOption on a dropdown that is not a web <select>: open it (its Click, else a tap), then click the
 * option whose text or name is the one asked for, exactly (the last such on screen: a popup is drawn
 * over what opened it), and check that the dropdown now shows it.
 */
async function openAndChoose(driver: Driver, ready: Ready, option: string, ctx: DeliverContext): Promise<string> {
  const where = driver.description;
  await clickNode(driver, ready.snapshot, ready.node, ctx.selector);
  let chosen: Node | undefined;
  let snapshot = ready.snapshot;
  const wanted = normalizeWhitespace(option);
  while (!chosen) {
    snapshot = await ctx.capture();
    const idx = indexSnapshot(snapshot);
    const opened = resolveSelector(snapshot, ctx.selector)[0];
    const inside = (n: Node) => opened !== undefined && idx.order.get(n)! >= idx.order.get(opened)! && idx.order.get(n)! < idx.subtreeEnd.get(opened)!;
    chosen = idx.nodes.filter((n) => !inside(n) && isVisible(n, snapshot) && (normalizeWhitespace(idx.name(n)) === wanted || normalizeWhitespace(n.text ?? '') === wanted)).at(-1);
    if (chosen) break;
    if (Date.now() > ctx.deadline) {
      throw new TargetError('target_not_found', `selectOption(${quote(option)}): no option ${quote(option)} is on screen after opening ${nodeLine(ready.node, ready.snapshot, ctx.selector)}`, {
        where, locator: selectorToCode(ctx.selector), hint: 'Give the option as the dropdown lists it (its label), or check what it lists with `npx treewright inspect` after clicking it.',
      });
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  // The option itself, or the ancestor that takes the click (a menu item holding the text).
  const idx = indexSnapshot(snapshot);
  let target: Node | undefined = chosen;
  while (target && !target.clickable && !target.actions.includes('Click')) target = idx.parent.get(target) ?? undefined;
  await clickNode(driver, snapshot, target ?? chosen, ctx.selector);
  return `opened the dropdown and chose ${quote(option)}`;
}

async function clickNode(driver: Driver, snapshot: Snapshot, node: Node, selector: Selector): Promise<void> {
  if (performs(driver, 'Click') && node.actions.includes('Click')) {
    const r = await driver.perform!({ snapshot, node, rootId: analyzeReachability(snapshot).get(node).root.rootId }, { action: 'Click' });
    if (!r.performed) throw new DeviceError('action_unavailable', `click on ${nodeLine(node, snapshot, selector)} was not performed: ${r.message ?? 'the app refused it'}`, { where: driver.description });
    return;
  }
  const tap = analyzeReachability(snapshot).get(node).tap ?? centre(node);
  await driver.confirmTarget?.(node, tap);
  await driver.tap!(tap.x, tap.y);
}

/**
 * After a toggle action, the node must be in the state asked for (Playwright's check: "did not change
 * its state"): captures until it is, or the action's deadline.
 */
async function verifyToggle(capture: () => Promise<Snapshot>, after: Snapshot, selector: Selector, a: LocatorAction, want: 'on' | 'off', deadline: number, where: string): Promise<Snapshot> {
  let snapshot = after;
  for (;;) {
    const nodes = resolveSelector(snapshot, selector);
    if (nodes.length === 1 && nodes[0]!.toggle === want) return snapshot;
    if (Date.now() >= deadline) {
      const now = nodes.length === 1 ? `it is ${nodes[0]!.toggle ?? 'without a checked state'}` : nodes.length ? `${nodes.length} nodes match` : 'no node matches';
      throw new TargetError('target_not_found', `${actionCall(selector, a)}: clicking did not make it ${want === 'on' ? 'checked' : 'unchecked'}: ${now}`, {
        where, locator: selectorToCode(selector), hint: 'The app did not toggle it on a click: check that it is the control itself (not its label), or what the app does on a click.',
      });
    }
    await new Promise((res) => setTimeout(res, 100));
    snapshot = await capture();
  }
}

/** The list position an item reports (platform.collectionInfo.rowIndex), or null. */
export function rowIndexOf(n: Node): number | null {
  const info = n.platform.collectionInfo as { rowIndex?: unknown } | undefined;
  return typeof info?.rowIndex === 'number' ? info.rowIndex : null;
}

const MAX_SCROLL_STEPS = 1000;

async function scrollToIndexBySteps(driver: Driver, ready: Ready, index: number, ctx: DeliverContext): Promise<string> {
  let { snapshot, node } = ready;
  const where = driver.description;
  for (let step = 0; step < MAX_SCROLL_STEPS; step++) {
    const idx = indexSnapshot(snapshot);
    const items: Node[] = [];
    for (let i = idx.order.get(node)! + 1; i < idx.subtreeEnd.get(node)!; i++) if (rowIndexOf(idx.nodes[i]!) !== null) items.push(idx.nodes[i]!);
    const onScreen = items.filter((m) => isVisible(m, snapshot)).map(rowIndexOf) as number[];
    if (onScreen.includes(index)) return `index ${index} reached after ${step} scroll step${step === 1 ? '' : 's'} (the device has no ScrollToIndex)`;
    if (!items.length) {
      throw new DeviceError('action_unavailable', `scrollToIndex(${index}) on ${nodeLine(node, snapshot, ctx.selector)}: the device has no ScrollToIndex and the list's items carry no index to aim at`, { where, hint: 'Scroll with scrollBy() and check for the item, or use a driver with ScrollToIndex (reference, jetwhale).' });
    }
    if (Date.now() > ctx.deadline) throw new DeviceError('device_timeout', `scrollToIndex(${index}): not reached before the action timeout (on screen: ${range(onScreen)})`, { where });
    const down = onScreen.length ? index > Math.max(...onScreen) : index > Math.max(...(items.map(rowIndexOf) as number[]));
    const page = Math.max(1, Math.round(node.bounds.height * 0.8));
    const pastEnd = (why: string) => new TargetError('target_not_found', `scrollToIndex(${index}): the list stopped moving with items ${range(onScreen)} on screen: index ${index} is past its ${down ? 'end' : 'start'} (${why})`, { where });
    let r;
    try {
      r = await driver.perform!({ snapshot, node, rootId: indexSnapshot(snapshot).root.get(node)!.rootId }, { action: 'ScrollBy', dx: 0, dy: down ? page : -page });
    } catch (e) {
      // An app that refuses to scroll further (MoUI's handler_rejected) has reached the end.
      if (isTreewrightError(e) && e.code === 'action_unavailable') throw pastEnd(`the app says: ${reasonOf(e, where)}`);
      throw e;
    }
    if (!r.performed) throw pastEnd(`the app says: ${r.message ?? 'no reason given'}`);
    const next = await ctx.capture();
    const again = resolveSelector(next, ctx.selector);
    if (again.length !== 1) throw new TargetError('target_not_found', `scrollToIndex(${index}): the list ${selectorToCode(ctx.selector)} is gone after scrolling`, { where });
    if (next.generation === snapshot.generation) throw pastEnd('nothing changed');
    snapshot = next;
    node = again[0]!;
  }
  throw new DeviceError('device_error', `scrollToIndex(${index}): gave up after ${MAX_SCROLL_STEPS} scroll steps`, { where });
}

/** One page of scrolling in a container: its own ScrollBy where the driver can invoke it, else a swipe. */
async function scrollPage(driver: Driver, snapshot: Snapshot, node: Node, down: boolean): Promise<{ performed: boolean; message?: string | undefined }> {
  const page = Math.max(1, Math.round(node.bounds.height * 0.8));
  if (driver.perform && node.actions.includes('ScrollBy')) {
    return driver.perform({ snapshot, node, rootId: indexSnapshot(snapshot).root.get(node)!.rootId }, { action: 'ScrollBy', dx: 0, dy: down ? page : -page });
  }
  const c = centre(node);
  const half = Math.round(page / 2);
  await driver.swipe!({ x: c.x, y: down ? c.y + half : c.y - half }, { x: c.x, y: down ? c.y - half : c.y + half }, 300);
  return { performed: true };
}

/** The visible rows' indices inside a container (from their collection info), for "how far it got". */
function rowsOnScreen(snapshot: Snapshot, node: Node): number[] {
  const idx = indexSnapshot(snapshot);
  const out: number[] = [];
  for (let i = idx.order.get(node)! + 1; i < idx.subtreeEnd.get(node)!; i++) {
    const r = rowIndexOf(idx.nodes[i]!);
    if (r !== null && isVisible(idx.nodes[i]!, snapshot)) out.push(r);
  }
  return out;
}

async function scrollUntilVisibleSteps(driver: Driver, ready: Ready, a: Extract<LocatorAction, { kind: 'scrollUntilVisible' }>, ctx: DeliverContext): Promise<string> {
  let { snapshot, node } = ready;
  const where = driver.description;
  const target = selectorToCode(a.target);
  const call = actionCall(ctx.selector, a);
  let byIndex = false;
  const got = (steps: number) => {
    const rows = rowsOnScreen(snapshot, node);
    return `after ${steps} scroll step${steps === 1 ? '' : 's'}${rows.length ? ` (items ${range(rows)} on screen)` : ''}`;
  };
  for (let step = 0; ; step++) {
    const idx = indexSnapshot(snapshot);
    const from = idx.order.get(node)! + 1;
    const to = idx.subtreeEnd.get(node)!;
    const inside = resolveSelector(snapshot, a.target).filter((n) => { const o = idx.order.get(n)!; return o >= from && o < to; });
    if (inside.some((n) => isVisible(n, snapshot))) return `${target} is visible ${got(step)}`;
    if (step >= a.maxScrolls) {
      throw new TargetError('target_not_found', `${call}: ${target} is not visible ${got(step)}: gave up at maxScrolls ${a.maxScrolls}`, {
        where, locator: target, hint: 'Raise maxScrolls, scroll the other way (direction), or check the locator against `npx treewright inspect`.',
      });
    }
    if (Date.now() > ctx.deadline) throw new DeviceError('device_timeout', `${call}: not visible before the action timeout, ${got(step)}`, { where });
    // Composed but clipped, with its index known: one ScrollToIndex instead of pages.
    const known = inside.map(rowIndexOf).find((i) => i !== null);
    let r: { performed: boolean; message?: string | undefined };
    try {
      if (known != null && !byIndex && driver.perform && node.actions.includes('ScrollToIndex')) {
        byIndex = true;
        r = await driver.perform({ snapshot, node, rootId: idx.root.get(node)!.rootId }, { action: 'ScrollToIndex', index: known });
      } else {
        r = await scrollPage(driver, snapshot, node, a.direction === 'down');
      }
    } catch (e) {
      if (!(isTreewrightError(e) && e.code === 'action_unavailable')) throw e;
      r = { performed: false, message: e.message.split('\n')[0] };
    }
    const end = (why: string) => new TargetError('target_not_found', `${call}: the container stopped moving ${got(step)} (at its ${a.direction === 'down' ? 'end' : 'start'}: ${why}) without showing ${target}`, {
      where, locator: target, hint: a.direction === 'down' ? "Try direction: 'up', or check the locator against `npx treewright inspect`." : 'Check the locator against `npx treewright inspect`.',
    });
    if (!r.performed) throw end(`the app says: ${r.message ?? 'no reason given'}`);
    const next = await ctx.capture();
    const again = resolveSelector(next, ctx.selector);
    if (again.length !== 1) throw new TargetError('target_not_found', `${call}: the container ${selectorToCode(ctx.selector)} is gone after scrolling`, { where });
    if (next.generation === snapshot.generation) throw end('nothing changed');
    snapshot = next;
    node = again[0]!;
  }
}

function range(xs: number[]): string {
  return xs.length ? `${Math.min(...xs)}–${Math.max(...xs)}` : 'none';
}

function centre(n: Node) {
  return { x: Math.round(n.bounds.x + n.bounds.width / 2), y: Math.round(n.bounds.y + n.bounds.height / 2) };
}

/** True for a stale-target rejection, after which the action re-resolves instead of failing. */
export function isStale(e: unknown): e is TreewrightError<'stale_generation'> {
  return isTreewrightError(e) && e.code === 'stale_generation';
}
