import { DeviceError, TargetError, isTreewrightError, type ErrorDetails, type TreewrightError } from '../errors.js';
import { displayUrl, type Redactor } from './redact.js';
import { MAX_ANSWER_BYTES, answerTimedOut, readCappedBody } from './answer-limits.js';

/**
 * A small W3C WebDriver client (https://www.w3.org/TR/webdriver2/): only the commands the appium
 * driver uses. Every answer is `{ value }`; an error is an HTTP 4xx/5xx whose value is
 * `{ error, message, stacktrace }`. Errors become typed DeviceErrors carrying the W3C `error` code and
 * the server's message (scrubbed of credentials), never its stacktrace.
 */

/** The W3C element reference key. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** The W3C locator strategies Appium drivers share (UiAutomator2 and XCUITest add their own). */
export type Using = 'id' | 'accessibility id' | 'xpath' | 'class name';

export interface WebDriverOptions {
  /** The server URL as given (credentials included; never shown). */
  url: string;
  /** Per-command timeout, ms. */
  timeout: number;
  /** Names the device in errors (credentials removed). */
  where: string;
  redactor: Redactor;
  /** Largest answer read, bytes (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

/** A W3C error answer: the `error` code (`invalid session id`, `stale element reference`, …) and its message. */
export interface W3CErrorBody {
  error: string;
  message: string;
}

/** W3C error codes after which the session is gone: the next command cannot succeed either. */
const SESSION_GONE = new Set(['invalid session id']);

export class WebDriverClient {
  readonly base: string;
  readonly shown: string;
  /** The URL's query (a cloud's `?key=`), sent with every command, shown redacted. */
  private readonly search: string;
  private readonly shownSearch: string;
  private readonly authorization: string | null;
  sessionId: string | null = null;

  constructor(private readonly opts: WebDriverOptions) {
    const u = new URL(opts.url);
    // Credentials in the URL go in a header: fetch refuses URLs with user info.
    this.authorization = u.username || u.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`
      : null;
    u.username = '';
    u.password = '';
    this.search = u.search;
    this.shownSearch = u.search ? new URL(displayUrl(u.toString())).search.replace(/%2A%2A%2A/g, '***') : '';
    u.search = '';
    u.hash = '';
    this.base = u.toString().replace(/\/+$/, '');
    this.shown = displayUrl(this.base);
  }

  /** `GET /status`: whether a WebDriver server answers at the URL (and is ready). */
  async status(): Promise<{ ready: boolean; message: string; build?: { version?: string } }> {
    const v = await this.command('GET', '/status', undefined, 'status');
    if (!v || typeof v !== 'object' || typeof (v as { ready?: unknown }).ready !== 'boolean') {
      throw new DeviceError('device_error', `${this.shown} answered GET /status with ${preview(v)}, not a WebDriver status: it is not an Appium or Selenium Grid server`, {
        where: this.opts.where, stage: 'status', hint: 'Check the URL: Appium listens on http://<host>:4723 (Appium 1 and Selenium Grid 3 under /wd/hub).',
      });
    }
    return v as { ready: boolean; message: string };
  }

  async newSession(capabilities: Record<string, unknown>): Promise<{ sessionId: string; capabilities: Record<string, unknown> }> {
    const v = await this.command('POST', '/session', { capabilities: { alwaysMatch: capabilities, firstMatch: [{}] } }, 'new session');
    const o = (v ?? {}) as { sessionId?: unknown; capabilities?: unknown };
    if (typeof o.sessionId !== 'string' || !o.sessionId) {
      throw new DeviceError('device_error', `${this.shown} answered POST /session without a session id: ${preview(v)}`, {
        where: this.opts.where, stage: 'new session', hint: 'The server is not a W3C WebDriver server (Appium 2 or newer, Selenium Grid 4).',
      });
    }
    this.sessionId = o.sessionId;
    return { sessionId: o.sessionId, capabilities: (o.capabilities && typeof o.capabilities === 'object' ? o.capabilities : {}) as Record<string, unknown> };
  }

  /** `DELETE /session/:id`; a session already gone is not an error (there is nothing left to delete). */
  async deleteSession(): Promise<void> {
    if (!this.sessionId) return;
    try {
      await this.session('DELETE', '', undefined, 'delete session');
    } catch (e) {
      if (!(((e as TreewrightError).details as ErrorDetails<'device_error'> | undefined)?.webdriverError === 'invalid session id')) throw e;
    } finally {
      this.sessionId = null;
    }
  }

  /** Session capabilities as the server reports them now (`GET /session/:id`, which UiAutomator2 fills with device facts). */
  async sessionCapabilities(): Promise<Record<string, unknown>> {
    const v = await this.session('GET', '', undefined, 'session');
    return v && typeof v === 'object' ? v as Record<string, unknown> : {};
  }

  async source(): Promise<string> {
    const v = await this.session('GET', '/source', undefined, 'page source');
    if (typeof v !== 'string') throw this.malformed('page source', 'a string', v);
    return v;
  }

  /** Element ids matching a locator (`POST /elements`): never throws for no match. */
  async findElements(using: Using, value: string): Promise<string[]> {
    const v = await this.session('POST', '/elements', { using, value }, 'find elements');
    if (!Array.isArray(v)) throw this.malformed('find elements', 'an array of element references', v);
    return v.map((e) => {
      const id = e && typeof e === 'object' ? (e as Record<string, unknown>)[ELEMENT_KEY] ?? (e as Record<string, unknown>).ELEMENT : undefined;
      if (typeof id !== 'string') throw this.malformed('find elements', 'W3C element references', e);
      return id;
    });
  }

  async click(element: string): Promise<void> {
    await this.session('POST', `/element/${encodeURIComponent(element)}/click`, {}, 'element click');
  }

  async clear(element: string): Promise<void> {
    await this.session('POST', `/element/${encodeURIComponent(element)}/clear`, {}, 'element clear');
  }

  async sendKeys(element: string, text: string): Promise<void> {
    await this.session('POST', `/element/${encodeURIComponent(element)}/value`, { text, value: [...text] }, 'element send keys');
  }

  async elementText(element: string): Promise<string> {
    const v = await this.session('GET', `/element/${encodeURIComponent(element)}/text`, undefined, 'element text');
    return typeof v === 'string' ? v : String(v ?? '');
  }

  async elementAttribute(element: string, name: string): Promise<string | null> {
    const v = await this.session('GET', `/element/${encodeURIComponent(element)}/attribute/${encodeURIComponent(name)}`, undefined, 'element attribute');
    return v === null || v === undefined ? null : String(v);
  }

  /** `POST /actions` then `DELETE /actions` (so no key or button stays pressed). */
  async performActions(actions: unknown[]): Promise<void> {
    await this.session('POST', '/actions', { actions }, 'perform actions');
    await this.session('DELETE', '/actions', undefined, 'release actions');
  }

  async back(): Promise<void> {
    await this.session('POST', '/back', {}, 'back');
  }

  async screenshot(): Promise<Buffer> {
    const v = await this.session('GET', '/screenshot', undefined, 'screenshot');
    if (typeof v !== 'string') throw this.malformed('screenshot', 'base64 PNG', v);
    const png = Buffer.from(v, 'base64');
    if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw this.malformed('screenshot', 'a base64 PNG', `${v.slice(0, 16)}…`);
    return png;
  }

  /** `POST /execute/sync` (Appium's `mobile: …` extension commands go through it). */
  async execute(script: string, args: unknown[] = []): Promise<unknown> {
    return this.session('POST', '/execute/sync', { script, args }, script);
  }

  /** `POST /timeouts` */
  async setTimeouts(t: { implicit?: number }): Promise<void> {
    await this.session('POST', '/timeouts', t, 'timeouts');
  }

  private session(method: string, path: string, body: unknown, stage: string): Promise<unknown> {
    if (!this.sessionId) {
      throw new DeviceError('device_error', `${stage}: no session (the device was closed, or its session was never created)`, { where: this.opts.where, stage, hint: 'Connect again.' });
    }
    return this.command(method, `/session/${encodeURIComponent(this.sessionId)}${path}`, body, stage);
  }

  /** One command: its `value`, or a typed error naming the stage, the URL (without credentials) and the W3C error. */
  async command(method: string, path: string, body: unknown, stage: string): Promise<unknown> {
    const { where, timeout, redactor } = this.opts;
    const url = `${this.base}${path}${this.search}`;
    const shownUrl = `${this.shown}${path}${this.shownSearch}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        signal: AbortSignal.timeout(timeout),
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      // Decoded as res.text() would (UTF-8, a BOM dropped), only bounded.
      text = new TextDecoder().decode(await readCappedBody(res, this.opts.maxBytes ?? MAX_ANSWER_BYTES, { where, stage, from: `${method} ${shownUrl}` }));
    } catch (e) {
      if (isTreewrightError(e)) throw e;
      throw transportError(e, method, shownUrl, stage, where, timeout);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const value = parsed && typeof parsed === 'object' && 'value' in parsed ? (parsed as { value: unknown }).value : undefined;
    const w3c = asW3CError(value);
    if (res.status >= 400 || w3c) {
      if (w3c) throw this.w3cError(w3c, res.status, method, shownUrl, stage);
      const looksHtml = /^\s*</.test(text);
      throw new DeviceError('device_error', `${stage}: ${method} ${shownUrl} answered HTTP ${res.status} with ${looksHtml ? 'HTML' : text ? `no W3C error body: ${JSON.stringify(redactor.scrub(text.slice(0, 120)))}` : 'an empty body'}`, {
        where, stage, status: res.status,
        hint: looksHtml || res.status === 404 ? `Something other than a WebDriver server answers at ${this.shown}: check the URL (Appium: http://<host>:4723; a grid or device cloud: its hub URL, often ending in /wd/hub).` : 'Check the server log.',
      });
    }
    if (parsed === undefined || !('value' in (parsed as object))) {
      throw new DeviceError('device_error', `${stage}: ${method} ${shownUrl} answered ${text ? `${JSON.stringify(redactor.scrub(text.slice(0, 80)))}` : 'an empty body'} (HTTP ${res.status}), not a W3C WebDriver answer ({"value": …})`, {
        where, stage, status: res.status, hint: `Check that ${this.shown} is an Appium server or a Selenium Grid 4 hub.`,
      });
    }
    return value;
  }

  private w3cError(w: W3CErrorBody, status: number, method: string, shownUrl: string, stage: string): TreewrightError {
    const { where, redactor } = this.opts;
    const message = redactor.scrub(w.message.split('\n')[0]!.slice(0, 2000));
    const details = { where, stage, status, webdriverError: w.error, serverMessage: message };
    if (w.error === 'stale element reference' || w.error === 'no such element') {
      // The screen changed between the capture and the command: the action layer re-resolves.
      return new TargetError('stale_generation', `${stage}: the element went stale (${w.error}): ${message}`, { ...details, hint: 'The screen changed under the action; it is re-resolved against a fresh capture.' });
    }
    if (SESSION_GONE.has(w.error)) {
      return new DeviceError('device_unreachable', `${stage}: the session ${this.sessionId ?? ''} is gone (${w.error}): ${message}`, {
        ...details, sessionGone: true,
        hint: 'The server ended the session (newCommandTimeout, a crash, or someone deleted it): the next test connects with a new session.',
      });
    }
    if (w.error === 'unknown method' || w.error === 'unknown command' || w.error === 'unsupported operation') {
      return new DeviceError('action_unavailable', `${stage}: ${method} ${shownUrl.replace(/\/session\/[^/]+/, '/session/:id')} is not supported by this driver (${w.error}): ${message}`, {
        ...details, hint: 'The Appium driver behind the session does not implement it; use another action, or a driver that does.',
      });
    }
    if (w.error === 'timeout' || w.error === 'script timeout') {
      return new DeviceError('device_timeout', `${stage}: the server timed out (${w.error}): ${message}`, { ...details, hint: 'The device is busy or the app is not idle; retry, or raise the timeout.' });
    }
    return new DeviceError('device_error', `${stage}: HTTP ${status} ${w.error}: ${message}`, {
      ...details, hint: status >= 500 ? 'The server failed the command; its log has the stacktrace.' : 'The server refused the command.',
    });
  }

  private malformed(stage: string, expected: string, got: unknown): DeviceError {
    return new DeviceError('device_error', `${stage}: expected ${expected}, got ${preview(got)}`, { where: this.opts.where, stage, hint: 'The server is not answering like an Appium driver; check its version and log.' });
  }
}

/** The W3C error in an answer's value, if it is one. */
export function asW3CError(value: unknown): W3CErrorBody | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { error?: unknown; message?: unknown };
  if (typeof v.error !== 'string' || !v.error) return null;
  return { error: v.error, message: typeof v.message === 'string' ? v.message : '' };
}

function preview(v: unknown): string {
  let s: string;
  try { s = JSON.stringify(v) ?? String(v); } catch { s = String(v); }
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

function transportError(e: unknown, method: string, url: string, stage: string, where: string, timeout: number): DeviceError {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const code = err.cause?.code ?? (err as NodeJS.ErrnoException).code;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return answerTimedOut({ where, stage, from: `${method} ${url}` }, timeout, 'The server accepted the connection but is not answering: the device may be stuck; raise `timeout` if it is just slow.');
  }
  if (code === 'ECONNREFUSED') {
    return new DeviceError('device_unreachable', `${stage}: nothing is listening at ${url}`, { where, stage, transient: true, hint: 'Start the server (`npx appium`), or check the URL and port.' });
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new DeviceError('device_unreachable', `${stage}: the connection to ${url} was reset`, { where, stage, transient: true, hint: 'The server closed the connection: it may have crashed or restarted; check its log.' });
  }
  const why = err.cause?.message ?? err.message;
  return new DeviceError('device_unreachable', `${stage}: ${method} ${url} failed: ${why}`, { where, stage, hint: 'Check the host name and that this machine can reach it.' });
}
