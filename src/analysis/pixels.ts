/**
 * Pixel comparison of two PNGs for toMatchScreenshot, with Playwright's toHaveScreenshot rules:
 * pixelmatch with threshold 0.2 by default; images of different sizes are padded (transparent) to the
 * larger size, compared, and always fail; the allowed count is min(maxDiffPixels, maxDiffPixelRatio ×
 * expected pixels) when both are given, either one alone, else 0. Pure: bytes in, numbers and a diff PNG out.
 */
import { FormatError, TargetError } from '../errors.js';
import { onFirstUse } from '../common/on-first-use.js';

/** The PNG codec and the pixel comparison, loaded by the first image compared (docs/design.md §3, loading). */
const pngjs = onFirstUse<typeof import('pngjs')>('pngjs');
const pixelmatch = onFirstUse<typeof import('pixelmatch')>('pixelmatch');

export interface PixelOptions {
  /** Largest number of differing pixels that still passes. */
  maxDiffPixels?: number;
  /** Largest share (0–1) of the expected image's pixels that may differ. */
  maxDiffPixelRatio?: number;
  /** Per-pixel colour distance (0–1, YIQ) below which two pixels count as equal. Default 0.2. */
  threshold?: number;
  /** Names of the two images in errors (file path, device). */
  expectedName?: string;
  actualName?: string;
}

export interface PixelComparison {
  pass: boolean;
  diffPixels: number;
  /** diffPixels / the expected image's pixel count (not rounded). */
  ratio: number;
  /** The diff image (differing pixels red over a faded copy of the expected one). */
  diffPng: Buffer;
  expectedSize: { width: number; height: number };
  actualSize: { width: number; height: number };
  /** Playwright's wording, e.g. `12 pixels (ratio 0.01 of all image pixels) are different.`; '' when it passes. */
  message: string;
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
export const DEFAULT_PIXEL_THRESHOLD = 0.2;

/** A decoded image: RGBA rows. Our own type, so the published declarations do not need pngjs's (a dev-only @types package). */
export interface DecodedPng {
  width: number;
  height: number;
  data: Buffer;
}

/** Decodes a PNG, or a FormatError naming the image. */
export function decodePng(bytes: Uint8Array, where: string): DecodedPng {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < PNG_SIGNATURE.length || !buf.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    const head = buf.subarray(0, 16).toString('latin1').replace(/[^\x20-\x7e]/g, '.');
    throw new FormatError('format_error', `not a PNG image (${buf.length} bytes, starting ${JSON.stringify(head)})`, {
      where, hint: 'A screenshot baseline must be a PNG; delete it and re-create it with npx playwright test --update-snapshots.',
    });
  }
  try {
    return pngjs().PNG.sync.read(buf);
  } catch (e) {
    throw new FormatError('format_error', `broken PNG image: ${(e as Error).message}`, {
      where, hint: 'The file is truncated or corrupt; delete it and re-create it with npx playwright test --update-snapshots.',
    });
  }
}

function checkOptions(o: PixelOptions): void {
  const bad = (what: string, hint: string) => { throw new TargetError('invalid_arguments', what, { hint }); };
  if (o.maxDiffPixels !== undefined && !(Number.isFinite(o.maxDiffPixels) && o.maxDiffPixels >= 0)) bad(`maxDiffPixels must be a number ≥ 0, got ${o.maxDiffPixels}`, 'Pass e.g. maxDiffPixels: 100.');
  if (o.maxDiffPixelRatio !== undefined && !(o.maxDiffPixelRatio >= 0 && o.maxDiffPixelRatio <= 1)) bad(`maxDiffPixelRatio must be between 0 and 1, got ${o.maxDiffPixelRatio}`, 'Pass e.g. maxDiffPixelRatio: 0.01 for 1 %.');
  if (o.threshold !== undefined && !(o.threshold >= 0 && o.threshold <= 1)) bad(`threshold must be between 0 and 1, got ${o.threshold}`, 'Pass e.g. threshold: 0.2 (the default).');
}

/** The image on a transparent canvas of the given size (top-left aligned). */
function padTo(img: DecodedPng, width: number, height: number): Uint8Array {
  if (img.width === width && img.height === height) return img.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < img.height; y++) out.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), y * width * 4);
  return out;
}

export function comparePng(expected: Uint8Array, actual: Uint8Array, opts: PixelOptions = {}): PixelComparison {
  checkOptions(opts);
  const e = decodePng(expected, opts.expectedName ?? 'expected image');
  const a = decodePng(actual, opts.actualName ?? 'actual image');
  const width = Math.max(e.width, a.width), height = Math.max(e.height, a.height);
  const { PNG } = pngjs();
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch().default(padTo(e, width, height), padTo(a, width, height), diff.data, width, height, { threshold: opts.threshold ?? DEFAULT_PIXEL_THRESHOLD });
  const total = e.width * e.height;
  const byRatio = opts.maxDiffPixelRatio !== undefined ? total * opts.maxDiffPixelRatio : undefined;
  const allowed = opts.maxDiffPixels !== undefined && byRatio !== undefined ? Math.min(opts.maxDiffPixels, byRatio) : opts.maxDiffPixels ?? byRatio ?? 0;
  const ratio = total > 0 ? diffPixels / total : diffPixels > 0 ? 1 : 0;
  const sizeMismatch = e.width !== a.width || e.height !== a.height;
  const parts: string[] = [];
  if (sizeMismatch) parts.push(`Expected an image ${e.width}px by ${e.height}px, received ${a.width}px by ${a.height}px.`);
  // Rounded up to a hundredth like Playwright, but as (count × 100) / total: 7 / 100 × 100 is 7.000000000000001.
  if (diffPixels > allowed) parts.push(`${diffPixels} pixels (ratio ${(total > 0 ? Math.ceil((diffPixels * 100) / total) / 100 : 1).toFixed(2)} of all image pixels) are different.`);
  return {
    pass: parts.length === 0,
    diffPixels,
    ratio,
    diffPng: PNG.sync.write(diff),
    expectedSize: { width: e.width, height: e.height },
    actualSize: { width: a.width, height: a.height },
    message: parts.join(' '),
  };
}
