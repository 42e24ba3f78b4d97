// toHaveValues against Playwright's own on the same page: Playwright's select fixture
// (fixtures/web/pw-input-select.html, made multiple by its own makeMultiple()) and a page with options
// that have no value attribute and option groups. Each case runs Playwright's
// expect(page.locator('select')).toHaveValues(…) and treewright's on the same page and state, and
// both must pass or fail alike.
import { test, expect as pwExpect, type Browser, type Page } from '@playwright/test';
import { expect } from '../../runner/expect.js';
import { webDevice } from '../../src/devices/web-open.js';
import { isTreewrightError } from '../../src/errors.js';
import type { Device } from '../../src/devices/device.js';
import { launch, serveFixtures } from './helpers.js';
import type { StaticSite } from '../../examples/web-site/serve.js';

let browser: Browser;
let site: StaticSite;
test.beforeAll(async () => { browser = await launch(); site = await serveFixtures(); });
test.afterAll(async () => { await browser?.close(); await site?.close(); });

type Values = Array<string | RegExp>;

/** Whether the assertion passed, and its message when it did not. */
async function outcome(p: Promise<unknown>): Promise<{ pass: boolean; message: string }> {
  try { await p; return { pass: true, message: '' }; } catch (e) { return { pass: false, message: (e as Error).message }; }
}

/** Playwright's matcher and treewright's on the same page, positive and negated: both agree. */
async function agree(page: Page, device: Device, expected: Values) {
  const out: Array<{ pass: boolean; message: string }> = [];
  for (const not of [false, true]) {
    const pw = await outcome(not ? expect(page.locator('select')).not.toHaveValues(expected, { timeout: 100 }) : expect(page.locator('select')).toHaveValues(expected, { timeout: 100 }));
    const tw = await outcome(not ? expect(device.getByRole('listbox')).not.toHaveValues(expected, { timeout: 100 }) : expect(device.getByRole('listbox')).toHaveValues(expected, { timeout: 100 }));
    pwExpect(tw.pass, `${not ? 'not.' : ''}toHaveValues(${String(expected)}): Playwright ${pw.pass ? 'passed' : `failed:\n${pw.message}`}\ntreewright ${tw.pass ? 'passed' : `failed:\n${tw.message}`}`).toBe(pw.pass);
    out.push(tw);
  }
  return out;
}

test('Playwright\'s select fixture made multiple: values, order, count and regex entries judged as Playwright judges them', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pw-input-select.html`);
  await page.evaluate(() => (window as unknown as { makeMultiple(): void }).makeMultiple());
  const device = await webDevice(page);
  await page.locator('select').selectOption(['blue', 'green', 'html']);
  const cases: Values[] = [
    ['blue', 'green', 'html'], ['green', 'blue', 'html'], ['blue', 'green'], [], ['Blue', 'Green', 'HTML'],
    [/bl/, /gr/, /^ht/], [/^b/, 'green', /x/], ['blue', /e{2}/, 'html'], [/./, /./, /./, /./], ['blue', 'green', ' html'],
  ];
  for (const c of cases) await agree(page, device, c);
  // Playwright's message layout: the call, the locator, Expected and Received as arrays.
  const [failed] = await agree(page, device, ['green', 'blue', 'html']);
  pwExpect(failed!.message).toContain('expect(locator).toHaveValues(expected) failed');
  pwExpect(failed!.message).toContain('Expected: ["green", "blue", "html"]');
  pwExpect(failed!.message).toContain('Received: ["blue", "green", "html"]');
  await page.locator('select').selectOption([]);
  await agree(page, device, []);
  await agree(page, device, ['blue']);
  await page.close();
});

test('options without a value attribute are valued by their text, whitespace collapsed; option groups are read through', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.setContent(`<label for=c>Colours</label>
    <select id=c multiple size=6>
      <optgroup label="Warm"><option value="R">Red</option><option>  Burnt\n  orange </option></optgroup>
      <optgroup label="Cool"><option value="">Nothing</option><option>Teal</option><option value=" spaced ">Spaced</option></optgroup>
    </select>`);
  const device = await webDevice(page);
  await page.locator('select').selectOption([{ label: 'Burnt orange' }, { label: 'Nothing' }, { label: 'Spaced' }, { value: 'R' }]);
  for (const c of [['R', 'Burnt orange', '', ' spaced '], ['R', 'Burnt  orange', '', 'spaced'], [/R/, /orange$/, /^$/, / spaced /]] as Values[]) await agree(page, device, c);
  // The same select found by its label, as a Playwright user would.
  await expect(device.getByLabel('Colours')).toHaveValues(['R', 'Burnt orange', '', ' spaced ']);
  await page.close();
});

test('a single <select> is not a multi-select: both fail, negated or not, with Playwright\'s error', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pw-input-select.html`);
  const device = await webDevice(page);
  const pw = await outcome(expect(page.locator('select')).toHaveValues(['black'], { timeout: 100 }));
  const pwNot = await outcome(expect(page.locator('select')).not.toHaveValues(['black'], { timeout: 100 }));
  pwExpect([pw.pass, pwNot.pass]).toEqual([false, false]);
  pwExpect(pw.message).toContain('Error: Not a select element with a multiple attribute');
  for (const not of [false, true]) {
    const combobox = device.getByRole('combobox');
    const tw = await outcome(not ? expect(combobox).not.toHaveValues(['black'], { timeout: 100 }) : expect(combobox).toHaveValues(['black'], { timeout: 100 }));
    pwExpect(tw.pass).toBe(false);
    pwExpect(tw.message).toContain('Error: Not a select element with a multiple attribute');
    pwExpect(tw.message).not.toContain('Timeout:');
  }
  await page.close();
});

test('toHaveValue on a single <select> reads select.value (its chosen option\'s value, not its label), as Playwright\'s does, on Playwright\'s select fixture', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${site.url}/pw-input-select.html`);
  const device = await webDevice(page);
  const judged: string[] = [];
  for (const choose of ['blue', 'Magenta', 'white']) {
    await page.locator('select').selectOption(choose);
    const value = await page.locator('select').inputValue();
    const label = await page.locator('select').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.label);
    for (const expected of [value, label, new RegExp(`^${value}$`)]) {
      const pw = await outcome(expect(page.locator('select')).toHaveValue(expected, { timeout: 100 }));
      const tw = await outcome(expect(device.getByRole('combobox')).toHaveValue(expected, { timeout: 100 }));
      pwExpect(tw.pass, `toHaveValue(${String(expected)}) with ${value} chosen: Playwright ${pw.pass ? 'passed' : 'failed'}, treewright ${tw.message}`).toBe(pw.pass);
      judged.push(`${String(expected)} ${pw.pass}`);
    }
  }
  // What was judged: the value passes and the label (another spelling) fails, on both.
  pwExpect(judged).toEqual(['blue true', 'Blue false', '/^blue$/ true', 'magenta true', 'Magenta false', '/^magenta$/ true', 'white true', 'White false', '/^white$/ true']);
  await page.close();
});

test('a bad expected argument is a typed error', async () => {
  const page = await browser.newPage();
  await page.setContent('<select multiple><option>A</option></select>');
  const device = await webDevice(page);
  for (const bad of ['A', [1], undefined]) {
    const e = await (async () => (expect(device.getByRole('listbox')) as unknown as { toHaveValues(x: unknown): Promise<void> }).toHaveValues(bad))().then(() => null, (x: unknown) => x);
    pwExpect(isTreewrightError(e) && e.code === 'invalid_arguments', String(e)).toBe(true);
  }
  await page.close();
});
