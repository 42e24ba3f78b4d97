// byText's rule is Playwright's getByText rule: the innermost node whose text content matches. On the real
// XCUITest source of MeetMe's consent banner, a TextView whose value repeats its child's label is one match.
import { readFileSync } from 'node:fs';
import { test, expect, connect } from 'treewright';
import { importTree, resolveSelector } from 'treewright/core';

const MEETME = 'fixtures/ios/xcuitest-meetme-consent-table.xml';

test('MeetMe: byText on a title whose TextView repeats its child label finds the child alone, exact or not', async () => {
  const device = await connect(`file:${MEETME}`);
  for (const exact of [false, true]) {
    const title = device.byText('We Care About Your Privacy', { exact });
    await expect(title).toHaveCount(1);
    const { node } = await title.one();
    expect(node.id).toBe('21');
    expect(node.children).toEqual([]);
  }
  // A substring found in two separate texts is two matches; the Cell and the TextView above each are not.
  const snapshot = importTree(readFileSync(MEETME), { where: MEETME });
  expect(resolveSelector(snapshot, [{ kind: 'text', text: 'privacy', exact: false }]).map((n) => n.id)).toEqual(['21', '25']);
  expect(resolveSelector(snapshot, [{ kind: 'text', text: /Privacy$/, exact: false }]).map((n) => n.id)).toEqual(['21']);
  await device.close();
});

test('a text split over children is found on the node that holds them all; a node holding more is not an exact match', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" x="0" y="0" width="100" height="100">
    <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="100" height="20">
      <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Total" x="0" y="0" width="50" height="20"/>
      <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="42 €" x="50" y="0" width="50" height="20"/>
    </XCUIElementTypeOther></XCUIElementTypeApplication></AppiumAUT>`;
  const snapshot = importTree(xml, { where: 'inline' });
  const ids = (text: string | RegExp, exact = false) => resolveSelector(snapshot, [{ kind: 'text', text, exact }]).map((n) => n.id);
  expect(ids('Total 42')).toEqual(['1']);
  expect(ids('total 42 €', true)).toEqual([]);
  expect(ids('Total 42 €', true)).toEqual(['1']);
  expect(ids('Total')).toEqual(['2']);
  expect(ids('Total', true)).toEqual(['2']);
  expect(ids(/^Total 4/)).toEqual(['1']);
});
