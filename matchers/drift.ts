import { failsAt, parseFailOn, severitySummary, type Finding, type Severity } from '../src/common/finding.js';
import { checkDrift, indexCatalog, type DriftOptions } from '../src/analysis/drift.js';
import type { Catalog } from '../src/formats/catalog.js';
import { loadCatalog, type CatalogHost } from '../src/files/catalog-file.js';
import { isLocator, type Locator } from '../src/query/locator.js';
import { driftTable } from '../src/render/drift-table.js';
import { TargetError } from '../src/errors.js';
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
        // Findings name their nodes in the view the locator (or the device) reads.
        merged: r.merged,
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

function deviceOf(target: Target): CatalogHost {
  return (isLocator(target) ? target.host : target) as CatalogHost;
}

