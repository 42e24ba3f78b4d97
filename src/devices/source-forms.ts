// The written forms of sources, for usage texts and hints. Apart from the schema in source.ts, so a
// usage text (`treewright --help`) is printed without loading zod or any device.
import type { SourceDescriptor } from './source.js';

/** How `reference` reaches the bundled app: in-process (default), or a private server of its own over a protocol. */
export const REFERENCE_PROTOCOLS = ['inprocess', 'live', 'moui', 'jetwhale'] as const;

/** The protocols over which the reference app serves a private server of its own. */
export const SERVED = REFERENCE_PROTOCOLS.filter((p) => p !== 'inprocess');

/**
 * The string form of each source kind (null: descriptor only), in the order hints list them: the one
 * list behind the hints, the CLI and shim usage texts and the MCP connect tool's description. Keyed by
 * the descriptor kinds, so a new kind does not compile until it says its form.
 */
const SHORTHAND_OF: Record<SourceDescriptor['kind'], string | null> = {
  file: 'file:<path>', live: 'live:<host>:<port>', adb: 'adb[:<serial>]', moui: 'moui:<url>', jetwhale: 'jetwhale:<url>',
  web: 'web:<url>', appium: 'appium:<url>', reference: `reference[:${SERVED.join('|')}]`, uiautomator: null,
};
/** The shorthand forms, one per source kind that has one. */
export const SOURCE_SHORTHANDS: readonly string[] = Object.values(SHORTHAND_OF).filter((s): s is string => s !== null);

/**
 * The shorthand forms for a usage text, after `lead` (a bare file path also works), wrapped greedily
 * at `width` columns with continuation lines indented by `indent` (the column the list starts at).
 */
export function sourceUsage(indent: number, lead = 'a file (any format treewright reads)', width = 112): string {
  const items = [lead, ...SOURCE_SHORTHANDS];
  const lines: string[] = [];
  let line = '';
  items.forEach((item, i) => {
    const piece = item + (i < items.length - 1 ? ',' : '');
    if (line && indent + line.length + 1 + piece.length > width) { lines.push(line); line = piece; } else line = line ? `${line} ${piece}` : piece;
  });
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}
