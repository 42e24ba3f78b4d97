import { expect as base } from '@playwright/test';
import { matchers } from '../matchers/index.js';
import { heldAttempts } from '../matchers/report-attach.js';
import { Device } from '../src/devices/device.js';
import { isLocator } from '../src/query/locator.js';
import { TargetError } from '../src/errors.js';

const extended = base.extend(matchers);
type Expect = typeof extended;

/** treewright owns its locators and devices; every other receiver is Playwright's. */
function ours(received: unknown): boolean {
  return isLocator(received) || received instanceof Device;
}

/**
 * Routes each `expect(x)` by its receiver: a treewright Locator or Device to treewright's matchers,
 * anything else (Playwright locators, pages, API responses, plain values) to Playwright's own expect,
 * untouched. `soft`, `configure` and `extend` keep routing; `poll` and the rest are Playwright's.
 */
function routed(ext: Expect, pw: typeof base): Expect {
  return new Proxy(ext, {
    apply(_target, _this, args: unknown[]) {
      if (typeof args[0] === 'function') return passing(pw, args);
      return ours(args[0]) ? guarded(Reflect.apply(ext, undefined, args) as object) : Reflect.apply(pw, undefined, args);
    },
    get(target, prop, receiver) {
      if (prop === 'soft') return (received: unknown, ...rest: unknown[]) => (ours(received) ? guarded(ext.soft(received as never, ...(rest as [])) as object) : pw.soft(received as never, ...(rest as [])));
      if (prop === 'configure') return (options: Parameters<Expect['configure']>[0]) => routed(ext.configure(options), pw.configure(options));
      if (prop === 'extend') return (more: Parameters<Expect['extend']>[0]) => routed(ext.extend(more) as unknown as Expect, pw.extend(more) as unknown as typeof base);
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * Playwright's matchers that treewright has no version of, with what to use instead: called on a
 * treewright locator or device they would fall through to Playwright's own and fail with its "can be
 * only used with Locator object" dump, so they fail with one line instead.
 */
const PLAYWRIGHT_ONLY: Readonly<Record<string, string>> = {
  toHaveClass: "treewright has no equivalent: semantics nodes carry no CSS classes (toHaveAttribute('class', …) reads an Android View's class name)",
  toContainClass: "treewright has no equivalent: semantics nodes carry no CSS classes (toHaveAttribute('class', …) reads an Android View's class name)",
  toHaveCSS: 'treewright has no equivalent: semantics trees carry no computed styles',
  toHaveJSProperty: "treewright has no equivalent: nodes have no JS properties; toHaveAttribute(name, value) reads the node's platform fields",
  toHaveScreenshot: "use treewright's toMatchScreenshot()",
  toHaveTitle: "a page matcher: use it on Playwright's page (expect(page).toHaveTitle(…))",
  toHaveURL: "a page matcher: use it on Playwright's page (expect(page).toHaveURL(…))",
  toBeOK: 'an API response matcher: it does not apply to a treewright locator or device',
};

/** The matchers object of a treewright receiver, with the Playwright-only matchers (and their `.not`) failing in one line. */
function guarded(m: object): object {
  return new Proxy(m, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop === 'not' || prop === 'resolves' || prop === 'rejects') return typeof value === 'object' && value !== null ? guarded(value) : value;
      if (typeof prop !== 'string' || !Object.hasOwn(PLAYWRIGHT_ONLY, prop) || Object.hasOwn(matchers, prop)) return value;
      return () => {
        throw new TargetError('invalid_arguments', `${prop}() is Playwright's matcher for its own locators, not for a treewright locator or device: ${PLAYWRIGHT_ONLY[prop]}`, { where: prop });
      };
    },
  });
}

/**
 * `expect(fn)`: Playwright's, except that `.toPass()` / `.not.toPass()` get the callback wrapped so that
 * each attempt's treewright failure reports are held and only the final attempt's are attached
 * (matchers/report-attach.ts heldAttempts). The matcher function handed back is Playwright's own,
 * called from the user's line, so the step's location stays the spec's.
 */
function passing(pw: typeof base, args: unknown[]): unknown {
  const [fn, ...rest] = args as [() => unknown, ...unknown[]];
  const plain = Reflect.apply(pw, undefined, args) as Record<PropertyKey, unknown> & { not: Record<PropertyKey, unknown> };
  const wrapped = () => Reflect.apply(pw, undefined, [heldAttempts(fn), ...rest]) as typeof plain;
  const not = new Proxy(plain.not, { get: (t, p, r) => (p === 'toPass' ? wrapped().not.toPass : Reflect.get(t, p, r)) });
  return new Proxy(plain, { get: (t, p, r) => (p === 'toPass' ? wrapped().toPass : p === 'not' ? not : Reflect.get(t, p, r)) });
}

/** Playwright's expect with treewright's retrying matchers; receivers treewright does not own go to Playwright's matchers. */
export const expect: Expect = routed(extended, base);
