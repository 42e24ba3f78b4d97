import { readRegularFile } from '../src/devices/read-file.js';
import { decodeBytes } from '../src/formats/decode.js';
import path from 'node:path';
import { failsAt, parseFailOn, severitySummary, type Finding, type Severity } from '../src/analysis/finding.js';
import { checkDrift, indexCatalog, type DriftOptions } from '../src/analysis/drift.js';
import { catalogFromValue, parseCatalog, type Catalog } from '../src/formats/catalog.js';
import { isLocator, type Locator } from '../src/query/locator.js';
import { driftTable } from '../src/render/drift-table.js';
import { isTreewrightError, SourceError, TargetError } from '../src/errors.js';
import type { Snapshot, Node } from '../src/model/schema.js';
import { nodesMatchedBy, runMatcher, single, type MatcherOptions, type MatcherThis, type Target, type Verdict } from './context.js';
import { NOT_FOUND } from './visibility.js';

export interface TokenDriftOptions extends MatcherOptions {
  /**
   * The design-system catalog: a path (resolved from the working directory) or the catalog itself.
   * Omitted: the device's own (`/inspect/design-system` on live devices).
   */
  catalog?: string | Catalog | Record<string, unknown>;
  /** Nodes that must carry a design token (each locator may match many). */
  requireTokens?: Locator[];
  /** Nodes (with their subtrees) whose drift is not reported. */
  ignore?: Locator[];
  /** Change a rule's severity, or turn it off: `{ 'no-token-for-facet': 'off' }`. */
  rules?: DriftOptions['rules'];
  /** The lowest severity that fails the assertion (default 'error', as toPassA11y); lower ones are listed only. */
  failOn?: Severity;
}

/**
 * `await expect(device).toHaveNoTokenDrift({ catalog: 'design-system.json' })`: no drift finding of
 * severity `failOn` or above on the screen (a device) or in a node's subtree (a locator, strict).
 * Every finding is listed either way, as a node · token · facet · expected · actual table.
 */
export async function toHaveNoTokenDrift(this: MatcherThis, target: Target, options: TokenDriftOptions = {}) {
  const failOn = parseFailOn(options.failOn, 'toHaveNoTokenDrift');
  for (const key of ['ignore', 'requireTokens'] as const) {
    const v = options[key];
    if (v !== undefined && (!Array.isArray(v) || !v.every(isLocator))) {
      throw new TargetError('invalid_arguments', `toHaveNoTokenDrift: \`${key}\` must be an array of locators`, { hint: `e.g. { ${key}: [device.byTag('card')] }` });
    }
  }
  const index = indexCatalog(await loadCatalog(options.catalog, { device: deviceOf(target) }));
  return runMatcher(this, target, options, {
    name: 'toHaveNoTokenDrift',
    argument: typeof options.catalog === 'string' ? `{ catalog: ${JSON.stringify(options.catalog)} }` : options.catalog ? '{ catalog }' : '',
    expected: 'no token drift',
    check: (r): Verdict => {
      let within: Node[] | undefined;
      if (isLocator(target)) {
        const n = single(target, r);
        if (!n) return { pass: false, received: NOT_FOUND };
        within = [n];
      }
      const ignored = matchedBy(r.snapshot, options.ignore);
      const required = matchedBy(r.snapshot, options.requireTokens);
      const findings = checkDrift(r.snapshot, index, {
        within,
        ignore: ignored && ((n) => ignored.has(n)),
        requireTokens: required && ((n) => required.has(n)),
        rules: options.rules,
      });
      return {
        pass: !failsAt(findings, failOn),
        received: summary(findings),
        details: findings.length ? driftTable(findings) : undefined,
        report: { findings },
      };
    },
  });
}

function summary(findings: readonly Finding[]): string {
  if (findings.length === 0) return 'no token drift';
  return `${findings.length} drift finding${findings.length === 1 ? '' : 's'} (${severitySummary(findings)})`;
}

function matchedBy(snapshot: Snapshot, locators: readonly Locator[] | undefined): Set<Node> | undefined {
  return locators?.length ? nodesMatchedBy(snapshot, locators) : undefined;
}

/** What loadCatalog needs of a device: `Device.designSystem()` (live: GET /inspect/design-system). */
interface CatalogHost {
  description?: string;
  designSystem?: () => Promise<unknown>;
}

function deviceOf(target: Target): CatalogHost {
  return (isLocator(target) ? target.host : target) as CatalogHost;
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
