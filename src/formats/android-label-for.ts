/**
 * Android's `android:labelFor` (View.setLabelFor, AccessibilityNodeInfo.getLabelFor / getLabeledBy):
 * a view that names another one for accessibility, as a TextView names the field beside it. Neither
 * `uiautomator dump` nor Appium's page source writes the relation today; a dump that carries it as the
 * label's `labelFor` attribute, its value the labelled view's id (the full resource-id
 * `pkg:id/name`, or its entry name `name`, as `@id/name` or `@+id/name` in a layout), gets it
 * linked here: the labelled node's `platform.labeledBy` holds the label's node id and text, which
 * getByLabel reads (query/get-by.ts). A value that names no view, or several, in the label's window
 * links nothing: nothing is guessed.
 */
import type { Node, Root } from '../model/schema.js';
import { walkNode } from '../model/node.js';

/** The attribute, as the View attribute is spelt. */
export const LABEL_FOR = 'labelFor';

/** `pkg:id/name`, `@+id/name`, `@id/name`, `name` → `name`. */
function entryOf(id: string): string {
  const i = id.indexOf('id/');
  return i === -1 ? id : id.slice(i + 3);
}

/** Links every `labelFor` in each window to the one view it names there. */
export function linkLabelFor(roots: readonly Root[]): void {
  for (const root of roots) {
    const byId = new Map<string, Node[]>();
    const labels: Node[] = [];
    walkNode(root.node, (n) => {
      const rid = n.platform.resourceId;
      if (typeof rid === 'string' && rid !== '') for (const key of new Set([rid, entryOf(rid)])) byId.set(key, [...(byId.get(key) ?? []), n]);
      const attrs = n.platform.attributes as Record<string, unknown> | undefined;
      if (attrs && typeof attrs[LABEL_FOR] === 'string') labels.push(n);
    });
    for (const label of labels) {
      const value = (label.platform.attributes as Record<string, string>)[LABEL_FOR]!.trim();
      const text = label.contentDescription || label.text;
      const targets = byId.get(value) ?? byId.get(entryOf(value)) ?? [];
      if (!text || targets.length !== 1 || targets[0] === label) continue;
      targets[0]!.platform.labeledBy = { id: label.id, text };
    }
  }
}
