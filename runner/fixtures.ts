import { test as base } from '@playwright/test';
import { connect } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';
import type { SourceSpec } from '../src/devices/source.js';
import { attachReceipts } from '../matchers/report-attach.js';

export interface TreewrightOptions {
  /**
   * Where the `device` fixture connects: `file:path`, `live:host:port`, `adb:serial`, `reference`, or
   * a descriptor object. Set with `test.use({ source })` or `use: { source }`; the environment
   * variable TREEWRIGHT_SOURCE overrides both.
   */
  source: SourceSpec | undefined;
}

export interface TreewrightFixtures {
  /** The connected device, closed after the test. */
  device: Device;
}

/** TREEWRIGHT_SOURCE overrides the configured option, so one suite runs against any device; the default is the reference app. */
export function chooseSource(option: SourceSpec | undefined, env: NodeJS.ProcessEnv = process.env): SourceSpec {
  // With nothing configured, tests get the bundled reference app (a fresh one each).
  return env.TREEWRIGHT_SOURCE?.trim() || option || 'reference';
}

export const test = base.extend<TreewrightFixtures & TreewrightOptions>({
  source: [undefined, { option: true }],
  device: async ({ source, actionTimeout }, use, testInfo) => {
    const device = await connect(chooseSource(source));
    // Actions show up in the report as steps named by their code form: byTag('email').fill('…').
    device.step = (title, body) => base.step(title, body, { box: true });
    if (actionTimeout) device.actionTimeout = actionTimeout;
    try {
      await use(device);
    } finally {
      // The receipts go to the treewright reporter, which pairs them with the steps above.
      try {
        await attachReceipts(testInfo, device.description, device.receipts);
      } finally {
        await device.close();
      }
    }
  },
});
