/**
 * Escaping for everything the reporter and the wireframe write as markup. Every string that comes from
 * the app (texts, descriptions, tags, class names, ids) passes through `escapeXml` before it reaches SVG
 * or HTML, in text and in attribute values alike, so no app string can open or close an element.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * XML 1.0 forbids C0 controls (but tab, LF, CR), U+FFFE / U+FFFF and lone surrogates: a standalone .svg
 * holding one does not parse at all. They become U+FFFD, so the picture still renders and says "here".
 */
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"']/g;

/** Safe as element text and as a double- or single-quoted attribute value, in HTML and in XML. */
export function escapeXml(s: string): string {
  return s.replace(INVALID, '\uFFFD').replace(SPECIAL, (c) => ENTITIES[c]!);
}

/** Cuts `s` to at most `max` characters (the last one `…`) without splitting a surrogate pair. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  if (max <= 1) return max === 1 ? '…' : '';
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end) + '…';
}
