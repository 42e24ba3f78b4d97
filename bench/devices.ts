// Device round trips against the reference app over each protocol: capture + locator resolution
// (median and p95 over 200 runs) on the sign-in screen and on the feed with its composed items, actions
// per second for a click that changes the screen, and the captures each click costs in the steady state
// (target ≤ 2: the previous capture is the first stability sample). Every capture is a real one: the
// in-process app memoises its screen until it changes, so the bench drops that memo before each capture
// (a device builds its tree anew each time). Targets: median under 5 ms (sign-in) and 20 ms (feed) on
// loopback. Run: npx tsx bench/devices.ts
import { pathToFileURL } from 'node:url';
import { connect } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';
import { countCaptures } from '../tests/helpers/capture-count.js';
import type { ReferenceDriver } from '../src/reference-app/driver.js';
import { wallSamples } from './timing.js';

/** The in-process driver, made to build its tree on every capture (see the header). */
function coldCaptures(device: Device): void {
  if (device.driver.kind !== 'reference') return;
  const app = (device.driver as ReferenceDriver).app as unknown as { cache: unknown; snapshot(): unknown };
  const driver = device.driver as { capture: () => Promise<unknown> };
  driver.capture = async () => { app.cache = { version: -1 }; return app.snapshot(); };
}

const RUNS = 200;
const PROTOCOLS = ['inprocess', 'live', 'moui', 'jetwhale'] as const;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, p95: s[Math.floor(s.length * 0.95)]! };
}

async function roundTrips(device: Device, locate: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  return stats(await wallSamples(RUNS, 20, locate));
}

export async function run(): Promise<void> {
  console.log(`device round trip: capture + locator resolution, ${RUNS} runs after 20 warm-up (ms)`);
  console.log(`${'protocol'.padEnd(10)} ${'sign-in median'.padStart(15)} ${'p95'.padStart(7)} ${'feed median'.padStart(12)} ${'p95'.padStart(7)} ${'clicks/s'.padStart(9)} ${'captures/click'.padStart(15)}`);
  let worst = 0;
  for (const protocol of PROTOCOLS) {
    let device: Device | null = null;
    try {
      device = await connect({ kind: 'reference', protocol, signedIn: false });
      coldCaptures(device);
      const signIn = await roundTrips(device, () => device!.byRole('Button', { name: 'Sign in' }).count());
      await device.close();
      device = await connect({ kind: 'reference', protocol, signedIn: true });
      coldCaptures(device);
      const feed = await roundTrips(device, () => device!.byText('Item 3').count());
      // A click that changes the screen: open settings, then "Navigate up" back to the feed.
      const clicks = 50;
      const counter = countCaptures(device.driver);
      const perClick: number[] = [];
      const t0 = performance.now();
      for (let i = 0; i < clicks / 2; i++) {
        for (const name of ['Settings', 'Navigate up']) {
          counter.reset();
          await device.byRole('Button', { name }).click();
          perClick.push(counter.count);
        }
      }
      const perSecond = clicks / ((performance.now() - t0) / 1000);
      counter.stop();
      // The steady state: every click after the first (which has no earlier capture to start from).
      const steady = Math.max(...perClick.slice(1));
      worst = Math.max(worst, steady);
      console.log(`${protocol.padEnd(10)} ${signIn.median.toFixed(2).padStart(15)} ${signIn.p95.toFixed(2).padStart(7)} ${feed.median.toFixed(2).padStart(12)} ${feed.p95.toFixed(2).padStart(7)} ${perSecond.toFixed(0).padStart(9)} ${`${steady} (first ${perClick[0]})`.padStart(15)}`);
    } catch (e) {
      console.log(`${protocol.padEnd(10)} not measured: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      await device?.close();
    }
  }
  console.log(`captures per click, steady state, worst protocol: ${worst} (target ≤ 2): ${worst <= 2 ? 'ok' : 'OVER'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
