import { test, expect } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Session } from '../../agents/session.js';
import { runMcpCli } from '../../agents/cli.js';
import { startReferenceApp } from '../../src/reference-app/start.js';

test('reconnecting to the same leased device closes the old one first (no wait on our own lease)', async () => {
  const server = await startReferenceApp({ protocol: 'moui', port: 0 });
  const session = new Session({ source: 'moui:' + server.url, root: process.cwd(), allowHosts: ['127.0.0.1', 'localhost'], connectOptions: { leaseTimeout: 60_000 } });
  try {
    await session.device();
    // localhost and 127.0.0.1 are the same app, so the same lease.
    const again = await session.connect('moui:' + server.url.replace('127.0.0.1', 'localhost'));
    expect((await again.snapshot()).roots.length).toBeGreaterThan(0);
  } finally {
    await session.close();
    await server.close();
  }
});

test('a closed session refuses to (re)connect, and a connect in flight at close leaves nothing open', async () => {
  const session = new Session({ source: 'reference', root: process.cwd(), allowHosts: [] });
  const inFlight = session.connect({ kind: 'reference', protocol: 'moui' });
  await session.close();
  await expect(inFlight).rejects.toMatchObject({ code: 'device_unreachable' });
  await expect(session.connect('reference')).rejects.toMatchObject({ code: 'device_unreachable' });
  await expect(session.device()).rejects.toMatchObject({ code: 'device_unreachable' });
});

test('treewright mcp --http <busy port>: one typed line naming the port, no stack', async () => {
  const busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  const port = (busy.address() as AddressInfo).port;
  let err = '';
  const stderr = new Writable({ write(chunk, _enc, cb) { err += String(chunk); cb(); } });
  try {
    const code = await runMcpCli(['--http', String(port)], { stderr, stdout: new Writable({ write(_c, _e, cb) { cb(); } }), stopSignal: Promise.resolve() });
    expect(code).toBe(2);
    expect(err).toContain(`port ${port} is already in use`);
    expect(err).not.toContain('internal error');
    expect(err).not.toMatch(/\n\s+at /);
  } finally {
    busy.close();
  }
});
