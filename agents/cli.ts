/**
 * `npx treewright mcp [--source <source>] [--root <dir>] [--allow-host <host>]… [--http <port>]`:
 * the MCP shim on stdio (default) or streamable HTTP. runner/cli.ts dispatches `mcp` here.
 */
import { argsProblem } from '../src/common/words.js';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { sourceUsage } from '../src/devices/source-forms.js';
import { isTreewrightError } from '../src/errors.js';
import { writeStdout } from '../src/files/stdout.js';
import type { Session } from './session.js';

export const MCP_USAGE = `usage: treewright mcp [options]

Serves the MCP shim: agents find nodes, act, read changes, run checks and export a test,
with the same locators as treewright tests.

options:
  --source <source>     the device (default: reference):
                        ${sourceUsage(24, 'a file')}
  --root <dir>          files an agent may read or write stay under this directory (default: cwd)
  --allow-host <host>   let the agent connect to this non-loopback host too (repeatable)
  --http <port>         serve streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio (0 = any free port)
  -h, --help            this text

Register it with an MCP client:
  { "mcpServers": { "treewright": { "command": "npx", "args": ["treewright", "mcp", "--source", "reference"] } } }
`;

export interface McpCliIo {
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  /** Resolves when the HTTP server should stop (default: SIGINT or SIGTERM). */
  stopSignal?: Promise<void>;
}

/** Runs the `mcp` command; resolves with the exit code once the client has gone (stdio) or on SIGINT / SIGTERM (HTTP). */
export async function runMcpCli(argv: string[], io: McpCliIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const say = (s: string) => stderr.write(`treewright mcp: ${s}\n`);
  let session: Session | null = null;
  // A SIGINT / SIGTERM of this process (not the caller's stopSignal) ended the serving.
  let byProcessSignal = false;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        source: { type: 'string' },
        root: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        http: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      // Through the checked writer, as every CLI write: a full disk is one line and exit 2, a closed reader a quiet end.
      await writeStdout(MCP_USAGE, stdout);
      return 0;
    }
    // The shim, the device layer and the MCP SDK are loaded once there is something to serve, not for --help.
    const [{ parseSource }, { serveHttp, serveStdio }, { Session }, { signalled }] = await Promise.all([
      import('../src/devices/source.js'), import('./server.js'), import('./session.js'), import('../src/mcp/signals.js'),
    ]);
    const source = values.source ?? 'reference';
    parseSource(source); // a bad --source fails now, not at the agent's first call
    const root = await realDir(values.root ?? process.cwd());
    let port: number | undefined;
    if (values.http !== undefined) {
      port = Number(values.http);
      if (!/^\d+$/.test(values.http) || port > 65535) {
        say(`--http takes a port number (0–65535), got "${values.http}"`);
        return 2;
      }
    }
    session = new Session({ source, root, allowHosts: values['allow-host'] ?? [] });
    if (port === undefined) {
      const stdin = io.stdin ?? process.stdin;
      const serving = await serveStdio(session, { stdin, stdout });
      // SIGINT / SIGTERM end the session like a closed stdin does: the device is closed (a lease released, a private server stopped).
      const stop = io.stopSignal ?? signalled(serving.closed).then(() => { byProcessSignal = true; });
      await Promise.race([serving.closed, stop.then(() => serving.close())]);
      if (stdin === process.stdin) process.stdin.destroy(); // an open pipe would keep the process alive
      return 0;
    }
    const serving = await serveHttp(session, { port });
    // The URL is what a caller reads to connect: when it cannot be written the server stops (a reader that
    // has gone: a quiet end; a full disk: one line and exit 2), and finally closes the session.
    const written = await writeStdout(`${serving.url}\n`, stdout).catch(async (e: unknown) => { await serving.close(); throw e; });
    if (!written) {
      await serving.close();
      return 0;
    }
    say(`serving ${source} at ${serving.url} (files under ${root}); stop with Ctrl-C`);
    await (io.stopSignal ?? signalled(serving.closed).then(() => { byProcessSignal = true; }));
    await serving.close();
    return 0;
  } catch (e) {
    if (isTreewrightError(e)) say(e.message);
    else if (e instanceof TypeError && (e as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) say(`${argsProblem(e.message)}\n  → Run treewright mcp --help for its options.`);
    else say(`internal error: ${(e as Error).stack ?? e}`);
    return 2;
  } finally {
    const closing = session?.close().catch((e: unknown) => say(`closing the device: ${(e as Error).message}`));
    if (!byProcessSignal) await closing;
    else {
      // Stopped by a signal mid-call: a device still connecting (a server that never answers) would
      // hold the close, and its sockets the process, until its own timeout. The device gets a short
      // grace to close; then the process ends, whatever is still pending.
      await Promise.race([closing, new Promise((r) => setTimeout(r, SIGNAL_GRACE_MS).unref())]);
      setTimeout(() => process.exit(), 0).unref();
    }
  }
}

/** How long a signalled shutdown waits for the device to close before the process ends anyway. */
const SIGNAL_GRACE_MS = 2000;

async function realDir(dir: string): Promise<string> {
  const abs = path.resolve(dir);
  const st = await stat(abs).catch(() => null);
  if (!st?.isDirectory()) throw Object.assign(new TypeError(`--root ${dir} is not a directory`), { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' });
  return realpath(abs);
}
