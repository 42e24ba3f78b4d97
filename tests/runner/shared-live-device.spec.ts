// Two Playwright workers share one live reference app: the device is leased to one test at a
// time, so they queue instead of interleaving taps.
import { test, expect } from '@playwright/test';
import { execa } from 'execa';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startReferenceApp } from '../../src/reference-app/start.js';

test('workers queue for a live device instead of interleaving', async () => {
  test.setTimeout(120_000);
  const server = await startReferenceApp({ protocol: 'live', port: 0, signedIn: true, coldStartMs: 0 });
  const dir = await mkdtemp(path.resolve('.tmp-shared-'));
  try {
    const log = path.join(dir, 'log.txt');
    // Each test opens settings, flips Wi-Fi twice with pauses, and checks the app's own record: an
    // interleaved tap from the other worker would break the sequence it reads back.
    const spec = (name: string) => `
import { test, expect } from 'treewright';
import { appendFileSync } from 'node:fs';
test('${name}', async ({ device }) => {
  appendFileSync(${JSON.stringify(log)}, 'start ${name} ' + Date.now() + '\\n');
  await device.byDesc('Settings').click();
  const wifi = async () => ((await device.db('settings')) as { rows: Array<{ key: string; value: string }> }).rows.find((r) => r.key === 'wifi')!.value;
  const before = await wifi();
  for (let i = 0; i < 2; i++) {
    await device.byRole('Switch', { name: 'Wi-Fi' }).click();
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(await wifi()).toBe(before);
  await device.navigate('feed');
  appendFileSync(${JSON.stringify(log)}, 'end ${name} ' + Date.now() + '\\n');
});
`;
    await writeFile(path.join(dir, 'a.spec.ts'), spec('a'));
    await writeFile(path.join(dir, 'b.spec.ts'), spec('b'));
    await writeFile(path.join(dir, 'pw.config.ts'), `export default { testDir: '.', workers: 2, fullyParallel: true, reporter: 'line', use: { source: 'live:127.0.0.1:${server.port}' } };\n`);
    // The repository's own Playwright CLI, as tests/runner/inner.ts runs it (no npx lookup per run).
    const r = await execa('node', [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '-c', path.join(dir, 'pw.config.ts')], { reject: false, env: { TREEWRIGHT_LEASE_DIR: path.join(dir, 'leases') } });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('2 passed');
    const events = (await readFile(log, 'utf8')).trim().split('\n').map((l) => l.split(' '));
    expect(events.map((e) => e[0])).toEqual(['start', 'end', 'start', 'end']); // one after the other
    expect(events[0]![1]).toBe(events[1]![1]);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
