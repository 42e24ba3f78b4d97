// Playwright itself as the oracle: on the same Chromium page, Playwright's own aria snapshot of <body>
// is a template treewright's toMatchAriaSnapshot accepts on the web device, and treewright's printed
// snapshot is one Playwright's toMatchAriaSnapshot accepts. Where the two trees differ (README:
// "Aria snapshots"), the lines that differ are named here, so a new difference fails.
import { test, expect as pwExpect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchers } from '../../matchers/index.js';
import { webDevice } from '../../src/devices/web-open.js';
import { launch, serveFixtures } from '../web/helpers.js';
import { serveStatic, type StaticSite } from '../../examples/web-site/serve.js';

const expect = pwExpect.extend(matchers);
const EXAMPLE_SITE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../examples/web-site');

let browser: Browser;
let fixtures: StaticSite;
let example: StaticSite;
test.beforeAll(async () => { browser = await launch(); fixtures = await serveFixtures(); example = await serveStatic(EXAMPLE_SITE); });
test.afterAll(async () => { await browser?.close(); await fixtures?.close(); await example?.close(); });

async function open(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(url);
  return page;
}

/**
 * Pages and the lines of Playwright's snapshot treewright's tree does not have, each for a reason the
 * capture cannot change: Chromium's accessibility tree leaves out the text of a <label> that names a
 * control (Playwright reads the DOM and keeps it as text), and a button's children are presentational
 * to Chromium (Playwright keeps an unnamed <svg> inside one as `img`).
 */
const PAGES: Array<{ page: string; site: 'example' | 'fixtures'; missing: string[] }> = [
  { page: 'index.html', site: 'example', missing: [] },
  { page: 'home.html', site: 'example', missing: [] },
  { page: 'pages/actions.html', site: 'fixtures', missing: [] },
  { page: 'pw-input-select.html', site: 'fixtures', missing: [] },
  { page: 'pw-wrappedlink.html', site: 'fixtures', missing: [] },
  { page: 'pw-input-checkbox.html', site: 'fixtures', missing: ['- text: Remember Me'] },
  { page: 'pages/shop.html', site: 'fixtures', missing: Array.from({ length: 30 }, (_, i) => `  - text: Filter ${i + 1}`) },
  { page: 'pages/wcag.html', site: 'fixtures', missing: ['- text: News', '  - img'] },
];

for (const p of PAGES) {
  test(`Playwright's aria snapshot of ${p.page} matches treewright's web device${p.missing.length ? ' (less the lines Chromium does not expose)' : ''}`, async () => {
    const page = await open(`${p.site === 'example' ? example.url : fixtures.url}/${p.page}`);
    const theirs = await page.locator('body').ariaSnapshot();
    const device = await webDevice(page);
    const lines = theirs.split('\n');
    for (const m of p.missing) pwExpect(lines, `Playwright no longer prints ${JSON.stringify(m)} on ${p.page}`).toContain(m);
    const kept = lines.filter((l) => !p.missing.includes(l))
      // `- button "Close":` loses its only child with the img: it is a leaf then.
      .map((l, i, all) => (l.endsWith(':') && !(all[i + 1] ?? '').startsWith(/^\s*/.exec(l)![0] + '  ') ? l.slice(0, -1) : l)).join('\n');
    await expect(device).toMatchAriaSnapshot(kept, { timeout: 0 });
    if (p.missing.length) {
      // The whole of Playwright's snapshot does not match: the difference is real, not a matcher that accepts anything.
      await expect(device).not.toMatchAriaSnapshot(theirs, { timeout: 0 });
    }
    await page.close();
  });
}

test('treewright\'s printed snapshot is a template Playwright\'s own toMatchAriaSnapshot accepts', async () => {
  for (const url of [`${example.url}/index.html`, `${example.url}/home.html`, `${fixtures.url}/pw-input-select.html`, `${fixtures.url}/pages/wcag.html`]) {
    const page = await open(url);
    const ours = await (await webDevice(page)).ariaSnapshot();
    await pwExpect(page.locator('body')).toMatchAriaSnapshot(ours, { timeout: 1000 });
    await page.close();
  }
});

test('a link: treewright prints the address relative to the page; Playwright\'s href-as-written template matches it', async () => {
  const page = await open(`${fixtures.url}/pages/actions.html`);
  const device = await webDevice(page);
  const ours = await device.ariaSnapshot();
  pwExpect(ours).toContain('- /url: /pages/second.html');
  const theirs = (await page.locator('body').ariaSnapshot()).split('\n');
  const at = theirs.findIndex((l) => l.trim() === '- /url: second.html');
  pwExpect(at).toBeGreaterThan(0);
  const link = [theirs[at - 1]!.trim(), '  - /url: second.html'].join('\n');
  pwExpect(link).toMatch(/^- link /);
  await expect(device).toMatchAriaSnapshot(link, { timeout: 0 });
  await expect(device).not.toMatchAriaSnapshot(link.replace('second.html', 'third.html'), { timeout: 0 });
  await page.close();
});
