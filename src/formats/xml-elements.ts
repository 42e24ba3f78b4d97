import { lineColumnAt } from './limits.js';
import { XmlScanner } from './xml-scan.js';

/** One element of a small XML document: its name, attributes (in order) and child elements. */
export interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  /** Offset of its '<' in the text (for error positions). */
  at: number;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

/**
 * The element tree of a small element-only XML document (page sources), for the iOS / macOS importers:
 * lexed by xml-scan.ts; this checks the structure (one root, balanced and matching tags, no duplicate
 * attributes), naming the line and column.
 */
export function readXmlElements(text: string, where: string | undefined, hint: string): XmlElement {
  const truncated = 'The page source was cut off: capture it again and keep the whole output.';
  const x = new XmlScanner(text, where, {
    hint, truncated, document: 'a page source',
    doctypeHint: 'Remove the DOCTYPE; Appium and WebDriverAgent never write one.',
    notXmlHint: () => hint,
  });
  const n = text.length;
  let pos = x.skipMisc(text.charCodeAt(0) === 0xfeff ? 1 : 0, true);
  if (pos >= n) x.fail(n, 'truncated XML: no root element', truncated);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  // pos is at a '<' inside the root element (or at the root's own).
  while (root === null || stack.length) {
    const c = text.charCodeAt(pos + 1);
    if (c === 47 /* / */) {
      const nameEnd = x.endTagName(pos);
      const name = text.slice(pos + 2, nameEnd);
      const open = stack.pop();
      if (!open) return x.fail(pos, `</${name}> closes nothing`);
      if (open.name !== name) x.fail(pos, `</${name}> does not close <${open.name}> (opened at line ${lineColumnAt(text, open.at).line})`);
      pos = x.endTagClose(pos + 2, nameEnd);
    } else if (c === 33 /* ! */ || c === 63 /* ? */) {
      pos = x.skipMarkup(pos, false);
    } else {
      const nameEnd = x.nameEnd(pos + 1);
      if (nameEnd >= n) x.truncatedTag(pos);
      const name = text.slice(pos + 1, nameEnd);
      if (!NAME.test(name)) x.fail(pos, `'<' is not followed by a tag name`);
      const end = x.readAttributes(nameEnd, pos);
      const el: XmlElement = { name, attrs: new Map(), children: [], at: pos };
      const d = x.attrs.data;
      for (let i = 0; i < x.attrs.count; i++) {
        const attr = text.slice(d[4 * i]!, d[4 * i + 1]!);
        if (el.attrs.has(attr)) x.fail(d[4 * i]!, `duplicate attribute ${attr} in <${name}>`);
        el.attrs.set(attr, x.value(d[4 * i + 2]!, d[4 * i + 3]!));
      }
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else root = el;
      if (end > 0) stack.push(el);
      pos = Math.abs(end);
    }
    if (!stack.length) break;
    const lt = text.indexOf('<', pos);
    if (lt === -1) x.fail(n, `truncated XML: the input ends inside <${stack[stack.length - 1]!.name}> (${stack.length} elements still open)`, truncated);
    pos = lt;
  }
  pos = x.skipMisc(pos, false);
  if (pos < n) {
    if (text.charCodeAt(pos) === 60) x.fail(pos, `a second root element <${text.slice(pos + 1, x.nameEnd(pos + 1))}>: a page source has one`);
    x.fail(pos, 'unexpected text after the root element');
  }
  return root!;
}
