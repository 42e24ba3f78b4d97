// Device round trips against the reference app over each protocol: capture + locator resolution
// (median and p95 over 200 runs) on the sign-in screen and on the feed with its composed items, and
// actions per second for a click that changes the screen. Targets: median under 5 ms (sign-in) and
// 20 ms (feed) on loopback. Run: npx tsx bench/devices.ts
import { pathToFileURL } from 'node:url';
import { connect } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';

const RUNS = 200;
const PROTOCOLS = ['inprocess', 'live', 'moui', 'jetwhale'] as const;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, p95: s[Math.floor(s.length * 0.95)]! };
}

async function roundTrips(device: Device, locate: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 20; i++) await locate();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await locate();
    times.push(performance.now() - t0);
  }
  return stats(times);
}

export async function run(): Promise<void> {
  console.log(`device round trip: capture + locator resolution, ${RUNS} runs after 20 warm-up (ms)`);
  console.log(`${'protocol'.padEnd(10)} ${'sign-in median'.padStart(15)} ${'p95'.padStart(7)} ${'feed median'.padStart(12)} ${'p95'.padStart(7)} ${'clicks/s'.padStart(9)}`);
  for (const protocol of PROTOCOLS) {
    let device: Device | null = null;
    try {
      device = await connect({ kind: 'reference', protocol, signedIn: false });
      const signIn = await roundTrips(device, () => device!.byRole('Button', { name: 'Sign in' }).count());
      await device.close();
      device = await connect({ kind: 'reference', protocol, signedIn: true });
      const feed = await roundTrips(device, () => device!.byText('Item 3').count());
      // A click that changes the screen: open settings, then "Navigate up" back to the feed.
      const clicks = 50;
      const t0 = performance.now();
      for (let i = 0; i < clicks / 2; i++) {
        await device.byRole('Button', { name: 'Settings' }).click();
        await device.byRole('Button', { name: 'Navigate up' }).click();
      }
      const perSecond = clicks / ((performance.now() - t0) / 1000);
      console.log(`${protocol.padEnd(10)} ${signIn.median.toFixed(2).padStart(15)} ${signIn.p95.toFixed(2).padStart(7)} ${feed.median.toFixed(2).padStart(12)} ${feed.p95.toFixed(2).padStart(7)} ${perSecond.toFixed(0).padStart(9)}`);
    } catch (e) {
      console.log(`${protocol.padEnd(10)} not measured: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      await device?.close();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
