/**
 * `treewright/matchers/expect`: the matchers for the `expect` package (and Jest), with their types.
 * Importing it adds treewright's matchers to `expect`'s Matchers interface, so
 * `await expect(device).toPassA11y()` type-checks after `expect.extend(matchers)`. A separate entry
 * from `treewright/matchers`, since a module augmentation of 'expect' does not compile in a project
 * that does not have the `expect` package (Playwright-only users).
 */
import type { expect } from 'expect';
import { matchers as all } from './index.js';

export * from './index.js';

/** The matchers, typed as `expect.extend` takes them (treewright's receivers are narrower than `unknown`). */
export const matchers: typeof all & Parameters<typeof expect.extend>[0] = all as typeof all & Parameters<typeof expect.extend>[0];

type Rest<F> = F extends (target: never, ...rest: infer A) => unknown ? A : never;

/** Each treewright matcher as a method of `expect(x)`: its arguments after the target; awaited. */
export type TreewrightMatchers<R> = { [K in keyof typeof all]: (...args: Rest<(typeof all)[K]>) => Promise<R> };

declare module 'expect' {
  // The type parameters must repeat expect's own declaration exactly (T unused here).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends TreewrightMatchers<R> {}
}
