import type { Snapshot } from '../model/schema.js';
import { FormatError } from '../errors.js';
import { cmpFromValue } from './cmp.js';
import { unwrapEnvelope } from './envelope.js';
import { guardText } from './guard.js';
import { jetwhaleFromValue } from './jetwhale.js';
import { parseJson } from './json.js';
import { mouiFromValue } from './moui.js';
import { snapshotFromValue } from './snapshot-json.js';
import { looksLikeXml, requireFormat, requireHierarchy, sniffValue, unwrapQuietly, xmlRootElement } from './sniff.js';
import { importCheckedUiautomator } from './uiautomator.js';
import type { FormatName, ImportOptions } from './types.js';

export type { FormatName, ImportOptions } from './types.js';
export { DEFAULT_MAX_BYTES } from './types.js';
export { decodeBytes, type DecodeOptions, type Decoded } from './decode.js';
export { importCmp, exportCmpV1, type CmpExportOptions, type CmpImportOptions } from './cmp.js';
export { importJetWhale, jetwhaleAddress } from './jetwhale.js';
export { importMoui, applyMouiDelta } from './moui.js';
export { importSnapshotJson } from './snapshot-json.js';
export { importUiautomator } from './uiautomator.js';

/**
 * Any tree treewright reads, its format sniffed from the content: leading `<` → uiautomator
 * XML; JSON with `format: "treewright-snapshot"` → treewright's own; `schemaVersion` →
 * cmp-inspector tree (only version 1 is read); `roots` → JetWhale; `kind: full|delta|unchanged`
 * → MoUI. MCP envelopes around the JSON are unwrapped first. Bytes are decoded as XML / RFC 8259
 * define (BOM, XML declaration; decode.ts). Size, emptiness and binary content are checked before
 * any parsing; anything else is a FormatError('unsupported_format').
 */
export function importTree(input: string | Uint8Array, opts: ImportOptions = {}): Snapshot {
  const body = guardText(input, opts);
  if (looksLikeXml(body)) {
    requireHierarchy(body, opts.where);
    return importCheckedUiautomator(body, opts);
  }
  // A file named .xml that does not start like XML is broken XML, not "invalid JSON".
  if (opts.where && /\.xml$/i.test(opts.where)) {
    const head = body.trimStart().slice(0, 24).replace(/[^\x20-\x7e]/g, '.');
    throw new FormatError('format_error', `not XML: a .xml file should start with '<', but starts with ${JSON.stringify(head)}`, {
      where: opts.where, line: 1, hint: 'Capture it again (adb shell uiautomator dump, or the page source from Appium); a truncated or garbled dump cannot be read.',
    });
  }
  const value = unwrapEnvelope(parseJson(body, opts.where), opts.where);
  switch (requireFormat(value, opts.where)) {
    case 'treewright':
      return snapshotFromValue(value, opts);
    case 'cmp-v1':
      return cmpFromValue(value, opts);
    case 'jetwhale':
      return jetwhaleFromValue(value, opts);
    case 'moui':
      return mouiFromValue(value, opts);
  }
}

/** The format `importTree` would read the text as, or null when it reads none (never throws). */
export function detectFormat(text: string): FormatName | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  if (looksLikeXml(text)) {
    const name = xmlRootElement(text);
    return name === null || name === 'hierarchy' ? 'uiautomator' : null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null;
  }
  return sniffValue(unwrapQuietly(value));
}
