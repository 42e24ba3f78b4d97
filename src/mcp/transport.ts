/**
 * Generic MCP serving, shared by the shim (server.ts) and the reference app's MCP servers
 * (src/reference-app/mcp-serve.ts): an SDK server dispatching tools/list and tools/call to a
 * tool table, stateless streamable HTTP at /mcp, and stdio. It knows nothing of sessions or apps.
 * Only malformed JSON-RPC becomes a JSON-RPC error: unparseable JSON (-32700), something that is not
 * a JSON-RPC message (-32600), a tools/call without a tool name (-32602), an unknown method (-32601).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema, McpError, type CallToolResult, type JSONRPCMessage, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DeviceError } from '../errors.js';

/** What an SDK server dispatches to: the listing and one call per tools/call. */
export interface ToolDispatch {
  info: { name: string; version: string };
  /** Sent with initialize: how to use the tools. */
  instructions?: string;
  /** What tools/list answers. */
  list(): Tool[];
  /** Answers every tools/call with a well-formed envelope, unknown names included (as a tool result). */
  call(name: string, args: Record<string, unknown>): CallToolResult | Promise<CallToolResult>;
}

// Registered with a lenient schema so that the SDK's own tools/call check (which runs next) is
// what rejects a malformed envelope: as -32602 Invalid params, not -32603 from a parse failure.
const LenientCallToolRequest = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

/** A low-level SDK server dispatching tools/list and tools/call to `tools`. */
export function createToolServer(tools: ToolDispatch): Server {
  const server = new Server(tools.info, { capabilities: { tools: {} }, ...(tools.instructions ? { instructions: tools.instructions } : {}) });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
  server.setRequestHandler(LenientCallToolRequest, async (raw) => {
    const parsed = CallToolRequestSchema.safeParse(raw);
    // No params, no name, arguments that are no object: -32602 Invalid params (a thrown ZodError would be -32603).
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid params for tools/call: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ')}`);
    const { params } = parsed.data;
    return tools.call(params.name, params.arguments ?? {});
  });
  return server;
}

export interface Serving {
  /** Resolves when the client goes away (stdin ends) or close() is called. */
  closed: Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

export interface HttpServing extends Serving {
  url: string;
  port: number;
}

export interface McpHttpOptions {
  host: string;
  /** 0 = a free one. */
  port: number;
  /**
   * Refuse (403) a request whose Host header is not the bound address or localhost at the bound
   * port, so a web page on another origin resolving to loopback cannot drive the device.
   */
  dnsRebindingProtection?: boolean;
}

/**
 * How long an idle keep-alive connection is kept. A client whose process stalls past it between two
 * calls (busy or starved, so it has not yet read the server's close) writes its next request onto the
 * closed socket, and that call fails ("other side closed"). Node's default, 5 s, is within such a
 * stall; clients still close idle connections first, going by the Keep-Alive header it sends.
 */
export const IDLE_CONNECTION_MS = 30_000;

/**
 * MCP over streamable HTTP at `/mcp`, stateless: every POST gets a fresh SDK server from `make` and
 * a fresh transport, so any number of clients can talk to it and none holds an MCP session. JSON
 * responses, not SSE streams; GET (the optional server-to-client stream) answers 405, which SDK
 * clients expect from a server that does not push.
 */
export async function serveMcpHttp(make: () => Server, opts: McpHttpOptions): Promise<HttpServing> {
  const protect = opts.dnsRebindingProtection ?? false;
  // Known only once bound (port 0); until then a protected server admits no Host at all.
  let allowedHosts: string[] = [];
  const http = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) jsonRpcError(res, 500, -32603, `internal error: ${err instanceof Error ? err.message : String(err)}`);
      else res.end();
    });
  });
  http.keepAliveTimeout = IDLE_CONNECTION_MS;
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp') return jsonRpcError(res, 404, -32601, `no MCP endpoint at ${path}; use /mcp`);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless and takes POST only');
    }
    const server = make();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(protect ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }
  const served = await listen(http, opts, '/mcp');
  if (protect) allowedHosts = [`${urlHost(opts.host)}:${served.port}`, `localhost:${served.port}`];
  return served;
}

/** A JSON-RPC error response with no id (the request could not be read far enough to have one). */
export function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A failure to bind as a typed error naming the address and what to do (the CLI prints it as a line, not a stack). */
function listenError(e: NodeJS.ErrnoException, opts: { host: string; port: number; what?: string }): DeviceError {
  const at = `${urlHost(opts.host)}:${opts.port}`;
  const why = e.code === 'EADDRINUSE' ? `port ${opts.port} is already in use`
    : e.code === 'EACCES' ? `port ${opts.port} needs privileges this process lacks`
    : e.code === 'EADDRNOTAVAIL' ? `${opts.host} is not an address of this machine`
    : e.message;
  return new DeviceError('device_error', `cannot serve ${opts.what ?? 'MCP over HTTP'} at ${at}: ${why}`, {
    where: `${opts.what === undefined ? '--http' : '--port'} ${opts.port}`, stage: 'listen', errno: e.code,
    hint: e.code === 'EADDRNOTAVAIL' ? 'Serve on 127.0.0.1.' : `Pick another port (${opts.what === undefined ? '--http' : '--port'} 0 picks a free one), or stop what is using it.`,
  });
}

/** Binds an http server (port 0 = a free one) and gives back its URL and a close that drops open connections. */
/** `what` names the server in a bind failure (default 'MCP over HTTP'). */
export async function listen(http: ReturnType<typeof createServer>, opts: { host: string; port: number; what?: string }, path = ''): Promise<HttpServing> {
  await new Promise<void>((resolve, reject) => {
    const fail = (e: NodeJS.ErrnoException) => reject(listenError(e, opts));
    http.once('error', fail);
    http.listen(opts.port, opts.host, () => {
      http.off('error', fail);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const { closed, done } = latch();
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(opts.host)}:${port}${path}`,
    port,
    closed,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        http.close(() => resolve());
        // Keep-alive sockets would hold close() open until they time out.
        http.closeAllConnections();
      }).then(done)),
  };
}

export interface McpStdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  /**
   * Answer a line that is not JSON (-32700) or not JSON-RPC (-32600) with a JSON-RPC error (id null),
   * as JSON-RPC 2.0 asks; the SDK alone drops such a line silently.
   */
  answerMalformed?: boolean;
}

/** MCP over stdio (newline-delimited JSON-RPC); stdout belongs to the protocol. Closes when stdin ends. */
export async function serveMcpStdio(server: Server, opts: McpStdioOptions = {}): Promise<Serving> {
  const stdin = opts.stdin ?? process.stdin;
  const stdout = opts.stdout ?? process.stdout;
  const transport = new LineTransport(stdin, stdout);
  if (opts.answerMalformed) {
    server.onerror = (err) => {
      const syntax = err instanceof SyntaxError;
      const invalid = !syntax && err.name === 'ZodError';
      if (!syntax && !invalid) return;
      const error = syntax ? { code: -32700, message: `Parse error: ${err.message}` } : { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' };
      stdout.write(JSON.stringify({ jsonrpc: '2.0', id: null, error }) + '\n');
    };
  }
  const { closed, done } = latch();
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= server.close().catch(() => undefined).then(done));
  stdin.once('end', () => void close());
  stdin.once('close', () => void close());
  server.onclose = done;
  await server.connect(transport);
  return { closed, close };
}

/** Longest stdin line read as a message (bytes); longer ones are answered with -32600 and dropped. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;
const EDGE = 1024;

/**
 * Newline-delimited JSON-RPC on a stream pair, in place of the SDK's StdioServerTransport: that one
 * closes the whole transport (the server goes quiet for good, exit 0) when a line passes its 10 MiB
 * buffer. Here a line over MAX_LINE_BYTES is dropped as it streams in (never buffered whole), answered
 * with a JSON-RPC error naming the limit (with the request's id when its first or last kilobyte shows
 * it), and the next line is read as usual. Lines are collected as chunk lists, so a long line costs
 * linear time, not a re-copy per chunk.
 */
class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** While dropping an oversize line: its first and (rolling) last bytes, and its length so far. */
  private dropping: { head: Buffer; tail: Buffer; bytes: number } | null = null;
  private started = false;

  constructor(private readonly stdin: Readable, private readonly stdout: Writable) {}

  private readonly ondata = (chunk: Buffer) => {
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      this.take(piece);
      if (nl === -1) return;
      this.endLine();
      start = nl + 1;
    }
  };

  private readonly onstreamerror = (e: Error) => this.onerror?.(e);

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.dropping) {
      this.dropping.bytes += piece.length;
      this.dropping.tail = Buffer.concat([this.dropping.tail, piece]).subarray(-EDGE);
      return;
    }
    if (this.size + piece.length <= MAX_LINE_BYTES) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const all = Buffer.concat([...this.chunks, piece]);
    this.dropping = { head: all.subarray(0, EDGE), tail: all.subarray(-EDGE), bytes: all.length };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.dropping) {
      const { head, tail, bytes } = this.dropping;
      this.dropping = null;
      const id = requestId(head.toString('utf8'), tail.toString('utf8'));
      const error = { code: ErrorCode.InvalidRequest, message: `Invalid Request: a message of ${bytes} bytes is over the ${MAX_LINE_BYTES / 1024 / 1024} MiB this server reads; it was not read. Send smaller arguments (a file path instead of its contents).`, data: { bytes, limit: MAX_LINE_BYTES } };
      this.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, error }) + '\n');
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (e) {
      this.onerror?.(e as Error);
      return;
    }
    this.onmessage?.(message);
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started');
    this.started = true;
    this.stdin.on('data', this.ondata);
    this.stdin.on('error', this.onstreamerror);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const json = JSON.stringify(message) + '\n';
    if (!this.stdout.write(json)) await new Promise<void>((resolve) => this.stdout.once('drain', resolve));
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.ondata);
    this.stdin.off('error', this.onstreamerror);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.dropping = null;
    this.onclose?.();
  }
}

/** The id of a request too long to parse, when its start (`{"jsonrpc":"2.0","id":7`) or its end (`"id":7}`, the SDK's order) shows it. */
function requestId(head: string, tail: string): string | number | null {
  const ID = '("(?:[^"\\\\]|\\\\.){0,200}"|-?\\d{1,16})';
  const m = new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?"id"\\s*:\\s*${ID}`).exec(head)
    ?? new RegExp(`"id"\\s*:\\s*${ID}\\s*\\}\\s*$`).exec(tail);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return null;
  }
}

/** An IPv6 address in a URL or Host header goes in brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function latch(): { closed: Promise<void>; done: () => void } {
  let done!: () => void;
  const closed = new Promise<void>((resolve) => { done = resolve; });
  return { closed, done };
}
