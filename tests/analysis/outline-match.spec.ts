// toMatchOutline's engine: partial matching with Playwright's aria-snapshot semantics, the search over
// candidates, root lines, template checks, what a failure shows, and trees too deep for recursion.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { TargetError } from '../../src/errors.js';
import { matchOutline } from '../../src/analysis/outline-match.js';
import { MAX_TEMPLATE_DEPTH } from '../../src/analysis/outline-template.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { importTree } from '../../src/formats/index.js';
import { parseOutline } from '../../src/outline/outline-parse.js';
import { renderOutline } from '../../src/outline/outline.js';
import { makeNode } from '../../src/model/node.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type Node, type Snapshot } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';
import { formatErrorOf } from '../helpers/expect-error.js';

const fixture = (name: string) => importTree(readFileSync(new URL(`../../fixtures/trees/${name}`, import.meta.url), 'utf8'), { where: name });

/** A settings screen: screen > [title, settings > [heading, Wi-Fi, Bluetooth, Airplane, Done]], plus a footer switch outside it. */
function settingsScreen(wifi: 'on' | 'off' = 'on') {
  const sw = (id: string, text: string, toggle: 'on' | 'off', extra = {}) =>
    n({ id, role: 'Switch', text, toggle, clickable: true, focusable: true, actions: ['Click'], bounds: r(0, Number(id) * 50, 360, 48), ...extra });
  const settings = n({ id: '2', tag: 'settings', bounds: r(0, 50, 360, 600) }, [
    n({ id: '3', role: 'Heading', text: 'Settings', heading: true }),
    sw('4', 'Wi-Fi', wifi),
    sw('5', 'Bluetooth LE', 'off'),
    sw('6', 'Airplane mode', 'off', { enabled: false }),
    n({ id: '7', role: 'Button', text: 'Done', clickable: true, actions: ['Click'], bounds: r(0, 400, 100, 48) }),
  ]);
  const screen = n({ id: '1', bounds: r(0, 0, 360, 800) }, [
    n({ id: '8', text: 'Title' }),
    settings,
    n({ id: '9', tag: 'footer' }, [sw('10', 'Dark theme', 'on')]),
  ]);
  return { snapshot: snap(root(screen, { rootId: 'main', label: 'MainActivity' })), settings, screen };
}

test.describe('partial matching', () => {
  test('the issue example: top-level lines are an in-order subsequence of one node\'s children', () => {
    const { snapshot, settings } = settingsScreen();
    const m = matchOutline(`
      - Switch "Wi-Fi" [checked]
      - Switch /Bluetooth.*/
    `, snapshot, { within: settings });
    expect(m.pass).toBe(true);
    expect(m.diff).toBe('');
    expect(m.anchor).toBe(settings);
    expect([...m.matched!.values()].map((x) => x.id)).toEqual(['4', '5']);
    expect(m.received).toBe('- Switch "Wi-Fi" toggle=on\n- Switch /Bluetooth.*/');
  });

  test('out of order, or a line that holds nowhere, does not match', () => {
    const { snapshot, settings } = settingsScreen();
    expect(matchOutline('- Switch /Bluetooth/\n- Switch "Wi-Fi"', snapshot, { within: settings }).pass).toBe(false);
    expect(matchOutline('- Switch "Wi-Fi"\n- Switch "NFC"', snapshot, { within: settings }).pass).toBe(false);
  });

  test('omitted attributes and children match anything; a written one must hold', () => {
    const { snapshot } = settingsScreen();
    expect(matchOutline('- Switch', snapshot).pass).toBe(true);
    expect(matchOutline('- node tag=settings', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Wi-Fi" tag=wifi', snapshot).pass).toBe(false); // the node has no tag
    expect(matchOutline('- Button "Done" actions=Click', snapshot).pass).toBe(true);
    expect(matchOutline('- Button "Done" actions=Click,LongClick', snapshot).pass).toBe(false);
    expect(matchOutline('- node tag=settings children=5', snapshot).pass).toBe(true);
    expect(matchOutline('- node tag=settings children=4', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch #4 "Wi-Fi"', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch #5 "Wi-Fi"', snapshot).pass).toBe(false);
  });

  test('strings compare whole and case-sensitively after whitespace normalisation; regexes search', () => {
    const { snapshot } = settingsScreen();
    expect(matchOutline('- Switch "  Wi-Fi "', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "wi-fi"', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch "Wi"', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch /wi-fi/i', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch /^Bluetooth$/', snapshot).pass).toBe(false);
    expect(matchOutline('- node tag=/^sett/', snapshot).pass).toBe(true);
    expect(matchOutline('- node tag=/^Sett/', snapshot).pass).toBe(false);
    expect(matchOutline('- /Switch|Checkbox/ "Dark theme"', snapshot).pass).toBe(true); // head regex
    expect(matchOutline('- /^Check/ "Dark theme"', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch "Wi-Fi" tap=180,224', snapshot).pass).toBe(true); // bounds 0,200 360×48
    expect(matchOutline('- Switch "Wi-Fi" tap=180,225', snapshot).pass).toBe(false);
  });

  test('flags: [flag] must be set, [!flag] must not be; focusable is the node\'s real value', () => {
    const { snapshot } = settingsScreen();
    expect(matchOutline('- Switch "Wi-Fi" [clickable !disabled]', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Airplane mode" [!disabled]', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch "Airplane mode" [disabled]', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Airplane mode" [not-operable]', snapshot).pass).toBe(true); // needs reachability
    expect(matchOutline('- Switch "Wi-Fi" [not-operable]', snapshot).pass).toBe(false);
    // The printer leaves focusable out on clickable nodes; a template asking about it gets the truth.
    expect(matchOutline('- Switch "Wi-Fi" [focusable]', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Wi-Fi" [!focusable]', snapshot).pass).toBe(false);
    expect(matchOutline('- Button "Done" [focusable]', snapshot).pass).toBe(false);
  });

  test('[checked] / [unchecked] are toggle=on / toggle=off', () => {
    const { snapshot } = settingsScreen('off');
    expect(matchOutline('- Switch "Wi-Fi" [unchecked]', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Wi-Fi" [checked]', snapshot).pass).toBe(false);
    expect(matchOutline('- Switch "Wi-Fi" toggle=off', snapshot).pass).toBe(true);
    expect(matchOutline('- Switch "Dark theme" [checked]', snapshot).pass).toBe(true);
    expect(matchOutline('- Button "Done" [unchecked]', snapshot).pass).toBe(false); // no toggle at all
  });
});

test.describe('children modes', () => {
  test('contain (the default): the template children are an in-order subsequence of the node\'s direct children', () => {
    const { snapshot } = settingsScreen();
    expect(matchOutline('- node tag=settings\n  - Heading\n  - Button "Done"', snapshot).pass).toBe(true);
    expect(matchOutline('- node tag=settings\n  - Button "Done"\n  - Heading', snapshot).pass).toBe(false);
    // Children are direct children, as in Playwright: the footer's switch is a grandchild of the screen.
    expect(matchOutline('- node #1\n  - Switch "Dark theme"', snapshot).pass).toBe(false);
    expect(matchOutline('- node #1\n  - node tag=footer\n    - Switch "Dark theme"', snapshot).pass).toBe(true);
  });

  test('equal: exactly these children, in this order', () => {
    const { snapshot } = settingsScreen();
    const all = '  - Heading\n  - Switch "Wi-Fi"\n  - Switch /Bluetooth/\n  - Switch "Airplane mode"\n  - Button "Done"';
    expect(matchOutline(`- node tag=settings\n  - /children: equal\n${all}`, snapshot).pass).toBe(true);
    const m = matchOutline('- node tag=settings\n  - /children: equal\n  - Heading\n  - Switch "Wi-Fi"\n  - Button "Done"', snapshot);
    expect(m.pass).toBe(false);
    // The region is the screen's children: the settings node with its neighbours.
    expect(m.diff.split('\n')).toEqual([
      '+ - node "Title"',
      '  - node tag=settings',
      '    - /children: equal',
      '    - Heading',
      '    - Switch "Wi-Fi"',
      '+   - Switch "Bluetooth LE" toggle=off [clickable]',
      '+   - Switch "Airplane mode" toggle=off [clickable disabled]',
      '    - Button "Done"',
      '+ - node tag=footer children=1',
    ]);
    // equal is one level only: the switch's own children are not constrained.
    const nested = snap(root(n({}, [n({ role: 'List' }, [n({ role: 'ListItem' }, [n({ text: 'a' }), n({ text: 'b' })])])])));
    expect(matchOutline('- List\n  - /children: equal\n  - ListItem', nested).pass).toBe(true);
  });

  test('deep-equal: equal all the way down; a mode written lower down wins', () => {
    const tree = () => snap(root(n({}, [n({ role: 'List' }, [
      n({ role: 'ListItem', text: 'one' }, [n({ text: 'a' })]),
      n({ role: 'ListItem', text: 'two' }),
    ])])));
    const s = tree();
    expect(matchOutline('- List\n  - /children: deep-equal\n  - ListItem "one"\n    - node "a"\n  - ListItem "two"', s).pass).toBe(true);
    // Under deep-equal a template leaf means "no children".
    expect(matchOutline('- List\n  - /children: deep-equal\n  - ListItem "one"\n  - ListItem "two"', s).pass).toBe(false);
    expect(matchOutline('- List\n  - /children: equal\n  - ListItem "one"\n  - ListItem "two"', s).pass).toBe(true);
    // An explicit contain below a deep-equal relaxes that subtree again.
    expect(matchOutline('- List\n  - /children: deep-equal\n  - ListItem "one"\n    - /children: contain\n  - ListItem "two"', s).pass).toBe(true);
  });
});

test.describe('where the template may match', () => {
  test('a single line matches a node at any depth', () => {
    let leaf: Node = n({ id: 'leaf', role: 'Button', text: 'Deep' });
    for (let i = 0; i < 12; i++) leaf = n({}, [leaf]);
    const m = matchOutline('- Button "Deep"', snap(root(leaf)));
    expect(m.pass).toBe(true);
    expect([...m.matched!.values()][0]!.id).toBe('leaf');
  });

  test('several top-level lines must be siblings (children of one node), as in Playwright', () => {
    const { snapshot } = settingsScreen();
    // Wi-Fi is under settings, Dark theme under the footer: no single node has both as children.
    expect(matchOutline('- Switch "Wi-Fi"\n- Switch "Dark theme"', snapshot).pass).toBe(false);
    expect(matchOutline('- node "Title"\n- node tag=settings\n- node tag=footer', snapshot).pass).toBe(true);
  });

  test('within a locator\'s node: its own node may be the first line, or the lines may describe its descendants', () => {
    const { snapshot, settings } = settingsScreen();
    const own = matchOutline('- node tag=settings\n  - Switch "Wi-Fi"\n  - Button "Done"', snapshot, { within: settings });
    expect(own.pass).toBe(true);
    expect(own.anchor).toBeNull(); // matched against the scope itself
    expect(own.matched!.get(parseOutline('- x').entries[0]!)).toBeUndefined();
    const children = matchOutline('- Switch "Wi-Fi"\n- Button "Done"', snapshot, { within: settings });
    expect(children.pass).toBe(true);
    expect(children.anchor).toBe(settings);
    // Nothing outside the scope is seen: the footer's switch and the screen's title.
    expect(matchOutline('- Switch "Dark theme"', snapshot, { within: settings }).pass).toBe(false);
    expect(matchOutline('- node "Title"', snapshot, { within: settings }).pass).toBe(false);
    expect(matchOutline('- node "Title"', snapshot).pass).toBe(true);
  });

  test('search, not a greedy commitment: a node whose line matches but whose children do not is passed over', () => {
    const s = snap(root(n({ id: 'screen' }, [
      n({ id: 'list1', role: 'List' }, [n({ role: 'Switch', text: 'Wi-Fi' })]),
      n({ id: 'list2', role: 'List' }, [n({ role: 'Switch', text: 'Wi-Fi' }), n({ id: 'bt', role: 'Switch', text: 'Bluetooth' })]),
    ])));
    const m = matchOutline('- List\n  - Switch "Wi-Fi"\n  - Switch "Bluetooth"', s);
    expect(m.pass).toBe(true);
    const doc = parseOutline('- List\n  - Switch "Wi-Fi"\n  - Switch "Bluetooth"');
    const m2 = matchOutline(doc, s);
    expect(m2.matched!.get(doc.entries[0]!)!.id).toBe('list2');
    expect(m2.matched!.get(doc.entries[0]!.children[1]!)!.id).toBe('bt');
  });

  test('search among siblings: the first row by its line fails on its children, a later one takes the entry', () => {
    const row = (id: string, label: string, checked: 'on' | 'off') =>
      n({ id, role: 'ListItem' }, [n({ text: label }), n({ id: `${id}-sw`, role: 'Switch', toggle: checked })]);
    const s = snap(root(n({ id: 'group', role: 'Group' }, [
      row('r1', 'Wi-Fi', 'off'),
      row('r2', 'Wi-Fi', 'on'),
      row('r3', 'Bluetooth', 'on'),
    ])));
    const doc = parseOutline(`
      - Group
        - ListItem
          - Switch [checked]
        - ListItem
          - node "Bluetooth"
    `);
    const m = matchOutline(doc, s);
    expect(m.pass).toBe(true);
    const g = doc.entries[0]!;
    expect(m.matched!.get(g.children[0]!)!.id).toBe('r2');
    expect(m.matched!.get(g.children[0]!.children[0]!)!.id).toBe('r2-sw');
    expect(m.matched!.get(g.children[1]!)!.id).toBe('r3');
    // Taking r2 for the first row leaves r3 for the second; with only r1 and r2 there is no second row.
    const two = snap(root(n({ role: 'Group' }, [row('r1', 'Wi-Fi', 'off'), row('r2', 'Bluetooth', 'on')])));
    expect(matchOutline(doc, two).pass).toBe(false);
  });

  test('root lines match windows in order, by rootId, label, attributes and flags', () => {
    const s = fixture('jetwhale-settings.json');
    expect(matchOutline('root compose-root-1f2e "MainActivity" density=2.625\n- node #1', s).pass).toBe(true);
    expect(matchOutline('root /compose-root/ "Dialog"\n- Button "Sign out"', s).pass).toBe(true);
    expect(matchOutline('root /compose-root/ "Dialog"\n- Button "Navigate up"', s).pass).toBe(false);
    expect(matchOutline('root /./ "Dialog"\nroot /./ "MainActivity"', s).pass).toBe(false); // order
    expect(matchOutline('root /./ "MainActivity"\nroot /./ "Dialog" [!modal]', s).pass).toBe(true);
    expect(matchOutline('root /./ "Dialog" [modal]', s).pass).toBe(false);
    expect(matchOutline('root /./ unit=px density=2.6250', s).pass).toBe(true); // densities compare as numbers
    // equal under a root applies to the window's node itself.
    expect(matchOutline('root /./ "Dialog"\n- /children: equal\n- node actions=Dismiss', s).pass).toBe(true);
    expect(matchOutline('root /./ "Dialog"\n- /children: equal\n- Button "Cancel"', s).pass).toBe(false);
  });

  test('a printed outline, pasted as a template, matches the screen it was printed from', () => {
    for (const name of ['home.json', 'jetwhale-settings.json', 'a11y-tree.json']) {
      const s = fixture(name);
      const printed = renderOutline(s, { reach: analyzeReachability(s) });
      const m = matchOutline(printed, s, { where: name });
      expect(m.pass, name).toBe(true);
      expect(m.matchedLines, name).toBe(m.templateLines);
      expect(m.received + '\n', name).toBe(printed);
    }
  });
});

test.describe('what a failure shows', () => {
  test('the nearest region, in the template\'s words, with a diff that pairs each line with its nearest node', () => {
    const { snapshot, settings } = settingsScreen('off');
    const m = matchOutline(`
      - Switch "Wi-Fi" [checked]
      - Switch /Bluetooth.*/
      - Switch "NFC"
    `, snapshot, { within: settings });
    expect(m.pass).toBe(false);
    expect(m.matched).toBeUndefined();
    expect(m.anchor).toBe(settings);
    expect(m.templateLines).toBe(3);
    expect(m.matchedLines).toBe(1);
    expect(m.expected).toBe('- Switch "Wi-Fi" toggle=on\n- Switch /Bluetooth.*/\n- Switch "NFC"\n');
    expect(m.received.split('\n')).toEqual([
      '- Heading "Settings" [heading]',
      '- Switch "Wi-Fi" toggle=off',
      '- Switch /Bluetooth.*/',
      '- Switch "Airplane mode"',
      '- Button "Done" [clickable]',
    ]);
    expect(m.diff.split('\n')).toEqual([
      '+ - Heading "Settings" [heading]',
      '- - Switch "Wi-Fi" toggle=on',
      '+ - Switch "Wi-Fi" toggle=off',
      '  - Switch /Bluetooth.*/',
      '- - Switch "NFC"',
      '+ - Switch "Airplane mode"',
      '+ - Button "Done" [clickable]',
    ]);
  });

  test('a failing child shows under its parent; long runs of other siblings fold', () => {
    const items = Array.from({ length: 30 }, (_, i) => n({ role: 'ListItem', text: `Item ${i}` }));
    const s = snap(root(n({}, [n({ role: 'List', tag: 'feed' }, items)])));
    const m = matchOutline('- List tag=feed\n  - ListItem "Item 20" [selected]', s);
    expect(m.pass).toBe(false);
    expect(m.diff.split('\n')).toEqual([
      '  - List tag=feed',
      '+   … 17 more',
      '+   - ListItem "Item 17"',
      '+   - ListItem "Item 18"',
      '+   - ListItem "Item 19"',
      '-   - ListItem "Item 20" [selected]',
      '+   - ListItem "Item 20"',
      '+   - ListItem "Item 21"',
      '+   - ListItem "Item 22"',
      '+   - ListItem "Item 23"',
      '+   … 6 more',
    ]);
  });

  test('a template line with nothing like it anywhere is a removed line, with its children', () => {
    const { snapshot, settings } = settingsScreen();
    const m = matchOutline('- Switch "Wi-Fi"\n- Slider "Volume"\n  - node "Loud"', snapshot, { within: settings });
    expect(m.pass).toBe(false);
    expect(m.diff).toContain('- - Slider "Volume"\n-   - node "Loud"');
    expect(m.diff).toContain('  - Switch "Wi-Fi"');
  });

  test('root lines: a window like the template line is paired with it; a window like nothing is removed', () => {
    const s = fixture('jetwhale-settings.json');
    const near = matchOutline('root /./ "Sign out"\n- Button "Sign out" [disabled]', s);
    expect(near.pass).toBe(false);
    expect(near.diff.split('\n')).toEqual([
      '+ root compose-root-1f2e "MainActivity" unit=px density=2.625',
      '- root /./ "Sign out"',
      '+ root /./ "Dialog"',
      '+ - node "Sign out of this device?"',
      '+ - Button "Cancel" tag=dialog-cancel [clickable]',
      '- - Button "Sign out" [disabled]',
      '+ - Button "Sign out"',
    ]);
    const none = matchOutline('root popup "Popup"\n- Slider "Volume"', s);
    expect(none.diff.split('\n')).toEqual([
      '+ root compose-root-1f2e "MainActivity" unit=px density=2.625',
      '+ root compose-root-7a31 "Dialog" unit=px density=2.625 offset=90,900',
      '- root popup "Popup"',
      '- - Slider "Volume"',
    ]);
  });
});

test.describe('bad templates', () => {
  test('a malformed template is the parser\'s FormatError naming the template and the line', () => {
    const { snapshot } = settingsScreen();
    const e = formatErrorOf(() => matchOutline('- List\n   - Switch', snapshot));
    expect(e.details).toMatchObject({ where: 'template', line: 2 });
    expect(e.message).toContain('bad indentation');
  });

  test('unknown attributes, flags, toggles and actions are errors, not lines that never match', () => {
    const { snapshot } = settingsScreen();
    const cases: Array<[string, string, number]> = [
      ['- Switch\n- Switch [clikable]', 'unknown flag [clikable]', 2],
      ['- Switch bounds=0,0,1,1', 'unknown attribute bounds=', 1],
      ['- Switch toggle=yes', 'toggle=yes is not a toggle state', 1],
      ['- Switch actions=Clik', 'unknown action Clik', 1],
      ['root main colour=red', 'unknown root attribute colour=', 1],
      ['root main [focused]', 'unknown root flag [focused]', 1],
    ];
    for (const [text, message, line] of cases) {
      const e = formatErrorOf(() => matchOutline(text, snapshot, { where: 'settings.outline' }));
      expect(e.message, text).toContain(message);
      expect(e.details, text).toMatchObject({ where: 'settings.outline', line });
      expect(e.details.hint, text).toBeTruthy();
    }
    expect(formatErrorOf(() => matchOutline('  \n', snapshot)).message).toContain('the template is empty');
  });

  test('root lines within a node are refused; a template that is not text or an outline is refused', () => {
    const { snapshot, settings } = settingsScreen();
    expect(() => matchOutline('root main\n- node', snapshot, { within: settings })).toThrow(TargetError);
    expect(() => matchOutline(42 as unknown as string, snapshot)).toThrow(/expected an outline template/);
  });

  test('nesting is capped with a clear error', () => {
    const { snapshot } = settingsScreen();
    const lines = Array.from({ length: MAX_TEMPLATE_DEPTH + 1 }, (_, i) => `${'  '.repeat(i)}- node`);
    const e = formatErrorOf(() => matchOutline(lines.join('\n'), snapshot));
    expect(e.code).toBe('too_large');
    expect(e.details.line).toBe(MAX_TEMPLATE_DEPTH + 1);
  });
});

/** A snapshot without makeSnapshot's content hash, which dominates the time on very deep test trees. */
function bare(node: Node): Snapshot {
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, source: 'test', capturedAt: '', generation: '1', roots: [root(node)], warnings: [] };
}

test.describe('size', () => {
  test('a 60,000-deep chain: the search and the failure report are iterative', () => {
    let node: Node = makeNode('leaf', { role: 'Button', text: 'Bottom' });
    for (let i = 0; i < 60_000; i++) node = makeNode(String(i), {}, [node]);
    const s = bare(node);
    expect(matchOutline('- node\n  - Button "Bottom"', s).pass).toBe(true);
    const miss = matchOutline('- node\n  - Button "Top"', s);
    expect(miss.pass).toBe(false);
    expect(miss.diff.split('\n')).toEqual(['  - node', '-   - Button "Top"', '+   - Button "Bottom"']);
  });

  test('a template as deep as the cap matches a chain as deep', () => {
    const depth = MAX_TEMPLATE_DEPTH;
    let node: Node = makeNode('end', { text: 'end' });
    for (let i = depth - 2; i >= 0; i--) node = makeNode(String(i), {}, [node]);
    const lines = Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- node${i === depth - 1 ? ' "end"' : ''}`);
    const s = bare(node);
    expect(matchOutline(lines.join('\n'), s).pass).toBe(true);
    lines[depth - 1] = `${'  '.repeat(depth - 1)}- node "other"`;
    const miss = matchOutline(lines.join('\n'), s);
    expect(miss.pass).toBe(false);
    expect(miss.matchedLines).toBe(depth - 1);
  });

  test('a wide screen with no match still reports quickly (memoised, linear in nodes × template lines)', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => n({ role: 'ListItem' }, [n({ text: `Row ${i}` }), n({ role: 'Switch', toggle: 'off' })]));
    const s = snap(root(n({}, [n({ role: 'List' }, rows)])));
    const m = matchOutline('- List\n  - ListItem\n    - node "Row 1500"\n    - Switch [checked]', s);
    expect(m.pass).toBe(false);
    expect(m.diff).toContain('+     - Switch toggle=off');
    expect(m.diff).toContain('      - node "Row 1500"');
  });
});
