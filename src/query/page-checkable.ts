import type { GetByKind, RoleStep, Selector, Step } from './selector.js';

/** A getByLabel step. */
export type LabelStep = Extract<Step, { kind: GetByKind }> & { kind: 'label' };

/**
 * A locator a page can check for itself, beside an earlier capture (the web device's `stillResolves`):
 * one byRole / getByRole step whose options say only the role and the name (`name`, `exact`; `merged`,
 * and `includeHidden` left false, change nothing there), one getByTestId step, or one getByLabel step.
 * Null for anything else: other steps, filters, states (checked, level …), hidden nodes.
 */
export function pageCheckable(selector: Selector): RoleStep | Extract<Step, { kind: 'testId' }> | LabelStep | null {
  if (selector.length !== 1) return null;
  const step = selector[0]!;
  if (step.kind === 'testId') return step;
  if (step.kind === 'label') return step as LabelStep;
  if (step.kind !== 'role') return null;
  for (const [key, value] of Object.entries(step.options)) {
    if (value === undefined || key === 'name' || key === 'exact' || key === 'merged' || (key === 'includeHidden' && value === false)) continue;
    return null;
  }
  return step;
}
