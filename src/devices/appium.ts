import type { Action, Node, Snapshot } from '../model/schema.js';
import { importTree } from '../formats/index.js';
import { withDensity } from '../formats/density.js';
import { DeviceError, TargetError, isTreewrightError, type ErrorDetails } from '../errors.js';
import { outlineLine } from '../outline/outline.js';
import { elementLocators, type ElementLocator } from './appium-locate.js';
import { Redactor, displayUrl, redactCapabilities } from './redact.js';
import { WebDriverClient } from './webdriver.js';
import { type Driver, type Key, type PerformResult, type SemanticRequest } from './driver.js';
import { performsOf } from './semantics.js';

export interface AppiumOptions {
  /** The WebDriver server (Appium, a Selenium Grid 4 hub, a device cloud); credentials may be in it. */
  url: string;
  capabilities: Record<string, unknown>;
  /** Attach to this session instead of creating one (left running on close). */
  session?: string | undefined;
  /** Per-command timeout, ms (default 30 s). */
  timeout?: number | undefined;
  /** How long creating the session may take (a farm may queue it), ms (default 120 s). */
  connectTimeout?: number | undefined;
}

/** Seconds the server keeps a session nobody sends commands to: a worker that died leaves no session behind for long. */
export const DEFAULT_NEW_COMMAND_TIMEOUT_S = 60;

/** How long a long press holds, ms (Android's long-press timeout is 400–500 ms; iOS's 500 ms). */
const LONG_PRESS_MS = 800;
/** How long a drag's move takes, ms: slow enough for a drop target to see the finger arrive. */
const DRAG_MOVE_MS = 500;

/** W3C key values (the W3C WebDriver spec, "Keyboard actions") for the keys the action layer presses. */
const KEY_VALUE: Record<Exclude<Key, 'back'>, string> = { enter: '\uE007', del: '\uE003', end: '\uE010' };

/**
 * Playwright's key names → W3C key values (the WebDriver spec's table of normalised key values); a single
 * character is its own value. Modifiers join with `+`, as Playwright writes them ('Shift+Tab').
 */
const W3C_KEYS: Readonly<Record<string, string>> = {
  Enter: '\uE007', Backspace: '\uE003', Tab: '\uE004', Escape: '\uE00C', Delete: '\uE017', Insert: '\uE016',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F',
  Shift: '\uE008', Control: '\uE009', Alt: '\uE00A', Meta: '\uE03D', Space: ' ',
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i + 1}`, String.fromCharCode(0xE031 + i)])),
};

/** The W3C values of a Playwright key ('Enter', 'a', 'Shift+Tab'), or null when one part has none. */
export function w3cKeyValues(key: string): string[] | null {
  const parts = key.length > 1 && key.includes('+') ? key.split('+') : [key];
  const values = parts.map((p) => W3C_KEYS[p] ?? ([...p].length === 1 ? p : null));
  return values.every((v): v is string => v !== null) ? values : null;
}

/**
 * A real phone, emulator or simulator behind Appium (or a Selenium Grid 4 hub / device cloud in front
 * of it), over W3C WebDriver. Captures are the page source (UiAutomator2 or XCUITest XML) through the
 * same importers as files; clicks and text go to the node's element (found again by a locator derived
 * from the capture), touches are W3C pointer actions at the tap point. The session is created on
 * open and deleted on close; a session attached to by id is left running.
 */
export class AppiumDriver implements Driver {
  readonly kind = 'appium';
  description: string;
  /** Element actions; long presses and scrolls are touches (pointer actions). */
  readonly performs: readonly Action[] = performsOf('appium');
  /** px per dp the session reported (Android), or null (iOS page sources are in pt already). */
  density: number | null = null;
  /** Capabilities the server answered the new session with (credentials removed). */
  sessionCapabilities: Record<string, unknown> = {};
  readonly redactor: Redactor;
  private readonly client: WebDriverClient;
  private readonly client0: WebDriverClient;
  private readonly owned: boolean;
  private readonly capabilities0: Record<string, unknown>;
  /** Element ids found for nodes of the current screen, by `generation node-id`; cleared when the screen changes. */
  private elements = new Map<string, { id: string; by: ElementLocator['by'] }>();
  private generation: string | null = null;

  constructor(private readonly opts: AppiumOptions) {
    this.redactor = Redactor.forSource(opts.url, opts.capabilities);
    this.description = `appium:${displayUrl(opts.url)}`;
    const common = { url: opts.url, where: this.description, redactor: this.redactor };
    this.client = new WebDriverClient({ ...common, timeout: opts.timeout ?? 30_000 });
    // Creating a session may wait for a device (a farm's queue, an emulator booting): its own, longer timeout.
    this.client0 = new WebDriverClient({ ...common, timeout: opts.connectTimeout ?? 120_000 });
    this.owned = opts.session === undefined;
    this.capabilities0 = { 'appium:newCommandTimeout': DEFAULT_NEW_COMMAND_TIMEOUT_S, ...opts.capabilities };
  }

  get sessionId(): string | null {
    return this.client.sessionId;
  }

  /** Checks that a WebDriver server answers, then creates (or attaches to) the session and learns the density. */
  async open(): Promise<void> {
    await this.client.status();
    if (this.opts.session !== undefined) {
      this.client.sessionId = this.opts.session;
    } else {
      let created;
      try {
        created = await this.client0.newSession(this.capabilities0);
      } catch (e) {
        throw sessionRefused(e, this.capabilities0, this.description);
      }
      this.client.sessionId = created.sessionId;
      this.sessionCapabilities = redactCapabilities(created.capabilities);
    }
    this.description = `${this.description} session ${this.client.sessionId!.slice(0, 8)}`;
    this.density = await this.learnDensity();
  }

  /**
   * px per dp, from what the session says: `deviceScreenDensity` (dpi; UiAutomator2 reports it with
   * the session), `pixelRatio`, else `mobile: deviceInfo`'s `displayDensity`. Null when none says.
   */
  private async learnDensity(): Promise<number | null> {
    const fromCaps = (c: Record<string, unknown>) => {
      const dpi = Number(c.deviceScreenDensity ?? c['appium:deviceScreenDensity']);
      if (dpi > 0 && Number.isFinite(dpi)) return dpi / 160;
      const ratio = Number(c.pixelRatio ?? c['appium:pixelRatio']);
      return ratio > 0 && Number.isFinite(ratio) ? ratio : null;
    };
    const early = fromCaps(this.sessionCapabilities);
    if (early) return early;
    const caps = await this.client.sessionCapabilities().catch(() => ({}));
    const later = fromCaps(caps);
    if (later) return later;
    const info = await this.client.execute('mobile: deviceInfo').catch(() => null) as { displayDensity?: unknown } | null;
    const dpi = Number(info?.displayDensity);
    return dpi > 0 && Number.isFinite(dpi) ? dpi / 160 : null;
  }

  async capture(): Promise<Snapshot> {
    const xml = await this.client.source();
    // The session's density where the page source does not carry one (the shared rule: formats/density.ts).
    const imported = importTree(xml, { where: this.description });
    const snapshot = this.density ? withDensity(imported, this.density) : imported;
    if (snapshot.generation !== this.generation) {
      this.generation = snapshot.generation;
      this.elements.clear();
    }
    return snapshot;
  }

  /** A running page / app: it changes on its own (capabilities come from the methods below: capabilitiesOf). */
  readonly live = true;

  async perform(target: { snapshot: Snapshot; node: Node; rootId: string }, request: SemanticRequest): Promise<PerformResult> {
    const { snapshot, node } = target;
    if (request.action !== 'Click' && request.action !== 'SetText') {
      return { performed: false, message: `${request.action} is not an element action over WebDriver` };
    }
    const el = await this.element(snapshot, node);
    try {
      if (request.action === 'Click') {
        await this.client.click(el.id);
        return { performed: true, message: `element click (found by ${el.by})` };
      }
      await this.client.clear(el.id);
      if (request.text) await this.client.sendKeys(el.id, request.text);
      return { performed: true, message: `element ${request.text ? 'set value' : 'clear'} (found by ${el.by})` };
    } catch (e) {
      // A stale element is found again on the next attempt, from a fresh capture.
      if (isTreewrightError(e) && e.code === 'stale_generation') this.elements.delete(elementKey(snapshot, node));
      throw e;
    }
  }

  /**
   * The node's element on the server: each locator the capture gives, until one matches exactly one
   * element. None matching means the screen is not the one captured: a stale target (re-resolved by
   * the action layer), never a guess.
   */
  private async element(snapshot: Snapshot, node: Node): Promise<{ id: string; by: ElementLocator['by'] }> {
    const key = elementKey(snapshot, node);
    const known = this.elements.get(key);
    if (known) return known;
    const tried: string[] = [];
    for (const loc of elementLocators(snapshot, node)) {
      const ids = await this.client.findElements(loc.using, loc.value);
      if (ids.length === 1) {
        const found = { id: ids[0]!, by: loc.by };
        this.elements.set(key, found);
        return found;
      }
      tried.push(`${loc.by} ${JSON.stringify(loc.value)} → ${ids.length} elements`);
    }
    if (!tried.length) {
      throw new DeviceError('action_unavailable', `no WebDriver locator can be derived for ${outlineLine(node, { snapshot })} (the page source's platform is not known)`, {
        where: this.description, node: outlineLine(node, { snapshot }), hint: 'Use tap() (a pointer action at the node) instead.',
      });
    }
    throw new TargetError('stale_generation', `the server has no single element for ${outlineLine(node, { snapshot })}: ${tried.join('; ')}; the screen changed since the capture`, {
      where: this.description, node: outlineLine(node, { snapshot }), generation: snapshot.generation,
      hint: 'The action is re-resolved against a fresh capture; if this persists the page source and the server\'s element lookup disagree.',
    });
  }

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    await this.client.performActions([finger([
      { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' },
      { type: 'pointerDown', button: 0 },
      { type: 'pause', duration: options.long ? LONG_PRESS_MS : 50 },
      { type: 'pointerUp', button: 0 },
    ])]);
  }

  async swipe(from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 300): Promise<void> {
    await this.client.performActions([finger([
      { type: 'pointerMove', duration: 0, x: Math.round(from.x), y: Math.round(from.y), origin: 'viewport' },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerMove', duration: Math.max(0, Math.round(durationMs)), x: Math.round(to.x), y: Math.round(to.y), origin: 'viewport' },
      { type: 'pointerUp', button: 0 },
    ])]);
  }

  /** A drag: a finger pressed on `from`, held as a long press (what starts a drag on Android and iOS), moved to `to`, lifted. */
  async drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.client.performActions([finger([
      { type: 'pointerMove', duration: 0, x: Math.round(from.x), y: Math.round(from.y), origin: 'viewport' },
      { type: 'pointerDown', button: 0 },
      { type: 'pause', duration: LONG_PRESS_MS },
      { type: 'pointerMove', duration: DRAG_MOVE_MS, x: Math.round(to.x), y: Math.round(to.y), origin: 'viewport' },
      { type: 'pointerUp', button: 0 },
    ])]);
  }

  /** Two taps at the point, as one W3C touch sequence. */
  async doubleClick(x: number, y: number): Promise<void> {
    const [ix, iy] = [Math.round(x), Math.round(y)];
    await this.client.performActions([finger([
      { type: 'pointerMove', duration: 0, x: ix, y: iy, origin: 'viewport' },
      { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 50 }, { type: 'pointerUp', button: 0 },
      { type: 'pause', duration: 100 },
      { type: 'pointerDown', button: 0 }, { type: 'pause', duration: 50 }, { type: 'pointerUp', button: 0 },
    ])]);
  }

  /** A mouse pointer moved over the point, no button (W3C pointerType mouse; a server without a mouse refuses it, typed). */
  async hover(x: number, y: number): Promise<void> {
    await this.client.performActions([{ type: 'pointer', id: 'mouse1', parameters: { pointerType: 'mouse' }, actions: [
      { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' },
    ] }]);
  }

  /** Any key with a W3C value (deliversKey), modifiers held down around the last part. */
  async pressKeyName(key: string): Promise<void> {
    const values = w3cKeyValues(key);
    if (!values) throw new DeviceError('action_unavailable', `press(${JSON.stringify(key)}): the key has no W3C key value`, { where: this.description, hint: 'Press a key Playwright names (Enter, Tab, ArrowDown, a character, Shift+Tab).' });
    const down = values.map((value) => ({ type: 'keyDown', value }));
    const up = [...values].reverse().map((value) => ({ type: 'keyUp', value }));
    await this.client.performActions([keyboard([...down, ...up])]);
  }

  deliversKey(key: string): boolean {
    return w3cKeyValues(key) !== null;
  }

  async typeText(text: string): Promise<void> {
    if (!text) return;
    await this.client.performActions([keyboard([...text].flatMap((c) => [{ type: 'keyDown', value: c }, { type: 'keyUp', value: c }]))]);
  }

  async pressKey(key: Key): Promise<void> {
    if (key === 'back') return this.back();
    const value = KEY_VALUE[key];
    await this.client.performActions([keyboard([{ type: 'keyDown', value }, { type: 'keyUp', value }])]);
  }

  async back(): Promise<void> {
    await this.client.back();
  }

  async screenshot(): Promise<Buffer> {
    return this.client.screenshot();
  }

  /** Deletes the session this driver created (an attached one is left to its owner). */
  async close(): Promise<void> {
    this.elements.clear();
    if (this.owned) await this.client.deleteSession();
    else this.client.sessionId = null;
  }
}

function elementKey(snapshot: Snapshot, node: Node): string {
  return `${snapshot.generation} ${node.id}`;
}

function finger(actions: unknown[]) {
  return { type: 'pointer', id: 'finger1', parameters: { pointerType: 'touch' }, actions };
}

function keyboard(actions: unknown[]) {
  return { type: 'key', id: 'keyboard', actions };
}

/** W3C standard capabilities (no vendor prefix); every other capability of a server is `vendor:name`. */
const W3C_CAPABILITIES = new Set(['browserName', 'browserVersion', 'platformName', 'acceptInsecureCerts', 'pageLoadStrategy', 'proxy', 'setWindowRect', 'timeouts', 'strictFileInteractability', 'unhandledPromptBehavior', 'webSocketUrl']);

/**
 * A refused session names the capability the server's message is about: the first name or value it
 * quotes that is one of the capabilities sent (`'app' is required` → `appium:app`; `automationName
 * 'UiAutomator2'` → `appium:automationName`). Other errors (server down, timeout) pass through.
 */
function sessionRefused(e: unknown, capabilities: Record<string, unknown>, where: string): unknown {
  if (!isTreewrightError(e)) return e;
  // Any device code may carry the server's W3C error; read it as a device error's details.
  const d = e.details as ErrorDetails<'device_error'>;
  if (typeof d.webdriverError !== 'string') return e;
  const serverMessage = String(d.serverMessage ?? '');
  const capability = namedCapability(serverMessage, capabilities);
  return new DeviceError('device_error', `the server refused to create a session (${d.webdriverError}): ${serverMessage}`, {
    where, stage: 'new session', status: d.status, webdriverError: d.webdriverError, serverMessage,
    ...(capability ? { capability } : {}),
    hint: capability ? `Check the capability ${capability} (Appium's driver docs list what it needs).` : 'Check the capabilities against the Appium driver\'s documentation, and that the driver is installed (`appium driver list --installed`).',
  });
}

export function namedCapability(message: string, capabilities: Record<string, unknown>): string | null {
  const quoted = [...message.matchAll(/['"‘“`]([^'"’”`\s][^'"’”`]{0,80})['"’”`]/g)].map((m) => m[1]!);
  const bare = (k: string) => k.replace(/^[^:]+:/, '');
  for (const q of quoted) {
    const byName = Object.keys(capabilities).find((k) => k === q || bare(k) === q);
    if (byName) return byName;
    const byValue = Object.keys(capabilities).find((k) => capabilities[k] === q);
    if (byValue) return byValue;
    // Named but not sent (a required capability is missing): spelled as it would have to be sent.
    if (/^[a-zA-Z][\w]*(:[\w]+)?$/.test(q) && /^[a-z]/.test(q) && !q.includes(' ')) return q.includes(':') || W3C_CAPABILITIES.has(q) ? q : `appium:${q}`;
  }
  return null;
}
