// locator.screenshot() on the web (issue 31): the same PNG as Playwright's own locator.screenshot() of
// the same element on the same page in the same Chromium — one on screen, one scrolled into view first.
import { test, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { webDevice } from '../../src/devices/web-open.js';
import { connect } from '../../src/devices/connect.js';
import { isTreewrightError } from '../../src/errors.js';

const SHOP = pathToFileURL(path.resolve('fixtures/web/pages/shop.html')).href;

test('locator.screenshot() gives the pixels Playwright\'s locator.screenshot() gives', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  for (const [ours, theirs] of [['Filters', 'h2'], ['Add 40', 'button >> text="Add 40"']] as const) {
    await page.goto(SHOP);
    const device = await webDevice(page);
    const mine = PNG.sync.read(await device.getByText(ours, { exact: true }).screenshot());
    await device.close();
    await page.goto(SHOP);
    const pw = PNG.sync.read(await page.locator(theirs).first().screenshot());
    expect([mine.width, mine.height], ours).toEqual([pw.width, pw.height]);
    expect(mine.data.equals(pw.data), `${ours}: same pixels`).toBe(true);
  }
});

test('a device without pixels refuses locator.screenshot() with a typed error naming it', async () => {
  const device = await connect('fixtures/uiautomator/034.xml');
  const e = await device.byRole('Button', { name: 'EXIT', exact: true }).screenshot().catch((x: unknown) => x);
  expect(isTreewrightError(e) && e.code).toBe('action_unavailable');
  expect((e as Error).message).toMatch(/screenshot\(\): .*cannot provide pixels\n {2}→ /);
  await device.close();
});
