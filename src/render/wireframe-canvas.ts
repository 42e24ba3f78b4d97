/** Wireframe phase 2, canvas (docs/design.md §8): the drawing's extent, rebased to (0, 0), and its display size. */
import type { Rect } from '../model/schema.js';
import { isEmptyRect } from '../common/geometry.js';
import type { Collected } from './wireframe-collect.js';
import type { WireframeOptions } from './wireframe.js';

const DEFAULT_WIDTH = 360;
const DEFAULT_MAX_HEIGHT = 640;
const MIN_WIDTH = 160;
/** Label font size in display px. */
export const FONT_PX = 10;

export interface Canvas {
  /** The extent's top-left (subtracted from every coordinate) and size, in drawing units. */
  x0: number;
  y0: number;
  W: number;
  H: number;
  /** Display size in CSS px, and display px per unit. */
  widthPx: number;
  heightPx: number;
  s: number;
  unitsPerPx: number;
}

/** Two decimals, no `-0`: the same number always prints the same. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? '0' : String(r);
}

/**
 * The canvas, rebased so its top-left is (0, 0): the screen (the windows' bounds) or the subtree's
 * extent. Nodes outside the screen (a list's rows below the fold) are clipped by the picture's edge.
 * A tall drawing is narrowed to `maxHeight`, never below MIN_WIDTH.
 */
export function canvasOf(c: Collected, o: Pick<WireframeOptions, 'width' | 'maxHeight'>): Canvas {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const extend = (b: Rect, f: number) => {
    if (isEmptyRect(b)) return;
    x0 = Math.min(x0, b.x * f); y0 = Math.min(y0, b.y * f);
    x1 = Math.max(x1, (b.x + b.width) * f); y1 = Math.max(y1, (b.y + b.height) * f);
  };
  if (c.screen) c.roots.forEach((root, w) => extend(root.node.bounds, c.scales[w]!));
  if (!(x1 > x0 && y1 > y0)) for (const it of c.items) extend(it.node.bounds, it.f);
  if (!(x1 > x0 && y1 > y0)) { x0 = 0; y0 = 0; x1 = 1; y1 = 1; }
  const W = x1 - x0, H = y1 - y0;
  const maxHeight = o.maxHeight ?? DEFAULT_MAX_HEIGHT;
  let widthPx = o.width ?? DEFAULT_WIDTH;
  if ((widthPx * H) / W > maxHeight) widthPx = Math.max(MIN_WIDTH, (maxHeight * W) / H);
  const s = widthPx / W;
  return { x0, y0, W, H, widthPx, heightPx: H * s, s, unitsPerPx: 1 / s };
}

/** A rect's SVG attributes on the canvas. */
export function rectAttrs(cv: Canvas, b: Rect, f: number): string {
  return `x="${num(b.x * f - cv.x0)}" y="${num(b.y * f - cv.y0)}" width="${num(b.width * f)}" height="${num(b.height * f)}"`;
}

/** Entirely off the canvas (e.g. rows scrolled below the fold): nothing to draw. */
export function outside(cv: Canvas, b: Rect, f: number): boolean {
  return b.x * f - cv.x0 >= cv.W || b.y * f - cv.y0 >= cv.H || (b.x + b.width) * f - cv.x0 <= 0 || (b.y + b.height) * f - cv.y0 <= 0;
}
