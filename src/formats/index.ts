import type { Snapshot } from '../model/schema.js';
import { FormatError } from '../errors.js';
import { cmpFromValue } from './cmp.js';
import { unwrapEnvelope } from './envelope.js';
import { TREE_WHAT, decodeInput, guardShape, textScan, withoutBom } from './guard.js';
import { jetwhaleFromValue } from './jetwhale.js';
import { parseUnscannedJson } from './json.js';
import { binaryOffset } from './limits.js';
import { mouiFromValue } from './moui.js';
import { SNAPSHOT_JSON_MAX_BYTES, looksLikeSnapshotJson, snapshotFromValue } from './snapshot-json.js';
import { looksLikeXml, readXmlRootAndChild, requireFormat, requireHierarchy, sniffValue, unwrapQuietly, type JsonFormatName } from './sniff.js';
import { importCheckedUiautomator } from './uiautomator.js';
import { appleXmlFlavour, importAppleXml } from './xcuitest.js';
import { idbFromValue, wdaFromValue } from './apple-json.js';
import { maestroFromValue, stripMaestroPrefix } from './maestro.js';
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
  // treewright's own snapshot JSON is read up to what its writer writes (snapshot-json.ts).
  const opts = options.maxBytes === undefined && looksLikeSnapshotJson(input) ? { ...options, maxBytes: SNAPSHOT_JSON_MAX_BYTES } : options;
  const text = typeof input === 'string' ? input : decodeInput(input, opts, TREE_WHAT);
  const body = withoutBom(guardShape(text, opts));
  // The character scan of guardText, run where the JSON parse cannot answer for it (parseUnscannedJson).
  const scan = textScan(text, opts);
  if (looksLikeXml(body)) {
    scan.chars();
    const { root, child } = readXmlRootAndChild(body);
    if (root !== null && appleXmlFlavour(root, child) !== null) return importAppleXml(body, opts);
    requireHierarchy(body, opts.where);
    return importCheckedUiautomator(body, opts);
  }
  // A file named .xml that does not start like XML is broken XML, not "invalid JSON".
  if (opts.where && /\.xml$/i.test(opts.where)) {
    scan.chars();
    const head = body.trimStart().slice(0, 24).replace(/[^\x20-\x7e]/g, '.');
    throw new FormatError('format_error', `not XML: a .xml file should start with '<', but starts with ${JSON.stringify(head)}`, {
      where: opts.where, line: 1, hint: 'Capture it again (adb shell uiautomator dump, or the page source from Appium); a truncated or garbled dump cannot be read.',
    });
  }
  const maestro = stripMaestroPrefix(body);
  // The CLI's lines before the JSON are no JSON: scanned here, and if they fail, the whole text is, so
  // the error is the one the first bad character gives.
  if (maestro) {
    const prefix = text.slice(0, text.length - maestro.json.length);
    if (binaryOffset(prefix) !== -1 || !(prefix as string & { isWellFormed(): boolean }).isWellFormed()) scan.chars();
  }
  const value = unwrapEnvelope(parseUnscannedJson(maestro ? maestro.json : body, opts.where, scan), opts.where);
  return JSON_IMPORTERS[requireFormat(value, opts.where)](value, opts);
}

/** One reader per JSON format, by the name sniffing gives it. */
const JSON_IMPORTERS: Record<JsonFormatName, (value: unknown, opts: ImportOptions) => Snapshot> = {
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
