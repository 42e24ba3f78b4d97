// `treewright inspect <source>`: connect, capture once, print the tree (outline, snapshot JSON or cmp tree v1).
import { parseArgs } from 'node:util';
import { connect } from '../src/devices/connect.js';
import { analyzeReachability } from '../src/facts/reachability.js';
import { renderOutline } from '../src/outline/outline.js';
import { snapshotJsonText } from '../src/formats/snapshot-json.js';
import { exportCmpV1 } from '../src/formats/cmp.js';
import { writeStdout } from '../src/files/stdout.js';

/** Runs the command; returns its exit code (bad arguments are 2; a failure to connect is thrown, for the CLI to describe). */
export async function inspect(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'outline' }, interactive: { type: 'boolean', default: false }, 'max-depth': { type: 'string' },
      unmerged: { type: 'boolean', default: false }, density: { type: 'string' },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write(`treewright inspect: expected one source, got ${positionals.length}\n  → e.g. treewright inspect window_dump.xml (treewright inspect --help lists the sources).\n`);
    return 2;
  }
  const format = values.format!;
  if (!['outline', 'json', 'cmp'].includes(format)) {
    process.stderr.write(`treewright inspect: unknown --format "${format}"\n  → Use --format outline, json or cmp.\n`);
    return 2;
  }
  const maxDepth = values['max-depth'] !== undefined ? Number(values['max-depth']) : undefined;
  if (maxDepth !== undefined && !(Number.isInteger(maxDepth) && maxDepth >= 0)) {
    process.stderr.write(`treewright inspect: --max-depth takes a whole number ≥ 0, got "${values['max-depth']}"\n  → e.g. --max-depth 3.\n`);
    return 2;
  }
  const density = values.density !== undefined ? Number(values.density) : undefined;
  if (density !== undefined && !(density > 0 && Number.isFinite(density))) {
    process.stderr.write(`treewright inspect: --density takes px per dp > 0 (e.g. 2.625), got "${values.density}"\n`);
    return 2;
  }
  const device = await connect(positionals[0]!, { ...(density !== undefined ? { density } : {}), ...(values.unmerged ? { merged: false } : {}) });
  try {
    const snapshot = await device.snapshot();
    let out: string;
    if (format === 'json') out = snapshotJsonText(snapshot);
    else if (format === 'cmp') out = exportCmpV1(snapshot);
    else out = renderOutline(snapshot, { reach: analyzeReachability(snapshot), interactiveOnly: values.interactive, merged: !values.unmerged, ...(maxDepth !== undefined ? { maxDepth } : {}) });
    // A reader that went away (`| head -1`) ends the command quietly; a full disk is one line and exit 2.
    if (!(await writeStdout(out.endsWith('\n') ? out : out + '\n'))) return 0;
    for (const w of snapshot.warnings) process.stderr.write(`warning: ${w.message}\n`);
    return 0;
  } finally {
    await device.close();
  }
}
