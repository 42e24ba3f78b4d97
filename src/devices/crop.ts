import { PNG } from 'pngjs';
import type { Node, Rect, Snapshot } from '../model/schema.js';
import { DeviceError } from '../errors.js';

/**
 * A node's part of a device screenshot (locator.screenshot() on drivers without an element
 * screenshot of their own): the node's bounds cut by the screen, scaled from the tree's unit to the
 * PNG's pixels. The screen is the widest root window (its right edge is the PNG's width), so a tree
 * in dp or pt is scaled by the device's pixel ratio as the screenshot shows it.
 */
export function cropToNode(png: Buffer, snapshot: Snapshot, node: Node, where: string): Buffer {
  const image = PNG.sync.read(png);
  const screen = snapshot.roots.map((r) => r.node.bounds).reduce((a, b) => (b.x + b.width > a.x + a.width ? b : a));
  const scale = image.width / (screen.x + screen.width);
  const r = clipRect(node.bounds, scale, image.width, image.height);
  if (!r) {
    throw new DeviceError('action_unavailable', `screenshot of #${node.id}: the node has no area on the screenshot (bounds ${node.bounds.x},${node.bounds.y},${node.bounds.width},${node.bounds.height})`, {
      where, hint: 'Scroll the node into view first (scrollIntoViewIfNeeded), or take device.screenshot().',
    });
  }
  const out = new PNG({ width: r.width, height: r.height });
  PNG.bitblt(image, out, r.x, r.y, r.width, r.height, 0, 0);
  return PNG.sync.write(out);
}

/** The rect in PNG pixels, cut by the image; null when nothing of it is left. */
function clipRect(b: Rect, scale: number, width: number, height: number): Rect | null {
  const x1 = Math.max(0, Math.round(b.x * scale));
  const y1 = Math.max(0, Math.round(b.y * scale));
  const x2 = Math.min(width, Math.round((b.x + b.width) * scale));
  const y2 = Math.min(height, Math.round((b.y + b.height) * scale));
  return x2 > x1 && y2 > y1 ? { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } : null;
}
