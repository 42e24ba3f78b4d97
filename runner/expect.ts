import { expect as base } from '@playwright/test';
import { matchers } from '../matchers/index.js';

/** Playwright's expect with treewright's retrying matchers. */
export const expect = base.extend(matchers);
