import { generationOf } from '../model/node.js';
import type { Action, Node, Root, Snapshot } from '../model/schema.js';
import { makeSnapshot } from '../model/serialize.js';
import { androidClassInfo } from './android-roles.js';
import { ownString } from './own-string.js';
import { XmlScanner, type XmlWording } from './xml-scan.js';
import { readBoundsValue } from './bounds-text.js';
import { decodeInput } from './guard.js';
import { checkTextInput, lineColumnAt } from './limits.js';
import { withoutSecret } from './secret.js';
import { sourceLabel } from './source-label.js';
import type { ImportOptions } from './types.js';
import { checkDensity, withDensity } from './density.js';
import { warning, type Warning } from '../model/warnings.js';
import { LABEL_FOR, linkLabelFor } from './android-label-for.js';
import { frozenSubsets } from './frozen-subsets.js';

/*
 * uiautomator / Appium page-source XML → Snapshot.
 *
 * `<hierarchy rotation="…">` holds one element per window, bottom window first; each becomes a
 * Root. Plain dumps name every element `<node class="…">`, Appium names it after the class.
 *
 * Lexed by xml-scan.ts; this reader checks the structure (one <hierarchy>, balanced and matching tags,
 * no duplicate attributes) and builds the nodes as the tags are read, naming the line and column of
 * whatever it refuses.
 */

const WHAT = 'a uiautomator / Appium page-source XML dump (<hierarchy>…</hierarchy>)';
const TRUNCATED = 'The dump was cut off: capture it again and keep the whole output.';
const HINT = 'Capture it with `adb exec-out uiautomator dump /dev/tty` or Appium getPageSource and pass the XML unchanged.';

// Attribute codes; one bit each in a seen-mask to catch duplicates.
const A_OTHER = 0, A_INDEX = 1, A_TEXT = 2, A_RESOURCE_ID = 3, A_CLASS = 4, A_PACKAGE = 5, A_CONTENT_DESC = 6,
  A_CHECKABLE = 7, A_CHECKED = 8, A_CLICKABLE = 9, A_ENABLED = 10, A_FOCUSABLE = 11, A_FOCUSED = 12,
  A_SCROLLABLE = 13, A_LONG_CLICKABLE = 14, A_PASSWORD = 15, A_SELECTED = 16, A_BOUNDS = 17,
  A_VISIBLE_TO_USER = 18, A_DISPLAYED = 19, A_HINT = 20, A_DRAWING_ORDER = 21, A_HEADING = 22,
  A_SHOWING_HINT = 23, A_DISPLAY_ID = 24;


/** Imports a uiautomator dump or Appium page source. Every window becomes a Root, bottom first. */
export function importUiautomator(input: string | Uint8Array, opts: ImportOptions = {}): Snapshot {
  const text = typeof input === 'string' ? input : decodeInput(input, opts, WHAT);
  checkTextInput(text, opts, WHAT, HINT);
  return importCheckedUiautomator(text, opts);
}

/** importUiautomator for text importTree has already checked (guardText): the checks scan the whole text, so once. */
export function importCheckedUiautomator(text: string, opts: ImportOptions = {}): Snapshot {
  const dump = new DumpParser(text, opts.where).parse();
  const roots = windowRoots(dump);
  if (text.includes(` ${LABEL_FOR}=`)) linkLabelFor(roots);
  const warnings: Warning[] = [warning('unknown-density', { capture: 'uiautomator' })];
  if (dump.rotation !== null && dump.rotation !== 0) warnings.push(warning('display-rotated', { rotation: dump.rotation }));
  if (roots.length === 0) warnings.push(warning('no-window', {}));
  const snapshot = makeSnapshot({
    source: sourceLabel(opts.where, 'uiautomator', dump.appium ? 'appium' : null),
    roots,
    warnings,
    capturedAt: opts.capturedAt,
    // The dump text is the content: hashing it is equivalent to hashing the tree, and far cheaper.
    generation: generationOf(text),
  });
  // A density given by whoever captured the dump (`{ kind: 'file', path, density }`, --density).
  return opts.density === undefined ? snapshot : withDensity(snapshot, checkDensity(opts.density, opts.where));
}

interface Dump {
  windows: Node[];
  /** Elements named after their class (Appium page source) rather than <node>. */
  appium: boolean;
  rotation: number | null;
  /** Display size from Appium's <hierarchy width height>, when given. */
  width: number | null;
  height: number | null;
}

// Touch-modal rule. Android delivers a touch to the top window containing it; a dialog or popup
// window is additionally touch-modal (no FLAG_NOT_TOUCH_MODAL), taking touches outside itself too.
// A dump does not carry window flags, so: a window is touch-modal when it floats — its bounds span
// neither the display's full width nor its full height (a dialog, popup or menu inset from the
// edges) — and it is neither SystemUI (status / navigation bar) nor an input method (the keyboard
// passes touches outside itself through). The display is <hierarchy width height> when Appium gives
// it, else the extent of all windows. Full-width windows (app windows below a status bar, bottom
// keyboards, split-screen halves) are not modal. A lone floating window (uiautomator dumps only
// the focused window by default, e.g. a dialog) is modal too: it is a dialog whatever lies below.
const SYSTEM_UI = /(^|\.)systemui($|\.)/;
const INPUT_METHOD = /inputmethod|keyboard|honeyboard|swiftkey|(^|\.)input$|\.ime($|\.)/i;

function windowRoots(dump: Dump): Root[] {
  let screenW = dump.width ?? 0;
  let screenH = dump.height ?? 0;
  if (dump.width === null || dump.height === null) {
    for (const w of dump.windows) {
      if (dump.width === null) screenW = Math.max(screenW, w.bounds.x + w.bounds.width);
      if (dump.height === null) screenH = Math.max(screenH, w.bounds.y + w.bounds.height);
    }
  }
  return dump.windows.map((node, i): Root => {
    const b = node.bounds;
    const pkg = typeof node.platform.package === 'string' ? node.platform.package : null;
    const fullWidth = b.x <= 0 && b.x + b.width >= screenW;
    const fullHeight = b.y <= 0 && b.y + b.height >= screenH;
    const system = pkg !== null && (SYSTEM_UI.test(pkg) || INPUT_METHOD.test(pkg));
    if (dump.rotation !== null) node.platform.rotation = dump.rotation;
    if (dump.width !== null) node.platform.displayWidth = dump.width;
    if (dump.height !== null) node.platform.displayHeight = dump.height;
    return {
      rootId: `window-${i}`,
      label: pkg ?? node.rawRole,
      unit: 'px',
      density: 1,
      windowOffset: { x: b.x, y: b.y },
      touchModal: !system && !fullWidth && !fullHeight && b.width > 0 && b.height > 0,
      node,
    };
  });
}

/** The actions a node's flags stand for, in a fixed order: one shared frozen list per combination. */
const ACTION_SETS = frozenSubsets<Action>(['Click', 'LongClick', 'ScrollBy', 'SetText']);

function actionsOf(click: boolean, longClick: boolean, scroll: boolean, edit: boolean): Action[] {
  return ACTION_SETS[(click ? 1 : 0) | (longClick ? 2 : 0) | (scroll ? 4 : 0) | (edit ? 8 : 0)]!;
}

const WORDING: XmlWording = {
  hint: HINT,
  truncated: TRUNCATED,
  document: 'a uiautomator dump',
  doctypeHint: 'Remove the DOCTYPE; uiautomator and Appium never write one.',
  notXmlHint: (first) => (first === '{' || first === '[' ? 'This looks like JSON: import it with the tree importer, not the uiautomator one.' : HINT),
};

class DumpParser extends XmlScanner {
  private nextId = 0;
  private lastPackage = '';
  // Bounds of the node being built (parseBounds writes here).
  private bx = 0; private by = 0; private bw = 0; private bh = 0;

  constructor(text: string, where: string | undefined) {
    super(text, where, WORDING);
  }

  parse(): Dump {
    const t = this.text;
    const n = t.length;
    let pos = this.skipMisc(t.charCodeAt(0) === 0xfeff ? 1 : 0, true);
    if (pos >= n) this.fail(pos, 'truncated XML: no root element', TRUNCATED);
    // Root element: must be <hierarchy>.
    const rootNameEnd = this.nameEnd(pos + 1);
    const rootName = t.slice(pos + 1, rootNameEnd);
    if (rootNameEnd >= n) this.truncatedTag(pos);
    if (rootName === '') this.fail(pos, `'<' is not followed by a tag name`);
    if (rootName !== 'hierarchy') {
      this.fail(pos, `the root element is <${rootName}>, not <hierarchy>: this is not a uiautomator / Appium dump`);
    }
    let end = this.readAttributes(rootNameEnd, pos);
    const dump: Dump = { windows: [], appium: false, rotation: null, width: null, height: null };
    for (let i = 0; i < this.attrs.count; i++) {
      const d = this.attrs.data, o = 4 * i;
      const name = t.slice(d[o]!, d[o + 1]!);
      if (name === 'rotation' || name === 'width' || name === 'height') {
        const v = this.intOrString(d[o + 2]!, d[o + 3]!);
        if (typeof v !== 'number') this.fail(d[o + 2]!, `<hierarchy ${name}="${t.slice(d[o + 2]!, d[o + 3]!)}"> is not an integer`);
        if (name === 'rotation') dump.rotation = v; else if (name === 'width') dump.width = v; else dump.height = v;
      }
    }
    if (end < 0) return this.finish(-end, dump); // <hierarchy/>: no windows

    // Open elements below <hierarchy>: the node, and where its tag name is (to match the end tag).
    const stack: Node[] = [];
    // Children of the open elements, collected here and copied into one array when their parent closes.
    const pending: Node[] = [];
    const firstChild: number[] = [];
    const nameAt: number[] = [];
    const nameLen: number[] = [];
    const tabParent: boolean[] = [];
    pos = end;
    for (;;) {
      const lt = t.indexOf('<', pos);
      if (lt === -1) {
        const top = stack.length - 1;
        this.fail(n, top >= 0
          ? `truncated XML: the input ends inside <${t.slice(nameAt[top]!, nameAt[top]! + nameLen[top]!)}> opened at line ${lineColumnAt(t, nameAt[top]!).line} (${top + 2} elements still open)`
          : 'truncated XML: the input ends before </hierarchy>', TRUNCATED);
      }
      const c = t.charCodeAt(lt + 1);
      if (c === 47 /* / */) {
        const ns = lt + 2;
        const ne = this.endTagName(lt);
        const depth = stack.length;
        if (depth === 0) {
          if (t.slice(ns, ne) !== 'hierarchy') this.fail(lt, `</${t.slice(ns, ne)}> does not close <hierarchy>`);
        } else {
          const os = nameAt[depth - 1]!, ol = nameLen[depth - 1]!;
          if (ne - ns !== ol || !sameChars(t, os, ns, ol)) {
            this.fail(lt, `</${t.slice(ns, ne)}> does not close <${t.slice(os, os + ol)}> (opened at line ${lineColumnAt(t, os).line})`);
          }
        }
        pos = this.endTagClose(ns, ne);
        if (depth === 0) return this.finish(pos, dump);
        const from = firstChild[depth - 1]!;
        if (pending.length > from) {
          stack[depth - 1]!.children = pending.slice(from);
          pending.length = from;
        }
        stack.length = depth - 1; firstChild.length = depth - 1; nameAt.length = depth - 1; nameLen.length = depth - 1; tabParent.length = depth - 1;
        continue;
      }
      if (c === 33 /* ! */ || c === 63 /* ? */) {
        pos = this.skipMarkup(lt, false);
        continue;
      }
      // Start tag of a node element.
      const ns = lt + 1;
      const ne = this.nameEnd(ns);
      if (ne >= n) this.truncatedTag(lt);
      end = this.readAttributes(ne, lt);
      const depth = stack.length;
      const node = this.buildNode(ns, ne, depth > 0 && tabParent[depth - 1]!);
      if (depth === 0) {
        dump.windows.push(node);
        if (!(ne - ns === 4 && t.startsWith('node', ns))) dump.appium = true;
      }
      else pending.push(node);
      if (end > 0) {
        stack.push(node); firstChild.push(pending.length); nameAt.push(ns); nameLen.push(ne - ns);
        tabParent.push(node.rawRole !== null && androidClassInfo(node.rawRole).tabContainer);
        pos = end;
      } else {
        pos = -end;
      }
    }
  }

  /** After </hierarchy>: only space, comments, PIs — and the "UI hierchary dumped to:" line `uiautomator dump /dev/tty` appends. */
  private finish(pos: number, dump: Dump): Dump {
    const t = this.text;
    pos = this.skipMisc(pos, false);
    if (pos < t.length && (t.length - pos > 1000 || !/^UI hier\w* dumped to:[^\n]*\s*$/.test(t.slice(pos)))) {
      this.fail(pos, 'unexpected content after </hierarchy>');
    }
    return dump;
  }

  /** Builds the node for the tag whose attributes are in this.attrs. */
  private buildNode(ns: number, ne: number, inTabWidget: boolean): Node {
    const t = this.text;
    const d = this.attrs.data;
    const count = this.attrs.count;
    let seen = 0;
    let text: string | null = null, resourceId: string | null = null, cls: string | null = null, pkg: string | null = null;
    let desc: string | null = null, hint: string | null = null;
    let checkable = false, checked = false, clickable = false, enabled = true, focusable = false, focused = false;
    let scrollable = false, longClickable = false, password = false, selected = false, visible = true, heading = false;
    let showingHint = false;
    let boundsAt = -1, boundsEnd = -1;
    let index: number | string | null = null, drawingOrder: number | string | null = null, displayId: number | string | null = null;
    let extras: Array<[string, string]> | null = null;
    let extraNames: Set<string> | null = null;
    for (let i = 0; i < count; i++) {
      const o = 4 * i;
      const as = d[o]!, ae = d[o + 1]!, vs = d[o + 2]!, ve = d[o + 3]!;
      const code = this.attrCode(as, ae - as);
      if (code !== A_OTHER) {
        const bit = 1 << code;
        if (seen & bit) this.fail(as, `duplicate attribute ${t.slice(as, ae)}`);
        seen |= bit;
      }
      switch (code) {
        case A_TEXT: if (ve > vs) text = this.value(vs, ve); break;
        case A_RESOURCE_ID: if (ve > vs) resourceId = this.value(vs, ve); break;
        case A_CLASS: if (ve > vs) cls = this.value(vs, ve); break;
        case A_PACKAGE: pkg = this.packageValue(vs, ve); break;
        case A_CONTENT_DESC: if (ve > vs) desc = this.value(vs, ve); break;
        case A_HINT: if (ve > vs) hint = this.value(vs, ve); break;
        case A_CHECKABLE: checkable = this.flag(vs, ve); break;
        case A_CHECKED: checked = this.flag(vs, ve); break;
        case A_CLICKABLE: clickable = this.flag(vs, ve); break;
        case A_ENABLED: enabled = this.flag(vs, ve); break;
        case A_FOCUSABLE: focusable = this.flag(vs, ve); break;
        case A_FOCUSED: focused = this.flag(vs, ve); break;
        case A_SCROLLABLE: scrollable = this.flag(vs, ve); break;
        case A_LONG_CLICKABLE: longClickable = this.flag(vs, ve); break;
        case A_PASSWORD: password = this.flag(vs, ve); break;
        case A_SELECTED: selected = this.flag(vs, ve); break;
        case A_VISIBLE_TO_USER: case A_DISPLAYED: visible = this.flag(vs, ve); break;
        case A_HEADING: heading = this.flag(vs, ve); break;
        case A_SHOWING_HINT: showingHint = this.flag(vs, ve); break;
        case A_BOUNDS: boundsAt = vs; boundsEnd = ve; break;
        case A_INDEX: index = this.intOrString(vs, ve); break;
        case A_DRAWING_ORDER: drawingOrder = this.intOrString(vs, ve); break;
        case A_DISPLAY_ID: displayId = this.intOrString(vs, ve); break;
        default: {
          const name = ownString(t.slice(as, ae));
          if (extras === null) extras = [];
          // A set once the list is long: 100,000 distinct unknown attributes on one node stay linear.
          else if (extras.length < 16 ? extras.some(([k]) => k === name) : (extraNames ??= new Set(extras.map(([k]) => k))).has(name)) this.fail(as, `duplicate attribute ${name}`);
          extras.push([name, this.value(vs, ve)]);
          extraNames?.add(name);
        }
      }
    }
    // Appium names the element after the class; a plain dump's <node> carries it in class="…".
    if (cls === null && !(ne - ns === 4 && t.startsWith('node', ns))) cls = ownString(t.slice(ns, ne));
    const info = cls === null ? null : androidClassInfo(cls);
    if (boundsAt >= 0) this.parseBounds(boundsAt, boundsEnd, cls, resourceId, text ?? desc);
    else { this.bx = 0; this.by = 0; this.bw = 0; this.bh = 0; }

    const editable = info !== null && info.editable;
    let editableText: string | null = null;
    if (editable || password) {
      // A text field's text is its content (a password's too, whatever its class): editableText,
      // which withoutSecret below drops for a password. An empty field shows its hint as its
      // text; that is not content.
      if (showingHint || (text !== null && text === hint)) {
        if (hint === null) hint = text;
      } else editableText = text;
      text = null;
    }

    const actions = actionsOf(clickable, longClickable, scrollable, editable);

    const platform: Record<string, unknown> = {};
    if (resourceId !== null) platform.resourceId = resourceId;
    if (pkg !== null) platform.package = pkg;
    if (index !== null) platform.index = index;
    if (drawingOrder !== null) platform.drawingOrder = drawingOrder;
    if (displayId !== null) platform.displayId = displayId;
    // Attributes the model has no field for, verbatim (fromEntries: an attribute named __proto__ stays data).
    if (extras !== null) platform.attributes = Object.fromEntries(extras);

    // Every field spelled out, so the type checker asks for a field added to the model here too; a
    // dump can hold many thousands of nodes, and makeNode would build each one twice.
    return withoutSecret<Node>({
      id: String(this.nextId++),
      kind: 'view',
      role: inTabWidget ? 'Tab' : info === null ? null : info.role,
      rawRole: info === null ? null : info.className,
      tag: resourceId === null ? null : entryName(resourceId),
      text,
      editableText,
      contentDescription: desc,
      stateDescription: null,
      value: null,
      hint,
      toggle: checkable ? (checked ? 'on' : 'off') : null,
      enabled, clickable, longClickable, focusable, focused, selected, editable, scrollable, visible, password, heading,
      actions,
      bounds: { x: this.bx, y: this.by, width: this.bw, height: this.bh },
      layoutBounds: null,
      designToken: null,
      platform,
      children: [],
    });
  }

  private attrCode(s: number, len: number): number {
    const t = this.text;
    switch (len) {
      case 4: return t.startsWith('text', s) ? A_TEXT : t.startsWith('hint', s) ? A_HINT : A_OTHER;
      case 5: return t.startsWith('class', s) ? A_CLASS : t.startsWith('index', s) ? A_INDEX : A_OTHER;
      case 6: return t.startsWith('bounds', s) ? A_BOUNDS : A_OTHER;
      case 7:
        switch (t.charCodeAt(s)) {
          case 112: return t.startsWith('package', s) ? A_PACKAGE : A_OTHER;
          case 99: return t.startsWith('checked', s) ? A_CHECKED : A_OTHER;
          case 101: return t.startsWith('enabled', s) ? A_ENABLED : A_OTHER;
          case 102: return t.startsWith('focused', s) ? A_FOCUSED : A_OTHER;
          case 104: return t.startsWith('heading', s) ? A_HEADING : A_OTHER;
        }
        return A_OTHER;
      case 8: return t.startsWith('password', s) ? A_PASSWORD : t.startsWith('selected', s) ? A_SELECTED : A_OTHER;
      case 9:
        switch (t.charCodeAt(s + 1)) {
          case 104: return t.startsWith('checkable', s) ? A_CHECKABLE : A_OTHER;
          case 108: return t.startsWith('clickable', s) ? A_CLICKABLE : A_OTHER;
          case 111: return t.startsWith('focusable', s) ? A_FOCUSABLE : A_OTHER;
          case 105: return t.startsWith('displayed', s) ? A_DISPLAYED : A_OTHER;
        }
        return A_OTHER;
      case 10: return t.startsWith('scrollable', s) ? A_SCROLLABLE : t.startsWith('display-id', s) ? A_DISPLAY_ID : A_OTHER;
      case 11: return t.startsWith('resource-id', s) ? A_RESOURCE_ID : A_OTHER;
      case 12: return t.startsWith('content-desc', s) ? A_CONTENT_DESC : t.startsWith('showing-hint', s) ? A_SHOWING_HINT : A_OTHER;
      case 13: return t.startsWith('drawing-order', s) ? A_DRAWING_ORDER : A_OTHER;
      case 14: return t.startsWith('long-clickable', s) ? A_LONG_CLICKABLE : A_OTHER;
      case 15: return t.startsWith('visible-to-user', s) ? A_VISIBLE_TO_USER : A_OTHER;
    }
    return A_OTHER;
  }

  /** Every node of a window repeats its package: share one string instead of slicing each time. */
  private packageValue(vs: number, ve: number): string | null {
    if (ve === vs) return null;
    const last = this.lastPackage;
    // Raw text equal to the last value reads as it only when neither needed decoding.
    if (ve - vs === last.length && this.text.startsWith(last, vs) && this.plain(vs, ve)) return last;
    return (this.lastPackage = this.value(vs, ve));
  }

  /**
   * A boolean attribute: "true" as XML reads it (`&#116;rue` too) is true, anything else false, like
   * Boolean.parseBoolean. The literal spellings are answered without decoding.
   */
  private flag(vs: number, ve: number): boolean {
    const t = this.text;
    const len = ve - vs;
    if (len === 4 && t.charCodeAt(vs) === 116 && t.startsWith('true', vs)) return true;
    if (len === 5 && t.charCodeAt(vs) === 102 && t.startsWith('false', vs)) return false;
    return !this.plain(vs, ve) && this.decoded(vs, ve) === 'true';
  }

  /** A number when the value (as XML reads it) is a decimal integer, else the value. */
  private intOrString(vs: number, ve: number): number | string {
    const n = this.intValue(vs, ve);
    if (n !== null) return n;
    const v = this.value(vs, ve);
    return INT.test(v) ? Number(v) : v;
  }

  /** Decimal integer value, or null when the value is not one. */
  private intValue(vs: number, ve: number): number | null {
    const t = this.text;
    let i = vs;
    const neg = t.charCodeAt(i) === 45;
    if (neg) i++;
    if (i >= ve || ve - i > 15) return null;
    let v = 0;
    for (; i < ve; i++) {
      const c = t.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return null;
      v = v * 10 + c;
    }
    return neg ? -v : v;
  }

  /** "[x1,y1][x2,y2]" (as XML reads the value) → this.bx/by/bw/bh; anything else names the node and its line. */
  private parseBounds(vs: number, ve: number, cls: string | null, resourceId: string | null, label: string | null): void {
    const nums = [0, 0, 0, 0];
    let ok: boolean;
    if (this.plain(vs, ve)) ok = readBoundsValue(this.text, vs, ve, nums);
    else {
      const v = this.decoded(vs, ve);
      ok = readBoundsValue(v, 0, v.length, nums);
    }
    const [x1, y1, x2, y2] = nums as [number, number, number, number];
    if (!ok) {
      this.fail(vs, `bounds="${this.text.slice(vs, ve)}" of ${describeNode(cls, resourceId, label)} is not "[x1,y1][x2,y2]"`);
    }
    if (x2 < x1 || y2 < y1) {
      this.fail(vs, `bounds="${this.text.slice(vs, ve)}" of ${describeNode(cls, resourceId, label)} end before they start (x2 < x1 or y2 < y1)`);
    }
    this.bx = x1; this.by = y1; this.bw = x2 - x1; this.bh = y2 - y1;
  }
}

const INT = /^-?\d{1,15}$/;

function sameChars(t: string, a: number, b: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (t.charCodeAt(a + i) !== t.charCodeAt(b + i)) return false;
  return true;
}

/** A resource-id's entry name ("pkg:id/send" → "send"); an id without ":id/" (Compose testTagsAsResourceId) is the tag as is. */
function entryName(resourceId: string): string {
  const i = resourceId.indexOf(':id/');
  return i === -1 ? resourceId : resourceId.slice(i + 4);
}

function describeNode(cls: string | null, resourceId: string | null, label: string | null): string {
  const parts = [cls ?? 'node'];
  if (resourceId !== null) parts.push(`resource-id="${resourceId}"`);
  else if (label !== null) parts.push(`"${label.length > 40 ? label.slice(0, 40) + '…' : label}"`);
  return `<${parts.join(' ')}>`;
}
