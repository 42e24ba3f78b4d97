// The MCP shim as an agent meets it: a real server process, the SDK's real Client; or, for tests of
// the tools' logic, the same registry and session in-process (no server start per test).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildRegistry } from '../../agents/registry.js';
import { Session } from '../../agents/session.js';

export const REPO = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(REPO, 'agents/main.ts');
/** `node --import tsx agents/main.ts …`: the server from source, as `npx tsx agents/main.ts` would run it. */
export const SERVER_COMMAND = [process.execPath, '--import', 'tsx', ENTRY] as const;

/** The environment a server gets: no TREEWRIGHT_SOURCE from the caller's shell overriding --source. */
export function serverEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'TREEWRIGHT_SOURCE') env[k] = v;
  return env;
}

/** What a test calls tools through: a client of a server process, or the registry in-process. */
export interface ToolCaller {
  /** Calls a tool; answers the result with its envelope and text. */
  call(name: string, args?: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Agent extends ToolCaller {
  client: Client;
}

/**
 * JSON from the wire as a test reads it, field by field. Its shape is checked where it matters: the
 * SDK client validates every structuredContent against the tool's outputSchema (task.spec.ts,
 * http.spec.ts), and the tests assert the fields they read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type WireJson = any;

export interface Answer {
  result: CallToolResult;
  /** structuredContent: { ok, value | error, appData }. */
  env: { ok: boolean; appData: boolean; value?: WireJson; error?: { code: string; message: string; details: Record<string, WireJson> } };
  text: string;
}

function answerOf(result: CallToolResult): Answer {
  const t = result.content.find((c) => c.type === 'text');
  return { result, env: result.structuredContent as Answer['env'], text: t && t.type === 'text' ? t.text : '' };
}

async function agentOf(client: Client): Promise<Agent> {
  return {
    client,
    call: async (name, args = {}) => answerOf((await client.callTool({ name, arguments: args })) as CallToolResult),
    close: () => client.close(),
  };
}

/**
 * The server's registry and session in this process, as `treewright mcp` would build them from
 * --source, --root and --allow-host (default: the reference app, files under the repository).
 * Answers go through JSON as on the wire. The transport is tested end to end elsewhere
 * (errors.spec.ts over stdio, http.spec.ts over HTTP, export.spec.ts's first test).
 */
export async function localAgent(opts: { source?: string; root?: string; allowHosts?: string[] } = {}): Promise<ToolCaller> {
  const session = new Session({ source: opts.source ?? 'reference', root: await realpath(opts.root ?? REPO), allowHosts: opts.allowHosts ?? [] });
  const registry = buildRegistry();
  return {
    call: async (name, args = {}) => answerOf(JSON.parse(JSON.stringify(await registry.call(name, args, session))) as CallToolResult),
    close: () => session.close(),
  };
}

/** A server on stdio (default source: the reference app) and a client connected to it. */
export async function stdioAgent(args: string[] = [], cwd = REPO): Promise<Agent> {
  const client = new Client({ name: 'treewright-agent-test', version: '0.0.0' });
  const [command, ...rest] = SERVER_COMMAND;
  await client.connect(new StdioClientTransport({ command, args: [...rest, ...args], cwd, env: serverEnv(), stderr: 'pipe' }));
  return agentOf(client);
}

export async function httpAgent(url: string): Promise<Agent> {
  const client = new Client({ name: 'treewright-agent-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return agentOf(client);
}

/** A server on --http 0: its URL (the first line it prints) and the process. */
export async function httpServer(args: string[] = []): Promise<{ url: string; proc: ChildProcessWithoutNullStreams; exited: Promise<number | null> }> {
  const [command, ...rest] = SERVER_COMMAND;
  const proc = spawn(command, [...rest, '--http', '0', ...args], { cwd: REPO, env: serverEnv() });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout });
    lines.once('line', (l) => resolve(l.trim()));
    proc.once('exit', (code) => reject(new Error(`server exited with ${code} before printing its URL`)));
  });
  return { url, proc, exited };
}

/**
 * A raw stdio server for JSON-RPC-level tests: write lines, read answers by id (null for
 * messages the server could not read).
 */
export function rawStdioServer(args: string[] = []) {
  const [command, ...rest] = SERVER_COMMAND;
  const proc = spawn(command, [...rest, ...args], { cwd: REPO, env: serverEnv() });
  const answers: WireJson[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: proc.stdout }).on('line', (l) => {
    answers.push(JSON.parse(l));
    for (const w of waiters.splice(0)) w();
  });
  return {
    proc,
    send(line: string) {
      proc.stdin.write(line + '\n');
    },
    /** The next answer matching `pick`, waiting for it. */
    async next(pick: (m: WireJson) => boolean): Promise<WireJson> {
      for (;;) {
        const i = answers.findIndex(pick);
        if (i >= 0) return answers.splice(i, 1)[0];
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async close(): Promise<number | null> {
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.stdin.end();
      return exited;
    },
  };
}

/** A scratch directory inside the repository (so `import … from 'treewright'` resolves from it), removed by the returned function. */
export async function repoTempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(REPO, '.tw-agents-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Byte length of a UTF-8 string. */
export function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}
