import type { Node } from '../src/model/schema.js';
import { Device } from '../src/devices/device.js';
import { isLocator } from '../src/query/locator.js';
import { runMatcher, single, type MatcherOptions, type MatcherThis, type Target } from './context.js';
import { NOT_FOUND } from './visibility.js';
import { indexSnapshot } from '../src/query/snapshot-index.js';

/** A matcher about one boolean state of one node. */
function stateMatcher(name: string, expected: string, opposite: string, test: (n: Node) => boolean) {
  return function (this: MatcherThis, target: Target, options?: MatcherOptions) {
    return runMatcher(this, target, options, {
      name,
      expected,
      check: (r) => {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        const pass = test(n);
        return { pass, received: pass ? expected : opposite };
      },
    });
  };
}

export const toBeEnabled = stateMatcher('toBeEnabled', 'enabled', 'disabled', (n) => n.enabled);
/** It holds input focus (the platform's focused flag). */
export const toBeFocused = stateMatcher('toBeFocused', 'focused', 'not focused', (n) => n.focused);

export interface SelectedOptions extends MatcherOptions {
  /** Expect not selected with `selected: false`. */
  selected?: boolean;
}

/** It is selected (a tab, a list row, a chip): the platform's selected flag. */
export function toBeSelected(this: MatcherThis, target: Target, options?: SelectedOptions) {
  const want = options?.selected ?? true;
  return runMatcher(this, target, options, {
    name: 'toBeSelected',
    expected: want ? 'selected' : 'not selected',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      return { pass: n.selected === want, received: n.selected ? 'selected' : 'not selected' };
    },
  });
}

export interface AttachedOptions extends MatcherOptions {
  /** Expect detached with `attached: false`. */
  attached?: boolean;
}

/** The locator resolves to one node on the screen, shown or not (Playwright's toBeAttached). */
export function toBeAttached(this: MatcherThis, target: Target, options?: AttachedOptions) {
  const want = options?.attached ?? true;
  return runMatcher(this, target, options, {
    name: 'toBeAttached',
    expected: want ? 'attached' : 'detached',
    check: (r) => {
      const n = single(target, r);
      return { pass: !!n === want, received: n ? 'attached' : 'detached' };
    },
  });
}
export const toBeDisabled = stateMatcher('toBeDisabled', 'disabled', 'enabled', (n) => !n.enabled);

export interface CheckedOptions extends MatcherOptions {
  /** Expect unchecked with `checked: false` (Playwright's form). */
  checked?: boolean;
}

/** Why a node has no toggle state, naming the driver when its protocol carries none. */
function noToggle(target: Target, n: Node): string[] {
  const driver = isLocator(target) && target.host instanceof Device ? target.host.driver : null;
  const role = n.role ?? n.rawRole ?? 'node';
  if (driver?.kind === 'live') return [`${driver.description}: the cmp-inspector live tree carries no toggle state, so this ${role}'s on/off cannot be read over it (the reference app's in-process, moui and jetwhale protocols carry it; so does adb's uiautomator dump).`];
  return [`The ${role} reports no toggle state in ${driver ? driver.description : 'this capture'}: it is not a switch, checkbox or radio button there.`];
}

export function toBeChecked(this: MatcherThis, target: Target, options?: CheckedOptions) {
  const want = options?.checked ?? true;
  const label = (t: string | null) => (t === 'on' ? 'checked' : t === 'indeterminate' ? 'indeterminate' : t === 'off' ? 'unchecked' : 'no toggle state');
  return runMatcher(this, target, options, {
    name: 'toBeChecked',
    expected: want ? 'checked' : 'unchecked',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      return { pass: want ? n.toggle === 'on' : n.toggle === 'off', received: label(n.toggle), ...(n.toggle === null ? { details: noToggle(target, n) } : {}) };
    },
  });
}

export interface EditableOptions extends MatcherOptions {
  /** Expect read-only with `editable: false` (Playwright's form). */
  editable?: boolean;
}

/** Playwright's toBeEditable: a text field that is enabled (a person can type into it). */
export function toBeEditable(this: MatcherThis, target: Target, options?: EditableOptions) {
  const want = options?.editable ?? true;
  return runMatcher(this, target, options, {
    name: 'toBeEditable',
    expected: want ? 'editable' : 'readonly',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const editable = isEditableNode(n);
      return { pass: editable === want, received: editable ? 'editable' : !n.editable ? 'readonly (not a text field)' : n.enabled ? 'readonly' : 'readonly (disabled)' };
    },
  });
}

/** A text field a person can type into now: editable (or offering SetText), enabled and not read-only (a web field's readonly). */
export function isEditableNode(n: Node): boolean {
  return (n.editable || n.actions.includes('SetText')) && n.enabled && n.platform.readOnly !== true;
}

/** Playwright's toBeEmpty: a field holds no text; any other node has no text content. */
export function toBeEmpty(this: MatcherThis, target: Target, options?: MatcherOptions) {
  return runMatcher(this, target, options, {
    name: 'toBeEmpty',
    expected: 'empty',
    check: (r) => {
      const n = single(target, r);
      if (!n) return { pass: false, received: NOT_FOUND };
      const text = n.editable || n.actions.includes('SetText') ? n.editableText ?? '' : indexSnapshot(r.snapshot).textContent(n);
      return { pass: text.trim() === '', received: text.trim() === '' ? 'empty' : JSON.stringify(text) };
    },
  });
}
