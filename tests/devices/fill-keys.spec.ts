// fill over input events (adb, live): the tap leaves the cursor where it lands, DEL deletes before it.
import { test, expect } from '@playwright/test';
import { Device } from '../../src/devices/device.js';
import { type Driver, type Key } from '../../src/devices/driver.js';
import { n, r, root, snap } from '../helpers/build.js';

class KeyboardField implements Driver {
  readonly kind = 'fake';
  readonly description = 'fake:keys';
  cursor = 0;
  constructor(public text: string, readonly password = false) {}
  async capture() {
    return snap(root(n({ id: '1', bounds: r(0, 0, 400, 800) }, [
      n({ id: '2', tag: 'field', role: 'TextField', editable: true, password: this.password, editableText: this.password ? null : this.text || null, bounds: r(0, 100, 400, 80) }),
    ])));
  }
  async close() {}
  async tap() { this.cursor = 0; } // a tap in the middle of a short text lands at its start, say
  async pressKey(k: Key) {
    if (k === 'end') this.cursor = this.text.length;
    if (k === 'del' && this.cursor > 0) { this.text = this.text.slice(0, this.cursor - 1) + this.text.slice(this.cursor); this.cursor--; }
  }
  async typeText(t: string) { this.text = this.text.slice(0, this.cursor) + t + this.text.slice(this.cursor); this.cursor += t.length; }
}

test('fill by keys moves to the end before deleting, so the old text is really gone', async () => {
  const app = new KeyboardField('old text');
  const receipt = await new Device(app).byTag('field').fill('new');
  expect(receipt.via).toBe('keys');
  expect(app.text).toBe('new');
  expect(receipt.message).toBeUndefined();
});

test('a password field (content hidden) says in the receipt that it may not have been cleared', async () => {
  const app = new KeyboardField('secret', true);
  const receipt = await new Device(app).byTag('field').fill('new');
  expect(receipt.message).toMatch(/hidden \(password\).*could not be cleared.*select all/);
});
