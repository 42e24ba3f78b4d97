// Helpers for the MCP driver tests: the reference app's stdio entry, a fault-injecting proxy in front
// of a real MCP server, and small MCP servers built from tool registries.
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createToolServer, jsonResult, serveMcpHttp, type Served, type ToolEntry } from '../../src/reference-app/mcp-serve.js';

export const STDIO_ENTRY = fileURLToPath(new URL('../reference-app/stdio-entry.ts', import.meta.url));

/** argv of a stdio reference app that is one process (node + tsx), so killing its pid kills the server. */
export function stdioCommand(protocol: 'moui' | 'jetwhale', ...extra: string[]): string[] {
  return [process.execPath, '--import', 'tsx', STDIO_ENTRY, '--protocol', protocol, '--stdio', ...extra];
}

export type ProxyMode = 'pass' | 'hang' | 'html' | 'truncated' | 'reset';

/**
 * An HTTP proxy in front of an MCP endpoint that misbehaves on demand: `hang` accepts and never
 * answers, `html` answers a web page, `truncated` half a JSON body, `reset` drops the socket.
 */
export class FaultyProxy {
  mode: ProxyMode = 'pass';
  private server: HttpServer | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        if (this.mode === 'hang') return;
        if (this.mode === 'reset') { req.socket.destroy(); return; }
        if (this.mode === 'html') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>It works!</body></html>');
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
        const upstream = await fetch(this.target, { method: req.method ?? 'POST', headers, ...(body.length ? { body: body.toString('utf8') } : {}) });
        const text = await upstream.text();
        const out = this.mode === 'truncated' && text.length ? text.slice(0, Math.floor(text.length / 2)) : text;
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(out);
      })().catch(() => res.destroy());
    });
    this.server.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    const s = this.server;
    this.server = null;
    for (const sock of this.sockets) sock.destroy();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** An MCP server over HTTP with the given tools (each answering what the test says). */
export async function serveTools(tools: Array<{ name: string; call: ToolEntry['call'] }>): Promise<Served> {
  const entries: ToolEntry[] = tools.map((t) => ({ name: t.name, description: t.name, inputSchema: { type: 'object' }, call: t.call }));
  return serveMcpHttp(() => createToolServer({
    info: { name: 'test-server', version: '0.0.0' },
    tools: entries,
    unknownTool: (name) => ({ content: [{ type: 'text', text: `unknown tool ${name}` }], isError: true }),
  }), { host: '127.0.0.1', port: 0 });
}

export { jsonResult };
export type { CallToolResult };

/** A port with nothing listening on it. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
