import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { connect } from '../../src/devices/connect.js';
import type { Device } from '../../src/devices/device.js';
import { audit } from '../../src/analysis/a11y.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { renderOutline } from '../../src/outline/outline.js';
import { countNodes, walk } from '../../src/model/node.js';

const expect = base.extend(matchers);

/*
 * What a person sees on real captures (fixtures/uiautomator and fixtures/ios, copied from
 * /work/shared/corpus), checked by hand against each screen's outline: the controls are found the way
 * a person would name them, as exactly one operable node each. Android dumps are read at 2.625 px/dp.
 */

const open = (file: string, options: { merged?: boolean } = {}) => connect(`file:fixtures/${file}`, { density: 2.625, ...options });

/** Every name is one operable node of that role, dump by dump (the Compose Material controls). */
async function oneOperableEach(device: Device, role: string, names: string[]): Promise<void> {
  for (const name of names) {
    const control = device.byRole(role, { name, exact: true });
    await expect.soft(control, `${device.description}: ${role} "${name}"`).toHaveCount(1);
    await expect.soft(control, `${device.description}: ${role} "${name}" is operable`).toBeOperable({ timeout: 0 });
  }
}

test.describe('Compose dumps (uiautomator): every visible Material button, icon button, checkbox and switch is one operable node', () => {
  test('002 music library + player sheet: a checkbox and 13 icon buttons', async () => {
    const d = await open('uiautomator/002.xml');
    await oneOperableEach(d, 'Checkbox', ['Offline Mode']);
    await oneOperableEach(d, 'Button', ['Downloads', 'Close', 'Settings', 'Like', 'Audio Info', 'Visualizer', 'Download', 'DSP', 'Queue']);
    await expect(d.byRole('Button', { name: 'More options', exact: true })).toHaveCount(4);
    for (const more of await d.byRole('Button', { name: 'More options', exact: true }).all()) await expect(more).toBeOperable({ timeout: 0 });
    await expect(d.byRole('Checkbox', { name: 'Offline Mode' })).toBeChecked({ checked: false, timeout: 0 });
    // The role children are merged in: the unmerged tree has 14 nameless, inert role nodes instead.
    await expect(d.byRole('Button')).toHaveCount(13);
    await expect(d.byRole('Button', { merged: false })).toHaveCount(13);
    await expect(d.byRole('Button', { name: 'Queue', merged: false })).toHaveCount(0);
    await expect(d.byRole('Button', { merged: false }).filter({ operable: true })).toHaveCount(0);
    // The same buttons by the short class name the outline prints and by the full class.
    await expect(d.byRole('android.widget.Button', { name: 'Queue' })).toHaveCount(1);
    await expect(d.byRole('View', { name: 'Queue', exact: true })).toHaveCount(2); // the button (a View) and its icon (a View)
    // Downloads: its centre is under the player sheet's Settings button; the tap goes to the part left free.
    const { snapshot, node } = await d.byRole('Button', { name: 'Downloads' }).one();
    const reach = analyzeReachability(snapshot).get(node);
    expect(reach.tap!.x).toBeGreaterThanOrEqual(1033);
    expect(analyzeReachability(snapshot).nodeAt(reach.tap!.x, reach.tap!.y)).toBe(node);
    await d.close();
  });

  test('005 dialog: Cancelar and Guardar', async () => {
    const d = await open('uiautomator/005.xml');
    await oneOperableEach(d, 'Button', ['Cancelar', 'Guardar']);
    await expect(d.byRole('TextField')).toHaveCount(1);
    await d.close();
  });

  test('013 side-mirror popup: radio buttons and two buttons', async () => {
    const d = await open('uiautomator/013.xml');
    await oneOperableEach(d, 'Button', ['복원', '저장']);
    await oneOperableEach(d, 'RadioButton', ['오른쪽']);
    // The selected radio button is one node, checked; the dump says it takes no click while selected.
    await expect(d.byRole('RadioButton', { name: '왼쪽' })).toHaveCount(1);
    await expect(d.byRole('RadioButton', { name: '왼쪽' })).toBeChecked({ timeout: 0 });
    await expect(d.byRole('RadioButton', { name: '오른쪽' })).toBeChecked({ checked: false, timeout: 0 });
    await d.close();
  });

  test('016 Google Messages conversation: top bar and compose-bar icon buttons, testTags as tags', async () => {
    const d = await open('uiautomator/016.xml');
    await oneOperableEach(d, 'Button', ['Back', 'Call', 'More', 'Send message', 'Show attach content screen', 'Show attach emoji and stickers screen']);
    await expect(d.byTag('top_app_bar')).toHaveCount(1);
    await expect(d.byTag('message_list')).toHaveCount(1);
    await d.close();
  });
});

test.describe('other real screens, as a person sees them', () => {
  test('033 trending list (Views): five tabs as Buttons, the third selected; list rows are operable images', async () => {
    const d = await open('uiautomator/033.xml');
    await oneOperableEach(d, 'Button', ['ホーム', '検索', 'トレンド', 'マイログ', 'つながり'].map((t, i) => `${t}\nタブ: ${i + 1}/5`));
    await expect(d.byRole('Button', { name: 'トレンド', selected: true })).toHaveCount(1);
    await expect(d.byRole('Image').filter({ operable: true })).toHaveCount(11);
    await d.close();
  });

  test('034 AppCompat alert floating over the screen: CANCEL and EXIT, in a modal window', async () => {
    const d = await open('uiautomator/034.xml');
    await oneOperableEach(d, 'Button', ['CANCEL', 'EXIT']);
    await expect(d.byText('Are you sure you want to exit?')).toBeVisible({ timeout: 0 });
    expect((await d.snapshot()).roots[0]!.touchModal).toBe(true);
    await d.close();
  });

  test('026 Facebook friend suggestions: two "Add friend" controls; the status bar windows take nothing', async () => {
    const d = await open('uiautomator/026.xml');
    await expect(d.byDesc('Add friend', { exact: true })).toHaveCount(2);
    for (const add of await d.byDesc('Add friend', { exact: true }).all()) await expect(add).toBeOperable({ timeout: 0 });
    await expect(d.byDesc('See all friend suggestions')).toBeOperable({ timeout: 0 });
    await d.close();
  });

  test('032 tablet music app (landscape): ImageButton by its class, favourites by resource-id', async () => {
    const d = await open('uiautomator/032.xml');
    await expect(d.byRole('ImageButton').first()).toBeOperable({ timeout: 0 });
    expect(await d.byTag('btnFavorite').count()).toBeGreaterThan(4);
    for (const fav of (await d.byTag('btnFavorite').filter({ visible: true }).all()).slice(0, 4)) await expect(fav).toBeOperable({ timeout: 0 });
    await d.close();
  });

  test('XCUITest MeetMe consent banner: four buttons, identifiers as tags, hidden elements hidden', async () => {
    const d = await open('ios/xcuitest-meetme-consent-table.xml');
    await oneOperableEach(d, 'Button', ['I Accept', 'Reject All', 'Show Purposes', 'List of Partners (vendors)']);
    await expect(d.byRole('Button', { name: 'I Accept' })).toBeEnabled({ timeout: 0 });
    await expect(d.byTag('bannerRejectAllButton')).toHaveCount(1);
    await expect(d.byTag('bannerRejectAllButton')).toBeOperable({ timeout: 0 });
    await expect(d.byTag('logo_animation_0')).toBeHidden({ timeout: 0 }); // visible="false"
    await expect(d.byTag('bannerDPDDescriptions')).toBeHidden({ timeout: 0 }); // the off-screen cell's text
    await expect(d.byRole('Cell', { includeHidden: true })).toHaveCount(4); // XCUIElementTypeCell, by its short type
    await expect(d.byRole('XCUIElementTypeCell')).toHaveCount(3);
    await expect(d.byRole('ListItem')).toHaveCount(3);
    await d.close();
  });

  test('XCUITest system alert (Sioeye): Allow and Don’t Allow; the alert window hides what is beneath', async () => {
    const d = await open('ios/xcuitest-sioeye-notification-alert.xml');
    await oneOperableEach(d, 'Button', ['Allow', 'Don’t Allow']);
    await expect(d.byRole('Dialog', { name: 'Would Like to Send You Notifications' })).toHaveCount(1);
    await d.close();
  });

  test('WebDriverAgent SpringBoard (legacy UIA types): page-1 icons operable, page-2 icons hidden', async () => {
    const d = await open('ios/wda-source-springboard.json');
    await oneOperableEach(d, 'Button', ['Calendar', 'Photos', 'Maps', 'Settings', 'Safari']);
    await expect(d.byRole('UIAButton', { name: 'Watch', includeHidden: true })).toBeHidden({ timeout: 0 }); // isVisible "0": the second page
    await d.close();
  });

  test('Mac2 login window: checkboxes with their state, a secure field that captures nothing', async () => {
    const d = await open('ios/mac2-huashengtong-login.extract.xml');
    await expect(d.byRole('Checkbox', { name: '记住密码' })).toBeChecked({ timeout: 0 });
    await expect(d.byRole('Checkbox', { name: '记住密码' })).toBeOperable({ timeout: 0 });
    const { node } = await d.byRole('XCUIElementTypeSecureTextField').one();
    expect(node).toMatchObject({ role: 'TextField', password: true, editableText: null, value: null, hint: '登录密码' });
    await d.close();
  });

  test('Maestro iOS (SwiftUI login) and Android (Compose bottom sheet)', async () => {
    const ios = await open('ios/maestro-ios-swiftui-login.json');
    await expect(ios.byDesc('Devam et', { exact: true })).toHaveCount(2); // the button and its label: Maestro says no more
    await expect(ios.byTag('envelope.fill')).toHaveCount(1);
    await ios.close();
    const android = await open('ios/maestro-android-hierarchy.txt');
    await expect(android.byDesc('Dismiss')).toHaveCount(1);
    await android.close();
  });
});

test('done when: an XCUITest source read with connect(): Back is an enabled Button, identifiers are tags, visible="false" is hidden', async () => {
  const d = await connect('file:fixtures/ios/xcuitest-settings-back.xml');
  await expect(d.byRole('Button', { name: 'Back' })).toBeEnabled({ timeout: 0 });
  await expect(d.byRole('XCUIElementTypeButton', { name: 'Back' })).toHaveCount(1);
  await expect(d.byTag('nav-back')).toBeOperable({ timeout: 0 });
  await expect(d.byRole('Switch', { name: 'Wi-Fi' })).toBeChecked({ timeout: 0 });
  await expect(d.byRole('Button', { name: 'Join' })).toBeDisabled({ timeout: 0 });
  await expect(d.byTag('scan-hint')).toBeHidden({ timeout: 0 });
  const { node } = await d.byTag('wifi-password').one();
  expect(node).toMatchObject({ role: 'TextField', password: true, editableText: null, value: null, contentDescription: 'Password', hint: 'Required' });
  const s = await d.snapshot();
  expect(s.roots.every((r) => r.unit === 'pt' && r.density === 1)).toBe(true);
  expect(s.warnings).toEqual([]);
  await d.close();
});

test('a11y on real dumps: no error on a node that is neither actionable, focusable, editable nor carries text or a description; merged role children get nothing', async () => {
  let errors = 0, merged = 0;
  for (const f of ['002', '005', '013', '016', '023', '026', '028', '032', '033', '034'].map((n) => `uiautomator/${n}.xml`).concat(['ios/xcuitest-meetme-consent-table.xml', 'ios/xcuitest-sioeye-notification-alert.xml', 'ios/wda-source-springboard.json', 'ios/mac2-huashengtong-login.extract.xml'])) {
    const d = await open(f);
    const s = await d.snapshot();
    const byId = new Map<string, import('../../src/model/schema.js').Node>();
    walk(s, ({ node }) => { byId.set(node.id, node); });
    const findings = audit(s);
    expect(findings.filter((x) => x.rule === 'unknown-density'), `${f}: density given`).toEqual([]);
    for (const x of findings.filter((y) => y.severity === 'error')) {
      errors++;
      const n = byId.get(x.nodeId ?? "")!;
      const says = !!(n.text || n.contentDescription || n.editableText || n.hint);
      expect.soft(n.clickable || n.longClickable || n.focusable || n.editable || n.actions.length > 0 || says, `${f}: ${x.rule} on ${x.node}`).toBe(true);
    }
    // Unmerged, the outline prints the role children the merged view folds away.
    const mergedLines = renderOutline(s).split('\n').length, unmergedLines = renderOutline(s, { merged: false }).split('\n').length;
    merged += unmergedLines - mergedLines;
    expect(unmergedLines - 1, `${f}: the unmerged outline has every node`).toBe(countNodes(s) + s.roots.length);
    await d.close();
  }
  expect(errors).toBeGreaterThan(10); // the rules still find the real problems (small targets, unlabelled NAF nodes)
  expect(merged).toBe(14 + 2 + 4 + 6); // 002, 005, 013, 016
});
