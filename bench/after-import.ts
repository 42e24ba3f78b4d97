// What an analysis costs once the capture is imported: the a11y audit's and the drift check's share of
// the side-by-side jobs (bench/peer.ts times them end to end, from JSON text). Same input as there (the
// realistic 10,000-node screen with design tokens, compact cmp JSON). Cold: every sample imports a
// fresh snapshot first (not timed), so nothing the analysis derives per snapshot is carried over.
// Beside it, for the budget, the peer's own walk on JSON parsed once (what its job costs after
// JSON.parse), importCmp and JSON.parse alone. Interleaved samples, CPU ms, medians.
import { exportCmpV1, importCmp } from '../src/formats/cmp.js';
import type { Snapshot } from '../src/model/schema.js';
import { loadPeerExport } from './peer-lib.js';
import { asRead, median } from './stats.js';
import { syntheticSnapshot } from './synthetic.js';
import { cpuMs } from './timing.js';
import { decorate } from './tokens.js';

const AT = '1970-01-01T00:00:00.000Z';
const WARMUP = 5;
const SAMPLES = 21;
/** The side-by-side target (peer time / treewright time, end to end). */
const TARGET = 1.5;

export interface AfterImportJob {
  /** e.g. 'audit(snapshot)' */
  name: string;
  ours: (s: Snapshot) => unknown;
  /** The peer's file and export, and how to call it on parsed JSON. */
  peer: { file: string; name: string; call: (fn: never, tree: unknown) => unknown };
}

let shared: { text: string; parsed: unknown } | null = null;
function input(): { text: string; parsed: unknown } {
  if (shared) return shared;
  const s = syntheticSnapshot(10_000, 1, { fullPage: true, realistic: true });
  decorate(s);
  const text = asRead(exportCmpV1(s, { roots: 'all', indent: 0 }));
  return (shared = { text, parsed: JSON.parse(text) });
}

function cpu(f: () => unknown): number {
  const t0 = cpuMs();
  f();
  return cpuMs() - t0;
}

/** Prints the job's post-import figure beside the peer's walk and the budget it leaves. */
export async function afterImport(job: AfterImportJob): Promise<void> {
  const { text, parsed } = input();
  const { fn } = await loadPeerExport<never>(job.peer.file, job.peer.name);
  const fresh = () => importCmp(text, { capturedAt: AT });
  const ours: number[] = [], peer: number[] = [], imports: number[] = [], parses: number[] = [];
  for (let k = 0; k < WARMUP + SAMPLES; k++) {
    const s = fresh();
    const a = cpu(() => job.ours(s));
    const p = fn ? cpu(() => job.peer.call(fn, parsed)) : NaN;
    const i = cpu(fresh);
    const j = cpu(() => JSON.parse(text));
    if (k < WARMUP) continue;
    ours.push(a); peer.push(p); imports.push(i); parses.push(j);
  }
  const [a, p, i, j] = [ours, peer, imports, parses].map(median) as [number, number, number, number];
  let line = `  after import, 10,000 nodes, cold (fresh snapshot per sample; CPU ms, median of ${SAMPLES}): ${job.name} ${a.toFixed(2)} ms`;
  if (fn) {
    // End to end the peer pays JSON.parse + its walk; at TARGET× we may spend a TARGET-th of that on import + analysis.
    const budget = (j + p) / TARGET - i;
    line += `; peer ${job.peer.name} on parsed JSON ${p.toFixed(2)} ms; importCmp ${i.toFixed(2)} ms, JSON.parse ${j.toFixed(2)} ms` +
      ` → budget for ${TARGET}× after this import: ${budget.toFixed(2)} ms (${a <= budget ? 'ok' : 'over'})`;
  } else line += ' (peer not found: no budget line)';
  console.log(line);
}
