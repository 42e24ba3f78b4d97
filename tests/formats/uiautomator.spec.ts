import { test, expect } from '@playwright/test';
import { importUiautomator } from '../../src/formats/uiautomator.js';
import { androidClassInfo } from '../../src/formats/android-roles.js';
import { FormatError } from '../../src/errors.js';
import { countNodes, walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { formatErrorOf } from '../helpers/expect-error.js';

const AT = '2026-01-01T00:00:00.000Z';
const WHERE = 'file:dump.xml';
const PROLOG = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>`;

/** A plain-dump <node> with uiautomator's defaults; `a` overrides or adds attributes. */
function node(a: Record<string, string> = {}, children = ''): string {
  const attrs: Record<string, string> = {
    index: '0', text: '', 'resource-id': '', class: 'android.view.View', package: 'com.acme', 'content-desc': '',
    checkable: 'false', checked: 'false', clickable: 'false', enabled: 'true', focusable: 'false', focused: 'false',
    scrollable: 'false', 'long-clickable': 'false', password: 'false', selected: 'false', 'visible-to-user': 'true',
    bounds: '[0,0][1080,2400]', ...a,
  };
  const s = Object.entries(attrs).map(([k, v]) => `${k}="${v}"`).join(' ');
  return children ? `<node ${s}>${children}</node>` : `<node ${s} />`;
}
const dump = (...windows: string[]) => `${PROLOG}<hierarchy rotation="0">${windows.join('')}</hierarchy>`;
const imp = (xml: string, extra: { maxBytes?: number } = {}) => importUiautomator(xml, { where: WHERE, capturedAt: AT, ...extra });

function nodes(s: Snapshot): Node[] {
  const out: Node[] = [];
  walk(s, ({ node: n }) => void out.push(n));
  return out;
}
function only(s: Snapshot, pred: (n: Node) => boolean): Node {
  const found = nodes(s).filter(pred);
  expect(found).toHaveLength(1);
  return found[0]!;
}

test.describe('attribute mapping (plain dump)', () => {
  test('every uiautomator attribute lands in its field', () => {
    const s = imp(dump(node({}, node({
      index: '3', text: 'Send', 'resource-id': 'com.acme:id/send_button', class: 'android.widget.Button', package: 'com.acme',
      'content-desc': 'Send message', clickable: 'true', 'long-clickable': 'true', focusable: 'true', focused: 'true',
      selected: 'true', enabled: 'false', 'visible-to-user': 'false', bounds: '[10,20][110,70]', 'drawing-order': '4',
      'display-id': '0', hint: 'Tap to send', 'a11y-important': 'true', NAF: 'true',
    }))));
    const b = only(s, (n) => n.tag === 'send_button');
    expect(b).toMatchObject({
      kind: 'view', role: 'Button', rawRole: 'android.widget.Button', tag: 'send_button', text: 'Send', editableText: null,
      contentDescription: 'Send message', hint: 'Tap to send', toggle: null, stateDescription: null, value: null,
      enabled: false, clickable: true, longClickable: true, focusable: true, focused: true, selected: true,
      editable: false, scrollable: false, visible: false, password: false, heading: false,
      actions: ['Click', 'LongClick'], bounds: { x: 10, y: 20, width: 100, height: 50 }, layoutBounds: null, designToken: null,
      children: [],
    });
    expect(b.platform).toEqual({
      resourceId: 'com.acme:id/send_button', package: 'com.acme', index: 3, drawingOrder: 4, displayId: 0,
      attributes: { 'a11y-important': 'true', NAF: 'true' },
    });
  });

  test('empty strings are absent, not empty; missing flags take their neutral value', () => {
    const s = imp(dump('<node class="android.widget.TextView" bounds="[0,0][5,5]" />'));
    const n = s.roots[0]!.node;
    expect(n).toMatchObject({ text: null, tag: null, contentDescription: null, hint: null, enabled: true, visible: true, clickable: false, toggle: null, actions: [] });
    expect(n.platform).toEqual({ rotation: 0 }); // a window root carries the display rotation
    const e = imp(dump(node({ text: '', 'content-desc': '', hint: '' }))).roots[0]!.node;
    expect([e.text, e.contentDescription, e.hint, e.tag]).toEqual([null, null, null, null]);
  });

  test('resource-id: the entry name is the tag; an id without ":id/" (testTagsAsResourceId) is the tag as is', () => {
    const s = imp(dump(node({}, [
      node({ 'resource-id': 'android:id/content' }),
      node({ 'resource-id': 'message_list' }),
      node({ 'resource-id': 'Compose:Draft:Send' }),
    ].join(''))));
    const kids = s.roots[0]!.node.children;
    expect(kids.map((k) => k.tag)).toEqual(['content', 'message_list', 'Compose:Draft:Send']);
    expect(kids.map((k) => k.platform.resourceId)).toEqual(['android:id/content', 'message_list', 'Compose:Draft:Send']);
  });

  test('checkable + checked → toggle; not checkable → null even when checked', () => {
    const s = imp(dump(node({}, [
      node({ class: 'android.widget.CheckBox', checkable: 'true', checked: 'true', 'resource-id': 'a' }),
      node({ class: 'android.widget.Switch', checkable: 'true', checked: 'false', 'resource-id': 'b' }),
      node({ class: 'android.view.View', checkable: 'false', checked: 'true', 'resource-id': 'c' }),
    ].join(''))));
    expect(s.roots[0]!.node.children.map((k) => [k.tag, k.role, k.toggle])).toEqual([
      ['a', 'Checkbox', 'on'], ['b', 'Switch', 'off'], ['c', null, null],
    ]);
  });

  test('scrollable → ScrollBy; heading attribute → heading flag', () => {
    const s = imp(dump(node({ class: 'androidx.recyclerview.widget.RecyclerView', scrollable: 'true' }, node({ class: 'android.widget.TextView', heading: 'true', text: 'Today' }))));
    const list = s.roots[0]!.node;
    expect(list).toMatchObject({ role: 'List', scrollable: true, actions: ['ScrollBy'] });
    expect(list.children[0]).toMatchObject({ role: 'Text', heading: true, text: 'Today' });
  });

  test('class → normalised role; unknown classes keep their name with role null', () => {
    const cases: Array<[string, string | null]> = [
      ['android.widget.Button', 'Button'], ['android.widget.ImageButton', 'Button'],
      ['com.google.android.material.button.MaterialButton', 'Button'],
      ['android.widget.EditText', 'TextField'], ['android.widget.AutoCompleteTextView', 'TextField'],
      ['android.widget.CheckBox', 'Checkbox'], ['android.widget.Switch', 'Switch'],
      ['androidx.appcompat.widget.SwitchCompat', 'Switch'], ['android.widget.ToggleButton', 'Switch'],
      ['android.widget.RadioButton', 'RadioButton'], ['android.widget.ImageView', 'Image'],
      ['android.widget.SeekBar', 'Slider'], ['android.widget.ProgressBar', 'ProgressBar'],
      ['androidx.recyclerview.widget.RecyclerView', 'List'], ['android.widget.ListView', 'List'],
      ['android.widget.ScrollView', 'List'], ['android.widget.TextView', 'Text'], ['android.widget.Spinner', 'DropdownList'],
      ['com.google.android.material.tabs.TabLayout$TabView', 'Tab'], ['androidx.viewpager.widget.ViewPager', 'Pager'],
      ['android.widget.FrameLayout', null], ['android.view.View', null], ['com.acme.FancyWidget', null],
      ['constructor', null], ['toString', null],
    ];
    const xml = dump(node({}, cases.map(([cls], i) => node({ class: cls, 'resource-id': `n${i}` })).join('')));
    const kids = imp(xml).roots[0]!.node.children;
    expect(kids.map((k) => [k.rawRole, k.role])).toEqual(cases);
    expect(androidClassInfo('android.widget.EditText').editable).toBe(true);
    expect(androidClassInfo('android.widget.TextView').editable).toBe(false);
  });

  test('the children of a TabWidget are tabs', () => {
    const s = imp(dump(node({ class: 'android.widget.TabWidget' }, node({ class: 'android.widget.LinearLayout', clickable: 'true' }, node({ class: 'android.widget.TextView', text: 'Calls' })) + node({ class: 'android.widget.LinearLayout' }))));
    const w = s.roots[0]!.node;
    expect(w.children.map((c) => c.role)).toEqual(['Tab', 'Tab']);
    expect(w.children[0]!.children[0]!.role).toBe('Text'); // grandchildren are not
  });

  test('an editable field: its text is editableText; hint text shown in an empty field is not content', () => {
    const s = imp(dump(node({}, [
      node({ class: 'android.widget.EditText', 'resource-id': 'filled', text: 'hello', hint: 'Message' }),
      node({ class: 'android.widget.EditText', 'resource-id': 'empty', text: 'Message', hint: 'Message' }),
      node({ class: 'android.widget.EditText', 'resource-id': 'appium', text: 'Search', 'showing-hint': 'true' }),
    ].join(''))));
    const [filled, empty, appium] = s.roots[0]!.node.children;
    expect(filled).toMatchObject({ role: 'TextField', editable: true, text: null, editableText: 'hello', hint: 'Message', actions: ['SetText'] });
    expect(empty).toMatchObject({ editable: true, text: null, editableText: null, hint: 'Message' });
    expect(appium).toMatchObject({ editable: true, text: null, editableText: null, hint: 'Search' });
  });

  test('a password field never carries its contents', () => {
    const s = imp(dump(node({}, [
      node({ class: 'android.widget.EditText', 'resource-id': 'pw', password: 'true', text: 'hunter2', hint: 'Password' }),
      node({ class: 'android.widget.EditText', 'resource-id': 'masked', password: 'true', text: '•••••••' }),
    ].join(''))));
    for (const n of s.roots[0]!.node.children) {
      expect(n).toMatchObject({ password: true, text: null, editableText: null });
    }
    expect(s.roots[0]!.node.children[0]!.hint).toBe('Password');
    expect(JSON.stringify(s)).not.toContain('hunter2');
  });

  test('a password of any class loses its text; a password showing its hint keeps the hint', () => {
    const s = imp(dump(node({}, [
      node({ class: 'com.acme.PinView', 'resource-id': 'pin', password: 'true', text: '1234' }),
      node({ class: 'android.widget.EditText', 'resource-id': 'pw', password: 'true', text: 'Password', 'showing-hint': 'true' }),
    ].join(''))));
    const [pin, pw] = s.roots[0]!.node.children;
    expect(pin).toMatchObject({ password: true, text: null, editableText: null, value: null });
    expect(pw).toMatchObject({ password: true, text: null, editableText: null, hint: 'Password' });
    expect(JSON.stringify(s)).not.toContain('1234');
  });

  test('ids are decimal strings in document pre-order, unique across windows', () => {
    const s = imp(dump(
      node({ package: 'com.acme' }, node({}, node()) + node()),
      node({ package: 'com.android.systemui', bounds: '[0,0][1080,63]' }, node()),
    ));
    const order: string[] = [];
    walk(s, ({ node: n }) => void order.push(n.id));
    expect(order).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(countNodes(s)).toBe(6);
  });

  test('snapshot: source names where and format, generation follows content, capturedAt is kept', () => {
    const xml = dump(node({ text: 'a' }));
    const s = imp(xml);
    expect(s.source).toBe(`${WHERE} (uiautomator)`);
    expect(s.capturedAt).toBe(AT);
    expect(s.generation).toMatch(/^\d+$/);
    expect(imp(xml).generation).toBe(s.generation);
    expect(imp(dump(node({ text: 'b' }))).generation).not.toBe(s.generation);
    expect(importUiautomator(xml).source).toBe('uiautomator');
    expect(s.warnings.map((w) => w.code)).toContain('unknown-density');
  });
});

test.describe('Appium page source', () => {
  const appium = `${PROLOG}
<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">
  <android.widget.FrameLayout index="0" package="com.acme" class="android.widget.FrameLayout" text="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" long-clickable="false" password="false" scrollable="false" selected="false" bounds="[0,0][1080,2400]" displayed="true" a11y-important="true">
    <android.widget.Button index="0" package="com.acme" class="android.widget.Button" text="OK" resource-id="com.acme:id/ok" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" long-clickable="false" password="false" scrollable="false" selected="false" bounds="[40,100][300,220]" displayed="false" />
    <android.widget.ImageView index="1" package="com.acme" text="" content-desc="Logo" clickable="false" enabled="true" bounds="[0,0][10,10]" displayed="true" />
  </android.widget.FrameLayout>
</hierarchy>`;

  test('class-named tags work like <node>: class from the attribute or the tag, displayed → visible', () => {
    const s = imp(appium);
    expect(s.source).toBe(`${WHERE} (uiautomator appium)`);
    expect(s.roots).toHaveLength(1);
    const w = s.roots[0]!.node;
    expect(w).toMatchObject({ rawRole: 'android.widget.FrameLayout', visible: true, platform: { package: 'com.acme', index: 0, attributes: { 'a11y-important': 'true' } } });
    const [ok, logo] = w.children;
    expect(ok).toMatchObject({ role: 'Button', tag: 'ok', text: 'OK', clickable: true, visible: false, actions: ['Click'], bounds: { x: 40, y: 100, width: 260, height: 120 } });
    // No class attribute: the tag name is the class.
    expect(logo).toMatchObject({ role: 'Image', rawRole: 'android.widget.ImageView', contentDescription: 'Logo' });
  });

  test('the display size from <hierarchy width height> is kept on each window root', () => {
    const w = imp(appium).roots[0]!.node;
    expect(w.platform).toMatchObject({ rotation: 0, displayWidth: 1080, displayHeight: 2400 });
  });
});

test.describe('windows', () => {
  const app = node({ package: 'com.acme', bounds: '[0,0][1080,2400]' }, node({ class: 'android.widget.Button', text: 'Open' }));
  const status = node({ package: 'com.android.systemui', bounds: '[0,0][1080,63]' });
  const nav = node({ package: 'com.android.systemui', bounds: '[0,2274][1080,2400]' });
  const ime = node({ package: 'com.google.android.inputmethod.latin', bounds: '[0,1500][1080,2400]' });
  const dialog = node({ package: 'com.acme', bounds: '[80,900][1000,1500]' }, node({ class: 'android.widget.Button', text: 'OK' }));
  const popup = node({ package: 'com.acme', bounds: '[600,63][1060,700]' });

  test('every top-level element is a root, in document order = bottom to top', () => {
    const s = imp(dump(app, status, nav, dialog));
    expect(s.roots.map((r) => [r.rootId, r.label, r.unit, r.density])).toEqual([
      ['window-0', 'com.acme', 'px', 1], ['window-1', 'com.android.systemui', 'px', 1],
      ['window-2', 'com.android.systemui', 'px', 1], ['window-3', 'com.acme', 'px', 1],
    ]);
    expect(s.roots.map((r) => r.windowOffset)).toEqual([{ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 2274 }, { x: 80, y: 900 }]);
    expect(s.roots[3]!.node.children[0]!.text).toBe('OK');
    // Bounds stay in screen coordinates: the window offset is not subtracted.
    expect(s.roots[3]!.node.bounds).toEqual({ x: 80, y: 900, width: 920, height: 600 });
  });

  test('touch-modal: floating dialogs and popups are; app, system bars and keyboard are not', () => {
    const s = imp(dump(app, status, nav, ime, popup, dialog));
    expect(s.roots.map((r) => [r.label, r.touchModal])).toEqual([
      ['com.acme', false], ['com.android.systemui', false], ['com.android.systemui', false],
      ['com.google.android.inputmethod.latin', false], ['com.acme', true], ['com.acme', true],
    ]);
  });

  test('a lone floating window (uiautomator dumps the focused dialog only) is touch-modal', () => {
    expect(imp(dump(dialog)).roots[0]!.touchModal).toBe(true);
    expect(imp(dump(app)).roots[0]!.touchModal).toBe(false);
  });

  test('a floating keyboard or SystemUI panel is still not touch-modal', () => {
    const floatingIme = node({ package: 'com.touchtype.swiftkey', bounds: '[100,1500][980,2200]' });
    const volume = node({ package: 'com.android.systemui', bounds: '[900,600][1060,1400]' });
    expect(imp(dump(app, floatingIme, volume)).roots.map((r) => r.touchModal)).toEqual([false, false, false]);
  });

  test('an app window below the status bar spans the width and is not modal; Appium display size decides "full"', () => {
    const below = node({ package: 'com.acme', bounds: '[0,63][1080,2337]' });
    expect(imp(dump(below)).roots[0]!.touchModal).toBe(false);
    const xml = `<hierarchy rotation="0" width="1920" height="957">${node({ package: 'com.car', bounds: '[951,79][1586,957]' })}</hierarchy>`;
    expect(imp(xml).roots[0]!.touchModal).toBe(true);
  });

  test('an empty <hierarchy> is an empty snapshot with a warning', () => {
    for (const xml of [`<hierarchy rotation="0"/>`, `<hierarchy rotation="0">\n</hierarchy>`]) {
      const s = imp(xml);
      expect(s.roots).toEqual([]);
      expect(s.warnings.map((w) => w.code)).toContain('no-window');
    }
  });

  test('rotation is recorded: a warning when the display is rotated, and on each window root', () => {
    const s = imp(`<hierarchy rotation="1">${node({ bounds: '[0,0][2400,1080]' })}</hierarchy>`);
    expect(s.warnings).toContainEqual({ code: 'display-rotated', message: expect.stringContaining('rotation 1 (90°)') });
    expect(s.roots[0]!.node.platform.rotation).toBe(1);
    expect(imp(dump(node())).warnings.map((w) => w.code)).not.toContain('display-rotated');
  });
});

test.describe('XML text', () => {
  test('entities and character references are decoded (multi-line descriptions round-trip)', () => {
    const s = imp(dump(node({ text: 'Tom &amp; Jerry &lt;3 &quot;hi&quot; &apos;x&apos; &gt;', 'content-desc': '1&#10;Line two&#x0A;&#x1F600;', 'resource-id': 'a&amp;b' })));
    const n = s.roots[0]!.node;
    expect(n.text).toBe(`Tom & Jerry <3 "hi" 'x' >`);
    expect(n.contentDescription).toBe('1\nLine two\n😀');
    expect(n.tag).toBe('a&b');
  });

  test('non-ASCII text, single-quoted values, comments, a BOM and whitespace between tags are fine', () => {
    const xml = `\uFEFF<?xml version="1.0"?>\n<!-- captured by hand -->\n<hierarchy rotation='0'>\n  <node class='android.widget.TextView' text='トレンド 한국어' bounds='[0,0][10,10]'/>\n  <!-- inner -->\n</hierarchy>\n<!-- trailing -->\n`;
    expect(imp(xml).roots[0]!.node.text).toBe('トレンド 한국어');
  });

  test('the "UI hierchary dumped to" line `uiautomator dump /dev/tty` appends is accepted', () => {
    const s = imp(dump(node({ text: 'x' })) + 'UI hierchary dumped to: /dev/tty\n');
    expect(s.roots[0]!.node.text).toBe('x');
  });

  test('a 60,000-deep hierarchy imports without overflowing the stack', () => {
    const depth = 60_000;
    const xml = `<hierarchy rotation="0">${'<node class="android.widget.FrameLayout" bounds="[0,0][10,10]">'.repeat(depth)}${'</node>'.repeat(depth)}</hierarchy>`;
    const s = imp(xml);
    expect(countNodes(s)).toBe(depth);
    let deepest = 0;
    walk(s, ({ depth: d }) => void (deepest = Math.max(deepest, d)));
    expect(deepest).toBe(depth - 1);
  });
});

test.describe('errors name the problem and where', () => {
  function expectError(xml: string, code: string, message: RegExp | string, line?: number, opts: { maxBytes?: number } = {}) {
    const e = formatErrorOf(() => imp(xml, opts));
    expect(e.code).toBe(code);
    expect(e.details.where).toBe(WHERE);
    expect(e.message).toContain(WHERE);
    if (typeof message === 'string') expect(e.message).toContain(message);
    else expect(e.message).toMatch(message);
    if (line !== undefined) expect(e.details.line).toBe(line);
    expect(e.details.hint).toBeTruthy();
    return e;
  }

  test('empty input', () => {
    expectError('', 'format_error', 'empty input');
    expectError('  \n\t ', 'format_error', 'empty input');
  });

  test('binary input', () => {
    expectError('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'format_error', 'binary input');
    expectError('\x1f\x8b\x08\0', 'format_error', 'binary input');
  });

  test('over maxBytes', () => {
    const e = expectError(dump(node()), 'too_large', 'over the 100-byte limit', undefined, { maxBytes: 100 });
    expect(e).toBeInstanceOf(FormatError);
  });

  test('not XML', () => {
    expectError('hello world', 'format_error', "not XML: the text starts with 'h'");
    const json = expectError('{"schemaVersion":1}', 'format_error', 'not XML');
    expect(json.details.hint).toContain('JSON');
  });

  test('XML whose root is not <hierarchy>', () => {
    expectError(`${PROLOG}\n<html><body/></html>`, 'format_error', 'the root element is <html>, not <hierarchy>', 2);
    expectError(`${PROLOG}${node()}`, 'format_error', 'the root element is <node>');
  });

  test('malformed bounds name the node and its line', () => {
    const xml = `${PROLOG}\n<hierarchy rotation="0">\n${node({}, '\n' + node({ class: 'android.widget.Button', 'resource-id': 'com.acme:id/send', bounds: '[a,b][c,d]' }) + '\n')}\n</hierarchy>`;
    const e = expectError(xml, 'format_error', 'bounds="[a,b][c,d]" of <android.widget.Button resource-id="com.acme:id/send"> is not "[x1,y1][x2,y2]"', 4);
    expect(e.message).toContain(`${WHERE}:4:`);
    for (const bad of ['[0,0][10]', '0,0,10,10', '[0,0][10,10]x', '', '[ 0,0][10,10]', '[0.5,0][10,10]']) {
      expectError(dump(node({ bounds: bad })), 'format_error', `bounds="${bad}"`);
    }
  });

  test('bounds that end before they start', () => {
    expectError(dump(node({ text: 'Broken', bounds: '[100,0][50,10]' })), 'format_error', /bounds="\[100,0\]\[50,10\]" of <android.view.View "Broken"> end before they start/);
    expectError(dump(node({ bounds: '[0,100][10,50]' })), 'format_error', 'end before they start');
    // Negative coordinates (off-screen) are legal.
    expect(imp(dump(node({ bounds: '[-20,-5][10,10]' }))).roots[0]!.node.bounds).toEqual({ x: -20, y: -5, width: 30, height: 15 });
  });

  test('truncated XML', () => {
    const full = `${PROLOG}\n<hierarchy rotation="0">\n${node({}, '\n' + node({ text: 'a' }) + '\n' + node({ text: 'b' }) + '\n')}\n</hierarchy>`;
    for (const cut of [full.length - 5, full.length - 20, full.indexOf('text="b"') + 7, full.indexOf('text="b"') + 3, full.lastIndexOf('<node')]) {
      expectError(full.slice(0, cut), 'format_error', 'truncated XML');
    }
    expectError(full.slice(0, full.lastIndexOf('</node>')), 'format_error', /truncated XML: the input ends inside <node> opened at line 3/);
    // Every cut, wherever it falls (prolog, tag name, attribute, value, entity, end tag), says so.
    const small = `${PROLOG}<hierarchy rotation="0"><!-- c --><node text="a &amp; b" bounds="[0,0][1,1]"><node class="x" bounds="[0,0][1,1]"/></node></hierarchy>`;
    for (let cut = 1; cut < small.length; cut++) {
      const e = formatErrorOf(() => imp(small.slice(0, cut)));
      expect(e.message, `cut at ${cut}: …${small.slice(cut - 10, cut)}`).toContain('truncated XML');
    }
  });

  test('mangled input only ever gives a FormatError', () => {
    const base = dump(node({}, node({ class: 'android.widget.EditText', text: 'a &amp; b', hint: 'h' }) + node({ 'content-desc': 'x&#10;y' })));
    let seed = 42;
    const rnd = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k);
    const alphabet = ['<', '>', '/', '"', "'", '=', '&', ';', ' ', '[', ']', ',', '-', '!', '?', 'x', '1', '\n'];
    const others: string[] = [];
    for (let i = 0; i < 400; i++) {
      const at = rnd(base.length);
      const mangled = rnd(2) ? base.slice(0, at) + alphabet[rnd(alphabet.length)] + base.slice(at + rnd(3)) : base.slice(0, at) + base.slice(at + 1 + rnd(8));
      try {
        imp(mangled);
      } catch (e) {
        if (!(e instanceof FormatError)) others.push(`mangled at ${at}: ${String(e)}`);
      }
    }
    expect(others).toEqual([]);
  });

  test('mismatched and malformed tags', () => {
    expectError('<hierarchy>\n<node class="a" bounds="[0,0][1,1]">\n</nodes>\n</hierarchy>', 'format_error', '</nodes> does not close <node> (opened at line 2)', 3);
    expectError('<hierarchy>\n<node class=a bounds="[0,0][1,1]"/></hierarchy>', 'format_error', 'attribute class is not quoted', 2);
    expectError('<hierarchy><node class bounds="[0,0][1,1]"/></hierarchy>', 'format_error', 'attribute class has no value');
    expectError('<hierarchy><node class="a"bounds="[0,0][1,1]"/></hierarchy>', 'format_error', 'expected a space');
    expectError('<hierarchy><node text="a" text="b"/></hierarchy>', 'format_error', 'duplicate attribute text');
    expectError('<hierarchy><node NAF="true" NAF="true"/></hierarchy>', 'format_error', 'duplicate attribute NAF');
    expectError('<hierarchy><node text="a<b"/></hierarchy>', 'format_error', "'<' inside the value of attribute text");
    expectError('<hierarchy><node text="x"/></hierarchy><hierarchy/>', 'format_error', 'unexpected content after </hierarchy>');
    expectError('<hierarchy><node/></hierarchy>trailing words', 'format_error', 'unexpected content after </hierarchy>');
  });

  test('unknown entities and stray ampersands are refused', () => {
    expectError(dump(node({ text: 'a &nbsp; b' })), 'format_error', 'unknown entity &nbsp;');
    expectError(dump(node({ text: 'Tom & Jerry' })), 'format_error', "'&' is not the start of an entity reference");
    expectError(dump(node({ text: '&#0;' })), 'format_error', 'not a legal XML character');
    expectError(dump(node({ text: '&#xZZ;' })), 'format_error', 'malformed character reference');
  });

  test('DOCTYPE and ENTITY declarations are refused before anything is expanded', () => {
    const lol = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<hierarchy rotation="0"><node text="&lol2;" bounds="[0,0][1,1]"/></hierarchy>`;
    const e = expectError(lol, 'format_error', 'DOCTYPE declarations are refused', 2);
    expect(e.details.hint).toContain('DOCTYPE');
    expectError('<hierarchy><!ENTITY x "y"><node/></hierarchy>', 'format_error', 'ENTITY declarations are refused');
    expectError('<hierarchy><!DOCTYPE x><node/></hierarchy>', 'format_error', 'DOCTYPE declarations are refused');
  });

  test('errors without a where still carry line and column', () => {
    const e = formatErrorOf(() => importUiautomator('<hierarchy>\n  <node bounds="[1,1]"/></hierarchy>'));
    expect(e.details.where).toBeUndefined();
    expect([e.details.line, e.details.column]).toEqual([2, 17]);
    expect(e.message).toMatch(/^bounds=/);
  });
});
