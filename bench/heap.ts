// Heap check: does an import keep its input text alive? Runs bench/retention-child.mjs in a child node
// with --expose-gc and prints what the heap holds above its baseline with the snapshot kept (the text
// dropped) and with both dropped. Targets: the snapshot holds under 40 % of the text's size (it must
// not pin it), and dropping it returns the heap to within 5 % of the text's size of the baseline. Then
// whether dropped snapshots die young (bench/young-child.mjs): what each job's calls promote, against
// what a kept snapshot holds (target < 10 %). That one is a report, not a gate: how the collector
// promotes is the engine's business, and no test of the suite depends on it.
//   npx tsx bench/heap.ts
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface Retention { inputMb: number; nodes: number; heldWithSnapshot: number; afterDrop: number }
export interface YoungCollection { nodes: number; calls: number; treeMb: number; promotedMbPerCall: Record<string, number> }

/** Runs a heap probe (a child script of this folder) in a fresh node with `flags` and reads its last line as JSON. */
function probe<T>(script: string, flags: string[], args: string[] = []): T {
  const out = execFileSync(process.execPath, [...flags, join(HERE, script), ...args], { cwd: join(HERE, '..'), encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

/** The retention probe (bench/retention-child.mjs), in a fresh process so nothing else of this one is on its heap. */
export function measureRetention(format: 'uiautomator' | 'cmp' = 'uiautomator'): Retention {
  return probe('retention-child.mjs', ['--expose-gc'], [format]);
}

/** The young-collection probe (bench/young-child.mjs), with a fixed young generation. */
export function measureYoungCollection(): YoungCollection {
  return probe('young-child.mjs', ['--expose-gc', '--no-allocation-site-pretenuring', '--min-semi-space-size=64', '--max-semi-space-size=64']);
}

export async function run(): Promise<void> {
  for (const [format, what] of [['uiautomator', 'uiautomator dump'], ['cmp', 'cmp tree v1 JSON']] as const) {
    const r = measureRetention(format);
    const holdOk = r.heldWithSnapshot < 0.4 * r.inputMb;
    const dropOk = r.afterDrop < 0.05 * r.inputMb;
    console.log(`heap check: ${what} of ${r.inputMb.toFixed(1)} MB, ${r.nodes.toLocaleString()} nodes (node --expose-gc, heap above baseline)`);
    console.log(`  snapshot kept, text dropped: ${r.heldWithSnapshot.toFixed(1)} MB (target < 40 % of the text: ${holdOk ? 'ok' : 'RETAINED'})`);
    console.log(`  both dropped:                ${r.afterDrop.toFixed(1)} MB (target < 5 % of the text: ${dropOk ? 'ok' : 'RETAINED'})`);
    if (!holdOk || !dropOk) process.exitCode = 1;
  }
  const y = measureYoungCollection();
  const worst = Math.max(...Object.values(y.promotedMbPerCall));
  const youngOk = worst < 0.1 * y.treeMb;
  console.log(`heap check: dropped snapshots die young (${y.nodes.toLocaleString()} nodes, ${y.calls} calls per job, steady state; a kept one holds ${y.treeMb.toFixed(2)} MB)`);
  console.log(`  MB promoted per call: ${Object.entries(y.promotedMbPerCall).map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', ')} (target < 10 % of a kept snapshot: ${youngOk ? 'ok' : 'PROMOTED'})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
