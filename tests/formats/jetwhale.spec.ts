import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { importTree, detectFormat } from '../../src/formats/index.js';
import { importJetWhale, jetwhaleAddress } from '../../src/formats/jetwhale.js';
import { countNodes } from '../../src/model/node.js';
import { formatErrorOf, nodeById } from '../helpers/expect-error.js';

const SETTINGS = readFileSync(new URL('../../fixtures/trees/jetwhale-settings.json', import.meta.url), 'utf8');
const AT = '2026-01-01T00:00:00.000Z';

/** A minimal getNodeTree answer with one root around `node`. */
const oneRoot = (node: unknown, root: Record<string, unknown> = {}) => JSON.stringify({ roots: [{ rootId: 'r1', label: 'Main', density: 2, windowOffset: { x: 0, y: 0 }, node, ...root }] });
const box = { left: 0, top: 0, right: 100, bottom: 50 };

test('imports the settings capture: one root per window, JetWhale ids, screen bounds', () => {
  const s = importTree(SETTINGS, { where: 'settings.json' });
  expect(detectFormat(SETTINGS)).toBe('jetwhale');
  expect(s.source).toBe('settings.json (jetwhale merged)');
  expect(s.capturedAt).toBe('2026-01-01T00:00:00.123Z');
  expect(s.roots.map(({ node: _n, ...r }) => r)).toEqual([
    { rootId: 'compose-root-1f2e', label: 'MainActivity', unit: 'px', density: 2.625, windowOffset: { x: 0, y: 0 }, touchModal: false },
    { rootId: 'compose-root-7a31', label: 'Dialog', unit: 'px', density: 2.625, windowOffset: { x: 90, y: 900 }, touchModal: false },
  ]);
  expect(countNodes(s)).toBe(22);
  expect(s.roots[1]!.node.children.map((c) => c.id)).toEqual(['1202', '1203', '1204']);

  expect(nodeById(s, '3')).toMatchObject({ kind: 'compose', role: 'Button', contentDescription: 'Navigate up', clickable: true, actions: ['Click'], bounds: { x: 24, y: 64, width: 112, height: 112 } });
  expect(nodeById(s, '400')).toMatchObject({ role: 'Switch', tag: 'wifi-switch', toggle: 'on' });
  expect(nodeById(s, '401').toggle).toBe('off');
  expect(nodeById(s, '5')).toMatchObject({ tag: 'settings-list', scrollable: true, actions: ['ScrollBy', 'ScrollToIndex'] });
  expect(nodeById(s, '6')).toMatchObject({ editable: true, editableText: 'Ada Lovelace', text: 'Display name', focusable: true, actions: ['Click', 'SetText', 'InsertText', 'ImeAction', 'RequestFocus'] });
  expect(nodeById(s, '9')).toMatchObject({ enabled: false, clickable: true });
  // Derived analysis (tap, operable) is not stored; the unit went to the root.
  expect(nodeById(s, '9').platform).toEqual({});
  expect(nodeById(s, '1203')).toMatchObject({ tag: 'dialog-cancel', text: 'Cancel', bounds: { x: 430, y: 1360, width: 230, height: 110 } });
  expect(nodeById(s, '1201').actions).toEqual(['Dismiss']);
});

test('Android View nodes: negative ids, resourceId as tag, class as raw role', () => {
  const s = importTree(SETTINGS);
  expect(nodeById(s, '-4')).toMatchObject({ kind: 'view', tag: 'status', rawRole: 'android.widget.TextView', role: 'Text', text: 'Synced 2 min ago' });
  const submit = nodeById(s, '-5');
  expect(submit).toMatchObject({ kind: 'view', tag: 'submit', role: 'Button', clickable: true, longClickable: true, actions: ['Click', 'LongClick'] });
  expect(submit.platform).toEqual({ viewClass: 'com.google.android.material.button.MaterialButton', resourceId: 'submit' });
});

test('the agent protocol spelling reads the same: type discriminator, is-flags, boundsInScreen, window offset fields', () => {
  const node = {
    type: 'compose', id: 1, bounds: box, boundsInScreen: { left: 10, top: 20, right: 110, bottom: 70 }, isClickable: true, isEnabled: false,
    actions: ['OnClick', 'SetTextSubstitution', 'GetTextLayoutResult'], role: 'Tab', toggleableState: 'Indeterminate', isSelected: true,
    children: [{ type: 'view', id: -2, viewClass: 'android.widget.EditText', resourceId: 'name', bounds: box, boundsInScreen: box, isEditable: true, editableText: 'x', children: [] }],
  };
  const s = importTree(JSON.stringify({ capturedAtMs: 0, roots: [{ rootId: 'w', label: 'W', density: 3, windowOffsetX: 10, windowOffsetY: 20, isTouchModal: true, node }] }));
  const root = s.roots[0]!;
  expect(root).toMatchObject({ windowOffset: { x: 10, y: 20 }, touchModal: true, density: 3, unit: 'px' });
  expect(root.node).toMatchObject({ bounds: { x: 10, y: 20, width: 100, height: 50 }, clickable: true, enabled: false, selected: true, role: 'Tab', toggle: 'indeterminate', actions: ['Click', 'SetText'] });
  expect(root.node.platform).toEqual({ rawActions: ['GetTextLayoutResult'] });
  expect(root.node.children[0]).toMatchObject({ kind: 'view', role: 'TextField', tag: 'name', editable: true, editableText: 'x' });
});

test('iOS roots are in points at density 1; traits and accessibility fields map onto the model', () => {
  const node = {
    id: -1, kind: 'Apple', unit: 'pt', className: 'UIWindow', bounds: { left: 0, top: 0, right: 390, bottom: 844 },
    children: [
      { id: -2, kind: 'Apple', unit: 'pt', className: 'SwiftUI.AccessibilityNode', accessibilityIdentifier: 'save', traits: ['Button', 'Selected'], text: 'Save', bounds: box, actions: ['Click'], clickable: true },
      { id: -3, kind: 'Apple', unit: 'pt', className: 'UISwitch', accessibilityValue: '1', traits: ['ToggleButton', 'Button'], bounds: box },
      { id: -4, kind: 'Apple', unit: 'pt', className: 'AccessibilityElement', traits: ['Header', 'NotEnabled'], text: 'Profile', bounds: box },
      { id: -5, kind: 'Apple', unit: 'pt', className: 'UISecureTextField', accessibilityIdentifier: 'password', editable: true, editableText: 'hunter2', accessibilityValue: 'hunter2', bounds: box },
    ],
  };
  const s = importTree(JSON.stringify({ roots: [{ rootId: 'ios-window-1', label: 'UIWindow', density: 3, windowOffset: { x: 0, y: 0 }, node }] }));
  const root = s.roots[0]!;
  expect(root).toMatchObject({ unit: 'pt', density: 1 });
  const [save, toggle, header, secret] = root.node.children;
  expect(save).toMatchObject({ kind: 'apple', tag: 'save', role: 'Button', selected: true, rawRole: 'SwiftUI.AccessibilityNode' });
  expect(save!.platform).toEqual({ className: 'SwiftUI.AccessibilityNode', traits: ['Button', 'Selected'] });
  expect(toggle).toMatchObject({ role: 'Switch', toggle: 'on', value: '1' });
  expect(header).toMatchObject({ heading: true, role: 'Heading', enabled: false });
  // A secure field keeps its place and label, never its contents.
  expect(secret).toMatchObject({ role: 'TextField', password: true, editable: true, editableText: null, value: null, tag: 'password' });
});

test('an explicit password flag drops the contents on any node type', () => {
  const s = importTree(oneRoot({ id: 1, bounds: box, password: true, editable: true, editableText: '1234', text: 'PIN' }));
  expect(s.roots[0]!.node).toMatchObject({ password: true, editableText: null, text: 'PIN' });
});

test('an unknown node type fails to decode, naming the path and the known types', () => {
  const e = formatErrorOf(() => importTree(oneRoot({ id: 1, bounds: box, children: [{ id: 2, type: 'flutter', bounds: box }] }), { where: 'cap.json' }));
  expect(e.code).toBe('format_error');
  expect(e.message).toMatch(/^cap\.json: roots\[0\]\.node\.children\[0\]\.type: unknown node type "flutter"; expected compose, view, apple/);
  expect(formatErrorOf(() => importTree(oneRoot({ id: 1, kind: 'Web', bounds: box }))).message).toMatch(/node\.kind: unknown node type "Web"/);
});

test('ids: a repeat inside a root is an error; across roots the later one is qualified with its rootId', () => {
  const dup = formatErrorOf(() => importTree(oneRoot({ id: 1, bounds: box, children: [{ id: 5, bounds: box }, { id: 5, bounds: box }] })));
  expect(dup.message).toMatch(/roots\[0\]\.node\.children\[1\]: duplicate node id 5 in root "r1" \(first used at roots\[0\]\.node\.children\[0\]\)/);

  const text = JSON.stringify({
    roots: [
      { rootId: 'main', label: 'Main', density: 2, windowOffset: { x: 0, y: 0 }, node: { id: 1, bounds: box, children: [{ id: 5, bounds: box }] } },
      { rootId: 'popup', label: 'Popup', density: 2, windowOffset: { x: 0, y: 0 }, node: { id: 7, bounds: box, children: [{ id: 5, bounds: box }] } },
    ],
  });
  const s = importTree(text);
  const popupChild = s.roots[1]!.node.children[0]!;
  expect(popupChild.id).toBe('popup:5');
  expect(popupChild.platform).toEqual({ jetwhaleId: 5 });
  expect(s.roots[0]!.node.children[0]!.id).toBe('5');
  expect(s.warnings).toEqual([{ code: 'node-id-shared', message: 'node id 5 is used in roots "main" and "popup"; the one in "popup" is addressed as popup:5' }]);
  expect(jetwhaleAddress(s.roots[1]!, popupChild)).toEqual({ rootId: 'popup', nodeId: 5 });
  expect(jetwhaleAddress(s.roots[0]!, s.roots[0]!.node.children[0]!)).toEqual({ rootId: 'main', nodeId: 5 });
});

test('MCP envelopes around the answer are unwrapped', () => {
  const plain = importTree(SETTINGS, { capturedAt: AT });
  const wrapped = [
    JSON.stringify({ value: JSON.parse(SETTINGS) }),
    JSON.stringify({ content: [{ type: 'text', text: SETTINGS }] }),
    JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: SETTINGS }], isError: false } }),
  ];
  for (const text of wrapped) {
    expect(detectFormat(text)).toBe('jetwhale');
    expect(importTree(text, { capturedAt: AT })).toEqual(plain);
  }
  const toolError = JSON.stringify({ content: [{ type: 'text', text: 'unknown rootId: nope' }], isError: true });
  expect(formatErrorOf(() => importTree(toolError)).message).toMatch(/the MCP tool reported an error: unknown rootId: nope/);
});

test('a root with no content yet is left out with a warning; warnings of the capture are kept', () => {
  const s = importJetWhale(JSON.stringify({
    warnings: ['root popup-9 detached during capture'],
    roots: [
      { rootId: 'empty', label: 'Splash', density: 2, windowOffset: { x: 0, y: 0 }, node: null },
      { rootId: 'main', label: 'Main', density: 2, windowOffset: { x: 0, y: 0 }, node: { id: 1, bounds: box } },
    ],
  }));
  expect(s.roots.map((r) => r.rootId)).toEqual(['main']);
  expect(s.warnings).toEqual([
    { code: 'source-warning', message: 'root popup-9 detached during capture' },
    { code: 'root-without-content', message: 'root "empty" (Splash) has no content yet and was not imported' },
  ]);
});

test('root and node shape errors name what is wrong', () => {
  expect(formatErrorOf(() => importTree(JSON.stringify({ roots: [{ rootId: 'r', label: 'x', node: { id: 1, bounds: box } }] }))).message).toMatch(/roots\[0\]\.density: is missing/);
  expect(formatErrorOf(() => importTree(oneRoot({ id: 1, bounds: { left: 10, top: 0, right: 5, bottom: 5 } }))).message).toMatch(/node\.bounds\.right: right \(5\) is left of left \(10\): a negative width/);
  expect(formatErrorOf(() => importTree(oneRoot({ id: 1.5, bounds: box }))).message).toMatch(/node\.id: expected an integer id, got number 1\.5/);
  expect(formatErrorOf(() => importTree(oneRoot({ id: 1 }))).message).toMatch(/node\.bounds: is missing/);
  expect(formatErrorOf(() => importTree(oneRoot({ id: 1, bounds: box, unit: 'em' }))).message).toMatch(/node\.unit: unknown unit "em"/);
  expect(formatErrorOf(() => importTree(JSON.stringify({ roots: {} }))).message).toMatch(/roots: expected an array, got an object/);
});
