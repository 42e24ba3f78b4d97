import type { Point, Rect } from '../model/schema.js';

/** A rect with no area (zero or negative width or height, or NaN) receives no touch and has nothing to aim at. */
export function isEmptyRect(r: Rect): boolean {
  return !(r.width > 0 && r.height > 0);
}

/**
 * Half-open containment, left/top inclusive and right/bottom exclusive: Android's Rect.contains and
 * Compose's pointer hit test both treat the right and bottom edges as outside, so two abutting rows
 * never both claim the pixel row between them.
 */
export function rectContains(r: Rect, x: number, y: number): boolean {
  return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
}

export function rectCentre(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/**
 * Rounds a coordinate half up (toward +∞), as Kotlin's roundToInt and Java's Math.round do: the
 * JetWhale plugin rounds its tap points this way (android layout truncates; they differ by 1 px at most).
 * JS Math.round has the same tie rule; `+ 0` turns -0 into 0 so -0.4 prints as 0.
 */
export function roundCoord(v: number): number {
  return Math.round(v) + 0;
}

/** The tap point of a rect: its centre, rounded to whole units; null when the rect is empty. */
export function tapPointOf(r: Rect): Point | null {
  if (isEmptyRect(r)) return null;
  const c = rectCentre(r);
  return { x: roundCoord(c.x), y: roundCoord(c.y) };
}

/**
 * Where to hit-test a node: its rounded tap point when that is still inside the bounds (so tapping the
 * reported point reaches exactly what analysis predicted), else the exact centre — a rect under one unit
 * wide can have its rounded centre on its right edge, which is outside. Null for empty rects.
 */
export function hitPointOf(r: Rect): Point | null {
  const tap = tapPointOf(r);
  if (!tap) return null;
  return rectContains(r, tap.x, tap.y) ? tap : rectCentre(r);
}
