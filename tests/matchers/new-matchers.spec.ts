// Item 4 of #13: the matchers Playwright users reach for first, on real dumps, printed as code, retrying.
import { test, expect, connect, type Device } from 'treewright';

let search: Device; // 028.xml: a focused, empty search field whose hint uiautomator reports as its text
let form: Device;   // 005.xml: a Compose dialog whose field's label is a child Text
test.beforeAll(async () => {
  search = await connect('file:fixtures/uiautomator/028.xml');
  form = await connect('file:fixtures/uiautomator/005.xml');
});
test.afterAll(async () => { await search.close(); await form.close(); });

test('toHaveValue reads what was typed, never the hint or a child label (toHaveText would)', async () => {
  const field = search.byTag('search_src_text');
  await expect(field).toHaveValue('');
  await expect(field).not.toHaveValue(/Search/);
  const dialogField = form.byRole('TextField');
  await expect(dialogField).toHaveText('Unidades a añadir'); // the label, merged in from the child Text
  await expect(dialogField).toHaveValue('');
  const e = await expect(form.byText('Guardar')).toHaveValue('x', { timeout: 0 }).then(() => new Error('passed'), (x: Error) => x);
  expect(e.message).toContain('expect(locator).toHaveValue(expected) failed');
  expect(e.message).toContain('Received: no value (Text is not a field or a range)');
});

test('toBeFocused, toBeSelected, toHaveAccessibleName / Description', async () => {
  await expect(search.byTag('search_src_text')).toBeFocused();
  await expect(search.byText('Recommendations')).not.toBeFocused();
  const tab = search.byRole('Text', { name: 'Tab: Attendees' });
  await expect(tab).toBeSelected();
  await expect(search.byDesc('Tab: Recommendations')).toBeSelected({ selected: false });
  await expect(tab).toHaveAccessibleName('Tab: Attendees');
  await expect(search.byTag('search_src_text')).toHaveAccessibleDescription('Search for sessions, speakers and more.');
  const e = await expect(tab).toBeFocused({ timeout: 0 }).then(() => new Error('passed'), (x: Error) => x);
  expect(e.message).toMatch(/expect\(locator\)\.toBeFocused\(\) failed\n\nLocator: {2}byRole\('Text', \{ name: 'Tab: Attendees' \}\)\nExpected: focused\nReceived: not focused/);
});

test('toBeAttached and toBeInViewport: a node off screen is attached but not in the viewport', async () => {
  await expect(form.byText('Guardar')).toBeAttached();
  await expect(form.byText('nothing like it')).toBeAttached({ attached: false });
  await expect(form.byText('Guardar')).toBeInViewport();
  await expect(form.byText('Guardar')).toBeInViewport({ ratio: 1 });
  const e = await expect(form.byText('nothing like it')).toBeAttached({ timeout: 0 }).then(() => new Error('passed'), (x: Error) => x);
  expect(e.message).toContain('Received: detached');
  expect(e.message).toContain('Roles on screen:');
  expect(() => expect(form.byText('Guardar')).toBeInViewport({ ratio: 2 })).toThrow(/ratio.*0 to 1/);
});

test('the new matchers retry on fresh captures like the others', async () => {
  const device = await connect({ kind: 'reference', signedIn: true });
  try {
    const row = device.byTag('feed').byText('Item 20', { exact: true });
    await expect(row).toBeAttached({ attached: false, timeout: 0 });
    setTimeout(() => { void device.byTag('feed').scrollBy(0, 3000); }, 150);
    await expect(row).toBeAttached({ timeout: 5000 });
    await expect(row).toBeInViewport();
  } finally {
    await device.close();
  }
});
