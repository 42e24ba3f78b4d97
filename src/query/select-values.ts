/**
 * What Playwright's toHaveValues reads (docs/design.md §7): the values of a web `<select multiple>`'s
 * chosen options, in document order, as the DOM's `selectedOptions` lists them; and what its toHaveValue
 * reads of a single `<select>`, the DOM's `select.value`. The CDP importer keeps
 * each option's `option.value` (`platform.optionValue`) and the select's `multiple` attribute
 * (`platform.multiple`); Chromium's accessibility tree says which options are selected. No other
 * platform's capture holds a multi-choice control's values (its rows carry labels, not values).
 */
import type { Node } from '../model/schema.js';
import { walkNode } from '../model/node.js';

/** Playwright's own words when the element is not one. */
export const NOT_MULTI_SELECT = 'Not a select element with a multiple attribute';

export function selectedValues(node: Node): { values: string[] } | { error: string } {
  if (node.kind !== 'web' || node.platform.element !== 'select' || node.platform.multiple !== true) return { error: NOT_MULTI_SELECT };
  const values = chosenValues(node);
  return values ? { values } : { error: 'the capture does not carry its options\' values (recorded by an older treewright): capture the page again' };
}

/**
 * A web single `<select>`'s value as the DOM's `select.value` reads it: its first chosen option's value
 * (an option's `value`, else its text, as Chromium's DOM gives `option.value`); '' with none chosen.
 * Null for any other node, or a capture without the options' values.
 */
export function selectValue(node: Node): string | null {
  if (node.kind !== 'web' || node.platform.element !== 'select' || node.platform.multiple === true) return null;
  const values = chosenValues(node);
  return values === null ? null : values[0] ?? '';
}

/** The values of a select's chosen options, in document order; null when the capture lacks one of them. */
function chosenValues(select: Node): string[] | null {
  const values: string[] = [];
  let unknown = false;
  walkNode(select, (n) => {
    if (n === select || n.platform.element !== 'option' || !n.selected) return;
    const v = n.platform.optionValue;
    if (typeof v === 'string') values.push(v);
    else unknown = true;
  });
  return unknown ? null : values;
}
