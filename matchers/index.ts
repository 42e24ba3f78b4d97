/**
 * treewright's matchers as plain functions, for `expect.extend` in Playwright (done for you by
 * `import { expect } from 'treewright'`) or in Jest / the `expect` package.
 */
import { toPassA11y } from './a11y.js';
import { toHaveCount } from './count.js';
import { toMatchGoldenTree } from './golden-tree.js';
import { toMatchScreenshot } from './screenshot.js';
import { toHaveNoTokenDrift } from './drift.js';
import { toMatchOutline } from './outline.js';
import { toMatchAriaSnapshot } from './aria-snapshot.js';
import { toBeHittable, toBeOperable } from './reachability.js';
import { toBeAttached, toBeChecked, toBeDisabled, toBeEditable, toBeEmpty, toBeEnabled, toBeFocused, toBeSelected } from './state.js';
import { toContainText, toHaveAccessibleDescription, toHaveAccessibleName, toHaveAttribute, toHaveId, toHaveRole, toHaveText, toHaveValue } from './text.js';
import { toBeHidden, toBeInViewport, toBeVisible } from './visibility.js';
import { toHaveValues } from './values.js';

export const matchers = {
  toBeVisible,
  toBeHidden,
  toBeInViewport,
  toBeAttached,
  toHaveText,
  toContainText,
  toHaveValue,
  toHaveValues,
  toHaveAccessibleName,
  toHaveAccessibleDescription,
  toBeFocused,
  toBeSelected,
  toHaveCount,
  toBeEnabled,
  toBeDisabled,
  toBeChecked,
  toBeEditable,
  toBeEmpty,
  toHaveRole,
  toHaveAttribute,
  toHaveId,
  toBeOperable,
  toBeHittable,
  toHaveNoTokenDrift,
  toPassA11y,
  toMatchOutline,
  toMatchAriaSnapshot,
  toMatchGoldenTree,
  toMatchScreenshot,
};

export { toBeVisible, toBeHidden, toBeInViewport, toBeAttached, toHaveText, toContainText, toHaveValue, toHaveAccessibleName, toHaveAccessibleDescription, toHaveCount, toBeEnabled, toBeDisabled, toBeChecked, toBeFocused, toBeSelected, toBeOperable, toBeHittable };
export { toBeEditable, toBeEmpty, toHaveRole, toHaveAttribute, toHaveId, toHaveValues };
export { toPassA11y, type A11yMatcherOptions } from './a11y.js';
export { toHaveNoTokenDrift, type TokenDriftOptions } from './drift.js';
export { loadCatalog } from '../src/files/catalog-file.js';
export { toMatchOutline } from './outline.js';
export { toMatchAriaSnapshot, type AriaSnapshotFile } from './aria-snapshot.js';
export { toMatchGoldenTree, type GoldenTreeOptions } from './golden-tree.js';
export { toMatchScreenshot, type ScreenshotOptions } from './screenshot.js';
export type { MatcherOptions, MatcherThis, Target } from './context.js';
export type { TextOptions } from './text.js';
export type { CheckedOptions, SelectedOptions, AttachedOptions, EditableOptions } from './state.js';
export type { ViewportOptions } from './visibility.js';
export { poll, POLL_INTERVALS, DEFAULT_EXPECT_TIMEOUT } from './retry.js';
