// Every reader beside JSON.parse of the same text, per input shape (bench/shapes.ts): each JSON importer
// (importTree, as a user calls it, on the text as read from a file) on the same tree written compact and
// pretty-printed, and the golden reader (parseGolden on the golden file of the shape's tree) beside
// JSON.parse of a JSON text of the same size. Figures are CPU time per call, each reader and its JSON.parse
// timed back to back in interleaved rounds of ~SAMPLE_MS of calls a side; the ratio is judged round by round
// (median, target ≤ 2).
//
//   npx tsx bench/readers.ts
import { pathToFileURL } from 'node:url';
import { importTree } from '../src/formats/index.js';
import { parseGolden, toGolden } from '../src/outline/golden.js';
import { shapes, type Shape } from './shapes.js';
import { asRead, median } from './stats.js';
import { roundRatio, timeRounds } from './timing.js';

const N = 10_000;
const ROUNDS = 7;
/**
 * CPU ms each side runs per round: ~10 calls, as bench/peer.ts samples, so what each call leaves the
 * collector is paid inside the samples in proportion. With one or two calls a sample a collection lands
 * whole in a few samples, and the median swings from run to run with the code unchanged.
 */
const SAMPLE_MS = 300;
const TARGET = 2;

const fmt = (v: number, w = 8, d = 1) => v.toFixed(d).padStart(w);

/** `reader` and JSON.parse of `json` in the same rounds; the ratio per round, `scale` × the JSON.parse time. */
function ratio(reader: (t: string) => unknown, text: string, json: string, scale = 1): { ms: number; parse: number; r: ReturnType<typeof roundRatio> } {
  const [a, b] = timeRounds<string>([{ f: reader, input: text }, { f: (t) => JSON.parse(t) as unknown, input: json }], ROUNDS, SAMPLE_MS);
  const parse = b!.map((x) => x * scale);
  return { ms: median(a!), parse: median(parse), r: roundRatio(a!, parse) };
}

export async function run(all: Shape[] = shapes(N)): Promise<{ misses: string[] }> {
  console.log(`readers at ~${N.toLocaleString()} nodes: CPU ms per call beside JSON.parse of the same text, ${ROUNDS} interleaved rounds of ~${SAMPLE_MS} ms a side; ratio = reader / JSON.parse per round, median [quartiles] (target ≤ ${TARGET}×)`);
  const misses: string[] = [];
  const line = (shape: string, what: string, bytes: number, x: ReturnType<typeof ratio>) => {
    const ok = x.r.ratio <= TARGET;
    if (!ok) misses.push(`${what} on ${shape}`);
    console.log(`  ${what.padEnd(34)} ${fmt(bytes / 1e6, 6, 2)} MB ${fmt(x.ms)} ms  JSON.parse ${fmt(x.parse)} ms  ${fmt(x.r.ratio, 5, 2)}× [${x.r.lo.toFixed(2)}–${x.r.hi.toFixed(2)}] ${ok ? 'ok' : 'MISS'}`);
  };
  for (const shape of all) {
    console.log(`  shape: ${shape.name}`);
    for (const t of shape.texts) {
      // JSON.parse of the JSON itself: a Maestro capture starts with the CLI's lines.
      const json = t.text.slice(t.text.search(/[{[]/));
      line(shape.name, `${t.format} ${t.layout} (${t.origin})`, t.text.length, ratio((s) => importTree(s), t.text, json));
    }
    // The golden reader: no JSON, so beside JSON.parse of the shape's own JSON scaled to the golden's size.
    const golden = asRead(toGolden(shape.snapshot));
    line(shape.name, 'golden file (parseGolden)', golden.length, ratio((s) => parseGolden(s, 'screen.tree'), golden, shape.cmp, golden.length / shape.cmp.length));
  }
  console.log(misses.length ? `  ${misses.length} reader figure(s) over ${TARGET}× JSON.parse: ${misses.join('; ')}` : `  every reader ≤ ${TARGET}× JSON.parse on every shape`);
  return { misses };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
