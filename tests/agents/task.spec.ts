// The sign-in → feed → settings task, end to end: a real server process on stdio, the SDK's real client.
// The tools' other answers are checked in-process, in tools.spec.ts.
import { test, expect } from '@playwright/test';
import { APP_DATA_LINE } from '../../agents/envelope.js';
import { stdioAgent, type Agent, type WireJson } from './helpers.js';

let agent: Agent;
test.beforeEach(async () => { agent = await stdioAgent(['--source', 'reference']); });
test.afterEach(async () => { await agent.close(); });

test('tools/list: seven tools, each described, annotated and schema-typed', async () => {
  const { tools } = await agent.client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['connect', 'find_nodes', 'get_tree', 'node_at', 'perform_action', 'check', 'export_test']);
  for (const t of tools) {
    expect.soft(t.description!.length, t.name).toBeLessThan(1024);
    expect.soft(t.description!.match(/Use when /g) ?? [], t.name).toHaveLength(1);
    // Begins with what the tool does: a verb in the third person.
    expect.soft(t.description!, t.name).toMatch(/^[A-Z][a-z]+s /);
    expect.soft(t.inputSchema.type, t.name).toBe('object');
    expect.soft(t.outputSchema?.type, t.name).toBe('object');
  }
  const hint = (name: string) => tools.find((t) => t.name === name)!.annotations!;
  for (const name of ['find_nodes', 'get_tree', 'node_at', 'check']) expect(hint(name).readOnlyHint, name).toBe(true);
  for (const name of ['perform_action', 'connect', 'export_test']) {
    expect(hint(name).readOnlyHint, name).toBe(false);
    expect(hint(name).destructiveHint, name).toBe(true);
  }
});

test('sign in → feed → settings, with locators, ids, receipts and deltas', async () => {
  // What can I do here?
  const start = await agent.call('find_nodes');
  expect(start.env).toMatchObject({ ok: true, appData: true });
  expect(start.text.split('\n')[0]).toBe(APP_DATA_LINE);
  expect(start.text).toMatch(/TextField #21 "Email" .*tag=email/);
  expect(start.text).toMatch(/Button #23 "Sign in" .*\[clickable disabled not-operable\]/);
  const g0 = start.env.value.generation;
  expect(start.text).toContain(`generation ${g0} · 3 interactive nodes on screen`);

  const button = await agent.call('find_nodes', { locator: "byRole('Button', { name: 'Sign in' })" });
  expect(button.env.value).toMatchObject({ count: 1, generation: g0 });
  expect(button.env.value.lines).toEqual([expect.stringMatching(/^Button #23 "Sign in" root=compose-root-main \[clickable disabled not-operable\]/)]);

  // Typing: a receipt with before / after and the one node that changed.
  const email = await agent.call('perform_action', { locator: "byTag('email')", action: 'fill', text: 'ada@example.com' });
  expect(email.env.ok).toBe(true);
  expect(email.env.value).toMatchObject({ call: "byTag('email').fill('ada@example.com')", nodeId: '21', via: 'semantic', before: g0, changed: true });
  // A receipt is one short line, then what changed (once: as text, not again in the structured value).
  expect(email.text.split('\n')).toEqual([APP_DATA_LINE, expect.stringMatching(/^byTag\('email'\)\.fill\('ada@example\.com'\) on #21 via semantic · generation \d+ → \d+ · 1 changed, 0 added, 0 removed$/), expect.stringMatching(/^~ TextField #21 "Email" input=ada@example.com/)]);
  expect(JSON.stringify(email.env.value)).not.toContain('~ TextField');
  expect(email.env.value.summary).toBe('1 changed, 0 added, 0 removed');
  const password = await agent.call('perform_action', { locator: { kind: 'tag', tag: 'password' }, action: 'fill', text: 'correct horse' });
  expect(password.text).toMatch(/^~ Button #23 "Sign in" root=compose-root-main \[clickable\]/m);
  expect(password.text).not.toContain('correct horse"'); // a password's contents never show in the tree

  // By id + generation, as read in a JSON answer.
  const found = await agent.call('find_nodes', { locator: "byRole('Button', { name: 'Sign in' })", format: 'json' });
  const { generation, nodes: [signIn] } = found.env.value;
  expect(signIn).toMatchObject({ id: '23', enabled: true, hittable: true, operable: true, tap: { x: 540, y: 956 } });
  const click = await agent.call('perform_action', { target: { id: signIn.id, generation }, action: 'click' });
  expect(click.env.value).toMatchObject({ before: generation, changed: true, message: 'signed in as Ada' });
  expect(click.text).toMatch(/^byRole\('Button', \{ name: 'Sign in', exact: true \}\)\.click\(\) on #23 via semantic · generation \d+ → \d+ · 1 changed, 18 added, 4 removed$/m);
  expect(click.text).toMatch(/^\+ Heading #41 "Welcome, Ada" root=compose-root-main parent=#10/m);
  expect(click.text).toMatch(/^- #23$/m);
  const feed = click.env.value.after;

  // get_tree since: unchanged, then a delta, then full for a generation never seen.
  expect((await agent.call('get_tree', { since: feed })).env.value).toEqual({ kind: 'unchanged', generation: feed, format: 'text' });
  const delta = await agent.call('get_tree', { since: generation });
  expect(delta.env.value).toMatchObject({ kind: 'delta', from: generation, generation: feed });
  expect(delta.text).toContain(`delta since ${generation}: 1 changed, 18 added, 4 removed`);
  const deltaJson = await agent.call('get_tree', { since: generation, format: 'json' });
  expect(deltaJson.env.value.removed).toEqual(['20', '21', '22', '23']);
  expect(deltaJson.env.value.upserted.find((n: WireJson) => n.id === '44')).toMatchObject({ tag: 'feed', parentId: '10', rootId: 'compose-root-main', added: true, childIds: expect.arrayContaining(['1000']) });
  const unknown = await agent.call('get_tree', { since: '12345' });
  expect(unknown.env.value).toMatchObject({ kind: 'full', note: expect.stringContaining('not among the captures') });

  // The feed: scroll to a row far down, then go to settings.
  const scrolled = await agent.call('perform_action', { locator: "byTag('feed')", action: 'scrollToIndex', index: 240 });
  expect(scrolled.env.ok).toBe(true);
  expect((await agent.call('find_nodes', { locator: "byText('Item 240', { exact: true })" })).env.value.count).toBe(1);
  await agent.call('perform_action', { locator: "byDesc('Settings')", action: 'click' });
  const wifi = await agent.call('perform_action', { locator: "byRole('Switch', { name: 'Wi-Fi' })", action: 'click' });
  expect(wifi.text.split('\n').slice(2)).toEqual([expect.stringMatching(/^~ Switch #62 "Wi-Fi" toggle=on/)]);

  // Whole-tree answers: the outline, every window, under the app-data marker.
  const tree = await agent.call('get_tree');
  expect(tree.text.split('\n').slice(0, 2)).toEqual([APP_DATA_LINE, expect.stringMatching(/^generation \d+ · full$/)]);
  expect(tree.text).toContain('root compose-root-main "MainActivity" unit=px density=2.625 offset=0,63');
  expect(tree.env.value).toEqual({ kind: 'full', generation: expect.any(String), format: 'text' }); // the outline is sent once, as text
  expect(tree.text).toMatch(/^ {2}- Switch #62 "Wi-Fi" toggle=on /m);
  const interactive = await agent.call('get_tree', { interactiveOnly: true, maxDepth: 1, rootId: 'compose-root-main' });
  expect(interactive.text).not.toContain('StatusBar');
  expect(interactive.text).not.toContain('Heading');
  const json = await agent.call('get_tree', { format: 'json', rootId: 'compose-root-main', interactiveOnly: true });
  expect(json.env.value.snapshot.roots).toHaveLength(1);
  expect(JSON.stringify(json.env.value.snapshot)).not.toContain('"Heading"');

  // back: the device-level action.
  const back = await agent.call('perform_action', { action: 'back' });
  expect(back.env.value).toMatchObject({ call: 'device.back()', changed: true });
  expect((await agent.call('find_nodes', { locator: "byText('Welcome, Ada')" })).env.value.count).toBe(1);
});
