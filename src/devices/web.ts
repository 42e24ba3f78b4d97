import type { CDPSession, Page, Response } from '@playwright/test';
import type { Action, Node, Point, Snapshot } from '../model/schema.js';
import { DEFAULT_TEST_ID_ATTRIBUTE, axFocused, axToggle, importCdp, nameSources } from '../formats/cdp.js';
import { DOM_SNAPSHOT_PARAMS, type AXNode, type CdpCapture, type DomSnapshot } from '../formats/cdp-types.js';
import { DeviceError, FormatError, TargetError, isTreewrightError } from '../errors.js';
import { rowIndexOf } from './actions.js';
import { type Actionability, type Driver, type Key, type NodeNow, type PerformResult, type SemanticRequest } from './driver.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import { pageCheckable } from '../query/page-checkable.js';
import { webLabel } from '../query/get-by.js';
import { matchesText } from '../query/text.js';
import { roleAnswers, testIdMatches } from '../query/resolve.js';
import { roleNameMatches } from '../query/vocabulary.js';
import type { Selector } from '../query/selector.js';
import { mergedView } from '../facts/merged-view.js';
import { ARIA_ROLE_NAMES, type RoleFacts } from '../roles/aria.js';
import { WEB_ROLES, WEB_TYPED_INPUTS, WEB_VALUE_INPUTS, webEditability } from '../roles/web.js';
import { webRole } from '../formats/web-roles.js';
import { INSTALL_OTHERS, OTHERS_CALL } from './web-inpage-others.js';
import { INPAGE_CAPTURE_CALL, inpageCaptureInstall } from './web-inpage-capture.js';
import { axFromInpage, decodeInpage, joinInpage, placeInpageRects, type InpageCapture } from '../formats/cdp-inpage.js';
import { READ_RECTS, setRects, wantedRects } from '../formats/cdp-rects.js';
import { performsOf } from './semantics.js';
import { MAX_ANSWER_BYTES, withinTime } from './answer-limits.js';

export interface WebDriverOptions {
  /** The attribute holding the test handle (default `data-testid`, as Playwright's testIdAttribute). */
  testIdAttribute?: string;
  /** What to close with the device (the context and browser it launched); nothing for a page it was given. */
  owned?: () => Promise<void>;
  /** How long a navigation may take, ms. */
  navigationTimeout?: number;
  /** How long one capture's CDP answers may take, ms (default 30 s). */
  captureTimeout?: number;
  /**
   * Where a capture's roles, names and states come from: `'page'` (default) works them out in the page
   * as Chromium's accessibility tree has them (the in-page capture, docs/design.md §5), falling back to
   * Chromium's own tree wherever the page holds what it does not cover (frames, MathML) or changed while
   * read; `'chromium'` always asks Chromium (`Accessibility.getFullAXTree`).
   */
  axTree?: 'page' | 'chromium';
  /** Largest CDP answer a capture may ask for, bytes (default MAX_ANSWER_BYTES, as every driver's answers). */
  maxAnswerBytes?: number;
}

const KEYS: Record<Key, string> = { enter: 'Enter', del: 'Backspace', end: 'End', back: 'Alt+ArrowLeft' };
const LONG_PRESS_MS = 800;
/** The roles stillResolves judges before asking the page: an element with another role is named and judged after. */
const KNOWN_ROLES = [...new Set([...WEB_ROLES.keys(), ...ARIA_ROLE_NAMES])];

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
  /** Input this driver sent (taps, keys, wheel, scrolling, focus): a capture before it is not reused. */
  private inputs = 0;
  /** Each capture's change mark (see unchanged and stillResolves). */
  private readonly marks = new WeakMap<Snapshot, Mark>();
  /** The navigation count when the current action reached its target (see confirmTarget). */
  private actionNavigations = -1;
  /** The element the current action reached (checkActionable or confirmTarget) and the point checked: a click there must land on it. */
  private actionTarget: { backendNodeId: number; x: number; y: number } | null = null;
  /**
   * What `unchanged` read when it found the page changed: the capture that follows it at once (an action
   * resolving afresh) starts from these metrics, one call to the page fewer. Any other call to the page,
   * navigation or input in between drops them.
   */
  private changedMetrics: { metrics: PageMetrics; navigations: number; inputs: number } | null = null;
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
    if (stage !== 'capture') this.changedMetrics = null;
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
    return (await this.recordWatched()).capture;
  }

  /**
   * A capture and the page's change mark when it was taken (null when changes cannot all be watched:
   * frames, shadow roots). The mark is read first, on the same session, so a change while the tree is
   * read moves the mark past it.
   */
  private async recordWatched(): Promise<{ capture: CdpCapture; mark: Mark | null }> {
    return this.guard('capture', async () => {
      const inpage = this.options.axTree !== 'chromium';
      for (let attempt = 0; ; attempt++) {
        const s = await this.cdp();
        const navigationsBefore = this.navigations;
        const known = attempt === 0 ? this.takeChangedMetrics() : null;
        // One call before the answers: the change mark, the viewport and the size check (answerWithinCap).
        const answers = await (known ? Promise.resolve(known) : this.measure(s)).then((metrics) => {
          this.answerWithinCap(metrics.floor);
          // Issued together, the larger answer first: the renderer answers one at a time, so one answer is
          // turned into JSON and parsed while the renderer works on the other. Chromium's AX tree is larger
          // than the DOM snapshot; the in-page answer (one string) is smaller.
          const ax = inpage ? null : (s.send('Accessibility.getFullAXTree') as Promise<{ nodes: AXNode[] }>).then((r) => r.nodes);
          const dom = s.send('DOMSnapshot.captureSnapshot', DOM_SNAPSHOT_PARAMS) as unknown as Promise<DomSnapshot>;
          return Promise.all([metrics, ax ?? this.inpageAnswer(s), dom]);
        }).catch(async (e: unknown) => {
          if (isTreewrightError(e)) throw e;
          // A navigation under way (the click before this capture followed a link): wait for the new page.
          if (attempt < 5 && /context was destroyed|Cannot find (default execution )?context|navigat|No node with given id/i.test((e as Error).message ?? '')) {
            await this.page.waitForLoadState('load').catch(() => undefined);
            return null;
          }
          throw e;
        });
        if (!answers) continue;
        const [metrics, answer, dom] = answers;
        // A navigation between the answers joins two different documents: capture again.
        if (this.navigations !== navigationsBefore && attempt < 5) {
          await this.page.waitForLoadState('load').catch(() => undefined);
          continue;
        }
        // The in-page answer read with the snapshot of the same page (its first document: child frames' are
        // read from Chromium's tree below), or (MathML, a page that changed between the two) Chromium's own tree.
        const pageAnswer = answer && !Array.isArray(answer) ? answer : null;
        const join = pageAnswer ? joinInpage(pageAnswer, dom) : null;
        const fromPage = Array.isArray(answer) ? answer : pageAnswer && join ? axFromInpage(pageAnswer, dom, join) : null;
        // The rects the page read with its answer; the elements' own for the rest (none, mostly).
        if (pageAnswer && join) placeInpageRects(pageAnswer, dom, join);
        await fillRects(s, dom);
        const ax = fromPage ?? ((await s.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }).nodes;
        const { frames, unreadFrames } = await this.childFrames(s, dom);
        const capture: CdpCapture = {
          url: metrics.url, title: metrics.title, viewport: { width: metrics.width, height: metrics.height }, devicePixelRatio: metrics.dpr,
          ax, dom, styles: DOM_SNAPSHOT_PARAMS.computedStyles, frames, unreadFrames,
        };
        // Mutations in frames and shadow trees are out of the watcher's sight: such a capture is never
        // reused as it is (unchanged). A closed shadow tree is out of the page's own sight as well, so its
        // capture is never checked in the page either (stillResolves).
        const shadow = dom.documents[0]!.nodes.shadowRootType;
        const watched = dom.documents.length === 1 && !shadow?.index.length && unreadFrames.length === 0;
        const closed = shadow?.value.some((v) => dom.strings[v] === 'closed') ?? false;
        return { capture, mark: metrics.mark && !closed ? { page: metrics.mark, navigations: this.navigations, inputs: this.inputs, watched, frames: dom.documents.length > 1 } : null };
      }
    });
  }

  /** The isolated world the in-page capture runs in (page scripts cannot change what it calls), by the main frame's document. */
  private world: Promise<number> | null = null;

  /**
   * The in-page capture's answer (web-inpage-capture.ts), run in a world of its own, as Playwright runs
   * its injected script; null where it does not cover the page (it answers null) or could not run (a
   * world lost to a navigation is made again once): the capture then asks Chromium.
   */
  private async inpageAnswer(s: CDPSession): Promise<InpageCapture | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      this.world ??= this.makeWorld(s);
      const contextId = await this.world.catch(() => null);
      const text = contextId === null ? undefined : await evaluate<unknown>(s, INPAGE_CAPTURE_CALL, contextId).catch(() => undefined);
      if (text !== undefined) return decodeInpage(text);
      this.world = null;
    }
    return null;
  }

  /** A world of its own for the main frame's document, with the in-page capture installed for this browser's version. */
  private async makeWorld(s: CDPSession): Promise<number> {
    const { frameTree } = (await s.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const { executionContextId } = (await s.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'treewright-capture' })) as { executionContextId: number };
    const chromium = Number(this.page.context().browser()?.version().split('.')[0]) || Infinity;
    await evaluate(s, inpageCaptureInstall(chromium), executionContextId);
    return executionContextId;
  }

  /** The largest CDP answer a capture may ask for, bytes. */
  private get answerLimit(): number {
    return this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  }

  /** The change mark, the viewport and the size check of a capture about to be taken. */
  private measure(s: CDPSession): Promise<PageMetrics> {
    return evaluate<PageMetrics>(s, measureWithin(this.answerLimit, null));
  }

  /** The metrics `unchanged` read just before, when nothing has happened to the page since. */
  private takeChangedMetrics(): PageMetrics | null {
    const m = this.changedMetrics;
    this.changedMetrics = null;
    return m && m.navigations === this.navigations && m.inputs === this.inputs ? m.metrics : null;
  }

  /**
   * CDP answers come through Playwright's session, which reads each one whole: the cap is kept by asking
   * the page first how large its DOM snapshot answer must at least be (ANSWER_FLOOR, worked out only
   * when a cheaper bound does not already keep it under the cap), and refusing the capture as
   * too_large when that is over the cap, before the answer exists.
   */
  private answerWithinCap(floor: number | null): void {
    const limit = this.answerLimit;
    if (floor !== null && floor > limit) {
      throw new FormatError('too_large', `capture: Chromium's DOM snapshot of the page would be at least ${floor} bytes, over the ${limit}-byte limit for one answer`, {
        where: this.description, stage: 'capture', limit, size: floor,
        hint: 'The page holds more than one answer may carry (long texts or attribute values, a huge DOM): capture a smaller page, or raise maxAnswerBytes.',
      });
    }
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
    // CDP calls have no timeout of their own: a renderer stuck in a script would hold the capture forever.
    const { capture: recorded, mark } = await withinTime(this.recordWatched(), this.options.captureTimeout ?? 30_000, { where: this.description, stage: 'capture', from: 'Chromium' }, 'The page is busy (a long script, a debugger pause): wait for it, or raise captureTimeout.');
    const snapshot = importCdp(recorded, { ...(this.options.testIdAttribute ? { testIdAttribute: this.options.testIdAttribute } : {}), source: `web:${recorded.url}` });
    if (mark) this.marks.set(snapshot, mark);
    return snapshot;
  }

  /**
   * Whether the page is still as this capture of it shows: no DOM mutation, scroll, resize, focus
   * change, form input, animation or transition event, hover change, navigation, nor input from this
   * driver since it was taken. What a script changes without touching the DOM (an input's value
   * property) is not seen: the action layer re-resolves on a fresh capture whenever the reused one
   * does not give an actionable target, and the target itself is checked in the page.
   */
  async unchanged(snapshot: Snapshot): Promise<boolean> {
    const mark = this.marks.get(snapshot);
    if (!mark?.watched || this.closed || this.page.isClosed()) return false;
    // The mark alone when the page's is as it was; else, in the same call, the metrics a capture starts
    // with, so that the capture right after a change needs no call of its own.
    const read = await this.guard('check for changes', async () => evaluate<PageMetrics | { mark: string }>(await this.cdp(), measureWithin(this.answerLimit, mark.page))).catch(() => null);
    const same = read?.mark === mark.page && this.navigations === mark.navigations && this.inputs === mark.inputs;
    this.changedMetrics = read && 'url' in read && !same ? { metrics: read, navigations: this.navigations, inputs: this.inputs } : null;
    return same;
  }

  /**
   * Whether the locator, which resolved on `snapshot` (an earlier capture of this page) to `node` alone,
   * still finds that element alone now that the page has changed: Chromium's own role and name for the
   * element (`Accessibility.getPartialAXTree`, that node only) still answer to it, and no other element
   * does by the in-page rules (web-inpage-others.ts: every element's role, the names of those whose role
   * is wanted, open shadow trees included); for getByTestId, Chromium keeps the element in its tree,
   * its test id still matches and no other element's does; for getByLabel, Chromium's name for it still
   * comes from a label source and matches, and no other element a label or an attribute may name is
   * named so by the in-page rules. Only a locator the page can check
   * (pageCheckable), on a capture of the same document that read no child frame and saw no closed
   * shadow tree, while the page holds no frame whose document it can read (a capture would search that
   * frame too).
   */
  async stillResolves(snapshot: Snapshot, node: Node, selector: Selector): Promise<NodeNow | null> {
    const step = pageCheckable(selector);
    const mark = this.marks.get(snapshot);
    const backendNodeId = node.platform.backendNodeId;
    if (!step || !mark || mark.frames || mark.navigations !== this.navigations || typeof backendNodeId !== 'number' || this.closed || this.page.isClosed()) return null;
    if (mergedView(snapshot).mergedCount > 0) return null;
    // What Chromium reads of the node now, once the locator is confirmed.
    const now = (ax: AXNode): NodeNow => ({ toggle: axToggle(ax), focused: axFocused(ax) });
    const s = await this.cdp();
    const documentId = mark.page.split(':')[0];
    const ask = (options: object) => Promise.all([
      s.send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false }).then((r) => (r as { nodes: AXNode[] }).nodes.find((n) => n.backendDOMNodeId === backendNodeId) ?? null, () => null),
      this.guard('check the locator', async () => {
        const answer = await this.callOnNode(backendNodeId, OTHERS_CALL, [{ ...options, mark: documentId }]);
        if (answer !== 'install') return answer;
        await evaluate(s, INSTALL_OTHERS);
        return this.callOnNode(backendNodeId, OTHERS_CALL, [{ ...options, mark: documentId }]);
      }).then((a) => (Array.isArray(a) ? a as Array<string | null> : null), () => null),
    ]);
    if (step.kind === 'label') {
      // Chromium's name for the element, from a label source, still matches; no other element a label or
      // an attribute may name is named so by the in-page rules.
      const [ax, names] = await ask({ label: true });
      if (!ax || ax.ignored || !names) return null;
      const own = webLabel(nameSources(ax).first?.type, typeof ax.name?.value === 'string' ? ax.name.value : null);
      return matchesText(own, step.text, step.exact) && !names.some((n) => matchesText(n, step.text, step.exact)) ? now(ax) : null;
    }
    if (step.kind === 'testId') {
      // The element's own value and every other element's; an ignored node is left to a capture (whether
      // Chromium's tree keeps one is not the page's to say).
      const [ax, values] = await ask({ attribute: this.options.testIdAttribute ?? DEFAULT_TEST_ID_ATTRIBUTE });
      return ax && !ax.ignored && values && testIdMatches(values[0] ?? null, step.id) && !values.slice(1).some((v) => testIdMatches(v, step.id)) ? now(ax) : null;
    }
    const answers = roleAnswers(step);
    const facts = (rawRole: string): RoleFacts => ({ kind: 'web', role: webRole(rawRole), rawRole });
    const want = step.options.name;
    const [ax, others] = await ask({ roles: KNOWN_ROLES.filter((r) => answers(facts(r))), known: KNOWN_ROLES });
    const axRole = ax?.role?.value;
    const axName = typeof ax?.name?.value === 'string' ? ax.name.value : '';
    // The target by Chromium's own reading; an empty name is not its name to a locator where it is a field's text.
    if (!ax || ax.ignored || typeof axRole !== 'string' || !answers(facts(axRole)) || (want !== undefined && (axName === '' || !roleNameMatches(axName, want, step.options.exact)))) return null;
    if (!others) return null;
    // Another element that may answer (a field's name the page leaves to its text counts as one) sends the action to a capture.
    for (let k = 0; k < others.length; k += 2) {
      const name = others[k + 1] ?? null;
      if (answers(facts(String(others[k]))) && (want === undefined || name === null || roleNameMatches(name, want, step.options.exact))) return null;
    }
    return now(ax);
  }

  /**
   * Calls a function on a node's DOM node in the page (`this` is the node), by value; null when the node
   * is no longer in the document (its backend id does not resolve).
   */
  private async callOnNode(backendNodeId: number, functionDeclaration: string, args: unknown[]): Promise<unknown> {
    const s = await this.cdp();
    const r = await this.onNode(s, backendNodeId, async (objectId) => {
      const r = (await s.send('Runtime.callFunctionOn', {
        objectId, functionDeclaration, returnByValue: true, awaitPromise: true, arguments: args.map((value) => ({ value })),
      })) as { result?: { value?: unknown }; exceptionDetails?: { text?: string } };
      return r.exceptionDetails ? { threw: r.exceptionDetails.text ?? 'the check threw in the page' } : { value: r.result?.value ?? null };
    });
    if (r && 'threw' in r) throw new Error(r.threw);
    return r?.value ?? null;
  }

  /**
   * `send` on the page object of a node, null when the node no longer resolves. `send` rejects only where
   * the call did not reach the page's function (its object released, its document gone).
   */
  private async onNode<R>(s: CDPSession, backendNodeId: number, send: (objectId: string) => Promise<R>): Promise<R | null> {
    const held = this.held?.backendNodeId === backendNodeId ? this.held : null;
    const objectId = held ? held.objectId : this.hold(s, backendNodeId);
    const id = await objectId;
    if (!id) {
      if (this.held?.objectId === objectId) this.held = null;
      return null;
    }
    const r = await send(id).then((value) => ({ value }), () => null);
    if (r) return r.value;
    // A page object outlives its document (a frame navigated) or was released by a call on another node
    // meanwhile: this call resolves its own.
    if (this.held?.objectId === objectId) this.held = null;
    const own = await objectIdOf(s, backendNodeId);
    if (!own) return null;
    try {
      return await send(own);
    } finally {
      release(s, { objectId: own });
    }
  }

  /**
   * The page object of the node the action works on, kept for its next calls (resolving a node is a round
   * trip of its own); one at a time, the one before released. In-page functions check that their node
   * is still in the document, so a kept object of a node since removed answers as a fresh one would.
   */
  private held: { backendNodeId: number; objectId: Promise<string | null> } | null = null;

  private hold(s: CDPSession, backendNodeId: number): Promise<string | null> {
    const before = this.held;
    if (before) void before.objectId.then((id) => { if (id) release(s, { objectId: id }); });
    const objectId = objectIdOf(s, backendNodeId);
    this.held = { backendNodeId, objectId };
    return objectId;
  }

  async confirmTarget(node: Node, point: Point): Promise<void> {
    const backendNodeId = node.platform.backendNodeId;
    if (typeof backendNodeId !== 'number') return;
    const verdict = await this.guard('confirm target', async () => String(await this.callOnNode(backendNodeId, HIT_AT_POINT, [point.x, point.y]) ?? 'detached'));
    if (verdict !== 'ok') throw this.stale(node, verdict === 'detached' ? 'it is no longer in the page' : `at (${point.x}, ${point.y}) it is ${verdict}`);
    this.actionNavigations = this.navigations;
    this.actionTarget = { backendNodeId, x: point.x, y: point.y };
  }

  /**
   * Actionability of the one target, in the page (ACTIONABLE_IN_PAGE), as Playwright checks it: no
   * capture of the whole tree. A node that passes is the target of the input that follows (a
   * navigation from here on fails that input).
   */
  async checkActionable(node: Node, point: Point, need: { enabled: boolean; hittable: boolean; editable: boolean; stable: boolean; fresh: boolean }): Promise<Actionability> {
    const backendNodeId = node.platform.backendNodeId;
    if (typeof backendNodeId !== 'number') return { ok: false, code: 'target_not_found', reason: 'the node has no DOM node to act on' };
    const box = node.layoutBounds ?? node.bounds;
    const v = await this.guard('check actionability', () => this.callOnNode(backendNodeId, ACTIONABLE_IN_PAGE, [point.x, point.y, box.x, box.y, box.width, box.height, need.enabled, need.hittable, need.fresh, need.editable, need.stable])) as
      ({ verdict: 'ok'; x: number; y: number } | { verdict: Exclude<Extract<Actionability, { ok: false }>['code'], 'detached'>; reason: string }) & { field?: [string, string | null, string | null, boolean] } | null;
    if (!v) return { ok: false, code: 'detached', reason: 'the node is no longer in the page' };
    // The live element's attributes, judged after enabled and before where it is, as Playwright orders them.
    const editable = v.field ? webEditability(v.field[0], node.rawRole ?? '', v.field[1], v.field[2], v.field[3]) : 'editable';
    if (editable !== 'editable') return { ok: false, code: 'target_disabled', reason: editable === 'read-only' ? 'the node is read-only' : 'the node is not editable' };
    if (v.verdict === 'ok') {
      this.actionNavigations = this.navigations;
      // Forced (no hit check), the click goes where it goes, as Playwright's force.
      this.actionTarget = need.hittable ? { backendNodeId, x: v.x, y: v.y } : null;
      return { ok: true, point: { x: v.x, y: v.y } };
    }
    return { ok: false, code: v.verdict, reason: v.reason };
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
      this.inputs++;
      this.stillOnPage('click');
      const target = this.actionTarget;
      this.actionTarget = null;
      const watch = target && target.x === x && target.y === y ? await this.interceptOn(target.backendNodeId) : null;
      let landed = 'ok';
      try {
        await this.page.mouse.click(x, y, options.long ? { delay: LONG_PRESS_MS } : {});
      } finally {
        if (watch) landed = await watch();
      }
      if (landed !== 'ok') {
        throw new TargetError('stale_generation', `click at (${x}, ${y}): ${landed} (the click was held back; the locator is resolved again)`, {
          where: this.description, hint: 'Something moved over the target between the check and the click: it is checked again; { force: true } clicks anyway.',
        });
      }
    });
  }

  /**
   * As Playwright's hit-target interceptor: until the click is over, the pointer and mouse events that
   * would reach another element than the target (something moved or appeared over it after the check)
   * are held back in the page. Answers a function that stops watching and says where the click landed:
   * 'ok', or what took it. A page that navigated or a target gone says 'ok' (nothing is held back there).
   */
  private async interceptOn(backendNodeId: number): Promise<(() => Promise<string>) | null> {
    const s = await this.cdp();
    const armed = (await this.onNode(s, backendNodeId, (objectId) => s.send('Runtime.callFunctionOn', { objectId, functionDeclaration: INTERCEPT_CLICK })).catch(() => null)) as { result?: { objectId?: string } } | null;
    const watcher = armed?.result?.objectId;
    if (!watcher) return null;
    return async () => {
      const r = (await s.send('Runtime.callFunctionOn', { objectId: watcher, functionDeclaration: 'function () { return this.stop(); }', returnByValue: true }).catch(() => null)) as { result?: { value?: unknown } } | null;
      release(s, { objectId: watcher });
      return typeof r?.result?.value === 'string' ? r.result.value : 'ok';
    };
  }

  async focusForKeys(node: Node): Promise<void> {
    const backendNodeId = backendId(node);
    const done = await this.guard('focus', async () => {
      this.inputs++;
      return await this.callOnNode(backendNodeId, FOCUS_FOR_KEYS, []);
    });
    if (done === null) throw this.stale(node, 'it is no longer in the page');
  }

  /** The error that sends an action whose node changed since its capture back to resolve its locator on a fresh one. */
  private stale(node: Node, why: string): TargetError<'stale_generation'> {
    return new TargetError('stale_generation', `node #${node.id} changed since it was captured: ${why}`, {
      where: this.description, hint: 'The locator is resolved again on a fresh capture.',
    });
  }

  async fillField(node: Node, text: string): Promise<void> {
    const backendNodeId = backendId(node);
    const r = await this.guard('ready the field', async () => {
      this.inputs++;
      this.stillOnPage('ready the field');
      return await this.callOnNode(backendNodeId, FILL_FIELD, [text, WEB_TYPED_INPUTS, Object.keys(WEB_VALUE_INPUTS)]);
    }) as { done: 'selected' | 'set' } | { refused: 'type' | 'number' | 'malformed' | 'element'; type?: string } | null;
    if (!r) throw this.stale(node, 'it is no longer in the page');
    if ('done' in r) {
      if (r.done === 'set') return;
      if (text) await this.insertText(text);
      else await this.textInput('delete', () => this.page.keyboard.press('Delete'));
      return;
    }
    const what = `fill(${JSON.stringify(text)}) on #${node.id}`;
    switch (r.refused) {
      case 'number':
        throw new TargetError('invalid_arguments', `${what}: a number input takes no text that is not a number`, { where: this.description, hint: "Fill it with a number, e.g. fill('42')." });
      case 'malformed':
        throw new TargetError('invalid_arguments', `${what}: the ${r.type} input did not take the value`, {
          where: this.description, hint: `Write the value as the input's own value reads, e.g. ${WEB_VALUE_INPUTS[r.type ?? ''] ?? 'its value attribute'}.`,
        });
      case 'type':
        throw new DeviceError('action_unavailable', `${what}: an <input type=${r.type}> cannot be filled`, { where: this.description, hint: 'Use check() for a checkbox or radio, setInputFiles in Playwright for a file, click() for a button.' });
      default:
        throw new DeviceError('action_unavailable', `${what}: the element is not an <input>, a <textarea> or contenteditable`, { where: this.description, hint: 'Find the field itself, e.g. getByRole(\'textbox\', { name: \'…\' }) or getByLabel(\'…\').' });
    }
  }

  async typeText(text: string): Promise<void> {
    await this.textInput('type', () => this.page.keyboard.type(text));
  }

  /** Text into the focused field as one input, replacing its selection, with no key events: fill's (typing is pressSequentially's). */
  private async insertText(text: string): Promise<void> {
    await this.textInput('insert text', () => this.page.keyboard.insertText(text));
  }

  /** Text sent to the focused field: input of this driver's own, on the page the action reached, before and after. */
  private async textInput(stage: string, send: () => Promise<void>): Promise<void> {
    await this.guard(stage, async () => {
      this.inputs++;
      this.stillOnPage(stage);
      await send();
      this.stillOnPage(stage);
    });
  }

  async pressKey(key: Key): Promise<void> {
    if (key === 'back') return this.back();
    await this.guard(`press ${KEYS[key]}`, async () => {
      this.inputs++;
      this.stillOnPage(`press ${KEYS[key]}`);
      await this.page.keyboard.press(KEYS[key]);
    });
  }

  /** A wheel over `from`, by the drag's distance: scrolling on the web is the wheel, not a drag. */
  async swipe(from: Point, to: Point): Promise<void> {
    await this.guard('wheel', async () => {
      this.inputs++;
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
        this.inputs++;
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
      this.inputs++;
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

  /** As Playwright's locator.screenshot(): scrolled into view, then the page clipped to the element's box. */
  async screenshotNode(node: Node): Promise<Buffer> {
    await this.scrollIntoView(node);
    const box = await this.onElement('screenshot', node, `function () {
      const el = this.nodeType === 1 ? this : this.parentElement;
      const r = el.getBoundingClientRect();
      return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
    }`) as { x: number; y: number; width: number; height: number };
    if (!(box.width > 0 && box.height > 0)) {
      throw new DeviceError('action_unavailable', `screenshot of #${node.id}: the element has no box`, { where: this.description, hint: 'Screenshot a visible element, or take device.screenshot().' });
    }
    // Whole pixels enclosing the box, as Playwright's element screenshot rounds it.
    const x = Math.floor(box.x + 1e-3), y = Math.floor(box.y + 1e-3);
    const clip = { x, y, width: Math.ceil(box.x + box.width - 1e-3) - x, height: Math.ceil(box.y + box.height - 1e-3) - y };
    return this.guard('screenshot', () => this.page.screenshot({ clip, fullPage: true }));
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

  /** As Playwright's dragTo: the mouse moves to `from`, presses, moves to `to`, releases (Chromium's HTML drag and drop included). */
  async drag(from: Point, to: Point): Promise<void> {
    await this.guard('drag', async () => {
      this.inputs++;
      this.stillOnPage('drag');
      await this.page.mouse.move(from.x, from.y);
      await this.page.mouse.down();
      await this.page.mouse.move(to.x, to.y);
      await this.page.mouse.up();
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

/**
 * Lets the page drop an object (or a group) the session held: sent, not awaited. The session answers in
 * order, so nothing sent after it can find the object, and the answer says nothing an action needs.
 */
function release(s: CDPSession, what: { objectId: string } | { objectGroup: string }): void {
  const sent = 'objectId' in what ? s.send('Runtime.releaseObject', what) : s.send('Runtime.releaseObjectGroup', what);
  sent.catch(() => undefined);
}

/** The page object of a backend node, or null when it no longer resolves (gone from the document). */
async function objectIdOf(s: CDPSession, backendNodeId: number, objectGroup?: string): Promise<string | null> {
  const r = (await s.send('DOM.resolveNode', { backendNodeId, ...(objectGroup ? { objectGroup } : {}) }).catch(() => null)) as { object?: { objectId?: string } } | null;
  return r?.object?.objectId ?? null;
}

/**
 * Reads the client and scroll rects the importer needs that the capture has not (formats/cdp-rects.ts:
 * the in-page capture reads those of the elements it styled; frames' documents are read here whole),
 * each from its element, all in one call per document. An element gone since the snapshot keeps an
 * empty array (no clip, no scrolling), as a detached element would have.
 */
export async function fillRects(s: CDPSession, dom: DomSnapshot): Promise<void> {
  const wanted = wantedRects(dom, DOM_SNAPSHOT_PARAMS.computedStyles);
  if (wanted.length === 0) return;
  const group = 'treewright-rects';
  try {
    // Sent together: the session answers them in order without waiting on each.
    const ids = await Promise.all(wanted.map((w) => objectIdOf(s, w.backendNodeId, group)));
    // One call per document: a function takes elements of its own document's world only.
    const byDoc = new Map<number, Array<{ objectId: string; k: number }>>();
    ids.forEach((objectId, k) => {
      if (!objectId) return;
      const doc = wanted[k]!.doc;
      if (!byDoc.has(doc)) byDoc.set(doc, []);
      byDoc.get(doc)!.push({ objectId, k });
    });
    await Promise.all([...byDoc.values()].map(async (live) => {
      const r = (await s.send('Runtime.callFunctionOn', {
        objectId: live[0]!.objectId, returnByValue: true, arguments: live.map(({ objectId }) => ({ objectId })),
        functionDeclaration: `function (...els) { return els.map((e) => e.isConnected ? ${READ_RECTS} : null); }`,
      })) as { result?: { value?: Array<number[] | null> } };
      const values = r.result?.value ?? [];
      live.forEach(({ k }, j) => {
        const v = values[j];
        if (v) setRects(dom, wanted[k]!.doc, wanted[k]!.li, v);
      });
    }));
  } finally {
    release(s, { objectGroup: group });
  }
}

interface PageMetrics { width: number; height: number; dpr: number; title: string; url: string; mark: string | null; floor: number | null }

/**
 * A capture's change mark: the page's (its watcher's: the document's id, then its count of changes …),
 * the navigations and input the driver had counted, whether the watcher sees every change (no
 * frames or shadow trees), and whether the capture read a child frame's document.
 */
interface Mark { page: string; navigations: number; inputs: number; watched: boolean; frames: boolean }

/** An expression's value, in the page's own world or (`contextId`) another; its exception thrown. */
async function evaluate<T>(s: CDPSession, expression: string, contextId?: number): Promise<T> {
  const r = (await s.send('Runtime.evaluate', { expression, returnByValue: true, ...(contextId === undefined ? {} : { contextId }) })) as { result?: { value?: unknown }; exceptionDetails?: { text?: string; exception?: { description?: string } } };
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? 'evaluation failed');
  return r.result?.value as T;
}

/**
 * The change watcher, installed once per document under a symbol (no name a page would use): a
 * MutationObserver over the whole document and capturing listeners for what changes the tree or its
 * geometry without a mutation. Its mark is a random id per document, a count of changes, the viewport
 * and the scroll position; reading it takes the observer's pending records first, so a mutation made
 * just before is counted.
 */
const WATCHER = `(() => {
  const key = Symbol.for('treewright.watch');
  let w = window[key];
  if (!w) {
    const state = { id: Math.random().toString(36).slice(2), changes: 0 };
    const observer = new MutationObserver((records) => { state.changes += records.length; });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const bump = () => { state.changes++; };
    for (const type of ['scroll', 'resize', 'focusin', 'focusout', 'input', 'change', 'toggle', 'load', 'error', 'pointerover', 'pointerout',
      'animationstart', 'animationiteration', 'animationend', 'transitionrun', 'transitionend', 'fullscreenchange']) {
      // On the document as well: an element's load never reaches the window.
      addEventListener(type, bump, { capture: true, passive: true });
      document.addEventListener(type, bump, { capture: true, passive: true });
    }
    // The viewport and the page's scroll position read as they are now: their resize and scroll events
    // come only with the next frame, after an action may already have asked.
    w = { take: () => { state.changes += observer.takeRecords().length; return [state.id, state.changes, innerWidth, innerHeight, devicePixelRatio, scrollX, scrollY].join(':'); } };
    Object.defineProperty(window, key, { value: w });
  }
  return w;
})()`;


/**
 * In the page: a lower bound of DOMSnapshot.captureSnapshot's answer, in bytes. The answer lists every
 * node of the document (parent, type, name, value, backend id and attributes: at least 13 bytes of
 * JSON each) and every distinct string once (names, texts, attribute names and values: at least its
 * length in UTF-16 units, plus quotes and a comma). Shadow trees and frames only add to it.
 */
export const ANSWER_FLOOR = `(() => {
  const seen = new Set();
  let nodes = 0, bytes = 0;
  const str = (v) => { if (v && !seen.has(v)) { seen.add(v); bytes += v.length + 3; } };
  const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  for (let n = w.currentNode; n; n = w.nextNode()) {
    nodes++;
    str(n.nodeName);
    if (n.nodeType === 3 || n.nodeType === 8) str(n.nodeValue);
    if (n.nodeType === 1) for (const a of n.attributes) { str(a.name); str(a.value); }
  }
  return bytes + 13 * nodes;
})()`;

/**
 * In the page: an upper bound of ANSWER_FLOOR, without its set of distinct strings (every string
 * counted each time it occurs). When it is within the cap the floor is too, and is not worked out.
 */
const FLOOR_CEILING = `(() => {
  let nodes = 0, bytes = 0;
  const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  for (let n = w.currentNode; n; n = w.nextNode()) {
    nodes++;
    bytes += n.nodeName.length + 3;
    if (n.nodeType === 3 || n.nodeType === 8) bytes += n.nodeValue.length + 3;
    if (n.nodeType === 1) for (const a of n.attributes) bytes += a.name.length + a.value.length + 6;
  }
  return bytes + 13 * nodes;
})()`;

/**
 * The change mark (the watcher installed first), the viewport and the page's title and URL, and the
 * DOM snapshot answer's floor when its ceiling passes `limit` (else null: within the cap). With
 * `unless`, a mark equal to it comes alone (`{ mark }`: nothing has changed, nothing else is read).
 */
function measureWithin(limit: number, unless: string | null): string {
  return `(() => { const mark = ${WATCHER}.take();
    ${unless === null ? '' : `if (mark === ${JSON.stringify(unless)}) return { mark };`}
    return { width: innerWidth, height: innerHeight, dpr: devicePixelRatio, title: document.title, url: location.href, mark,
      floor: ${FLOOR_CEILING} > ${Math.floor(limit)} ? ${ANSWER_FLOOR} : null }; })()`;
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

/** In-page source: an element as a hit message names it, `<tag#id>`. */
const TAG_OF = `function tagOf(e) { return '<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '>'; }`;

/**
 * In the page: the element at a point, into open shadow roots (a document's elementFromPoint answers the
 * shadow host), and whether a hit element is the target or inside it, across shadow roots: as
 * Playwright's hit-target check reads them.
 */
const HIT_TEST = `function deepHit(doc, x, y) {
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}
function reaches(hit, el) {
  for (let p = hit; p; p = p.parentNode || p.host) if (p === el) return true;
  return false;
}`;

/**
 * In the page, `this` the click's target: watches the pointer and mouse events of the click in the
 * capture phase; the first one decides whether the click reaches the target (its path holds it), and
 * when it does not, that event and the rest of the click are held back (not delivered to the page).
 * Answers a watcher whose stop() ends the watch and says 'ok' or what took the click.
 */
const INTERCEPT_CLICK = `function () {
  ${TAG_OF}
  const target = this, win = this.ownerDocument.defaultView;
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'contextmenu'];
  let verdict = null;
  const watch = (e) => {
    if (!e.isTrusted) return;
    if (verdict === null) {
      const path = e.composedPath();
      if (path.includes(target)) verdict = 'ok';
      else {
        const hit = path[0] && path[0].nodeType === 1 ? path[0] : null;
        verdict = hit ? tagOf(hit) + ' would have taken it' : 'it would have missed the target';
      }
    }
    if (verdict !== 'ok') { e.preventDefault(); e.stopImmediatePropagation(); }
  };
  for (const t of types) win.addEventListener(t, watch, { capture: true });
  return { stop() { for (const t of types) win.removeEventListener(t, watch, { capture: true }); return verdict === null ? 'ok' : verdict; } };
}`;

/**
 * In the page, `this` the node: focused for keys as Playwright's press and pressSequentially focus it
 * (its injected script's focusNode): a contenteditable element that lacks focus first takes it from the
 * focused element; an input that lacked focus has its caret put at its start. null: the node left the
 * document.
 */
const FOCUS_FOR_KEYS = `function () {
  if (!this.isConnected) return null;
  const el = this.nodeType === 1 ? this : this.parentElement;
  if (!el) return null;
  const active = el.getRootNode().activeElement;
  const had = active === el;
  if (el.isContentEditable && !had && active && active.blur) active.blur();
  el.focus();
  if (!had && el.localName === 'input') { try { el.setSelectionRange(0, 0); } catch {} }
  return true;
}`;

/**
 * In the page, `this` the node: readies it for fill's text as Playwright's fill does, by the element and
 * its type (roles/web.ts WEB_TYPED_INPUTS, WEB_VALUE_INPUTS): an input of a typed type, a textarea or
 * a contenteditable element has its whole text selected and is focused ({ done: 'selected' }; a number
 * input refuses text that is not a number); an input of a value type is focused and its value set,
 * trimmed, with input and change events ({ done: 'set' }), refused where the input does not take it (a
 * date written another way would be dropped silently); anything else is { refused }. null: the node
 * left the document.
 */
const FILL_FIELD = `function (text, typed, valued) {
  if (!this.isConnected) return null;
  const el = this.nodeType === 1 ? this : this.parentElement;
  if (!el) return null;
  const name = el.localName;
  if (name === 'input') {
    const type = el.type.toLowerCase();
    if (valued.includes(type)) {
      const value = text.trim();
      el.focus();
      el.value = value;
      if (el.value !== value) return { refused: 'malformed', type };
      el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { done: 'set' };
    }
    if (!typed.includes(type)) return { refused: 'type', type };
    if (type === 'number' && Number.isNaN(Number(text.trim()))) return { refused: 'number', type };
    el.select();
    el.focus();
    return { done: 'selected' };
  }
  if (name === 'textarea') {
    el.selectionStart = 0;
    el.selectionEnd = el.value.length;
    el.focus();
    return { done: 'selected' };
  }
  if (!el.isContentEditable) return { refused: 'element' };
  // Focus goes to the outermost editing host; the selection covers this element's contents.
  let host = el;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  host.focus();
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  const selection = el.ownerDocument.defaultView.getSelection();
  if (selection) { selection.removeAllRanges(); selection.addRange(range); }
  return { done: 'selected' };
}`;

/** In the page, `this` the node: whether a click at (x, y) reaches it ('ok', or what it hits instead). */
const HIT_AT_POINT = `function (x, y) {
  ${TAG_OF}
  ${HIT_TEST}
  if (!this.isConnected) return 'detached';
  const el = this.nodeType === 1 ? this : this.parentElement;
  const hit = deepHit(this.ownerDocument, x, y);
  if (!hit) return 'nothing at the point';
  if (reaches(hit, el)) return 'ok';
  return 'covered by ' + tagOf(hit);
}`;

/**
 * In the page, `this` the node (an element, or a text node read through its parent element), as
 * Playwright's actionability checks: visible (a box with area, not hidden by visibility or
 * content-visibility); stable, when `needStable` (the same box at two animation times a frame apart); enabled (not
 * :disabled, no aria-disabled="true" on it or an ancestor); editable, when `needEditable`: every answer
 * after the enabled check carries the element's name, readonly, aria-readonly and whether it is
 * contenteditable, which the caller judges by roles/web.ts webEditability; hit (elementFromPoint at the point is the
 * node or inside it, across shadow roots). The point is the capture's aim, moved with the node when the
 * node moved since the capture, else the centre of its visible part. Answers { verdict: 'ok', x, y } or
 * { verdict: code, reason }.
 */
const ACTIONABLE_IN_PAGE = `async function (tx, ty, lx, ly, lw, lh, needEnabled, needHit, fresh, needEditable, needStable) {
  ${HIT_TEST}
  const node = this;
  if (!node.isConnected) return null;
  const el = node.nodeType === 1 ? node : node.parentElement;
  if (!el) return null;
  const doc = node.ownerDocument, win = doc.defaultView;
  const box = () => {
    let r;
    if (node.nodeType === 1) r = node.getBoundingClientRect();
    else { const range = doc.createRange(); range.selectNodeContents(node); r = range.getBoundingClientRect(); }
    return [r.x, r.y, r.width, r.height];
  };
  // A page that renders no frames (a hidden tab) still gets its two samples, a timer apart.
  const frame = () => new Promise((resolve) => { win.requestAnimationFrame(() => resolve()); win.setTimeout(resolve, 500); });
  // The page's animation time: what moves by animation stands still between two reads at one time. A task
  // late in a frame already reads the coming frame's time, which that frame's callbacks read again.
  const clock = () => { const t = doc.timeline ? doc.timeline.currentTime : null; return typeof t === 'number' ? t : null; };
  // Frames until the animation time is past t (a few at most: a page that never moves it is read as it is).
  const past = async (t) => { for (let k = 0; k < 4; k++) { await frame(); const now = clock(); if (t === null || now === null || now > t) return; } };
  const key = (r) => r.map((v) => Math.round(v * 100) / 100).join(',');
  // Not asked to be stable (fill): one sample, now. A capture taken for this action is a sample at this
  // call's animation time or before: the box it is compared with is read at a later one.
  const start = clock();
  if (needStable) await (fresh ? past(start) : frame());
  const a = box();
  let b = a;
  // Stable: the same box at two samples a frame apart. A capture taken for this action just now is the
  // first sample when its box is the page's own (a transformed or text box may read a hair apart): then
  // one frame decides, else two samples in the page do.
  if (needStable && !(fresh && key(a) === key([lx, ly, lw, lh]))) {
    await past(clock());
    if (!node.isConnected) return null;
    b = box();
  }
  const style = win.getComputedStyle(el);
  const shown = el.checkVisibility ? el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) : style.visibility === 'visible';
  if (!(b[2] > 0 && b[3] > 0) || !shown) return { verdict: 'target_not_found', reason: 'the node is not visible' };
  // Two reads in the page are compared exactly, as Playwright compares them: a slow drift moves a box less
  // than the rounding that the capture's comparison needs between frames that come close together.
  if (a.join(',') !== b.join(',')) return { verdict: 'target_not_found', reason: 'not stable: its bounds keep changing (' + a.join(',') + ' → ' + b.join(',') + ')' };
  if (needEnabled && (el.matches(':disabled') || el.closest('[aria-disabled="true"]'))) return { verdict: 'target_disabled', reason: 'the node is disabled' };
  // From here on every answer carries what the caller judges editable by (roles/web.ts webEditability).
  const field = needEditable ? [el.localName, el.getAttribute('readonly'), el.getAttribute('aria-readonly'), el.isContentEditable] : null;
  const answer = (r) => (field ? Object.assign(r, { field }) : r);
  let x = tx, y = ty;
  const moved = Math.abs(b[0] - lx) > 0.5 || Math.abs(b[1] - ly) > 0.5;
  if (moved && Math.abs(b[2] - lw) <= 0.5 && Math.abs(b[3] - lh) <= 0.5) { x = tx + b[0] - lx; y = ty + b[1] - ly; }
  else if (moved || Math.abs(b[2] - lw) > 0.5 || Math.abs(b[3] - lh) > 0.5) {
    const x1 = Math.max(b[0], 0), y1 = Math.max(b[1], 0), x2 = Math.min(b[0] + b[2], win.innerWidth), y2 = Math.min(b[1] + b[3], win.innerHeight);
    if (x2 <= x1 || y2 <= y1) return answer({ verdict: 'target_not_found', reason: 'the node is outside the viewport' });
    x = (x1 + x2) / 2; y = (y1 + y2) / 2;
  }
  // Whole pixels where they stay inside the box, else the exact point, as common/geometry.ts hitPointOf
  // aims: a box a pixel wide has its rounded centre on its edge, outside it (a visually hidden checkbox).
  const rx = Math.round(x), ry = Math.round(y);
  if (rx >= b[0] && rx < b[0] + b[2] && ry >= b[1] && ry < b[1] + b[3]) { x = rx; y = ry; }
  if (!needHit) return answer({ verdict: 'ok', x, y });
  const hit = deepHit(doc, x, y);
  if (!hit) return answer({ verdict: 'not_hittable', reason: 'nothing in the page is at (' + x + ', ' + y + ')' });
  if (reaches(hit, el)) return answer({ verdict: 'ok', x, y });
  const tag = hit.tagName.toLowerCase();
  const attrs = ['id', 'class', 'data-testid', 'role', 'aria-label'].filter((n) => hit.hasAttribute(n)).map((n) => ' ' + n + '="' + hit.getAttribute(n).slice(0, 40) + '"').join('');
  const preview = '<' + tag + attrs + '>' + (hit.childNodes.length ? '…' : '') + '</' + tag + '>';
  return answer({ verdict: 'not_hittable', reason: preview + ' intercepts pointer events at (' + x + ', ' + y + ')' });
}`;
