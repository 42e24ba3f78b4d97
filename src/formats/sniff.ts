// Format sniffing: what each format looks like, and the checks and parse every read starts with
// (sniffTree). It imports no reader, so a caller that loads the one reader a tree needs
// (formats/load-tree.ts) loads no other.
import { FormatError } from '../errors.js';
import { SNAPSHOT_FORMAT, type Snapshot } from '../model/schema.js';
import { unwrapEnvelope } from './envelope.js';
import { TREE_WHAT, decodeInput, guardShape, textScan, withoutBom } from './guard.js';
import { parseUnscannedJson } from './json.js';
import { binaryOffset } from './limits.js';
import { describeValue, isObject, type JsonObject } from './read.js';
import { DEFAULT_MAX_BYTES, type FormatName, type ImportOptions } from './types.js';

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

/**
 * The read limit of treewright's own snapshot JSON: what `snapshotToJson` writes is read back, so the
 * limit follows what it can write — any string the writer returns (a string holds fewer UTF-16
 * units than this), not the limit of captures from elsewhere: the model's JSON spells out every
 * field of every node, so it is several times the capture it was read from.
 */
export const SNAPSHOT_JSON_MAX_BYTES = 4 * DEFAULT_MAX_BYTES;

/** Whether a text (or the bytes of one) starts as `snapshotToJson` writes: `{"format": "treewright-snapshot"`. */
export function looksLikeSnapshotJson(input: string | Uint8Array): boolean {
  const head = typeof input === 'string' ? input.slice(0, 96) : Buffer.from(input.subarray(0, 96)).toString('latin1');
  return SNAPSHOT_HEAD.test(head);
}
const SNAPSHOT_HEAD = /^(\uFEFF|\xEF\xBB\xBF)?\s*\{\s*"format"\s*:\s*"treewright-snapshot"/;

/** True when a parsed value has the JetWhale roots shape. */
export function looksLikeJetWhale(v: JsonObject): boolean {
  return 'roots' in v && !('format' in v);
}

/** True when a parsed value has a MoUI read_semantics shape. */
export function looksLikeMoui(v: JsonObject): boolean {
  return (v.kind === 'full' || v.kind === 'delta' || v.kind === 'unchanged') && ('nodes' in v || 'generation' in v || 'upserted' in v);
}

/**
 * `{ value: { type, … } }`, `{ value: { tree } }`, `{ sessionId, value }` — a WDA /source answer — or
 * the node inside it (a lone `{ value }` wrapper is unwrapped before sniffing): a `type` with a rect.
 */
export function looksLikeWda(v: unknown): boolean {
  if (!isObject(v)) return false;
  const outer = isObject(v.value) ? v.value : v;
  const inner = isObject(outer.tree) ? outer.tree : outer;
  return typeof inner.type === 'string' && ('rect' in inner || 'frame' in inner);
}

/** An array whose first element has idb's accessibility keys (AXLabel, AXFrame, role_description, AXUniqueId). */
export function looksLikeIdb(v: unknown): boolean {
  return Array.isArray(v) && isObject(v[0]) && ('AXFrame' in v[0] || 'AXLabel' in v[0] || 'role_description' in v[0] || 'AXUniqueId' in v[0]);
}

/** A Maestro node: an object with `attributes` (an object) and, usually, `children`. */
export function looksLikeMaestro(v: unknown): boolean {
  return isObject(v) && isObject(v.attributes) && (Array.isArray(v.children) || Object.keys(v).length === 1);
}

/** A Maestro --debug-output commands file: an array of { command, metadata } with at least one hierarchyRoot. */
export function looksLikeMaestroCommands(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isObject(x) && 'command' in x && 'metadata' in x);
}

/**
 * The JSON part of `maestro hierarchy` output: the text from the first line that starts a JSON
 * value, when every line before it is one of the CLI's own ("Running on …", "None: "). Null when the
 * text has no such prefix.
 */
export function stripMaestroPrefix(text: string): { json: string; skipped: number } | null {
  if (!text.startsWith('Running on ')) return null;
  // Only the first lines can be the CLI's: read no further than them.
  const lineAt = (at: number) => {
    const nl = text.indexOf('\n', at);
    return nl === -1 ? text.slice(at) : text.slice(at, nl);
  };
  // Whether the line at `at` starts a JSON value, told without finding its end: compact JSON is one long line.
  const startsJson = (at: number) => {
    const start = /[^\S\n]*[{[]/y;
    start.lastIndex = at;
    return start.test(text);
  };
  let k = 0;
  let at = 0;
  for (; k < 4 && at <= text.length && !startsJson(at); k++) {
    const line = lineAt(at);
    // The line without its CR, cut off plainly: a pattern anchored at the end would scan the whole line.
    if (!/^(Running on .*|None:\s*|\s*)$/.test(line.endsWith('\r') ? line.slice(0, -1) : line)) break;
    at += line.length + 1;
  }
  if (k === 0 || at > text.length || !startsJson(at)) return null;
  return { json: text.slice(at), skipped: k };
}

/** The XML flavours the Apple XML reader (xcuitest.ts) reads, told from the root element and its first child. */
export type AppleXmlFlavour = 'xcuitest' | 'mac2' | 'uia';

/** Which flavour an XML root element (and its first element child) is, or null when it is none of them. */
export function appleXmlFlavour(rootName: string, firstChild: string | null): AppleXmlFlavour | null {
  if (rootName === 'AppiumAUT') {
    if (firstChild === null || firstChild.startsWith('XCUIElementType')) return 'xcuitest';
    if (firstChild.startsWith('UIA')) return 'uia';
    return null;
  }
  if (rootName.startsWith('XCUIElementType')) return 'xcuitest';
  if (rootName.startsWith('UIA')) return 'uia';
  return null;
}

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

/** The two XML readers (Apple, uiautomator); every other reader is one JSON format's. */
type XmlReaderName = 'apple-xml' | 'uiautomator';

/** Every reader by its name: the XML readers take the text, the JSON readers the parsed value. */
export type Readers = Record<XmlReaderName, (text: string, opts: ImportOptions) => Snapshot>
  & Record<JsonFormatName, (value: unknown, opts: ImportOptions) => Snapshot>;

/** A tree checked and sniffed, ready for its reader: XML as its text, JSON as its parsed (unwrapped) value. */
export type SniffedTree =
  | { reader: XmlReaderName; text: string; opts: ImportOptions }
  | { reader: JsonFormatName; value: unknown; opts: ImportOptions };

/**
 * What every read of a tree (`importTree`, `loadTree`) does before its reader: size, emptiness and
 * binary content checked, bytes decoded, the format sniffed, JSON parsed and MCP envelopes unwrapped;
 * a FormatError for anything unreadable or in no format treewright reads (formats/index.ts says which).
 */
export function sniffTree(input: string | Uint8Array, options: ImportOptions = {}): SniffedTree {
  // treewright's own snapshot JSON is read up to what its writer writes.
  const opts = options.maxBytes === undefined && looksLikeSnapshotJson(input) ? { ...options, maxBytes: SNAPSHOT_JSON_MAX_BYTES } : options;
  const text = typeof input === 'string' ? input : decodeInput(input, opts, TREE_WHAT);
  const body = withoutBom(guardShape(text, opts));
  // The character scan of guardText, run where the JSON parse cannot answer for it (parseUnscannedJson).
  const scan = textScan(text, opts);
  if (looksLikeXml(body)) {
    scan.chars();
    const { root, child } = readXmlRootAndChild(body);
    if (root !== null && appleXmlFlavour(root, child) !== null) return { reader: 'apple-xml', text: body, opts };
    requireHierarchy(body, opts.where);
    return { reader: 'uiautomator', text: body, opts };
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
  return { reader: requireFormat(value, opts.where), value, opts };
}
