import type { Snapshot } from '../model/schema.js';

export interface ImportOptions {
  /** Where the text came from (a file path, `live:127.0.0.1:9500`, …): named in every error and stored as `snapshot.source`. */
  where?: string;
  /** Refuse inputs larger than this many bytes (UTF-16 code units of the text). Default 128 MiB. */
  maxBytes?: number;
  /** capturedAt to stamp; default now. Tests pin it for equality. */
  capturedAt?: string;
  /**
   * px per dp of the device, for inputs that do not say (a uiautomator dump, a Maestro Android
   * hierarchy, a cmp-inspector tree without `density`). A snapshot that states its density keeps it.
   */
  density?: number;
}

export const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

/** A pure importer: text in, snapshot out, or a FormatError naming the problem and `where`. */
export type Importer = (text: string, opts?: ImportOptions) => Snapshot;

export type FormatName = 'treewright' | 'cmp-v1' | 'uiautomator' | 'jetwhale' | 'moui'
  | 'xcuitest' | 'mac2' | 'uia' | 'wda' | 'idb' | 'maestro';
