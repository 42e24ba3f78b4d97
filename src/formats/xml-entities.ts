/**
 * Decodes the XML references in text[start, end): the five predefined entities and numeric
 * character references. Anything else is an error — without a DTD no other entity exists, and
 * we never read DTDs (no entity-expansion attacks).
 */
export function decodeXmlEntities(text: string, start: number, end: number, fail: (offset: number, message: string) => never): string {
  let out = '';
  let from = start;
  let amp = text.indexOf('&', start);
  while (amp !== -1 && amp < end) {
    const semi = text.indexOf(';', amp + 1);
    // A character reference may carry any number of leading zeros (&#0000000065; is 'A'); a name is short.
    if (semi === -1 || semi >= end || (semi - amp > 12 && text.charCodeAt(amp + 1) !== 35 /* # */)) fail(amp, `'&' is not the start of an entity reference (write &amp; for a literal '&')`);
    out += text.slice(from, amp) + decodeReference(text, amp + 1, semi, fail);
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from, end);
}

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
