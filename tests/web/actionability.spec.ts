// A locator action on the web device checks actionability of its one target in the page, as
// Playwright does (visible, stable over two animation frames, enabled, receives events at its point),
// on real Chromium pages built here and on APG's: no second capture of the whole tree, and none after the
// action until something reads it.
import { test, expect as pwExpect, type Browser, type Page } from '@playwright/test';
import { expect, isTreewrightError, webDevice } from 'treewright';
import { countCaptures } from '../helpers/capture-count.js';
import { recordCdpCalls } from '../helpers/cdp-calls.js';
import { serveStatic } from '../../examples/web-site/serve.js';
import { CLICKS, WEB_FIXTURES, launch, openHtml } from './helpers.js';

let browser: Browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const open = (html: string) => openHtml(browser, 'Actionability', html);

async function errorOf(p: Promise<unknown>) {
  try { await p; } catch (e) { pwExpect(isTreewrightError(e), String(e)).toBe(true); return e as Error & { code: string; details: { hint?: string } }; }
  throw new Error('expected a typed error');
}

const clicks = (page: Page) => page.evaluate(() => (window as unknown as { clicks: string[] }).clicks);

test('a click resolves on at most one capture and takes none after; on a page unchanged since the last capture it takes none', async () => {
  const { page, device } = await open(`<button id="go" onclick="this.textContent = 'Clicked ' + clicks.length">Go</button><ul>${'<li><button>Row</button></li>'.repeat(50)}</ul>${CLICKS}`);
  const counter = countCaptures(device.driver);
  const perClick: number[] = [];
  for (let i = 0; i < 4; i++) {
    counter.reset();
    const r = await device.byRole('Button', { name: /^(Go|Clicked)/ }).click();
    perClick.push(counter.count);
    pwExpect(r.after).toBeNull();
  }
  // The first click resolves on webDevice's capture (nothing changed since); every later one follows a
  // click that changed the page (the button's text), and the page says the locator still finds that
  // button alone (stillResolves-spec covers when it does not): none captures.
  pwExpect(perClick).toEqual([0, 0, 0, 0]);
  pwExpect(await clicks(page)).toEqual(['go', 'go', 'go', 'go']);
  // A capture in between (an assertion) is the next click's capture, and fills the last receipt.
  counter.reset();
  const s = await device.snapshot();
  pwExpect(device.receipts.at(-1)).toMatchObject({ after: s.generation, changed: true });
  await device.byRole('Button', { name: /^Clicked/ }).click();
  pwExpect(counter.count).toBe(1);
  counter.stop();
  await page.close();
});

test('a covered button: the click fails naming the element that intercepts pointer events, as Playwright says; uncovered, it lands', async () => {
  const { page, device } = await open(`<button id="go" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Go</button>
    <div id="cover" class="sheet" style="position:absolute;left:0;top:0;width:400px;height:200px;background:rgba(0,0,0,.2)"></div>${CLICKS}`);
  const e = await errorOf(device.byRole('Button', { name: 'Go' }).click({ timeout: 300 }));
  pwExpect(e.code).toBe('not_hittable');
  pwExpect(e.message).toMatch(/<div id="cover" class="sheet"><\/div> intercepts pointer events at \(80, 40\)/);
  pwExpect(await clicks(page)).toEqual([]);
  // { force: true } skips the hit test, as Playwright's does: the click is sent, and the cover takes it.
  const forced = await device.byRole('Button', { name: 'Go' }).click({ force: true });
  pwExpect(forced.forced).toBe(true);
  pwExpect(await clicks(page)).toEqual(['cover']);
  await page.evaluate(() => { document.getElementById('cover')!.remove(); (window as unknown as { clicks: string[] }).clicks = []; });
  await device.byRole('Button', { name: 'Go' }).click();
  pwExpect(await clicks(page)).toEqual(['go']);
  await page.close();
});

test('something that covers the target after the check (a tooltip shown as the pointer arrives) does not take the click: it is held back in the page and the target checked again, as Playwright\'s hit-target check', async () => {
  // The cover appears on the pointer's arrival, after the in-page check passed; `hideAfter` ms later it goes.
  const page = async (hideAfter: number | null) => open(`<button id="go" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Go</button>
    <div id="cover" style="display:none;position:absolute;left:0;top:0;width:400px;height:200px;background:rgba(0,0,0,.2)"></div>${CLICKS}
    <script>let shown = false; document.getElementById('go').addEventListener('mouseover', () => {
      if (shown) return; shown = true; const c = document.getElementById('cover'); c.style.display = 'block';
      ${hideAfter === null ? '' : `setTimeout(() => { c.style.display = 'none'; }, ${hideAfter});`} });</script>`);
  // It stays: the click never lands on the cover, and fails naming it once the time is up.
  const stays = await page(null);
  const e = await errorOf(stays.device.byRole('Button', { name: 'Go' }).click({ timeout: 1000 }));
  pwExpect(e.code).toBe('not_hittable');
  pwExpect(e.message).toContain('<div id="cover"');
  pwExpect(await clicks(stays.page)).toEqual([]);
  await stays.page.close();
  // It goes: the held-back click is not lost; the target is clicked once, the cover never.
  const goes = await page(200);
  await goes.device.byRole('Button', { name: 'Go' }).click({ timeout: 5000 });
  pwExpect(await clicks(goes.page)).toEqual(['go']);
  await goes.page.close();
});

test('a moving button is clicked only once it stays put for two animation frames', async () => {
  // The button moves one pixel every frame until the test stops it; each click records whether it moved still.
  const { page, device } = await open(`<button id="go" style="position:absolute;left:20px;top:20px">Go</button>
    <script>
      window.ticks = 0; window.moving = true; window.clickedWhileMoving = [];
      const b = document.getElementById('go');
      b.addEventListener('click', () => clickedWhileMoving.push(moving));
      (function step() { if (!moving) return; ticks++; b.style.left = (20 + ticks % 200) + 'px'; requestAnimationFrame(step); })();
    </script>`);
  const click = device.byRole('Button', { name: 'Go' }).click();
  // Let it wait through many frames of movement, then stop the button.
  await page.waitForFunction(() => (window as unknown as { ticks: number }).ticks >= 60);
  await page.evaluate(() => { (window as unknown as { moving: boolean }).moving = false; });
  await click;
  pwExpect(await page.evaluate(() => (window as unknown as { clickedWhileMoving: boolean[] }).clickedWhileMoving)).toEqual([false]);
  // One that never stops: a timeout naming the instability.
  await page.evaluate(() => {
    const w = window as unknown as { moving: boolean; ticks: number };
    w.moving = true;
    const b = document.getElementById('go')!;
    (function step() { w.ticks++; b.style.left = `${20 + w.ticks % 200}px`; requestAnimationFrame(step); })();
  });
  const e = await errorOf(device.byRole('Button', { name: 'Go' }).click({ timeout: 300 }));
  pwExpect(e.message).toContain('not stable: its bounds keep changing');
  await page.close();
});

test('stability takes one frame after a capture taken for the click, whose box is the first sample; two on a reused capture, or when the box moved since; a frame at the capture\'s animation time is no sample', async () => {
  // Counts the animation frames the page is asked for (the in-page check's samples are a frame apart), and
  // those whose callback reads a later animation time than the request did. A frame late on a loaded
  // machine comes at the time a task before it (the capture) already read; with sameTime_ set, the next one
  // is answered so, at once.
  const { page, device } = await open(`<button id="go" style="position:absolute;left:20px;top:20px" onclick="this.textContent = 'Clicked'">Go</button>
    <button id="shift" style="position:absolute;left:20px;top:100px" onclick="document.getElementById('late').textContent = 'Late'">Shift</button>
    <button id="late" style="position:absolute;left:20px;top:180px">Soon</button>
    <script>window.frames_ = 0; window.later_ = 0; window.sameTime_ = false; const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (f) => {
        frames_++;
        const t = document.timeline.currentTime;
        const done = (ts) => { if (document.timeline.currentTime > t) later_++; f(ts); };
        if (sameTime_) { sameTime_ = false; queueMicrotask(() => done(performance.now())); return 0; }
        return raf(done);
      };</script>${CLICKS}`);
  type Frames = { frames_: number; later_: number };
  const framesOf = async (click: () => Promise<unknown>) => {
    await page.evaluate(() => { Object.assign(window, { frames_: 0, later_: 0 }); });
    await click();
    return page.evaluate(() => ({ all: (window as unknown as Frames).frames_, later: (window as unknown as Frames).later_ }));
  };
  // webDevice's capture, unchanged since: reused, so its box is no sample of now: two frames.
  pwExpect((await framesOf(() => device.byRole('Button', { name: 'Go' }).click())).all).toBe(2);
  // The click changed the page: the next click captures, and one frame on (one whose animation time is
  // past the capture's) the box is the same.
  pwExpect((await framesOf(() => device.byRole('Button', { name: 'Clicked' }).click())).later).toBe(1);
  // Moved after the capture (a layout shift as the click starts): the capture's box is not the page's
  // any more, so two samples in the page decide, and the click lands where the button is now.
  const driver = device.driver as unknown as { checkActionable: (...a: unknown[]) => Promise<unknown> };
  const check = driver.checkActionable.bind(driver);
  driver.checkActionable = async (...a: unknown[]) => {
    await page.evaluate(() => { document.getElementById('shift')!.style.top = '140px'; });
    return check(...a);
  };
  pwExpect((await framesOf(() => device.byRole('Button', { name: 'Shift' }).click())).all).toBe(2);
  // The Shift click renamed this one: the click captures. Its first frame comes at the animation time the
  // check started at, no later than the capture's: the box it reads there is no second sample (a field that
  // drifts would read the capture's box, and pass as stable), and the check waits for a frame past it.
  driver.checkActionable = async (...a: unknown[]) => {
    await page.evaluate(() => { (window as unknown as { sameTime_: boolean }).sameTime_ = true; });
    return check(...a);
  };
  const late = await framesOf(() => device.byRole('Button', { name: 'Late' }).click());
  pwExpect(late.later).toBe(1);
  pwExpect(late.all).toBeGreaterThanOrEqual(2);
  driver.checkActionable = check;
  pwExpect(await clicks(page)).toEqual(['go', 'go', 'shift', 'late']);
  await page.close();
});

/** A capture's two answers, in order of method: the DOM snapshot, and the in-page capture (run in a world of its own). */
const CAPTURE_ANSWERS = ['DOMSnapshot.captureSnapshot', 'Runtime.evaluate (in a world of its own)'];

test('a click right after a change asks the page once before the capture: the change check\'s reading is the capture\'s own', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.setContent(`<!doctype html><title>Calls</title><button id="go" onclick="this.textContent = 'Clicked ' + clicks.length">Go</button>${CLICKS}`);
  // Every CDP call of the device's session, by method.
  const calls = recordCdpCalls(page, (method, params) => method + (params?.contextId ? ' (in a world of its own)' : ''));
  const device = await webDevice(page);
  await device.byRole('Button', { name: 'Go' }).click();
  calls.length = 0;
  const captures = countCaptures(device.driver);
  await device.byRole('Button', { name: /^Clicked/ }).click();
  pwExpect(captures.count).toBe(1);
  // The change check (mark, viewport and size check in one), then the capture's two answers (the in-page capture, the DOM snapshot).
  pwExpect(calls[0]).toBe('Runtime.evaluate');
  pwExpect(calls.slice(1, 3).sort()).toEqual(CAPTURE_ANSWERS);
  pwExpect(calls.filter((m) => m === 'Runtime.evaluate')).toHaveLength(1);
  captures.stop();
  pwExpect(await clicks(page)).toEqual(['go', 'go']);
  // The reading is kept only for the capture that follows the check at once: a call to the page in
  // between (a hover) drops it, and the capture reads the page afresh.
  const driver = device.driver as unknown as { unchanged(s: unknown): Promise<boolean>; hover(x: number, y: number): Promise<void> };
  const before = device.lastSnapshot();
  await page.evaluate(() => { document.title = 'Changed'; });
  pwExpect(await driver.unchanged(before)).toBe(false);
  calls.length = 0;
  await device.snapshot();
  pwExpect(calls.slice(0, 2).sort()).toEqual(CAPTURE_ANSWERS);
  await page.evaluate(() => { document.title = 'Changed again'; });
  pwExpect(await driver.unchanged(device.lastSnapshot())).toBe(false);
  await driver.hover(1, 1);
  calls.length = 0;
  const after = await device.snapshot();
  pwExpect(calls[0]).toBe('Runtime.evaluate');
  pwExpect(after.roots[0]!.label).toBe('Changed again');
  await page.close();
});

test('a button in an open shadow root takes the click, as Playwright clicks it: the point is hit-tested into the shadow tree, not stopped at its host', async () => {
  const html = `${CLICKS}<div id="host"></div><script>
    document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button id="inner">Shadow</button>';
    document.addEventListener('click', (e) => clicks.push('path ' + e.composedPath()[0].id));</script>`;
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  await pw.getByRole('button', { name: 'Shadow' }).click({ timeout: 2000 });
  await device.getByRole('button', { name: 'Shadow' }).click({ timeout: 2000 });
  pwExpect(await clicks(page)).toEqual(await clicks(pw));
  pwExpect(await clicks(pw)).toEqual(['host', 'path inner']);
  await pw.close();
  await page.close();
});

test('a disabled button: the click fails with target_disabled, and waits for it to be enabled', async () => {
  const { page, device } = await open(`<button id="go" disabled>Go</button><button id="aria" aria-disabled="true">Soft</button>${CLICKS}`);
  const e = await errorOf(device.byRole('Button', { name: 'Go' }).click({ timeout: 300 }));
  pwExpect(e.code).toBe('target_disabled');
  pwExpect(e.message).toContain('the node is disabled');
  // aria-disabled takes events, but is not enabled (Playwright's rule): no click is sent.
  const soft = await errorOf(device.byRole('Button', { name: 'Soft' }).click({ timeout: 300 }));
  pwExpect(soft.code).toBe('target_disabled');
  pwExpect(await clicks(page)).toEqual([]);
  // Enabled while the click waits: it lands.
  const click = device.byRole('Button', { name: 'Go' }).click();
  await page.evaluate(() => { (document.getElementById('go') as HTMLButtonElement).disabled = false; });
  await click;
  pwExpect(await clicks(page)).toEqual(['go']);
  await page.close();
});

test('fill waits for a field it can type into, as Playwright\'s fill: the same verdict as Playwright on native, ARIA and contenteditable fields, read-only or not; made editable while it waits, it fills', async () => {
  // Read-only by the attribute of a native field, by aria-readonly where the role allows it (not on a
  // native field: Playwright reads its attribute only); Chromium calls the aria-readonly input read-only.
  const fields = `<label>Plain <input></label><label>Fixed <input readonly></label><label>Aria <input aria-readonly="true"></label>
    <label>Notes <textarea readonly></textarea></label><label>Off <input disabled></label>
    <div role="textbox" aria-label="Rich" contenteditable></div><div role="textbox" aria-label="Locked" contenteditable aria-readonly="true"></div>
    <div role="textbox" aria-label="Inert"></div>`;
  const names = ['Plain', 'Fixed', 'Aria', 'Notes', 'Off', 'Rich', 'Locked'];
  const { page, device } = await open(fields);
  const pw = await browser.newPage();
  await pw.setContent(fields);
  // Playwright's verdict is what its fill waits for (every field is visible): enabled and editable now;
  // it throws for an element it cannot call editable at all. Ours is the fill itself, given time where
  // Playwright's is yes, so the machine's load cannot turn a yes into a no.
  const theirs: Record<string, boolean> = {}, ours: Record<string, boolean> = {};
  for (const name of names) {
    theirs[name] = await pw.getByRole('textbox', { name }).isEditable().catch(() => false);
    ours[name] = await device.getByRole('textbox', { name }).fill('x', { timeout: theirs[name] ? 10_000 : 300 }).then(() => true, () => false);
  }
  pwExpect(ours).toEqual(theirs);
  // toBeEditable on a capture reads the same rule (platform.readOnly): Playwright's verdict on each field.
  for (const name of names) await expect(device.getByRole('textbox', { name })).toBeEditable({ editable: theirs[name], timeout: 5000 });
  // A textbox that is no field at all: Playwright calls it editable (its role allows aria-readonly) but
  // its fill never types into it; ours says at once it is not editable.
  pwExpect(await pw.getByRole('textbox', { name: 'Inert' }).fill('x', { timeout: 300 }).then(() => 'filled', () => 'refused')).toBe('refused');
  pwExpect((await errorOf(device.getByRole('textbox', { name: 'Inert' }).fill('x', { timeout: 300 }))).code).toBe('action_unavailable');
  // What was compared: three fields each way, and none typed into where Playwright would not.
  pwExpect(Object.values(theirs).filter(Boolean).length).toBe(3);
  pwExpect(await page.evaluate(() => Array.from(document.querySelectorAll('input, textarea')).map((e) => (e as HTMLInputElement).value))).toEqual(['x', '', 'x', '', '']);
  const e = await errorOf(device.getByRole('textbox', { name: 'Fixed' }).fill('x', { timeout: 300 }));
  pwExpect(e.code).toBe('target_disabled');
  pwExpect(e.message).toContain('the node is read-only');
  // Made editable while the fill waits: it fills.
  const fill = device.getByRole('textbox', { name: 'Fixed' }).fill('late');
  await page.evaluate(() => setTimeout(() => document.querySelector('input[readonly]')!.removeAttribute('readonly'), 150));
  await fill;
  pwExpect(await page.evaluate(() => (document.querySelectorAll('input')[1] as HTMLInputElement).value)).toBe('late');
  await pw.close();
  await page.close();
});

test('fill replaces the field\'s text with one input, as Playwright\'s fill: the same events on the same page, with no key and no pointer event', async () => {
  const html = `<label>Name <input id="name" value="old text"></label><script>
    window.log = [];
    for (const t of ['beforeinput', 'input', 'change', 'keydown', 'keyup', 'pointerdown', 'mousedown', 'mouseup', 'click', 'focus', 'blur'])
      document.getElementById('name').addEventListener(t, (e) => window.log.push(t + (e.inputType ? ' ' + e.inputType : e.key ? ' ' + e.key : '')));
  </script>`;
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  const log = (p: Page) => p.evaluate(() => (window as unknown as { log: string[] }).log);
  await pw.getByRole('textbox', { name: 'Name' }).fill('new text');
  await device.getByRole('textbox', { name: 'Name' }).fill('new text');
  pwExpect(await log(page)).toEqual(await log(pw));
  pwExpect(await log(pw)).toEqual(['focus', 'beforeinput insertText', 'input insertText']);
  pwExpect(await page.inputValue('#name')).toBe('new text');
  // clear: the selection deleted by the Delete key, as Playwright's fill('').
  await pw.getByRole('textbox', { name: 'Name' }).clear();
  await device.getByRole('textbox', { name: 'Name' }).clear();
  pwExpect(await log(page)).toEqual(await log(pw));
  pwExpect([await page.inputValue('#name'), await pw.inputValue('#name')]).toEqual(['', '']);
  await pw.close();
  await page.close();
});

test('fill takes each input type as Playwright\'s fill does: typed into, its value set (a date, a colour, a range), or refused (text in a number input, a checkbox); a textarea and a contenteditable element have their text replaced', async () => {
  const cases: Array<[string, string]> = [['text', 'hello'], ['search', 'q'], ['email', 'a@b.c'], ['tel', '123'], ['url', 'http://x'], ['password', 'pw'], ['number', '42'],
    ['number', 'abc'], ['date', '2020-03-04'], ['time', '13:37'], ['color', '#ff0000'], ['range', '7'], ['month', '2020-03'], ['datetime-local', '2020-03-04T05:06'], ['week', '2020-W10']];
  const html = cases.map(([type], i) => `<label>F${i} <input type="${type}" id="f${i}"></label>`).join('') +
    '<textarea aria-label="Notes">old</textarea><div contenteditable aria-label="Rich" role="textbox">old <b>text</b></div>';
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  const valueOf = (p: Page, name: string) => p.getByLabel(name, { exact: true }).evaluate((e) => (e as HTMLInputElement).value ?? e.textContent);
  const theirs: string[] = [], ours: string[] = [];
  for (const [i, [, text]] of cases.entries()) {
    theirs.push(await pw.getByLabel(`F${i}`, { exact: true }).fill(text, { timeout: 2000 }).then(() => valueOf(pw, `F${i}`), () => 'refused'));
    ours.push(await device.getByLabel(`F${i}`, { exact: true }).fill(text, { timeout: 2000 }).then(() => valueOf(page, `F${i}`), (e: unknown) => (isTreewrightError(e) ? 'refused' : String(e))));
  }
  for (const name of ['Notes', 'Rich']) {
    await pw.getByLabel(name).fill('new');
    await device.getByLabel(name).fill('new');
    theirs.push(await valueOf(pw, name));
    ours.push(await valueOf(page, name));
  }
  pwExpect(ours).toEqual(theirs);
  // What was compared: every value type set, the number's text refused, the rest typed.
  pwExpect(theirs).toEqual([...cases.map(([type, text]) => (type === 'number' && text === 'abc' ? 'refused' : text)), 'new', 'new']);
  const e = await errorOf(device.getByLabel('F7', { exact: true }).fill('abc'));
  pwExpect([e.code, e.message]).toEqual(['invalid_arguments', pwExpect.stringContaining('a number input takes no text that is not a number')]);
  // A date the input does not take is refused, not dropped.
  const bad = await errorOf(device.getByLabel('F8', { exact: true }).fill('4 March 2020'));
  pwExpect([bad.code, bad.message, bad.details.hint]).toEqual(['invalid_arguments', pwExpect.stringContaining('the date input did not take the value'), pwExpect.stringContaining("'2020-03-04'")]);
  pwExpect(await page.inputValue('#f8')).toBe('');
  await pw.close();
  await page.close();
});

test('on a real page whose script completes what is typed (APG\'s combobox with inline completion), fill leaves what Playwright\'s fill leaves: the text alone', async () => {
  const site = await serveStatic(WEB_FIXTURES);
  const page = await browser.newPage();
  try {
    await page.route((url) => !url.href.startsWith(`${site.url}/`), (route) => route.abort());
    await page.goto(`${site.url}/apg/content/patterns/combobox/examples/combobox-autocomplete-both.html`);
    const device = await webDevice(page);
    // Playwright and treewright in turn on the one page: each fill follows the other's, whose
    // completion the page has shown and selected.
    const left: Array<[string, string]> = [];
    for (const [text, by] of [['Ne', 'Playwright'], ['No', 'treewright'], ['Ar', 'Playwright'], ['Ne', 'treewright'], ['Ma', 'treewright']] as const) {
      if (by === 'Playwright') await page.getByRole('combobox', { name: 'State' }).fill(text);
      else await device.getByRole('combobox', { name: 'State' }).fill(text);
      left.push([by, await page.inputValue('#cb1-input')]);
    }
    pwExpect(left).toEqual([['Playwright', 'Ne'], ['treewright', 'No'], ['Playwright', 'Ar'], ['treewright', 'Ne'], ['treewright', 'Ma']]);
  } finally {
    await page.close();
    await site.close();
  }
});

test('on APG\'s inline-completion combobox, pressSequentially and press leave what Playwright\'s leave: the completed text and its selection, the list open or closed, the option chosen', async () => {
  const site = await serveStatic(WEB_FIXTURES);
  // What the page shows after each step: the field's value, its selected part, whether the list is open, the option marked.
  const state = (page: Page) => page.evaluate(() => {
    const input = document.getElementById('cb1-input') as HTMLInputElement;
    return [input.value, input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0), input.getAttribute('aria-expanded'), document.querySelector('[aria-selected="true"]')?.textContent ?? null].join(' | ');
  });
  const run = async (by: 'Playwright' | 'treewright') => {
    const page = await browser.newPage();
    try {
      await page.route((url) => !url.href.startsWith(`${site.url}/`), (route) => route.abort());
      await page.goto(`${site.url}/apg/content/patterns/combobox/examples/combobox-autocomplete-both.html`);
      const device = await webDevice(page);
      const field = () => (by === 'Playwright' ? page.getByRole('combobox', { name: 'State' }) : device.getByRole('combobox', { name: 'State' }));
      const seen: string[] = [];
      await field().pressSequentially('Ne');
      seen.push(await state(page));
      await field().press('ArrowDown');
      seen.push(await state(page));
      await field().press('Enter');
      seen.push(await state(page));
      await field().press('Backspace');
      seen.push(await state(page));
      return seen;
    } finally {
      await page.close();
    }
  };
  try {
    const theirs = await run('Playwright');
    pwExpect(await run('treewright')).toEqual(theirs);
    // The page completed what was typed: the steps did what a person's keys do there.
    pwExpect(theirs[0]).toMatch(/^Ne\w+ \| \w+ \| true/);
  } finally {
    await site.close();
  }
});

test('press and pressSequentially focus their field as Playwright\'s do: no pointer event, and an input that lacked focus is typed into at its start', async () => {
  const html = `<label>Name <input id="name" value="abc"></label><label>Notes <textarea id="notes">line</textarea></label>
    <div contenteditable role="textbox" aria-label="Rich" id="rich">rich text</div><button id="other">Other</button><script>window.log = [];
    for (const id of ['name', 'notes', 'rich']) for (const t of ['pointerdown', 'mousedown', 'click', 'focus']) document.getElementById(id).addEventListener(t, () => log.push(id + ' ' + t));</script>`;
  const state = (p: Page) => p.evaluate(() => [(document.getElementById('name') as HTMLInputElement).value, (document.getElementById('notes') as HTMLTextAreaElement).value,
    document.getElementById('rich')!.textContent, (window as unknown as { log: string[] }).log.join(',')]);
  type On = { getByRole(role: 'textbox', o: { name: string }): { press(key: string): Promise<unknown>; pressSequentially(text: string): Promise<unknown> } };
  const steps: Array<(on: On, p: Page) => Promise<unknown>> = [
    (on) => on.getByRole('textbox', { name: 'Name' }).pressSequentially('X'),
    (on) => on.getByRole('textbox', { name: 'Notes' }).pressSequentially('Y'),
    (on) => on.getByRole('textbox', { name: 'Rich' }).pressSequentially('Z'),
    // Focused before, its caret left at the end, then blurred: the caret goes back to the start.
    async (on, p) => { await p.focus('#name'); await p.press('#name', 'End'); await p.focus('#other'); await on.getByRole('textbox', { name: 'Name' }).press('w'); },
    (on) => on.getByRole('textbox', { name: 'Name' }).press('End').then(() => on.getByRole('textbox', { name: 'Name' }).pressSequentially('!')),
  ];
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  for (const step of steps) {
    await step(pw, pw);
    await step(device, page);
    pwExpect(await state(page)).toEqual(await state(pw));
  }
  pwExpect(await state(pw)).toEqual(['wXabc!', 'Yline', 'Zrich text', 'name focus,notes focus,rich focus,name focus,name focus']);
  await pw.close();
  await page.close();
});

test('a box one pixel wide is aimed at inside it: a visually hidden checkbox (opacity 0, 1×1 px) is checked, as Playwright checks it', async () => {
  const html = `<style>.sr { position: absolute; opacity: 0; width: 1px; height: 1px; overflow: hidden } .box { display: inline-block; width: 20px; height: 20px; border: 1px solid }</style>
    <p>Terms</p><input type="checkbox" id="agree" class="sr"><label for="agree"><span class="box"></span> I agree</label>`;
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  await pw.getByRole('checkbox', { name: 'I agree' }).check({ timeout: 2000 });
  await device.getByRole('checkbox', { name: 'I agree' }).check({ timeout: 2000 });
  pwExpect([await page.isChecked('#agree'), await pw.isChecked('#agree')]).toEqual([true, true]);
  // Its rounded centre is on its edge, where the label's box starts: what was aimed at is the box itself.
  pwExpect(await page.evaluate(() => { const r = document.getElementById('agree')!.getBoundingClientRect(); return [r.width, r.height]; })).toEqual([1, 1]);
  await pw.close();
  await page.close();
});

test('fill does not wait for a moving field to stop, as Playwright\'s fill (visible, enabled, editable): its tap lands on the field or is held back', async () => {
  const html = `<style>@keyframes drift { from { transform: translateX(0) } to { transform: translateX(40px) } }
    #name { animation: drift 20s linear infinite alternate }</style><label>Name <input id="name"></label>`;
  const { page, device } = await open(html);
  const pw = await browser.newPage();
  await pw.setContent(html);
  await pw.getByRole('textbox', { name: 'Name' }).fill('by Playwright', { timeout: 5000 });
  await device.getByRole('textbox', { name: 'Name' }).fill('by treewright', { timeout: 5000 });
  pwExpect([await pw.inputValue('#name'), await page.inputValue('#name')]).toEqual(['by Playwright', 'by treewright']);
  // A click waits for it to be stable, as Playwright's click does: it never is.
  pwExpect((await errorOf(device.getByRole('textbox', { name: 'Name' }).click({ timeout: 500 }))).message).toContain('not stable');
  await pw.close();
  await page.close();
});

test('a reused capture that no longer holds the target is not trusted: the locator is resolved again on a fresh capture', async () => {
  const { page, device } = await open(`<div id="box"><button id="old">Old</button></div>${CLICKS}`);
  const counter = countCaptures(device.driver);
  // Replaced by script after the capture: the change is seen, the click captures and finds the new one.
  await page.evaluate(() => { document.getElementById('box')!.innerHTML = '<button id="new">New</button>'; });
  await device.byRole('Button', { name: 'New' }).click();
  pwExpect(counter.count).toBe(1);
  pwExpect(await clicks(page)).toEqual(['new']);
  counter.stop();
  await page.close();
});

test('the page object of the action\'s target is resolved once and kept for its calls; one that no longer answers (released) is resolved again, and the action lands', async () => {
  const { page, device } = await open(`<button id="a" onclick="this.textContent = 'A ' + clicks.length">A</button><button id="b">B</button>${CLICKS}`);
  // The driver's own session and kept object: what the test releases behind its back.
  const driver = device.driver as unknown as { cdp(): Promise<{ send(method: string, params?: object): Promise<unknown> }>; held: { objectId: Promise<string | null> } | null };
  const session = await driver.cdp();
  const send = session.send.bind(session);
  const resolves: number[] = [];
  session.send = (method, params) => { if (method === 'DOM.resolveNode') resolves[resolves.length - 1]!++; return send(method, params); };
  const click = async (name: RegExp) => { resolves.push(0); await device.byRole('Button', { name }).click(); };
  await click(/^A/);
  await click(/^A/);
  await click(/^A/);
  await click(/^B/);
  // Released (as a call on another node releases it, or a document gone drops it): the next call resolves its own.
  await send('Runtime.releaseObject', { objectId: (await driver.held!.objectId)! });
  await click(/^B/);
  await click(/^B/);
  // One resolve for A, kept for its next clicks; one for B; after the release, the calls that found it gone
  // resolve their own and the next call keeps one again.
  pwExpect(resolves.slice(0, 4)).toEqual([1, 0, 0, 1]);
  pwExpect(resolves[4]).toBeGreaterThan(0);
  pwExpect(resolves[5]).toBe(0);
  pwExpect(await clicks(page)).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  await page.close();
});

test("a receipt's after-capture is taken only when something reads the page: reading the receipt captures nothing; the next capture fills it", async () => {
  const { page, device } = await open(`<button id="go" onclick="this.textContent = 'Done'">Go</button><p>Idle</p>${CLICKS}`);
  const counter = countCaptures(device.driver);
  const r = await device.byRole('Button', { name: 'Go' }).click();
  // The receipt names its node and its before-generation; the after is unknown until a capture.
  pwExpect(r.before).toBe(device.lastSnapshot()!.generation);
  pwExpect([r.after, r.changed]).toEqual([null, null]);
  pwExpect(counter.count).toBe(0);
  // An assertion captures: that capture is the receipt's after, and it shows the click's change.
  await expect(device.byRole('Button', { name: 'Done' })).toBeVisible();
  pwExpect(counter.count).toBe(1);
  pwExpect(r).toMatchObject({ after: device.lastSnapshot()!.generation, changed: true });
  counter.stop();
  await page.close();
});

test('the page reads as unchanged since a capture only while it is; any change (DOM, text, scroll, focus, viewport, hash navigation) is seen, even before its event', async () => {
  const { page, device } = await open(`<button id="go">Go</button><input id="field" aria-label="Field"><div id="note" title="a">Note</div>
    <div style="height:3000px"></div>${CLICKS}`);
  const driver = device.driver as unknown as { unchanged(s: unknown): Promise<boolean>; stillResolves: unknown };
  const counter = countCaptures(device.driver);
  const go = async () => { counter.reset(); await device.byRole('Button', { name: 'Go' }).click(); return counter.count; };
  // Each round starts from a capture (an assertion that just passed, say). Nothing changed since: the
  // click resolves on it. Its own click changed the page (focus, input): the next one asks the page
  // whether the locator still finds the one button there, and it does.
  await device.snapshot();
  pwExpect(await go()).toBe(0);
  pwExpect(await driver.unchanged(device.lastSnapshot())).toBe(false);
  pwExpect(await go()).toBe(0);
  // Without that question (a driver that cannot ask), a change makes the action capture.
  const stillResolves = driver.stillResolves;
  driver.stillResolves = undefined;
  const changes: Array<[string, () => Promise<unknown>]> = [
    ['an attribute', () => page.evaluate(() => document.getElementById('note')!.setAttribute('title', 'b'))],
    ['a text', () => page.evaluate(() => { document.getElementById('note')!.firstChild!.nodeValue = 'Changed'; })],
    ['a scroll', () => page.evaluate(() => new Promise<void>((r) => { addEventListener('scroll', () => r(), { once: true }); scrollTo(0, 10); }))],
    ['a focus', () => page.evaluate(() => document.getElementById('field')!.focus())],
    // Neither waits for its event (a resize or scroll event comes with the next frame): the mark reads them as they are.
    ['the viewport', () => page.setViewportSize({ width: 780, height: 600 })],
    ['a scroll by script', () => page.evaluate(() => scrollTo(0, 20))],
    ['a hash navigation', () => page.evaluate(() => { location.hash = 'x'; })],
  ];
  for (const [what, change] of changes) {
    await device.snapshot();
    await change();
    pwExpect(await go(), `after ${what}`).toBe(1);
    await device.snapshot();
    pwExpect(await go(), `with nothing changed since the capture after ${what}`).toBe(0);
  }
  pwExpect((await clicks(page)).length).toBe(2 + 2 * changes.length);
  driver.stillResolves = stillResolves;
  counter.stop();
  await page.close();
});
