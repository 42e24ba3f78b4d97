import type { Node, NodeFields, Rect, Root, Snapshot } from '../src/model/schema.js';
import { makeNode } from '../src/model/node.js';
import { makeSnapshot } from '../src/model/serialize.js';
import { prng } from './prng.js';

export interface SyntheticOptions {
  /** What sits on top of the app: a popup menu that is not touch-modal (default), a touch-modal dialog, or nothing. */
  overlay?: 'popup' | 'dialog' | 'none';
  /**
   * Lay the screen out as a full-page capture, where every row has on-screen bounds and is hit-tested
   * (the heavy case), instead of a phone viewport where the rows below the fold are scrolled out.
   */
  fullPage?: boolean;
  /**
   * Shape the screen like a real dump: every control sits under the layers of layout nodes a Compose
   * or View hierarchy wraps it in (scaffold, surfaces, boxes, lazy-list item slots), so the median node
   * depth is ~17 as in the corpus dumps instead of 5–8, and texts mix scripts (accents, Cyrillic, CJK,
   * Arabic, emoji) instead of ASCII only. What the benchmarks use; tests keep the plain shape.
   */
  realistic?: boolean;
}

const W = 1080;
const PHONE_H = 2400;
const DENSITY = 2.625;
const dp = (v: number) => Math.round(v * DENSITY);
const EMPTY_AT = (x: number, y: number): Rect => ({ x, y, width: 0, height: 0 });

/** Windows, toolbar, list, FAB and overlay: the nodes every synthetic screen has. */
export const SYNTHETIC_MIN_NODES = 18;

const WORDS = ['inbox', 'settings', 'photo', 'album', 'message', 'invoice', 'travel', 'music', 'note', 'draft',
  'meeting', 'recipe', 'update', 'report', 'ticket', 'order', 'review', 'backup', 'alarm', 'contact'];
const WORLD_WORDS = ['Posteingang', 'café', 'Grüße', 'Zürich', 'naïve', 'сообщение', 'настройки', '写真', '会議メモ',
  'رسالة', 'crème brûlée', '📷 album', 'señal', 'Ελληνικά', 'invoice', 'travel', 'music', 'note', 'review', 'contact'];
/** Layout layers above the app's content (scaffold, surfaces, boxes) and above each list item (slot, surface, row). */
const APP_LAYERS = 10;
const ITEM_LAYERS = 4;


function intersect(r: Rect, c: Rect): Rect {
  const x = Math.max(r.x, c.x), y = Math.max(r.y, c.y);
  const x2 = Math.min(r.x + r.width, c.x + c.width), y2 = Math.min(r.y + r.height, c.y + c.height);
  return x2 > x && y2 > y ? { x, y, width: x2 - x, height: y2 - y } : EMPTY_AT(Math.min(x, c.x + c.width), Math.min(y, c.y + c.height));
}

/**
 * A realistic screen of exactly `n` nodes, deterministic for a seed: a status-bar window; an app window
 * with a toolbar, a scrollable feed of rows (icon, title + subtitle, a trailing button or switch) mixed
 * with nested cards (heading, chips, a horizontal carousel of tiles clipped at its edge), a floating
 * action button drawn over the feed; and, on top, a popup menu or a touch-modal dialog.
 */
export function syntheticSnapshot(n: number, seed = 1, opts: SyntheticOptions = {}): Snapshot {
  if (!Number.isInteger(n) || n < SYNTHETIC_MIN_NODES) {
    throw new RangeError(`syntheticSnapshot needs an integer n ≥ ${SYNTHETIC_MIN_NODES}, got ${n}`);
  }
  const overlay = opts.overlay ?? 'popup';
  const rand = prng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const words = opts.realistic ? WORLD_WORDS : WORDS;
  const appLayers = opts.realistic ? APP_LAYERS : 0;
  const itemLayers = opts.realistic ? ITEM_LAYERS : 0;
  let nextId = 1;
  let left = n;
  const node = (fields: Partial<NodeFields>, parent?: Node): Node => {
    left--;
    const m = makeNode(String(nextId++), { kind: 'compose', ...fields });
    parent?.children.push(m);
    return m;
  };
  const click = { clickable: true, focusable: true, actions: ['Click' as const] };

  // Status bar: a window of its own above the app.
  const sbH = dp(24);
  const statusBar = node({ rawRole: 'StatusBar', bounds: { x: 0, y: 0, width: W, height: sbH } });
  node({ role: 'Text', text: '09:41', bounds: { x: dp(16), y: dp(4), width: dp(40), height: dp(16) } }, statusBar);
  ['Wi-Fi', 'Signal', 'Battery'].forEach((d, i) =>
    node({ role: 'Image', contentDescription: d, bounds: { x: W - dp(16 + 20 * (3 - i)), y: dp(4), width: dp(16), height: dp(16) } }, statusBar));

  // App window: toolbar, feed, FAB. Its height is settled once the feed is laid out (full page).
  const app = node({ rawRole: 'MainActivity', bounds: { x: 0, y: 0, width: W, height: PHONE_H } });
  const layers: Node[] = [];
  let content = app;
  for (let l = 0; l < appLayers; l++) layers.push(content = node({ bounds: { x: 0, y: 0, width: W, height: PHONE_H } }, content));
  const tbH = dp(56);
  const toolbar = node({ role: 'Toolbar', bounds: { x: 0, y: sbH, width: W, height: tbH } }, content);
  node({ role: 'Button', contentDescription: 'Navigate up', ...click, bounds: { x: 0, y: sbH, width: tbH, height: tbH } }, toolbar);
  node({ role: 'Heading', heading: true, text: 'Inbox', bounds: { x: dp(72), y: sbH + dp(14), width: dp(160), height: dp(28) } }, toolbar);
  node({ role: 'Button', contentDescription: 'Search', tag: 'search', ...click, bounds: { x: W - 2 * tbH, y: sbH, width: tbH, height: tbH } }, toolbar);
  node({ role: 'Button', contentDescription: 'More options', tag: 'more', ...click, bounds: { x: W - tbH, y: sbH, width: tbH, height: tbH } }, toolbar);
  const top = sbH + tbH;
  const feed = node({ role: 'List', tag: 'feed', scrollable: true, actions: ['ScrollBy', 'ScrollToIndex'], bounds: { x: 0, y: top, width: W, height: PHONE_H - top } }, content);
  // The FAB is counted now and attached after the feed, so it is drawn (and hit) on top of it.
  left--;
  const overlayNodes = overlay === 'none' ? 0 : 5;
  left -= overlayNodes;

  const viewport: Rect = opts.fullPage ? { x: 0, y: top, width: W, height: 1e12 } : { x: 0, y: top, width: W, height: PHONE_H - top };
  const place = (fields: Partial<NodeFields>, r: Rect, parent: Node, clipTo: Rect = viewport): Node =>
    node({ ...fields, bounds: intersect(r, clipTo), layoutBounds: r }, parent);

  const ROW = 6 + itemLayers, CARD = 16 + itemLayers;
  /** The item's slot in the list: its layout layers, innermost returned (the feed itself when there are none). */
  const slot = (r: Rect): Node => {
    let at = feed;
    for (let l = 0; l < itemLayers; l++) at = place({}, r, at);
    return at;
  };
  let y = top;
  let item = 0;
  while (left > 0) {
    const wantCard = rand() < 1 / 6;
    if (wantCard && left >= CARD) {
      const cardR = { x: dp(16), y: y + dp(8), width: W - dp(32), height: dp(216) };
      const card = place({ role: 'Group', tag: `card-${item}`, ...click, contentDescription: `Card ${item}` }, cardR, slot(cardR));
      place({ role: 'Heading', heading: true, text: `${pick(words)} highlights` }, { x: dp(32), y: y + dp(24), width: dp(240), height: dp(24) }, card);
      for (let c = 0; c < 3; c++) {
        place({ role: 'Button', text: pick(words), ...click, selected: c === 0 }, { x: dp(32 + 104 * c), y: y + dp(56), width: dp(96), height: dp(32) }, card);
      }
      const carR = { x: dp(16), y: y + dp(104), width: W - dp(32), height: dp(112) };
      const carousel = place({ role: 'List', scrollable: true, actions: ['ScrollBy'] }, carR, card);
      const carClip = intersect(carR, viewport);
      for (let t = 0; t < 5; t++) {
        const tileR = { x: dp(24 + 128 * t), y: y + dp(112), width: dp(120), height: dp(96) };
        const tile = place({ role: 'Button', ...click, contentDescription: `Tile ${t}` }, tileR, carousel, carClip);
        place({ role: 'Text', text: `${pick(words)} ${t}` }, { x: tileR.x + dp(8), y: tileR.y + dp(64), width: dp(104), height: dp(24) }, tile, carClip);
      }
      y += dp(232);
    } else if (left >= ROW) {
      const rowR = { x: 0, y, width: W, height: dp(72) };
      const hidden = rand() < 0.01;
      const row = place({ role: 'ListItem', tag: `row-${item}`, ...click, visible: !hidden }, rowR, slot(rowR));
      place({ role: 'Image', contentDescription: 'Avatar', visible: !hidden }, { x: dp(16), y: y + dp(16), width: dp(40), height: dp(40) }, row);
      const col = place({ visible: !hidden }, { x: dp(72), y: y + dp(12), width: dp(240), height: dp(48) }, row);
      place({ role: 'Text', text: `${pick(words)} ${item}`, visible: !hidden }, { x: dp(72), y: y + dp(12), width: dp(240), height: dp(24) }, col);
      place({ role: 'Text', text: `${pick(words)} ${pick(words)}`, visible: !hidden }, { x: dp(72), y: y + dp(36), width: dp(240), height: dp(20) }, col);
      const enabled = rand() >= 0.04;
      if (rand() < 0.5) {
        place({ role: 'Button', text: 'Open', ...click, enabled, visible: !hidden }, { x: W - dp(96), y: y + dp(16), width: dp(80), height: dp(40) }, row);
      } else {
        place({ role: 'Switch', ...click, toggle: rand() < 0.5 ? 'on' : 'off', enabled, visible: !hidden }, { x: W - dp(68), y: y + dp(22), width: dp(52), height: dp(28) }, row);
      }
      y += dp(72);
    } else {
      place({ role: 'Text', text: `Footer note ${item}` }, { x: dp(16), y, width: W - dp(32), height: dp(48) }, feed);
      y += dp(48);
    }
    item++;
  }

  const appH = opts.fullPage ? Math.max(PHONE_H, y) : PHONE_H;
  app.bounds = { x: 0, y: 0, width: W, height: appH };
  for (const l of layers) l.bounds = app.bounds;
  feed.bounds = { x: 0, y: top, width: W, height: appH - top };
  left++;
  node({ role: 'Button', tag: 'compose', contentDescription: 'Compose', ...click, bounds: { x: W - dp(72), y: PHONE_H - dp(72), width: dp(56), height: dp(56) } }, content);

  const roots: Root[] = [
    { rootId: 'app', label: 'MainActivity', unit: 'px', density: DENSITY, windowOffset: { x: 0, y: 0 }, touchModal: false, node: app },
    { rootId: 'status-bar', label: 'StatusBar', unit: 'px', density: DENSITY, windowOffset: { x: 0, y: 0 }, touchModal: false, node: statusBar },
  ];
  left += overlayNodes;
  if (overlay === 'popup') {
    const r = { x: W - dp(216), y: sbH + dp(8), width: dp(200), height: dp(48) * 4 };
    const menu = node({ role: 'Menu', bounds: r });
    ['Refresh', 'Sort', 'Select all', 'Settings'].forEach((t, i) =>
      node({ role: 'MenuItem', text: t, ...click, bounds: { x: r.x, y: r.y + dp(48) * i, width: r.width, height: dp(48) } }, menu));
    roots.push({ rootId: 'popup', label: 'PopupWindow', unit: 'px', density: DENSITY, windowOffset: { x: r.x, y: r.y }, touchModal: false, node: menu });
  } else if (overlay === 'dialog') {
    const r = { x: dp(24), y: PHONE_H / 2 - dp(150), width: W - dp(48), height: dp(300) };
    const dialog = node({ role: 'Dialog', bounds: r });
    node({ role: 'Heading', heading: true, text: 'Discard draft?', bounds: { x: r.x + dp(24), y: r.y + dp(24), width: dp(240), height: dp(32) } }, dialog);
    node({ role: 'Text', text: 'Your changes will be lost.', bounds: { x: r.x + dp(24), y: r.y + dp(72), width: dp(280), height: dp(48) } }, dialog);
    node({ role: 'Button', text: 'Cancel', ...click, bounds: { x: r.x + r.width - dp(200), y: r.y + r.height - dp(64), width: dp(88), height: dp(40) } }, dialog);
    node({ role: 'Button', text: 'Discard', ...click, bounds: { x: r.x + r.width - dp(104), y: r.y + r.height - dp(64), width: dp(88), height: dp(40) } }, dialog);
    roots.push({ rootId: 'dialog', label: 'Dialog', unit: 'px', density: DENSITY, windowOffset: { x: r.x, y: r.y }, touchModal: true, node: dialog });
  }
  if (left !== 0) throw new Error(`synthetic screen miscounted: ${left} nodes left over`);
  return makeSnapshot({
    source: `synthetic:n=${n},seed=${seed},overlay=${overlay}${opts.fullPage ? ',fullPage' : ''}${opts.realistic ? ',realistic' : ''}`,
    capturedAt: '2026-01-01T00:00:00.000Z',
    roots,
  });
}
