// One real Appium server (with the fake driver) per worker, shared by the Appium test files it runs.
// Built on treewright's own `test`, so a file can also use the `device` fixture against it.
import { test as base } from '../../runner/fixtures.js';
import { startAppium, type AppiumServer } from '../helpers/appium-server.js';

export const test = base.extend<object, { appium: AppiumServer }>({
  appium: [async ({}, use) => {
    const server = await startAppium();
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  }, { scope: 'worker', timeout: 90_000 }],
});
export { expect } from '@playwright/test';
