import { test, expect } from '@playwright/test';
import { n, r, root, snap, deviceOf } from '../helpers/build.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { TargetError } from '../../src/errors.js';

// A small settings-like screen: a list of rows, each a clickable row with a label and a switch.
function screen() {
  return snap(root(n({ id: '1', bounds: r(0, 0, 1080, 2400) }, [
    n({ id: '2', role: 'Heading', text: 'Settings', heading: true, bounds: r(0, 0, 1080, 100) }),
    n({ id: '3', tag: 'settings_list', role: 'List', scrollable: true, actions: ['ScrollBy'], bounds: r(0, 100, 1080, 2000) }, [
      n({ id: '4', role: 'Switch', toggle: 'on', clickable: true, actions: ['Click'], bounds: r(0, 100, 1080, 150) }, [
        n({ id: '5', text: 'Wi-Fi', bounds: r(20, 120, 400, 60) }),
      ]),
      n({ id: '6', role: 'Switch', toggle: 'off', clickable: true, actions: ['Click'], bounds: r(0, 250, 1080, 150) }, [
        n({ id: '7', text: 'Bluetooth   devices', bounds: r(20, 270, 400, 60) }),
      ]),
      n({ id: '8', role: 'Switch', toggle: 'off', enabled: false, clickable: true, actions: ['Click'], bounds: r(0, 400, 1080, 150) }, [
        n({ id: '9', text: 'Airplane mode', bounds: r(20, 420, 400, 60) }),
      ]),
      n({ id: '10', role: 'Button', contentDescription: 'Sign out', clickable: true, actions: ['Click'], bounds: r(0, 550, 1080, 150) }, [
        n({ id: '11', text: 'Leave', bounds: r(20, 570, 400, 60) }),
      ]),
      n({ id: '12', role: 'Button', text: 'Hidden', visible: false, clickable: true, actions: ['Click'], bounds: r(0, 0, 0, 0) }),
    ]),
    n({ id: '13', tag: 'email', role: 'TextField', editable: true, editableText: 'ada@example.com', actions: ['SetText'], bounds: r(0, 2100, 1080, 100) }),
  ])));
}

const ids = (s: ReturnType<typeof screen>, sel: Parameters<typeof resolveSelector>[1]) => resolveSelector(s, sel).map((x) => x.id);

test.describe('resolveSelector', () => {
  const s = screen();

  test('byTag and byId match whole identifiers only', () => {
    expect(ids(s, [{ kind: 'tag', tag: 'settings_list' }])).toEqual(['3']);
    expect(ids(s, [{ kind: 'tag', tag: 'settings' }])).toEqual([]);
    expect(ids(s, [{ kind: 'id', id: '1' }])).toEqual(['1']);
  });

  test('byRole leaves out invisible nodes unless includeHidden, and honours checked/disabled', () => {
    expect(ids(s, [{ kind: 'role', role: 'Button', options: {} }])).toEqual(['10']);
    expect(ids(s, [{ kind: 'role', role: 'Button', options: { includeHidden: true } }])).toEqual(['10', '12']);
    expect(ids(s, [{ kind: 'role', role: 'switch', options: { checked: false } }])).toEqual(['6', '8']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: { disabled: true } }])).toEqual(['8']);
  });

  test('byRole name: merged descendant text, case-insensitive substring, exact, regex; description wins', () => {
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: { name: 'wi-fi' } }])).toEqual(['4']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: { name: 'Bluetooth devices', exact: true } }])).toEqual(['6']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: { name: 'bluetooth devices', exact: true } }])).toEqual([]);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: { name: /^(Wi|Air)/ } }])).toEqual(['4', '8']);
    expect(ids(s, [{ kind: 'role', role: 'Button', options: { name: 'Sign out' } }])).toEqual(['10']);
  });

  test('byText matches text and editable text with normalised whitespace', () => {
    expect(ids(s, [{ kind: 'text', text: 'bluetooth devices', exact: false }])).toEqual(['7']);
    expect(ids(s, [{ kind: 'text', text: 'ada@', exact: false }])).toEqual(['13']);
    expect(ids(s, [{ kind: 'text', text: 'Wi-Fi', exact: true }])).toEqual(['5']);
    expect(ids(s, [{ kind: 'desc', text: 'sign', exact: false }])).toEqual(['10']);
  });

  test('chaining searches strict descendants; nth/first/last pick from the matches', () => {
    expect(ids(s, [{ kind: 'tag', tag: 'settings_list' }, { kind: 'role', role: 'Switch', options: {} }])).toEqual(['4', '6', '8']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: {} }, { kind: 'text', text: 'Wi', exact: false }])).toEqual(['5']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: {} }, { kind: 'nth', index: 1 }])).toEqual(['6']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: {} }, { kind: 'nth', index: -1 }])).toEqual(['8']);
    expect(ids(s, [{ kind: 'role', role: 'Switch', options: {} }, { kind: 'nth', index: 7 }])).toEqual([]);
    // Nested context nodes are not searched twice.
    expect(ids(s, [{ kind: 'id', id: '1' }, { kind: 'id', id: '3' }, { kind: 'text', text: 'Wi-Fi', exact: false }])).toEqual(['5']);
  });

  test('filter: hasText, hasNotText, has, hasNot, visible', () => {
    const sw = { kind: 'role', role: 'Switch', options: {} } as const;
    expect(ids(s, [sw, { kind: 'filter', options: { hasText: 'Airplane' } }])).toEqual(['8']);
    expect(ids(s, [sw, { kind: 'filter', options: { hasNotText: /Wi|Blue/ } }])).toEqual(['8']);
    expect(ids(s, [{ kind: 'role', role: 'List', options: {} }, { kind: 'filter', options: { has: [{ kind: 'text', text: 'Leave', exact: true }] } }])).toEqual(['3']);
    expect(ids(s, [sw, { kind: 'filter', options: { hasNot: [{ kind: 'text', text: 'Wi-Fi', exact: true }] } }])).toEqual(['6', '8']);
    expect(ids(s, [{ kind: 'text', text: 'Hidden', exact: false }, { kind: 'filter', options: { visible: false } }])).toEqual(['12']);
  });
});

test.describe('Locator', () => {
  test('is lazy: each use resolves against a fresh capture', async () => {
    const before = screen();
    const after = snap(root(n({ id: '1', bounds: r(0, 0, 10, 10) })));
    const device = deviceOf(before, after);
    const switches = device.byRole('Switch');
    expect(await switches.count()).toBe(3);
    expect(await switches.count()).toBe(0);
  });

  test('prints itself as code', () => {
    const device = deviceOf(screen());
    expect(device.byRole('Button', { name: 'Send' }).toCode()).toBe("byRole('Button', { name: 'Send' })");
    expect(device.byTag('feed').byText(/Item \d+/).filter({ has: device.byRole('Switch'), visible: true }).nth(2).toCode())
      .toBe("byTag('feed').byText(/Item \\d+/).filter({ has: byRole('Switch'), visible: true }).nth(2)");
    expect(device.byDesc("it's", { exact: true }).first().toCode()).toBe("byDesc('it\\'s', { exact: true }).first()");
    expect(String(device.byId(42).last())).toBe("byId('42').last()");
  });

  test('all() gives one locator per match', async () => {
    const device = deviceOf(screen());
    const all = await device.byRole('Switch').all();
    expect(all.map((l) => l.toCode())).toEqual(["byRole('Switch').first()", "byRole('Switch').nth(1)", "byRole('Switch').nth(2)"]);
  });

  test('strict mode: one() on several matches lists the candidates as outline lines', async () => {
    const device = deviceOf(screen());
    const err = await device.byRole('Switch').one().catch((e) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect(err.code).toBe('target_ambiguous');
    expect(err.message).toContain("strict mode violation: byRole('Switch') resolved to 3 nodes:");
    expect(err.message).toMatch(/1\) Switch #4 .*toggle=on/);
    expect(err.message).toMatch(/3\) Switch #8 .*disabled/);
  });

  test('strict mode lists at most 10 candidates', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => n({ id: String(100 + i), role: 'Button', text: `B${i}`, clickable: true, bounds: r(0, i * 10, 10, 10) }));
    const device = deviceOf(snap(root(n({ id: '1', bounds: r(0, 0, 100, 200) }, rows))));
    const err = await device.byRole('Button').one().catch((e) => e);
    expect(err.message.split('\n').filter((l: string) => /^\s+\d+\) /.test(l))).toHaveLength(10);
    expect(err.message).toContain('…and 4 more');
  });

  test('one() on no match is target_not_found naming the locator', async () => {
    const err = await deviceOf(screen()).byTag('nope').one().catch((e) => e);
    expect(err.code).toBe('target_not_found');
    expect(err.message).toContain("byTag('nope') resolved to no node");
  });

  test('filter({ operable }) uses reachability', async () => {
    const device = deviceOf(screen());
    expect((await device.byRole('Switch').filter({ operable: true }).resolve()).nodes.map((x) => x.id)).toEqual(['4', '6']);
  });
});

test.describe('filter({ has }) with nth in the inner locator', () => {
  // Two lists, each with two buttons; a third list with one.
  const lists = () => snap(root(n({ id: 'top', bounds: r(0, 0, 100, 100) }, [
    n({ id: 'L1', role: 'List', bounds: r(0, 0, 100, 30) }, [
      n({ id: 'a1', role: 'Button', text: 'One', bounds: r(0, 0, 10, 10) }),
      n({ id: 'a2', role: 'Button', text: 'Two', bounds: r(0, 10, 10, 10) }),
    ]),
    n({ id: 'L2', role: 'List', bounds: r(0, 30, 100, 30) }, [
      n({ id: 'b1', role: 'Button', text: 'Three', bounds: r(0, 30, 10, 10) }),
      n({ id: 'b2', role: 'Button', text: 'Four', bounds: r(0, 40, 10, 10) }),
    ]),
    n({ id: 'L3', role: 'List', bounds: r(0, 60, 100, 30) }, [
      n({ id: 'c1', role: 'Button', text: 'Five', bounds: r(0, 60, 10, 10) }),
    ]),
  ])));

  test('nth / first / last pick among the matches inside each candidate, as in Playwright', async () => {
    const device = deviceOf(lists());
    const idsOf = async (l: ReturnType<typeof device.byRole>) => (await l.resolve()).nodes.map((x) => x.id);
    expect(await idsOf(device.byRole('List').filter({ has: device.byRole('Button').nth(1) }))).toEqual(['L1', 'L2']);
    expect(await idsOf(device.byRole('List').filter({ has: device.byRole('Button').first() }))).toEqual(['L1', 'L2', 'L3']);
    expect(await idsOf(device.byRole('List').filter({ has: device.byRole('Button').last().filter({ hasText: 'Four' }) }))).toEqual(['L2']);
    expect(await idsOf(device.byRole('List').filter({ hasNot: device.byRole('Button').nth(1) }))).toEqual(['L3']);
    // Scoped to strict descendants: a list is not its own match.
    expect(await idsOf(device.byRole('List').filter({ has: device.byRole('List').first() }))).toEqual([]);
    // Without nth the fast global path gives the same answers.
    expect(await idsOf(device.byRole('List').filter({ has: device.byText('Five') }))).toEqual(['L3']);
  });
});

test.describe('locator arguments', () => {
  function invalid(f: () => unknown): TargetError {
    try { f(); } catch (e) { expect(e).toBeInstanceOf(TargetError); expect((e as TargetError).code).toBe('invalid_arguments'); return e as TargetError; }
    throw new Error('expected a TargetError');
  }
  const device = deviceOf(screen());
  const any = (x: unknown) => x as never;

  test('bad arguments throw invalid_arguments naming the call and the value', () => {
    expect(invalid(() => device.byText(any(undefined))).message).toContain('byText(undefined): the text must be a string or a RegExp, got undefined');
    expect(invalid(() => device.byDesc(any(42))).message).toContain('byDesc(42): the text must be a string or a RegExp');
    expect(invalid(() => device.byRole(any(undefined))).message).toContain('byRole(undefined): the role must be a non-empty string, got undefined');
    expect(invalid(() => device.byTag('')).message).toContain('byTag(""): the tag must be a non-empty string');
    expect(invalid(() => device.byTag(any({ tag: 'x' }))).message).toContain('byTag(an object)');
    expect(invalid(() => device.byId(any(null))).message).toContain('byId(null)');
    expect(invalid(() => device.byId(1.5)).message).toContain('byId(1.5): a numeric id must be a whole number');
    const list = device.byRole('List');
    expect(invalid(() => list.nth(1.5)).message).toContain('nth(1.5): the index must be a whole number, got 1.5');
    expect(invalid(() => list.nth(NaN)).message).toContain('nth(NaN)');
    expect(invalid(() => list.nth(any('1'))).message).toContain('nth("1")');
    expect(invalid(() => list.filter({ has: any('byText("x")') })).message).toContain('filter(): has must be a locator such as device.byText(\'…\'), got "byText(\\"x\\")"');
    expect(invalid(() => list.filter({ hasNot: any({ selector: [] }) })).message).toContain('hasNot must be a locator');
    expect(invalid(() => list.filter(any(undefined))).message).toContain('filter()');
    expect(invalid(() => list.filter({ hasText: any(3) })).message).toContain('hasText must be a string or a RegExp, got 3');
    expect(invalid(() => device.byRole('Button', any({ nam: 'Send' }))).message).toContain("byRole(\"Button\"): unknown option 'nam'");
    expect(invalid(() => device.byRole('Switch', any({ checked: 'yes' }))).message).toContain('checked must be true, false or \'mixed\', got "yes"');
    expect(invalid(() => device.byText('x', any({ exact: 1 }))).message).toContain('exact must be true or false, got 1');
  });

  test('good arguments still make locators (negative ids and indexes, undefined options)', () => {
    expect(device.byId(-4).toCode()).toBe("byId('-4')");
    expect(device.byRole('List').nth(-2).toCode()).toBe("byRole('List').nth(-2)");
    expect(device.byRole('List').filter({ has: device.byText('x'), hasText: undefined }).toCode()).toBe("byRole('List').filter({ has: byText('x') })");
    expect(device.byText(/x/, { exact: undefined }).toCode()).toBe('byText(/x/)');
  });
});

test('byRole checked: true / false / mixed match only nodes with that toggle state', () => {
  const s = snap(root(n({ id: 'top', bounds: r(0, 0, 100, 100) }, [
    n({ id: 'on', role: 'Checkbox', toggle: 'on', bounds: r(0, 0, 10, 10) }),
    n({ id: 'off', role: 'Checkbox', toggle: 'off', bounds: r(0, 10, 10, 10) }),
    n({ id: 'mixed', role: 'Checkbox', toggle: 'indeterminate', bounds: r(0, 20, 10, 10) }),
    n({ id: 'none', role: 'Checkbox', bounds: r(0, 30, 10, 10) }),
  ])));
  const checked = (c: boolean | 'mixed') => resolveSelector(s, [{ kind: 'role', role: 'Checkbox', options: { checked: c } }]).map((x) => x.id);
  expect(checked(true)).toEqual(['on']);
  expect(checked(false)).toEqual(['off']);
  expect(checked('mixed')).toEqual(['mixed']);
  expect(resolveSelector(s, [{ kind: 'role', role: 'Checkbox', options: {} }]).map((x) => x.id)).toEqual(['on', 'off', 'mixed', 'none']);
  expect(deviceOf(s).byRole('Checkbox', { checked: 'mixed' }).toCode()).toBe("byRole('Checkbox', { checked: 'mixed' })");
});

test('a hand-built selector with an unknown step kind is a TargetError, not a raw Error', () => {
  let err: unknown;
  try { resolveSelector(screen(), [{ kind: 'bogus' } as never]); } catch (e) { err = e; }
  expect(err).toBeInstanceOf(TargetError);
  expect((err as TargetError).code).toBe('invalid_arguments');
  expect((err as TargetError).message).toContain('unknown selector step kind "bogus"');
});

test('a node under a hidden ancestor is not visible (filter and isVisible with the snapshot)', async () => {
  const s = snap(root(n({ id: '1', bounds: r(0, 0, 100, 100) }, [
    n({ id: '2', visible: false, bounds: r(0, 0, 100, 50) }, [n({ id: '3', text: 'inside', bounds: r(0, 0, 50, 20) })]),
    n({ id: '4', text: 'outside', bounds: r(0, 60, 50, 20) }),
  ])));
  expect(ids(s, [{ kind: 'text', text: 'side', exact: false }, { kind: 'filter', options: { visible: true } }])).toEqual(['4']);
  expect(ids(s, [{ kind: 'text', text: 'side', exact: false }, { kind: 'filter', options: { visible: false } }])).toEqual(['3']);
});
