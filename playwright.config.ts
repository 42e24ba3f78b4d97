import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import type { TreewrightOptions } from './runner/fixtures.js';

const REPORTER = './dist/runner/reporter/index.js';

/** The examples that drive the reference app run again over each agent protocol it speaks. */
const overProtocols = ['moui', 'jetwhale'].map((protocol) => ({
  name: `examples-${protocol}`,
  testDir: 'examples',
  testMatch: 'reference-app.spec.ts',
  timeout: 60_000,
  use: { source: `reference:${protocol}` },
}));

/**
 * The longest test files, queued first in a project of their own: a long file that happens to start
 * late holds the run's end back while the other workers sit idle.
 */
const LONG = [
  'web/ground-truth.spec.ts',
  'web/inpage.spec.ts',
  'package/pack.spec.ts',
  'matchers/template-update.spec.ts',
  'web/device.spec.ts',
  'matchers/golden.spec.ts',
  'inspector/inspector.spec.ts',
];

export default defineConfig<TreewrightOptions>({
  // Examples' golden baselines live under golden/, keyed by spec file and name.
  snapshotPathTemplate: 'golden/{testFilePath}/{arg}{ext}',
  reporter: [
    process.env.CI ? ['line'] : ['list'],
    // treewright's own report of the examples (users name it 'treewright/reporter'; a package cannot
    // resolve itself by name from its own config, so this points at the build). `npm test` and
    // `npm run demo` build first.
    ...(existsSync(REPORTER) ? [[REPORTER, { outputFolder: 'treewright-report', open: 'never' }] as ReporterDescription] : []),
  ],
  // Most tests wait on child processes, servers and Chromium, so on 2 cores a third worker fills the
  // waits; Playwright's default (half the cores) would run one worker there.
  workers: Math.max(3, Math.floor(availableParallelism() / 2)),
  // Debian's Chromium (Playwright's own download is not used): web sources and Playwright's `page`.
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Playwright queues a project's files grouped by worker fixtures, the default group first, so the
    // Appium files (one server per worker) would start last and stretch the run's tail; as their own
    // project, listed first, they start at once beside the others.
    { name: 'appium', testDir: 'tests/appium', timeout: 60_000 },
    { name: 'unit-long', testDir: 'tests', testMatch: LONG, timeout: 60_000 },
    { name: 'unit', testDir: 'tests', testIgnore: ['appium/**', ...LONG], timeout: 60_000 },
    { name: 'examples', testDir: 'examples', timeout: 60_000 },
    ...overProtocols,
  ],
});
