/**
 * An attribute's value as XML reads it (XML 1.0 §3.3.3, every attribute being CDATA without a DTD):
 * line ends normalised first (CR LF and a lone CR are one LF, §2.11), then each literal tab, LF or CR
 * becomes a space, while a character reference (`&#10;`) keeps the character it names; the predefined
 * entities and character references decoded (decodeReference).
 */
export function attributeValue(text: string, start: number, end: number, fail: (offset: number, message: string) => never): string {
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 38 /* & */) {
      const semi = text.indexOf(';', i + 1);
      if (semi === -1 || semi >= end || (semi - i > 12 && text.charCodeAt(i + 1) !== 35 /* # */)) fail(i, `'&' is not the start of an entity reference (write &amp; for a literal '&')`);
      out += text.slice(from, i) + decodeReference(text, i + 1, semi, fail);
      i = semi;
      from = semi + 1;
    } else if (c === 9 || c === 10 || c === 13) {
      out += text.slice(from, i) + ' ';
      // CR LF is one line end, so one space.
      if (c === 13 && i + 1 < end && text.charCodeAt(i + 1) === 10) i++;
      from = i + 1;
    }
  }
  return out + text.slice(from, end);
}

/**
 * One reference's replacement, text[start, end) being its name: the five predefined entities and
 * numeric character references. Anything else is an error — without a DTD no other entity exists,
 * and we never read DTDs (no entity-expansion attacks).
 */
function decodeReference(text: string, start: number, end: number, fail: (offset: number, message: string) => never): string {
  const name = text.slice(start, end);
  switch (name) {
    case 'amp': return '&';
    case 'lt': return '<';
    case 'gt': return '>';
    case 'quot': return '"';
    case 'apos': return "'";
  }
  if (name.charCodeAt(0) === 35 /* # */) {
    const hex = name.charCodeAt(1) === 120 /* x */;
    const digits = name.slice(hex ? 2 : 1);
    if (digits !== '' && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) {
      const cp = parseInt(digits, hex ? 16 : 10);
      // XML Char production: no NUL / C0 controls except tab, LF, CR; no surrogates; no U+FFFE/FFFF.
      const legal = cp === 9 || cp === 10 || cp === 13 || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
      if (legal) return String.fromCodePoint(cp);
      fail(start - 1, `character reference &${name}; is not a legal XML character`);
    }
    fail(start - 1, `malformed character reference &${name};`);
  }
  fail(start - 1, `unknown entity &${name}; (only &amp; &lt; &gt; &quot; &apos; and &#…; exist without a DTD)`);
}
