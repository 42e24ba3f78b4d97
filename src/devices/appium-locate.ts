import type { Node, Snapshot } from '../model/schema.js';
import { parseSourceLabel } from '../formats/source-label.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import type { Using } from './webdriver.js';

/**
 * How to find a captured node's element on an Appium server again: the locators a WebDriver
 * `find elements` takes, best first. Pure: derived from the capture alone.
 *
 * - Android (UiAutomator2): the resource-id (strategy `id`) where it is unique in the capture, else
 *   the content-desc (`accessibility id`) where unique, else an xpath index path.
 * - iOS (XCUITest): the element's name (`accessibility id`, WDA matches the identifier) where unique,
 *   else an xpath index path.
 *
 * On Android the index path walks the page source's own element positions (`/hierarchy/*[1]/*[3]`)
 * and ends with predicates on the node's class and bounds; on iOS the path is the type and the frame.
 * Either matches nothing instead of a different element if the screen changed since the capture: the
 * caller re-resolves, never acts blindly.
 */
export interface ElementLocator {
  using: Using;
  value: string;
  /** What the locator is made of, for receipts and errors: `resource-id`, `accessibility id`, `index path`. */
  by: 'resource-id' | 'accessibility id' | 'index path';
}

export type PageSourcePlatform = 'android' | 'ios';

/** Which platform's page source a snapshot was imported from (by the importer it went through). */
export function pageSourcePlatform(snapshot: Snapshot): PageSourcePlatform | null {
  const format = parseSourceLabel(snapshot.source)?.format;
  if (format === 'uiautomator') return 'android';
  if (format !== undefined && /^(xcuitest|mac2|uia)$|ios|apple/.test(format)) return 'ios';
  return null;
}

export function elementLocators(snapshot: Snapshot, node: Node): ElementLocator[] {
  const platform = pageSourcePlatform(snapshot);
  const out: ElementLocator[] = [];
  if (platform === 'android') {
    const rid = str(node.platform.resourceId);
    if (rid && uniqueBy(snapshot, (n) => str(n.platform.resourceId) === rid)) out.push({ using: 'id', value: rid, by: 'resource-id' });
    const desc = node.contentDescription;
    if (desc && uniqueBy(snapshot, (n) => n.contentDescription === desc)) out.push({ using: 'accessibility id', value: desc, by: 'accessibility id' });
  } else if (platform === 'ios') {
    const name = iosName(node);
    if (name && uniqueBy(snapshot, (n) => iosName(n) === name)) out.push({ using: 'accessibility id', value: name, by: 'accessibility id' });
  }
  const path = indexPath(snapshot, node, platform);
  if (path) out.push({ using: 'xpath', value: path, by: 'index path' });
  return out;
}

/** An iOS element's `name`, which XCUITest's `accessibility id` matches: its accessibilityIdentifier, else its label. */
function iosName(n: Node): string | null {
  return n.tag ?? n.contentDescription ?? n.text;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function uniqueBy(snapshot: Snapshot, match: (n: Node) => boolean): boolean {
  let count = 0;
  for (const n of indexSnapshot(snapshot).nodes) if (match(n) && ++count > 1) return false;
  return count === 1;
}

/**
 * The xpath of the node's element in the page source: 1-based element positions from the document
 * element down (`*` steps, so it holds whatever the elements are named), then the node's own class
 * and bounds as the source spells them. Null when the platform is unknown.
 */
export function indexPath(snapshot: Snapshot, node: Node, platform: PageSourcePlatform | null = pageSourcePlatform(snapshot)): string | null {
  if (platform === 'ios') return iosPath(node);
  if (platform !== 'android') return null;
  const idx = indexSnapshot(snapshot);
  const steps: number[] = [];
  let n: Node = node;
  for (let p = idx.parent.get(n); p; n = p, p = idx.parent.get(n)) steps.push(p.children.indexOf(n) + 1);
  const root = idx.root.get(n);
  if (!root) return null;
  steps.push(snapshot.roots.indexOf(root) + 1);
  steps.reverse();
  const b = node.bounds;
  const preds = [
    ...(node.rawRole ? [`@class=${xpathString(node.rawRole)}`] : []),
    `@bounds=${xpathString(`[${b.x},${b.y}][${b.x + b.width},${b.y + b.height}]`)}`,
  ];
  return `/hierarchy${steps.map((s) => `/*[${s}]`).join('')}[${preds.join(' and ')}]`;
}

/**
 * iOS: the importer lifts windows out of the application element (each is a root), so positions in
 * the tree are not the source's; the element is named by its type and its frame as the source spells
 * them (`//XCUIElementTypeButton[@x="16" and @y="40" and @width="343" and @height="44"]`), which is
 * as exact and equally empty once the screen changed.
 */
function iosPath(node: Node): string | null {
  const type = str(node.platform.type) ?? node.rawRole;
  if (!type || !/^[A-Za-z_][\w.-]*$/.test(type)) return null;
  const b = node.bounds;
  return `//${type}[@x=${xpathString(String(b.x))} and @y=${xpathString(String(b.y))} and @width=${xpathString(String(b.width))} and @height=${xpathString(String(b.height))}]`;
}

/** An XPath 1.0 string literal for any text (XPath has no escapes: quotes are joined with concat()). */
export function xpathString(s: string): string {
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return `concat(${s.split('"').map((part) => `"${part}"`).join(`, '"', `)})`;
}
