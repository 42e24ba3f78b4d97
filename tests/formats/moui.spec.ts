import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { applyMouiDelta, importMoui } from '../../src/formats/moui.js';
import { countNodes } from '../../src/model/node.js';
import { formatErrorOf, nodeById } from '../helpers/expect-error.js';

const COUNTER = readFileSync(new URL('../../fixtures/trees/moui-counter.json', import.meta.url), 'utf8');
const AT = '2026-01-01T00:00:00.000Z';

const STATE = { focused: false, disabled: false, selected: false, pressed: false, checked: null, expanded: false, invalid: false, required: false, read_only: false, busy: false, multiline: false, password: false, modal: false };
/** A wire node with every field MoUI sends, overridable. */
function wire(id: string, children: string[] = [], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    node_id: id, semantic_id: null, role: 'group', level: null, url: '', label: '', value: '', description: '',
    state: { ...STATE, ...((over.state as object) ?? {}) }, numeric: null, text: null, collection: null,
    relations: { labelled_by: [], described_by: [], controls: [], error_message: [], active_descendant: [] },
    live: 'off', atomic: false, actions: [], focus_order: null,
    frame: { origin: { x: 0, y: 0 }, size: { width: 100, height: 40 } }, children,
    ...over, ...(over.state ? { state: { ...STATE, ...(over.state as object) } } : {}),
  };
}
const full = (nodes: unknown[], root: string | null = '1', extra: Record<string, unknown> = {}) =>
  JSON.stringify({ kind: 'full', generation: '5', root, focused: null, nodes, issues: [], ...extra });

test('imports the counter: flat nodes rebuilt into a tree, MoUI generation kept', () => {
  const s = importTree(COUNTER, { where: 'counter.json', capturedAt: AT });
  expect(detectFormat(COUNTER)).toBe('moui');
  expect(s.source).toBe('counter.json (moui)');
  expect(s.generation).toBe('12');
  expect(s.roots.map(({ node: _n, ...r }) => r)).toEqual([{ rootId: 'moui', label: null, unit: 'dp', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false }]);
  expect(s.roots[0]!.node.children.map((c) => c.tag)).toEqual(['counter.value', 'counter.increment', 'counter.decrement', 'counter.reset', 'counter.step', 'counter.auto']);

  expect(nodeById(s, '2')).toMatchObject({ role: 'Text', rawRole: 'text', text: 'Count: 0', actions: [] });
  expect(nodeById(s, '2').platform).toEqual({ live: 'polite' });
  expect(nodeById(s, '3')).toMatchObject({ kind: 'generic', role: 'Button', tag: 'counter.increment', clickable: true, focusable: true, actions: ['Click', 'RequestFocus'], bounds: { x: 24, y: 112, width: 148, height: 48 } });
  expect(nodeById(s, '5')).toMatchObject({ enabled: false, clickable: false, actions: ['RequestFocus'] });
  expect(nodeById(s, '5').platform).toEqual({ description: 'Available once the count is not zero', focus_order: 3 });
  expect(nodeById(s, '6')).toMatchObject({ role: 'TextField', editable: true, editableText: '1', value: null, actions: ['SetText', 'RequestFocus', 'ImeAction'] });
  expect(nodeById(s, '7')).toMatchObject({ role: 'Switch', toggle: 'off' });
});

test('children follow the child-id lists, not the order of the nodes array; x/y/width/height frames read too', () => {
  const nodes = [
    wire('9', [], { label: 'b', frame: { x: 5, y: 6, width: 7, height: 8 } }),
    wire('1', ['9', '4']),
    wire('4', [], { label: 'a' }),
  ];
  const s = importTree(full(nodes));
  expect(s.roots[0]!.node.children.map((c) => c.id)).toEqual(['9', '4']);
  expect(nodeById(s, '9').bounds).toEqual({ x: 5, y: 6, width: 7, height: 8 });
  // With no root given, the one node nobody lists is the root.
  expect(importTree(full(nodes, null)).roots[0]!.node.id).toBe('1');
});

test('state, focus, password, issues and unmapped actions', () => {
  const nodes = [
    wire('1', ['2', '3', '4'], { state: { modal: true } }),
    wire('2', [], { role: 'text_field', label: 'Password', value: 'hunter2', text: { selection: null, caret: null, editable: true }, state: { password: true } }),
    wire('3', [], { role: 'slider', label: 'Volume', value: '40%', actions: ['increment', 'decrement', 'set_numeric_value', 'focus'], numeric: { current: 40, min: 0, max: 100, step: 1, value_text: '40%' } }),
    wire('4', [], { role: 'checkbox', semantic_id: 'terms', state: { checked: 'mixed', selected: true, expanded: true } }),
  ];
  const s = importTree(full(nodes, '1', { focused: '4', issues: [{ kind: 'duplicate_semantic_id', semantic_id: 'ok', nodes: ['7', '8'] }] }));
  expect(s.roots[0]!.touchModal).toBe(true);
  expect(nodeById(s, '2')).toMatchObject({ role: 'TextField', password: true, editable: true, editableText: null, value: null, text: 'Password' });
  expect(nodeById(s, '3')).toMatchObject({ role: 'Slider', value: '40%', focusable: true, actions: ['RequestFocus'] });
  expect(nodeById(s, '3').platform).toMatchObject({ rawActions: ['increment', 'decrement', 'set_numeric_value'], numeric: { current: 40 } });
  expect(nodeById(s, '4')).toMatchObject({ toggle: 'indeterminate', selected: true, focused: true, tag: 'terms' });
  expect(nodeById(s, '4').platform).toEqual({ state: { expanded: true } });
  expect(s.warnings).toEqual([{ code: 'duplicate-semantic-id', message: 'duplicate semantic id "ok" on nodes 7, 8; actions through it are rejected' }]);
});

test('the MoUI envelope and the MCP tool result around it are unwrapped', () => {
  const plain = importTree(COUNTER, { capturedAt: AT });
  const value = JSON.parse(COUNTER);
  for (const text of [JSON.stringify({ ok: true, value }), JSON.stringify({ structuredContent: { ok: true, value }, content: [{ type: 'text', text: 'fallback' }], isError: false })]) {
    expect(detectFormat(text)).toBe('moui');
    expect(importTree(text, { capturedAt: AT })).toEqual(plain);
  }
  const refused = JSON.stringify({ structuredContent: { ok: false, error: { code: 'host_closed', message: 'the runtime was destroyed', details: {} } }, isError: true });
  const e = formatErrorOf(() => importTree(refused, { where: 'mcp:moui' }));
  expect(e.message).toMatch(/^mcp:moui: the host answered an error instead of a tree \(host_closed\): the runtime was destroyed/);
});

test('delta and unchanged reads cannot be imported alone', () => {
  const delta = JSON.stringify({ kind: 'delta', from: '12', to: '13', root: '1', focused: null, upserted: [], removed: [], issues: [], announcements: [] });
  const e = formatErrorOf(() => importTree(delta, { where: 'd.json' }));
  expect(e.code).toBe('format_error');
  expect(e.message).toMatch(/a MoUI "delta" read cannot be imported on its own: it only says what changed since generation "12"/);
  expect(e.details.hint).toMatch(/without "since" to get a full tree/);
  expect(formatErrorOf(() => importMoui(JSON.stringify({ kind: 'unchanged', generation: '12' }))).message).toMatch(/"unchanged" read cannot be imported on its own/);
});

test('applyMouiDelta: upserts, removals, new nodes, unchanged, and stale reads', () => {
  const prev = importTree(COUNTER, { capturedAt: AT });
  const counter = JSON.parse(COUNTER) as { nodes: Array<Record<string, unknown>> };
  const label = { ...counter.nodes[1]!, label: 'Count: 1' };
  const rootNode = { ...counter.nodes[0]!, children: ['2', '3', '4', '6', '7', '8'] };
  const toast = wire('8', [], { role: 'status', label: 'Incremented' });
  const delta = { kind: 'delta', from: '12', to: '13', root: '1', focused: null, upserted: [label, rootNode, toast], removed: ['5'], issues: [], announcements: [] };
  const next = applyMouiDelta(prev, { ok: true, value: delta }, { capturedAt: AT });
  expect(next.generation).toBe('13');
  expect(next.source).toBe(prev.source);
  expect(countNodes(next)).toBe(countNodes(prev));
  expect(next.roots[0]!.node.children.map((c) => c.id)).toEqual(['2', '3', '4', '6', '7', '8']);
  expect(nodeById(next, '2').text).toBe('Count: 1');
  expect(nodeById(next, '8')).toMatchObject({ text: 'Incremented', rawRole: 'status', role: null });
  // Untouched nodes are carried over as they were.
  expect(nodeById(next, '6')).toEqual(nodeById(prev, '6'));

  expect(applyMouiDelta(next, JSON.stringify({ kind: 'unchanged', generation: '13' }))).toBe(next);
  expect(formatErrorOf(() => applyMouiDelta(next, { kind: 'unchanged', generation: '12' })).message).toMatch(/an "unchanged" read at generation 12 does not follow this snapshot, which is at generation 13/);
  expect(formatErrorOf(() => applyMouiDelta(prev, { ...delta, from: '11' })).message).toMatch(/a delta from generation 11 does not follow this snapshot, which is at generation 12/);
  // A full read replaces everything.
  expect(applyMouiDelta(next, COUNTER, { capturedAt: AT })).toEqual(prev);
});

test('structural errors name the ids: cycle, missing child, two parents, no root', () => {
  const cycle = formatErrorOf(() => importTree(full([wire('1', ['2']), wire('2', ['1'])]), { where: 'c.json' }));
  expect(cycle.message).toMatch(/^c\.json: root: child-id cycle: "2" → "1" → "2"/);
  const detached = formatErrorOf(() => importTree(full([wire('1'), wire('2', ['3']), wire('3', ['4']), wire('4', ['2'])])));
  expect(detached.message).toMatch(/child-id cycle: "\d" → "\d" → "\d" → "\d"/);
  expect(formatErrorOf(() => importTree(full([wire('1', ['9'])]))).message).toMatch(/nodes\[0\]\.children\[0\]: node "1" lists child "9", which is not among the nodes/);
  expect(formatErrorOf(() => importTree(full([wire('1', ['2', '3']), wire('2', ['4']), wire('3', ['4']), wire('4')]))).message).toMatch(/node "4" has two parents, "2" and "3"/);
  expect(formatErrorOf(() => importTree(full([wire('1', ['2', '2']), wire('2')]))).message).toMatch(/node "1" lists child "2" twice/);
  expect(formatErrorOf(() => importTree(full([wire('1', ['2']), wire('2', ['1'])], null))).message).toMatch(/nodes: no root: child-id cycle/);
  expect(formatErrorOf(() => importTree(full([], null))).message).toMatch(/nodes: is empty: there is no root node/);
  expect(formatErrorOf(() => importTree(full([wire('1'), wire('2')], null))).message).toMatch(/root: is null and several nodes have no parent \("1", "2"\)/);
  expect(formatErrorOf(() => importTree(full([wire('1')], '7'))).message).toMatch(/root: root "7" is not among the nodes/);
  expect(formatErrorOf(() => importTree(full([wire('1'), wire('1')]))).message).toMatch(/nodes\[1\]: duplicate node_id "1" \(also at nodes\[0\]\)/);
});

test('nodes the root does not reach are left out with a warning', () => {
  const s = importTree(full([wire('1', ['2']), wire('2'), wire('3', ['4']), wire('4')]));
  expect(countNodes(s)).toBe(2);
  expect(s.warnings).toEqual([{ code: 'nodes-unreachable', message: '2 node(s) not reachable from root "1" were left out: "3", "4"' }]);
});

test('field errors name the node path', () => {
  expect(formatErrorOf(() => importTree(full([wire('1', [], { frame: { origin: { x: 0, y: 0 }, size: { width: -1, height: 2 } } })]))).message).toMatch(/nodes\[0\]\.frame\.size\.width: a size cannot be negative/);
  expect(formatErrorOf(() => importTree(full([wire('1', [7] as unknown as string[])]))).message).toMatch(/nodes\[0\]\.children\[0\]: expected a decimal child id, got number 7/);
  expect(formatErrorOf(() => importTree(full([wire('1', [], { state: { checked: 'yes' } })]))).message).toMatch(/nodes\[0\]\.state\.checked: expected checked, unchecked, mixed or null/);
  expect(formatErrorOf(() => importTree(JSON.stringify({ kind: 'full', generation: 5, root: '1', nodes: [] }))).message).toMatch(/generation: expected a decimal string, got number 5/);
});

test('a 60,000-deep chain links iteratively', () => {
  const depth = 60_000;
  const nodes = [];
  for (let i = 1; i <= depth; i++) nodes.push({ node_id: String(i), role: 'group', frame: { x: 0, y: 0, width: 1, height: 1 }, children: i < depth ? [String(i + 1)] : [] });
  const s = importTree(JSON.stringify({ kind: 'full', generation: '1', root: '1', focused: null, nodes, issues: [] }));
  expect(countNodes(s)).toBe(depth);
});

test('a modal node becomes a touch-modal root on top, and deltas still apply across it', () => {
  const modalState = { ...STATE, modal: true };
  const s = importMoui(full([
    wire('1', ['2', '3', '5']),
    wire('2', [], { label: 'Wi-Fi', role: 'switch', actions: ['activate'] }),
    wire('3', ['4'], { role: 'dialog', state: modalState, label: 'Sign out?' }),
    wire('4', [], { label: 'Cancel', role: 'button', actions: ['activate'] }),
    wire('5', [], { label: 'After' }),
  ]), { capturedAt: AT });
  expect(s.roots.map((r) => [r.rootId, r.touchModal])).toEqual([['moui', false], ['moui-modal-3', true]]);
  expect(s.roots[0]!.node.children.map((c) => c.id)).toEqual(['2', '5']);
  expect(s.roots[1]!.node.children.map((c) => c.id)).toEqual(['4']);
  const next = applyMouiDelta(s, { kind: 'delta', from: s.generation, to: String(Number(s.generation) + 1), root: '1', focused: null, upserted: [wire('5', [], { label: 'Changed' })], removed: [], issues: [] });
  expect(next.roots.map((r) => r.rootId)).toEqual(['moui', 'moui-modal-3']);
  expect(next.roots[0]!.node.children.map((c) => [c.id, c.text])).toEqual([['2', 'Wi-Fi'], ['5', 'Changed']]);
  const closed = applyMouiDelta(next, { kind: 'delta', from: next.generation, to: String(Number(next.generation) + 1), root: '1', focused: null, upserted: [wire('1', ['2', '5'])], removed: ['3', '4'], issues: [] });
  expect(closed.roots.map((r) => r.rootId)).toEqual(['moui']);
});

test('applyMouiDelta: focus moves; the node focused before does not stay focused', () => {
  const nodes = [wire('1', ['2', '3']), wire('2', [], { label: 'Name', actions: ['focus'] }), wire('3', [], { label: 'Email', actions: ['focus'] }), wire('4', [], { label: 'Own' })];
  nodes[0]!.children = ['2', '3', '4'];
  const prev = importMoui(full(nodes, '1', { focused: '2' }), { capturedAt: AT });
  expect([nodeById(prev, '2').focused, nodeById(prev, '3').focused]).toEqual([true, false]);
  const delta = (from: string, to: string, focused: string | null, upserted: unknown[] = []) => ({ kind: 'delta', from, to, root: '1', focused, upserted, removed: [], issues: [] });
  // The read's `focused` id moves from 2 to 3; neither node is upserted.
  const moved = applyMouiDelta(prev, delta('5', '6', '3'));
  expect([nodeById(moved, '2').focused, nodeById(moved, '3').focused]).toEqual([false, true]);
  expect(nodeById(moved, '2').focusable).toBe(true); // it still offers focus
  // An upserted node's own state says focused (no read-level id): that node alone is focused.
  const own = applyMouiDelta(moved, delta('6', '7', null, [wire('4', [], { label: 'Own', state: { focused: true } })]));
  expect(['2', '3', '4'].map((id) => nodeById(own, id).focused)).toEqual([false, false, true]);
  // Focus leaves node 4 (its state is not re-sent): cleared, and with no focus action it is not focusable.
  const none = applyMouiDelta(own, delta('7', '8', null));
  expect(['2', '3', '4'].map((id) => [nodeById(none, id).focused, nodeById(none, id).focusable])).toEqual([[false, true], [false, true], [false, false]]);
});

test('modals: nested dialogs are lifted in document order, and 20,000 nested modal nodes do not overflow', () => {
  const modal = { state: { modal: true } };
  // 1 ─ 2 (modal) ─ 3 (modal) ; 1 ─ 4 (modal): z-order is 2, then 3 inside it, then 4.
  const s = importMoui(full([wire('1', ['2', '4']), wire('2', ['3'], modal), wire('3', [], modal), wire('4', [], modal)]), { capturedAt: AT });
  expect(s.roots.map((r) => r.rootId)).toEqual(['moui', 'moui-modal-2', 'moui-modal-3', 'moui-modal-4']);

  const depth = 20_000;
  const nodes = [wire('1', ['2'])];
  for (let i = 2; i <= depth; i++) nodes.push(wire(String(i), i < depth ? [String(i + 1)] : [], modal));
  const deep = importMoui(full(nodes), { capturedAt: AT });
  expect(deep.roots.length).toBe(depth);
  expect(deep.roots.at(-1)!.rootId).toBe(`moui-modal-${depth}`);
  expect(countNodes(deep)).toBe(depth);
  // A delta over it puts the lifted dialogs back and lifts them again.
  const next = applyMouiDelta(deep, { kind: 'delta', from: '5', to: '6', root: '1', focused: null, upserted: [], removed: [], issues: [] });
  expect(next.roots.length).toBe(depth);
});
