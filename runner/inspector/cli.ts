// `treewright inspector [source]`: serves the inspector page on 127.0.0.1, prints its URL first, opens
// it in the browser (unless --no-open), and serves until SIGINT / SIGTERM.
import { parseArgs } from 'node:util';
import { execa } from 'execa';
import { connect } from '../../src/devices/connect.js';
import { parseSource } from '../../src/devices/source.js';
import { signalled } from '../../src/mcp/signals.js';
import { writeStdout } from '../../src/files/stdout.js';
import { startInspector, type Inspector } from './server.js';

/** Runs the command; resolves with the exit code once stopped by a signal (or `stop`). */
export async function runInspector(args: string[], stop?: Promise<unknown>): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { port: { type: 'string', default: '0' }, 'no-open': { type: 'boolean', default: false }, interval: { type: 'string', default: '1000' }, 'save-root': { type: 'string' } },
  });
  if (positionals.length > 1) {
    process.stderr.write(`treewright inspector: expected at most one source, got ${positionals.length}\n  → e.g. treewright inspector reference (treewright inspector --help lists the options).\n`);
    return 2;
  }
  const port = Number(values.port);
  if (!(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    process.stderr.write(`treewright inspector: --port takes a port number 0-65535, got "${values.port}"\n  → Leave it out for any free port.\n`);
    return 2;
  }
  const interval = Number(values.interval);
  if (!(Number.isFinite(interval) && interval >= 50)) {
    process.stderr.write(`treewright inspector: --interval takes ms ≥ 50, got "${values.interval}"\n  → e.g. --interval 500.\n`);
    return 2;
  }
  const source = positionals[0] ?? 'reference';
  // A source that cannot mean anything fails now (with its "did you mean"); one that is not up yet is retried on the page.
  parseSource(source);
  // Listening before the URL is out: whoever reads it may stop the command at once.
  let done = (): void => undefined;
  const stopped = stop ?? signalled(new Promise<void>((resolve) => { done = resolve; }));
  let inspector: Inspector | null = null;
  try {
    inspector = await startInspector({ source, open: (s) => connect(s), interval, port, ...(values['save-root'] ? { saveRoot: values['save-root'] } : {}) });
    if (!(await writeStdout(`${inspector.url}\n`))) return 0;
    if (!values['no-open']) await openInBrowser(inspector.url);
    await stopped;
    return 0;
  } finally {
    done();
    await inspector?.close();
  }
}

/** Opens the URL with the platform's opener; a missing opener is a one-line hint, not a failure. */
async function openInBrowser(url: string): Promise<void> {
  const [cmd, ...args] = process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : ['xdg-open', url];
  try {
    const child = execa(cmd!, args, { stdio: 'ignore', detached: true, reject: false });
    const r = await Promise.race([child, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000).unref())]);
    if (r && (r.failed || r.exitCode !== 0)) throw new Error(r.shortMessage);
    child.unref();
  } catch {
    process.stderr.write(`treewright inspector: could not open a browser (${cmd} failed or is missing); open the URL above yourself.\n`);
  }
}
