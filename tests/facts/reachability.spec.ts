import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { acceptsTouch, takesTap, takesDrag } from '../../src/facts/node-facts.js';
import { makeNode, walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { TargetError } from '../../src/errors.js';
import { syntheticSnapshot } from '../../bench/synthetic.js';
import { clickable, label, naiveReachability, node, randomSnapshot, rect, snapshotOf, win } from './reach-helpers.js';

const reachOf = (s: Snapshot, n: Node) => analyzeReachability(s).get(n);

test.describe('reachability: the reference table', () => {
  test('under a dialog or a popup → not hittable, obscured by the node on top', () => {
    const underButton = clickable(rect(100, 400, 200, 50));
    const underBackground = clickable(rect(100, 300, 200, 50));
    const outside = clickable(rect(100, 700, 200, 50));
    const app = node({ bounds: rect(0, 0, 400, 800) }, [underButton, underBackground, outside]);
    const dialogButton = clickable(rect(100, 400, 200, 50));
    const dialog = node({ role: 'Dialog', bounds: rect(50, 250, 300, 250) }, [label(rect(60, 260, 200, 30), 'Title'), dialogButton]);
    const s = snapshotOf(win(app), win(dialog, { windowOffset: { x: 50, y: 250 } }));

    expect(reachOf(s, underButton)).toMatchObject({ hittable: false, operable: false });
    expect(reachOf(s, underButton).obscuredBy).toBe(dialogButton);
    // Where the dialog has nothing that takes touch, its window still consumes the tap.
    expect(reachOf(s, underBackground).hittable).toBe(false);
    expect(reachOf(s, underBackground).obscuredBy).toBe(dialog);
    // Outside a dialog that is not touch-modal, touches pass to the window below.
    expect(reachOf(s, outside)).toMatchObject({ hittable: true, obscuredBy: null, operable: true });
    expect(reachOf(s, dialogButton)).toMatchObject({ hittable: true, operable: true });
  });

  test('behind a touch-modal window, anywhere on screen → obscured by that window\'s root', () => {
    const far = clickable(rect(0, 700, 100, 50));
    const under = clickable(rect(100, 300, 100, 50));
    const app = node({ bounds: rect(0, 0, 400, 800) }, [far, under]);
    const ok = clickable(rect(200, 420, 100, 40));
    const modal = node({ role: 'Dialog', bounds: rect(50, 250, 300, 250) }, [label(rect(60, 260, 200, 30), 'Sure?'), ok]);
    const s = snapshotOf(win(app), win(modal, { touchModal: true }));

    for (const n of [far, under]) {
      expect(reachOf(s, n)).toMatchObject({ hittable: false, operable: false });
      expect(reachOf(s, n).obscuredBy).toBe(modal);
    }
    expect(reachOf(s, ok)).toMatchObject({ hittable: true, operable: true, obscuredBy: null });
  });

  test('scrolled out of its container → not hittable, no obscuredBy, no tap point', () => {
    const visibleRow = clickable(rect(0, 0, 400, 100));
    const gone = clickable(rect(0, 400, 400, 0), { layoutBounds: rect(0, 900, 400, 100) });
    const list = node({ scrollable: true, actions: ['ScrollBy'], bounds: rect(0, 0, 400, 400) }, [visibleRow, gone]);
    const s = snapshotOf(win(list));
    expect(reachOf(s, gone)).toMatchObject({ acceptsTouch: true, hittable: false, obscuredBy: null, operable: false, tap: null });
    expect(reachOf(s, visibleRow)).toMatchObject({ hittable: true, tap: { x: 200, y: 50 } });
  });

  test('under a later sibling that takes touches: the tap moves to the part it leaves free; a label on top does not count', () => {
    const first = clickable(rect(0, 0, 200, 200));
    const later = clickable(rect(100, 100, 200, 200));
    const caption = label(rect(150, 150, 100, 100), 'over the later one');
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 400) }, [first, later, caption])));
    // The centre (100,100) is the later sibling's; the largest free part of `first` is its top band 0..100.
    expect(reachOf(s, first)).toMatchObject({ hittable: true, obscuredBy: null, operable: true, tap: { x: 100, y: 50 } });
    expect(analyzeReachability(s).nodeAt(100, 50)).toBe(first);
    expect(reachOf(s, later)).toMatchObject({ hittable: true, obscuredBy: null, tap: { x: 200, y: 200 } });

    // Wholly covered by the later sibling → obscured by it, tap at the centre.
    const covered = clickable(rect(120, 120, 50, 50));
    const s2 = snapshotOf(win(node({ bounds: rect(0, 0, 400, 400) }, [covered, clickable(rect(100, 100, 200, 200))])));
    expect(reachOf(s2, covered)).toMatchObject({ hittable: false, operable: false, tap: { x: 145, y: 145 } });
    expect(reachOf(s2, covered).obscuredBy).toBe(s2.roots[0]!.node.children[1]);
  });

  test('a clickable row whose centre is its own button: tapped beside the button (JetWhale stops at the centre)', () => {
    const button = clickable(rect(150, 25, 100, 50), { role: 'Button' });
    const row = clickable(rect(0, 0, 400, 100), { role: 'ListItem' }, [label(rect(10, 10, 100, 30)), button]);
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [row])));
    // The left part (0..150 wide, full height) is the largest the button leaves free; the label takes no touch.
    expect(reachOf(s, row)).toMatchObject({ hittable: true, obscuredBy: null, tap: { x: 75, y: 50 } });
    expect(analyzeReachability(s).nodeAt(75, 50)).toBe(row);
    expect(reachOf(s, button).hittable).toBe(true);

    // A card whose own clickable image fills it: no free part, obscured by the image.
    const image = clickable(rect(0, 0, 400, 100), { role: 'Image' });
    const card = clickable(rect(0, 0, 400, 100), {}, [image]);
    const s2 = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [card])));
    expect(reachOf(s2, card)).toMatchObject({ hittable: false, tap: { x: 200, y: 50 } });
    expect(reachOf(s2, card).obscuredBy).toBe(image);
  });

  test('a list whose centre is one of its own rows → hittable (a drag on the row still scrolls it)', () => {
    const rows = Array.from({ length: 8 }, (_, i) => clickable(rect(0, i * 100, 400, 100)));
    const list = node({ role: 'List', scrollable: true, actions: ['ScrollBy', 'ScrollToIndex'], bounds: rect(0, 0, 400, 800) }, rows);
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [list])));
    expect(reachOf(s, list)).toMatchObject({ hittable: true, obscuredBy: null, operable: true });
    expect(analyzeReachability(s).nodeAt(200, 400)).toBe(rows[4]);

    // The same list under a floating button drawn after it: obscuredBy names something outside the list.
    const rows2 = Array.from({ length: 8 }, (_, i) => clickable(rect(0, i * 100, 400, 100)));
    const list2 = node({ scrollable: true, bounds: rect(0, 0, 400, 800) }, rows2);
    const fab = clickable(rect(150, 350, 100, 100));
    const s2 = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [list2, fab])));
    // The centre is the fab's; a drag started above it still scrolls the list.
    expect(reachOf(s2, list2)).toMatchObject({ hittable: true, obscuredBy: null, tap: { x: 200, y: 175 } });
    // A floating sheet that covers the whole list: obscured by it.
    const rows3 = Array.from({ length: 8 }, (_, i) => clickable(rect(0, i * 100, 400, 100)));
    const list3 = node({ scrollable: true, bounds: rect(0, 0, 400, 800) }, rows3);
    const sheet = clickable(rect(0, 0, 400, 800));
    const s3 = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [list3, sheet])));
    expect(reachOf(s3, list3).hittable).toBe(false);
    expect(reachOf(s3, list3).obscuredBy).toBe(sheet);
  });
});

test.describe('reachability: flags and edge cases', () => {
  test('labels are never flagged, even behind a modal window; focus-only actions do not make a node touchable', () => {
    const text = label(rect(0, 0, 100, 50));
    const focusOnly = node({ actions: ['BringIntoView', 'RequestFocus'], focusable: true, bounds: rect(0, 100, 100, 50) });
    const dismissOnly = node({ actions: ['Dismiss'], bounds: rect(0, 200, 100, 50) });
    const app = node({ bounds: rect(0, 0, 400, 800) }, [text, focusOnly, dismissOnly]);
    const modal = node({ bounds: rect(50, 250, 300, 250) });
    const s = snapshotOf(win(app), win(modal, { touchModal: true }));
    for (const n of [text, focusOnly, dismissOnly, app, modal]) {
      expect(reachOf(s, n)).toMatchObject({ acceptsTouch: false, hittable: null, operable: null, obscuredBy: null });
    }
    expect(reachOf(s, text).tap).toEqual({ x: 50, y: 25 });
    expect(acceptsTouch(focusOnly)).toBe(false);
    expect(takesTap(node({ actions: ['LongClick'] }))).toBe(true);
    expect(takesDrag(node({ actions: ['ScrollToIndex'] }))).toBe(true);
    expect(takesTap(node({ scrollable: true }))).toBe(false);
  });

  test('a disabled node is hittable but not operable, and still takes the touch from what is beneath', () => {
    const beneath = clickable(rect(0, 0, 200, 200));
    const disabled = clickable(rect(0, 0, 200, 200), { enabled: false });
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 400) }, [beneath, disabled])));
    expect(reachOf(s, disabled)).toMatchObject({ hittable: true, operable: false });
    expect(reachOf(s, beneath).obscuredBy).toBe(disabled);
  });

  test('invisible nodes (and nodes under an invisible ancestor) receive nothing and block nothing', () => {
    const beneath = clickable(rect(0, 0, 200, 200));
    const hidden = clickable(rect(0, 0, 200, 200), { visible: false });
    const childOfHidden = clickable(rect(300, 0, 50, 50));
    const hiddenGroup = node({ visible: false, bounds: rect(300, 0, 100, 100) }, [childOfHidden]);
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 400) }, [beneath, hidden, hiddenGroup])));
    expect(reachOf(s, hidden)).toMatchObject({ hittable: false, obscuredBy: null, tap: null, operable: false });
    expect(reachOf(s, childOfHidden)).toMatchObject({ hittable: false, obscuredBy: null, tap: null });
    expect(reachOf(s, beneath)).toMatchObject({ hittable: true, obscuredBy: null });
    expect(analyzeReachability(s).nodeAt(325, 25)).toBeNull();
  });

  test('scrollable and clickable: hittable when either the tap or the drag gets through', () => {
    const inner = clickable(rect(150, 150, 100, 100));
    const both = clickable(rect(0, 0, 400, 400), { scrollable: true, actions: ['Click', 'ScrollBy'] }, [inner]);
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 800, 800) }, [both])));
    // The tap lands on `inner`, but a drag starting there still scrolls `both`.
    expect(reachOf(s, both)).toMatchObject({ hittable: true, operable: true });

    const both2 = clickable(rect(0, 0, 400, 400), { scrollable: true }, [label(rect(0, 0, 100, 100))]);
    const overlay = node({ scrollable: true, bounds: rect(100, 100, 300, 300) });
    const s2 = snapshotOf(win(node({ bounds: rect(0, 0, 800, 800) }, [both2, overlay])));
    // The overlay takes the centre and everything right of and below 100: the free band on top reaches it.
    expect(reachOf(s2, both2)).toMatchObject({ hittable: true, obscuredBy: null, tap: { x: 200, y: 50 } });
    expect(reachOf(s2, overlay).hittable).toBe(true);
  });

  test('a tap through a scrollable reaches the clickable around it (a card around a carousel)', () => {
    const carousel = node({ scrollable: true, bounds: rect(0, 50, 400, 100) }, [label(rect(0, 60, 100, 80))]);
    const card = clickable(rect(0, 0, 400, 200), {}, [carousel]);
    const s = snapshotOf(win(node({ bounds: rect(0, 0, 400, 800) }, [card])));
    expect(reachOf(s, card).hittable).toBe(true);
    expect(reachOf(s, carousel).hittable).toBe(true);
    expect(analyzeReachability(s).nodeAt(200, 100)).toBe(card);
  });

  test('nodeAt answers which node a tap is dispatched to', () => {
    const send = clickable(rect(300, 20, 80, 40), { role: 'Button' });
    const rowText = label(rect(10, 110, 200, 30), 'Row text');
    const row = clickable(rect(0, 100, 400, 100), {}, [rowText]);
    const list = node({ scrollable: true, bounds: rect(0, 100, 400, 500) }, [row]);
    const app = node({ bounds: rect(0, 0, 400, 800) }, [label(rect(10, 20, 200, 40), 'Title'), send, list]);
    const ok = clickable(rect(100, 700, 100, 50));
    const sheet = node({ bounds: rect(0, 650, 400, 150) }, [ok]);
    const s = snapshotOf(win(app), win(sheet, { touchModal: true }));
    const r = analyzeReachability(s);
    expect(r.nodeAt(150, 725)).toBe(ok);
    expect(r.nodeAt(20, 700)).toBe(sheet); // inside the modal window, on nothing: the window takes it
    expect(r.nodeAt(340, 40)).toBe(sheet); // through the modal window: the button below never sees it
    expect(r.nodeAt(-50, -50)).toBe(sheet); // a touch-modal window takes touches outside its bounds too

    const open = snapshotOf(win(app));
    const q = analyzeReachability(open);
    expect(q.nodeAt(340, 40)).toBe(send);
    expect(q.nodeAt(380, 40)).toBeNull(); // right edge is exclusive
    expect(q.nodeAt(20, 130)).toBe(row); // on a label inside a clickable row
    expect(q.nodeAt(200, 400)).toBe(list); // a gap in the list: only the scrollable is there
    expect(q.nodeAt(50, 30)).toBeNull(); // on a label over empty space
    expect(q.nodeAt(200, 700)).toBeNull(); // empty space
    expect(q.nodeAt(5000, 5000)).toBeNull(); // off screen
    expect(() => q.nodeAt(Number.NaN, 1)).toThrow(TargetError);
    try { q.nodeAt(1, Number.POSITIVE_INFINITY); } catch (e) { expect((e as TargetError).code).toBe('invalid_arguments'); }
  });

  test('nodeAt: a lone touch-modal window (a uiautomator dialog dump) takes what none of its nodes take', () => {
    const ok = clickable(rect(100, 700, 100, 50));
    const dialog = node({ bounds: rect(0, 650, 400, 150) }, [label(rect(10, 660, 200, 30), 'Title'), ok]);
    const r = analyzeReachability(snapshotOf(win(dialog, { touchModal: true })));
    expect(r.nodeAt(150, 725)).toBe(ok);
    expect(r.nodeAt(20, 670)).toBe(dialog); // on its label: the window takes it
    expect(r.nodeAt(200, 100)).toBe(dialog); // outside its bounds too, as with a modal above other windows
    // Not touch-modal: a point on nothing answers null (the bottom window's background is unobservable).
    expect(analyzeReachability(snapshotOf(win(dialog))).nodeAt(200, 100)).toBeNull();
  });

  test('tap point: the centre rounded half up, the way roundToInt does; hit-tested so tapping it reaches the node', () => {
    const a = clickable(rect(10, 20, 15, 5)); // centre 17.5, 22.5
    const b = clickable(rect(-5, 100, 5, 1)); // centre -2.5, 100.5
    const c = clickable(rect(200, 200, 1, 1)); // rounded centre 201,201 is on the exclusive edge
    const d = clickable(rect(-1, 300, 1, 3)); // centre -0.5 rounds to 0, not -0
    const s = snapshotOf(win(node({ bounds: rect(-10, 0, 400, 400) }, [a, b, c, d])));
    const r = analyzeReachability(s);
    expect(r.get(a).tap).toEqual({ x: 18, y: 23 });
    expect(r.get(b).tap).toEqual({ x: -2, y: 101 });
    expect(r.get(c).tap).toEqual({ x: 201, y: 201 });
    expect(Object.is(r.get(d).tap!.x, 0)).toBe(true);
    expect(r.nodeAt(18, 23)).toBe(a);
    for (const n of [a, b, c, d]) expect(r.get(n).hittable).toBe(true);
  });

  test('several windows: bounds and taps are screen coordinates, windowOffset is not added again', () => {
    const appButton = clickable(rect(100, 1000, 200, 100));
    const statusHidden = clickable(rect(500, 10, 100, 40)); // under the status bar window
    const app = node({ bounds: rect(0, 0, 1080, 2400) }, [appButton, statusHidden, clickable(rect(100, 2000, 200, 100))]);
    const statusBar = node({ bounds: rect(0, 0, 1080, 63) }, [label(rect(16, 10, 100, 40), '09:41')]);
    const dialogButton = clickable(rect(540, 1200, 200, 100));
    const dialog = node({ bounds: rect(140, 900, 800, 400) }, [dialogButton]);
    const dialogRoot = win(dialog, { windowOffset: { x: 140, y: 900 }, rootId: 'dialog' });
    const s = snapshotOf(win(app), win(statusBar), dialogRoot);
    const r = analyzeReachability(s);
    expect(r.get(dialogButton).tap).toEqual({ x: 640, y: 1250 });
    expect(r.get(dialogButton).root).toBe(dialogRoot);
    expect(r.nodeAt(640, 1250)).toBe(dialogButton);
    expect(r.get(appButton).hittable).toBe(false);
    expect(r.get(appButton).obscuredBy).toBe(dialog);
    expect(r.get(statusHidden).obscuredBy).toBe(statusBar);
    expect(r.get(app.children[2]!).hittable).toBe(true);
  });

  test('a 60,000-deep chain is analysed without overflowing the stack', () => {
    const depth = 60_000;
    let leaf: Node = makeNode('leaf', { clickable: true, bounds: rect(0, 0, 1000, 1000) });
    const deepest = leaf;
    let middle: Node | null = null;
    for (let i = depth - 1; i > 0; i--) {
      leaf = makeNode(String(i), { clickable: i % 2 === 0, scrollable: i % 3 === 0, bounds: rect(0, 0, 1000, 1000) }, [leaf]);
      if (i === depth / 2) middle = leaf;
    }
    const s = snapshotOf(win(leaf));
    const r = analyzeReachability(s);
    expect(r.get(deepest).hittable).toBe(true);
    // Clickable-only ancestors lose the tap to the deepest node; scrollable ones still get the drag.
    const clickOnly = leaf.children[0]!; // id 2
    expect(clickOnly.id).toBe('2');
    expect(r.get(clickOnly).obscuredBy).toBe(deepest);
    expect(r.get(middle!)).toMatchObject({ hittable: true }); // 30000: clickable and scrollable
    expect(r.nodeAt(500, 500)).toBe(deepest);
    let count = 0;
    walk(s, ({ node: n }) => { if (r.get(n).hittable === true) count++; });
    expect(count).toBe(1 + Math.floor((depth - 1) / 3));
  });

  test('get answers the same in any order of asking (document order, reverse, repeated)', () => {
    const s = syntheticSnapshot(400, 5);
    const forward: Node[] = [];
    walk(s, ({ node: n }) => { forward.push(n); });
    const first = analyzeReachability({ ...s });
    const inOrder = forward.map((n) => first.get(n));
    const second = analyzeReachability({ ...s });
    const reversed = [...forward].reverse().map((n) => second.get(n)).reverse();
    expect(reversed.map((r) => [r.hittable, r.obscuredBy?.id, r.tap])).toEqual(inOrder.map((r) => [r.hittable, r.obscuredBy?.id, r.tap]));
    expect(second.get(forward[7]!)).toEqual(second.get(forward[7]!));
    expect(first.get(forward[3]!)).toEqual(inOrder[3]);
  });

  test('results are memoised per snapshot object; a node from another snapshot is a typed error', () => {
    const s = snapshotOf(win(clickable(rect(0, 0, 10, 10))));
    expect(analyzeReachability(s)).toBe(analyzeReachability(s));
    expect(analyzeReachability({ ...s })).not.toBe(analyzeReachability(s));
    const stranger = clickable(rect(0, 0, 10, 10));
    let err: unknown;
    try { analyzeReachability(s).get(stranger); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(TargetError);
    expect((err as TargetError).code).toBe('target_not_found');
  });
});

test.describe('reachability: real and generated trees', () => {
  test('the cmp-inspector fixture (parsed by hand): cards hittable, the disabled one not operable, labels unflagged', () => {
    interface CmpNode { testTag: string | null; text: string | null; contentDescription: string | null; role?: string; clickable?: boolean; disabled?: boolean; bounds: { x: number; y: number; width: number; height: number }; children: CmpNode[] }
    const doc = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../fixtures/trees/home.json'), 'utf8')) as { root: CmpNode };
    let id = 0;
    const byTag = new Map<string, Node>();
    // Iterative conversion, children filled after their parent is made.
    const top = makeNode(String(id++));
    const stack: Array<[CmpNode, Node]> = [[doc.root, top]];
    while (stack.length) {
      const [c, out] = stack.pop()!;
      Object.assign(out, makeNode(out.id, {
        kind: 'compose', tag: c.testTag, text: c.text, contentDescription: c.contentDescription,
        role: c.role === 'Button' ? 'Button' : null, clickable: c.clickable ?? false, enabled: !c.disabled, bounds: c.bounds,
      }));
      if (c.testTag) byTag.set(c.testTag, out);
      for (const child of c.children) { const n = makeNode(String(id++)); out.children.push(n); stack.push([child, n]); }
    }
    const s = snapshotOf(win(top, { density: 2 }));
    const r = analyzeReachability(s);
    expect(r.get(byTag.get('card_one')!)).toMatchObject({ hittable: true, operable: true, tap: { x: 180, y: 160 } });
    expect(r.get(byTag.get('card_two')!)).toMatchObject({ hittable: true, operable: false });
    for (const tag of ['home_root', 'home_title', 'home_subtitle_raw', 'card_one_label', 'card_two_label']) {
      expect(r.get(byTag.get(tag)!)).toMatchObject({ hittable: null, operable: null });
    }
    expect(r.nodeAt(100, 130)).toBe(byTag.get('card_one')); // on the card's label
    expect(r.nodeAt(100, 80)).toBeNull();
  });

  /**
   * Compares every node and the given points with the naive reference (centre hit tests, walking every
   * window); returns how many nodes were flagged obscured and how many had their tap point moved off a
   * taken centre (asserted once: fast). Where the centre is taken, the fast analysis may find a free
   * part: its tap point must then reach the node by the naive hit test; where it finds none, a 12×12 grid
   * of the node's bounds is tried naively and no point may reach it (nor may the node be flagged when a
   * grid point does, beyond `allowedMisses`: the search spends a bounded number of probes).
   */
  const compare = (s: Snapshot, points: Array<[number, number]>) => {
    const fast = analyzeReachability(s);
    const slow = naiveReachability(s);
    const diffs: string[] = [];
    let flagged = 0, moved = 0, misses = 0;
    const show = (n: Node | null | undefined) => n?.id ?? 'null';
    walk(s, ({ node: n }) => {
      const f = fast.get(n), e = slow.get(n);
      if (f.hittable === false && f.obscuredBy) flagged++;
      const b = n.bounds, t = f.tap;
      if (e.hittable === false && e.obscuredBy && f.hittable === true) {
        // The centre is taken but a free part was found: a touch there must reach the node.
        moved++;
        if (!t || !slow.reachesAt(n, t.x, t.y)) diffs.push(`#${n.id}: tap moved to ${t?.x},${t?.y}, which does not reach it`);
        if (f.obscuredBy !== null) diffs.push(`#${n.id}: hittable with obscuredBy #${show(f.obscuredBy)}`);
      } else if (f.hittable !== e.hittable || f.obscuredBy !== e.obscuredBy) {
        diffs.push(`#${n.id}: hittable ${f.hittable} obscuredBy ${show(f.obscuredBy)}, expected ${e.hittable} / ${show(e.obscuredBy)}`);
      }
      if (f.hittable === false && f.obscuredBy && !s.roots.some((rt) => rt.touchModal && rt.node === f.obscuredBy)) {
        let reached = false;
        for (let gx = 0; gx < 12 && !reached; gx++) for (let gy = 0; gy < 12 && !reached; gy++) {
          reached = slow.reachesAt(n, b.x + (b.width * (gx + 0.5)) / 12, b.y + (b.height * (gy + 0.5)) / 12);
        }
        if (reached) misses++;
      }
      // A tap on a node's tap point goes to the node when it is hittable, else to what obscures it
      // (a node under a touch-modal window aside: it is blocked whatever sits at that point).
      if (!t || f.hittable === null || !takesTap(n) || !(t.x >= b.x && t.x < b.x + b.width && t.y >= b.y && t.y < b.y + b.height)) return;
      const at = fast.nodeAt(t.x, t.y);
      if (f.hittable && !takesDrag(n) && at !== n) diffs.push(`#${n.id}: hittable but nodeAt(tap) is #${show(at)}`);
      const behindModal = s.roots.some((rt) => rt.touchModal && rt.node === f.obscuredBy);
      if (f.obscuredBy && !behindModal && at !== f.obscuredBy) diffs.push(`#${n.id}: obscuredBy #${show(f.obscuredBy)} but nodeAt(tap) is #${show(at)}`);
    });
    for (const [x, y] of points) {
      const a = fast.nodeAt(x, y), e = slow.nodeAt(x, y);
      if (a !== e) diffs.push(`nodeAt(${x}, ${y}) = #${show(a)}, expected #${show(e)}`);
    }
    expect(diffs.slice(0, 10)).toEqual([]);
    return { flagged, moved, misses };
  };

  test('matches a naive walk-every-window implementation on random overlapping trees', () => {
    let flagged = 0, moved = 0, misses = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = (k: number) => ((seed * 7919 + k * 104729) % 2000) / 10 - 20;
      const points: Array<[number, number]> = [];
      for (let k = 0; k < 60; k++) points.push([rand(k), rand(k + 977)]);
      for (let k = 0; k < 20; k++) points.push([k * 5, (k * 35) % 160]); // exact edges
      const r = compare(randomSnapshot(seed, 250), points);
      flagged += r.flagged; moved += r.moved; misses += r.misses;
    }
    expect(flagged).toBeGreaterThan(100); // the random trees really do overlap
    expect(moved).toBeGreaterThan(100); // and free parts of taken centres are found
    // The bounded search rarely gives up on a reachable part (scrollers now clip, so the free parts left are smaller and fewer).
    expect(misses).toBeLessThanOrEqual(flagged / 50);
  });

  test('matches the naive implementation on synthetic screens (phone / full page, popup / dialog / none)', () => {
    for (const overlay of ['popup', 'dialog', 'none'] as const) {
      for (const fullPage of [false, true]) {
        const s = syntheticSnapshot(1200, 7, { overlay, fullPage });
        const points: Array<[number, number]> = [];
        for (let k = 0; k < 50; k++) points.push([(k * 211) % 1080, (k * 977) % 2400]);
        compare(s, points);
      }
    }
  });

  test('synthetic screens are deterministic and have exactly n nodes', () => {
    const a = syntheticSnapshot(5000, 3), b = syntheticSnapshot(5000, 3), c = syntheticSnapshot(5000, 4);
    expect(a.generation).toBe(b.generation);
    expect(a.generation).not.toBe(c.generation);
    let count = 0;
    walk(a, () => { count++; });
    expect(count).toBe(5000);
    expect(a.roots.map((r) => r.rootId)).toEqual(['app', 'status-bar', 'popup']);
  });
});
