// The best locator (src/query/best-locator.ts) on real captures: for every node of several real
// screens (uiautomator dumps, XCUITest page sources, the reference app, web pages in Chromium) the
// locator generated resolves to exactly that node, and so does its code form read back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { importTree } from '../../src/formats/index.js';
import { bestLocator, textAlternatives } from '../../src/query/best-locator.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { parseLocator } from '../../src/query/parse-locator.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { connect } from '../../src/devices/connect.js';
import { webDevice } from '../../src/devices/web-open.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { serveStatic } from '../../examples/web-site/serve.js';

const file = (rel: string): Snapshot => importTree(readFileSync(path.resolve('fixtures', rel), 'utf8'), { where: rel });

/** Each node's best locator, checked: it and its code form find exactly that node. Returns the codes by node id. */
function checkEvery(snapshot: Snapshot): Map<string, string> {
  const codes = new Map<string, string>();
  const wrong: string[] = [];
  for (const node of indexSnapshot(snapshot).nodes) {
    const best = bestLocator(snapshot, node);
    const found = resolveSelector(snapshot, best.selector);
    const reread = resolveSelector(snapshot, parseLocator(best.code));
    if (found.length !== 1 || found[0] !== node || reread.length !== 1 || reread[0] !== node) wrong.push(`${node.id}: ${best.code} finds ${found.length}`);
    codes.set(node.id, best.code);
  }
  expect(wrong).toEqual([]);
  return codes;
}

const byCode = (snapshot: Snapshot, code: string): Node[] => resolveSelector(snapshot, parseLocator(code));

for (const rel of ['uiautomator/002.xml', 'uiautomator/016.xml', 'uiautomator/023.xml', 'uiautomator/026.xml', 'uiautomator/034.xml',
  'ios/xcuitest-meetme-consent-table.xml', 'ios/xcuitest-sioeye-notification-alert.xml', 'ios/mac2-huashengtong-login.extract.xml']) {
  test(`every node of ${rel} gets a locator that finds exactly it`, () => {
    const snapshot = file(rel);
    const codes = checkEvery(snapshot);
    // Playwright's first rank: a test id that is unique on the screen is the locator.
    const index = indexSnapshot(snapshot);
    for (const n of index.nodes) {
      if (n.tag && index.nodes.filter((m) => m.tag === n.tag).length === 1 && byCode(snapshot, `getByTestId(${JSON.stringify(n.tag).replace(/^"|"$/g, "'")})`).length === 1) {
        expect(codes.get(n.id)).toMatch(/^getByTestId\(/);
      }
    }
  });
}

test('ranking follows Playwright: test id, then role + name, then text; a loose name before an exact one', () => {
  const snapshot = file('uiautomator/016.xml');
  const index = indexSnapshot(snapshot);
  const tagged = index.nodes.find((n) => n.tag === 'top_app_bar')!;
  expect(bestLocator(snapshot, tagged).code).toBe("getByTestId('top_app_bar')");
  // A named button without a test id: getByRole with its name, matched loosely since that is unique.
  const alert = file('ios/xcuitest-sioeye-notification-alert.xml');
  const allow = indexSnapshot(alert).nodes.find((n) => n.role === 'Button' && n.contentDescription === 'Allow')!;
  const code = bestLocator(alert, allow).code;
  expect(allow.tag === null || allow.tag === 'Allow').toBe(true);
  expect(code).toBe(allow.tag ? "getByTestId('Allow')" : "getByRole('button', { name: 'Allow', exact: true })");
  expect(byCode(alert, code)).toEqual([allow]);
});

test('a text that a count ends with is quoted without the count, as Playwright does', () => {
  expect(textAlternatives('Inbox 12')).toEqual([{ text: 'Inbox', bonus: 2 }, { text: 'Inbox 12', bonus: 0 }]);
  expect(textAlternatives('3 items left')).toEqual([{ text: 'items left', bonus: 2 }, { text: '3 items left', bonus: 0 }]);
  const long = 'We care about your privacy and the way this application handles your personal data';
  expect(textAlternatives(long).map((a) => a.text)).toEqual(['We care about your privacy and the way this application handles your personal', 'We care about your privacy']);
});

test('every node of the reference app gets a locator that finds exactly it', async () => {
  const device = await connect('reference');
  try {
    checkEvery(await device.snapshot());
    await device.getByRole('textbox').first().fill('ada@example.com');
    checkEvery(await device.snapshot());
  } finally {
    await device.close();
  }
});

test('every node of real web pages gets a locator that finds exactly it', async ({ page }) => {
  const site = await serveStatic(path.resolve('fixtures/web'));
  try {
    for (const rel of ['pages/shop.html', 'apg/content/patterns/tabs/examples/tabs-automatic.html']) {
      await page.goto(`${site.url}/${rel}`);
      const codes = [...checkEvery(await (await webDevice(page)).snapshot()).values()];
      // Playwright's usual answer for a named control: its role and a loose name.
      expect(codes.some((c) => /^getByRole\('(button|tab)', \{ name: '[^']+' \}\)$/.test(c))).toBe(true);
    }
  } finally {
    await site.close();
  }
});
