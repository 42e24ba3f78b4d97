import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import type { Node, Snapshot } from '../../src/model/schema.js';

/*
 * The WebDriverAgent and idb readers build each node as they meet its element, in document order;
 * the snapshot then splits the windows off as roots. Pinned here: ids root by root (the application's
 * own children first, even those listed after a window), a hidden application hiding its own
 * children but not its windows, root labels, and touch-modal windows.
 */

const el = (type: string, extra: Record<string, unknown>, children: unknown[] = []) => ({ type, rect: { x: 0, y: 0, width: 10, height: 10 }, ...extra, children });

/** Each root as one line: its nodes in pre-order, `id:type`, `(hidden)` when not visible. */
function outline(s: Snapshot) {
  return s.roots.map((r) => {
    const out: string[] = [];
    const stack: Node[] = [r.node];
    while (stack.length) {
      const n = stack.pop()!;
      out.push(`${n.id}:${(n.rawRole ?? '').replace('XCUIElementType', '')}${n.visible ? '' : '(hidden)'}`);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
    return { rootId: r.rootId, label: r.label, touchModal: r.touchModal, nodes: out.join(' ') };
  });
}

test('WebDriverAgent JSON: windows are roots after the application, numbered root by root', () => {
  const wda = { value: el('XCUIElementTypeApplication', { name: 'App', label: 'App', isVisible: '0' }, [
    el('XCUIElementTypeWindow', { name: 'main', isVisible: '1' }, [el('XCUIElementTypeButton', { label: 'OK' })]),
    el('XCUIElementTypeOther', { label: 'status bar' }, [el('XCUIElementTypeStaticText', { label: '9:41' })]),
    el('XCUIElementTypeWindow', { label: 'Alert window' }, [el('XCUIElementTypeOther', {}, [el('XCUIElementTypeAlert', { label: 'Allow?' })])]),
    el('XCUIElementTypeWindow', { isVisible: '0' }, [el('XCUIElementTypeAlert', { label: 'Hidden' })]),
  ]) };
  expect(outline(importTree(JSON.stringify(wda)))).toEqual([
    { rootId: 'app', label: 'App', touchModal: false, nodes: '0:Application(hidden) 1:Other(hidden) 2:StaticText(hidden)' },
    { rootId: 'window-0', label: 'main', touchModal: false, nodes: '3:Window 4:Button' },
    { rootId: 'window-1', label: 'Alert window', touchModal: true, nodes: '5:Window 6:Other 7:Alert' },
    { rootId: 'window-2', label: 'XCUIElementTypeWindow', touchModal: false, nodes: '8:Window(hidden) 9:Alert(hidden)' },
  ]);
});

test('idb flat list: the first element holds the rest, its windows become roots', () => {
  const frame = { x: 0, y: 0, width: 10, height: 10 };
  const idb = [
    { type: 'Application', AXLabel: 'App', frame },
    { type: 'Button', AXLabel: 'Menu', frame },
    { type: 'Window', AXUniqueId: 'w', frame },
    { type: 'StaticText', AXLabel: 'Title', frame },
  ];
  const s = importTree(JSON.stringify(idb));
  expect(outline(s)).toEqual([
    { rootId: 'app', label: 'App', touchModal: false, nodes: '0:Application 1:Button 2:StaticText' },
    { rootId: 'window-0', label: 'w', touchModal: false, nodes: '3:Window' },
  ]);
  expect(s.warnings.map((w) => w.code)).toEqual(['flat-hierarchy']);
});

test('actions are what the element says, in a fixed order, one frozen list per combination shared by the nodes that have it', () => {
  const wda = { value: el('XCUIElementTypeApplication', { name: 'App' }, [
    el('XCUIElementTypeButton', { label: 'A' }), el('XCUIElementTypeButton', { label: 'B' }),
    el('XCUIElementTypeTextField', { label: 'Name' }), el('XCUIElementTypeScrollView', {}), el('XCUIElementTypeStaticText', { label: 'T' }),
  ]) };
  const [a, b, field, scroller, text] = importTree(JSON.stringify(wda)).roots[0]!.node.children;
  expect([a, b, field, scroller, text].map((n) => n!.actions)).toEqual([['Click'], ['Click'], ['SetText'], ['ScrollBy'], []]);
  expect(a!.actions).toBe(b!.actions);
  expect(Object.isFrozen(a!.actions)).toBe(true);
  expect(() => (a!.actions as string[]).push('LongClick')).toThrow(TypeError);
  expect(b!.actions).toEqual(['Click']);
});
