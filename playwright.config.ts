import { defineConfig } from '@playwright/test';

export default defineConfig({
  // Examples' golden baselines live under golden/, keyed by spec file and name.
  snapshotPathTemplate: 'golden/{testFilePath}/{arg}{ext}',
  reporter: process.env.CI ? [['line']] : [['list']],
  workers: process.env.CI ? 2 : undefined,
  projects: [
    { name: 'unit', testDir: 'tests', timeout: 60_000 },
    { name: 'examples', testDir: 'examples', timeout: 60_000 },
  ],
});
