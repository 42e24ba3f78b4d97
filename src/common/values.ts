/**
 * Design values compared by meaning, not by spelling (docs/design.md §8): `#FFF`, `#FFFFFF` and `#FFFFFFFF`
 * are one colour; `16dp`, `16.0dp` and `16 dp` are one length; units are never converted into each
 * other (`16sp` ≠ `16dp`, `42px` ≠ `16dp`), because the unit is part of what a token declares.
 */
import { formatColor, parseColor } from './color.js';

/** One spelling per colour (`#FFF`, `#ffffff`, `#FFFFFFFF` → `#FFFFFF`; translucent → `#AARRGGBB`); null when not a colour. */
export function canonicalColor(text: string): string | null {
  const c = parseColor(text);
  return c && formatColor(c);
}

export const LENGTH_UNITS = ['dp', 'sp', 'px', 'pt', 'em'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export interface Length {
  value: number;
  unit: LengthUnit;
}

// `16dp`, `16.0dp`, `16 dp`, `-4dp`, `.5dp`; also Compose's own toString (`16.0.dp`, `14.0.sp`),
// which a producer that interpolates a Dp / TextUnit emits.
const LENGTH = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*\.?(dp|sp|px|pt|em)$/i;

export function parseLength(text: string): Length | null {
  const m = LENGTH.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]);
  if (!Number.isFinite(value)) return null;
  return { value: value === 0 ? 0 : value, unit: m[2]!.toLowerCase() as LengthUnit };
}

export function formatLength(l: Length): string {
  return `${Number(l.value.toFixed(4))}${l.unit}`;
}

/** `16.0dp` → `16dp`; null when not a length. */
export function canonicalLength(text: string): string | null {
  const l = parseLength(text);
  return l && formatLength(l);
}

/**
 * Same unit and the same number to a ten-thousandth: producers print floats (`0.1f` may arrive as
 * `0.100000001sp`), and no design system declares a length finer than that.
 */
export function sameLength(a: Length, b: Length): boolean {
  return a.unit === b.unit && Math.abs(a.value - b.value) < 1e-4;
}

const WEIGHT_NAMES: Record<string, number> = {
  thin: 100, hairline: 100, extralight: 200, ultralight: 200, light: 300, normal: 400, regular: 400,
  medium: 500, semibold: 600, demibold: 600, bold: 700, extrabold: 800, ultrabold: 800, black: 900, heavy: 900,
};

/**
 * A font weight as its number: `600`, `W600`, `FontWeight(weight=600)` (Compose's toString) or a
 * name (`SemiBold`, or Compose's constant `FontWeight.SemiBold`); null otherwise. Weights are 1–1000,
 * as in Compose and CSS.
 */
export function parseFontWeight(text: string | number): number | null {
  if (typeof text === 'number') return Number.isInteger(text) && text >= 1 && text <= 1000 ? text : null;
  const t = text.trim();
  const m = /^(?:w?(\d{1,4})|fontweight\((?:weight\s*=\s*)?(\d{1,4})\))$/i.exec(t);
  if (m) return parseFontWeight(Number(m[1] ?? m[2]));
  const name = t.toLowerCase().replace(/^fontweight\./, '').replace(/[\s_-]/g, '');
  // Own keys only: "constructor" is not a weight.
  return Object.hasOwn(WEIGHT_NAMES, name) ? WEIGHT_NAMES[name]! : null;
}
