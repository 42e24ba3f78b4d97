import { test, expect } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startReferenceApp, type StartedReferenceApp } from '../../src/reference-app/start.js';
import { ID, ROOT_IDS } from '../../src/reference-app/screens.js';
import { importJetWhale } from '../../src/formats/jetwhale.js';
import { all } from './helpers.js';
import { call, connectHttp, text } from './mcp-helpers.js';

const P = 'com.kitakkun.jetwhale.semantics.';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JetWhale's JSON, read field by field and checked by importJetWhale below
type J = Record<string, any>;

function flatten(n: J): J[] {
  const out: J[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    out.push(x);
    stack.push(...((x.children as J[] | undefined) ?? []));
  }
  return out;
}

test.describe('JetWhale-style MCP server (streamable HTTP)', () => {
  let server: StartedReferenceApp;
  let client: Client;
  test.beforeEach(async () => {
    server = await startReferenceApp({ protocol: 'jetwhale', signedIn: true });
    client = await connectHttp(server.url);
  });
  test.afterEach(async () => {
    await client.close();
    await server.close();
  });

  test('lists the plugin-qualified tools; plain names work as aliases', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([`${P}findNodes`, `${P}getNodeTree`, `${P}nodeAt`, `${P}performNodeAction`]);
    expect(tools.find((t) => t.name === `${P}performNodeAction`)!.annotations?.destructiveHint).toBe(true);
    const viaAlias = await call(client, 'getNodeTree', {});
    expect(viaAlias.isError).toBeFalsy();
    expect((viaAlias.structuredContent as J).roots).toHaveLength(2);
    const unknown = await call(client, `${P}getViewAttributes`, {});
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/unknown tool/);
  });

  test('getNodeTree: JSON the importer reads, text outline, and its options', async () => {
    const r = await call(client, `${P}getNodeTree`, { sessionId: 'ignored' });
    const doc = r.structuredContent as J;
    expect(JSON.parse(text(r))).toEqual(doc);
    expect(doc).toMatchObject({ capturedAtMs: expect.any(Number), captureDurationMs: expect.any(Number), merged: true });
    expect(doc.roots.map((x: J) => x.rootId)).toEqual([ROOT_IDS.statusBar, ROOT_IDS.main]);
    expect(doc.roots[1]).toMatchObject({ label: 'MainActivity', density: 2.625, windowOffset: { x: 0, y: 63 } });
    const nodes = flatten(doc.roots[1].node);
    const settings = nodes.find((n) => n.contentDescription === 'Settings')!;
    expect(settings).toMatchObject({ id: ID.settings, role: 'Button', clickable: true, actions: ['Click'], unit: 'px', bounds: { left: 912, top: 84, right: 1038, bottom: 210 }, tap: { x: 975, y: 147 } });
    // Rows fully clipped away are left out by default and included on request.
    const visibleRows = nodes.filter((n) => n.testTag === 'feed-item');
    expect(visibleRows.every((n) => n.visible === undefined)).toBe(true);
    const withInvisible = flatten(((await call(client, `${P}getNodeTree`, { includeInvisible: true })).structuredContent as J).roots[1].node as J);
    const hidden = withInvisible.filter((n) => n.testTag === 'feed-item' && n.visible === false);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden[0]).toMatchObject({ hittable: false, operable: false });

    const snap = importJetWhale(text(r), { where: 'jetwhale' });
    expect(all(snap).length).toBe(flatten(doc.roots[0].node).length + nodes.length);

    const unmerged = flatten(((await call(client, `${P}getNodeTree`, { merged: false })).structuredContent as J).roots[1].node as J);
    expect(unmerged.length).toBeGreaterThan(nodes.length);
    const onlyMain = (await call(client, `${P}getNodeTree`, { rootId: ROOT_IDS.main, maxDepth: 0 })).structuredContent as J;
    expect(onlyMain.roots).toHaveLength(1);
    expect(onlyMain.roots[0].node.children).toBeUndefined();
    const interactive = flatten(((await call(client, `${P}getNodeTree`, { interactiveOnly: true, rootId: ROOT_IDS.main })).structuredContent as J).roots[0].node as J);
    expect(interactive.some((n) => n.text === 'Welcome, Ada')).toBe(false);
    expect(interactive.some((n) => n.contentDescription === 'Settings')).toBe(true);

    const outline = text(await call(client, `${P}getNodeTree`, { format: 'text' }));
    expect(outline).toContain(`root ${ROOT_IDS.main} "MainActivity"`);
    expect(outline).toMatch(/Button #43 desc=Settings \[clickable\] actions=Click tap=975,147/);

    const bad = await call(client, `${P}getNodeTree`, { rootId: 'nope' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/unknown rootId: nope/);
    const badType = await call(client, `${P}getNodeTree`, { maxDepth: 'deep' });
    expect(badType.isError).toBe(true);
  });

  test('findNodes: criteria, defaults, operableOnly, limit, text', async () => {
    const feed = (await call(client, `${P}findNodes`, { testTag: 'feed', exact: true })).structuredContent as J;
    expect(feed).toMatchObject({ totalMatches: 1, truncated: false, nodes: [{ id: ID.feed, rootId: ROOT_IDS.main, actions: ['ScrollBy', 'ScrollToIndex'], scrollable: true }] });
    expect(feed.nodes[0].children).toBeUndefined();

    const everything = (await call(client, `${P}findNodes`, {})).structuredContent as J;
    expect(everything.nodes.every((n: J) => n.actions || n.editable || n.scrollable)).toBe(true);
    expect(everything.nodes.some((n: J) => n.text === 'Welcome, Ada')).toBe(false);

    const items = (await call(client, `${P}findNodes`, { text: 'item 1' })).structuredContent as J;
    expect(items.nodes.map((n: J) => n.text)).toEqual(expect.arrayContaining(['Item 1', 'Item 10', 'Item 11']));
    const exact = (await call(client, `${P}findNodes`, { text: 'Item 1', exact: true })).structuredContent as J;
    expect(exact.nodes.map((n: J) => n.text)).toEqual(['Item 1']);
    expect(((await call(client, `${P}findNodes`, { text: 'item 1', exact: true })).structuredContent as J).totalMatches).toBe(0);

    const limited = (await call(client, `${P}findNodes`, { testTag: 'feed-item', limit: 3 })).structuredContent as J;
    expect(limited.nodes).toHaveLength(3);
    expect(limited.truncated).toBe(true);
    expect(limited.totalMatches).toBeGreaterThan(3);

    const buttons = (await call(client, `${P}findNodes`, { role: 'Button' })).structuredContent as J;
    expect(buttons.nodes.map((n: J) => n.id)).toEqual([ID.filter, ID.settings]);
    expect(((await call(client, `${P}findNodes`, { resourceId: 'feed' })).structuredContent as J).totalMatches).toBe(0);

    server.app.navigate('settings');
    server.app.perform(String(ID.signOut), 'Click');
    const operable = (await call(client, `${P}findNodes`, { operableOnly: true })).structuredContent as J;
    expect(operable.nodes.map((n: J) => n.rootId)).toEqual(expect.arrayContaining([ROOT_IDS.dialog]));
    expect(operable.nodes.every((n: J) => n.rootId === ROOT_IDS.dialog)).toBe(true);
    const blocked = (await call(client, `${P}findNodes`, { text: 'Wi-Fi' })).structuredContent as J;
    expect(blocked.nodes[0]).toMatchObject({ operable: false, hittable: false, obscuredBy: { rootId: ROOT_IDS.dialog, id: ID.dialog } });

    // The feed is behind the modal dialog now: listed, but not operable.
    expect(text(await call(client, `${P}findNodes`, { testTag: 'feed', exact: true, operableOnly: true, format: 'text' }))).toBe('');
    const dialogLines = text(await call(client, `${P}findNodes`, { role: 'Button', format: 'text' })).split('\n');
    expect(dialogLines.some((l) => l.includes(`#${ID.confirm} root=${ROOT_IDS.dialog}`))).toBe(true);
    expect((await call(client, `${P}findNodes`, { limit: 0 })).isError).toBe(true);
  });

  test('nodeAt: what a tap there would reach', async () => {
    const hit = (await call(client, `${P}nodeAt`, { x: 975, y: 147 })).structuredContent as J;
    expect(hit.node).toMatchObject({ id: ID.settings, rootId: ROOT_IDS.main, contentDescription: 'Settings' });
    // Over a label, the app window (above the status bar's) swallows the tap: its root node, which does nothing.
    const label = ((await call(client, `${P}nodeAt`, { x: 300, y: 147 })).structuredContent as J).node;
    expect(label).toMatchObject({ id: ID.app, rootId: ROOT_IDS.main });
    expect(label.actions).toBeUndefined();
    // Over the status bar (the bottom window) nothing takes it.
    expect(((await call(client, `${P}nodeAt`, { x: 300, y: 30 })).structuredContent as J).node).toBeNull();
    const row = ((await call(client, `${P}nodeAt`, { x: 540, y: 700 })).structuredContent as J).node;
    expect(row).toMatchObject({ testTag: 'feed-item', text: 'Item 2' });
    const bad = await call(client, `${P}nodeAt`, { x: 1 });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/missing required argument: y/);
  });

  test('performNodeAction: ScrollToIndex, Click, SetText, refusals and argument errors', async () => {
    const scrolled = (await call(client, `${P}performNodeAction`, { nodeId: ID.feed, action: 'ScrollToIndex', index: 240 })).structuredContent as J;
    expect(scrolled).toMatchObject({ performed: true, rootId: ROOT_IDS.main, nodeId: ID.feed, action: 'ScrollToIndex' });
    const found = (await call(client, `${P}findNodes`, { text: 'Item 240', exact: true })).structuredContent as J;
    expect(found.nodes).toHaveLength(1);
    expect(found.nodes[0].bounds.top).toBe(231);

    const byScroll = (await call(client, 'performNodeAction', { nodeId: ID.feed, action: 'ScrollBy', scrollY: 189 })).structuredContent as J;
    expect(byScroll.performed).toBe(true);
    expect(((await call(client, `${P}findNodes`, { text: 'Item 241', exact: true })).structuredContent as J).nodes[0].bounds.top).toBe(231);

    const refused = (await call(client, `${P}performNodeAction`, { nodeId: ID.welcome, action: 'Click' })).structuredContent as J;
    expect(refused).toMatchObject({ performed: false, message: expect.stringMatching(/does not offer Click/) });
    const seen = (await call(client, `${P}performNodeAction`, { nodeId: ID.welcome, action: 'BringIntoView' })).structuredContent as J;
    expect(seen).toMatchObject({ performed: true, message: expect.stringMatching(/already fully visible/) });

    const clicked = (await call(client, `${P}performNodeAction`, { rootId: ROOT_IDS.main, nodeId: ID.settings, action: 'Click' })).structuredContent as J;
    expect(clicked.performed).toBe(true);
    expect(server.app.nav().currentRoute).toBe('settings');
    const wrongRoot = (await call(client, `${P}performNodeAction`, { rootId: ROOT_IDS.statusBar, nodeId: ID.wifi, action: 'Click' })).structuredContent as J;
    expect(wrongRoot.performed).toBe(false);

    server.app.navigate('signin');
    const typed = (await call(client, `${P}performNodeAction`, { nodeId: ID.email, action: 'SetText', text: 'ada@example.com' })).structuredContent as J;
    expect(typed.performed).toBe(true);
    const email = ((await call(client, `${P}findNodes`, { testTag: 'email' })).structuredContent as J).nodes[0];
    expect(email).toMatchObject({ editableText: 'ada@example.com', editable: true, focused: true });
    const password = ((await call(client, `${P}findNodes`, { testTag: 'password' })).structuredContent as J).nodes[0];
    expect(password).toMatchObject({ password: true, editable: true });
    expect(password.editableText).toBeUndefined();

    const unknownNode = await call(client, `${P}performNodeAction`, { nodeId: 424242, action: 'Click' });
    expect(unknownNode.isError).toBe(true);
    expect(text(unknownNode)).toMatch(/unknown nodeId: 424242/);
    const badAction = await call(client, `${P}performNodeAction`, { nodeId: ID.wifi, action: 'Tap' });
    expect(badAction.isError).toBe(true);
    expect(text(badAction)).toMatch(/invalid action/);
    expect((await call(client, `${P}performNodeAction`, { action: 'Click' })).isError).toBe(true);
    expect((await call(client, `${P}performNodeAction`, { nodeId: '43', action: 'Click' })).isError).toBe(true);
  });
});
