import { test, expect } from '@playwright/test';
import { ReferenceApp } from '../../src/reference-app/app.js';
import { designSystem, DRIFT_SIGN_IN_RADIUS } from '../../src/reference-app/design.js';
import { ID, ROOT_IDS, FEED_VIEWPORT, itemRowId } from '../../src/reference-app/screens.js';
import { SCREEN, DENSITY } from '../../src/reference-app/geometry.js';
import { snapshotToJson } from '../../src/model/serialize.js';
import { TargetError } from '../../src/errors.js';
import { all, byDesc, byId, byTag, byText, centre, inside, maybeByText, pngSize } from './helpers.js';

function signedInApp(): ReferenceApp {
  const app = new ReferenceApp();
  app.perform(String(ID.email), 'SetText', { text: 'ada@example.com' });
  app.perform(String(ID.password), 'SetText', { text: 'correct horse' });
  expect(app.perform(String(ID.signIn), 'Click').performed).toBe(true);
  return app;
}

test.describe('the reference app object', () => {
  test('sign-in → feed → item 240 → settings → Wi-Fi → sign-out dialog → back', () => {
    const app = new ReferenceApp();
    expect(app.nav()).toEqual({ currentRoute: 'signin', backStack: ['signin'] });
    let s = app.snapshot();
    expect(s.roots.map((r) => r.rootId)).toEqual([ROOT_IDS.statusBar, ROOT_IDS.main]);
    expect(s.roots[1]!.windowOffset).toEqual({ x: 0, y: 63 });
    expect(s.roots[0]!.label).toBe('StatusBar');
    expect(s.roots[0]!.node.bounds.height).toBe(63);
    expect(s.roots.every((r) => r.density === DENSITY && r.unit === 'px')).toBe(true);
    expect(all(s).every(({ node }) => node.kind === 'compose')).toBe(true);

    const button = () => byText(app.snapshot(), 'Sign in');
    expect(button().role).toBe('Button');
    expect(button().enabled).toBe(false);
    expect(app.perform(String(ID.signIn), 'Click')).toMatchObject({ performed: false, reason: 'disabled' });

    expect(app.perform(String(ID.email), 'SetText', { text: 'ada@example.com' }).performed).toBe(true);
    expect(button().enabled).toBe(false);
    expect(byTag(app.snapshot(), 'email')[0]!.editableText).toBe('ada@example.com');

    // A wrong password shows the snackbar, which stays until the next action.
    app.perform(String(ID.password), 'SetText', { text: 'wrong' });
    expect(button().enabled).toBe(true);
    expect(app.perform(String(ID.signIn), 'Click').performed).toBe(true);
    expect(app.nav().currentRoute).toBe('signin');
    expect(byText(app.snapshot(), 'Wrong email or password').platform.liveRegion).toBe('polite');
    app.snapshot();
    expect(maybeByText(app.snapshot(), 'Wrong email or password')).toBeDefined();
    app.perform(String(ID.password), 'SetText', { text: 'correct horse' });
    expect(maybeByText(app.snapshot(), 'Wrong email or password')).toBeUndefined();

    expect(app.perform(String(ID.signIn), 'Click')).toMatchObject({ performed: true });
    expect(app.nav()).toEqual({ currentRoute: 'feed', backStack: ['feed'] });
    s = app.snapshot();
    expect(byText(s, 'Welcome, Ada').heading).toBe(true);

    // Lazy composition: only the rows near the viewport exist.
    const feed = byTag(s, 'feed')[0]!;
    expect(feed.actions).toEqual(['ScrollBy', 'ScrollToIndex']);
    expect(feed.scrollable).toBe(true);
    const rows = byTag(s, 'feed-item');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(maybeByText(s, 'Item 240')).toBeUndefined();

    expect(app.perform(feed.id, 'ScrollToIndex', { index: 240 }).performed).toBe(true);
    s = app.snapshot();
    const item = byText(s, 'Item 240');
    expect(item.id).toBe(itemRowId(240));
    expect(item.visible).toBe(true);
    expect(inside(item.bounds, FEED_VIEWPORT)).toBe(true);
    expect(item.bounds.y).toBe(FEED_VIEWPORT.y);
    const after = byTag(s, 'feed-item');
    expect(after.length).toBeGreaterThanOrEqual(10);
    expect(after.length).toBeLessThanOrEqual(20);
    expect(maybeByText(s, 'Item 0')).toBeUndefined();

    expect(app.perform(byDesc(s, 'Settings').id, 'Click').performed).toBe(true);
    expect(app.nav()).toEqual({ currentRoute: 'settings', backStack: ['feed', 'settings'] });
    s = app.snapshot();
    const wifi = byText(s, 'Wi-Fi');
    expect(wifi.role).toBe('Switch');
    expect(wifi.toggle).toBe('off');
    expect(app.perform(wifi.id, 'Click').performed).toBe(true);
    expect(byText(app.snapshot(), 'Wi-Fi').toggle).toBe('on');
    expect(app.db('settings', 10)).toMatchObject({ rows: expect.arrayContaining([{ key: 'wifi', value: 'true' }]) });

    // Sign out opens a touch-modal dialog window; taps outside it do nothing.
    expect(app.perform(byText(app.snapshot(), 'Sign out').id, 'Click').performed).toBe(true);
    s = app.snapshot();
    const dialog = s.roots[s.roots.length - 1]!;
    expect(dialog.rootId).toBe(ROOT_IDS.dialog);
    expect(dialog.touchModal).toBe(true);
    expect(dialog.node.role).toBe('Dialog');
    expect(dialog.windowOffset).toEqual({ x: dialog.node.bounds.x, y: dialog.node.bounds.y });
    expect(dialog.windowOffset.x).toBeGreaterThan(0);
    expect(app.focusedRoot().rootId).toBe(ROOT_IDS.dialog);
    const wifiNow = byText(s, 'Wi-Fi');
    const miss = app.tap(centre(wifiNow.bounds).x, centre(wifiNow.bounds).y);
    expect(miss.performed).toBe(false);
    expect(miss.nodeId).toBe(String(ID.dialog));
    expect(byText(app.snapshot(), 'Wi-Fi').toggle).toBe('on');
    expect(app.tap(5, 5).performed).toBe(false); // even the status bar is behind the modal window

    // Back dismisses the dialog first, then goes up a screen, then says it is at the root.
    expect(app.back()).toMatchObject({ performed: true });
    expect(app.snapshot().roots).toHaveLength(2);
    expect(app.nav().currentRoute).toBe('settings');
    expect(app.back().performed).toBe(true);
    expect(app.nav()).toEqual({ currentRoute: 'feed', backStack: ['feed'] });
    const atRoot = app.back();
    expect(atRoot.performed).toBe(false);
    expect(atRoot.message).toMatch(/root/);
    expect(app.nav().currentRoute).toBe('feed');
  });

  test('confirming sign-out returns to sign-in and clears the session', () => {
    const app = signedInApp();
    expect(app.db('session')).toMatchObject({ rowCount: 1, rows: [{ user: 'Ada', email: 'ada@example.com' }] });
    app.perform(String(ID.settings), 'Click');
    app.perform(String(ID.signOut), 'Click');
    const cancel = byText(app.snapshot(), 'Cancel');
    expect(app.tap(centre(cancel.bounds).x, centre(cancel.bounds).y)).toMatchObject({ performed: true, nodeId: cancel.id });
    expect(app.snapshot().roots).toHaveLength(2);
    app.perform(String(ID.signOut), 'Click');
    expect(app.perform(String(ID.dialog), 'Dismiss').performed).toBe(true);
    app.perform(String(ID.signOut), 'Click');
    const confirm = app.snapshot().roots[2]!.node.children.find((c) => c.text === 'Sign out')!;
    expect(confirm.role).toBe('Button');
    expect(app.perform(confirm.id, 'Click').performed).toBe(true);
    expect(app.nav()).toEqual({ currentRoute: 'signin', backStack: ['signin'] });
    expect(app.db('session')).toMatchObject({ rowCount: 0, rows: [] });
  });

  test('taps are dispatched by hit-testing; typing goes to the focused field', () => {
    const app = new ReferenceApp();
    let s = app.snapshot();
    const email = byTag(s, 'email')[0]!;
    expect(app.typeText('x').performed).toBe(false); // nothing focused yet
    expect(app.tap(centre(email.bounds).x, centre(email.bounds).y)).toMatchObject({ performed: true, nodeId: email.id });
    expect(byTag(app.snapshot(), 'email')[0]!.focused).toBe(true);
    app.typeText('ada@example.comX');
    expect(app.key('del').performed).toBe(true);
    expect(byTag(app.snapshot(), 'email')[0]!.editableText).toBe('ada@example.com');
    expect(app.key('enter').performed).toBe(true); // IME Next → password
    expect(byTag(app.snapshot(), 'password')[0]!.focused).toBe(true);
    app.typeText('correct horse');

    // A tap on a label or the window background reaches nothing that takes taps.
    const title = byText(app.snapshot(), 'Welcome to Treewright');
    const onLabel = app.tap(centre(title.bounds).x, centre(title.bounds).y);
    expect(onLabel.performed).toBe(false);
    expect(app.tap(540, 2300).performed).toBe(false);

    expect(app.key('enter')).toMatchObject({ performed: true, message: 'signed in as Ada' });
    s = app.snapshot();
    const row = byText(s, 'Item 3');
    expect(row.selected).toBe(false);
    expect(app.tap(centre(row.bounds).x, centre(row.bounds).y)).toMatchObject({ performed: true, nodeId: row.id });
    expect(byText(app.snapshot(), 'Item 3').selected).toBe(true);
    expect(app.perform(row.id, 'LongClick').performed).toBe(true);
    expect(byText(app.snapshot(), 'Item 3').stateDescription).toBe('Starred');

    // A drag on the list scrolls it by the distance dragged.
    expect(app.swipe(540, 2000, 540, 1055)).toMatchObject({ performed: true, nodeId: String(ID.feed) });
    s = app.snapshot();
    expect(maybeByText(s, 'Item 0')).toBeUndefined();
    expect(byText(s, 'Item 5').bounds.y).toBe(FEED_VIEWPORT.y);
  });

  test('rows are clipped to the list; BringIntoView reveals a partly hidden row', () => {
    const app = signedInApp();
    app.perform(String(ID.feed), 'ScrollBy', { dy: 100 });
    const s = app.snapshot();
    const top = byText(s, 'Item 0');
    expect(top.layoutBounds!.y).toBe(FEED_VIEWPORT.y - 100);
    expect(top.bounds.y).toBe(FEED_VIEWPORT.y);
    expect(top.bounds.height).toBe(top.layoutBounds!.height - 100);
    // Rows composed beyond the edge have no on-screen area.
    const hidden = all(s).filter(({ node }) => node.tag === 'feed-item' && !node.visible);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every(({ node }) => node.bounds.height === 0)).toBe(true);

    expect(app.perform(top.id, 'BringIntoView').performed).toBe(true);
    const again = byText(app.snapshot(), 'Item 0');
    expect(again.bounds).toEqual(again.layoutBounds);
    expect(app.perform(again.id, 'BringIntoView')).toMatchObject({ performed: true, message: expect.stringMatching(/already fully visible/) });
    // Scroll limits: clamped, and refused when nothing can move.
    expect(app.perform(String(ID.feed), 'ScrollBy', { dy: -50 })).toMatchObject({ performed: false, reason: 'rejected' });
    expect(app.perform(String(ID.feed), 'ScrollToIndex', { index: 500 })).toMatchObject({ performed: false, reason: 'rejected' });
    expect(app.perform(String(ID.feed), 'ScrollToIndex', { index: 499 }).performed).toBe(true);
    expect(byText(app.snapshot(), 'Item 499').bounds.y + byText(app.snapshot(), 'Item 499').bounds.height).toBe(SCREEN.height);
  });

  test('semantic actions: only listed ones, disabled refuses, unknown ids say so', () => {
    const app = new ReferenceApp();
    expect(app.perform('999999', 'Click')).toMatchObject({ performed: false, reason: 'not_found' });
    expect(app.perform(String(ID.signinTitle), 'Click')).toMatchObject({ performed: false, reason: 'unavailable' });
    expect(app.perform(String(ID.email), 'ScrollBy', { dy: 10 })).toMatchObject({ performed: false, reason: 'unavailable' });
    expect(app.perform(String(ID.email), 'SetText', {})).toMatchObject({ performed: false, reason: 'rejected' });
    expect(app.perform(String(ID.email), 'InsertText', { text: 'ada@' }).performed).toBe(true);
    expect(app.perform(String(ID.email), 'InsertText', { text: 'example.com' }).performed).toBe(true);
    expect(byTag(app.snapshot(), 'email')[0]!.editableText).toBe('ada@example.com');
    expect(app.perform(String(ID.password), 'RequestFocus').performed).toBe(true);
    expect(app.perform(String(ID.password), 'ImeAction')).toMatchObject({ performed: false, reason: 'rejected' });
    app.perform(String(ID.password), 'SetText', { text: 'correct horse' });
    expect(app.perform(String(ID.password), 'ImeAction')).toMatchObject({ performed: true });
    expect(app.nav().currentRoute).toBe('feed');
  });

  test('the password never appears in the tree, the db or the outline', () => {
    const app = new ReferenceApp();
    app.perform(String(ID.password), 'SetText', { text: 'correct horse' });
    for (const merged of [true, false]) {
      const s = app.snapshot({ merged });
      expect(snapshotToJson(s)).not.toContain('correct horse');
      const field = byTag(s, 'password')[0]!;
      expect(field.password).toBe(true);
      expect(field.editableText).toBeNull();
      expect(field.editable).toBe(true);
    }
    expect(JSON.stringify(app.db('session'))).not.toContain('correct horse');
  });

  test('generation: unchanged by reads and refused actions, changed by one that does something', () => {
    const app = new ReferenceApp();
    const g = app.snapshot().generation;
    expect(app.snapshot().generation).toBe(g);
    app.perform(String(ID.signIn), 'Click'); // disabled: refused, no change
    expect(app.snapshot().generation).toBe(g);
    app.perform(String(ID.email), 'SetText', { text: 'a' });
    const g2 = app.snapshot().generation;
    expect(g2).not.toBe(g);
    // Same content, same generation: a second app in the same state agrees.
    const other = new ReferenceApp();
    other.perform(String(ID.email), 'SetText', { text: 'a' });
    expect(other.snapshot().generation).toBe(g2);
  });

  test('merged vs unmerged: labels fold into buttons and rows', () => {
    const app = signedInApp();
    const merged = app.snapshot();
    const unmerged = app.snapshot({ merged: false });
    const row = byId(merged, itemRowId(2))!;
    expect(row.text).toBe('Item 2');
    expect(row.children).toHaveLength(0);
    const rowU = byId(unmerged, itemRowId(2))!;
    expect(rowU.text).toBeNull();
    expect(rowU.children.map((c) => c.text)).toEqual(['Item 2']);
    expect(all(unmerged).length).toBeGreaterThan(all(merged).length);
  });

  test('slider: ScrollBy and taps on the track change the value', () => {
    const app = signedInApp();
    app.perform(String(ID.settings), 'Click');
    let slider = byDesc(app.snapshot(), 'Brightness');
    expect(slider.role).toBe('Slider');
    expect(slider.value).toBe('50%');
    expect(app.perform(slider.id, 'ScrollBy', { dx: slider.bounds.width / 10 }).performed).toBe(true);
    expect(byDesc(app.snapshot(), 'Brightness').value).toBe('60%');
    slider = byDesc(app.snapshot(), 'Brightness');
    app.tap(Math.round(slider.bounds.x + slider.bounds.width * 0.75), centre(slider.bounds).y);
    expect(byDesc(app.snapshot(), 'Brightness').value).toBe('75%');
    expect(app.setValue(slider.id, 20).performed).toBe(true);
    expect(app.db('settings')).toMatchObject({ rows: expect.arrayContaining([{ key: 'brightness', value: '20' }]) });
  });

  test('design tokens resolve from the catalog, except the one planted drift', () => {
    const app = signedInApp();
    const catalog = designSystem();
    const findings: string[] = [];
    const check = (s: ReturnType<ReferenceApp['snapshot']>) => {
      for (const { node } of all(s)) {
        const t = node.designToken;
        if (!t) continue;
        for (const name of t.tokens) {
          const declared = catalog.colors[name] ?? catalog.dimens[name] ?? catalog.typography.find((x) => x.name === name)?.size;
          expect(declared, `token ${name} on #${node.id} is declared`).toBeDefined();
          if (!Object.values(t.resolved).includes(declared!)) findings.push(`#${node.id} ${name}=${declared} resolved ${JSON.stringify(t.resolved)}`);
        }
      }
    };
    check(app.snapshot());
    app.perform(String(ID.settings), 'Click');
    check(app.snapshot());
    expect(findings).toEqual([]);
    const fresh = new ReferenceApp().snapshot();
    const signIn = byText(fresh, 'Sign in');
    expect(signIn.designToken!.tokens).toContain('RadiusButton');
    expect(catalog.dimens.RadiusButton).toBe('8dp');
    expect(signIn.designToken!.resolved.radius).toBe(DRIFT_SIGN_IN_RADIUS);
    expect(DRIFT_SIGN_IN_RADIUS).toBe('12dp');
    expect(signIn.designToken!.resolved.textColor).toBe(catalog.colors.OnPrimary);
    expect(signIn.designToken!.resolved.background).toBe(catalog.colors.Primary);
  });

  test('the planted accessibility problem: a 32 dp unlabeled icon button', () => {
    const app = signedInApp();
    const s = app.snapshot();
    const unlabeled = all(s).filter(({ node }) => node.clickable && !node.text && !node.contentDescription);
    expect(unlabeled.map(({ node }) => node.id)).toEqual([String(ID.filter)]);
    const f = unlabeled[0]!.node;
    expect(f.bounds.width).toBe(84);
    expect(f.bounds.height).toBe(84);
    expect(f.bounds.width / DENSITY).toBe(32);
    // Every other touch target is at least 48 dp.
    const small = all(s).filter(({ node }) => node.clickable && node.visible && node.id !== f.id && node.layoutBounds!.height / DENSITY < 48);
    expect(small).toEqual([]);
  });

  test('db, crashes, restart, navigate and the screenshot', () => {
    let now = 1_000_000;
    const app = new ReferenceApp({ now: () => now });
    expect(app.db()).toEqual({ tables: [expect.objectContaining({ name: 'session' }), expect.objectContaining({ name: 'settings' })] });
    expect(app.db('settings', 2)).toMatchObject({ table: 'settings', columns: ['key', 'value'], rowCount: 2 });
    expect(() => app.db('nope')).toThrow(TargetError);
    expect(() => app.db('nope')).toThrow(/unknown table 'nope'/);
    expect(() => app.db('x; drop table')).toThrow(/invalid table name/);

    expect(app.crashes()).toEqual([]);
    now += 5000;
    expect(app.uptimeMs).toBe(5000);
    app.perform(String(ID.email), 'SetText', { text: 'typed' });
    const started = app.processStartedAtMs;
    app.crash('boom');
    expect(app.crashes()).toHaveLength(1);
    expect(app.crashes()[0]).toMatchObject({ message: 'boom', exception: 'java.lang.IllegalStateException' });
    expect(app.processStartedAtMs).toBeGreaterThan(started);
    expect(app.uptimeMs).toBe(0);
    expect(byTag(app.snapshot(), 'email')[0]!.editableText).toBe('');

    expect(app.navigate('settings').performed).toBe(true);
    expect(app.nav()).toEqual({ currentRoute: 'settings', backStack: ['signin', 'settings'] });
    expect(app.navigate('signin').performed).toBe(true);
    expect(app.nav()).toEqual({ currentRoute: 'signin', backStack: ['signin'] });
    expect(() => app.navigate('nowhere')).toThrow(/unknown route "nowhere"/);

    const png = app.screenshotPng();
    expect(pngSize(png)).toEqual({ width: 1080, height: 2400 });
  });
});
