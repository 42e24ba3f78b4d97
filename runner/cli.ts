// The CLI's entry: usage texts, --version and the dispatch. Each command's code is imported when that
// command runs (docs/design.md §3, loading): `--version` and `--help` load no core module, `verify`
// only the checks it runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isTreewrightError } from '../src/errors.js';
import { PACKAGE_ROOT } from '../src/common/package-root.js';
import { argsProblem } from '../src/common/words.js';
import { guardStdout, writeStdout } from '../src/files/stdout.js';

/** The usage texts that list the source forms, given devices/source-forms.ts's sourceUsage (loaded for --help only). */
type SourceUsage = (indent: number) => string;

const usage = (sourceUsage: SourceUsage) => `usage: treewright <command> [options]

commands:
  inspect <source>   print a device's semantics tree
      <source>          ${sourceUsage(24)}
      --format <f>      outline (default) | json (treewright snapshot) | cmp (cmp-inspector tree v1)
      --interactive     keep only what can be operated, and its ancestors (outline)
      --max-depth <n>   cut the outline at depth n
      --unmerged        print the unmerged tree (role children of Compose controls as lines of their own)
      --density <n>     px per dp of the device a uiautomator dump came from (dumps do not say)
  inspector [source] a local page to pick a locator on a live device, act, record a spec (see inspector --help)
      --port <n>        listen port on 127.0.0.1 (default: any free port); --no-open: do not open the browser
  schema             print the JSON Schema of the snapshot format
      --out <file>      write it to a file instead
  mcp                the MCP shim for agents: same locators and checks (see mcp --help)
      --source <s>      the device (default: reference)
      --http <port>     streamable HTTP instead of stdio
  verify <glob>...   the CI lane: a11y, drift and golden checks over captured trees (see verify --help)
  reference-app      run the bundled reference app as a device (see reference-app --help)
      --protocol <p>    live (cmp-inspector HTTP, default) | moui | jetwhale (MCP)
      --port <n>        listen port (default 9500; 0 = any free port)
      --stdio           serve MCP on stdin/stdout instead of HTTP (moui, jetwhale)
      --signed-in       start past the sign-in screen
  help               this text (each command takes --help; --version prints treewright's version)
`;

const inspectUsage = (sourceUsage: SourceUsage) => `usage: treewright inspect <source> [--format outline|json|cmp] [--interactive] [--max-depth <n>]

Prints a device's semantics tree: the outline (default), treewright snapshot JSON, or cmp-inspector tree v1.
  <source>          ${sourceUsage(20)}
  --format <f>      outline (default) | json | cmp
  --interactive     keep only what can be operated, and its ancestors (outline)
  --max-depth <n>   cut the outline at depth n
  -h, --help        this text;  -V, --version  treewright's version
`;

const SCHEMA_USAGE = `usage: treewright schema [--out <file>]

Prints the JSON Schema of treewright's snapshot format (generated from the zod model).
  --out <file>      write it to a file instead of stdout
  -h, --help        this text;  -V, --version  treewright's version
`;

/** treewright's version, from the package's own package.json. */
export function version(): string {
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Each command's usage, for `treewright <command> --help` (the sub-CLIs' own texts where they have one). */
async function usageOf(command: string): Promise<string | null> {
  switch (command) {
    case 'inspect': return inspectUsage((await import('../src/devices/source-forms.js')).sourceUsage);
    case 'schema': return SCHEMA_USAGE;
    case 'inspector': return (await import('./inspector/usage.js')).INSPECTOR_USAGE;
    case 'mcp': return (await import('../agents/cli.js')).MCP_USAGE;
    case 'verify': return (await import('./verify/usage.js')).VERIFY_USAGE;
    case 'reference-app': return (await import('../src/reference-app/start.js')).REFERENCE_APP_USAGE + '\n';
    default: return null;
  }
}

const isHelp = (a: string) => a === '--help' || a === '-h';
const isVersion = (a: string) => a === '--version' || a === '-V';

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  guardStdout();
  try {
    // --version and --help work on every command (before its own parsing, so a bad flag next to them does not matter).
    // Every write to stdout is checked: a full disk is one line and exit 2, a reader gone a quiet exit 0.
    if (command !== undefined && (isVersion(command) || rest.some(isVersion))) {
      await writeStdout(`treewright ${version()}\n`);
      return 0;
    }
    if (command !== undefined && rest.some(isHelp)) {
      const usage = await usageOf(command);
      if (usage) { await writeStdout(usage); return 0; }
    }
    switch (command) {
      case 'inspect': {
        const { inspect } = await import('./inspect.js');
        return await inspect(rest);
      }
      case 'inspector': {
        const { runInspector } = await import('./inspector/cli.js');
        return await runInspector(rest);
      }
      case 'schema': return await schema(rest);
      case 'mcp': {
        const { runMcpCli } = await import('../agents/cli.js');
        return await runMcpCli(rest);
      }
      case 'verify': {
        const { runVerify } = await import('./verify/index.js');
        return await runVerify(rest);
      }
      case 'reference-app': {
        const { runReferenceAppCli } = await import('../src/reference-app/start.js');
        return await runReferenceAppCli(rest);
      }
      case undefined: case 'help': case '--help': case '-h':
        await writeStdout(usage((await import('../src/devices/source-forms.js')).sourceUsage));
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`treewright: unknown command "${command}"\n  → Commands: inspect, inspector, schema, mcp, verify, reference-app; treewright --help lists their options.\n`);
        return 2;
    }
  } catch (e) {
    process.stderr.write(describeFailure(e, process.env, command));
    return 2;
  }
}

/**
 * What a failed command prints: a typed error's own message (what, where, next step); a bad flag with
 * the usage; a file system error as its one line; anything else one line asking for a report. The
 * stack only with TREEWRIGHT_DEBUG set.
 */
export function describeFailure(e: unknown, env: NodeJS.ProcessEnv, command?: string): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as NodeJS.ErrnoException).code;
  const debug = env.TREEWRIGHT_DEBUG ? `${err.stack ?? err.message}\n` : '';
  if (isTreewrightError(err)) return `treewright: ${err.message}\n${debug}`;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return `treewright ${command ?? ''}: ${argsProblem(err.message)}\n  → Run treewright ${command ?? '<command>'} --help for its options.\n`.replace('treewright :', 'treewright:');
  const line = err.message.split('\n')[0];
  const sys = err as NodeJS.ErrnoException;
  if (sys.syscall) return `treewright: ${fileProblem(sys) ?? line}\n  → ${fileNext(sys)}\n${debug}`;
  return `treewright: internal error: ${line}\n  → This is a bug in treewright; please report it with the command you ran${debug ? '' : ' (TREEWRIGHT_DEBUG=1 prints the stack)'}.\n${debug}`;
}

/** A file system error in words: what could not be done to which path. */
function fileProblem(e: NodeJS.ErrnoException, verb?: string): string | null {
  const p = e.path;
  if (!p) return null;
  const doing = verb ?? (e.syscall === 'open' || e.syscall === 'read' ? 'open' : e.syscall === 'write' ? 'write' : e.syscall ?? 'use');
  switch (e.code) {
    case 'ENOENT': return `cannot ${doing} ${p}: no such file or folder`;
    case 'EACCES': case 'EPERM': return `cannot ${doing} ${p}: permission denied`;
    case 'EISDIR': return `cannot ${doing} ${p}: it is a folder`;
    case 'ENOTDIR': return `cannot ${doing} ${p}: a part of the path is a file, not a folder`;
    case 'ENOSPC': return `cannot ${doing} ${p}: no space left on the device`;
    default: return `cannot ${doing} ${p}: ${e.code ?? e.message}`;
  }
}

function fileNext(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOENT': return 'Check the path; to write a file there, create its folder first.';
    case 'EACCES': case 'EPERM': return 'Pick a path you may read or write, or change its permissions.';
    case 'EISDIR': return 'Give a file name, not a folder.';
    default: return 'Check the path and try again.';
  }
}

async function schema(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const { snapshotJsonSchema } = await import('../src/model/json-schema.js');
  const text = JSON.stringify(snapshotJsonSchema(), null, 2) + '\n';
  if (values.out) {
    try {
      const abs = path.resolve(values.out);
      const { writeConfined } = await import('../src/files/write-confined.js');
      await writeConfined(path.dirname(abs), path.basename(abs), text, { shown: values.out, what: 'the schema', createBase: false });
    } catch (e) {
      if (!isTreewrightError(e)) throw e;
      process.stderr.write(`treewright schema: ${e.reason}\n${e.hint ? `  → ${e.hint}\n` : ''}`);
      return 2;
    }
  }
  else await writeStdout(text);
  return 0;
}
