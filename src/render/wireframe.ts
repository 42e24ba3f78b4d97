/**
 * SVG wireframes of a snapshot or of one node's subtree: every node's on-screen bounds drawn to scale
 * in the roots' unit (mixed units: the largest px root's px, see rootScales), windows in z-order (bottom first), clickable nodes outlined, tokenized
 * nodes tinted, and overlays for what a report needs to show — the failing node, the node (and window)
 * that obscures it, accessibility / drift findings as numbered badges, golden-diff colours.
 *
 * Deterministic: the same input gives the same bytes (no randomness, no clocks, numbers rounded to
 * two decimals, element order = document order). Every app string is XML-escaped; nothing from the app
 * is ever placed in an attribute but `data-id`, which is escaped too. Linear in the node count: one
 * pass to collect, one to draw, labels thinned on a coarse occupancy grid so a 10,000-node screen stays
 * readable (and renders in a few ms).
 */
import type { Node, Rect, Root, Snapshot } from '../model/schema.js';
import type { Severity } from '../common/finding.js';
import { takesTap } from '../facts/node-facts.js';
import { isEmptyRect, rectCentre } from '../common/geometry.js';
import { walkNode } from '../model/node.js';
import { TargetError } from '../errors.js';
import { outlineLine } from '../outline/outline.js';
import { clip, escapeXml } from './escape.js';

export type DiffMark = 'added' | 'removed' | 'changed' | 'moved';

export interface WireframeOptions {
  /** Draw only this node's subtree (by id), on its own canvas: coordinates rebased to its top-left. */
  subtree?: string | null;
  /** Nodes the failure is about (highlighted red). */
  failing?: readonly string[];
  /** The node that takes the touch instead: drawn hatched orange, its window framed when that is another window than the failing node's. */
  obscuredBy?: string | null;
  /** The a11y / drift overlay: each node with findings gets its worst severity's colour and a badge number. */
  findings?: ReadonlyArray<{ nodeId: string | null; severity: Severity }>;
  /** Golden-diff mode: node id → how it differs. */
  diff?: ReadonlyMap<string, DiffMark>;
  /** Display width in CSS px (the drawing keeps its aspect ratio). Default 360. */
  width?: number;
  /** A tall drawing is narrowed until it is at most this high (but never below 160 px wide). Default 640. */
  maxHeight?: number;
  /** Most labels drawn (thinned: the topmost that fit win). Default 250. */
  maxLabels?: number;
  /** Nodes get a hover tooltip (their outline line) when the drawing has at most this many. Default 2,000. */
  maxTitles?: number;
  /** Accessible name of the picture. */
  title?: string;
}

const DEFAULT_WIDTH = 360;
const DEFAULT_MAX_HEIGHT = 640;
const MIN_WIDTH = 160;
const DEFAULT_MAX_LABELS = 250;
const DEFAULT_MAX_TITLES = 2000;
/** Label font size and the grid labels are thinned on, in display px. */
const FONT_PX = 10;
const CELL_PX = 6;
const MAX_GRID_CELLS = 4_000_000;

const STYLE =
  '.tw-wf{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}' +
  '.tw-wf rect{vector-effect:non-scaling-stroke}' +
  '.tw-wf .bg{fill:#fbfbfc;stroke:#c9ced6}' +
  '.tw-wf .win{fill:#fff;stroke:#6b7280;stroke-width:1.5}' +
  '.tw-wf .scrim{fill:#111827;fill-opacity:.18}' +
  '.tw-wf .n{fill:none;stroke:#aab2bd;stroke-width:.75}' +
  '.tw-wf .c{stroke:#2563eb;stroke-width:1.25}' +
  '.tw-wf .t{fill:#8b5cf6;fill-opacity:.12}' +
  '.tw-wf .h{stroke-dasharray:3 2}' +
  '.tw-wf .da{fill:#16a34a;fill-opacity:.3;stroke:#15803d;stroke-width:2}' +
  '.tw-wf .dr{fill:#dc2626;fill-opacity:.28;stroke:#b91c1c;stroke-width:2}' +
  '.tw-wf .dc{fill:#f59e0b;fill-opacity:.3;stroke:#b45309;stroke-width:2}' +
  '.tw-wf .dm{fill:#0ea5e9;fill-opacity:.25;stroke:#0369a1;stroke-width:2}' +
  '.tw-wf .fl{fill:#ef4444;fill-opacity:.18;stroke:#dc2626;stroke-width:3}' +
  '.tw-wf .ob{fill:#f97316;fill-opacity:.25;stroke:#ea580c;stroke-width:3;stroke-dasharray:6 3}' +
  '.tw-wf .ow{fill:none;stroke:#ea580c;stroke-width:2;stroke-dasharray:10 5}' +
  '.tw-wf .se{fill:none;stroke:#dc2626;stroke-width:2.5}' +
  '.tw-wf .sw{fill:none;stroke:#d97706;stroke-width:2.5}' +
  '.tw-wf .si{fill:none;stroke:#2563eb;stroke-width:2;stroke-dasharray:4 2}' +
  '.tw-wf .bd circle{stroke:#fff;stroke-width:1}' +
  '.tw-wf .bd text{fill:#fff;font-weight:700;text-anchor:middle}' +
  '.tw-wf .bde circle{fill:#dc2626}.tw-wf .bdw circle{fill:#d97706}.tw-wf .bdi circle{fill:#2563eb}' +
  '.tw-wf .tap{stroke:#dc2626;stroke-width:2;vector-effect:non-scaling-stroke}' +
  '.tw-wf .lb{fill:#1f2937}.tw-wf .wl{fill:#4b5563;font-style:italic}.tw-wf .ol{fill:#9a3412;font-weight:700}';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const SEVERITY_CLASS: Record<Severity, string> = { error: 'e', warning: 'w', info: 'i' };
const DIFF_CLASS: Record<DiffMark, string> = { added: 'da', removed: 'dr', changed: 'dc', moved: 'dm' };

/** Two decimals, no `-0`: the same number always prints the same. */
function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? '0' : String(r);
}

/**
 * Each root's scale onto the canvas. One unit throughout: every root in its own numbers. Mixed units
 * (a px app window under a dp dialog): drawn in the px of the largest px root, converting through dp —
 * a px root's density is the device's px per dp, while a dp or pt root's density is 1 by convention
 * and says nothing about px, so dp (and pt, taken as dp) are multiplied by that px root's density and
 * other px roots scaled by the ratio of densities. Mixed dp and pt without any px root: their numbers.
 */
function rootScales(roots: readonly Root[]): number[] {
  if (roots.every((r) => r.unit === roots[0]!.unit)) return roots.map(() => 1);
  let ref: Root | null = null, refArea = -1;
  for (const r of roots) {
    if (r.unit !== 'px') continue;
    const b = r.node.bounds, area = isEmptyRect(b) ? 0 : (b.width / r.density) * (b.height / r.density);
    if (area > refArea) { ref = r; refArea = area; }
  }
  if (!ref) return roots.map(() => 1);
  const d = ref.density;
  return roots.map((r) => (r.unit === 'px' ? d / r.density : d));
}

/**
 * The badge number of each node that has findings: nodes numbered 1, 2, … in the order of their first
 * finding. The wireframe draws these numbers; a report's findings table shows the same ones.
 */
export function findingBadges(findings: ReadonlyArray<{ nodeId: string | null }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) if (f.nodeId !== null && !out.has(f.nodeId)) out.set(f.nodeId, out.size + 1);
  return out;
}

/** What a node's label says in the picture: its text, input, description, else its tag. */
function labelOf(n: Node): string | null {
  return n.text ?? (n.password ? null : n.editableText) ?? n.contentDescription ?? (n.tag !== null ? `#${n.tag}` : null);
}

interface Item {
  node: Node;
  root: Root;
  /** Index into the drawn roots. */
  w: number;
  f: number;
}

/** Renders the wireframe as one SVG document (also valid inline in HTML). */
export function renderWireframe(snapshot: Pick<Snapshot, 'roots' | 'source'>, options: WireframeOptions = {}): string {
  const roots = snapshot.roots;
  const items: Item[] = [];
  const drawnRoots: Root[] = [];
  /** Each drawn root's scale onto the canvas (a subtree is drawn in its own root's numbers). */
  const scaleOf = options.subtree == null ? rootScales(roots) : [1];
  if (options.subtree != null) {
    let found: { node: Node; root: Root } | null = null;
    for (const root of roots) {
      walkNode(root.node, (node) => {
        if (found) return false;
        if (node.id === options.subtree) found = { node, root };
        return undefined;
      });
      if (found) break;
    }
    if (!found) {
      throw new TargetError('target_not_found', `wireframe: no node #${options.subtree} in this snapshot`, {
        where: snapshot.source,
        hint: 'Pass the id of a node of the snapshot as `subtree`, or leave it out to draw every window.',
      });
    }
    const { node, root } = found as { node: Node; root: Root };
    drawnRoots.push(root);
    walkNode(node, (n) => { items.push({ node: n, root, w: 0, f: 1 }); });
  } else {
    roots.forEach((root, w) => {
      drawnRoots.push(root);
      const f = scaleOf[w]!;
      walkNode(root.node, (n) => { items.push({ node: n, root, w, f }); });
    });
  }

  // The canvas, rebased so its top-left is (0, 0): the screen (the windows' bounds) or the subtree's
  // extent. Nodes outside the screen (a list's rows below the fold) are clipped by the picture's edge.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const extend = (b: Rect, f: number) => {
    if (isEmptyRect(b)) return;
    x0 = Math.min(x0, b.x * f); y0 = Math.min(y0, b.y * f);
    x1 = Math.max(x1, (b.x + b.width) * f); y1 = Math.max(y1, (b.y + b.height) * f);
  };
  if (options.subtree == null) drawnRoots.forEach((root, w) => extend(root.node.bounds, scaleOf[w]!));
  if (!(x1 > x0 && y1 > y0)) for (const it of items) extend(it.node.bounds, it.f);
  if (!(x1 > x0 && y1 > y0)) { x0 = 0; y0 = 0; x1 = 1; y1 = 1; }
  const W = x1 - x0, H = y1 - y0;
  const maxHeight = options.maxHeight ?? DEFAULT_MAX_HEIGHT;
  let widthPx = options.width ?? DEFAULT_WIDTH;
  if ((widthPx * H) / W > maxHeight) widthPx = Math.max(MIN_WIDTH, (maxHeight * W) / H);
  const s = widthPx / W; // display px per unit
  const heightPx = H * s;
  const X = (v: number, f: number) => num(v * f - x0);
  const Y = (v: number, f: number) => num(v * f - y0);
  const unitsPerPx = 1 / s;
  const font = num(FONT_PX * unitsPerPx);

  const failing = new Set(options.failing ?? []);
  const obscurer = options.obscuredBy ?? null;
  const diff = options.diff ?? null;
  const badges = options.findings ? findingBadges(options.findings) : new Map<string, number>();
  const worst = new Map<string, Severity>();
  for (const f of options.findings ?? []) {
    if (f.nodeId === null) continue;
    const prev = worst.get(f.nodeId);
    if (prev === undefined || SEVERITY_RANK[f.severity] < SEVERITY_RANK[prev]) worst.set(f.nodeId, f.severity);
  }
  const marked = (id: string) => failing.has(id) || id === obscurer || worst.has(id) || (diff !== null && diff.has(id));
  const titles = items.length <= (options.maxTitles ?? DEFAULT_MAX_TITLES);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="tw-wf" viewBox="0 0 ${num(W)} ${num(H)}" width="${num(widthPx)}" height="${num(heightPx)}" font-size="${font}" role="img">`,
    `<title>${escapeXml(options.title ?? 'wireframe')}</title>`,
    `<style>${STYLE}</style>`,
    `<rect class="bg" x="0" y="0" width="${num(W)}" height="${num(H)}"/>`,
  );

  // Entirely off the canvas (e.g. rows scrolled below the fold): nothing to draw.
  const outside = (b: Rect, f: number) => b.x * f - x0 >= W || b.y * f - y0 >= H || (b.x + b.width) * f - x0 <= 0 || (b.y + b.height) * f - y0 <= 0;
  const rect = (b: Rect, f: number) => `x="${X(b.x, f)}" y="${Y(b.y, f)}" width="${num(b.width * f)}" height="${num(b.height * f)}"`;
  const screen = options.subtree == null;
  const multi = screen && drawnRoots.length > 1;
  const winLabels: Array<{ x: number; y: number; text: string; cls: string }> = [];

  let k = 0;
  drawnRoots.forEach((root, w) => {
    const f = scaleOf[w]!;
    // A touch-modal window dims what lies beneath it: the reader sees why taps there go nowhere.
    if (screen && w > 0 && root.touchModal) out.push(`<rect class="scrim" x="0" y="0" width="${num(W)}" height="${num(H)}"/>`);
    const rb = root.node.bounds;
    if (screen && !isEmptyRect(rb)) {
      out.push(`<rect class="win" ${rect(rb, f)}/>`);
      if (multi) {
        const off = root.windowOffset;
        const what = `window ${root.rootId}${root.label !== null ? ` "${root.label}"` : ''}${off.x || off.y ? ` @${off.x},${off.y}` : ''}${root.touchModal ? ' (modal)' : ''}`;
        winLabels.push({ x: rb.x * f - x0, y: rb.y * f - y0, text: what, cls: 'wl' });
      }
    }
    out.push(`<g data-root="${escapeXml(root.rootId)}">`);
    for (; k < items.length && items[k]!.w === w; k++) {
      const n = items[k]!.node;
      const b = n.bounds;
      if (isEmptyRect(b) || outside(b, f)) continue;
      let cls = 'n';
      if (takesTap(n)) cls += ' c';
      const dt = n.designToken;
      if (dt && (dt.tokens.length > 0 || Object.keys(dt.resolved).length > 0)) cls += ' t';
      if (!n.visible) cls += ' h';
      const d = diff?.get(n.id);
      if (d) cls += ' ' + DIFF_CLASS[d];
      const head = `<rect class="${cls}" ${rect(b, f)} data-id="${escapeXml(n.id)}"`;
      out.push(titles || marked(n.id) ? `${head}><title>${escapeXml(outlineLine(n))}</title></rect>` : `${head}/>`);
    }
    out.push('</g>');
  });

  // Overlays, on top of every window.
  const byId = new Map<string, Item>();
  if (failing.size || obscurer !== null || worst.size) {
    for (const it of items) if (marked(it.node.id)) byId.set(it.node.id, it);
  }
  const ob = obscurer !== null ? byId.get(obscurer) : undefined;
  if (ob) {
    const rb = ob.root.node.bounds;
    // The obscuring window is framed only when it is another window than the failing node's (a dialog
    // over the screen); a node of the same window (an overlay sibling) is drawn alone, below.
    let failingRoot: Root | undefined;
    for (const id of failing) { failingRoot = byId.get(id)?.root; if (failingRoot) break; }
    if (failingRoot !== ob.root) {
      if (!isEmptyRect(rb) && ob.root.node !== ob.node) out.push(`<rect class="ow" ${rect(rb, ob.f)}/>`);
      winLabels.push({ x: rb.x * ob.f - x0, y: (rb.y + rb.height) * ob.f - y0 - FONT_PX * 1.4 * unitsPerPx, text: `obscuring window ${ob.root.rootId}`, cls: 'ol' });
    }
    if (!isEmptyRect(ob.node.bounds)) out.push(`<rect class="ob" ${rect(ob.node.bounds, ob.f)} data-id="${escapeXml(ob.node.id)}"><title>${escapeXml('obscured by: ' + outlineLine(ob.node))}</title></rect>`);
  }
  for (const [id, sev] of worst) {
    const it = byId.get(id);
    if (!it || isEmptyRect(it.node.bounds)) continue;
    out.push(`<rect class="s${SEVERITY_CLASS[sev]}" ${rect(it.node.bounds, it.f)} data-id="${escapeXml(id)}"/>`);
  }
  let firstFailing: Item | undefined;
  for (const id of failing) {
    const it = byId.get(id);
    if (!it) continue;
    firstFailing ??= it;
    const b = it.node.bounds;
    if (!isEmptyRect(b)) out.push(`<rect class="fl" ${rect(b, it.f)} data-id="${escapeXml(id)}"><title>${escapeXml('failing: ' + outlineLine(it.node))}</title></rect>`);
  }
  // Where a tap on the failing node lands, when something else takes it.
  if (ob && firstFailing && !isEmptyRect(firstFailing.node.bounds)) {
    const c = rectCentre(firstFailing.node.bounds), f = firstFailing.f;
    const cx = c.x * f - x0, cy = c.y * f - y0, r = 7 * unitsPerPx;
    out.push(`<path class="tap" d="M${num(cx - r)} ${num(cy)}H${num(cx + r)}M${num(cx)} ${num(cy - r)}V${num(cy + r)}"/>`);
  }
  for (const [id, n] of badges) {
    const it = byId.get(id);
    if (!it || isEmptyRect(it.node.bounds)) continue;
    const b = it.node.bounds, f = it.f, r = 7 * unitsPerPx;
    const cx = Math.min((b.x + b.width) * f - x0, W - r), cy = Math.max(b.y * f - y0, r);
    out.push(`<g class="bd bd${SEVERITY_CLASS[worst.get(id)!]}"><circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"/><text x="${num(cx)}" y="${num(cy + 3.5 * unitsPerPx)}">${n}</text></g>`);
  }

  out.push(labels(items, winLabels, { x0, y0, s, widthPx, heightPx, max: options.maxLabels ?? DEFAULT_MAX_LABELS }));
  out.push('</svg>');
  return out.join('\n');
}

/**
 * Labels, thinned: the topmost nodes first (reverse drawing order), each drawn only where its box fits
 * inside the node and does not overlap a label already placed (a coarse occupancy grid in display px),
 * up to `max`. Window labels are placed first.
 */
function labels(items: readonly Item[], fixed: ReadonlyArray<{ x: number; y: number; text: string; cls: string }>, g: { x0: number; y0: number; s: number; widthPx: number; heightPx: number; max: number }): string {
  let cell = CELL_PX;
  while (Math.ceil(g.widthPx / cell) * Math.ceil(g.heightPx / cell) > MAX_GRID_CELLS) cell *= 2;
  const cols = Math.max(1, Math.ceil(g.widthPx / cell)), rows = Math.max(1, Math.ceil(g.heightPx / cell));
  const grid = new Uint8Array(cols * rows);
  const charPx = FONT_PX * 0.6;
  const out: string[] = [];
  const take = (px: number, py: number, wpx: number, hpx: number): boolean => {
    const c0 = Math.max(0, Math.floor(px / cell)), c1 = Math.min(cols - 1, Math.floor((px + wpx) / cell));
    const r0 = Math.max(0, Math.floor(py / cell)), r1 = Math.min(rows - 1, Math.floor((py + hpx) / cell));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (grid[r * cols + c]) return false;
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) grid[r * cols + c] = 1;
    return true;
  };
  const u = (px: number) => num(px / g.s);
  for (const l of fixed) {
    const px = l.x * g.s + 2, py = Math.max(0, l.y * g.s) + 1;
    const text = clip(l.text, Math.max(4, Math.floor((g.widthPx - px) / charPx)));
    take(px, py, text.length * charPx, FONT_PX + 2);
    out.push(`<text class="${l.cls}" x="${u(px)}" y="${u(py + FONT_PX)}">${escapeXml(text)}</text>`);
  }
  let placed = 0;
  for (let i = items.length - 1; i >= 0 && placed < g.max; i--) {
    const { node, f } = items[i]!;
    const b = node.bounds;
    const wpx = b.width * f * g.s, hpx = b.height * f * g.s;
    if (hpx < FONT_PX + 3 || wpx < charPx * 4 + 4) continue;
    const raw = labelOf(node);
    if (raw === null || raw.trim() === '') continue;
    const one = raw.replace(/\s+/g, ' ').trim();
    const text = clip(one, Math.floor((wpx - 4) / charPx));
    const px = (b.x * f - g.x0) * g.s + 2, py = (b.y * f - g.y0) * g.s + 2;
    // Only where the whole label is on the canvas.
    if (px < 0 || py < 0 || px + text.length * charPx > g.widthPx + 1 || py + FONT_PX > g.heightPx) continue;
    if (!take(px, py, text.length * charPx, FONT_PX)) continue;
    out.push(`<text class="lb" x="${u(px)}" y="${u(py + FONT_PX - 1)}">${escapeXml(text)}</text>`);
    placed++;
  }
  return out.join('\n');
}
