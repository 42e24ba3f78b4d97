import { test, expect } from '@playwright/test';
import { LOCATOR_ACTIONS, ACTION_KINDS, actionArgs, type LocatorAction, type TableAction } from '../../src/query/action.js';
import { Locator } from '../../src/query/locator.js';
import { actionCall, chooseRoute } from '../../src/devices/actions.js';
import { capabilitiesOf, type Driver } from '../../src/devices/driver.js';
import { performActionTool } from '../../agents/tools/perform-action.js';
import { n, r } from '../helpers/build.js';

test('the MCP perform_action tool offers exactly the registered actions, plus back', () => {
  const shape = performActionTool.input.shape.action;
  expect(shape.options).toEqual([...ACTION_KINDS, 'back']);
  for (const k of ACTION_KINDS) expect(performActionTool.description).toContain(k);
});

test('the Locator has a method per registered action, taking its arguments in order', () => {
  for (const k of ACTION_KINDS) expect(typeof (Locator.prototype as unknown as Record<string, unknown>)[k]).toBe('function');
  const calls: LocatorAction[] = [];
  const host = { snapshot: async () => { throw new Error('unused'); }, act: async (_s: unknown, a: LocatorAction) => { calls.push(a); return {} as never; } };
  const loc = new Locator(host, [{ kind: 'tag', tag: 'x' }]);
  const sample: Record<string, Array<string | number | boolean>> = { text: ['ada'], dx: [0, 5], index: [3], key: ['Tab'], checked: [true], option: ['fr'] };
  for (const k of ACTION_KINDS) {
    const args = LOCATOR_ACTIONS[k].args.length ? (LOCATOR_ACTIONS[k].args[0] === 'dx' ? sample.dx! : sample[LOCATOR_ACTIONS[k].args[0]!]!) : [];
    void (loc[k] as (...a: unknown[]) => Promise<unknown>)(...args);
    const a = calls.at(-1)!;
    expect(a.kind).toBe(k);
    expect(actionArgs(a as TableAction)).toEqual(args);
  }
  expect(actionCall([{ kind: 'tag', tag: 'x' }], { kind: 'scrollBy', dx: 0, dy: 5 })).toBe("byTag('x').scrollBy(0, 5)");
  expect(actionCall([{ kind: 'tag', tag: 'x' }], { kind: 'fill', text: "it's" })).toBe("byTag('x').fill('it\\'s')");
});

function driver(methods: Partial<Driver>): Driver {
  return { kind: 'test', description: 'test:d', capture: async () => { throw new Error('unused'); }, close: async () => {}, ...methods } as Driver;
}
const noop = async () => {};

test('capabilities come from the methods a driver implements: a driver with back() has navigation', () => {
  // MouiDriver once said navigation: false while implementing back().
  const moui = capabilitiesOf(driver({ perform: async () => ({ performed: true }), back: noop, live: true }));
  expect(moui).toEqual({ semanticActions: true, taps: false, swipes: false, typing: false, screenshot: false, navigation: true, designSystem: false, live: true });
  // Typing needs both keyboard methods; a file driver can do nothing.
  expect(capabilitiesOf(driver({ typeText: noop })).typing).toBe(false);
  expect(capabilitiesOf(driver({ typeText: noop, pressKey: noop })).typing).toBe(true);
  expect(Object.values(capabilitiesOf(driver({}))).every((v) => v === false)).toBe(true);
});

test('routes follow the same capabilities: semantic when the node offers it, else the registered fallback', () => {
  const button = n({ role: 'Button', clickable: true, actions: ['Click'], bounds: r(0, 0, 10, 10) });
  const field = n({ editable: true, bounds: r(0, 0, 10, 10) });
  const list = n({ scrollable: true, actions: ['ScrollBy'], bounds: r(0, 0, 10, 10) });
  const semantic = driver({ perform: async () => ({ performed: true }) });
  const taps = driver({ tap: noop });
  const keys = driver({ tap: noop, typeText: noop, pressKey: noop });
  expect(chooseRoute(semantic, button, { kind: 'click' })).toEqual({ route: 'semantic' });
  expect(chooseRoute(taps, button, { kind: 'click' })).toEqual({ route: 'tap' });
  expect(chooseRoute(semantic, button, { kind: 'tap' })).toEqual({ unavailable: 'test:d cannot deliver taps' });
  expect(chooseRoute(keys, field, { kind: 'fill', text: 'x' })).toEqual({ route: 'keys' });
  expect(chooseRoute(taps, field, { kind: 'fill', text: 'x' })).toEqual({ unavailable: 'test:d can neither set text semantically nor type' });
  expect(chooseRoute(keys, button, { kind: 'clear' })).toMatchObject({ unavailable: 'the node is not editable' });
  expect(chooseRoute(taps, list, { kind: 'scrollBy', dx: 0, dy: 1 })).toEqual({ unavailable: 'test:d has no ScrollBy and cannot swipe' });
  expect(chooseRoute(semantic, list, { kind: 'scrollToIndex', index: 4 })).toEqual({ route: 'scroll-steps' });
  expect(chooseRoute(taps, list, { kind: 'scrollToIndex', index: 4 })).toEqual({ unavailable: "scrollToIndex needs the node's own ScrollToIndex (or ScrollBy) semantics action, which test:d cannot invoke" });
  expect(chooseRoute(semantic, button, { kind: 'expand' })).toEqual({ unavailable: "expand needs the node's own Expand semantics action, which this node does not offer" });
});
