// npm run bench: every benchmark, one after another (or those named: npm run bench -- locators a11y).
// Figures, not pass/fail: each prints its targets next to its figures. Run on an otherwise idle machine.
import { run as importXml } from './import-xml.js';
import { run as importJson } from './import-json.js';
import { run as query } from './query.js';
import { run as reachability } from './reachability.js';
import { run as devices } from './devices.js';
import { run as a11y } from './a11y.js';
import { run as drift } from './drift.js';
import { run as diff } from './diff.js';
import { run as report } from './report.js';
import { run as mcp } from './mcp.js';
import { run as verify } from './verify.js';
import { run as peer } from './peer.js';
import { run as readers } from './readers.js';
import { shapes, type Shape } from './shapes.js';
import { run as heap } from './heap.js';
import { run as web } from './web.js';
import { run as appium } from './appium.js';
import { run as linear } from './linear.js';
import { run as fuzz } from './fuzz.js';
import { run as startup } from './startup.js';

// The input shapes (bench/shapes.ts) are built once for the two sections that read them.
let built: Shape[] | null = null;
const inputShapes = (): Shape[] => {
  if (!built) {
    built = shapes(10_000);
    console.log(`input shapes: ${built.map((s) => s.name).join('; ')}`);
  }
  return built;
};

const suites: Array<[string, () => Promise<void>]> = [
  ['start-up', async () => { await startup(); }],
  ['readers beside JSON.parse, per input shape', async () => { await readers(inputShapes()); }],
  ['side by side with the cmp-inspector, per input shape', async () => { await peer(inputShapes()); }],
  ['heap check', heap],
  ['import (XML)', importXml],
  ['import (JSON)', importJson],
  ['locators', query],
  ['reachability', reachability],
  ['devices', devices],
  ['a11y', a11y],
  ['drift', drift],
  ['golden diff', diff],
  ['verify', verify],
  ['report', report],
  ['mcp', mcp],
  ['web', web],
  ['appium', appium],
  ['linear parsing', linear],
  ['fuzz', () => fuzz()],
];

const only = process.argv.slice(2);
for (const [name, run] of suites) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} ===`);
  try {
    await run();
  } catch (e) {
    console.log(`${name}: failed to run: ${(e as Error).stack ?? e}`);
    process.exitCode = 1;
  }
}
