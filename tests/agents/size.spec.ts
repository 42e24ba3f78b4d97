// Answers are small: the text fallback of a 60-node screen is its outline, under 4 KB, and several
// times smaller than the same tree as JSON.
import { test, expect } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot, snapshotToJson } from '../../src/model/serialize.js';
import type { Node } from '../../src/model/schema.js';
import { APP_DATA_LINE } from '../../agents/envelope.js';
import { bytes, localAgent, repoTempDir, stdioAgent } from './helpers.js';

/** A settings screen shaped like JetWhale's example: a toolbar and a list of rows with a title, a description and a switch. */
function settingsScreen(rows: number) {
  let id = 1;
  const next = () => String(id++);
  const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  const list: Node[] = [];
  for (let i = 0; i < rows; i++) {
    const y = 260 + i * 150;
    list.push(makeNode(next(), { kind: 'compose', clickable: true, actions: ['Click'], bounds: b(0, y, 1080, 150) }, [
      makeNode(next(), { kind: 'compose', text: `Setting item number ${i}`, bounds: b(48, y + 20, 650, 50) }),
      makeNode(next(), { kind: 'compose', text: `Description for item ${i}`, bounds: b(48, y + 80, 650, 40) }),
      makeNode(next(), { kind: 'compose', role: 'Switch', toggle: i % 2 ? 'on' : 'off', clickable: true, actions: ['Click'], bounds: b(900, y + 40, 140, 70) }),
    ]));
  }
  const top = makeNode(next(), { kind: 'compose', bounds: b(0, 0, 1080, 2400) }, [
    makeNode(next(), { kind: 'compose', bounds: b(0, 0, 1080, 240) }, [
      makeNode(next(), { kind: 'compose', role: 'Button', contentDescription: 'Navigate up', clickable: true, actions: ['Click'], bounds: b(20, 60, 120, 120) }),
      makeNode(next(), { kind: 'compose', role: 'Heading', text: 'Settings', heading: true, bounds: b(180, 80, 400, 80) }),
    ]),
    makeNode(next(), { kind: 'compose', tag: 'settings-list', scrollable: true, actions: ['ScrollBy', 'ScrollToIndex'], bounds: b(0, 240, 1080, 2160) }, list),
  ]);
  return makeSnapshot({ source: 'test', roots: [{ rootId: 'compose-root-1f2e', label: 'MainActivity', unit: 'px', density: 2, windowOffset: { x: 0, y: 0 }, touchModal: false, node: top }] });
}

test('a 60-node screen: the text answer is the outline, under 4 KB; JSON is over 3× bigger', async () => {
  const screen = settingsScreen(14); // 5 + 14 × 4 = 61 nodes
  const tmp = await repoTempDir();
  try {
    await writeFile(path.join(tmp.dir, 'settings.json'), snapshotToJson(screen));
    const agent = await localAgent({ source: 'file:settings.json', root: tmp.dir });
    try {
      const text = await agent.call('get_tree');
      const lines = text.text.split('\n');
      expect(lines[0]).toBe(APP_DATA_LINE);
      expect(lines.filter((l) => /^\s*- /.test(l))).toHaveLength(61);
      expect(text.text).toContain('      - node #2 "Setting item number 0" tap=373,305');
      const textBytes = bytes(text.text);
      expect(textBytes).toBeLessThan(4096);
      test.info().annotations.push({ type: 'bytes', description: `text ${textBytes}` });
      const json = await agent.call('get_tree', { format: 'json' });
      expect(json.env.value.snapshot.roots[0].rootId).toBe('compose-root-1f2e');
      expect(bytes(json.text)).toBeGreaterThan(3 * textBytes);
      test.info().annotations.push({ type: 'bytes', description: `json ${bytes(json.text)}` });
      // Looking for one element costs one line, not the tree.
      const row = await agent.call('find_nodes', { locator: "filter({ has: byText('Setting item number 7', { exact: true }) }).filter({ has: byRole('Switch') }).last()" });
      expect(row.env.value.count).toBe(1);
      expect(bytes(row.text)).toBeLessThan(300);
    } finally {
      await agent.close();
    }
  } finally {
    await tmp.remove();
  }
});

test('a 60,000-deep tree: reads are refused as too_large or cut, never a crash', async () => {
  let node = makeNode('0', { text: 'leaf', clickable: true, actions: ['Click'], bounds: { x: 0, y: 0, width: 10, height: 10 } });
  for (let i = 1; i < 60_000; i++) node = makeNode(String(i), { bounds: { x: 0, y: 0, width: 10, height: 10 } }, [node]);
  const deep = makeSnapshot({ source: 'test', roots: [{ rootId: 'w', label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, node }] });
  const tmp = await repoTempDir();
  try {
    await writeFile(path.join(tmp.dir, 'deep.json'), snapshotToJson(deep, 0));
    const agent = await stdioAgent(['--source', 'file:deep.json', '--root', tmp.dir]);
    try {
      expect((await agent.call('get_tree')).env.error).toMatchObject({ code: 'too_large', details: { hint: expect.stringContaining('maxDepth') } });
      expect((await agent.call('get_tree', { format: 'json' })).env.error!.code).toBe('too_large');
      const cut = await agent.call('get_tree', { maxDepth: 3 });
      expect(cut.text).toContain('children=1');
      expect((await agent.call('get_tree', { maxDepth: 3, format: 'json' })).env.ok).toBe(true);
      const leaf = await agent.call('find_nodes', { locator: "byText('leaf')" });
      expect(leaf.env.value.lines).toEqual([expect.stringMatching(/^node #0 "leaf" root=w/)]);
      expect((await agent.call('check', { kinds: ['a11y'] })).env.ok).toBe(true);
    } finally {
      await agent.close();
    }
  } finally {
    await tmp.remove();
  }
});

test('a big structured value is refused as too_large too, not only big text (get_tree json on 20,000 nodes)', async () => {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { buildRegistry } = await import('../../agents/registry.js');
  const { Session } = await import('../../agents/session.js');
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-size-'));
  const kids: Node[] = [];
  for (let i = 0; i < 20_000; i++) kids.push(makeNode(String(i + 2), { kind: 'compose', text: `Row number ${i} with some words`, tag: `row-${i}`, clickable: true, actions: ['Click'], bounds: { x: 0, y: i * 10, width: 1080, height: 10 } }));
  const big = makeSnapshot({ source: 'test', roots: [{ rootId: 'r', label: 'Main', unit: 'px', density: 2, windowOffset: { x: 0, y: 0 }, touchModal: false, node: makeNode('1', { kind: 'compose', bounds: { x: 0, y: 0, width: 1080, height: 200_000 } }, kids) }] });
  await writeFile(path.join(dir, 'big.json'), snapshotToJson(big));
  const session = new Session({ source: 'file:big.json', root: dir, allowHosts: [] });
  try {
    const r = await buildRegistry().call('get_tree', { format: 'json' }, session);
    const env = r.structuredContent as { ok: boolean; error?: { code: string; message: string; details: { hint: string } } };
    expect(env.ok).toBe(false);
    expect(env.error).toMatchObject({ code: 'too_large', details: { hint: expect.stringContaining('maxDepth') } });
    expect(env.error!.message).toContain('structured value');
    expect(JSON.stringify(r).length).toBeLessThan(10_000);
  } finally {
    await session.close();
    await rm(dir, { recursive: true, force: true });
  }
});
