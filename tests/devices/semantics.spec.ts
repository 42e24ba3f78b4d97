import { test, expect } from '@playwright/test';
import { AdbDriver } from '../../src/devices/adb.js';
import { AppiumDriver } from '../../src/devices/appium.js';
import { InlineXmlDriver } from '../../src/devices/connect.js';
import { FileDriver } from '../../src/devices/file.js';
import { JetWhaleDriver } from '../../src/devices/jetwhale.js';
import { LiveDriver } from '../../src/devices/live.js';
import { MouiDriver } from '../../src/devices/moui.js';
import { WebDriver } from '../../src/devices/web.js';
import { ReferenceDriver } from '../../src/reference-app/driver.js';
import { DRIVER_SEMANTICS, semanticDrivers, type DriverKind } from '../../src/devices/semantics.js';

/* One description of which drivers act semantically (docs/design.md §7): DRIVER_SEMANTICS agrees with the driver classes. */

const CLASSES = { AdbDriver, AppiumDriver, InlineXmlDriver, FileDriver, JetWhaleDriver, LiveDriver, MouiDriver, WebDriver, ReferenceDriver };
type Kinds = InstanceType<(typeof CLASSES)[keyof typeof CLASSES]>['kind'];
// Compile-time: every driver's kind has an entry, and every entry is some driver's kind.
const kindsHaveEntries: Kinds extends DriverKind ? true : false = true;
const entriesHaveDrivers: DriverKind extends Kinds ? true : false = true;
/** The kind each class declares (its `readonly kind = '…'`; the compiler checks each value is that class's). */
const KIND_OF: { [N in keyof typeof CLASSES]: InstanceType<(typeof CLASSES)[N]>['kind'] } = {
  AdbDriver: 'adb', AppiumDriver: 'appium', InlineXmlDriver: 'uiautomator', FileDriver: 'file', JetWhaleDriver: 'jetwhale',
  LiveDriver: 'live', MouiDriver: 'moui', WebDriver: 'web', ReferenceDriver: 'reference',
};

test('a driver implements perform exactly when DRIVER_SEMANTICS says it acts semantically', () => {
  expect(kindsHaveEntries && entriesHaveDrivers).toBe(true);
  const seen = new Set<string>();
  for (const [name, cls] of Object.entries(CLASSES) as Array<[keyof typeof CLASSES, { prototype: object }]>) {
    const kind = KIND_OF[name];
    seen.add(kind);
    const hasPerform = typeof (cls.prototype as { perform?: unknown }).perform === 'function';
    expect(hasPerform, `${name} (${kind})`).toBe(DRIVER_SEMANTICS[kind] !== 'none');
  }
  expect([...seen].sort()).toEqual(Object.keys(DRIVER_SEMANTICS).sort());
});

test('the drivers named in hints come from the table', () => {
  expect(semanticDrivers('Dismiss')).toBe('reference, moui, jetwhale');
  expect(semanticDrivers('SetText')).toBe('reference, moui, jetwhale, appium');
  expect(semanticDrivers('RequestFocus')).toBe('reference, moui, jetwhale, web');
  expect(semanticDrivers()).toBe('reference, moui, jetwhale; appium for click, fill, clear, check, uncheck, setChecked; web for scrollBy, scrollToIndex, bringIntoView, focus, scrollIntoViewIfNeeded');
});
