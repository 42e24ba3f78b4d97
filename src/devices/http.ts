import { isIP } from 'node:net';
import { DeviceError, FormatError } from '../errors.js';
import { MAX_ANSWER_BYTES, answerTimedOut, readCappedBody } from './answer-limits.js';

export interface HttpOptions {
  /** Per-request timeout, ms (the configured one, not Node's default). */
  timeout: number;
  /** Names the device in errors, e.g. `live:127.0.0.1:9500`. */
  where: string;
  /** Largest response body read, bytes (default MAX_ANSWER_BYTES, devices/answer-limits.ts). */
  maxBytes?: number;
  /** The port the device listens on, for hints (`adb forward tcp:<port> tcp:<port>`). */
  port?: number;
  /** An absolute time (Date.now() ms) no request may run past: one deadline across a connect's retries. */
  deadline?: number;
}

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/**
 * A host as a host: an IPv4 / IPv6 address or a DNS name (labels of letters, digits, hyphens), never
 * a string that would change the URL (`127.0.0.1/evil?x=` sends the request to port 80 of 127.0.0.1).
 */
export function isValidHost(host: string): boolean {
  if (isIP(host) !== 0) return true;
  if (host.length === 0 || host.length > 253) return false;
  return host.replace(/\.$/, '').split('.').every((l) => LABEL.test(l));
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  contentType: string;
}

/**
 * One HTTP request with a hard timeout; every transport failure becomes a typed DeviceError
 * naming the device, the stage (the request) and what to do next.
 */
export async function request(url: string, init: { method?: string; body?: unknown; stage: string }, opts: HttpOptions): Promise<HttpAnswer> {
  const { stage } = init;
  let res: Response;
  let body: Buffer;
  const max = opts.maxBytes ?? MAX_ANSWER_BYTES;
  // One deadline across retries: a request never runs past it, whatever the per-request timeout.
  const timeout = opts.deadline !== undefined ? Math.max(1, Math.min(opts.timeout, opts.deadline - Date.now())) : opts.timeout;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      signal: AbortSignal.timeout(timeout),
      // Never followed: the loopback policy checked this host, not where a redirect would lead.
      redirect: 'manual',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : {}),
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      throw new DeviceError('device_error', `${stage}: ${url} answered a redirect (HTTP ${res.status}${res.headers.get('location') ? ` to ${res.headers.get('location')}` : ''}), which treewright does not follow`, {
        where: opts.where, stage, status: res.status, hint: 'Point the source at the inspector itself (its host and port), not at something that redirects.',
      });
    }
    body = await readCappedBody(res, max, { where: opts.where, stage, from: url });
  } catch (e) {
    if (e instanceof DeviceError || e instanceof FormatError) throw e;
    throw transportError(e, url, stage, { ...opts, timeout });
  }
  return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
}

type JsonInit = { method?: string; body?: unknown; stage: string; allow404?: boolean };

/** GET/POST expecting JSON; non-2xx answers become errors carrying the server's `{"error"}` text. */
export async function requestJson<T = unknown>(url: string, init: JsonInit, opts: HttpOptions): Promise<T | null> {
  const ans = await request(url, init, opts);
  if (ans.status === 404 && init.allow404) return null;
  const text = ans.body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const looksHtml = /^\s*</.test(text);
    throw new DeviceError('device_error', `${init.stage}: ${url} answered ${looksHtml ? 'HTML' : text.length ? 'malformed or truncated JSON' : 'an empty body'} (HTTP ${ans.status}): ${JSON.stringify(text.slice(0, 80))}`, {
      where: opts.where, stage: init.stage,
      hint: looksHtml ? 'Something else is listening on that port: check the port, and that the app is a debug build with the inspector.' : 'The server cut its answer short; retry, and check the app log.',
    });
  }
  if (ans.status >= 400) {
    const msg = typeof parsed === 'object' && parsed && 'error' in parsed ? String((parsed as { error: unknown }).error) : text.slice(0, 200);
    throw new DeviceError(ans.status === 503 ? 'device_unreachable' : 'device_error', `${init.stage}: HTTP ${ans.status}: ${msg}`, { where: opts.where, stage: init.stage, status: ans.status });
  }
  return parsed as T;
}

function transportError(e: unknown, url: string, stage: string, opts: HttpOptions): DeviceError {
  const err = e as Error & { cause?: { code?: string } };
  const code = err.cause?.code ?? (err as NodeJS.ErrnoException).code;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return answerTimedOut({ where: opts.where, stage, from: url }, opts.timeout, 'The app accepted the connection but is not answering: is it paused in a debugger or stuck on its main thread?');
  }
  // Refused or reset: the app is not up yet, or restarting; worth waiting out while connecting.
  if (code === 'ECONNREFUSED') {
    const port = opts.port ?? (Number(new URL(url).port) || 80);
    return new DeviceError('device_unreachable', `${stage}: nothing is listening at ${url}`, { where: opts.where, stage, transient: true, hint: `Start the debug build, then forward the port: adb forward tcp:${port} tcp:${port}`, next: `adb forward tcp:${port} tcp:${port}` });
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new DeviceError('device_unreachable', `${stage}: the connection to ${url} was reset`, { where: opts.where, stage, transient: true, hint: 'The app closed the connection: it may have crashed or restarted. Check `adb logcat`, then retry.', next: 'adb logcat' });
  }
  const why = err.cause && 'message' in (err.cause as object) ? (err.cause as Error).message : err.message;
  // No route or no such host: unreachable, but waiting will not change it.
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT') {
    return new DeviceError('device_unreachable', `${stage}: ${url} failed: ${why}`, { where: opts.where, stage, hint: 'Check the host name and that this machine can reach it.' });
  }
  // Anything else (an invalid URL, a port fetch refuses to use, …) is a mistake in the request, not a device still starting.
  return new DeviceError('device_error', `${stage}: ${url} failed: ${why}`, { where: opts.where, stage, hint: 'Check the source\'s host and port.' });
}
