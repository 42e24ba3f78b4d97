import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { countCaptures } from '../helpers/capture-count.js';
import { Device } from '../../src/devices/device.js';
import type { Driver, SemanticRequest } from '../../src/devices/driver.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';

for (const protocol of ['inprocess', 'live', 'moui', 'jetwhale'] as const) {
  test(`a locator click costs at most two captures in the steady state (${protocol})`, async () => {
    const device = await connect({ kind: 'reference', protocol, signedIn: true });
    try {
      const counter = countCaptures(device.driver);
      // The first action has no earlier capture to count as its first stability sample.
      await device.byRole('Button', { name: 'Settings' }).click();
      await device.byRole('Button', { name: 'Navigate up' }).click();
      const perClick: number[] = [];
      for (let i = 0; i < 3; i++) {
        for (const name of ['Settings', 'Navigate up']) {
          counter.reset();
          const receipt = await device.byRole('Button', { name }).click();
          expect(receipt.changed).toBe(true);
          perClick.push(counter.count);
        }
      }
      counter.stop();
      expect(Math.max(...perClick)).toBeLessThanOrEqual(2);
      expect(Math.min(...perClick)).toBeGreaterThanOrEqual(1);
    } finally {
      await device.close();
    }
  });
}

/** One button whose bounds move by 10 px on each of the first `moving` captures; taps only. */
class MovingButton implements Driver {
  readonly kind = 'moving';
  readonly description = 'moving:test';
  taps: string[] = [];
  captures = 0;
  constructor(public moving: number, readonly guardsGeneration = false) {}
  async capture(): Promise<Snapshot> {
    this.captures++;
    const y = this.moving > 0 ? 300 + this.moving-- * 10 : 300;
    return snap(root(n({ id: '1', bounds: r(0, 0, 400, 1000) }, [
      n({ id: '2', tag: 'go', role: 'Button', text: 'Go', clickable: true, actions: ['Click'], bounds: r(0, y, 200, 100) }),
    ]), { rootId: 'main' }));
  }
  async close() {}
  async tap(x: number, y: number) { this.taps.push(`${x},${y}`); }
}

test('a target still moving since the previous capture is waited for until two captures agree', async () => {
  const app = new MovingButton(0);
  const device = new Device(app);
  await device.snapshot(); // the "previous" capture: the button at rest at y = 300
  app.moving = 3; // now it animates: 330, 320, 310, then rests at 300
  app.captures = 0;
  await device.byTag('go').click({ timeout: 5000 });
  // 330 ≠ 300 (the previous capture), 320, 310, 300, 300: five captures before the tap, one after.
  expect(app.captures).toBe(6);
  expect(app.taps).toEqual(['100,350']);
});

test('a target at rest in the previous capture is tapped after one new capture', async () => {
  const app = new MovingButton(0);
  const device = new Device(app);
  await device.snapshot();
  app.captures = 0;
  await device.byTag('go').click();
  expect(app.captures).toBe(2);
  expect(app.taps).toEqual(['100,350']);
});

/** A semantic driver that guards generations: perform refuses a capture that is not the current one. */
class GuardedApp implements Driver {
  readonly kind = 'guarded';
  readonly description = 'guarded:test';
  readonly guardsGeneration = true;
  clicks = 0;
  async capture(): Promise<Snapshot> {
    return snap(root(n({ id: '1', bounds: r(0, 0, 400, 1000) }, [
      n({ id: '2', tag: 'go', role: 'Button', text: `Go ${this.clicks}`, clickable: true, actions: ['Click'], bounds: r(0, 300, 200, 100) }),
    ]), { rootId: 'main' }));
  }
  async close() {}
  perform = async (_t: { node: Node }, req: SemanticRequest) => {
    if (req.action === 'Click') this.clicks++;
    return { performed: true };
  };
}

test('an id + generation action on a generation-guarded driver captures only the receipt', async () => {
  const { actOnce } = await import('../../src/devices/actions.js');
  const app = new GuardedApp();
  const seen = await app.capture();
  const counter = countCaptures(app);
  const stale = () => new Error('stale');
  const result = await actOnce(app, () => app.capture(), [{ kind: 'id', id: '2' }], { kind: 'click' }, { timeout: 1000, pinned: { generation: seen.generation, stale, snapshot: seen } });
  expect(app.clicks).toBe(1);
  expect(result.ready.snapshot).toBe(seen);
  expect(counter.count).toBe(1);
  expect(result.after.generation).not.toBe(seen.generation);
});
