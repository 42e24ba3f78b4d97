// Test-only builders and an independent, deliberately naive reference implementation of the
// reachability rules (O(n²): walks every window for every node), to cross-check the indexed one.
import { makeNode } from '../../src/model/node.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Action, Node, NodeFields, Rect, Root, Snapshot } from '../../src/model/schema.js';
import { prng } from '../../bench/prng.js';
export { prng };

let seq = 1;
export function node(fields: Partial<NodeFields> = {}, children: Node[] = []): Node {
  return makeNode(fields.id ?? `n${seq++}`, fields, children);
}
export const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });
export const clickable = (bounds: Rect, extra: Partial<NodeFields> = {}, children: Node[] = []) =>
  node({ clickable: true, actions: ['Click'], bounds, ...extra }, children);
export const label = (bounds: Rect, text = 'label', extra: Partial<NodeFields> = {}) => node({ text, bounds, ...extra });
export function win(n: Node, extra: Partial<Root> = {}): Root {
  return { rootId: extra.rootId ?? `w${seq++}`, label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, ...extra, node: n };
}
export function snapshotOf(...roots: Root[]): Snapshot {
  return makeSnapshot({ source: 'test', roots, capturedAt: '2026-01-01T00:00:00.000Z' });
}


/** Random overlapping trees: coarse coordinates so edges coincide, random flags, invisibility, modal windows. */
export function randomSnapshot(seed: number, size = 300): Snapshot {
  const rand = prng(seed);
  const int = (k: number) => Math.floor(rand() * k);
  const randRect = (): Rect => {
    const w = rand() < 0.08 ? 0 : (1 + int(12)) * 5 * (rand() < 0.2 ? 0.5 : 1);
    return rect(int(20) * 5 + (rand() < 0.1 ? 0.5 : 0), int(20) * 5, w, (1 + int(12)) * 5);
  };
  const actionPool: Action[] = ['Click', 'LongClick', 'ScrollBy', 'ScrollToIndex', 'SetText', 'BringIntoView', 'RequestFocus', 'Dismiss'];
  const randNode = (): Node => {
    const actions = actionPool.filter(() => rand() < 0.08);
    return node({
      bounds: randRect(),
      clickable: rand() < 0.25, longClickable: rand() < 0.05, scrollable: rand() < 0.12, editable: rand() < 0.04,
      visible: rand() >= 0.07, enabled: rand() >= 0.1, actions,
    });
  };
  const roots: Root[] = [];
  const windows = 1 + int(3);
  for (let w = 0; w < windows; w++) {
    const top = node({ bounds: w === 0 ? rect(0, 0, 160, 160) : randRect(), visible: rand() >= 0.1, clickable: rand() < 0.1 });
    const all = [top];
    const count = Math.floor(size / windows);
    for (let i = 1; i < count; i++) {
      // Bias towards recent nodes, so trees get deep as well as wide.
      const parent = all[Math.max(0, all.length - 1 - int(Math.min(all.length, rand() < 0.5 ? 3 : 40)))]!;
      const c = randNode();
      parent.children.push(c);
      all.push(c);
    }
    roots.push(win(top, { touchModal: w > 0 && rand() < 0.3 }));
  }
  return snapshotOf(...roots);
}

interface E { node: Node; parent: E | null; vis: boolean; w: number; rect: Rect }

const sized = (r: Rect) => r.width > 0 && r.height > 0;
const scroller = (n: Node) => n.kind !== 'web' && (n.scrollable || /(ScrollView|ListView|GridView|RecyclerView|ViewPager2?|XCUIElementType(Table|CollectionView|ScrollView))$/.test(n.rawRole ?? ''));
const clipsKids = (e: E) => e.node.kind !== 'web' && sized(e.node.bounds) && (e.parent === null || scroller(e.node) || /XCUIElementTypeWindow$/.test(e.node.rawRole ?? ''));
function cut(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.width, b.x + b.width), t = Math.min(a.y + a.height, b.y + b.height);
  return r > x && t > y ? { x, y, width: r - x, height: t - y } : { x, y, width: 0, height: 0 };
}

/**
 * The visible rect straight from its definition (facts/clip.ts): the bounds cut by the visible rect of
 * every ancestor that clips; an outermost scroller's by the bars over its edges (a later sibling of it
 * or an ancestor that shows something, spanning its width and covering less than half its height from
 * one horizontal edge, or the same sideways).
 */
function visibleRect(e: E): Rect {
  let r = e.node.bounds;
  for (let a = e.parent; a; a = a.parent) if (clipsKids(a)) { r = cut(r, visibleRect(a)); break; }
  let outer = sized(e.node.bounds) && scroller(e.node);
  for (let a = e.parent; a && outer; a = a.parent) if (scroller(a.node) && sized(a.node.bounds)) outer = false;
  if (!outer || !sized(r)) return r;
  let { x: l, y: t } = r, rr = r.x + r.width, bb = r.y + r.height;
  const [x1, y1, x2, y2] = [l, t, rr, bb];
  for (let c: E = e; c.parent; c = c.parent) {
    const kids = c.parent.node.children;
    for (const bar of kids.slice(kids.indexOf(c.node) + 1)) {
      const b = bar.bounds;
      if (!bar.visible || !sized(b) || !(bar.children.length || bar.text || bar.contentDescription)) continue;
      const halfH = (y2 - y1) / 2, halfW = (x2 - x1) / 2;
      if (b.x <= x1 + 1 && b.x + b.width >= x2 - 1) {
        if (b.y <= y1 && b.y + b.height > y1 && b.y + b.height - y1 < halfH) t = Math.max(t, b.y + b.height);
        else if (b.y + b.height >= y2 && b.y < y2 && y2 - b.y < halfH) bb = Math.min(bb, b.y);
      } else if (b.y <= y1 + 1 && b.y + b.height >= y2 - 1) {
        if (b.x <= x1 && b.x + b.width > x1 && b.x + b.width - x1 < halfW) l = Math.max(l, b.x + b.width);
        else if (b.x + b.width >= x2 && b.x < x2 && x2 - b.x < halfW) rr = Math.min(rr, b.x);
      }
    }
  }
  return rr > l && bb > t ? { x: l, y: t, width: rr - l, height: bb - t } : { x: l, y: t, width: 0, height: 0 };
}
export interface NaiveReach { hittable: boolean | null; obscuredBy: Node | null }

/** Straight from the rules: hit-test each point by walking every window top-down, reverse pre-order. */
export function naiveReachability(s: Snapshot) {
  const windows: E[][] = [];
  const byNode = new Map<Node, E>();
  s.roots.forEach((root, w) => {
    const list: E[] = [];
    const stack: E[] = [{ node: root.node, parent: null, vis: root.node.visible, w, rect: root.node.bounds }];
    while (stack.length) {
      const e = stack.pop()!;
      e.rect = visibleRect(e);
      list.push(e);
      byNode.set(e.node, e);
      for (let i = e.node.children.length - 1; i >= 0; i--) {
        const c = e.node.children[i]!;
        stack.push({ node: c, parent: e, vis: e.vis && c.visible, w, rect: c.bounds });
      }
    }
    windows.push(list);
  });
  const tapper = (n: Node) => n.clickable || n.longClickable || n.editable || n.actions.some((a) => a === 'Click' || a === 'LongClick' || a === 'SetText');
  const dragger = (n: Node) => n.scrollable || n.actions.some((a) => a === 'ScrollBy' || a === 'ScrollToIndex');
  const area = (e: E) => e.vis && sized(e.rect);
  const receives = (e: E, x: number, y: number) => {
    const b = e.rect;
    return area(e) && x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
  };
  let modal = -1;
  s.roots.forEach((r, w) => { if (r.touchModal) modal = w; });

  const hit = (x: number, y: number): { h: E } | { blocker: Node } | null => {
    for (let w = s.roots.length - 1; w >= Math.max(modal, 0); w--) {
      const list = windows[w]!;
      for (let i = list.length - 1; i >= 0; i--) {
        const e = list[i]!;
        if ((tapper(e.node) || dragger(e.node)) && receives(e, x, y)) return { h: e };
      }
      if (w > 0 && (w === modal || receives(list[0]!, x, y))) return { blocker: s.roots[w]!.node };
    }
    return null;
  };
  const tapTarget = (h: E, x: number, y: number): Node => {
    for (let e: E | null = h; e; e = e.parent) if (tapper(e.node) && receives(e, x, y)) return e.node;
    return h.node;
  };
  const nodeAt = (x: number, y: number): Node | null => {
    const r = hit(x, y);
    if (!r) return null;
    return 'blocker' in r ? r.blocker : tapTarget(r.h, x, y);
  };
  /** Whether a touch at (x, y) reaches n: its tap stops there, or (a scrollable) it lands in n's subtree. */
  const reachesAt = (n: Node, x: number, y: number): boolean => {
    const e = byNode.get(n)!;
    if (e.w < modal || !receives(e, x, y)) return false;
    const r = hit(x, y);
    if (!r || 'blocker' in r) return false;
    if (tapper(n) && tapTarget(r.h, x, y) === n) return true;
    if (dragger(n)) for (let a: E | null = r.h; a; a = a.parent) if (a.node === n) return true;
    return false;
  };
  const get = (n: Node): NaiveReach => {
    const e = byNode.get(n)!;
    if (!tapper(n) && !dragger(n)) return { hittable: null, obscuredBy: null };
    if (!area(e)) return { hittable: false, obscuredBy: null };
    if (e.w < modal) return { hittable: false, obscuredBy: s.roots[modal]!.node };
    const b = e.rect;
    let x = Math.round(b.x + b.width / 2), y = Math.round(b.y + b.height / 2);
    if (!(x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height)) { x = b.x + b.width / 2; y = b.y + b.height / 2; }
    const r = hit(x, y)!;
    if ('blocker' in r) return { hittable: false, obscuredBy: r.blocker };
    let inside = false;
    for (let a: E | null = r.h; a; a = a.parent) if (a === e) inside = true;
    const dragOk = dragger(n) && inside;
    const tt = tapTarget(r.h, x, y);
    const tapOk = tapper(n) && tt === n;
    if (tapOk || dragOk) return { hittable: true, obscuredBy: null };
    return { hittable: false, obscuredBy: tapper(n) ? tt : r.h.node };
  };
  return { get, nodeAt, reachesAt };
}
