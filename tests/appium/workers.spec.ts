// Two worker processes against one real Appium server: each holds its own session; a worker killed
// mid-test leaves a session the server expires by itself (newCommandTimeout), and the other worker
// carries on. The workers run the built package (treewright/core), as a Playwright worker would.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fakeCapabilities, fixture } from '../helpers/appium-server.js';
import { test, expect } from './server.js';

const WORKER = `
import { connect } from 'treewright/core';
const [url, caps] = [process.argv[1], JSON.parse(process.argv[2])];
const device = await connect({ kind: 'appium', url, capabilities: caps });
console.log(JSON.stringify({ session: device.driver.sessionId }));
for await (const line of (await import('node:readline')).createInterface({ input: process.stdin })) {
  if (line === 'fill') { const r = await device.byRole('TextField').fill('9'); console.log(JSON.stringify({ via: r.via })); }
  if (line === 'close') { await device.close(); console.log(JSON.stringify({ closed: true })); process.exit(0); }
}
`;

function worker(url: string, caps: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', WORKER, url, JSON.stringify(caps)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>;
  return { child, next, send: (s: string) => child.stdin!.write(`${s}\n`) };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) { if (await check()) return true; await new Promise((r) => setTimeout(r, 200)); }
  return false;
}

test('two workers, two sessions; a killed worker\'s session expires on the server, the other is unaffected', async ({ appium }) => {
  const app = await appium.fakeApp(await fixture('uiautomator/005.xml'), '005.xml');
  const a = worker(appium.url, fakeCapabilities(app, { 'appium:newCommandTimeout': 4 }));
  const b = worker(appium.url, fakeCapabilities(app));
  const children: ChildProcess[] = [a.child, b.child];
  try {
    const sa = (await a.next()).session as string;
    expect(await appium.sessions()).toContain(sa); // at once: it expires 4 s after its last command
    const sb = (await b.next()).session as string;
    expect(sa).not.toBe(sb);
    expect(await appium.sessions()).toContain(sb);
    a.child.kill('SIGKILL'); // the worker dies mid-test: no close, no DELETE /session
    await once(a.child, 'exit');
    expect(await until(async () => !(await appium.sessions()).includes(sa), 15_000)).toBe(true);
    b.send('fill');
    expect(await b.next()).toEqual({ via: 'semantic' });
    b.send('close');
    expect(await b.next()).toEqual({ closed: true });
    expect(await appium.sessions()).not.toContain(sb);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  }
});
