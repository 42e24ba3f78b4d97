/** Wireframe labels (the emit phase's last step): node and window labels thinned on a coarse occupancy grid. */
import type { Node } from '../model/schema.js';
import { clip, escapeXml } from './escape.js';
import { FONT_PX, num } from './wireframe-canvas.js';
import type { Item } from './wireframe-collect.js';

/** The grid labels are thinned on, in display px, and its largest size. */
const CELL_PX = 6;
const MAX_GRID_CELLS = 4_000_000;

/** A label placed before the node labels (window names, the obscuring window's), in canvas units. */
export interface FixedLabel { x: number; y: number; text: string; cls: string }

/** What a node's label says in the picture: its text, input, description, else its tag. */
function labelOf(n: Node): string | null {
  return n.text ?? (n.password ? null : n.editableText) ?? n.contentDescription ?? (n.tag !== null ? `#${n.tag}` : null);
}

/**
 * Labels, thinned: the topmost nodes first (reverse drawing order), each drawn only where its box fits
 * inside the node and does not overlap a label already placed (a coarse occupancy grid in display px),
 * up to `max`. Window labels are placed first.
 */
export function labels(items: readonly Item[], fixed: readonly FixedLabel[], g: { x0: number; y0: number; s: number; widthPx: number; heightPx: number; max: number }): string {
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
    const { node, f, rect: b } = items[i]!;
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
