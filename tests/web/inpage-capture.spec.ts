// The web device's capture takes roles, names and states from the in-page capture
// (src/devices/web-inpage-capture.ts, joined by src/formats/cdp-inpage.ts) and asks Chromium's own
// getFullAXTree only where the pass does not cover the page or could not be joined: each way, the snapshot
// is the one Chromium's tree gives (axTree: 'chromium'), byte for byte.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { WebDriver } from '../../src/devices/web.js';
import { axFromInpage, decodeInpage, type InpageCapture } from '../../src/formats/cdp-inpage.js';
import type { DomSnapshot } from '../../src/formats/cdp-types.js';
import type { Snapshot } from '../../src/model/schema.js';
import { recordCdpCalls } from '../helpers/cdp-calls.js';
import { launch } from './helpers.js';

let browser: Browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const FORM = `<h1>Sign in</h1><form><label>Email <input type=email value=a@b.c></label>
<label for=pw>Password</label><input id=pw type=password>
<fieldset><legend>Plan</legend><label><input type=radio name=p checked> Free</label><label><input type=radio name=p> Pro</label></fieldset>
<select aria-label=Country><option>France</option><option selected>Japan</option></select>
<button disabled>Later</button><button>Sign in</button></form>
<nav aria-label=Footer><ul><li><a href="#help">Help</a></li><li><a href="#terms">Terms</a></li></ul></nav>
<p title="note">A <strong>short</strong> note.</p>`;

const json = (s: Snapshot) => JSON.stringify(s, (k, v: unknown) => (k === 'generation' || k === 'capturedAt' ? undefined : v));

/** The page's capture by the device as it comes (with the CDP calls it made) and by a device that asks Chromium for the tree. */
async function bothWays(page: Page): Promise<{ inpage: Snapshot; chromium: Snapshot; calls: string[] }> {
  const calls = recordCdpCalls(page, (m, params) => (params && 'frameId' in params ? `${m} frame` : m));
  const device = new WebDriver(page);
  const chromiumDevice = new WebDriver(page, { axTree: 'chromium' });
  try {
    const inpage = await device.capture();
    const made = [...calls];
    return { inpage, chromium: await chromiumDevice.capture(), calls: made };
  } finally {
    await device.close();
    await chromiumDevice.close();
  }
}

async function onPage<T>(html: string, body: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<!doctype html><title>Capture</title>${html}`);
    return await body(page);
  } finally {
    await page.close();
  }
}

test('the device works roles, names and states out in the page, with no getFullAXTree, and its snapshot is the one Chromium\'s tree gives', async () => {
  await onPage(FORM, async (page) => {
    const { inpage, chromium, calls } = await bothWays(page);
    expect(calls).toContain('DOMSnapshot.captureSnapshot');
    expect(calls).not.toContain('Accessibility.getFullAXTree');
    expect(json(inpage)).toBe(json(chromium));
  });
});

test('a page that replaces what scripts call (JSON, Map, Array methods, getComputedStyle) changes nothing: the pass runs in a world of its own', async () => {
  const broken = `<script>JSON.stringify = () => '"broken"'; window.Map = function () { throw new Error('no Map'); };
    Array.prototype.map = function () { return []; }; window.getComputedStyle = () => ({});</script>`;
  await onPage(FORM + broken, async (page) => {
    const { inpage, chromium, calls } = await bothWays(page);
    expect(calls).not.toContain('Accessibility.getFullAXTree');
    expect(json(inpage)).toBe(json(chromium));
  });
});

test('what the pass does not cover is read from Chromium\'s tree: MathML, a closed shadow tree, a document in a frame (the main document still the page\'s)', async () => {
  const pages = [
    '<p>Area <math><mi>x</mi><mo>=</mo><mn>2</mn></math></p><button>Go</button>',
    '<div id=host></div><script>host.attachShadow({ mode: "closed" }).innerHTML = "<button>Inside</button>"</script><button>Outside</button>',
    '<iframe srcdoc="<button>In the frame</button>"></iframe><button>Outside</button>',
  ];
  for (const html of pages) {
    await onPage(html, async (page) => {
      const frame = html.includes('iframe');
      if (frame) await page.frames()[1]!.waitForLoadState('load');
      const { inpage, chromium, calls } = await bothWays(page);
      // The main frame's tree (getFullAXTree with no frameId) only where the pass does not cover it.
      expect(calls.includes('Accessibility.getFullAXTree'), html).toBe(!frame);
      if (frame) expect(calls).toContain('Accessibility.getFullAXTree frame');
      expect(json(inpage), html).toBe(json(chromium));
      if (frame) expect(json(inpage)).toContain('In the frame');
    });
  }
});

test('after a navigation the pass\'s world is made again for the new document', async () => {
  await onPage(FORM, async (page) => {
    const calls = recordCdpCalls(page);
    const device = new WebDriver(page);
    try {
      await device.capture();
      // A new document (setContent alone writes into the same one).
      await page.goto('about:blank');
      await page.setContent('<!doctype html><title>Next</title><button>Next page</button>');
      const next = await device.capture();
      expect(JSON.stringify(next)).toContain('Next page');
      expect(calls).not.toContain('Accessibility.getFullAXTree');
      expect(calls.filter((m) => m === 'Page.createIsolatedWorld')).toHaveLength(2);
    } finally {
      await device.close();
    }
  });
});

test('the join refuses an answer whose walk is not the DOM snapshot\'s node list (the page changed between them)', () => {
  const strings = ['#document', 'HTML', 'BODY', 'BUTTON', '#text', '::before', 'Go'];
  const dom: DomSnapshot = {
    strings,
    documents: [{
      documentURL: 0, title: 0, frameId: 0,
      nodes: { nodeName: [0, 1, 2, 3, 5, 4], parentIndex: [-1, 0, 1, 2, 3, 3], backendNodeId: [10, 11, 12, 13, 14, 15], nodeValue: [-1, -1, -1, -1, -1, 6] },
      layout: { nodeIndex: [], styles: [], bounds: [] },
    }],
  };
  const entry = (parent: number, role: string, place: number, name = '') => ({ parent, role, name, ignored: false, place, host: -1 });
  const answer: InpageCapture = {
    names: ['#document', 'HTML', 'BODY', 'BUTTON', '#text'],
    // The text named by its node's own words: the snapshot's nodeValue.
    entries: [entry(-1, 'RootWebArea', 0, 'Capture'), entry(0, 'generic', 2), entry(1, 'button', 3, 'Go'), { ...entry(2, 'StaticText', 4), nodeText: true }],
  };
  const ax = axFromInpage(answer, dom)!;
  expect(ax[3]!.name?.value).toBe('Go');
  // Ids are the snapshot's backend ids by place, the ::before box skipped in the count.
  expect(ax.map((n) => n.backendDOMNodeId)).toEqual([10, 12, 13, 15]);
  expect(ax[2]!.childIds).toEqual(['15']);
  expect(axFromInpage({ ...answer, names: ['#document', 'HTML', 'BODY', 'DIV', '#text'] }, dom)).toBeNull();
  expect(axFromInpage({ ...answer, names: answer.names.slice(0, 4) }, dom)).toBeNull();
  expect(axFromInpage({ ...answer, names: [...answer.names, '#text'] }, dom)).toBeNull();
});

test('the page\'s rows read back as the entries they were written from; anything else (not JSON, rows or rects of another shape) is no answer, and the capture asks Chromium', () => {
  const text = JSON.stringify({
    names: '#document HTML BODY #text',
    rows: [
      [-1, 'RootWebArea', 'Capture', 0, 0, -1, 'relatedElement', 0, { focusable: true }],
      [0, 'generic', '', 'uninteresting', 2, -1],
      [1, 'StaticText', '', 0, -1, 2, 'contents', 0, 0, 0, 0, '::before'],
      [1, 'StaticText', 1, 0, 3, -1, 'contents'],
      [0, 'button', 'Go', 0, 1, -1, 'attribute', 'aria-label', { focusable: true }, 'Sends it', 0, 0, 1],
    ],
    rects: [[1, 0, 0, 10, 10, 0, 0, 10, 20]],
  });
  expect(decodeInpage(text)).toEqual({
    names: ['#document', 'HTML', 'BODY', '#text'],
    entries: [
      { parent: -1, role: 'RootWebArea', name: 'Capture', ignored: false, place: 0, host: -1, from: 'relatedElement', states: { focusable: true } },
      { parent: 0, role: 'generic', name: '', ignored: true, why: 'uninteresting', place: 2, host: -1 },
      { parent: 1, role: 'StaticText', name: '', ignored: false, place: -1, host: 2, from: 'contents', pseudoPart: '::before' },
      { parent: 1, role: 'StaticText', name: '', ignored: false, place: 3, host: -1, from: 'contents', nodeText: true },
      { parent: 0, role: 'button', name: 'Go', ignored: false, place: 1, host: -1, from: 'attribute', attr: 'aria-label', states: { focusable: true }, description: 'Sends it', editable: true },
    ],
    rects: [[1, 0, 0, 10, 10, 0, 0, 10, 20]],
  });
  for (const bad of [null, 42, 'null', '{', '"text"', '{"rows":[],"names":[]}', '{"rows":[[0,"generic"]],"names":""}', '{"rows":{},"names":""}',
    '{"rows":[],"names":"","rects":[[1,2]]}', '{"rows":[],"names":"","rects":[1]}', '{"rows":[],"names":"","rects":[[0,0,0,0,0,0,0,0,"x"]]}']) expect(decodeInpage(bad), String(bad)).toBeNull();
});
