// toHaveValues off the web: a typed refusal on real native captures, with what to assert instead.
import { test, expect as pwExpect } from '@playwright/test';
import { expect } from '../../runner/expect.js';
import { connect } from '../../src/devices/connect.js';
import { isTreewrightError } from '../../src/errors.js';
import type { Device } from '../../src/devices/device.js';

const CASES: ReadonlyArray<[string, (d: Device) => ReturnType<Device['getByText']>, RegExp]> = [
  ['fixtures/uiautomator/005.xml', (d) => d.getByRole('button', { name: 'Cancelar' }), /^Button #12 /],
  ['fixtures/ios/xcuitest-meetme-consent-table.xml', (d) => d.getByText('We Care About Your Privacy', { exact: true }), /^Text #\d+ "We Care About Your Privacy"/],
];

for (const [file, locate, line] of CASES) {
  test(`a native node is refused with a typed error naming it: ${file}`, async () => {
    const device = await connect(`file:${file}`);
    try {
      const loc = locate(device);
      for (const not of [false, true]) {
        const e = await (not ? expect(loc).not.toHaveValues([]) : expect(loc).toHaveValues([])).then(() => null, (x: unknown) => x);
        pwExpect(isTreewrightError(e), String(e)).toBe(true);
        if (!isTreewrightError(e)) return;
        pwExpect(e.code).toBe('invalid_arguments');
        pwExpect(e.message).toContain('toHaveValues() reads a web <select multiple>');
        pwExpect(e.details.node).toMatch(line);
        pwExpect(e.details.hint).toContain('{ selected: true }');
      }
    } finally {
      await device.close();
    }
  });
}
