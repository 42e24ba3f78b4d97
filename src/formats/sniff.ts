import { FormatError } from '../errors.js';
import { SNAPSHOT_FORMAT } from '../model/schema.js';
import { unwrapEnvelope } from './envelope.js';
import { looksLikeJetWhale } from './jetwhale.js';
import { looksLikeMoui } from './moui.js';
import { describeValue, isObject } from './read.js';
import { looksLikeIdb, looksLikeWda } from './apple-json.js';
import { looksLikeMaestro, looksLikeMaestroCommands } from './maestro.js';
import type { FormatName } from './types.js';

/** The formats that come as JSON. */
export type JsonFormatName = Exclude<FormatName, 'uiautomator' | 'xcuitest' | 'mac2' | 'uia'>;

/** What each JSON format looks like, for the "unsupported format" message. */
export const EXPECTED_FORMATS = [
  'a treewright snapshot ({"format": "treewright-snapshot", …})',
  'a cmp-inspector tree ({"schemaVersion": 1, "source", "root"})',
  'a JetWhale getNodeTree answer ({"roots": [{"rootId", "density", "node"}]})',
  'a MoUI read_semantics value ({"kind": "full", "generation", "nodes"})',
  'a WebDriverAgent /source answer ({"value": {"type", "rect", "children"}})',
  'an `idb ui describe-all --json` array ([{"AXLabel", "AXFrame", "type"}, …])',
  'a `maestro hierarchy` tree ({"attributes", "children"})',
  'uiautomator / Appium Android page-source XML (<hierarchy>…)',
  'Appium XCUITest / Mac2 / UIAutomation page-source XML (<AppiumAUT>…, <XCUIElementTypeApplication>…)',
];

/** True when the text is XML (after a byte-order mark and leading whitespace). */
export function looksLikeXml(text: string): boolean {
  const m = /^\uFEFF?\s*/.exec(text);
  return text.charCodeAt(m ? m[0].length : 0) === 0x3c; // '<'
}

// The first element's name, after the XML declaration, processing instructions and comments.
// A DOCTYPE stops the match (no name), so the importer sees it and refuses it.
const ROOT_ELEMENT = /^\uFEFF?\s*(?:(?:<\?[^]*?\?>|<!--[^]*?-->)\s*)*<([A-Za-z_][\w.:-]*)/;

/** The root element name of an XML text, or null when it cannot be told from the first 64 KiB. */
export function xmlRootElement(text: string): string | null {
  const m = ROOT_ELEMENT.exec(text.length > 65536 ? text.slice(0, 65536) : text);
  return m ? m[1]! : null;
}

// The first child element after the root's start tag (skipping space, comments and PIs).
const FIRST_CHILD = /^[^>]*>\s*(?:(?:<\?[^]*?\?>|<!--[^]*?-->)\s*)*<([A-Za-z_][\w.:-]*)/;

/** The root element's name and its first child element's name (either null when not told from the first 64 KiB). */
export function readXmlRootAndChild(text: string): { root: string | null; child: string | null } {
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  const m = ROOT_ELEMENT.exec(head);
  if (!m) return { root: null, child: null };
  const c = FIRST_CHILD.exec(head.slice(m.index + m[0].length));
  return { root: m[1]!, child: c ? c[1]! : null };
}

/**
 * XML whose root element is not <hierarchy> is well-formed data in a format we do not read
 * (an HTML page, an XCUITest page source, …): unsupported_format, as for unknown JSON.
 */
export function requireHierarchy(text: string, where?: string): void {
  const name = xmlRootElement(text);
  if (name === null || name === 'hierarchy') return;
  throw new FormatError('unsupported_format', `XML with root element <${name}>, which is not a tree format treewright reads; expected one of: ${EXPECTED_FORMATS.join('; ')}`, {
    where,
    hint: 'A uiautomator dump or Appium Android page source starts with <hierarchy>, an iOS page source with <AppiumAUT>; capture one of those.',
  });
}

/** The JSON format of a parsed value (after unwrapping MCP envelopes), or null. Pure: never throws. */
export function sniffValue(value: unknown): JsonFormatName | null {
  if (looksLikeIdb(value)) return 'idb';
  if (looksLikeMaestroCommands(value)) return 'maestro';
  if (!isObject(value)) return null;
  if (value.format === SNAPSHOT_FORMAT) return 'treewright';
  if (looksLikeWda(value)) return 'wda';
  if (looksLikeMaestro(value)) return 'maestro';
  if ('schemaVersion' in value) return 'cmp-v1';
  if (looksLikeJetWhale(value)) return 'jetwhale';
  if (looksLikeMoui(value)) return 'moui';
  return null;
}

/** `sniffValue`, or a FormatError('unsupported_format') saying what the value is and what was expected. */
export function requireFormat(value: unknown, where?: string): JsonFormatName {
  const format = sniffValue(value);
  if (format) return format;
  const what = isObject(value)
    ? `a JSON object with keys ${Object.keys(value).slice(0, 8).map((k) => JSON.stringify(k)).join(', ') || '(none)'}`
    : `JSON that is ${describeValue(value)}`;
  throw new FormatError('unsupported_format', `${what}, which is not a tree format treewright reads; expected one of: ${EXPECTED_FORMATS.join('; ')}`, {
    where,
    hint: 'Capture the tree with one of those tools, or convert it to a treewright snapshot.',
  });
}

/** Unwraps MCP envelopes without throwing, for detection. */
export function unwrapQuietly(value: unknown): unknown {
  try {
    return unwrapEnvelope(value);
  } catch {
    return value;
  }
}
