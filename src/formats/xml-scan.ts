import { FormatError } from '../errors.js';
import { lineColumnAt } from './limits.js';
import { ownString } from './own-string.js';
import { attributeValue } from './xml-entities.js';

/**
 * The one XML lexer, for element-only documents (uiautomator dumps, Appium and XCUITest page sources:
 * elements and attributes; text between elements is ignored). Strict and iterative, so any depth is
 * read without recursion: it refuses what a conforming parser refuses for this shape (unquoted or
 * valueless attributes, '<' in values, unknown entities, stray markup) and DOCTYPE / ENTITY
 * declarations, naming the line and column. The element structure (which tags, how they nest) is the
 * reader's: uiautomator.ts builds nodes as it goes, xml-elements.ts an element tree.
 *
 * Parsed by hand rather than with fast-xml-parser: its object builder recurses (a 60,000-deep dump
 * overflows the stack) and its ordered mode is quadratic in depth.
 */

/** The words a reader's errors use for its documents. */
export interface XmlWording {
  /** The default hint of an error. */
  hint: string;
  /** The hint of a cut-off document. */
  truncated: string;
  /** What never carries a DOCTYPE ('a uiautomator dump', 'a page source'). */
  document: string;
  /** The hint of a refused DOCTYPE / ENTITY declaration. */
  doctypeHint: string;
  /** The hint of a text that does not start with '<', by its first character. */
  notXmlHint(first: string): string;
}

/** The attributes of the tag just read: [nameStart, nameEnd, valueStart, valueEnd] per attribute. */
export class XmlAttributes {
  data = new Int32Array(4 * 64);
  count = 0;
  push(ns: number, ne: number, vs: number, ve: number): void {
    if (4 * this.count + 4 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const o = 4 * this.count++;
    this.data[o] = ns; this.data[o + 1] = ne; this.data[o + 2] = vs; this.data[o + 3] = ve;
  }
}

const WS = /[\t\n\r]/g;

export class XmlScanner {
  readonly attrs = new XmlAttributes();
  // Offsets of the next '&' / '<' at or after the last value looked at (text.length: none left).
  // Kept across values so each is searched for once per stretch of text, not once per attribute.
  private nextAmp = -1;
  private nextLt = -1;
  // The same for the next literal tab, LF or CR, which attribute-value normalisation turns into a space.
  private nextWs = -1;
  private lastPlain = -1;

  constructor(readonly text: string, readonly where: string | undefined, readonly wording: XmlWording) {}

  fail(offset: number, message: string, hint: string = this.wording.hint): never {
    const { line, column } = lineColumnAt(this.text, offset);
    throw new FormatError('format_error', message, { where: this.where, line, column, hint });
  }

  /**
   * Reads the attributes of a start tag (its '<' at `lt`) whose name ends at `pos` into this.attrs.
   * Returns the offset after '>' — negated for an empty-element tag ("/>"), which has no end tag.
   */
  readAttributes(pos: number, lt: number): number {
    const t = this.text;
    const n = t.length;
    const attrs = this.attrs;
    attrs.count = 0;
    if (pos === lt + 1) this.fail(lt, `'<' is not followed by a tag name`);
    for (;;) {
      const before = pos;
      pos = this.skipSpace(pos);
      let c = t.charCodeAt(pos);
      if (c === 62 /* > */) return pos + 1;
      if (c === 47 /* / */) {
        if (t.charCodeAt(pos + 1) === 62) return -(pos + 2);
        if (pos + 1 >= n) this.truncatedTag(lt);
        this.fail(pos, `expected '>' after '/' in the tag`);
      }
      if (pos >= n) this.truncatedTag(lt);
      if (pos === before) this.fail(pos, `expected a space, '>' or '/>' in the tag, found '${t[pos]}'`);
      const ns = pos;
      while (pos < n && (c = t.charCodeAt(pos)) !== 61 /* = */ && c > 32 && c !== 62 && c !== 47 && c !== 34 && c !== 39 && c !== 60) pos++;
      const ne = pos;
      if (ne === ns) this.fail(pos, `expected an attribute name, found '${t[pos]}'`);
      pos = this.skipSpace(pos);
      if (t.charCodeAt(pos) !== 61) {
        if (pos >= n) this.truncatedTag(lt);
        this.fail(pos, `attribute ${t.slice(ns, ne)} has no value (expected ="…")`);
      }
      pos = this.skipSpace(pos + 1);
      const q = t.charCodeAt(pos);
      if (q !== 34 && q !== 39) {
        if (pos >= n) this.truncatedTag(lt);
        this.fail(pos, `the value of attribute ${t.slice(ns, ne)} is not quoted`);
      }
      const vs = pos + 1;
      const ve = t.indexOf(q === 34 ? '"' : "'", vs);
      if (ve === -1) this.truncatedTag(lt);
      if (this.nextLt < vs) {
        const l = t.indexOf('<', vs);
        this.nextLt = l === -1 ? n : l;
      }
      if (this.nextLt < ve) this.fail(this.nextLt, `'<' inside the value of attribute ${t.slice(ns, ne)} (a missing quote?)`);
      attrs.push(ns, ne, vs, ve);
      pos = ve + 1;
    }
  }

  /**
   * The attribute value text[vs, ve) as XML reads it (xml-entities.ts attributeValue: entities decoded,
   * a literal tab, LF or CR a space); a copy, so the result does not keep the text alive (own-string.ts).
   */
  value(vs: number, ve: number): string {
    return this.plain(vs, ve) ? ownString(this.text.slice(vs, ve)) : this.decoded(vs, ve);
  }

  /** Whether text[vs, ve) reads as itself: no reference and no tab, LF or CR in it. */
  plain(vs: number, ve: number): boolean {
    // The cached offsets hold for values met in text order; one looked at again (a reader that keeps
    // a value's range for later) is scanned on its own.
    if (vs < this.lastPlain) {
      for (let i = vs; i < ve; i++) {
        const c = this.text.charCodeAt(i);
        if (c === 38 || c === 9 || c === 10 || c === 13) return false;
      }
      return true;
    }
    this.lastPlain = vs;
    if (this.nextAmp < vs) {
      const a = this.text.indexOf('&', vs);
      this.nextAmp = a === -1 ? this.text.length : a;
    }
    if (this.nextWs < vs) {
      WS.lastIndex = vs;
      this.nextWs = WS.test(this.text) ? WS.lastIndex - 1 : this.text.length;
    }
    return this.nextAmp >= ve && this.nextWs >= ve;
  }

  /** text[vs, ve) normalised and decoded (the slow path of `value`). */
  decoded(vs: number, ve: number): string {
    return ownString(attributeValue(this.text, vs, ve, (at, msg) => this.fail(at, msg)));
  }

  /** Where the name of the end tag at `lt` ("</name") ends. */
  endTagName(lt: number): number {
    const ne = this.nameEnd(lt + 2);
    if (ne >= this.text.length) this.fail(this.text.length, 'truncated XML: the input ends inside an end tag', this.wording.truncated);
    return ne;
  }

  /** The offset after the '>' that ends the end tag whose name is text[ns, ne) (space allowed before it). */
  endTagClose(ns: number, ne: number): number {
    const t = this.text;
    const pos = this.skipSpace(ne);
    if (t.charCodeAt(pos) !== 62 /* > */) {
      this.fail(pos, pos >= t.length ? 'truncated XML: the input ends inside an end tag' : `expected '>' to end </${t.slice(ns, ne)}>`, pos >= t.length ? this.wording.truncated : this.wording.hint);
    }
    return pos + 1;
  }

  truncatedTag(lt: number): never {
    this.fail(this.text.length, `truncated XML: the input ends inside the tag <${this.text.slice(lt + 1, this.nameEnd(lt + 1))} at line ${lineColumnAt(this.text, lt).line}`, this.wording.truncated);
  }

  /** End of the tag name starting at pos (any run of characters that cannot end a name). */
  nameEnd(pos: number): number {
    const t = this.text;
    const n = t.length;
    for (; pos < n; pos++) {
      const c = t.charCodeAt(pos);
      if (c <= 32 || c === 62 || c === 47 || c === 61 || c === 60 || c === 34 || c === 39) break;
    }
    return pos;
  }

  skipSpace(pos: number): number {
    const t = this.text;
    for (let c = t.charCodeAt(pos); c === 32 || c === 10 || c === 13 || c === 9; c = t.charCodeAt(++pos));
    return pos;
  }

  /**
   * Skips space, comments and processing instructions outside the root element; returns the offset of
   * the next '<' that starts an element, of other text after the root, or text.length. Refuses DOCTYPE,
   * and in the prolog (`prolog`) text that does not start with '<'.
   */
  skipMisc(pos: number, prolog: boolean): number {
    const t = this.text;
    for (;;) {
      pos = this.skipSpace(pos);
      if (pos >= t.length) return pos;
      if (t.charCodeAt(pos) !== 60) {
        if (prolog) {
          const first = t.trimStart().slice(0, 1);
          this.fail(pos, `not XML: the text starts with '${first}', not '<'`, this.wording.notXmlHint(first));
        }
        return pos;
      }
      const c = t.charCodeAt(pos + 1);
      if (c !== 33 && c !== 63) return pos;
      pos = this.skipMarkup(pos, prolog);
    }
  }

  /** Skips a comment, PI or CDATA section starting at `lt`; DOCTYPE / ENTITY declarations are refused. */
  skipMarkup(lt: number, prolog: boolean): number {
    const t = this.text;
    let close: string;
    if (t.startsWith('<?', lt)) close = '?>';
    else if (t.startsWith('<!--', lt)) close = '-->';
    else if (!prolog && t.startsWith('<![CDATA[', lt)) close = ']]>';
    else if (t.startsWith('<!DOCTYPE', lt) || t.startsWith('<!ENTITY', lt)) {
      this.fail(lt, `${t.slice(lt + 2, lt + (t[lt + 2] === 'D' ? 9 : 8))} declarations are refused: ${this.wording.document} never has one, and entity expansion is an attack vector`,
        this.wording.doctypeHint);
    } else {
      const rest = t.slice(lt, lt + 9);
      if (lt + rest.length >= t.length && ['<!--', '<![CDATA[', '<!DOCTYPE'].some((m) => m.startsWith(rest))) {
        this.fail(t.length, 'truncated XML: the input ends inside markup', this.wording.truncated);
      }
      this.fail(lt, `unexpected markup '${rest}'`);
    }
    const end = t.indexOf(close, lt + 2);
    if (end === -1) this.fail(t.length, `truncated XML: the ${close === '?>' ? 'processing instruction' : close === '-->' ? 'comment' : 'CDATA section'} at line ${lineColumnAt(t, lt).line} never ends`, this.wording.truncated);
    return end + close.length;
  }
}
