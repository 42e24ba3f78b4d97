/**
 * What Playwright's getBy* locators read on a semantics node, per platform (docs/design.md §6). One
 * reader per locator, so the README's table, the resolve step and the queries read the same field.
 *
 * | locator          | web (Chromium)                               | Compose                        | Android (View)                    | iOS / macOS                  |
 * |------------------|----------------------------------------------|--------------------------------|-----------------------------------|------------------------------|
 * | getByLabel       | accessible name from a <label>, aria-label(ledby) | contentDescription; a field's merged label | content-desc; the labelFor view's text; a field's hint | label (not a text element's) |
 * | getByPlaceholder | placeholder attribute                        | (hint where the capture has one) | hint                            | placeholderValue             |
 * | getByAltText     | an image's accessible name (alt)             | an Image's contentDescription  | an ImageView's content-desc       | an Image's label             |
 * | getByTitle       | title attribute                              | —                              | —                                 | title (macOS)                |
 * | getByTestId      | data-testid (testIdAttribute)                | testTag                        | resource-id (entry name)          | accessibilityIdentifier      |
 */
import type { Node } from '../model/schema.js';

/** How a web node's accessible name came about, as Chromium reports it: the sources a label names it by. */
const WEB_LABEL_SOURCES = new Set(['relatedElement', 'attribute']);

/**
 * The label a node is named by (getByLabel). On the web, its accessible name when that comes from a
 * <label> or aria-label / aria-labelledby (not from its content or placeholder). Elsewhere its
 * description (content-desc, iOS label, Compose contentDescription), else for a text field the label
 * a merged tree folds into it (Compose's `label = { Text(…) }` is the field's text; its content is
 * editable text), else on Android the hint, which is what TalkBack reads for an empty field.
 */
export function labelOf(n: Node): string | null {
  return labelsOf(n)[0] ?? null;
}

/**
 * Every label a node is named by, its own first (what labelOf answers), then on Android the text of
 * the view whose `labelFor` names it (formats/android-label-for.ts): getByLabel matches any of them,
 * so a field labelled both ways is found by either.
 */
export function labelsOf(n: Node): string[] {
  if (n.kind === 'web') {
    const label = webLabel(n.platform.nameFrom, n.contentDescription);
    return label ? [label] : [];
  }
  const own = n.contentDescription || (n.editable ? n.text ?? (n.kind === 'view' ? n.hint : null) : null);
  const by = labeledByOf(n);
  return [...(own ? [own] : []), ...(by !== null && by !== own ? [by] : [])];
}

/** A web node's label: its accessible name when that came from a label source (`nameFrom`, Chromium's first name source with a value); null else. */
export function webLabel(nameFrom: unknown, name: string | null): string | null {
  return name && WEB_LABEL_SOURCES.has(String(nameFrom)) ? name : null;
}

/** The text of the view that labels this one through Android's labelFor, when the capture says so. */
export function labeledByOf(n: Node): string | null {
  const by = n.platform.labeledBy as { text?: unknown } | undefined;
  return typeof by?.text === 'string' ? by.text : null;
}

/** The placeholder of a text field (getByPlaceholder): the web's placeholder, Android's hint, iOS's placeholderValue. */
export function placeholderOf(n: Node): string | null {
  return n.hint;
}

/** An image's alternative text (getByAltText): an image's accessible name or description. */
export function altTextOf(n: Node): string | null {
  return n.role === 'Image' ? n.contentDescription : null;
}

/** A title (getByTitle): the web's title attribute, a macOS element's title. */
export function titleOf(n: Node): string | null {
  const t = n.platform.title;
  return typeof t === 'string' ? t : null;
}

/** The test id (getByTestId): testTag, resource-id, accessibilityIdentifier, the web's test-id attribute. */
export function testIdOf(n: Node): string | null {
  return n.tag;
}

/**
 * A node's attribute as its platform names it (toHaveAttribute, getAttribute): uiautomator's
 * `resource-id`, `class`, `package`, `content-desc`; XCUITest's `type` (XCUIElementType…), `name`,
 * `label`; the web's `placeholder`, `title`, `type`, `href`, `id`, the test-id attribute; else a node
 * field or platform extra by its own name (`hint`, `resourceId`), else an extra attribute a dump
 * carries (uiautomator's unknown attributes). null when the node has none.
 */
export function platformAttribute(n: Node, name: string): string | null {
  const extra = (key: string): string | null => {
    const v = n.platform[key];
    return v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  switch (name) {
    case 'resource-id': return extra('resourceId');
    case 'class': return n.kind === 'web' ? null : n.rawRole;
    case 'content-desc': return n.contentDescription;
    case 'label': return n.contentDescription ?? n.text;
    case 'name': return n.kind === 'apple' ? n.tag : null;
    case 'type': return n.kind === 'web' ? extra('inputType') : n.kind === 'apple' ? extra('type') : null;
    case 'placeholder': case 'placeholderValue': return n.hint;
    case 'href': return extra('url');
    case 'id': return n.kind === 'web' ? extra('domId') : null;
    case 'alt': return altTextOf(n);
    case 'data-testid': return n.kind === 'web' ? n.tag : null;
    default: break;
  }
  const fields = n as unknown as Record<string, unknown>;
  if (name !== 'children' && name !== 'platform' && Object.hasOwn(fields, name)) {
    const v = fields[name];
    return v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  const own = extra(name);
  if (own !== null) return own;
  const attrs = n.platform.attributes;
  if (typeof attrs === 'object' && attrs !== null && Object.hasOwn(attrs, name)) return String((attrs as Record<string, unknown>)[name]);
  return null;
}

/** Playwright's toHaveId: the web's id attribute; elsewhere the test handle (resource-id, accessibilityIdentifier, testTag). */
export function idOf(n: Node): string | null {
  if (n.kind === 'web') {
    const id = n.platform.domId;
    return typeof id === 'string' ? id : null;
  }
  return n.tag;
}
