import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { connect } from '../src/devices/connect.js';
import { isTreewrightError } from '../src/errors.js';
import { analyzeReachability } from '../src/facts/reachability.js';
import { renderOutline } from '../src/outline/outline.js';
import { snapshotToJson } from '../src/model/serialize.js';
import { snapshotJsonSchema } from '../src/model/json-schema.js';
import { exportCmpV1 } from '../src/formats/cmp.js';

const USAGE = `usage: treewright <command> [options]

commands:
  inspect <source>   print a device's semantics tree
      <source>          a file (any format treewright reads), file:<path>, live:<host>:<port>, adb[:serial],
                        moui:<url>, jetwhale:<url>, reference[:live|:moui|:jetwhale]
      --format <f>      outline (default) | json (treewright snapshot) | cmp (cmp-inspector tree v1)
      --interactive     keep only what can be operated, and its ancestors (outline)
      --max-depth <n>   cut the outline at depth n
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
  help               this text
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'inspect': return await inspect(rest);
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
        process.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`treewright: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    process.stderr.write(describeFailure(e, process.env));
    return 2;
  }
}

/**
 * What a failed command prints: a typed error's own message (what, where, next step); a bad flag with
 * the usage; a file system error as its one line; anything else one line asking for a report. The
 * stack only with TREEWRIGHT_DEBUG set.
 */
export function describeFailure(e: unknown, env: NodeJS.ProcessEnv): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as NodeJS.ErrnoException).code;
  const debug = env.TREEWRIGHT_DEBUG ? `${err.stack ?? err.message}\n` : '';
  if (isTreewrightError(err)) return `treewright: ${err.message}\n${debug}`;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return `treewright: ${err.message}\n\n${USAGE}`;
  const line = err.message.split('\n')[0];
  if ((err as NodeJS.ErrnoException).syscall) return `treewright: ${line}\n${debug}`; // ENOENT, EACCES…: the path says what to fix
  return `treewright: internal error: ${line}\n  → This is a bug in treewright; please report it with the command you ran${debug ? '' : ' (TREEWRIGHT_DEBUG=1 prints the stack)'}.\n${debug}`;
}

async function inspect(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'outline' }, interactive: { type: 'boolean', default: false }, 'max-depth': { type: 'string' } },
  });
  if (positionals.length !== 1) {
    process.stderr.write(`treewright inspect: expected one source, got ${positionals.length}\n\n${USAGE}`);
    return 2;
  }
  const format = values.format!;
  if (!['outline', 'json', 'cmp'].includes(format)) {
    process.stderr.write(`treewright inspect: unknown --format "${format}" (outline | json | cmp)\n`);
    return 2;
  }
  const maxDepth = values['max-depth'] !== undefined ? Number(values['max-depth']) : undefined;
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth >= 0)) {
    process.stderr.write(`treewright inspect: --max-depth takes a whole number ≥ 0, got "${values['max-depth']}"\n`);
    return 2;
  }
  const device = await connect(positionals[0]!);
  try {
    const snapshot = await device.snapshot();
    let out: string;
    if (format === 'json') out = snapshotToJson(snapshot);
    else if (format === 'cmp') out = exportCmpV1(snapshot);
    else out = renderOutline(snapshot, { reach: analyzeReachability(snapshot), interactiveOnly: values.interactive, ...(maxDepth !== undefined ? { maxDepth } : {}) });
    process.stdout.write(out.endsWith('\n') ? out : out + '\n');
    for (const w of snapshot.warnings) process.stderr.write(`warning: ${w}\n`);
    return 0;
  } finally {
    await device.close();
  }
}

async function schema(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const text = JSON.stringify(snapshotJsonSchema(), null, 2) + '\n';
  if (values.out) await writeFile(values.out, text);
  else process.stdout.write(text);
  return 0;
}
