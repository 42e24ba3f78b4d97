// Small pages built to cover what the fixture pages leave out, for holding the in-page pass
// (src/devices/web-inpage-ax.ts) to Chromium's getFullAXTree beyond them: every ARIA role that needs a
// context under every kind of parent, containers nested in elements named by their content, aria-owns,
// tables with and without the marks of a data table, and native elements with roles of their own.
// Each page is a body's HTML; onProbePages loads each in turn with setContent.
import type { Browser, Page } from '@playwright/test';

/** Roles that may need a particular parent, and the parents they are tried under. */
const CHILD_ROLES = ['option', 'treeitem', 'listitem', 'row', 'cell', 'gridcell', 'tab', 'menuitem', 'menuitemcheckbox', 'radio', 'columnheader', 'rowheader', 'term', 'definition'];
const PARENTS = ['', 'listbox', 'tree', 'list', 'directory', 'group', 'grid', 'table', 'row', 'rowgroup', 'tablist', 'menu', 'menubar', 'radiogroup', 'combobox', 'dialog', 'treegrid', 'toolbar', 'feed'];

/** Elements and roles nested inside an element named by its content. */
const NESTED = ['span role=group', 'div role=note', 'div role=row', 'div role=rowgroup', 'blockquote', 'fieldset', 'hgroup', 'address', 'span role=list', 'span role=heading',
  'p', 'span role=toolbar', 'span role=navigation', 'span role=region aria-label=R', 'span role=img', 'span role=status', 'span role=tabpanel', 'span role=article',
  'span role=figure', 'span role=term', 'span role=definition', 'span role=tooltip', 'span role=cell', 'span role=columnheader', 'table', 'ul', 'dl', 'label', 'output', 'em'];
const NAMED_BY_CONTENT = ['div role=button tabindex=0', 'a href="#x"', 'div role=treeitem', 'h2', 'div role=tab', 'div role=link tabindex=0'];

const close = (tag: string) => tag.split(' ')[0]!;

function contextPages(): string[] {
  return CHILD_ROLES.map((child) => PARENTS.map((parent) => {
    const inner = `<div role=${child}>${child} in ${parent || 'div'}</div>`;
    return parent ? `<div role=${parent} aria-label="${parent}">${inner}</div>` : `<div>${inner}</div>`;
  }).join(''));
}

function nestedNamePages(): string[] {
  return NAMED_BY_CONTENT.map((outer) => NESTED.map((inner, i) =>
    `<${outer}>n${i} <${inner}>in ${i}</${close(inner)}> end</${close(outer)}>`).join(''));
}

const TABLES = [
  '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><tr><th>h</th><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><caption>Cap</caption><tr><td>a</td><td>b</td></tr></table>',
  '<table><thead><tr><td>a</td><td>b</td></tr></thead><tr><td>c</td><td>d</td></tr></table>',
  '<table summary="S"><tr><td>a</td><td>b</td></tr></table>',
  '<table><tr><td scope=row>a</td><td>b</td></tr></table>',
  '<table><tr><td>only</td></tr></table>',
  '<table role=presentation><tr><td>a</td><td>b</td></tr></table>',
  '<table role=grid><tr><td>a</td><td>b</td></tr></table>',
  '<table><tr><td><table><tr><th>in</th></tr></table></td></tr></table>',
  '<table border=1><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>',
  '<table><colgroup><col><col></colgroup><tr><td>a</td><td>b</td></tr></table>',
];

const OWNS = [
  '<div role=list aria-owns="o2 o1"><div role=listitem id=o1>one</div><div role=listitem>mid</div></div><div role=listitem id=o2>two</div>',
  '<div role=listbox aria-owns=o3></div><div role=option id=o3>owned option</div>',
  '<button aria-owns=o4>Btn</button><span id=o4>owned text</span>',
  '<div id=o5 role=region aria-label=R><div role=group aria-owns=o5>cycle</div></div>',
  '<input aria-label=I aria-owns=o6><div id=o6 role=note>not owned by an input</div>',
  '<div role=tree aria-owns=o7></div><ul><li role=treeitem id=o7>owned item</li></ul>',
];

const NATIVE = [
  '<details open><summary>Sum</summary>body</details><details><summary>Closed</summary>hidden</details>',
  '<fieldset><legend>Leg</legend><input aria-label=F></fieldset>',
  '<dl><dt>Term</dt><dd>Def</dd></dl><figure><img alt=Fig src="data:,"><figcaption>Cap</figcaption></figure>',
  '<meter value=0.5>half</meter><progress value=3 max=10></progress><output>out</output>',
  '<select size=3><option>a</option><optgroup label=G><option>b</option></optgroup></select><select><option>c</option></select>',
  '<input list=dl1 aria-label=L><datalist id=dl1><option>x</option></datalist><input type=range aria-label=R><input type=search aria-label=S>',
  '<label>Wrap <input type=checkbox></label><label for=t1>For</label><textarea id=t1></textarea>',
  '<svg role=img aria-label=Pic width=10 height=10><title>T</title><rect width=10 height=10 /></svg><svg width=10 height=10><rect width=10 height=10 /></svg>',
  '<nav><ul><li><a href="#a">A</a></li></ul></nav><main><article><header>H</header><footer>F</footer></article></main><aside>As</aside>',
  '<section aria-label=Sec>s</section><section>plain</section><form aria-label=Form>f</form><form>nameless</form><search>se</search>',
  '<ol><li>one</li></ol><ul role=none><li>two</li></ul><menu><li>three</li></menu>',
  '<button disabled>D</button><a>no href</a><a href="#h" aria-disabled=true>ad</a><span tabindex=0>focusable span</span>',
];

/** The probe pages, each with a label. */
export const PROBE_PAGES: ReadonlyArray<{ label: string; html: string }> = [
  ...contextPages().map((html, i) => ({ label: `role in context: ${CHILD_ROLES[i]}`, html })),
  ...nestedNamePages().map((html, i) => ({ label: `nested in ${NAMED_BY_CONTENT[i]}`, html })),
  ...TABLES.map((html, i) => ({ label: `table ${i + 1}`, html })),
  ...OWNS.map((html, i) => ({ label: `aria-owns ${i + 1}`, html })),
  ...NATIVE.map((html, i) => ({ label: `native ${i + 1}`, html })),
];

/** `judge` on each probe page in turn, in one tab of `browser`, the page's HTML loaded with setContent. */
export async function onProbePages<T>(browser: Browser, judge: (page: Page, label: string) => Promise<T>): Promise<T[]> {
  const page = await browser.newPage();
  try {
    const out: T[] = [];
    for (const { label, html } of PROBE_PAGES) {
      await page.setContent(`<!doctype html><title>${label}</title>${html}`);
      out.push(await judge(page, label));
    }
    return out;
  } finally {
    await page.close();
  }
}
