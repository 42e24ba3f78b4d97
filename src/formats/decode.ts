/**
 * Bytes → text the way XML 1.0 (§4.3.3, Appendix F) and JSON (RFC 8259 §8.1) define it, for every
 * file treewright reads. XML: a byte-order mark decides (UTF-8, UTF-16 LE / BE: what PowerShell 5's
 * `>` writes), else UTF-16 without a mark is recognised by its `<?` pattern, else the XML
 * declaration's encoding="…" names it (UTF-8 when absent; ISO-8859-1 and every encoding Node's
 * TextDecoder knows: GB18030, Shift_JIS, windows-1252, …). JSON is UTF-8, a BOM tolerated; UTF-16
 * JSON is refused naming the fix. Bytes that are not valid in the encoding are a FormatError with
 * their offset, wherever they are in the file: decoding is fatal, never a silent U+FFFD.
 */
import { FormatError } from '../errors.js';
import { lineColumnAt } from './limits.js';

export interface DecodeOptions {
  where?: string;
  /** What the bytes should be, for messages ("a uiautomator XML dump"). */
  what?: string;
  /**
   * 'tree' (default): XML or JSON, told apart after decoding; 'json': JSON only (catalogs);
   * 'text': UTF-8 text with an optional BOM (outline goldens, templates).
   */
  kind?: 'tree' | 'json' | 'text';
}

export interface Decoded {
  text: string;
  /** The encoding the bytes were read in (WHATWG name, or 'iso-8859-1'). */
  encoding: string;
}

const HINT_BINARY = 'Point at the capture itself (JSON or XML text), not a screenshot, archive or other binary file; re-capture if it is cut off.';

/** Decodes a file's bytes per its BOM / XML declaration; throws FormatError naming the offset of the first bad byte. */
export function decodeBytes(bytes: Uint8Array, opts: DecodeOptions = {}): Decoded {
  const kind = opts.kind ?? 'tree';
  const bom = sniffBom(bytes);
  let encoding: string;
  let start = 0;
  if (bom) {
    encoding = bom.encoding;
    start = bom.length;
  } else if (kind === 'tree' && bytes.length >= 4 && bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f && bytes[3] === 0) {
    encoding = 'utf-16le'; // '<?' in UTF-16 LE without a mark (XML Appendix F)
  } else if (kind === 'tree' && bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] === 0x3f) {
    encoding = 'utf-16be';
  } else if (kind === 'tree') {
    encoding = declaredEncoding(bytes, opts) ?? 'utf-8';
  } else {
    encoding = 'utf-8';
  }
  const text = decodeAs(bytes, start, encoding, opts);
  if (kind !== 'text' && encoding.startsWith('utf-16')) {
    const first = text.trimStart()[0];
    if (first === '{' || first === '[' || kind === 'json') {
      throw new FormatError('format_error', `JSON in ${encoding.toUpperCase()}: JSON must be UTF-8 (RFC 8259 §8.1)`, {
        where: opts.where, encoding,
        hint: "Save it as UTF-8 (PowerShell 5's `>` writes UTF-16: use `| Out-File -Encoding utf8` or `adb exec-out … > file` from cmd / PowerShell 7).",
      });
    }
  }
  return { text, encoding };
}

/** The BOM at the start of the bytes, if any. UTF-32 marks are refused: TextDecoder cannot read UTF-32. */
function sniffBom(b: Uint8Array): { encoding: string; length: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) {
    if (b[2] === 0 && b[3] === 0 && b.length >= 4) return { encoding: 'utf-32le', length: 4 };
    return { encoding: 'utf-16le', length: 2 };
  }
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { encoding: 'utf-32be', length: 4 };
  return null;
}

// <?xml version="1.0" encoding="…"?> read from the ASCII-compatible start of the bytes.
const DECLARATION = /^\s*<\?xml\s[^?>]*?\bencoding\s*=\s*(?:"([A-Za-z][A-Za-z0-9._-]*)"|'([A-Za-z][A-Za-z0-9._-]*)')/;

/** True Latin-1 (XML's ISO-8859-1: bytes 0x80–0x9F are U+0080–U+009F), which WHATWG maps to windows-1252. */
const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'iso-ir-100', 'cp819', 'ibm819']);
const ASCII = new Set(['us-ascii', 'ascii', 'iso646-us']);

function declaredEncoding(bytes: Uint8Array, opts: DecodeOptions): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 256)).toString('latin1');
  const m = DECLARATION.exec(head);
  if (!m) return null;
  const label = (m[1] ?? m[2])!.toLowerCase();
  if (LATIN1.has(label)) return 'iso-8859-1';
  if (ASCII.has(label)) return 'us-ascii';
  let name: string;
  try {
    name = new TextDecoder(label).encoding;
  } catch {
    throw new FormatError('format_error', `the XML declaration names encoding "${m[1] ?? m[2]}", which this Node cannot decode`, {
      where: opts.where, encoding: m[1] ?? m[2],
      hint: 'Re-save the file as UTF-8 (and change the declaration to encoding="UTF-8"), or capture it again.',
    });
  }
  if (name.startsWith('utf-16')) {
    throw new FormatError('format_error', `the XML declaration says encoding="${m[1] ?? m[2]}" but the bytes have no UTF-16 byte-order mark and read as a single-byte encoding`, {
      where: opts.where, encoding: name, hint: 'Fix the declaration (encoding="UTF-8"), or re-save the file as UTF-16 with its byte-order mark.',
    });
  }
  return name;
}

function decodeAs(bytes: Uint8Array, start: number, encoding: string, opts: DecodeOptions): string {
  const body = bytes.subarray(start);
  if (encoding === 'utf-32le' || encoding === 'utf-32be') {
    throw new FormatError('format_error', `${encoding.toUpperCase()} text (by its byte-order mark): treewright reads UTF-8, UTF-16 and the encodings an XML declaration names`, {
      where: opts.where, encoding, hint: 'Re-save the file as UTF-8.',
    });
  }
  if (encoding === 'iso-8859-1') return Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1');
  if (encoding === 'us-ascii') {
    const bad = body.findIndex((b) => b > 0x7f);
    if (bad !== -1) invalidByte(bytes, start + bad, encoding, opts);
    return Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1');
  }
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    invalidByte(bytes, start + firstInvalid(body, encoding), encoding, opts);
  }
}

/**
 * Offset of the first byte the fatal decoder rejects, only looked for once decoding has failed:
 * chunks of 64 KiB are fed to a streaming decoder until one throws, then that chunk byte by byte.
 * Linear in the file.
 */
function firstInvalid(body: Uint8Array, encoding: string): number {
  const CHUNK = 65536;
  const d = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  let at = 0;
  for (; at < body.length; at += CHUNK) {
    try {
      // One streaming decoder: a sequence split across two chunks is not an error.
      d.decode(body.subarray(at, Math.min(body.length, at + CHUNK)), { stream: true });
    } catch {
      break;
    }
  }
  if (at >= body.length) return Math.max(0, body.length - 1); // the end: a truncated sequence
  // Decode everything before this chunk, then the chunk one byte at a time.
  const fine = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  if (at > 0) fine.decode(body.subarray(0, at), { stream: true });
  for (let i = at; i < Math.min(body.length, at + CHUNK); i++) {
    try {
      fine.decode(body.subarray(i, i + 1), { stream: true });
    } catch {
      // The byte that made a sequence invalid; in UTF-8 report the lead byte of the broken sequence
      // (e2 82 followed by '=' is broken at e2), else the byte itself.
      if (encoding !== 'utf-8') return i;
      let j = i - 1;
      while (j >= 0 && j > i - 4 && (body[j]! & 0xc0) === 0x80) j--;
      return j >= 0 && j < i && body[j]! >= 0xc0 && (body[i]! & 0xc0) !== 0x80 ? j : j >= 0 && body[j]! >= 0xc0 && j === i - 1 ? j : i;
    }
  }
  return at;
}

function invalidByte(bytes: Uint8Array, offset: number, encoding: string, opts: DecodeOptions): never {
  // Line and column count in the bytes read as Latin-1 up to the offset: newlines are ASCII in every encoding read here but UTF-16.
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(offset, bytes.length)).toString(encoding.startsWith('utf-16') ? 'utf16le' : 'latin1');
  const { line } = lineColumnAt(before, before.length);
  const hex = Array.from(bytes.subarray(offset, offset + 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  throw new FormatError('format_error', `invalid ${encoding.toUpperCase()} at byte offset ${offset} (bytes ${hex}): expected ${opts.what ?? 'a JSON or XML semantics tree'}`, {
    where: opts.where, line, offset, encoding,
    hint: encoding === 'utf-8' ? `${HINT_BINARY} If the file is in another encoding, declare it (<?xml … encoding="…"?>).` : HINT_BINARY,
  });
}
