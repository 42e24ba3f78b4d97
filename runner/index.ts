/** treewright: Playwright Test for UI semantics trees. */
export { test, type TreewrightFixtures, type TreewrightOptions } from './fixtures.js';
export { expect } from './expect.js';
export * from '../src/index.js';
