import type { FormatName } from './types.js';

/**
 * `snapshot.source` for an imported input: the caller's `where`, then the wire format and
 * the producer the input names, e.g. `file:home.json (cmp-v1 headless-jvm)` or
 * `jetwhale (jetwhale)`. One builder and one parser, so exporters can read the producer back.
 */
export function sourceLabel(where: string | undefined, format: FormatName, producer?: string | null): string {
  const tail = producer ? `${format} ${producer}` : format;
  return where ? `${where} (${tail})` : tail;
}

/** The format and producer `sourceLabel` put into a source string, or null when it holds none. */
export function parseSourceLabel(source: string): { format: string; producer: string | null } | null {
  const m = /\(([a-z0-9-]+)(?: ([^()]+))?\)$/.exec(source) ?? /^([a-z0-9-]+)(?: ([^()]+))?$/.exec(source);
  if (!m) return null;
  return { format: m[1]!, producer: m[2] ?? null };
}
