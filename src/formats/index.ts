import type { Snapshot } from '../model/schema.js';
import { cmpFromValue } from './cmp.js';
import { jetwhaleFromValue } from './jetwhale.js';
import { mouiFromValue } from './moui.js';
import { snapshotFromValue } from './snapshot-json.js';
import { appleXmlFlavour, looksLikeXml, readXmlRootAndChild, sniffTree, sniffValue, stripMaestroPrefix, unwrapQuietly, type Readers } from './sniff.js';
import { importCheckedUiautomator } from './uiautomator.js';
import { importAppleXml } from './xcuitest.js';
import { idbFromValue, wdaFromValue } from './apple-json.js';
import { maestroFromValue } from './maestro.js';
import type { FormatName, ImportOptions } from './types.js';

export type { FormatName, ImportOptions } from './types.js';
export { DEFAULT_MAX_BYTES } from './types.js';
export { decodeBytes, type DecodeOptions, type Decoded } from './decode.js';
export { importCmp, exportCmpV1, type CmpExportOptions, type CmpImportOptions } from './cmp.js';
export { importJetWhale, jetwhaleAddress } from './jetwhale.js';
export { importMoui, applyMouiDelta } from './moui.js';
export { importSnapshotJson } from './snapshot-json.js';
export { importUiautomator } from './uiautomator.js';
export { importAppleXml } from './xcuitest.js';

/**
 * Any tree treewright reads, its format sniffed from the content. XML by its root element:
 * `<hierarchy>` → uiautomator / Appium Android; `<AppiumAUT>` or `<XCUIElementType…>` → Appium
 * XCUITest or Mac2, `<AppiumAUT><UIA…>` → legacy UIAutomation. JSON: `format: "treewright-snapshot"`
 * → treewright's own; `schemaVersion` → cmp-inspector tree (only version 1 is read); `roots` →
 * JetWhale; `kind: full|delta|unchanged` → MoUI; `{ value: { type, rect, … } }` → WebDriverAgent
 * /source; an array with AXLabel / AXFrame → `idb ui describe-all`; `{ attributes, children }` (after
 * the CLI's "Running on …" lines) → `maestro hierarchy`. MCP envelopes around the JSON are unwrapped
 * first. Bytes are decoded as XML / RFC 8259 define (BOM, XML declaration; decode.ts). Size,
 * emptiness and binary content are checked before any parsing; anything else is a
 * FormatError('unsupported_format').
 */
export function importTree(input: string | Uint8Array, options: ImportOptions = {}): Snapshot {
  const tree = sniffTree(input, options);
  return 'text' in tree ? READERS[tree.reader](tree.text, tree.opts) : READERS[tree.reader](tree.value, tree.opts);
}

/**
 * Every reader, by the name sniffing gives it (XML readers take the text, JSON readers the parsed
 * value). `loadTree` (load-tree.ts) holds the same readers, each loaded when its format is sniffed.
 */
const READERS: Readers = {
  'apple-xml': importAppleXml, uiautomator: importCheckedUiautomator,
  treewright: snapshotFromValue, 'cmp-v1': cmpFromValue, jetwhale: jetwhaleFromValue, moui: mouiFromValue,
  wda: wdaFromValue, idb: idbFromValue, maestro: maestroFromValue,
};

/** The format `importTree` would read the text as, or null when it reads none (never throws). */
export function detectFormat(text: string): FormatName | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (looksLikeXml(text)) {
    const { root, child } = readXmlRootAndChild(text);
    const apple = root === null ? null : appleXmlFlavour(root, child);
    // Mac2 sources are XCUIElementType… too, told apart by the attributes only macOS writes.
    if (apple !== null) return apple === 'uia' ? 'uia' : /\s(elementType|identifier|title)="/.test(text.slice(0, 4096)) ? 'mac2' : 'xcuitest';
    return root === null || root === 'hierarchy' ? 'uiautomator' : null;
  }
  let value: unknown;
  try {
    const body = stripMaestroPrefix(text)?.json ?? text;
    value = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch {
    return null;
  }
  return sniffValue(unwrapQuietly(value));
}
