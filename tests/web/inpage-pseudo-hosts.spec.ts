// The in-page pass's one fast path (src/devices/web-inpage-pseudo-hosts.ts): ::before and ::after are
// read only of the elements the page's style sheets may give a box. Which elements it finds, where it
// gives up, and that a capture with it answers what reading every element answers (inpage.spec.ts holds
// the same on every fixture and probe page).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PSEUDO_HOSTS_SOURCE } from '../../src/devices/web-inpage-pseudo-hosts.js';
import { inpageCaptureExpression } from '../../src/devices/web-inpage-capture.js';
import { decodeInpage } from '../../src/formats/cdp-inpage.js';
import { chromiumMajor } from '../helpers/inpage-ax-compare.js';
import { launch } from './helpers.js';

let browser: Browser;
let page: Page;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });
test.beforeEach(async () => { page = await browser.newPage(); });
test.afterEach(async () => { await page?.close(); });

/**
 * The ids of the elements pseudoHosts(maxRules) answers on a page of `html` (an element without one by
 * its tag), sorted; null where it gives up. `doctype` false: a page in quirks mode.
 */
async function hostsOf(html: string, maxRules = 1e9, doctype = true): Promise<string[] | null> {
  await page.setContent(`${doctype ? '<!doctype html>' : ''}<title>hosts</title>${html}`);
  return page.evaluate(`(() => { ${PSEUDO_HOSTS_SOURCE}; const h = pseudoHosts(${maxRules}); return h && [...document.querySelectorAll('*')].filter(h).map((e) => e.id || e.localName).sort(); })()`);
}

/** The in-page capture's answer on the current page, with the fast path and reading every element's boxes. */
async function bothWays(): Promise<{ fast: string; plain: string }> {
  const chromium = chromiumMajor(page);
  return page.evaluate(`({ fast: ${inpageCaptureExpression(chromium, true)}, plain: ${inpageCaptureExpression(chromium, true, true)} })`);
}

/** The accessible names in a capture's answer. */
function names(text: string): string[] {
  return decodeInpage(text)!.entries.map((e) => e.name).filter(Boolean);
}

test('with no rule of the page on ::before or ::after, the hosts are the user agent\'s own (q\'s quotes)', async () => {
  expect(await hostsOf('<p id="p">text</p><q id="q">quoted</q><button id="b">Go</button>')).toEqual(['q']);
});

test('a rule on ::before or ::after that sets content (or an animation) makes its elements hosts; one that sets neither does not', async () => {
  const css = `.icon::before { content: '★' } .b:after { content: '' } .anim::before { animation: k 1s }
    *, *::before, *::after { box-sizing: border-box } .plain::before { color: red }`;
  expect(await hostsOf(`<style>${css}</style><i id="i" class="icon"></i><span id="s" class="b"></span><span id="a" class="anim"></span><span id="n" class="plain"></span>`))
    .toEqual(['a', 'i', 's']);
});

test('each part of a selector list counts alone, a combinator with nothing after it stands for any element, and ::before inside a string is not the pseudo-element', async () => {
  const css = `.x::before, .y { content: 'x' } ul > ::after { content: '-' } [data-k="a::before"]::after { content: 'z' }`;
  expect(await hostsOf(`<style>${css}</style><p id="x" class="x"></p><p id="y" class="y"></p><ul id="u"><li id="l1"></li><li id="l2"></li></ul><b id="k" data-k="a::before"></b>`))
    .toEqual(['k', 'l1', 'l2', 'x']);
});

test('an icon font\'s thousands of one-class rules are asked of each element\'s classes; at 64 selectors of other shapes it gives up', async () => {
  const icons = Array.from({ length: 2000 }, (_, i) => `.fa-i${i}:before { content: "${i}" }`).join('\n');
  expect(await hostsOf(`<style>${icons}</style><i id="a" class="fa fa-i7"></i><i id="b" class="fa"></i><svg id="c" class="fa-i1999"></svg><i id="d" class="fa-i2000"></i>`))
    .toEqual(['a', 'c']);
  const shaped = (n: number) => Array.from({ length: n }, (_, i) => `p.k${i}::after { content: "${i}" }`).join('\n');
  expect(await hostsOf(`<style>${shaped(63)}</style><p id="p" class="k62"></p><p id="o" class="k63"></p>`)).toEqual(['p']);
  expect(await hostsOf(`<style>${shaped(64)}</style><p class="k1"></p>`)).toBeNull();
});

test('in quirks mode, where class names match without case, a one-class selector is matched by querySelectorAll', async () => {
  expect(await hostsOf(`<style>.Star::before { content: '*' }</style><i id="s" class="star"></i><i id="o" class="other"></i>`, 1e9, false)).toEqual(['s']);
});

test('past the rules it may read (the capture allows one per node: reading a rule costs about a quarter of leaving one element\'s boxes unread), it gives up', async () => {
  const css = `.a { color: red } @media (min-width: 1px) { .b { color: blue } .c::before { content: 'c' } }`;
  const html = `<style>${css}</style><p id="c" class="c"></p>`;
  // Four rules: the three style rules and the @media that holds two of them.
  expect(await hostsOf(html, 4)).toEqual(['c']);
  expect(await hostsOf(html, 3)).toBeNull();
});

test('rules in @media, @supports, @layer and an adopted style sheet are read; a nested rule of another kind does not give up', async () => {
  const css = `@media (min-width: 1px) { .m::before { content: 'm' } } @supports (display: grid) { .s::after { content: 's' } }
    @layer base { .l::before { content: 'l' } } .n { color: red; & .inner { color: blue } }`;
  const html = `<style>${css}</style><p id="m" class="m"></p><p id="s" class="s"></p><p id="l" class="l"></p><p id="n" class="n"><span class="inner"></span></p><p id="ad" class="ad"></p>
    <script>const sheet = new CSSStyleSheet(); sheet.replaceSync('.ad::before { content: "a" }'); document.adoptedStyleSheets = [sheet];</script>`;
  expect(await hostsOf(html)).toEqual(['ad', 'l', 'm', 's']);
});

test('where a rule\'s own selector does not place it (nested under another rule, in @scope), it gives up: every element is read', async () => {
  expect(await hostsOf(`<style>.card { & > .t::before { content: 'n' } }</style><div class="card"><p class="t">x</p></div>`)).toBeNull();
  expect(await hostsOf(`<style>@scope (.card) { :scope::before { content: 'c' } }</style><div class="card">x</div>`)).toBeNull();
});

test('a style sheet of another origin, whose rules the page may not read, gives up, and its icon is still in the name', async () => {
  await page.route('https://app.example/', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title><link rel="stylesheet" href="https://cdn.example/icons.css"><button><i class="star"></i>Save</button>' }));
  await page.route('https://cdn.example/icons.css', (r) => r.fulfill({ contentType: 'text/css; charset=utf-8', body: '.star::before { content: "★ " }' }));
  await page.goto('https://app.example/');
  expect(await page.evaluate(`(() => { ${PSEUDO_HOSTS_SOURCE}; return pseudoHosts(1e9); })()`)).toBeNull();
  const { fast, plain } = await bothWays();
  expect(fast).toBe(plain);
  expect(names(fast)).toContain('★ Save');
});

test('a page with an open shadow root reads every element: :host::before and ::slotted()::before reach past the shadow tree', async () => {
  await page.setContent(`<!doctype html><title>shadow</title><div id="h"><span class="x">light</span></div><script>
    const root = document.getElementById('h').attachShadow({ mode: 'open' });
    root.innerHTML = '<style>:host::before { content: "Host " } ::slotted(.x)::before { content: "Slotted " }</style><button><slot></slot></button>';
  </script>`);
  const { fast, plain } = await bothWays();
  expect(fast).toBe(plain);
  expect(names(fast)).toContain('Slotted light');
});

test('on a page of every HTML element and no style sheet of its own, the answer is the one reading every element: the user agent\'s own boxes are all found', async () => {
  const tags = ['a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'button', 'canvas', 'caption', 'cite', 'code',
    'data', 'datalist', 'dd', 'del', 'details', 'dfn', 'dialog', 'div', 'dl', 'dt', 'em', 'embed', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i', 'img', 'input', 'ins', 'kbd', 'label', 'legend', 'li', 'main', 'mark', 'menu', 'meter',
    'nav', 'object', 'ol', 'output', 'p', 'picture', 'pre', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'search', 'section', 'select', 'slot', 'small',
    'span', 'strong', 'sub', 'summary', 'sup', 'table', 'textarea', 'time', 'u', 'ul', 'var', 'video', 'wbr', 'center', 'font', 'marquee', 'nobr', 'tt', 'big'];
  const inputs = ['button', 'checkbox', 'color', 'date', 'email', 'file', 'image', 'number', 'radio', 'range', 'reset', 'search', 'submit', 'tel', 'time', 'url'];
  const body = tags.map((t) => `<${t}>${t} text</${t}>`).join('\n') + inputs.map((t) => `<input type="${t}" value="${t}">`).join('') +
    '<table><tr><th>h</th><td>d</td></tr></table><ol><li>one</li></ol><details open><summary>s</summary>d</details><select><option>o</option></select>';
  await page.setContent(`<!doctype html><title>every element</title>${body}`);
  expect(await page.evaluate(`(() => { ${PSEUDO_HOSTS_SOURCE}; return pseudoHosts(1e9) !== null; })()`)).toBe(true);
  const { fast, plain } = await bothWays();
  expect(fast).toBe(plain);
  // q's quotes are in: the fast path found its two boxes.
  expect(decodeInpage(fast)!.entries.filter((e) => e.pseudo === '::before' || e.pseudo === '::after')).toHaveLength(2);
});
