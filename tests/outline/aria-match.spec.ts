// Aria-snapshot matching as Playwright does it: partial matching, regex names, states, direct children
// in order, equal / deep-equal, text; on trees read off the merged view of any platform.
import { test, expect } from '@playwright/test';
import { matchAriaSnapshot, ariaSnapshotText } from '../../src/outline/aria-snapshot.js';
import { ariaTree } from '../../src/outline/aria-tree.js';
import type { Node } from '../../src/model/schema.js';
import { n, r, root, snap } from '../helpers/build.js';

/** A settings screen as Compose exports it: switches in a list, a heading, a tab row, a password field. */
function settings(wifi: 'on' | 'off' = 'on') {
  const sw = (text: string, toggle: 'on' | 'off' | 'indeterminate') => n({ role: 'Switch', text, toggle, clickable: true, bounds: r(0, 0, 100, 40) });
  return snap(root(n({ bounds: r(0, 0, 360, 800) }, [
    n({ role: 'Heading', text: 'Settings', heading: true, platform: { level: 1 } }),
    n({ role: 'List', tag: 'settings' }, [
      n({ role: 'ListItem' }, [sw('Wi-Fi', wifi), n({ role: 'Text', text: 'Connected' })]),
      n({ role: 'ListItem' }, [sw('Bluetooth', 'off')]),
      n({ role: 'ListItem' }, [sw('Sync', 'indeterminate')]),
    ]),
    n({ role: 'Tab', text: 'General', selected: true, clickable: true }),
    n({ role: 'Tab', text: 'Advanced', clickable: true }),
    n({ role: 'Button', contentDescription: 'More', text: '⋮', toggle: 'on', clickable: true, actions: ['Click', 'Collapse'] }),
    n({ role: 'Button', text: 'Save', enabled: false, clickable: true }),
    n({ role: 'TextField', text: 'Password', editableText: 'hunter2', password: true, editable: true }),
    n({ role: 'TextField', text: 'Email', editableText: 'ada@example.com', editable: true, hint: 'you@example.com' }),
    n({ role: 'Text', text: 'Hidden', visible: false }),
  ]), { rootId: 'main' }));
}

const pass = (template: string, s = settings(), within?: Node) => matchAriaSnapshot(template, s, within ? { within } : {}).pass;

test('the tree: roles, names, states, text, and what is left out', () => {
  expect(ariaSnapshotText(settings())).toBe([
    '- heading "Settings" [level=1]',
    '- list:',
    '  - listitem:',
    '    - switch "Wi-Fi" [checked]',
    '    - text: Connected',
    '  - listitem:',
    '    - switch "Bluetooth"',
    '  - listitem:',
    '    - switch "Sync" [checked=mixed]',
    '- tab "General" [selected]',
    '- tab "Advanced"',
    '- button "More" [expanded] [pressed]: ⋮',
    '- button "Save" [disabled]',
    '- textbox "Password"',
    '- textbox "Email":',
    '  - /placeholder: you@example.com',
    '  - text: ada@example.com',
  ].join('\n'));
});

test('partial matching: a line constrains only what it writes', () => {
  expect(pass('- switch "Wi-Fi"')).toBe(true);
  expect(pass('- switch')).toBe(true);
  expect(pass('- button "Save"')).toBe(true);
  expect(pass('- button "Save" [disabled]')).toBe(true);
  expect(pass('- button "Save" [disabled=false]')).toBe(false);
  expect(pass('- button "More" [disabled=false]')).toBe(true);
  expect(pass('- switch "Wi-Fi" [checked]')).toBe(true);
  expect(pass('- switch "Wi-Fi" [checked=false]')).toBe(false);
  expect(pass('- switch "Wi-Fi" [checked]', settings('off'))).toBe(false);
  expect(pass('- switch "Bluetooth" [checked=false]')).toBe(true);
  expect(pass('- switch [checked=mixed]')).toBe(true);
  expect(pass('- heading "Settings" [level=1]')).toBe(true);
  expect(pass('- heading [level=2]')).toBe(false);
  expect(pass('- tab "General" [selected]')).toBe(true);
  expect(pass('- tab "Advanced" [selected]')).toBe(false);
  expect(pass('- button "More" [pressed] [expanded]')).toBe(true);
  // A state the role does not carry is undefined: nothing written matches it (Playwright: undefined !== false).
  expect(pass('- heading [checked=false]')).toBe(false);
  // Names are whole and case-sensitive; a regex searches.
  expect(pass('- switch "wi-fi"')).toBe(false);
  expect(pass('- switch "Wi"')).toBe(false);
  expect(pass('- switch /Wi-?Fi/')).toBe(true);
  expect(pass('- switch /^Blue/')).toBe(true);
  expect(pass('- switch /^tooth/')).toBe(false);
  expect(pass('- button ""')).toBe(true); // an empty name constrains nothing
});

test('children: direct children, in order, the rest skipped (contain); equal; deep-equal', () => {
  expect(pass(`
    - list:
      - listitem:
        - switch "Wi-Fi"
      - listitem:
        - switch "Sync"
  `)).toBe(true);
  // Out of order fails.
  expect(pass(`
    - list:
      - listitem:
        - switch "Sync"
      - listitem:
        - switch "Wi-Fi"
  `)).toBe(false);
  // Children are direct: a switch is not a child of the list.
  expect(pass('- list:\n  - switch "Wi-Fi"')).toBe(false);
  // Several top-level lines match the children of any one node, in order.
  expect(pass('- heading "Settings"\n- tab "Advanced"\n- button "Save"')).toBe(true);
  expect(pass('- tab "Advanced"\n- heading "Settings"')).toBe(false);
  expect(pass('- switch "Wi-Fi"\n- tab "General"')).toBe(false); // not siblings
  // equal: exactly these children, one for one.
  expect(pass('- list:\n  - /children: equal\n  - listitem\n  - listitem\n  - listitem')).toBe(true);
  expect(pass('- list:\n  - /children: equal\n  - listitem\n  - listitem')).toBe(false);
  // equal is one level deep; deep-equal goes all the way down.
  expect(pass('- list:\n  - /children: equal\n  - listitem\n  - listitem\n  - listitem:\n    - switch "Sync"')).toBe(true);
  expect(pass('- list:\n  - /children: deep-equal\n  - listitem\n  - listitem\n  - listitem')).toBe(false);
  expect(pass(`
    - list:
      - /children: deep-equal
      - listitem:
        - switch "Wi-Fi" [checked]
        - text: Connected
      - listitem:
        - switch "Bluetooth"
      - listitem:
        - switch "Sync"
  `)).toBe(true);
});

test('text: a string child, equal as written or normalised, or found by a regex', () => {
  expect(pass('- listitem:\n  - switch\n  - text: Connected')).toBe(true);
  expect(pass('- listitem:\n  - text: /Conn/')).toBe(true);
  expect(pass('- listitem:\n  - text: Connect')).toBe(false);
  expect(pass('- text: Connected')).toBe(true);
  expect(pass('- button "More": ⋮')).toBe(true);
  expect(pass('- textbox "Email": ada@example.com')).toBe(true);
  // A password's content is never there to match; a hidden node is left out.
  expect(pass('- textbox "Password": hunter2')).toBe(false);
  expect(pass('- text: Hidden')).toBe(false);
});

test('within a node: the node itself may be the first line, or any descendant', () => {
  const s = settings();
  const list = s.roots[0]!.node.children[1]!;
  expect(pass('- list', s, list)).toBe(true);
  expect(pass('- switch "Bluetooth"', s, list)).toBe(true);
  expect(pass('- heading "Settings"', s, list)).toBe(false);
  expect(ariaSnapshotText(s, list).split('\n')[0]).toBe('- list:');
});

test('adjacent text joins, and a lone child repeating the name goes (Playwright\'s distiller)', () => {
  const s = snap(root(n({}, [
    n({ role: 'Text', text: 'Two' }), n({}, [n({ role: 'Text', text: ' new  messages ' })]),
    n({ role: 'Button', clickable: true }, [n({ role: 'Text', text: 'Send' })]),
    n({ role: 'Text', text: 'after' }),
  ])));
  expect(ariaSnapshotText(s)).toBe('- text: Two new messages\n- button "Send"\n- text: after');
  expect(pass('- text: Two new messages\n- button "Send"', s)).toBe(true);
});

test('a Compose control read from a uiautomator dump is one node: the merged view\'s', () => {
  // A clickable container holding its label and an empty role child, as Compose exports a button.
  const s = snap(root(n({ bounds: r(0, 0, 400, 400) }, [
    n({ kind: 'view', clickable: true, bounds: r(10, 10, 200, 50) }, [
      n({ kind: 'view', role: 'Text', text: 'Sign in', bounds: r(20, 20, 100, 30) }),
      n({ kind: 'view', role: 'Button', bounds: r(10, 10, 200, 50) }),
    ]),
  ])));
  expect(ariaSnapshotText(s)).toBe('- button "Sign in"');
  const tree = ariaTree(s);
  expect(tree.children).toHaveLength(1);
});

test('a web link: the address written relative to the page, and a template relative to it matches', () => {
  const s = { ...snap(root(n({}, [
    n({ kind: 'web', role: 'Link', rawRole: 'link', contentDescription: 'Home', platform: { url: 'http://127.0.0.1:9/pages/shop.html#home' } }),
    n({ kind: 'web', role: 'Link', rawRole: 'link', contentDescription: 'Next', platform: { url: 'http://127.0.0.1:9/pages/second.html' } }),
    n({ kind: 'web', role: 'Link', rawRole: 'link', contentDescription: 'Away', platform: { url: 'https://example.com/x' } }),
  ]))), source: 'web:http://127.0.0.1:9/pages/shop.html' };
  expect(ariaSnapshotText(s)).toBe([
    '- link "Home":', '  - /url: "#home"',
    '- link "Next":', '  - /url: /pages/second.html',
    '- link "Away":', '  - /url: https://example.com/x',
  ].join('\n'));
  expect(pass('- link "Next":\n  - /url: second.html', s)).toBe(true);
  expect(pass('- link "Next":\n  - /url: /pages/second.html', s)).toBe(true);
  expect(pass('- link "Next":\n  - /url: /second/', s)).toBe(true);
  expect(pass('- link "Next":\n  - /url: third.html', s)).toBe(false);
  expect(pass('- link "Home":\n  - /url: "#home"', s)).toBe(true);
});

test('expanded and pressed from what each platform carries: a web capture\'s aria-expanded, MoUI\'s state', () => {
  const s = snap(root(n({}, [
    n({ kind: 'web', role: 'Button', rawRole: 'button', contentDescription: 'Menu', platform: { expanded: false } }),
    n({ kind: 'web', role: 'Button', rawRole: 'button', contentDescription: 'Open', platform: { expanded: true }, toggle: 'on' }),
    n({ kind: 'generic', role: 'Button', text: 'Bold', platform: { state: { pressed: true, expanded: true } } }),
    n({ kind: 'generic', role: 'Button', text: 'Plain' }),
  ])));
  expect(ariaSnapshotText(s)).toBe('- button "Menu"\n- button "Open" [expanded] [pressed]\n- button "Bold" [expanded] [pressed]\n- button "Plain"');
  expect(pass('- button "Menu" [expanded=false]', s)).toBe(true);
  expect(pass('- button "Menu" [expanded]', s)).toBe(false);
  expect(pass('- button "Bold" [pressed] [expanded]', s)).toBe(true);
  // No state said: expanded is undefined, which neither [expanded] nor [expanded=false] matches (as Playwright).
  expect(pass('- button "Plain" [expanded=false]', s)).toBe(false);
  expect(pass('- button "Plain" [pressed=false]', s)).toBe(true);
});
