import { DeviceError } from '../errors.js';

export interface HttpOptions {
  /** Per-request timeout, ms (the configured one, not Node's default). */
  timeout: number;
  /** Names the device in errors, e.g. `live:127.0.0.1:9500`. */
  where: string;
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
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      signal: AbortSignal.timeout(opts.timeout),
      ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } } : {}),
    });
    body = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    throw transportError(e, url, stage, opts);
  }
  return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
}

/** GET/POST expecting JSON; non-2xx answers become errors carrying the server's `{"error"}` text. */
export async function requestJson<T = unknown>(url: string, init: { method?: string; body?: unknown; stage: string; allow404?: boolean }, opts: HttpOptions): Promise<T | null> {
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
    return new DeviceError('device_timeout', `${stage}: ${url} did not answer within ${opts.timeout}ms`, { where: opts.where, stage, hint: 'The app accepted the connection but is not answering: is it paused in a debugger or stuck on its main thread?' });
  }
  // Refused or reset: the app is not up yet, or restarting; worth waiting out while connecting.
  if (code === 'ECONNREFUSED') {
    return new DeviceError('device_unreachable', `${stage}: nothing is listening at ${url}`, { where: opts.where, stage, transient: true, hint: 'Start the debug build, then forward the port: adb forward tcp:9500 tcp:9500', next: 'adb forward tcp:9500 tcp:9500' });
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
