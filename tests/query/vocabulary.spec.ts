import { test, expect } from '@playwright/test';
import { n, r, root, snap, deviceOf } from '../helpers/build.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { LocatorInputSchema, locatorFromInput, type StepInput } from '../../src/query/locator-json.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { selectorToCode, type Selector } from '../../src/query/selector.js';
import { FILTER_OPTIONS, ROLE_OPTIONS, optionNames, type ValueKind } from '../../src/query/vocabulary.js';
import { TargetError } from '../../src/errors.js';

/** A sample value of each kind, in the step form and in the JSON form. */
const SAMPLES: Record<ValueKind, { step: unknown; json: unknown }> = {
  pattern: { step: /Wi-?Fi/i, json: { regex: 'Wi-?Fi', flags: 'i' } },
  boolean: { step: false, json: false },
  checked: { step: 'mixed', json: 'mixed' },
  integer: { step: 2, json: 2 },
  locator: { step: [{ kind: 'tag', tag: 'row' }], json: "byTag('row')" },
};

/** A role every given option applies to. */
function roleFor(key: string): string {
  const spec: { roles?: readonly string[] } = ROLE_OPTIONS[key as keyof typeof ROLE_OPTIONS];
  return spec.roles?.[0] ?? 'Button';
}

for (const key of optionNames(ROLE_OPTIONS)) {
  test(`byRole option ${key}: the code form, the JSON form and the API agree`, () => {
    const { step, json } = SAMPLES[ROLE_OPTIONS[key].value];
    const role = roleFor(key);
    const sel: Selector = [{ kind: 'role', role, options: { [key]: step } }];
    const code = selectorToCode(sel);
    expect(code).toContain(`${key}: `);
    expect(parseLocator(code)).toEqual(sel);
    const input = LocatorInputSchema.parse({ kind: 'role', role, options: { [key]: json } });
    expect(locatorFromInput(input)).toEqual(sel);
    expect(deviceOf(snap()).byRole(role, { [key]: step }).toCode()).toBe(code);
  });
}

for (const key of optionNames(FILTER_OPTIONS)) {
  test(`filter option ${key}: the code form and the JSON form agree`, () => {
    const { step, json } = SAMPLES[FILTER_OPTIONS[key].value];
    const sel: Selector = [{ kind: 'tag', tag: 'list' }, { kind: 'filter', options: { [key]: step } }];
    const code = selectorToCode(sel);
    expect(parseLocator(code)).toEqual(sel);
    const input = LocatorInputSchema.parse([{ kind: 'tag', tag: 'list' }, { kind: 'filter', options: { [key]: json } }]);
    expect(locatorFromInput(input)).toEqual(sel);
  });
}

test('an option outside the registry is refused by every front end', () => {
  expect(() => deviceOf(snap()).byRole('Button', { pushed: true } as never)).toThrow(/unknown option 'pushed'; expected name, exact, checked, disabled, expanded, pressed, selected, includeHidden, level/);
  expect(() => parseLocator("byRole('Button', { pushed: true })")).toThrow(/unknown option 'pushed' for byRole\(\); expected name, exact, checked, disabled, expanded, pressed, selected, includeHidden, level/);
  expect(LocatorInputSchema.safeParse({ kind: 'role', role: 'Button', options: { pushed: true } }).success).toBe(false);
});

test('checked and level are refused on a known role that has no such state, as Playwright refuses them', () => {
  const device = deviceOf(snap());
  const refuse = (f: () => unknown) => {
    try { f(); } catch (e) { expect(e).toBeInstanceOf(TargetError); return (e as TargetError); }
    throw new Error('not refused');
  };
  const api = refuse(() => device.byRole('Button', { checked: true }));
  expect(api.code).toBe('invalid_arguments');
  expect(api.reason).toBe('byRole("Button"): checked applies only to roles that can be toggled (Checkbox, Switch, RadioButton, MenuItem, ListItem), not "Button"');
  const code = refuse(() => parseLocator("byRole('text', { level: 1 })"));
  expect(code.details).toMatchObject({ where: 'locator', line: 1, column: 18 });
  expect(code.reason).toContain('level applies only to roles that have a level (Heading), not "text"');
  const json = refuse(() => locatorFromInput({ kind: 'role', role: 'Image', options: { checked: false } } as StepInput));
  expect(json.details.where).toBe('locator[0].options.checked');
  // Roles compare case-insensitively; a raw platform role is never refused.
  expect(device.byRole('switch', { checked: true }).toCode()).toBe("byRole('switch', { checked: true })");
  expect(device.byRole('android.widget.CheckedTextView', { checked: true }).toCode()).toContain('checked: true');
  expect(() => device.byRole('Heading', { level: 1.5 })).toThrow(/level must be a whole number, got 1.5/);
  expect(() => parseLocator("byRole('Heading', { level: '1' })")).toThrow(/level must be a whole number, got a string/);
});

test('byRole level matches the heading level the capture carries, and nothing where it carries none', () => {
  const s = snap(root(n({ id: '1', bounds: r(0, 0, 1080, 2400) }, [
    n({ id: 'h1', role: 'Heading', heading: true, text: 'Settings', platform: { level: 1 }, bounds: r(0, 0, 1080, 100) }),
    n({ id: 'h2a', role: 'Heading', heading: true, text: 'Network', platform: { 'aria-level': '2' }, bounds: r(0, 100, 1080, 100) }),
    n({ id: 'h2b', role: 'Heading', heading: true, text: 'Display', platform: { headingLevel: 2 }, bounds: r(0, 200, 1080, 100) }),
    n({ id: 'hx', role: 'Heading', heading: true, text: 'No level', bounds: r(0, 300, 1080, 100) }),
    // A level on a node that is no heading is not a heading level.
    n({ id: 't', role: 'Text', text: 'Body', platform: { level: 2 }, bounds: r(0, 400, 1080, 100) }),
  ])));
  const ids = (sel: Selector) => resolveSelector(s, sel).map((x) => x.id);
  expect(ids([{ kind: 'role', role: 'Heading', options: { level: 1 } }])).toEqual(['h1']);
  expect(ids([{ kind: 'role', role: 'Heading', options: { level: 2 } }])).toEqual(['h2a', 'h2b']);
  expect(ids([{ kind: 'role', role: 'Heading', options: { level: 3 } }])).toEqual([]);
  expect(ids([{ kind: 'role', role: 'Heading', options: {} }])).toEqual(['h1', 'h2a', 'h2b', 'hx']);
  expect(ids(parseLocator("byRole('Heading', { name: 'net', level: 2 })"))).toEqual(['h2a']);
});
