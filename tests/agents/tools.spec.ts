// node_at, check and connect answer what the matchers and the outline say: through the server's
// registry and session in-process (the task over a real stdio server is task.spec.ts).
import { test, expect } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ReferenceApp } from '../../src/reference-app/index.js';
import { toGolden } from '../../src/outline/golden.js';
import { REPO, localAgent, repoTempDir, type ToolCaller, type WireJson } from './helpers.js';

let agent: ToolCaller;
test.beforeEach(async () => { agent = await localAgent({ source: 'reference' }); });
test.afterEach(async () => { await agent.close(); });

test('node_at, check and merged: false answer what the matchers and the outline say', async () => {
  const at = await agent.call('node_at', { x: 540, y: 568 });
  expect(at.env.value.node).toMatchObject({ id: '21', tag: 'email' });
  const nothing = await agent.call('node_at', { x: 5, y: 5 });
  expect(nothing.env.value.node).toBeNull();
  expect(nothing.env.appData).toBe(false);

  // The planted drift: the Sign in button's radius.
  const drift = await agent.call('check', { kinds: ['drift'] });
  const errors = drift.env.value.findings.filter((f: WireJson) => f.severity === 'error');
  expect(errors).toEqual([expect.objectContaining({ check: 'drift', rule: 'token-mismatch', nodeId: '23' })]);
  expect(drift.env.value.counts.error).toBe(1);
  // Errors first, as the lane lists them.
  expect(drift.text.split('\n')[2]).toMatch(/^error token-mismatch {2}Button #23 "Sign in"/);
  const within = await agent.call('check', { kinds: ['drift'], locator: "byRole('Button', { name: 'Sign in' })" });
  expect(within.env.value.findings.map((f: WireJson) => f.nodeId)).toEqual(['23']);
  const clean = await agent.call('check', { kinds: ['drift'], locator: "byTag('email')" });
  expect(clean.env.value.findings).toEqual([]);

  // The planted a11y problem, on the feed.
  await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' });
  await agent.call('perform_action', { locator: "byTag('password')", action: 'fill', text: 'correct horse' });
  await agent.call('perform_action', { locator: "byTag('password')", action: 'pressEnter' });
  const a11y = await agent.call('check', { kinds: ['a11y'] });
  expect(a11y.env.value.findings.filter((f: WireJson) => f.severity === 'error').map((f: WireJson) => f.nodeId)).toEqual(['42', '42']);
  const unmerged = await agent.call('get_tree', { merged: false });
  expect(unmerged.text).toMatch(/node #1001 "Item 0"/);
  expect((await agent.call('get_tree')).text).not.toMatch(/#1001/);
});

test('check golden: the screen against a golden file, changes as findings', async () => {
  const tmp = await repoTempDir();
  try {
    const golden = path.relative(REPO, path.join(tmp.dir, 'signin.tree'));
    await writeFile(path.join(REPO, golden), toGolden(new ReferenceApp().snapshot()));
    const same = await agent.call('check', { kinds: ['golden'], golden });
    expect(same.env.value).toMatchObject({ checks: ['golden'], total: 0 });
    expect(same.text).toMatch(/golden: no findings$/);
    await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' });
    const changed = await agent.call('check', { golden }); // without kinds: a11y, drift (the app serves a catalog) and golden
    expect(changed.env.value.checks).toEqual(['a11y', 'drift', 'golden']);
    const goldenFindings = changed.env.value.findings.filter((f: WireJson) => f.check === 'golden');
    expect(goldenFindings).toEqual([expect.objectContaining({ rule: 'golden-changed', message: expect.stringContaining('input "" → ada@example.com') })]);
    expect((await agent.call('check', { kinds: ['golden'] })).env.error!.message).toContain('needs a golden file');
    expect((await agent.call('check', { kinds: ['golden'], golden: golden + '.missing' })).env.error!.code).toBe('file_not_found');
    expect(await readFile(path.join(REPO, golden), 'utf8')).toContain('# treewright golden v1');
  } finally {
    await tmp.remove();
  }
});

test('connect covers the source union: files, uiautomator (path or inline), the reference app over a protocol', async () => {
  const xml = await readFile(path.join(REPO, 'fixtures/uiautomator/034.xml'), 'utf8');
  const inline = await agent.call('connect', { source: { kind: 'uiautomator', xml } });
  expect(inline.env.value).toMatchObject({ device: 'uiautomator:inline', capabilities: { semanticActions: false, taps: false } });
  // The dump's warnings: the code to act on, the message in the answer's text.
  expect(inline.env.value.warnings).toEqual([expect.objectContaining({ code: 'unknown-density' })]);
  expect(inline.text).toContain(`warning: ${inline.env.value.warnings[0].message}\n`);
  expect((await agent.call('find_nodes', { locator: "byRole('Button', { name: 'EXIT', exact: true })" })).env.value.count).toBe(1);
  const byPath = await agent.call('connect', { source: { kind: 'uiautomator', xmlPath: 'fixtures/uiautomator/034.xml' } });
  expect(byPath.env.ok).toBe(true);
  const file = await agent.call('connect', { source: 'file:fixtures/trees/home.json' });
  expect(file.env.value).toMatchObject({ driver: 'file', roots: [expect.objectContaining({ rootId: expect.any(String) })] });
  const live = await agent.call('connect', { source: 'reference:live' });
  expect(live.env.value).toMatchObject({ driver: 'live', capabilities: { taps: true, semanticActions: false } });
  expect((await agent.call('find_nodes', { locator: "byTag('email')" })).env.value.count).toBe(1);
  expect((await agent.call('connect', { source: 'teleport:nowhere' })).env.error!.code).toBe('source_invalid');
});

test('answers name a Compose control as the outline does (merged view); get_tree merged: false prints the raw tree of a dump', async () => {
  await agent.call('connect', { source: 'file:fixtures/uiautomator/005.xml' });
  const found = await agent.call('find_nodes', { locator: "byRole('Button', { name: 'Cancelar' })" });
  expect(found.env.value.lines[0]).toMatch(/^Button #12 root=window-0 \[clickable\]/);
  const json = await agent.call('find_nodes', { locator: "byRole('Button', { name: 'Cancelar' })", format: 'json' });
  expect(json.env.value.nodes[0]).toMatchObject({ id: '12', role: 'Button', line: expect.stringMatching(/^Button #12 /) });
  const raw = await agent.call('find_nodes', { locator: "byRole('View', { name: 'Cancelar', exact: true, merged: false })" });
  expect(raw.env.value.lines[0]).toMatch(/^View #12 root=window-0 \[clickable\]/);
  expect((await agent.call('get_tree')).text).toContain('- Button #12 [clickable]');
  const unmerged = (await agent.call('get_tree', { merged: false })).text;
  expect(unmerged).toContain('- View #12 [clickable]');
  expect(unmerged).toMatch(/\n {18}- Button #14 /);
});

test('check platform: a native screen judged by the platform named (a real Compose capture: no touch targets as desktop); a bad one is invalid_arguments', async () => {
  const compose = await localAgent({ source: 'file:fixtures/trees/a11y-tree.json' });
  try {
    const rules = async (args: Record<string, unknown>) => ((await compose.call('check', { kinds: ['a11y'], ...args })).env.value.findings as WireJson[]).map((f) => `${f.rule} ${f.threshold ?? ''}`.trim());
    expect(await rules({})).toContain('touch-target 48×48 dp');
    expect(await rules({ platform: 'android' })).toEqual(await rules({}));
    expect((await rules({ platform: 'desktop' })).filter((r) => r.startsWith('touch-target'))).toEqual([]);
    expect(await rules({ platform: 'ios' })).toContain('touch-target 44×44 pt');
    for (const bad of ['web', 'watchos']) {
      const r = await compose.call('check', { kinds: ['a11y'], platform: bad });
      expect(r.env.error).toMatchObject({ code: 'invalid_arguments' });
      expect(r.env.error!.message).toMatch(/platform/);
      expect(r.env.error!.message).toMatch(/"android"\|"ios"\|"macos"\|"desktop"|android.*ios.*macos.*desktop/);
    }
  } finally {
    await compose.close();
  }
});
