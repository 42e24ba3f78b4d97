// Sources read as they are: a fact a source states is kept, a fact it does not state is not invented and
// the node says so (`unstated`). On the real captures of fixtures/ios (= the shared corpus).
import { readFileSync } from 'node:fs';
import { test, expect, connect } from 'treewright';
import { audit, importTree, renderOutline, snapshotToJson, toGolden, walk, type Node, type Snapshot } from 'treewright/core';

const IOS = 'fixtures/ios/';
const read = (f: string) => readFileSync(IOS + f, 'utf8');
const find = (s: Snapshot, test: (n: Node) => boolean): Node[] => {
  const out: Node[] = [];
  walk(s, ({ node }) => { if (test(node)) out.push(node); });
  return out;
};

test('MeetMe (XCUITest): a Cell is not assumed clickable; the header row is no control and gets no touch-target finding', async () => {
  const device = await connect(`file:${IOS}xcuitest-meetme-consent-table.xml`);
  const header = device.byRole('ListItem', { name: 'We Care About Your Privacy' });
  await expect(header).not.toBeOperable({ timeout: 0 });
  const { snapshot, node } = await header.one();
  // The page source says the row is a Cell, accessible="true": neither says a tap acts on it.
  expect(node).toMatchObject({ clickable: false, actions: [], unstated: ['clickable'] });
  expect(node.platform.attributes).toMatchObject({ accessible: 'true' });
  // The buttons' type says they are tapped: stated, kept.
  await expect(device.byRole('Button', { name: 'I Accept' })).toBeOperable({ timeout: 0 });
  expect((await device.byRole('Button', { name: 'I Accept' }).one()).node.unstated).toBeUndefined();
  // Every visible Cell is unstated, none clickable; nothing else is.
  const cells = find(snapshot, (n) => n.rawRole === 'XCUIElementTypeCell');
  expect(cells.map((n) => [n.clickable, n.unstated])).toEqual(cells.map(() => [false, ['clickable']]));
  expect(find(snapshot, (n) => n.unstated !== undefined)).toHaveLength(cells.length);
  // The a11y audit judges no touch target the source does not call one.
  expect(audit(snapshot).filter((f) => f.rule.startsWith('touch-target') && f.nodeId === node.id)).toEqual([]);
  expect(audit(snapshot).filter((f) => cells.some((c) => c.id === f.nodeId) && f.rule.startsWith('touch-target'))).toEqual([]);
  await device.close();
});

test('the outline and inspect say what the source did not; goldens and snapshot JSON behave as before for the rest', () => {
  const snapshot = importTree(read('xcuitest-meetme-consent-table.xml'), { where: 'meetme' });
  const outline = renderOutline(snapshot);
  expect(outline).toContain('- ListItem #19 desc="We Care About Your Privacy" unstated=clickable tap=188,143');
  expect(outline).toContain('- Button #38 desc="I Accept" tag=bannerButtonStackFirstItem [clickable] actions=Click');
  // A golden keeps capture facts only: the cell is neither clickable nor marked there.
  const golden = toGolden(snapshot);
  expect(golden).toContain('- ListItem desc="We Care About Your Privacy" bounds=20,120,335,46\n');
  expect(golden).not.toContain('unstated');
  // Snapshot JSON keeps the list; nodes that state everything carry no field, as before.
  const json = snapshotToJson(snapshot);
  expect((json.match(/"unstated"/g) ?? []).length).toBe(4);
  const back = importTree(json, { where: 'meetme.json' });
  expect(find(back, (n) => n.id === '19')[0]!.unstated).toEqual(['clickable']);
  expect(renderOutline(back)).toBe(outline);
});

test('Maestro iOS (SwiftUI Toggle): checked: true is kept as a Switch that is on, not only value=1', async () => {
  const device = await connect(`file:${IOS}maestro-ios-swiftui-login.json`);
  const toggle = device.byRole('Switch', { name: 'Oturum acik kalsin' });
  await expect(toggle).toBeChecked({ timeout: 0 });
  const { node } = await toggle.one();
  expect(node).toMatchObject({ toggle: 'on', value: null, clickable: true });
  // Maestro writes checked="false" on every other element: that says nothing, and nothing is made of it.
  const snapshot = await device.snapshot();
  expect(find(snapshot, (n) => n.toggle !== null).map((n) => n.toggle)).toEqual(['on', 'on']);
  await device.close();
});

test('Maestro Android: a checked node is a toggle that is on; selected is kept', () => {
  // The corpus dump (a Compose bottom sheet) has nothing checked: one node's flags are set as a
  // checked, selected Compose switch would have them, the rest of the file as captured.
  const text = read('maestro-android-hierarchy.txt');
  const value = JSON.parse(text.slice(text.indexOf('{'))) as { children: Array<{ children: unknown[] }> };
  type M = { attributes: Record<string, string>; children?: M[]; checked?: boolean; selected?: boolean };
  const all: M[] = [];
  const stack = [value as unknown as M];
  while (stack.length) { const m = stack.pop()!; all.push(m); for (const c of m.children ?? []) stack.push(c); }
  const target = all.find((m) => m.attributes['accessibilityText'] === 'Dismiss')!;
  target.attributes.checked = 'true';
  target.checked = true;
  target.attributes.selected = 'true';
  target.selected = true;
  const snapshot = importTree(JSON.stringify(value), { where: 'maestro-android' });
  const [node] = find(snapshot, (n) => n.contentDescription === 'Dismiss');
  expect(node).toMatchObject({ toggle: 'on', selected: true });
  expect(find(snapshot, (n) => n.toggle !== null)).toHaveLength(1);
  const plain = importTree(text, { where: 'maestro-android' });
  expect(find(plain, (n) => n.toggle !== null || n.selected)).toEqual([]);
});
