/**
 * Colour parsing shared by the verify-lane checks (token drift compares colours by meaning; the a11y
 * audit computes contrast from them). One parser, so both read `#FFF` and `#FFFFFFFF` alike.
 */
export interface Rgba {
  /** Channels 0–255 (integers). */
  r: number;
  g: number;
  b: number;
  /** Alpha 0–1 (`AA / 255`). */
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` (case-insensitive, surrounding spaces ignored) → channels,
 * or null for anything else. Alpha comes FIRST, as on Android and in Compose (`Color(0xAARRGGBB)`,
 * the design-system catalog's `#AARRGGBB`): it is not CSS's `#RRGGBBAA`.
 */
export function parseColor(text: string): Rgba | null {
  const m = HEX.exec(text.trim());
  if (!m) return null;
  let hex = m[1]!;
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  const v = Number.parseInt(hex, 16);
  const alpha = hex.length === 8 ? (v >>> 24) & 0xff : 0xff;
  return { r: (v >>> 16) & 0xff, g: (v >>> 8) & 0xff, b: v & 0xff, a: alpha / 255 };
}
