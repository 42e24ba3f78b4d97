import { chromium } from '@playwright/test';
import { webDevice } from './src/devices/web-open.js';
import { CHROMIUM_ARGS } from './src/devices/chromium.js';
import { compareHittability } from './tests/helpers/web-oracle.js';
import { pathToFileURL } from 'node:url';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let tot = 0, ag = 0;
for (const f of process.argv.slice(2)) {
  const page = await b.newPage();
  const [file, hash] = f.split("#"); await page.goto(pathToFileURL(file!).href + (hash ? "#" + hash : ""));
  const d = await webDevice(page);
  const c = await compareHittability(page, await d.snapshot(), f);
  tot += c.compared; ag += c.agreed;
  console.log(f, c.compared, c.agreed);
  for (const x of c.disagreements) console.log('  ', x.treewright, x.chromium, x.tap, x.node);
  await page.close();
}
console.log('total', tot, ag, (100*ag/tot).toFixed(1));
await b.close();
