import { test, expect } from '@playwright/test';
import { Session } from '../../agents/session.js';
import { startReferenceApp } from '../../fixtures/reference-app/start.js';

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
