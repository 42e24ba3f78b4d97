import { FormatError } from '../errors.js';
import { lineColumnAt } from './limits.js';
import { decodeXmlEntities } from './xml-entities.js';

/** One element of a small XML document: its name, attributes (in order) and child elements. */
export interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  /** Offset of its '<' in the text (for error positions). */
  at: number;
}

/**
 * A strict, iterative reader of element-only XML (page sources: elements and attributes; text between
 * elements is ignored), for the iOS / macOS importers. Iterative, so any depth is read without
 * recursion; refuses what a conforming parser refuses for this shape (unbalanced or mismatched tags,
 * unquoted or duplicate attributes, '<' in values, unknown entities) and DOCTYPE / ENTITY declarations,
 * naming the line and column. The uiautomator importer has its own scanner (uiautomator.ts), which
 * reads the node attributes as it scans.
 */
export function readXmlElements(text: string, where: string | undefined, hint: string): XmlElement {
  const fail = (offset: number, message: string, h = hint): never => {
    const { line, column } = lineColumnAt(text, offset);
    throw new FormatError('format_error', message, { where, line, column, hint: h });
  };
  const truncated = 'The page source was cut off: capture it again and keep the whole output.';
  const n = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let nextAmp = -1;
  let nextLt = -1;
  while (pos < n) {
    const lt = text.indexOf('<', pos);
    if (lt === -1) {
      if (stack.length) fail(n, `truncated XML: the input ends inside <${stack[stack.length - 1]!.name}>`, truncated);
      if (text.slice(pos).trim()) fail(pos, 'unexpected text after the root element');
      break;
    }
    if (!stack.length && text.slice(pos, lt).trim()) fail(pos, root ? 'unexpected text after the root element' : `not XML: the text starts with '${text.slice(pos, lt).trim()[0]}', not '<'`);
    if (text.startsWith('<?', lt) || text.startsWith('<!--', lt) || text.startsWith('<![CDATA[', lt)) {
      const close = text.startsWith('<?', lt) ? '?>' : text.startsWith('<!--', lt) ? '-->' : ']]>';
      const end = text.indexOf(close, lt + 2);
      if (end === -1) fail(n, 'truncated XML: markup that never ends', truncated);
      pos = end + close.length;
      continue;
    }
    if (text.startsWith('<!', lt)) fail(lt, `${text.slice(lt + 2, lt + 9)} declarations are refused: a page source never has one, and entity expansion is an attack vector`, 'Remove the DOCTYPE; Appium and WebDriverAgent never write one.');
    if (text.charCodeAt(lt + 1) === 47 /* / */) {
      const gt = text.indexOf('>', lt);
      if (gt === -1) fail(n, 'truncated XML: the input ends inside an end tag', truncated);
      const name = text.slice(lt + 2, gt).trim();
      const open = stack.pop();
      if (!open) return fail(lt, `</${name}> closes nothing`);
      if (open.name !== name) fail(lt, `</${name}> does not close <${open.name}> (opened at line ${lineColumnAt(text, open.at).line})`);
      pos = gt + 1;
      continue;
    }
    // A start tag.
    let p = lt + 1;
    for (let c = text.charCodeAt(p); p < n && !isSpace(c) && c !== 47 && c !== 62; c = text.charCodeAt(++p));
    const name = text.slice(lt + 1, p);
    if (!/^[A-Za-z_][\w.:-]*$/.test(name)) fail(lt, p >= n ? 'truncated XML: the input ends inside a tag' : `'<' is not followed by a tag name`, p >= n ? truncated : hint);
    if (!stack.length && root) fail(lt, `a second root element <${name}>: a page source has one`);
    const el: XmlElement = { name, attrs: new Map(), children: [], at: lt };
    let selfClosing = false;
    for (;;) {
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      if (p >= n) fail(n, `truncated XML: the input ends inside the tag <${name}>`, truncated);
      const c = text[p]!;
      if (c === '>') { p++; break; }
      if (c === '/') {
        if (text[p + 1] !== '>') fail(p, `expected '>' after '/' in <${name}>`);
        selfClosing = true;
        p += 2;
        break;
      }
      const ns = p;
      for (let c = text.charCodeAt(p); p < n && !isSpace(c) && c !== 61 && c !== 47 && c !== 62 && c !== 34 && c !== 39 && c !== 60; c = text.charCodeAt(++p));
      const attr = text.slice(ns, p);
      if (!attr) fail(p, `expected an attribute name in <${name}>, found '${text[p]}'`);
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      if (text[p] !== '=') fail(p, p >= n ? `truncated XML: the input ends inside the tag <${name}>` : `attribute ${attr} of <${name}> has no value (expected ="…")`, p >= n ? truncated : hint);
      p++;
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      const q = text[p];
      if (q !== '"' && q !== "'") fail(p, p >= n ? `truncated XML: the input ends inside the tag <${name}>` : `the value of attribute ${attr} of <${name}> is not quoted`, p >= n ? truncated : hint);
      const ve = text.indexOf(q!, p + 1);
      if (ve === -1) fail(n, `truncated XML: the input ends inside the tag <${name}>`, truncated);
      if (nextLt < p + 1) { const l = text.indexOf('<', p + 1); nextLt = l === -1 ? n : l; }
      if (nextLt < ve) fail(nextLt, `'<' inside the value of attribute ${attr} (a missing quote?)`);
      if (el.attrs.has(attr)) fail(ns, `duplicate attribute ${attr} in <${name}>`);
      // The next '&' is searched for once per stretch of text, not once per value (that would be quadratic).
      if (nextAmp < p + 1) { const a = text.indexOf('&', p + 1); nextAmp = a === -1 ? n : a; }
      el.attrs.set(attr, nextAmp < ve ? decodeXmlEntities(text, p + 1, ve, fail) : text.slice(p + 1, ve));
      p = ve + 1;
    }
    if (stack.length) stack[stack.length - 1]!.children.push(el);
    else root = el;
    if (!selfClosing) stack.push(el);
    pos = p;
  }
  if (stack.length) fail(n, `truncated XML: the input ends inside <${stack[stack.length - 1]!.name}> (${stack.length} elements still open)`, truncated);
  if (!root) return fail(n, 'truncated XML: no root element', truncated);
  return root;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
