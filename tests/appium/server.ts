// One real Appium server (with the fake driver) per worker, shared by the Appium test files it runs.
import { test as base } from '@playwright/test';
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
