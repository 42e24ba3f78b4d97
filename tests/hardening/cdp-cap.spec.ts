// Issue 32, leftover: CDP answers are size-capped too. They reach treewright through Playwright's
// session, which reads each answer whole, so the web driver asks the page first how large the DOM
// snapshot answer must at least be (ANSWER_FLOOR) and refuses the capture as too_large above the cap,
// before Chromium builds the answer. Real Chromium, real pages.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ANSWER_FLOOR, WebDriver } from '../../src/devices/web.js';
import { DOM_SNAPSHOT_PARAMS } from '../../src/formats/cdp-types.js';
import { isTreewrightError } from '../../src/errors.js';

const MiB = 1024 * 1024;
const page = (f: string) => pathToFileURL(path.resolve('fixtures/web', f)).href;

test('the floor is never above the DOM snapshot answer Chromium then sends (real pages)', async ({ page: p }) => {
  for (const f of ['pages/shop.html', 'pages/wcag.html', 'pw-input-select.html', 'apg/content/patterns/grid/examples/data-grids.html', 'pw-frames/nested-frames.html']) {
    await p.goto(page(f));
    const s = await p.context().newCDPSession(p);
    const floor = (await s.send('Runtime.evaluate', { expression: ANSWER_FLOOR, returnByValue: true })).result.value as number;
    const answer = await s.send('DOMSnapshot.captureSnapshot', DOM_SNAPSHOT_PARAMS);
    const bytes = Buffer.byteLength(JSON.stringify(answer));
    expect(floor, f).toBeGreaterThan(0);
    expect(floor, `${f}: floor ${floor} ≤ answer ${bytes}`).toBeLessThanOrEqual(bytes);
    await s.detach();
  }
});

test('a page whose answer would pass the cap is a typed too_large naming the cap and the floor it would pass', async ({ page: p }) => {
  // 3 MiB of text in one node, and (separately) 100,000 empty elements: each over a 1 MiB cap.
  for (const [what, build] of [
    ['long text', "document.body.textContent = 'x'.repeat(3 * 1024 * 1024)"],
    ['many nodes', "document.body.append(...Array.from({ length: 100000 }, () => document.createElement('i')))"],
  ] as const) {
    await p.setContent('<main><h1>Big</h1></main>');
    await p.evaluate(build);
    const driver = new WebDriver(p, { maxAnswerBytes: MiB });
    const e = await driver.capture().catch((x: unknown) => x);
    expect(isTreewrightError(e) && e.code, what).toBe('too_large');
    const err = e as Error & { details: { limit?: number; size?: number; stage?: string } };
    expect(err.details.limit, what).toBe(MiB);
    expect(err.details.size!, what).toBeGreaterThan(MiB);
    expect(err.details.stage, what).toBe('capture');
    expect(err.message, what).toMatch(/^web:.*: capture: Chromium's DOM snapshot of the page would be at least \d+ bytes, over the 1048576-byte limit for one answer\n {2}→ .*raise maxAnswerBytes/);
    // Under the default cap the same page captures.
    const plain = new WebDriver(p);
    const ok = await plain.capture();
    await plain.close();
    expect(ok.roots.length, what).toBeGreaterThan(0);
    await driver.close();
  }
});
