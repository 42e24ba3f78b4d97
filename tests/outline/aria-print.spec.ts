// The aria-snapshot printer on real captures of every platform: what it prints parses back to a template
// that matches the tree it was printed from (plain, and with -u's regexes), whole screens and subtrees.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { importTree } from '../../src/formats/index.js';
import { importCdp } from '../../src/formats/cdp.js';
import { walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { ariaSnapshotText, matchAriaSnapshot } from '../../src/outline/aria-snapshot.js';
import { bestGuessRegex, printAriaTree } from '../../src/outline/aria-print.js';
import { parseAriaTemplate } from '../../src/outline/aria-parse.js';
import { findAriaMatch } from '../../src/outline/aria-match.js';
import type { AriaNode } from '../../src/outline/aria-tree.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

/** Every capture in fixtures/: Android dumps, Apple sources, cmp / JetWhale / MoUI trees, recorded web captures. */
function captures(): Array<[string, Snapshot]> {
  const out: Array<[string, Snapshot]> = [];
  for (const dir of ['uiautomator', 'ios', 'trees']) {
    for (const f of readdirSync(new URL(dir + '/', FIXTURES))) {
      if (f.endsWith('.tsv')) continue;
      out.push([`${dir}/${f}`, importTree(readFileSync(new URL(`${dir}/${f}`, FIXTURES)), { where: f })]);
    }
  }
  for (const f of readdirSync(new URL('web/recorded/', FIXTURES))) {
    out.push([`web/recorded/${f}`, importCdp(JSON.parse(readFileSync(new URL(`web/recorded/${f}`, FIXTURES), 'utf8')))]);
  }
  return out;
}

for (const [name, snapshot] of captures()) {
  test(`round trip on ${name}: print → parse → match, plain and as -u writes it`, () => {
    const text = ariaSnapshotText(snapshot);
    expect(text.length).toBeGreaterThan(0);
    expect(matchAriaSnapshot(text, snapshot).pass, text).toBe(true);
    const rebaseline = ariaSnapshotText(snapshot, undefined, { regex: true });
    expect(matchAriaSnapshot(rebaseline, snapshot).pass, rebaseline).toBe(true);
    // Every role node's own subtree, printed alone, matches within it (a locator's snapshot).
    let checked = 0;
    walk(snapshot, ({ node }) => {
      if (checked >= 40) return false;
      const sub = ariaSnapshotText(snapshot, node);
      if (!sub) return;
      checked++;
      expect(matchAriaSnapshot(sub, snapshot, { within: node as Node }).pass, sub).toBe(true);
    });
    expect(checked).toBeGreaterThan(0);
  });
}

test('a printed snapshot does not match a changed screen (the round trip can fail)', () => {
  const [, s] = captures().find(([n]) => n === 'trees/jetwhale-settings.json')!;
  const text = ariaSnapshotText(s);
  const changed = text.replace(/\[checked\]/, '[checked=false]');
  expect(changed).not.toBe(text);
  expect(matchAriaSnapshot(changed, s).pass).toBe(false);
});

test('the Android Compose dump reads as Playwright would print a page: roles, names, text', () => {
  const s = importTree(readFileSync(new URL('uiautomator/005.xml', FIXTURES)), { where: '005.xml' });
  const text = ariaSnapshotText(s);
  expect(text).toMatch(/^- /m);
  // No line names a platform class or a treewright role: ARIA roles and text only.
  for (const line of text.split('\n')) expect(line).toMatch(/^\s*- (text: |\/(url|placeholder): |[a-z]+( |:|$))/);
});

test('Playwright\'s quoting: keys and values that YAML would misread are quoted, and read back the same', () => {
  const node = (name: string, text: string): AriaNode => ({ role: 'button', name, props: {}, children: [text], node: null });
  const tree: AriaNode = { role: 'fragment', name: '', props: {}, children: [
    node('a: b', 'x: y'), node('# hash', '- dash'), node("it's", '42'), node('tab\there', 'true'), node('', ' lead'),
    'plain text', '[bracket', 'line\nbreak',
  ], node: null };
  const text = printAriaTree(tree);
  expect(text).toBe([
    '- \'button "a: b"\': "x: y"',
    '- button "# hash": "- dash"',
    '- button "it\'s": "42"',
    '- button "tab\\there": "true"',
    '- button: " lead"',
    '- text: plain text',
    '- text: "[bracket"',
    '- text: "line\\nbreak"',
  ].join('\n'));
  const t = parseAriaTemplate(text);
  expect(t.kind === 'role' && t.children?.length).toBe(8);
});

test('-u\'s regexes: numbers, sizes, durations and ids that change between runs', () => {
  expect(bestGuessRegex('Item 240')).toBe('/Item \\d+/');
  expect(bestGuessRegex('Item 2')).toBe('Item 2');
  expect(bestGuessRegex('3.5MB in 20ms')).toBe('/[\\d,.]+[bkmBKM]+ in \\d+[hmsp]+/');
  expect(bestGuessRegex('id 550e8400-e29b-41d4-a716-446655440000')).toBe('/id [0-9a-fA-F-]+/');
  expect(bestGuessRegex('1,234 items')).toBe('/\\d+,\\d+ items/');
  expect(bestGuessRegex('Sign in (now)?')).toBe('Sign in (now)?');
  // A regex name is written bare and matches the name it came from.
  const tree: AriaNode = { role: 'fragment', name: '', props: {}, children: [{ role: 'heading', name: 'Inbox (12)', props: {}, children: [], node: null, level: 0 }], node: null };
  const text = printAriaTree(tree, { regex: true });
  expect(text).toBe('- heading /Inbox \\(\\d+\\)/');
  expect(findAriaMatch(tree, parseAriaTemplate(text))).not.toBeNull();
});

test('a deep tree prints and matches without overflowing the stack', () => {
  let inner: AriaNode = { role: 'button', name: 'bottom', props: {}, children: [], node: null };
  for (let i = 0; i < 20_000; i++) inner = { role: 'group', name: '', props: {}, children: [inner], node: null };
  const text = printAriaTree({ role: 'fragment', name: '', props: {}, children: [inner], node: null });
  expect(text.split('\n')).toHaveLength(20_001);
  expect(findAriaMatch(inner, parseAriaTemplate('- button "bottom"'))).not.toBeNull();
});
