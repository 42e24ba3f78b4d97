/**
 * Each platform's own accessibility rules and names, on real captures (fixtures/ = ../shared/corpus/):
 * TalkBack's focusable tab on a uiautomator dump, Apple's alert buttons judged by Apple's 44 pt, a
 * macOS menu bar judged as a pointer platform (issue 30, cases 4 and 5).
 */
import { readFileSync } from 'node:fs';
import { test, expect as base } from '@playwright/test';
import { audit } from '../../src/analysis/a11y.js';
import { rootPlatforms } from '../../src/analysis/a11y-platform.js';
import { findingLine } from '../../src/common/finding-line.js';
import { importTree } from '../../src/formats/index.js';
import { importCdp } from '../../src/formats/cdp.js';
import type { CdpCapture } from '../../src/formats/cdp-types.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { walk } from '../../src/model/node.js';
import { PLATFORMS } from '../../src/roles/platforms.js';
import { A11Y_RULES } from '../../src/analysis/a11y-rules.js';
import { TargetError, type Node, type Snapshot } from '../../src/index.js';
import { matchers } from '../../matchers/index.js';
import { deviceOf, n, r, root, snap } from '../helpers/build.js';

const expect = base.extend(matchers);

const corpus = (path: string) => importTree(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url)), { where: path });

function nodeById(s: Snapshot, id: string): Node {
  let found: Node | undefined;
  walk(s, ({ node }) => {
    if (node.id === id) found = node;
  });
  if (!found) throw new Error(`no node #${id}`);
  return found;
}

test.describe('which platform judges a capture', () => {
  test('read from the source label, the windows\' units and the node kinds', () => {
    expect(rootPlatforms(corpus('uiautomator/002.xml'))).toEqual(['android']);
    expect(new Set(rootPlatforms(corpus('ios/xcuitest-sioeye-notification-alert.xml')))).toEqual(new Set(['ios']));
    expect(new Set(rootPlatforms(corpus('ios/maestro-ios-swiftui-login.json')))).toEqual(new Set(['ios']));
    expect(new Set(rootPlatforms(corpus('ios/wda-source-springboard.json')))).toEqual(new Set(['ios']));
    expect(new Set(rootPlatforms(corpus('ios/maestro-android-hierarchy.txt')))).toEqual(new Set(['android']));
    expect(rootPlatforms(corpus('ios/mac2-huashengtong-login.extract.xml'))).toEqual(['macos', 'macos']);
    // cmp-inspector's headless JVM tree stands for the common UI that ships on Android.
    expect(rootPlatforms(corpus('trees/a11y-tree.json'))).toEqual(['android']);
  });

  test('a cmp-inspector tree from a desktop producer is desktop Compose; the option names any platform', () => {
    const tree = JSON.parse(readFileSync(new URL('../../fixtures/trees/a11y-tree.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const desktop = importTree(JSON.stringify({ ...tree, source: 'desktop' }), { where: 'desktop.json' });
    expect(rootPlatforms(desktop)).toEqual(['desktop']);
    expect(rootPlatforms(corpus('uiautomator/002.xml'), 'desktop')).toEqual(['desktop']);
    // @ts-expect-error: not a platform
    expect(() => rootPlatforms(corpus('uiautomator/002.xml'), 'watchos')).toThrow(TargetError);
    // @ts-expect-error: a web page is judged by the page, never by the option
    expect(() => audit(corpus('uiautomator/002.xml'), { platform: 'web' })).toThrow(/unknown platform "web"/);
  });

  test('a web page stays judged by the web\'s rules whatever platform is forced (a recorded Chromium capture)', () => {
    const page = importCdp(JSON.parse(readFileSync(new URL('../../fixtures/web/recorded/actions.cdp.json', import.meta.url), 'utf8')) as CdpCapture);
    expect(rootPlatforms(page, 'android').every((p) => p === 'web')).toBe(true);
    const line = (f: { rule: string; nodeId: string | null }) => `${f.rule} #${f.nodeId}`;
    expect(audit(page, { platform: 'desktop' }).map(line)).toEqual(audit(page).map(line));
  });
});

test.describe('Android: TalkBack speaks a focusable view by its descendants\' text (002)', () => {
  test('the selected tab "Songs" (a focusable View) is named by its Text and is not reported', () => {
    const s = corpus('uiautomator/002.xml');
    const tab = nodeById(s, '31');
    expect(tab.focusable && !tab.clickable).toBe(true);
    expect(indexSnapshot(s).name(tab)).toBe('Songs');
    const findings = audit(s);
    expect(findings.filter((f) => f.nodeId === '31')).toEqual([]);
    // Its siblings, clickable tabs, were already named so.
    expect(indexSnapshot(s).name(nodeById(s, '34'))).toBe('Albums');
    // Sizes stay Android's: dp against 48 dp (32 dp at an edge).
    for (const f of findings.filter((x) => x.rule === 'touch-target')) expect(f.threshold).toMatch(/^(48|32)×(48|32) dp$/);
  });

  test('toHaveAccessibleName agrees with textContent on the tab', async () => {
    const device = deviceOf(corpus('uiautomator/002.xml'));
    await expect(device.byId(31)).toHaveAccessibleName('Songs');
  });

  test('a focusable child is a stop of its own: its text is not merged into the parent\'s name', () => {
    const s = snap(root(n({ id: 'screen', kind: 'view', bounds: r(0, 0, 360, 800) }, [
      n({ id: 'row', kind: 'view', focusable: true, bounds: r(0, 0, 360, 60) }, [
        n({ id: 'title', kind: 'view', text: 'Wi-Fi', bounds: r(0, 0, 200, 60) }),
        n({ id: 'field', kind: 'view', focusable: true, bounds: r(200, 0, 160, 60) }, [n({ id: 'inner', kind: 'view', text: 'Home', bounds: r(200, 0, 160, 60) })]),
      ]),
      // A focusable scroll container is not one stop: it does not speak its whole list.
      n({ id: 'list', kind: 'view', focusable: true, scrollable: true, bounds: r(0, 60, 360, 700) }, [n({ id: 'item', kind: 'view', text: 'Item', bounds: r(0, 60, 360, 60) })]),
    ]), { rootId: 'main' }));
    const index = indexSnapshot(s);
    expect(index.name(nodeById(s, 'row'))).toBe('Wi-Fi');
    expect(index.name(nodeById(s, 'field'))).toBe('Home');
    expect(index.name(nodeById(s, 'list'))).toBe('');
  });
});

test.describe('iOS: Apple\'s 44×44 pt, in points (Sioeye)', () => {
  test('Apple\'s own alert buttons (135×45 pt) pass; the alert\'s title is not a duplicate of its container', () => {
    const s = corpus('ios/xcuitest-sioeye-notification-alert.xml');
    const allow = nodeById(s, '89');
    expect([allow.contentDescription, allow.bounds.width, allow.bounds.height]).toEqual(['Allow', 135, 45]);
    expect(audit(s)).toEqual([]);
  });

  test('a stricter minimum is judged and printed in pt, with no edge allowance', () => {
    const findings = audit(corpus('ios/xcuitest-sioeye-notification-alert.xml'), { thresholds: { touchTargetPt: 46 } });
    expect(findings.map(findingLine)).toEqual([
      'error touch-target  Button #84 desc="Don’t Allow" [clickable] actions=Click tap=93,352 — 135×45 pt < 46×46 pt',
      'error touch-target  Button #89 desc=Allow [clickable] actions=Click tap=228,352 — 135×45 pt < 46×46 pt',
    ]);
    expect(findings[0]!.data).toEqual({ unit: 'pt', width: 135, height: 45, requiredWidth: 46, requiredHeight: 46 });
    // Android's dp thresholds do not judge points.
    expect(audit(corpus('ios/xcuitest-sioeye-notification-alert.xml'), { thresholds: { touchTargetDp: 200, touchTargetEdgeDp: 200 } })).toEqual([]);
  });

  test('an element with no label is spoken by its value (VoiceOver), and that is its accessible name', () => {
    const s = snap(root(n({ id: 'app', kind: 'apple', bounds: r(0, 0, 390, 844) }, [
      n({ id: 'volume', kind: 'apple', role: 'Slider', value: '50%', focusable: true, bounds: r(20, 100, 350, 44) }),
      n({ id: 'empty', kind: 'apple', role: 'Button', clickable: true, actions: ['Click'], bounds: r(20, 200, 44, 44) }),
    ]), { rootId: 'main', unit: 'pt' }));
    expect(indexSnapshot(s).name(nodeById(s, 'volume'))).toBe('50%');
    expect(audit(s).map((f) => `${f.rule} #${f.nodeId} ${f.message}`)).toEqual([
      'speakable-text #empty no speakable text: no label, title, value or placeholder, and no descendant text merges into it',
    ]);
  });
});

test.describe('macOS: a pointer platform (Mac2 login)', () => {
  const mac = () => corpus('ios/mac2-huashengtong-login.extract.xml');

  test('no touch-target rule, no speakable text asked of menu separators or the window\'s close button; what is left', () => {
    const findings = audit(mac());
    expect(findings.map(findingLine)).toEqual([
      'warning redundant-description  Button #139 desc=Button tag=_NS:17 [clickable] actions=Click tap=597,535 — description "Button" contains "button", which the screen reader already announces (type)',
      'warning speakable-text  Image #140 tag=_NS:29 tap=720,313 — image without a label (give it an accessibilityLabel, or hide it from VoiceOver with isAccessibilityElement = false if it is decorative)',
      'warning speakable-text  Image #146 tag=_NS:125 tap=720,424 — image without a label (give it an accessibilityLabel, or hide it from VoiceOver with isAccessibilityElement = false if it is decorative)',
      'warning speakable-text  Image #147 tag=_NS:132 tap=720,482 — image without a label (give it an accessibilityLabel, or hide it from VoiceOver with isAccessibilityElement = false if it is decorative)',
      'warning speakable-text  Checkbox #150 toggle=off tag=_NS:175 [clickable] actions=Click tap=854,425 — toggle without a label: a screen reader says only its state ("off"), not what it turns on or off',
    ]);
  });

  test('judged as iOS it would fail on every 22 pt menu item, in pt: the exemption is the platform\'s', () => {
    const findings = audit(mac(), { platform: 'ios', rules: { 'speakable-text': 'off', 'redundant-description': 'off', 'duplicate-speakable-text': 'off' } });
    expect(findings.length).toBeGreaterThan(100);
    expect(findings.find((f) => f.nodeId === '7')?.message).toBe('209×22 pt < 44×44 pt');
  });

  test('the Emoji & Symbols menu item and the Touch Bar button that mirrors it are not duplicates: each menu is its own context', () => {
    const s = mac();
    expect(nodeById(s, '97').contentDescription).toBe(nodeById(s, '136').contentDescription);
    expect(audit(s).filter((f) => f.rule === 'duplicate-speakable-text')).toEqual([]);
    // Two items of one menu with the same title still are.
    // (The menu hangs below its bar, inside the window: a window clips what it holds.)
    const dup = snap(root(n({ id: 'win', kind: 'apple', role: 'Window', bounds: r(0, 0, 1440, 900) }, [
      n({ id: 'bar', kind: 'apple', role: 'Toolbar', bounds: r(0, 0, 1440, 24) }),
      n({ id: 'menu', kind: 'apple', role: 'Menu', bounds: r(0, 24, 200, 66) }, [
        n({ id: 'a', kind: 'apple', role: 'MenuItem', contentDescription: 'Open', clickable: true, actions: ['Click'], bounds: r(0, 24, 200, 22) }),
        n({ id: 'b', kind: 'apple', role: 'MenuItem', contentDescription: 'Open', clickable: true, actions: ['Click'], bounds: r(0, 46, 200, 22) }),
      ]),
    ]), { rootId: 'app', unit: 'pt' }));
    expect(audit(dup, { platform: 'macos' }).map((f) => `${f.rule} #${f.nodeId}`)).toEqual(['duplicate-speakable-text #a']);
  });
});

test.describe('desktop Compose: a pointer platform', () => {
  test('the 40×40 dp icon of a11y-tree.json is no touch-target finding; its missing label still is', () => {
    const s = corpus('trees/a11y-tree.json');
    expect(audit(s).map((f) => f.rule)).toEqual(['touch-target', 'speakable-text']);
    expect(audit(s, { platform: 'desktop' }).map((f) => f.rule)).toEqual(['speakable-text']);
  });
});

test('each rule names its source, and each platform its unit and minimum', () => {
  for (const rule of Object.values(A11Y_RULES)) expect(rule.source, rule.id).toMatch(/Accessibility Test Framework|Human Interface Guidelines|WCAG 2\.2|treewright/);
  expect(A11Y_RULES['touch-target'].source).toContain('Apple Human Interface Guidelines');
  expect(Object.fromEntries(Object.entries(PLATFORMS).map(([k, p]) => [k, [p.unit, p.touchTarget?.min ?? null]]))).toEqual({
    android: ['dp', 48], ios: ['pt', 44], macos: ['pt', null], desktop: ['dp', null], web: ['CSS px', 24],
  });
});
