import { test as base } from '@playwright/test';
import { connect } from '../src/devices/connect.js';
import type { Device } from '../src/devices/device.js';
import type { SourceSpec } from '../src/devices/source.js';

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

export const test = base.extend<TreewrightFixtures & TreewrightOptions>({
  source: [undefined, { option: true }],
  device: async ({ source }, use) => {
    const chosen = process.env.TREEWRIGHT_SOURCE || source;
    if (chosen === undefined) {
      throw new Error("treewright: no source configured. Set test.use({ source: 'file:…' }) or use: { source } in playwright.config, or TREEWRIGHT_SOURCE.");
    }
    const device = await connect(chosen);
    try {
      await use(device);
    } finally {
      await device.close();
    }
  },
});
