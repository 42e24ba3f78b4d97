// Item 4 of #13: the locator methods (waitFor, isVisible, isEnabled, textContent, boundingBox, getAttribute,
// or, and) and scrollUntilVisible on the reference app's 500-item lazy feed.
import { test, expect, connect, parseLocator, TargetError } from 'treewright';

test('reading methods on a real dump (028.xml)', async () => {
  const device = await connect('file:fixtures/uiautomator/028.xml');
  try {
    const field = device.byTag('search_src_text');
    expect(await field.isVisible()).toBe(true);
    expect(await device.byText('no such text').isVisible()).toBe(false);
    expect(await field.isEnabled()).toBe(true);
    expect(await device.byText('Attendees').first().textContent()).toBe('Attendees');
    expect(await field.boundingBox()).toEqual({ x: 261, y: 161, width: 672, height: 95 });
    expect(await field.getAttribute('hint')).toBe('Search for sessions, speakers and more.');
    expect(await field.getAttribute('focused')).toBe('true');
    expect(await field.getAttribute('rawRole')).toBe('android.widget.AutoCompleteTextView');
    expect(await field.getAttribute('contentDescription')).toBeNull();
    expect(await field.getAttribute('nonsense')).toBeNull();
    // Strict: several matches fail at once, with the candidates.
    await expect(device.byRole('Text').isVisible()).rejects.toThrow(/strict mode violation: byRole\('Text'\) resolved to \d+ nodes/);
    // A missing node: reading waits for it, then fails with the near matches.
    const e = await device.byText('Attendes', { exact: true }).textContent({ timeout: 200 }).catch((x) => x);
    expect(e).toBeInstanceOf(TargetError);
    expect(e.message).toContain("byText('Attendes', { exact: true }).textContent(): timed out after 200ms waiting for the locator to be attached: no node matches");
    expect(e.message).toMatch(/Closest:\n {4}1\) Text #\d+ "Attendees"/);
  } finally {
    await device.close();
  }
});

test('or() and and() combine locators, print and parse as code', async () => {
  const device = await connect('file:fixtures/uiautomator/005.xml');
  try {
    const either = device.byText('Cancelar').or(device.byText('Guardar'));
    expect(either.toCode()).toBe("byText('Cancelar').or(byText('Guardar'))");
    expect(await either.count()).toBe(2);
    expect(parseLocator(either.toCode())).toEqual(either.selector);
    const both = device.byRole('Text').and(device.byText('Guardar'));
    expect(both.toCode()).toBe("byRole('Text').and(byText('Guardar'))");
    expect(await both.count()).toBe(1);
    expect(await device.byRole('Text').and(device.byRole('Button')).count()).toBe(0);
    expect(() => device.byText('x').or('y' as never)).toThrow(/or\(\): the other locator must be a locator/);
  } finally {
    await device.close();
  }
});

test('waitFor({ state }) on the reference app: visible, hidden, detached; a timeout names what it saw', async () => {
  const device = await connect('reference');
  try {
    await device.byTag('email').waitFor();
    await device.byTag('email').waitFor({ state: 'attached' });
    await device.byText('Welcome, Ada').waitFor({ state: 'detached', timeout: 0 });
    const e = await device.byTag('email').waitFor({ state: 'hidden', timeout: 200 }).catch((x) => x);
    expect(e.code).toBe('device_timeout');
    expect(e.message).toContain("byTag('email').waitFor({ state: 'hidden' }): timed out after 200ms waiting for the locator to be hidden: it is visible");
    await expect(device.byTag('email').waitFor({ state: 'shown' as never })).rejects.toThrow(/state must be one of 'attached', 'detached', 'visible', 'hidden', got "shown"/);
  } finally {
    await device.close();
  }
});

test('scrollUntilVisible pages a lazy feed until an item that was not composed is visible; bounded, says how far it got', async () => {
  for (const protocol of ['inprocess', 'moui'] as const) {
    const device = await connect({ kind: 'reference', protocol, signedIn: true });
    try {
      const feed = device.byTag('feed');
      const item = feed.byText('Item 120', { exact: true });
      expect(await item.count()).toBe(0); // lazy: not composed yet
      const receipt = await feed.scrollUntilVisible(device.byText('Item 120', { exact: true }));
      expect(receipt.call).toBe("byTag('feed').scrollUntilVisible(byText('Item 120', { exact: true }))");
      expect(receipt.message).toMatch(/^byText\('Item 120', \{ exact: true \}\) is visible after \d+ scroll steps \(items \d+–\d+ on screen\)$/);
      expect(await item.isVisible()).toBe(true);
      // Bounded: three pages do not reach item 400, and the error says where it stopped.
      const far = await feed.scrollUntilVisible(device.byText('Item 400', { exact: true }), { maxScrolls: 3 }).catch((x) => x);
      expect(far).toBeInstanceOf(TargetError);
      expect(far.message).toMatch(/not visible after 3 scroll steps \(items \d+–\d+ on screen\): gave up at maxScrolls 3/);
      // Upwards to the start, then past it: the list stops moving.
      await feed.scrollUntilVisible(device.byText('Item 0', { exact: true }), { direction: 'up' });
      const none = await feed.scrollUntilVisible(device.byText('Item 999', { exact: true }), { direction: 'up' }).catch((x) => x);
      expect(none.message).toMatch(/the container stopped moving after 0 scroll steps \(items 0–\d+ on screen\) \(at its start/);
    } finally {
      await device.close();
    }
  }
});
