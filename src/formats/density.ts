import { FormatError } from '../errors.js';
import { generationOf } from '../model/node.js';
import type { Snapshot } from '../model/schema.js';
import { hasWarning } from '../model/warnings.js';

/** A density option as given (px per dp), checked: a positive finite number, else a typed error naming where. */
export function checkDensity(density: unknown, where?: string): number {
  if (typeof density !== 'number' || !Number.isFinite(density) || density <= 0) {
    throw new FormatError('format_error', `density must be a positive number of px per dp (e.g. 2.625 for 420 dpi), got ${String(density)}`, {
      where, hint: 'Pass the device density: `adb shell wm density` prints dpi; divide it by 160.',
    });
  }
  return density;
}

/** True when the snapshot says its density is unknown (its `unknown-density` warning, §4.1); a density given drops it. */
export function densityUnknown(snapshot: Snapshot): boolean {
  return hasWarning(snapshot, 'unknown-density');
}

/**
 * A snapshot whose density was unknown, with the density now known: every px window gets it, the
 * warning goes, and the generation changes (the same dump at another density is other content). A
 * snapshot that already says its density is returned as it is: what the source says wins. Builds a
 * new snapshot (roots copied shallowly); the nodes are shared.
 */
export function withDensity(snapshot: Snapshot, density: number): Snapshot {
  if (!densityUnknown(snapshot)) return snapshot;
  return {
    ...snapshot,
    roots: snapshot.roots.map((root) => (root.unit === 'px' ? { ...root, density } : root)),
    warnings: snapshot.warnings.filter((w) => w.code !== 'unknown-density'),
    generation: generationOf(`${snapshot.generation}:${density}`),
  };
}
