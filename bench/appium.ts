// The appium device against a local Appium 3 server with @appium/fake-driver serving real Android
// dumps (fixtures/uiautomator 016: 110 nodes, 023: 403 nodes): capture round trip (GET /source +
// import), click round trip (actionability + element click + the capture after), and captures per
// action (budget: at most two in the steady state). The peer is a bare W3C client doing the least a
// click needs (GET /source, POST /elements, POST /element/:id/click) in the same run, cold (no cache).
// Run: npx tsx bench/appium.ts
import { pathToFileURL } from 'node:url';
import { connect } from '../src/devices/connect.js';
import type { AppiumDriver } from '../src/devices/appium.js';
import type { Device } from '../src/devices/device.js';
import { startAppium, fakeCapabilities, fixture } from '../tests/helpers/appium-server.js';
import { median } from './stats.js';
import { wallSamples } from './timing.js';

const RUNS = 40;

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * 0.95)]!;
}

const time = (runs: number, fn: () => Promise<unknown>): Promise<number[]> => wallSamples(runs, 5, fn);

async function w3c(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${url}${path}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return ((await r.json()) as { value: unknown }).value;
}

/** Counts the driver's captures while `fn` runs. */
async function capturesDuring(device: Device, fn: () => Promise<unknown>): Promise<number> {
  const driver = device.driver as AppiumDriver;
  const original = driver.capture.bind(driver);
  let n = 0;
  driver.capture = async () => { n++; return original(); };
  try {
    await fn();
  } finally {
    driver.capture = original;
  }
  return n;
}

export async function run(): Promise<void> {
  const server = await startAppium();
  try {
    console.log(`appium (fake driver, loopback): ${RUNS} runs after 5 warm-up, ms; peer = bare W3C calls for the same step`);
    console.log(`${'dump'.padEnd(22)} ${'capture med'.padStart(11)} ${'p95'.padStart(6)} ${'peer GET /source'.padStart(17)} ${'ratio'.padStart(6)} ${'click med'.padStart(10)} ${'p95'.padStart(6)} ${'peer find+click'.padStart(16)} ${'ratio'.padStart(6)}`);
    // [label, dump, tag, its resource-id (what the peer finds it by)]
    const targets: Array<[string, string, string, string]> = [
      ['016.xml (110 nodes)', 'uiautomator/016.xml', 'Compose:Draft:Send', 'Compose:Draft:Send'],
      // The toolbar's back button: its title (restaurantNameToolbar) lies under the clickable header
      // layout, so treewright rightly refuses to click it.
      ['023.xml (403 nodes)', 'uiautomator/023.xml', 'leftButton', 'com.application.zomato:id/leftButton'],
    ];
    for (const [label, file, tag, resourceId] of targets) {
      const app = await server.fakeApp(await fixture(file), file.replace('/', '-'));
      const device = await connect({ kind: 'appium', url: server.url, capabilities: fakeCapabilities(app, { 'appium:deviceScreenDensity': 420 }) });
      try {
        const sid = (device.driver as AppiumDriver).sessionId!;
        const base = `${server.url}/session/${sid}`;
        const capture = await time(RUNS, () => device.snapshot());
        const peerSource = await time(RUNS, () => w3c(base, 'GET', '/source'));
        const target = device.byTag(tag);
        const click = await time(RUNS, () => target.click());
        const using = { using: 'id', value: resourceId };
        const peerClick = await time(RUNS, async () => {
          await w3c(base, 'GET', '/source');
          const els = await w3c(base, 'POST', '/elements', using) as Array<Record<string, string>>;
          await w3c(base, 'POST', `/element/${Object.values(els[0]!)[0]}/click`, {});
        });
        const c = median(capture), pc = median(peerSource), k = median(click), pk = median(peerClick);
        console.log(`${label.padEnd(22)} ${c.toFixed(2).padStart(11)} ${p95(capture).toFixed(2).padStart(6)} ${pc.toFixed(2).padStart(17)} ${(c / pc).toFixed(2).padStart(6)} ${k.toFixed(2).padStart(10)} ${p95(click).toFixed(2).padStart(6)} ${pk.toFixed(2).padStart(16)} ${(k / pk).toFixed(2).padStart(6)}`);
      } finally {
        await device.close();
      }
    }
    // Captures per action, steady state (the action after another on an unchanged screen) and first.
    const app = await server.fakeApp(await fixture('uiautomator/005.xml'), '005.xml');
    const device = await connect({ kind: 'appium', url: server.url, capabilities: fakeCapabilities(app) });
    try {
      const field = device.byRole('TextField');
      const save = device.all().filter({ hasText: 'Guardar', operable: true }).last();
      const rows: Array<[string, () => Promise<unknown>]> = [
        ['click (element)', () => save.click()],
        ['fill (element)', () => field.fill('12')],
        ['tap (pointer)', () => save.tap()],
        ['longClick (pointer)', () => field.longClick()],
        ['pressEnter (keys)', () => field.pressEnter()],
      ];
      const counts: string[] = [];
      for (const [name, fn] of rows) counts.push(`${name} ${await capturesDuring(device, fn)}`);
      console.log(`captures per action, steady state (budget ≤ 2): ${counts.join(', ')}`);
    } finally {
      await device.close();
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
