// The live driver against a misbehaving server: each fault is a typed error naming the device and
// stage, within the configured timeout, and the next test is unaffected.
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { FakeLive } from '../helpers/fake-live.js';
import { readFileSync } from 'node:fs';
import { cmpFromValue, importCmp } from '../../src/formats/cmp.js';
import type { Snapshot } from '../../src/model/schema.js';

let fake: FakeLive;
test.beforeEach(async () => { fake = await new FakeLive().start(); });
test.afterEach(async () => { await fake.stop(); });

// No adb on PATH for these: the driver must not depend on it. Timeouts far above what a loaded
// machine takes to answer on loopback: a test that means a timeout or a deadline sets its own, against
// a server that never answers (or a port where nothing listens), so what runs out is what the test chose.
const opts = { adbPath: '/nonexistent/adb', timeout: 20_000, connectTimeout: 30_000 };

/**
 * A connect deadline for a test whose message depends on an answer arriving before it (an app that
 * stays cold must have said 503 at least once): twenty times what one round trip to the fake takes on
 * this machine now, measured rather than assumed, and never under 800 ms.
 */
async function coldDeadline(): Promise<number> {
  const t0 = performance.now();
  await fetch(`http://127.0.0.1:${fake.port}/inspect/none`).then((r) => r.arrayBuffer()).catch(() => undefined);
  return Math.max(800, Math.ceil(((performance.now() - t0) * 20) / 100) * 100);
}

test('a healthy server: capture and tap', async () => {
  const device = await connect(fake.source, opts);
  await device.byTag('card_one').click();
  expect(fake.taps).toEqual([{ x: 180, y: 160 }]);
  await device.close();
});

test('server not running: device_unreachable at the health stage, with the adb forward command', async () => {
  await fake.stop();
  // Refused connections are retried until the connect deadline, then reported.
  const e = await connect(fake.source, { ...opts, connectTimeout: 800 }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.details.stage).toBe('health');
  expect(e.message).toContain(`live:127.0.0.1:${fake.port}`);
  expect(e.message).toMatch(/adb forward tcp:\d+ tcp:\d+/);
  fake = await new FakeLive().start(); // for afterEach
});

test('stuck at 503: says the app stayed cold', async () => {
  const deadline = await coldDeadline();
  fake.mode = 'stuck503';
  const e = await connect(fake.source, { ...opts, connectTimeout: deadline }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.message).toContain(`stayed cold (HTTP 503) for ${deadline}ms`);
});

test('a cold start is waited out', async () => {
  fake.coldUntil = Date.now() + 300;
  const device = await connect(fake.source, opts);
  expect(await device.byTag('home_title').count()).toBe(1);
  await device.close();
});

test('a cold tree (health 200, /inspect/tree 503 until a Compose root is attached) is waited out within connectTimeout', async () => {
  fake.treeColdUntil = Date.now() + 400;
  const t0 = Date.now();
  const device = await connect(fake.source, opts);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(350);
  expect(await device.byTag('home_title').count()).toBe(1);
  await device.close();
});

test('a tree that stays cold: the tree stage, saying health answered', async () => {
  const deadline = await coldDeadline();
  fake.treeColdUntil = Date.now() + 600_000;
  const e = await connect(fake.source, { ...opts, connectTimeout: deadline }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.details.stage).toBe('tree');
  expect(e.message).toContain(`is up (health 200) but its tree stayed unavailable (HTTP 503: no Compose root attached yet) for ${deadline}ms`);
  expect(e.message).toMatch(/\n {2}→ Bring an activity with Compose content to the foreground/);
});

test('accepts the connection and never answers: times out with the configured timeout', async () => {
  fake.mode = 'hang';
  // The request timeout, far inside the connect deadline: what runs out is the request's 400 ms (a
  // hang is not retried), never the deadline, however slowly the machine gets there.
  const t0 = Date.now();
  const e = await connect(fake.source, { ...opts, timeout: 400 }).catch((x) => x);
  expect(e.code).toBe('device_timeout');
  expect(e.details.stage).toBe('health');
  expect(e.message).toMatch(/did not answer within 400ms/);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
});

test('answers HTML: says something else is listening', async () => {
  fake.mode = 'html';
  const e = await connect(fake.source, opts).catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.message).toMatch(/answered HTML/);
});

test('truncated JSON mid-test: a clear error at the tree stage', async () => {
  const device = await connect(fake.source, opts);
  fake.mode = 'truncated';
  const e = await device.snapshot().catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.details.stage).toBe('tree');
  expect(e.message).toMatch(/malformed or truncated JSON/);
  await device.close();
});

test('connection reset mid-test', async () => {
  const device = await connect(fake.source, opts);
  fake.mode = 'reset';
  const e = await device.byTag('card_one').click({ timeout: 300 }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.message).toMatch(/reset/);
  await device.close();
});

test('the app restarts between two actions: the second is refused and says so', async () => {
  const device = await connect(fake.source, opts);
  await device.byTag('card_one').click();
  fake.restart();
  const e = await device.byTag('card_one').click().catch((x) => x);
  expect(e.message).toMatch(/the app restarted/);
  expect(fake.taps).toHaveLength(1);
  await device.byTag('card_one').click(); // a fresh start is accepted after being reported once
  expect(fake.taps).toHaveLength(2);
  await device.close();
});

test('fill without adb says what it needs', async () => {
  const device = await connect(fake.source, opts);
  const e = await device.byTag('home_title').fill('x').catch((x) => x);
  expect(e.code).toBe('action_unavailable');
  await device.close();
});

test('a port fetch will not use (live:127.0.0.1:1) is device_error at once, not retried as unreachable', async () => {
  // With a minute to connect, a retried failure would outlast this test's timeout.
  test.setTimeout(10_000);
  const e = await connect('live:127.0.0.1:1', { ...opts, connectTimeout: 60_000 }).catch((x) => x);
  expect(e.code).toBe('device_error');
  expect(e.details.stage).toBe('health');
});

test('the unreachable message names the device once (no repeated where: prefix)', async () => {
  await fake.stop();
  const e = await connect(fake.source, { ...opts, connectTimeout: 800 }).catch((x) => x);
  expect(e.code).toBe('device_unreachable');
  expect(e.message.split('\n')[0].match(/live:127\.0\.0\.1:\d+/g)).toHaveLength(1);
  fake = await new FakeLive().start(); // for afterEach
});

// Captures go through the one-pass reader (cmp-scan) on the answer's text, with the careful reader for
// what it refuses: either way the snapshot is what the file importer reads from the same text.
test('a live capture reads the tree as importCmp does (a corpus tree; a tree with a repeated key through the careful reader)', async () => {
  const same = (s: Snapshot) => s.roots.map((r) => JSON.stringify(r));
  fake.tree = readFileSync('fixtures/trees/a11y-tree.json', 'utf8');
  let device = await connect(fake.source, opts);
  const where = `live:127.0.0.1:${fake.port}`;
  expect(same(await device.snapshot())).toEqual(same(importCmp(fake.tree, { where })));
  await device.close();
  // JSON.parse keeps the last of repeated keys, as the live driver always did; the fast reader gives up.
  const tree = readFileSync('fixtures/trees/home.json', 'utf8').replace('"testTag":', '"testTag": "first", "testTag":');
  expect(tree).not.toBe(readFileSync('fixtures/trees/home.json', 'utf8'));
  fake.tree = tree;
  device = await connect(fake.source, opts);
  expect(same(await device.snapshot())).toEqual(same(cmpFromValue(JSON.parse(tree), { where })));
  await device.close();
});
