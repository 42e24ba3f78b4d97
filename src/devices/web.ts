import type { CDPSession, Page, Response } from '@playwright/test';
import type { Action, Node, Point, Snapshot } from '../model/schema.js';
import { importCdp } from '../formats/cdp.js';
import { DOM_SNAPSHOT_PARAMS, type AXNode, type CdpCapture, type DomSnapshot } from '../formats/cdp-types.js';
import { DeviceError, TargetError, isTreewrightError } from '../errors.js';
import { rowIndexOf } from './actions.js';
import { type Driver, type Key, type PerformResult, type SemanticRequest } from './driver.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import { performsOf } from './semantics.js';

export interface WebDriverOptions {
  /** The attribute holding the test handle (default `data-testid`, as Playwright's testIdAttribute). */
  testIdAttribute?: string;
  /** What to close with the device (the context and browser it launched); nothing for a page it was given. */
  owned?: () => Promise<void>;
  /** How long a navigation may take, ms. */
  navigationTimeout?: number;
}

const KEYS: Record<Key, string> = { enter: 'Enter', del: 'Backspace', end: 'End', back: 'Alt+ArrowLeft' };
const LONG_PRESS_MS = 800;

/**
 * A page in Chromium, over Playwright's own CDP session: the tree is Chromium's accessibility tree
 * joined with DOMSnapshot's layout and paint order (formats/cdp.ts); input is real (mouse, wheel and
 * keyboard events at the tap point), as Playwright's own actions are.
 */
export class WebDriver implements Driver {
  readonly kind = 'web';
  /** Scrolling and focus through CDP; the rest are input events (DRIVER_SEMANTICS). */
  readonly performs: readonly Action[] = performsOf('web');
  /** The one CDP session, as a promise so that overlapping first calls share it (none is opened twice). */
  private session: Promise<CDPSession> | null = null;
  private navigations = 0;
  /** The navigation count when the current action reached its target (see confirmTarget). */
  private actionNavigations = -1;
  private closed = false;

  constructor(readonly page: Page, private readonly options: WebDriverOptions = {}) {
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) this.navigations++; });
    // A navigation counts from its request, not only from its commit: a key that sends the page away
    // (a keydown handler setting location) must fail the typing even when the typing ends before the
    // new document commits, as it does on a loaded machine.
    page.on('request', (r) => { if (r.isNavigationRequest() && r.frame() === page.mainFrame()) this.navigations++; });
  }

  get description(): string {
    return `web:${this.page.isClosed() ? '(closed page)' : this.page.url()}`;
  }

  /** A running page / app: it changes on its own (capabilities come from the methods below: capabilitiesOf). */
  readonly live = true;

  private cdp(): Promise<CDPSession> {
    this.alive('capture');
    this.session ??= this.openSession();
    // A session that failed to open is not kept: the next call tries again.
    this.session.catch(() => { this.session = null; });
    return this.session;
  }

  private async openSession(): Promise<CDPSession> {
    const session = await this.page.context().newCDPSession(this.page);
    // The Accessibility domain stays enabled for the session's life: Chromium then keeps its
    // accessibility tree between captures instead of building it afresh for each getFullAXTree, and
    // sends no Accessibility.nodesUpdated after getFullAXTree (only loadComplete on navigation), so
    // the session is not flooded. A failure leaves captures working, only slower.
    await session.send('Accessibility.enable').catch(() => undefined);
    return session;
  }

  /** Throws the typed error for a closed page or browser. */
  private alive(stage: string): void {
    if (this.closed || this.page.isClosed()) {
      throw new DeviceError('device_unreachable', `${stage}: the page is closed`, { where: 'web', stage, hint: 'Keep the page open for the device\'s lifetime, or connect a new device.' });
    }
    if (!this.page.context().browser()?.isConnected() && this.page.context().browser() !== null) {
      throw new DeviceError('device_unreachable', `${stage}: the browser has closed`, { where: 'web', stage, hint: 'The browser crashed or was closed: connect a new device.' });
    }
  }

  /** Runs a page operation, turning Playwright's "closed" errors into typed ones naming the stage. */
  private async guard<T>(stage: string, body: () => Promise<T>): Promise<T> {
    this.alive(stage);
    try {
      return await body();
    } catch (e) {
      if (isTreewrightError(e)) throw e;
      const msg = (e as Error).message ?? String(e);
      if (/has been closed|Target closed|Session closed|browser has disconnected/i.test(msg)) {
        this.session = null;
        this.alive(stage);
        throw new DeviceError('device_unreachable', `${stage}: the page or browser closed (${msg.split('\n')[0]})`, { where: this.description, stage, hint: 'Connect a new device.' });
      }
      throw new DeviceError('device_error', `${stage}: ${msg.split('\n')[0]}`, { where: this.description, stage });
    }
  }

  /** One capture: the AX tree, the DOM snapshot and the viewport, asked for together. */
  async record(): Promise<CdpCapture> {
    return this.guard('capture', async () => {
      for (let attempt = 0; ; attempt++) {
        const s = await this.cdp();
        const navigationsBefore = this.navigations;
        // Issued together, the AX tree first: the renderer answers one at a time, so the browser turns
        // the large AX answer into JSON (and Node parses it) while the renderer takes the DOM snapshot.
        const answers = await Promise.all([
          s.send('Accessibility.getFullAXTree') as Promise<{ nodes: AXNode[] }>,
          s.send('DOMSnapshot.captureSnapshot', DOM_SNAPSHOT_PARAMS) as unknown as Promise<DomSnapshot>,
          this.page.evaluate(() => ({ width: innerWidth, height: innerHeight, dpr: devicePixelRatio, title: document.title, url: location.href })),
        ]).catch(async (e: unknown) => {
          // A navigation under way (the click before this capture followed a link): wait for the new page.
          if (attempt < 5 && /context was destroyed|Cannot find context|navigat|No node with given id/i.test((e as Error).message ?? '')) {
            await this.page.waitForLoadState('load').catch(() => undefined);
            return null;
          }
          throw e;
        });
        if (!answers) continue;
        const [ax, dom, metrics] = answers;
        // A navigation between the answers joins two different documents: capture again.
        if (this.navigations !== navigationsBefore && attempt < 5) {
          await this.page.waitForLoadState('load').catch(() => undefined);
          continue;
        }
        const { frames, unreadFrames } = await this.childFrames(s, dom);
        return {
          url: metrics.url, title: metrics.title, viewport: { width: metrics.width, height: metrics.height }, devicePixelRatio: metrics.dpr,
          ax: ax.nodes, dom, styles: DOM_SNAPSHOT_PARAMS.computedStyles, frames, unreadFrames,
        };
      }
    });
  }

  /**
   * Child frames: those in this process (their documents are in the DOM snapshot) are read as roots
   * of their own; the others (cross-origin, out of process) are named, never silently missing.
   */
  private async childFrames(s: CDPSession, dom: DomSnapshot): Promise<{ frames: CdpCapture['frames']; unreadFrames: string[] }> {
    const frames: NonNullable<CdpCapture['frames']> = [];
    const unreadFrames: string[] = [];
    const inProcess = new Map<string, string>(); // frameId → url
    dom.documents.slice(1).forEach((d) => inProcess.set(dom.strings[d.frameId] ?? '', dom.strings[d.documentURL] ?? ''));
    const ids = new Set(inProcess.keys());
    for (const [frameId, url] of inProcess) {
      const r = (await s.send('Accessibility.getFullAXTree', { frameId }).catch(() => null)) as { nodes: AXNode[] } | null;
      if (r) frames.push({ url, ax: r.nodes });
    }
    const main = this.page.mainFrame();
    for (const f of this.page.frames()) {
      if (f === main || f.isDetached()) continue;
      const url = f.url();
      if ([...inProcess.values()].includes(url) || url === 'about:blank' || url === '') continue;
      if (ids.size >= this.page.frames().length - 1) continue;
      unreadFrames.push(`${f.name() ? `"${f.name()}" ` : ''}${url}`);
    }
    return { frames, unreadFrames };
  }

  async capture(): Promise<Snapshot> {
    const recorded = await this.record();
    return importCdp(recorded, { ...(this.options.testIdAttribute ? { testIdAttribute: this.options.testIdAttribute } : {}), source: `web:${recorded.url}` });
  }

  async confirmTarget(node: Node, point: Point): Promise<void> {
    const backendNodeId = node.platform.backendNodeId;
    if (typeof backendNodeId !== 'number') return;
    const verdict = await this.guard('confirm target', async () => {
      const s = await this.cdp();
      const resolved = (await s.send('DOM.resolveNode', { backendNodeId }).catch(() => null)) as { object?: { objectId?: string } } | null;
      const objectId = resolved?.object?.objectId;
      if (!objectId) return 'detached';
      const r = (await s.send('Runtime.callFunctionOn', {
        objectId,
        returnByValue: true,
        arguments: [{ value: point.x }, { value: point.y }],
        functionDeclaration: `function (x, y) {
          if (!this.isConnected) return 'detached';
          const el = this.nodeType === 1 ? this : this.parentElement;
          const hit = document.elementFromPoint(x, y);
          if (!hit) return 'nothing at the point';
          if (hit === el || (el && el.contains(hit)) || this.contains && this.contains(hit)) return 'ok';
          return 'covered by <' + hit.tagName.toLowerCase() + (hit.id ? '#' + hit.id : '') + '>';
        }`,
      })) as { result?: { value?: unknown } };
      await s.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
      return String(r.result?.value ?? 'detached');
    });
    if (verdict !== 'ok') {
      throw new TargetError('stale_generation', `node #${node.id} changed since it was captured: ${verdict === 'detached' ? 'it is no longer in the page' : `at (${point.x}, ${point.y}) it is ${verdict}`}`, {
        where: this.description, hint: 'The locator is resolved again on a fresh capture.',
      });
    }
    this.actionNavigations = this.navigations;
  }

  /** Fails an input step when the page navigated away since the action reached its target. */
  private stillOnPage(stage: string): void {
    if (this.actionNavigations >= 0 && this.navigations !== this.actionNavigations) {
      const url = this.page.isClosed() ? '(closed)' : this.page.url();
      this.actionNavigations = -1;
      throw new DeviceError('device_error', `${stage}: the page navigated away (now ${url}) during the action`, {
        where: 'web', stage, hint: 'The next capture is of the new page; wait for the navigation before acting.',
      });
    }
  }

  async tap(x: number, y: number, options: { long?: boolean } = {}): Promise<void> {
    await this.guard('click', async () => {
      this.stillOnPage('click');
      await this.page.mouse.click(x, y, options.long ? { delay: LONG_PRESS_MS } : {});
    });
  }

  async selectAll(): Promise<void> {
    await this.guard('select all', async () => {
      this.stillOnPage('select all');
      await this.page.keyboard.press('ControlOrMeta+A');
    });
  }

  async typeText(text: string): Promise<void> {
    await this.guard('type', async () => {
      this.stillOnPage('type');
      await this.page.keyboard.type(text);
      this.stillOnPage('type');
    });
  }

  async pressKey(key: Key): Promise<void> {
    if (key === 'back') return this.back();
    await this.guard(`press ${KEYS[key]}`, async () => {
      this.stillOnPage(`press ${KEYS[key]}`);
      await this.page.keyboard.press(KEYS[key]);
    });
  }

  /** A wheel over `from`, by the drag's distance: scrolling on the web is the wheel, not a drag. */
  async swipe(from: Point, to: Point): Promise<void> {
    await this.guard('wheel', async () => {
      await this.page.mouse.move(from.x, from.y);
      await this.page.mouse.wheel(from.x - to.x, from.y - to.y);
      await this.settle();
    });
  }

  /** Two animation frames: wheel scrolling and layout have been applied. */
  private async settle(): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  }

  async perform(target: { snapshot: Snapshot; node: Node; rootId: string }, request: SemanticRequest): Promise<PerformResult> {
    const { node, snapshot } = target;
    switch (request.action) {
      case 'ScrollBy': {
        const b = node.bounds;
        const at = { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
        await this.swipe(at, { x: at.x - (request.dx ?? 0), y: at.y - (request.dy ?? 0) });
        return { performed: true, message: `wheel ${request.dx ?? 0}, ${request.dy ?? 0} over #${node.id}` };
      }
      case 'ScrollToIndex': {
        const index = indexSnapshot(snapshot);
        const end = index.subtreeEnd.get(node)!;
        for (let i = index.order.get(node)! + 1; i < end; i++) {
          const item = index.nodes[i]!;
          if (rowIndexOf(item) === request.index) {
            await this.scrollIntoView(item);
            return { performed: true, message: `item ${request.index} (#${item.id}) scrolled into view` };
          }
        }
        return { performed: false, message: `the list has no item at index ${request.index} (it holds ${countItems(index, node)})` };
      }
      case 'BringIntoView':
        await this.scrollIntoView(node);
        return { performed: true };
      case 'RequestFocus':
        await this.guard('focus', async () => (await this.cdp()).send('DOM.focus', { backendNodeId: backendId(node) }));
        return { performed: true };
      default:
        return { performed: false, message: `the web device performs ${request.action} through input events, not semantically` };
    }
  }

  async reveal(node: Node): Promise<boolean> {
    if (typeof node.platform.backendNodeId !== 'number') return false;
    await this.scrollIntoView(node);
    return true;
  }

  private async scrollIntoView(node: Node): Promise<void> {
    await this.guard('scroll into view', async () => {
      await (await this.cdp()).send('DOM.scrollIntoViewIfNeeded', { backendNodeId: backendId(node) });
      await this.settle();
    });
  }

  async back(): Promise<void> {
    await this.guard('back', async () => { await this.page.goBack({ timeout: this.options.navigationTimeout ?? 30_000 }); });
  }

  /** Goes to a URL (relative ones resolve against the current page); an HTTP error or a network failure is a typed error naming it. */
  async navigate(url: string): Promise<void> {
    await goto(this.page, url, this.options.navigationTimeout);
  }

  async screenshot(): Promise<Buffer> {
    return this.guard('screenshot', () => this.page.screenshot());
  }

  // Playwright's pointer, key and element actions (devices/actions.ts routes them: pointer, keys, element).

  async pressKeyName(key: string): Promise<void> {
    await this.guard(`press ${key}`, async () => { await this.page.keyboard.press(key); });
  }

  async hover(x: number, y: number): Promise<void> {
    await this.guard('hover', async () => { await this.page.mouse.move(x, y); });
  }

  async doubleClick(x: number, y: number): Promise<void> {
    await this.guard('double click', async () => {
      this.stillOnPage('double click');
      await this.page.mouse.dblclick(x, y);
    });
  }

  async blur(node: Node): Promise<void> {
    await this.onElement('blur', node, 'function () { this.blur(); return null; }');
  }

  /** As Playwright's selectOption: the option whose value, else whose label, is `option`; input and change events fire. */
  async selectOption(node: Node, option: string): Promise<string> {
    const r = await this.onElement('select option', node, `function (want) {
      if (!(this instanceof HTMLSelectElement)) return { error: 'the element is not a <select>' };
      const all = [...this.options];
      const o = all.find((x) => x.value === want) ?? all.find((x) => x.label.trim() === want.trim());
      if (!o) return { error: 'no option has the value or label ' + JSON.stringify(want), options: all.map((x) => x.label) };
      if (o.disabled) return { error: 'the option ' + JSON.stringify(want) + ' is disabled' };
      o.selected = true;
      this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
      return { value: o.value, label: o.label };
    }`, [option]) as { error?: string; options?: string[]; value?: string; label?: string };
    if (r.error) {
      throw new TargetError('target_not_found', `selectOption(${JSON.stringify(option)}) on #${node.id}: ${r.error}`, {
        where: this.description, hint: r.options ? `Give one of its options: ${r.options.map((x) => JSON.stringify(x)).join(', ')}.` : 'Select an option that is enabled.',
      });
    }
    return `selected ${JSON.stringify(r.label)} (value ${JSON.stringify(r.value)})`;
  }

  /** Calls a function on the node's DOM element (`this`), returning its JSON value. */
  private async onElement(stage: string, node: Node, fn: string, args: unknown[] = []): Promise<unknown> {
    return this.guard(stage, async () => {
      const s = await this.cdp();
      const { object } = await s.send('DOM.resolveNode', { backendNodeId: backendId(node) });
      const { result } = await s.send('Runtime.callFunctionOn', { objectId: object.objectId!, functionDeclaration: fn, arguments: args.map((value) => ({ value })), returnByValue: true });
      return result.value;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const session = this.session;
    this.session = null;
    await session?.then((x) => x.detach()).catch(() => undefined);
    await this.options.owned?.();
  }
}

function backendId(node: Node): number {
  const id = node.platform.backendNodeId;
  if (typeof id !== 'number') {
    throw new TargetError('invalid_arguments', `node #${node.id} has no backend DOM node id (it is not from a web capture)`, { hint: 'Act on nodes of the web device\'s own captures.' });
  }
  return id;
}

function countItems(index: ReturnType<typeof indexSnapshot>, node: Node): string {
  let n = 0;
  const end = index.subtreeEnd.get(node)!;
  for (let i = index.order.get(node)! + 1; i < end; i++) if (rowIndexOf(index.nodes[i]!) !== null) n++;
  return `${n} item${n === 1 ? '' : 's'}`;
}

/**
 * page.goto with the failure typed: an HTTP error status (named with the status), a DNS failure or a
 * refused connection (named with Chromium's net error), a timeout.
 */
export async function goto(page: Page, url: string, timeout = 30_000): Promise<Response | null> {
  let target = url;
  try { target = new URL(url, page.url() === 'about:blank' ? undefined : page.url()).href; } catch { /* page.goto reports it */ }
  let response: Response | null;
  try {
    response = await page.goto(target, { timeout, waitUntil: 'load' });
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    const net = /net::(ERR_[A-Z_]+)/.exec(msg)?.[1];
    const why = net === 'ERR_NAME_NOT_RESOLVED' ? 'the host name does not resolve (DNS)'
      : net === 'ERR_CONNECTION_REFUSED' ? 'the connection was refused (nothing listens there)'
      : net ? `the page did not load (${net})`
      : /Timeout/i.test(msg) ? `the page did not load within ${timeout}ms`
      : /invalid url|Protocol error/i.test(msg) ? 'it is not a URL Chromium can open'
      : msg.split('\n')[0]!;
    throw new DeviceError(/Timeout/i.test(msg) && !net ? 'device_timeout' : 'device_unreachable', `${target}: ${why}`, {
      where: 'web', url: target, ...(net ? { netError: net } : {}),
      hint: 'Check the URL and that the server is running (a test should start its own server on 127.0.0.1).',
    });
  }
  if (response && response.status() >= 400) {
    throw new DeviceError('device_error', `${target}: HTTP ${response.status()} ${response.statusText()}`.trimEnd(), {
      where: 'web', url: target, status: response.status(), hint: 'The server answered with an error: check the path, or the server\'s log.',
    });
  }
  return response;
}
