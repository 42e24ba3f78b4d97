import path from 'node:path';
import { catalogFromValue, parseCatalog, type Catalog } from '../formats/catalog.js';
import { isTreewrightError, SourceError, TargetError } from '../errors.js';
import { decodeBytes } from '../formats/decode.js';
import { readRegularFile } from './read-file.js';

/** What loadCatalog needs of a device: `Device.designSystem()` (live: GET /inspect/design-system). */
export interface CatalogHost {
  description?: string;
  designSystem?: () => Promise<unknown>;
}

/**
 * The catalog a drift check uses: a file path (resolved from `cwd`), a catalog object, or — when
 * `source` is undefined — what the device serves (`designSystem()`, e.g. live `/inspect/design-system`).
 * Every failure is a typed error naming the file or device and what to do.
 */
export async function loadCatalog(source: string | Catalog | Record<string, unknown> | undefined, opts: { cwd?: string; device?: CatalogHost; confineTo?: string } = {}): Promise<Catalog> {
  if (typeof source === 'string') {
    const abs = path.resolve(opts.cwd ?? process.cwd(), source);
    let text: string;
    try {
      // A regular file, time-bounded, re-checked inside the root when confined (the MCP shim); JSON is UTF-8 (RFC 8259).
      const bytes = await readRegularFile(abs, { shown: source, what: 'the design-system catalog', ...(opts.confineTo !== undefined ? { confineTo: opts.confineTo } : {}) });
      text = decodeBytes(bytes, { where: source, kind: 'json', what: 'a design-system catalog (JSON)' }).text;
    } catch (e) {
      if (isTreewrightError(e) && e.code === 'file_not_found') {
        throw new SourceError('file_not_found', `no design-system catalog at ${abs}`, {
          where: source,
          hint: 'Check the path (relative paths resolve from the working directory), or export the catalog from the app (GET /inspect/design-system).',
        });
      }
      throw e;
    }
    return parseCatalog(text, { where: source });
  }
  if (source !== undefined) return catalogFromValue(source, { where: 'the catalog option' });

  const device = opts.device;
  const name = device?.description ?? 'this device';
  const where = `${name} (design system)`;
  const noCatalog = () => new TargetError('invalid_arguments', `toHaveNoTokenDrift needs a design-system catalog, and ${name} does not serve one`, {
    hint: "Pass { catalog: 'design-system.json' } (a path, resolved from the working directory) or a catalog object.",
  });
  if (typeof device?.designSystem !== 'function') throw noCatalog();
  let value: unknown;
  try {
    value = await device.designSystem();
  } catch (e) {
    // A device whose driver cannot serve one (a file, uiautomator): the fix is the option, say so.
    if (isTreewrightError(e) && e.code === 'action_unavailable') throw noCatalog();
    throw e;
  }
  if (value === null || value === undefined) {
    throw new TargetError('invalid_arguments', `${name} served no design-system catalog`, {
      hint: "Pass { catalog: 'design-system.json' }, or use an app build that serves /inspect/design-system.",
    });
  }
  if (value instanceof Uint8Array) return parseCatalog(Buffer.from(value).toString('utf8'), { where });
  return typeof value === 'string' ? parseCatalog(value, { where }) : catalogFromValue(value, { where });
}
