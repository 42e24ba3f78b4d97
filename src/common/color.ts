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

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * `#RGB`, `#RRGGBB` or `#AARRGGBB` (case-insensitive, surrounding spaces ignored) → channels,
 * or null for anything else. Alpha comes FIRST, as on Android and in Compose (`Color(0xAARRGGBB)`,
 * the design-system catalog's `#AARRGGBB`): it is not CSS's `#RRGGBBAA`. Four- and five-digit forms
 * are refused rather than guessed at: `#0A25` is far likelier a cut-off `#0A2540` than `#ARGB`.
 */
export function parseColor(text: string): Rgba | null {
  const m = HEX.exec(text.trim());
  if (!m) return null;
  let hex = m[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const v = Number.parseInt(hex, 16);
  const alpha = hex.length === 8 ? (v >>> 24) & 0xff : 0xff;
  return { r: (v >>> 16) & 0xff, g: (v >>> 8) & 0xff, b: v & 0xff, a: alpha / 255 };
}

/** `#RRGGBB` when opaque, else `#AARRGGBB` (alpha first, like parseColor reads it); upper case. */
export function formatColor(c: Rgba): string {
  const rgb = hex2(c.r) + hex2(c.g) + hex2(c.b);
  return `#${c.a >= 1 ? '' : hex2(c.a * 255)}${rgb}`.toUpperCase();
}

// Helpers live at module level, not inside the functions that use them: those run per node.
function hex2(v: number): string {
  return Math.round(v).toString(16).padStart(2, '0');
}

/** `fg` painted over `bg` (source-over). The result is opaque when `bg` is. */
export function compositeOver(fg: Rgba, bg: Rgba): Rgba {
  if (fg.a >= 1) return fg;
  const a = fg.a + bg.a * (1 - fg.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  return { r: mix(fg.r, bg.r, fg.a, bg.a, a), g: mix(fg.g, bg.g, fg.a, bg.a, a), b: mix(fg.b, bg.b, fg.a, bg.a, a), a };
}

/** One channel of compositeOver: `f` at alpha `fa` over `b` at alpha `ba`, giving alpha `a`. */
function mix(f: number, b: number, fa: number, ba: number, a: number): number {
  return (f * fa + b * ba * (1 - fa)) / a;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** WCAG 2 relative luminance of the colour's RGB (alpha ignored), 0 (black) … 1 (white). */
export function relativeLuminance(c: Rgba): number {
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** sRGB linearisation of a 0–255 channel; 0.04045 is the sRGB standard's knee (WCAG 2.0's 0.03928 differs by < 1e-4 in luminance). */
function lin(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/**
 * WCAG contrast ratio (1 … 21) of text `fg` drawn on `bg`. A translucent `fg` is composited over `bg`
 * first (that is what the eye sees); a translucent `bg` is taken as drawn on white, since a caller that
 * knows what lies beneath should composite it itself (compositeOver) before asking.
 */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const back = compositeOver(bg, WHITE);
  const front = compositeOver(fg, back);
  const l1 = relativeLuminance(front), l2 = relativeLuminance(back);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}
