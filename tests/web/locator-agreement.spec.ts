// getByRole against Playwright's on the same page: each role and accessible name a capture holds, counted
// by both (bench/web.ts judges every corpus and APG page so). Playwright computes roles and names itself
// and treewright reads Chromium's, so a few may differ where the engines do (a <th> Chromium calls a row
// header); a name treewright made up would differ on whole classes of nodes, which is what this guards.
import { test, expect } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { expect as twExpect, webDevice } from 'treewright';
import { launch, openHtml, serveFixtures } from './helpers.js';
import { onSettledFixturePages } from '../helpers/fixture-pages.js';
import { getByRoleAgreement, getByTextAgreement } from '../helpers/locator-agreement.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

test('a list item, a row or a field is named as Playwright names it: by its label, never by its text or value alone', async () => {
  const { page } = await openHtml(browser, 'Names', `<ul><li>Item one</li><li aria-label="Labelled item">Two</li></ul>
    <label>Email <input value="typed"></label><input value="unlabelled"><textarea>inside</textarea>
    <table><tr><th>Key</th><th>Function</th></tr><tr><td>Home</td><td>Moves</td></tr></table>`);
  const t = await getByRoleAgreement(page, 'built page', 50);
  expect(t.differences).toEqual([]);
  expect(t.asked).toBeGreaterThanOrEqual(6);
  // Names a capture's merged text or a field's value would give, which Playwright's getByRole finds nothing by.
  const device = await webDevice(page);
  const unnamed = [['listitem', 'Item one'], ['textbox', 'unlabelled'], ['textbox', 'typed'], ['textbox', 'inside'], ['row', 'Home Home Moves Moves']] as const;
  for (const [role, name] of unnamed) {
    expect([role, name, await device.getByRole(role, { name, exact: true }).count()]).toEqual([role, name, await page.getByRole(role, { name, exact: true }).count()]);
  }
  await page.close();
});

test('getByRole(role, { name, exact }) finds as many elements as Playwright\'s on a real page of lists and tables (APG\'s toolbar)', async () => {
  const [t] = await onSettledFixturePages(browser, site.url, ['apg/content/patterns/toolbar/examples/toolbar.html'], (page, label) => getByRoleAgreement(page, label, 40));
  expect(t!.differences).toEqual([]);
  expect(t!.asked).toBe(40);
});

test('getByText finds what Playwright\'s finds: a text that is all of an element Chromium leaves out of its tree (a <span>) stands for it, an input button\'s value is its text, a text field\'s value is not the text of what wraps it (its own is), an option\'s words are (a label wrapping a <select> reads with them), and generated content (a <q>\'s quotes) is not text', async () => {
  const { page } = await openHtml(browser, 'Texts', `<p>Say <q>Print</q> now</p><button>Carousel: <span>Play</span></button>
    <pre><code><span class="tag">&lt;<span class="name">nav</span>&gt;</span></code></pre><p class="icon">Mute</p>
    <style>.icon::before { content: "\\1F507 "; }</style>
    <form><input type=submit value="Sign in"><input type=button value="Name" aria-label="Aria Name"><input type=reset><input type=reset value="Start over"></form>
    <p><label>Last Action: <input value="none"></label></p><p><label>Country <select><option>France</option></select></label></p>`);
  const device = await webDevice(page);
  // An input button's value is its text (a reset button's default label is not a value).
  for (const text of ['Print', 'Say Print now', 'Play', 'Carousel: Play', 'nav', 'Mute', 'Sign in', 'Name', 'Reset', 'Start over', 'Last Action:', 'Last Action: none', 'Country', 'Country France', 'France']) {
    expect([text, await device.getByText(text, { exact: true }).count()]).toEqual([text, await page.getByText(text, { exact: true }).count()]);
  }
  // toHaveText reads the same text as Playwright's: the page's, without the quotes CSS draws.
  await expect(page.locator('p').first()).toHaveText('Say Print now');
  await twExpect(device.getByRole('paragraph').first()).toHaveText('Say Print now');
  await expect(page.getByRole('paragraph').nth(-2)).toHaveText('Last Action:');
  await twExpect(device.getByRole('paragraph').nth(-2)).toHaveText('Last Action:');
  // The field's own text is its value, on the web as on every platform (Playwright's toHaveValue).
  await twExpect(device.getByRole('textbox', { name: 'Last Action:' })).toHaveText('none');
  await expect(page.getByRole('paragraph').last()).toHaveText('Country France');
  await twExpect(device.getByRole('paragraph').last()).toHaveText('Country France');
  await page.close();
});

test('getByText(text, { exact }) finds as many elements as Playwright\'s on real pages: quoted labels and highlighted code (APG\'s button example), a group labelled by a presentational item holding an empty icon and its text (APG\'s grouped listbox)', async () => {
  const pages = ['apg/content/patterns/button/examples/button.html', 'apg/content/patterns/listbox/examples/listbox-grouped.html'];
  const all = await onSettledFixturePages(browser, site.url, pages, (page, label) => getByTextAgreement(page, label, 40));
  expect(all.flatMap((t) => t.differences)).toEqual([]);
  expect(all.map((t) => t.asked)).toEqual([40, 40]);
});
