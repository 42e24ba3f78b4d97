// dragTo on the web (issue 31): the page's own record of the events, compared with what Playwright's
// own locator.dragTo does on the same page in the same Chromium — HTML drag and drop, and a
// pointer-events drag.
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { webDevice } from '../../src/devices/web-open.js';
import { isTreewrightError } from '../../src/errors.js';

const PAGE = `<!doctype html><body style="margin:0;font:16px sans-serif">
<div id="src" draggable="true" style="position:absolute;left:20px;top:20px;width:100px;height:40px;background:#ddd">Card</div>
<div id="zone" role="region" aria-label="Drop zone" style="position:absolute;left:20px;top:120px;width:220px;height:80px;border:1px solid #333">Drop here</div>
<button id="knob" style="position:absolute;left:300px;top:20px;width:40px;height:40px;touch-action:none">Knob</button>
<div id="end" role="region" aria-label="Rail end" style="position:absolute;left:560px;top:20px;width:40px;height:40px;background:#ccf"></div>
<script>(() => {
  window.log = [];
  const src = document.getElementById('src'), zone = document.getElementById('zone'), knob = document.getElementById('knob');
  src.addEventListener('dragstart', (e) => { log.push('dragstart'); e.dataTransfer.setData('text/plain', 'card-1'); });
  src.addEventListener('dragend', () => log.push('dragend'));
  zone.addEventListener('dragenter', (e) => { e.preventDefault(); log.push('dragenter'); });
  zone.addEventListener('dragover', (e) => { e.preventDefault(); if (log.at(-1) !== 'dragover') log.push('dragover'); });
  zone.addEventListener('drop', (e) => { e.preventDefault(); log.push('drop ' + e.dataTransfer.getData('text/plain')); zone.textContent = 'Dropped'; });
  let dragging = false;
  knob.addEventListener('pointerdown', (e) => { dragging = true; knob.setPointerCapture(e.pointerId); log.push('pointerdown'); });
  knob.addEventListener('pointermove', (e) => { if (dragging && log.at(-1) !== 'pointermove') log.push('pointermove'); });
  knob.addEventListener('pointerup', (e) => { dragging = false; log.push('pointerup over ' + document.elementsFromPoint(e.clientX, e.clientY).map((x) => x.id).filter(Boolean)[0]); });
})();</script>`;

/** A new page with PAGE (no state carried over from an earlier run). */
async function fresh(page: Page): Promise<Page> {
  const p = await page.context().newPage();
  await p.setViewportSize({ width: 800, height: 400 });
  await p.setContent(PAGE);
  return p;
}
const logOf = (page: Page) => page.evaluate(() => (window as unknown as { log: string[] }).log);

test('dragTo: HTML drag and drop and a pointer drag fire what Playwright\'s own dragTo fires', async ({ page: first }) => {
  // Playwright's own.
  const pw = await fresh(first);
  await pw.locator('#src').dragTo(pw.locator('#zone'));
  await pw.locator('#knob').dragTo(pw.locator('#end'));
  const theirs = await logOf(pw);
  expect(await pw.locator('#zone').textContent()).toBe('Dropped');
  expect(theirs).toEqual(['dragstart', 'dragenter', 'dragover', 'drop card-1', 'dragend', 'pointerdown', 'pointermove', 'pointerup over end']);
  // treewright's, on the same page afresh.
  const page = await fresh(first);
  expect(await logOf(page)).toEqual([]);
  const device = await webDevice(page);
  const r = await device.getByText('Card').dragTo(device.getByRole('region', { name: 'Drop zone' }));
  expect(r.via).toBe('drag');
  expect(r.call).toBe("getByText('Card').dragTo(getByRole('region', { name: 'Drop zone' }))");
  await device.getByRole('button', { name: 'Knob' }).dragTo(device.getByRole('region', { name: 'Rail end' }));
  expect(await logOf(page)).toEqual(theirs);
  expect(await page.locator('#zone').textContent()).toBe('Dropped');
  await device.close();
});

test('dragTo: a drop target that matches nothing, or several, is a typed error naming it', async ({ page: first }) => {
  const page = await fresh(first);
  const device = await webDevice(page);
  const none = await device.getByText('Card').dragTo(device.getByRole('region', { name: 'Nowhere' }), { timeout: 2000 }).catch((e: unknown) => e);
  expect(isTreewrightError(none) && none.code).toBe('target_not_found');
  expect((none as Error).message).toMatch(/dragTo\(.*Nowhere.*\): the drop target matches no node\n {2}→ Check the target locator/);
  const many = await device.getByText('Card').dragTo(device.getByRole('region'), { timeout: 2000 }).catch((e: unknown) => e);
  expect(isTreewrightError(many) && many.code).toBe('target_ambiguous');
  expect(await logOf(page)).toEqual([]);
  await device.close();
});
