import { chromium } from '@playwright/test';
import { webDevice } from './src/devices/web-open.js';
import { CHROMIUM_ARGS } from './src/devices/chromium.js';
import { audit } from './src/index.js';
import { compareRule, RULE_PAIRS } from './tests/helpers/axe-compare.js';
import { pathToFileURL } from 'node:url';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const f of process.argv.slice(2)) {
  const page = await b.newPage();
  await page.goto(pathToFileURL(f).href);
  const d = await webDevice(page);
  const findings = audit(await d.snapshot());
  for (const pair of RULE_PAIRS) {
    const r = await compareRule(page, f, pair, findings);
    if (!r.axeViolations && !r.treewrightFindings) continue;
    console.log(f.split('/').pop(), pair.axe, `axe ${r.alsoTreewright}/${r.axeViolations}`, `tw ${r.alsoAxe}/${r.treewrightFindings}`, 'onlyAxe', r.onlyAxe, 'onlyTw', r.onlyTreewright);
  }
  await page.close();
}
await b.close();
