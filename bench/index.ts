// npm run bench: every benchmark, one after another. Figures, not pass/fail: the targets are
// printed next to them. Run on an otherwise idle machine.
import { run as importXml } from './import-xml.js';
import { run as importJson } from './import-json.js';
import { run as query } from './query.js';
import { run as reachability } from './reachability.js';
import { run as devices } from './devices.js';

const suites: Array<[string, () => Promise<void>]> = [
  ['import (XML)', importXml],
  ['import (JSON)', importJson],
  ['locators', query],
  ['reachability', reachability],
  ['devices', devices],
];

const only = process.argv.slice(2);
for (const [name, run] of suites) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} ===`);
  await run();
}
