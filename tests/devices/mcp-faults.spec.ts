// The MCP drivers against servers that are absent, die, hang or answer garbage: each fault is a
// typed error naming the device and the stage, within the configured timeout, and the runner stays
// healthy for what comes next.
import { test, expect } from '@playwright/test';
import { connect } from '../../src/devices/connect.js';
import { MouiDriver } from '../../src/devices/moui.js';
import { startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/index.js';
import { FaultyProxy, freePort, jsonResult, serveTools, stdioCommand, type CallToolResult } from './mcp-helpers.js';

// Timeouts far above what a loaded machine takes to answer on loopback: a test that means a timeout sets
// its own, against a server or program that never answers, so what runs out is what the test chose.
const opts = { timeout: 20_000, connectTimeout: 30_000 };

test.describe('nothing there', () => {
  for (const kind of ['moui', 'jetwhale'] as const) {
    test(`${kind}: server not running → device_unreachable at connect, naming the device, fast`, async () => {
      const url = `http://127.0.0.1:${await freePort()}/mcp`;
      const t0 = Date.now();
      const e = await connect(`${kind}:${url}`, opts).catch((x) => x);
      // Refused is reported, not waited out: well inside the 30 s connect timeout.
      expect(Date.now() - t0).toBeLessThan(opts.connectTimeout / 2);
      expect([e.name, e.code, e.details.stage, e.details.where]).toEqual(['DeviceError', 'device_unreachable', 'connect', `${kind}:${url}`]);
      expect(e.message).toContain(`nothing is listening at ${url}`);
      expect(e.message).toMatch(new RegExp(`reference-app --protocol ${kind}`));
    });
  }

  test('a stdio command that does not exist', async () => {
    const e = await connect({ kind: 'moui', command: ['/nonexistent/moui-server', '--stdio'] }, opts).catch((x) => x);
    expect([e.code, e.details.stage, e.details.where]).toEqual(['device_unreachable', 'connect', 'moui:stdio:/nonexistent/moui-server --stdio']);
    expect(e.message).toMatch(/could not start "\/nonexistent\/moui-server": no such command/);
  });

  test('a stdio server that exits at start: its stderr is in the error', async () => {
    const e = await connect({ kind: 'jetwhale', command: stdioCommand('jetwhale', '--bogus') }, { connectTimeout: 10_000 }).catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_unreachable', 'connect']);
    expect(e.message).toMatch(/the MCP server process exited — its stderr ends: .*unknown argument \\"--bogus\\"/);
  });

  test('a stdio server that never answers: connect times out with the configured timeout', async () => {
    const e = await connect({ kind: 'moui', command: [process.execPath, '-e', 'process.stdin.resume()'] }, { ...opts, connectTimeout: 800 }).catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_timeout', 'connect']);
    expect(e.message).toMatch(/did not answer within 800ms/);
  });

  test('a stdio program that prints something other than MCP: says so', async () => {
    // The connect timeout ends it (the program never speaks MCP); it leaves the program time to start and print.
    const e = await connect({ kind: 'jetwhale', command: [process.execPath, '-e', 'console.log("Listening on port 8080"); process.stdin.resume()'] }, { ...opts, connectTimeout: 5000 }).catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_timeout', 'connect']);
    expect(e.message).toMatch(/it sent something that is not MCP/);
  });

  test('an MCP server that is not a MoUI agent', async () => {
    const server = await serveTools([{ name: 'read_semantics', call: () => jsonResult({ ok: true, value: {} }) }]);
    try {
      const e = await connect(`moui:${server.url}`, opts).catch((x) => x);
      expect([e.code, e.details.stage]).toEqual(['device_error', 'connect']);
      expect(e.message).toMatch(/is not a MoUI agent: it lacks perform_action \(it offers read_semantics\)/);
    } finally {
      await server.close();
    }
  });
});

test.describe('the stdio server exits mid-test', () => {
  test('killed between two actions: a typed error naming device and stage, then a fresh connect works', async () => {
    const command = stdioCommand('moui');
    const device = await connect({ kind: 'moui', command }, opts);
    await device.byTag('email').fill('ada@example.com');
    const pid = (device.driver as MouiDriver).connection.pid!;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => (device.driver as MouiDriver).connection.gone).toBe(true);
    // Reported at once, not retried until the action's timeout runs out.
    const t0 = Date.now();
    const e = await device.byTag('password').fill('correct horse', { timeout: 30_000 }).catch((x) => x);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect([e.name, e.code, e.details.stage, e.details.where]).toEqual(['DeviceError', 'device_unreachable', 'read_semantics', `moui:stdio:${command.join(' ')}`]);
    expect(e.message).toMatch(/the MCP server process exited/);
    await device.close(); // does not hang or throw on a dead child

    const again = await connect({ kind: 'moui', command }, opts);
    await again.byTag('email').fill('ada@example.com');
    expect((await again.snapshot()).roots[0]!.node.children.length).toBeGreaterThan(0);
    await again.close();
  });

  test('the next test is healthy', async () => {
    const device = await connect({ kind: 'reference', protocol: 'moui' });
    await device.byTag('email').fill('ada@example.com');
    await device.close();
  });
});

test.describe('a misbehaving HTTP server', () => {
  let app: StartedReferenceApp;
  let proxy: FaultyProxy;
  test.beforeEach(async () => {
    app = await startReferenceApp({ protocol: 'moui', port: 0 });
    proxy = await new FaultyProxy(app.url).start();
  });
  test.afterEach(async () => {
    await proxy.stop();
    await app.close();
  });

  test('accepts the connection and never answers: connect times out with the configured timeout', async () => {
    proxy.mode = 'hang';
    const t0 = Date.now();
    const e = await connect(`moui:${proxy.url}`, { ...opts, connectTimeout: 800 }).catch((x) => x);
    expect([e.name, e.code, e.details.stage]).toEqual(['DeviceError', 'device_timeout', 'connect']);
    expect(e.message).toMatch(/did not answer within 800ms/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(750);
  });

  test('hangs mid-test: the read times out, and the device recovers when the server does', async () => {
    // The read's own timeout ends the hang: long enough that the healthy calls around it never race it.
    const device = await connect(`moui:${proxy.url}`, { ...opts, timeout: 2000 });
    proxy.mode = 'hang';
    const e = await device.snapshot().catch((x) => x);
    expect([e.code, e.details.stage, e.details.where]).toEqual(['device_timeout', 'read_semantics', `moui:${proxy.url}`]);
    expect(e.message).toMatch(/did not answer within 2000ms/);
    proxy.mode = 'pass';
    await device.byTag('email').fill('ada@example.com');
    await device.close();
  });

  test('answers HTML: not MCP', async () => {
    proxy.mode = 'html';
    const e = await connect(`jetwhale:${proxy.url}`, opts).catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_error', 'connect']);
    expect(e.message).toMatch(/answered something that is not MCP/);
  });

  test('truncated JSON mid-test: malformed MCP at the stage it happened', async () => {
    const device = await connect(`moui:${proxy.url}`, opts);
    proxy.mode = 'truncated';
    const e = await device.snapshot().catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_error', 'read_semantics']);
    expect(e.message).toMatch(/answered malformed MCP/);
    await device.close();
  });

  test('connection reset mid-action', async () => {
    const device = await connect(`moui:${proxy.url}`, opts);
    proxy.mode = 'reset';
    const e = await device.byTag('email').fill('x', { timeout: 300 }).catch((x) => x);
    expect([e.code, e.details.stage]).toEqual(['device_unreachable', 'read_semantics']);
    expect(e.message).toMatch(/the connection to .* was reset/);
    await device.close();
  });
});

test.describe('malformed tool answers', () => {
  const FULL = { kind: 'full', generation: '1', root: '1', focused: null, issues: [], nodes: [{ node_id: '1', role: 'button', label: 'Go', actions: ['activate'], frame: { x: 0, y: 0, width: 10, height: 10 }, children: [] }] };

  async function mouiWith(read: () => CallToolResult, perform: () => CallToolResult = () => jsonResult({ ok: true, value: { before: '1', after: '2', pending_work: false } })) {
    const server = await serveTools([{ name: 'read_semantics', call: read }, { name: 'perform_action', call: perform }]);
    const driver = new MouiDriver({ url: server.url, ...opts });
    await driver.open();
    return { driver, close: async () => { await driver.close(); await server.close(); } };
  }

  const cases: Array<[string, CallToolResult, RegExp]> = [
    ['structuredContent that is not an envelope', { content: [], structuredContent: { nodes: [] } }, /not a MoUI \{ ok, value \| error \} envelope/],
    ['text that is not JSON', { content: [{ type: 'text', text: 'Segmentation fault' }] }, /text that is not a MoUI envelope: "Segmentation fault"/],
    ['an envelope whose value is not a read', jsonResult({ ok: true, value: { kind: 'full', generation: 7 } }), /the answer is not a MoUI read: .*generation: expected a decimal string, got number 7$/m],
    ['an unknown error code', jsonResult({ ok: false, error: { code: 'quota_exceeded', message: 'Too many reads.', details: {} } }, true), /Too many reads\./],
  ];
  for (const [what, answer, message] of cases) {
    test(`read_semantics answers ${what}`, async () => {
      const { driver, close } = await mouiWith(() => answer);
      try {
        const e = await driver.capture().catch((x) => x);
        expect([e.name, e.code, e.details.stage, e.details.where]).toEqual(['DeviceError', 'device_error', 'read_semantics', `moui:${driver.description.slice(5)}`]);
        expect(e.message).toMatch(message);
      } finally {
        await close();
      }
    });
  }

  test('a receipt without generations', async () => {
    const { driver, close } = await mouiWith(() => jsonResult({ ok: true, value: FULL }), () => jsonResult({ ok: true, value: { done: true } }));
    try {
      const s = await driver.capture();
      const e = await driver.perform({ snapshot: s, node: s.roots[0]!.node }, { action: 'Click' }).catch((x) => x);
      expect([e.code, e.details.stage]).toEqual(['device_error', 'perform_action']);
      expect(e.message).toMatch(/lacks before \/ after generations/);
    } finally {
      await close();
    }
  });

  test('JetWhale: a tool error, and an answer that is not a tree', async () => {
    let answer: CallToolResult = { content: [{ type: 'text', text: 'plugin not attached to any session' }], isError: true };
    const server = await serveTools([{ name: 'getNodeTree', call: () => answer }, { name: 'performNodeAction', call: () => jsonResult({ performed: true }) }]);
    try {
      const e = await connect(`jetwhale:${server.url}`, opts).catch((x) => x);
      expect([e.code, e.details.stage]).toEqual(['device_error', 'getNodeTree']);
      expect(e.message).toMatch(/the JetWhale tool reported an error: plugin not attached/);
      answer = jsonResult({ roots: [{ rootId: 'r', density: 2, node: { id: 'x', bounds: { x: 0, y: 0, width: 1, height: 1 } } }] });
      const e2 = await connect(`jetwhale:${server.url}`, opts).catch((x) => x);
      expect([e2.code, e2.details.stage]).toEqual(['device_error', 'getNodeTree']);
      expect(e2.message).toMatch(/not a JetWhale tree: .*expected an integer id/);
    } finally {
      await server.close();
    }
  });
});
