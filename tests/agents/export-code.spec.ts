// Codegen and the policy, as pure functions: what export_test writes for each kind of step, which
// locator stands in for an id, and which paths and hosts an agent may reach.
import { test, expect } from '@playwright/test';
import { mkdtemp, mkdir, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { buildRegistry } from '../../agents/registry.js';
import { Session } from '../../agents/session.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportSpec, locatorFor } from '../../agents/export.js';
import { errorBody } from '../../agents/envelope.js';
import { DeviceError } from '../../src/errors.js';
import { confinePath, isLoopback } from '../../agents/policy.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { selectorToCode } from '../../src/query/selector.js';
import { n, r, root, snap } from '../helpers/build.js';

test('exportSpec: one line per step, locators in their code form, the source in test.use', () => {
  const code = exportSpec([
    { kind: 'visible', selector: parseLocator("byRole('Button', { name: /sign in/i })") },
    { kind: 'action', selector: parseLocator("byTag('email')"), action: { kind: 'fill', text: "it's\nmultiline" } },
    { kind: 'action', selector: parseLocator('filter({ operable: true }).first()'), action: { kind: 'scrollBy', dx: 0, dy: 300 } },
    { kind: 'action', selector: parseLocator("byTag('feed')"), action: { kind: 'scrollToIndex', index: 7 } },
    { kind: 'back' },
  ], { name: "agent's run", source: { kind: 'file', path: 'trees/home.json' }, device: 'file:trees/home.json\nnext line', now: '2026-01-01T00:00:00.000Z' });
  expect(code).toBe([
    "// Exported by treewright's MCP shim (export_test) from a session on file:trees/home.json next line, 2026-01-01T00:00:00.000Z.",
    "// 5 steps: the agent's successful actions and the checks it made with find_nodes.",
    "import { test, expect } from 'treewright';",
    '',
    'test.use({ source: {"kind":"file","path":"trees/home.json"} });',
    '',
    "test('agent\\'s run', async ({ device }) => {",
    "  await expect(device.byRole('Button', { name: /sign in/i })).toBeVisible();",
    "  await device.byTag('email').fill('it\\'s\\nmultiline');",
    '  await device.all().filter({ operable: true }).first().scrollBy(0, 300);',
    "  await device.byTag('feed').scrollToIndex(7);",
    '  await device.back();',
    '});',
    '',
  ].join('\n'));
  expect(exportSpec([], { name: 'empty', source: 'reference' })).toContain('// The agent performed no actions and made no checks.');
});

test('locatorFor: the handle a person would use, checked to find exactly that node', () => {
  const s = snap(root(n({ id: '1' }, [
    n({ id: '2', tag: 'email', role: 'TextField', editable: true, bounds: r(0, 0, 100, 50) }),
    n({ id: '3', role: 'Button', text: 'OK', clickable: true, bounds: r(0, 50, 100, 50) }),
    n({ id: '4', role: 'Button', text: 'OK', clickable: true, bounds: r(0, 100, 100, 50) }),
    n({ id: '5', contentDescription: 'Close', clickable: true, bounds: r(0, 150, 100, 50) }),
    n({ id: '6', tag: 'row', text: 'A', bounds: r(0, 200, 100, 50) }),
    n({ id: '7', tag: 'row', text: 'A', bounds: r(0, 250, 100, 50) }),
    n({ id: '8', bounds: r(0, 300, 100, 50) }),
  ])));
  const byId = (id: string) => resolveSelector(s, [{ kind: 'id', id }])[0]!;
  const code = (id: string) => selectorToCode(locatorFor(s, byId(id)));
  expect(code('2')).toBe("byTag('email')");
  expect(code('4')).toBe("byRole('Button', { name: 'OK', exact: true }).nth(1)");
  expect(code('5')).toBe("byDesc('Close', { exact: true })");
  expect(code('7')).toBe("byTag('row').nth(1)");
  expect(code('8')).toBe("byId('8')");
  for (const id of ['2', '3', '4', '5', '6', '7', '8']) expect(resolveSelector(s, locatorFor(s, byId(id)))).toEqual([byId(id)]);
});

test('policy: loopback hosts, and paths confined to the root through symlinks', async () => {
  for (const h of ['127.0.0.1', '127.3.2.1', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect(isLoopback(h), h).toBe(true);
  for (const h of ['10.0.0.1', '0.0.0.0', 'example.com', '128.0.0.1', '::2', 'localhost.evil.com']) expect(isLoopback(h), h).toBe(false);

  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'tw-policy-')));
  try {
    const root = path.join(base, 'root');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await writeFile(path.join(base, 'secret.json'), '{}');
    await symlink(path.join(base, 'secret.json'), path.join(root, 'out.json'));
    await symlink(base, path.join(root, 'up'));
    await symlink(path.join(root, 'sub'), path.join(root, 'in'));
    const policy = { root, allowHosts: [] };
    expect(await confinePath('sub/x.json', policy)).toBe(path.join(root, 'sub/x.json'));
    expect(await confinePath('in/new/x.spec.ts', policy)).toBe(path.join(root, 'sub/new/x.spec.ts'));
    expect(await confinePath(path.join(root, 'sub'), policy)).toBe(path.join(root, 'sub'));
    for (const bad of ['../secret.json', 'sub/../../secret.json', path.join(base, 'secret.json'), 'out.json', 'up/secret.json', 'up/new/file.ts']) {
      await expect(confinePath(bad, policy), bad).rejects.toMatchObject({ code: 'source_invalid', details: { refused: 'path' } });
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});

test('policy: a dangling symlink is refused, and export_test with overwrite does not write through it', async () => {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'tw-policy-')));
  try {
    const root = path.join(base, 'root');
    await mkdir(root, { recursive: true });
    const target = path.join(base, 'planted.spec.ts'); // outside the root, not there yet
    await symlink(target, path.join(root, 'dangling.spec.ts'));
    await expect(confinePath('dangling.spec.ts', { root, allowHosts: [] })).rejects.toMatchObject({ code: 'source_invalid', details: { refused: 'path' } });
    const session = new Session({ source: 'reference', root, allowHosts: [] });
    try {
      const r = (await buildRegistry().call('export_test', { path: 'dangling.spec.ts', overwrite: true }, session)).structuredContent as { ok: boolean; error?: { code: string } };
      expect(r.ok).toBe(false);
      expect(r.error?.code).toBe('source_invalid');
    } finally {
      await session.close();
    }
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});

test('device_unreachable: the next command is the error\'s own field, never read back from its hint', () => {
  const forward = new DeviceError('device_unreachable', 'health: nothing is listening', { hint: 'Forward the port: adb forward tcp:9500 tcp:9500', next: 'adb forward tcp:9500 tcp:9500' });
  expect(errorBody(forward).body.details).toMatchObject({ stage: 'connect', next: 'adb forward tcp:9500 tcp:9500' });
  // A hint that mentions a command but names no `next` is not mined for one.
  const prose = new DeviceError('device_unreachable', 'health: down', { hint: 'Check `adb devices`, then retry.' });
  expect(errorBody(prose).body.details.next).toBe('connect again once the device is up');
});
