import { DeviceError } from '../errors.js';
import { importUiautomator } from '../formats/uiautomator.js';
import { Device } from './device.js';
import { FileDriver } from './file.js';
import { AdbDriver } from './adb.js';
import { NO_CAPABILITIES, type Driver } from './driver.js';
import { parseSource, type SourceDescriptor, type SourceSpec } from './source.js';

export interface ConnectOptions {
  /** Relative file paths resolve from here (default: the working directory). */
  cwd?: string;
  /** The adb executable for adb sources (default $ADB or `adb` on PATH). */
  adbPath?: string;
}

/** Connects to a source (string shorthand or descriptor) and returns the Device. */
export async function connect(source: SourceSpec, options: ConnectOptions = {}): Promise<Device> {
  const descriptor = parseSource(source);
  const driver = await makeDriver(descriptor, options);
  const device = new Device(driver);
  // Fail at connect time, naming the stage, rather than at the first assertion.
  await device.snapshot();
  return device;
}

async function makeDriver(d: SourceDescriptor, options: ConnectOptions): Promise<Driver> {
  switch (d.kind) {
    case 'file':
      return new FileDriver(d.path, options.cwd);
    case 'uiautomator':
      return d.xmlPath !== undefined ? new FileDriver(d.xmlPath, options.cwd) : new InlineXmlDriver(d.xml!);
    case 'adb': {
      const driver = new AdbDriver({ ...(d.serial ? { serial: d.serial } : {}), ...(options.adbPath ? { adbPath: options.adbPath } : {}) });
      await driver.open();
      return driver;
    }
    case 'live':
    case 'reference':
      throw new DeviceError('device_unreachable', `the '${d.kind}' driver is not part of this build yet`, {
        where: d.kind,
        hint: 'Use a file source (file:<path>) for captured trees; live, adb and reference devices land with the devices release.',
      });
  }
}

/** A uiautomator XML given inline (the cmp-inspector's `{ kind: 'uiautomator', xml }`). */
class InlineXmlDriver implements Driver {
  readonly kind = 'uiautomator';
  readonly description = 'uiautomator:inline';
  private readonly snapshot;
  constructor(xml: string) {
    this.snapshot = importUiautomator(xml, { where: this.description });
  }
  async capture() { return this.snapshot; }
  capabilities() { return { ...NO_CAPABILITIES }; }
  async close() {}
}

