import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DeviceError, TargetError, isTreewrightError, type FormatError } from '../errors.js';
import { isObject } from '../formats/read.js';
import { MAX_ANSWER_BYTES, answerTimedOut, answerTooLarge, cappedFetch, type AnswerSource } from './answer-limits.js';

/** Where an MCP server is: a streamable HTTP endpoint, or the argv of a stdio server to start. */
export interface McpEndpoint {
  url?: string;
  command?: readonly string[];
}

export interface McpClientOptions {
  /** Names the device in errors, e.g. `moui:http://127.0.0.1:7001/mcp`. */
  where: string;
  /** The protocol's name for messages and hints: 'MoUI', 'JetWhale'. */
  protocol: string;
  /** Per-call timeout, ms. */
  timeout?: number;
  /** How long connecting (spawning a stdio server, the initialize handshake) may take, ms. */
  connectTimeout?: number;
  /** Working directory of a stdio server. */
  cwd?: string;
  /** The tools the server must offer; connecting fails naming the missing ones. */
  requiredTools?: readonly string[];
  /** Largest answer (one MCP message) read, bytes (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

export const DEFAULT_MCP_TIMEOUT = 5_000;
export const DEFAULT_MCP_CONNECT_TIMEOUT = 15_000;
/** How much of a stdio server's stderr is kept for error messages. */
const STDERR_TAIL = 1_000;

interface Ctx {
  where: string;
  stage: string;
  timeout: number;
}

/**
 * One MCP client session to one app. Every transport failure (nothing listening, a server that
 * exits, hangs or answers garbage) comes back as a DeviceError naming the device and the stage,
 * within the configured timeout; the answers themselves are left to the protocol's driver.
 */
export class McpConnection {
  /** Names of the tools the server lists. */
  tools: string[] = [];
  private exited = false;
  private connected = false;
  private closing = false;
  private stderrTail = '';
  private lastTransportError: Error | null = null;
  /** An answer that passed the size cap: the calls under way fail with it rather than with a broken stream. */
  private overflow: { size?: number } | null = null;
  private readonly pending = new Set<AbortController>();

  private constructor(
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly endpoint: McpEndpoint,
    private readonly opts: McpClientOptions & { timeout: number; connectTimeout: number; maxBytes: number },
  ) {}

  /** Connects (spawning a stdio server when given a command), handshakes, and checks the tools are there. */
  static async open(endpoint: McpEndpoint, options: McpClientOptions): Promise<McpConnection> {
    const opts = { ...options, timeout: options.timeout ?? DEFAULT_MCP_TIMEOUT, connectTimeout: options.connectTimeout ?? DEFAULT_MCP_CONNECT_TIMEOUT, maxBytes: options.maxBytes ?? MAX_ANSWER_BYTES };
    const client = new Client({ name: 'treewright', version: '0.1.0' });
    // The connection is made before its transport, so the transport's size cap can report to it.
    const made: { conn?: McpConnection } = {};
    const src: AnswerSource = { where: opts.where, stage: 'answer', from: 'the MCP server' };
    const transport = makeTransport(endpoint, opts.cwd, opts.maxBytes, src, (e) => made.conn?.overflowed(e));
    const conn = new McpConnection(client, transport, endpoint, opts);
    made.conn = conn;
    client.onerror = (e) => {
      conn.lastTransportError = e;
      // The SDK's stdio reader refuses a line past its buffer size (set to our cap) and closes the server.
      if (transport instanceof StdioClientTransport && /^ReadBuffer exceeded maximum size/.test(e.message)) conn.overflowed(answerTooLarge(src, opts.maxBytes));
    };
    // Only a session that was up can "exit"; a failed handshake closes the client itself.
    client.onclose = () => { if (conn.connected && !conn.closing) conn.exited = true; };
    if (transport instanceof StdioClientTransport) {
      // Piped, not inherited: the server's last words go into our error message instead of the test's output.
      transport.stderr?.on('data', (chunk: Buffer) => { conn.stderrTail = (conn.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL); });
    }
    const ctx = { where: opts.where, stage: 'connect', timeout: opts.connectTimeout };
    try {
      await conn.bounded((signal) => client.connect(transport, { timeout: opts.connectTimeout, signal }));
      conn.connected = true;
      const list = await conn.bounded((signal) => client.request({ method: 'tools/list', params: {} }, ListToolsResultSchema, { timeout: opts.timeout, signal }));
      conn.tools = list.tools.map((t) => t.name);
    } catch (e) {
      const err = conn.mapError(e, ctx);
      await conn.close();
      throw err;
    }
    const missing = (opts.requiredTools ?? []).filter((t) => !conn.tools.includes(t));
    if (missing.length) {
      await conn.close();
      throw new DeviceError('device_error', `connect: the MCP server at ${conn.address} is not a ${opts.protocol} agent: it lacks ${missing.join(', ')} (it offers ${conn.tools.join(', ') || 'no tools'})`, {
        where: opts.where, stage: 'connect', hint: `Point the source at the app's ${opts.protocol} MCP endpoint.`,
      });
    }
    return conn;
  }

  /** The child's pid for a stdio server (null over HTTP, or once it exited). */
  get pid(): number | null {
    return this.transport instanceof StdioClientTransport ? this.transport.pid : null;
  }

  /** Whether the server went away (a stdio child exited) without us closing it. */
  get gone(): boolean {
    return this.exited;
  }

  private get address(): string {
    return this.endpoint.url ?? `stdio (${(this.endpoint.command ?? []).join(' ')})`;
  }

  /** Calls a tool within the timeout and returns its raw result; transport failures become DeviceErrors. */
  async call(tool: string, args: Record<string, unknown>, stage: string = tool): Promise<CallToolResult> {
    const ctx = { where: this.opts.where, stage, timeout: this.opts.timeout };
    if (this.exited) throw this.mapError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), ctx);
    this.lastTransportError = null;
    try {
      // request(), not callTool(): no output-schema validation per call; the importers check every field anyway.
      return await this.bounded((signal) => this.client.request({ method: 'tools/call', params: { name: tool, arguments: args } }, CallToolResultSchema, { timeout: this.opts.timeout, signal })) as CallToolResult;
    } catch (e) {
      throw this.mapError(e, ctx);
    }
  }

  /** Runs one request so that an answer over the size cap ends it at once. */
  private async bounded<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ac = new AbortController();
    this.pending.add(ac);
    try {
      return await request(ac.signal);
    } finally {
      this.pending.delete(ac);
    }
  }

  private overflowed(e: FormatError): void {
    const size = e.data.code === 'too_large' ? e.data.details.size : undefined;
    this.overflow = size !== undefined ? { size } : {};
    for (const ac of this.pending) ac.abort(e);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.client.close().catch(() => {});
  }

  /** Any failure of a call → a typed error naming the device, the stage, and what to do next. */
  private mapError(e: unknown, ctx: Ctx): Error {
    if (this.overflow) {
      const size = this.overflow.size;
      this.overflow = null;
      return answerTooLarge({ where: ctx.where, stage: ctx.stage, from: this.endpoint.url ?? 'the MCP server' }, this.opts.maxBytes, size);
    }
    if (isTreewrightError(e)) return e;
    const err = e as Error & { code?: unknown; cause?: { code?: string; message?: string } };
    // `where` already names the device (its URL or command); the message says what happened there.
    const at = `${ctx.stage}: the server`;
    const d = { where: ctx.where, stage: ctx.stage };
    const last = this.stderrTail.trim().split('\n').slice(-10).join('\n');
    const tail = last ? ` — its stderr ends: ${JSON.stringify(last)}` : '';
    const sysCode = err.cause?.code ?? (typeof err.code === 'string' ? err.code : undefined);

    if (this.exited || (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) || err.message === 'Not connected') {
      const pid = this.endpoint.command ? 'the MCP server process exited' : 'the MCP server closed the connection';
      return new DeviceError('device_unreachable', `${ctx.stage}: ${pid}${tail}`, {
        ...d, hint: `The app stopped (crashed or was closed); start it again and reconnect.${this.endpoint.command ? ` Run \`${this.endpoint.command.join(' ')}\` by hand to see why.` : ''}`,
        ...(this.endpoint.command ? { next: this.endpoint.command.join(' ') } : {}),
      });
    }
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      const garbled = this.lastTransportError ? ` (it sent something that is not MCP: ${this.lastTransportError.message.slice(0, 120)})` : '';
      return answerTimedOut({ ...d, from: 'the server' }, ctx.timeout, garbled ? 'Something other than the app\'s MCP server is answering: check the command or URL.'
        : this.endpoint.command ? 'The process started but answers no MCP on stdout: check it is the app\'s stdio MCP server, and not paused or stuck.'
        : 'The app accepted the connection but is not answering: is it paused in a debugger, or stuck on its main thread?', garbled);
    }
    if (sysCode === 'ENOENT' && this.endpoint.command) {
      return new DeviceError('device_unreachable', `${ctx.stage}: could not start ${JSON.stringify(this.endpoint.command[0])}: no such command`, {
        ...d, hint: 'Give the command as an absolute path, or put it on PATH.',
      });
    }
    if (sysCode === 'ECONNREFUSED') {
      return new DeviceError('device_unreachable', `${ctx.stage}: nothing is listening at ${this.address}`, {
        ...d, hint: `Start the app with its ${this.opts.protocol} MCP server on that port (the reference app: npx treewright reference-app --protocol ${this.opts.protocol.toLowerCase()} --port N), then retry.`,
        next: `npx treewright reference-app --protocol ${this.opts.protocol.toLowerCase()} --port ${(this.endpoint.url && URL.canParse(this.endpoint.url) && new URL(this.endpoint.url).port) || 'N'}`,
      });
    }
    if (sysCode === 'ECONNRESET' || sysCode === 'UND_ERR_SOCKET' || sysCode === 'EPIPE') {
      return new DeviceError('device_unreachable', `${ctx.stage}: the connection to ${this.address} was reset`, {
        ...d, hint: 'The app closed the connection: it may have crashed or restarted. Check its log, then retry.',
      });
    }
    if (err instanceof StreamableHTTPError) {
      const status = err.code ?? 0;
      return new DeviceError('device_error', `${at} answered ${status === -1 ? 'something that is not MCP' : `HTTP ${status}`}: ${err.message.slice(0, 200)}`, {
        ...d, ...(status > 0 ? { status } : {}),
        hint: status === 404 ? 'Check the URL\'s path: the MCP endpoint (e.g. /mcp).' : 'Something other than the app\'s MCP server is listening there: check the URL.',
      });
    }
    if (err instanceof McpError) {
      return new DeviceError('device_error', `${at} rejected the call (JSON-RPC ${err.code}): ${err.message.slice(0, 300)}`, {
        ...d, hint: `Check that the server speaks the ${this.opts.protocol} protocol version treewright expects.`,
      });
    }
    // A JSON body that does not parse, or a JSON-RPC message that does not fit the schema.
    if (err instanceof SyntaxError || err?.name === 'ZodError' || err?.constructor?.name === 'ZodError') {
      return new DeviceError('device_error', `${at} answered malformed MCP: ${err.message.split('\n')[0]!.slice(0, 200)}`, {
        ...d, hint: 'The server cut its answer short or is not an MCP server; retry, and check the app log.',
      });
    }
    return new DeviceError('device_unreachable', `${ctx.stage}: ${this.address} failed: ${err.cause?.message ?? err.message ?? String(e)}${tail}`, d);
  }
}

function makeTransport(endpoint: McpEndpoint, cwd: string | undefined, maxBytes: number, src: AnswerSource, onOverflow: (e: FormatError) => void): Transport {
  if (endpoint.url) return new StreamableHTTPClientTransport(new URL(endpoint.url), { fetch: cappedFetch(maxBytes, { ...src, from: endpoint.url }, onOverflow) });
  const [command, ...args] = endpoint.command ?? [];
  if (!command) throw new DeviceError('device_unreachable', 'an MCP source needs a url or a command', { stage: 'connect' });
  const env: Record<string, string> = {};
  // The app gets the test's environment (the SDK's default keeps only a handful of variables).
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // One line is one message: the SDK's line buffer, sized to the cap, bounds it.
  return new StdioClientTransport({ command, args, env, stderr: 'pipe', maxBufferSize: maxBytes, ...(cwd ? { cwd } : {}) });
}


// --- answers --------------------------------------------------------------------------------

/** The JSON a tool answered: its structuredContent, else its text parsed. An `isError` result is a DeviceError. */
export function toolJson(result: CallToolResult, ctx: { where: string; stage: string; protocol: string }): unknown {
  const text = textOf(result);
  if (result.isError) {
    throw new DeviceError('device_error', `${ctx.stage}: the ${ctx.protocol} tool reported an error: ${(text ?? JSON.stringify(result.structuredContent ?? null)).slice(0, 300)}`, {
      where: ctx.where, stage: ctx.stage, origin: 'app', hint: 'Capture the tree again and retry; the app refused the call.',
    });
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (text === null) throw malformed(ctx, 'an answer with neither structuredContent nor text');
  try {
    return JSON.parse(text);
  } catch {
    throw malformed(ctx, `text that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

function textOf(result: CallToolResult): string | null {
  const t = result.content?.find((c) => c.type === 'text');
  return t && t.type === 'text' ? t.text : null;
}

function malformed(ctx: { where: string; stage: string; protocol: string }, what: string): DeviceError {
  return new DeviceError('device_error', `${ctx.stage}: the ${ctx.protocol} server answered ${what}`, {
    where: ctx.where, stage: ctx.stage, hint: `The server does not speak the ${ctx.protocol} protocol treewright expects; check its version.`,
  });
}

/** MoUI's stable error codes, and what each one becomes here. */
const TARGET_CODES = new Set(['target_not_found', 'target_ambiguous', 'target_disabled']);

/**
 * MoUI's envelope: `{ ok: true, value }` → value; `{ ok: false, error: { code, message, details } }`
 * → the typed error its code means (stale_generation is what makes an action re-resolve).
 */
export function mouiEnvelope(result: CallToolResult, ctx: { where: string; stage: string }): unknown {
  const full = { ...ctx, protocol: 'MoUI' };
  let body: unknown = result.structuredContent;
  if (body === undefined) {
    const text = textOf(result);
    if (text === null) throw malformed(full, 'an answer with neither structuredContent nor text');
    try {
      body = JSON.parse(text);
    } catch {
      throw malformed(full, `${result.isError ? 'an error' : 'text'} that is not a MoUI envelope: ${JSON.stringify(text.slice(0, 120))}`);
    }
  }
  if (!isObject(body) || typeof body.ok !== 'boolean') throw malformed(full, `${JSON.stringify(body)?.slice(0, 120)}, not a MoUI { ok, value | error } envelope`);
  if (body.ok) {
    if (!('value' in body)) throw malformed(full, '{ ok: true } without a value');
    return body.value;
  }
  if (!isObject(body.error) || typeof body.error.code !== 'string') throw malformed(full, `{ ok: false } without an error code: ${JSON.stringify(body).slice(0, 120)}`);
  throw mouiError(body.error.code, typeof body.error.message === 'string' ? body.error.message : body.error.code, isObject(body.error.details) ? body.error.details : {}, ctx);
}

/** One MoUI error code → a typed error. */
export function mouiError(code: string, message: string, details: Record<string, unknown>, ctx: { where: string; stage: string }): Error {
  // The message is the app's own text, whatever the code: origin 'app' lets the MCP shim mark it as app data.
  const d = { where: ctx.where, stage: ctx.stage, mouiCode: code, origin: 'app' as const };
  const msg = `${ctx.stage}: ${message}`;
  if (code === 'stale_generation') {
    return new TargetError('stale_generation', msg, { ...d, ...(typeof details.expected === 'string' ? { expected: details.expected } : {}), ...(typeof details.current === 'string' ? { current: details.current } : {}), hint: 'Capture again and resolve the target in the new generation.' });
  }
  if (TARGET_CODES.has(code)) {
    return new TargetError(code as 'target_not_found', msg, {
      ...d,
      hint: code === 'target_ambiguous' ? 'The semantic id names several nodes: target one by its node id, or make the ids unique.'
        : code === 'target_disabled' ? 'Wait for the app to enable it, or assert toBeDisabled() if that is expected.'
        : 'The node is gone from the current semantics: capture again.',
    });
  }
  if (code === 'action_unavailable' || code === 'handler_rejected') {
    return new DeviceError('action_unavailable', msg, { ...d, hint: code === 'handler_rejected' ? 'The app\'s handler declined the action; check the app state it depends on.' : 'Only the actions a node lists can be performed on it.' });
  }
  if (code === 'host_closed') {
    return new DeviceError('device_unreachable', msg, { ...d, hint: 'The app\'s runtime was destroyed; start the app again and reconnect.' });
  }
  if (code === 'invalid_arguments') {
    return new TargetError('invalid_arguments', msg, { ...d, hint: 'treewright sent arguments this MoUI version does not accept; check the protocol versions match.' });
  }
  return new DeviceError('device_error', msg, { ...d, hint: `MoUI answered the unknown error code "${code}".` });
}
