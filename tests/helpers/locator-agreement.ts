// treewright's getByRole against Playwright's own on the same page: for each role and accessible name a
// fresh capture of the page holds, getByRole(role, { name, exact: true }) counts its matches on both
// sides. Playwright computes roles and names in its injected script, treewright reads Chromium's: where
// they differ, the line says which page, role and name. Used by tests/web/locator-agreement.spec.ts and
// bench/web.ts.
import type { Page } from '@playwright/test';
import { webDevice } from '../../src/devices/web-open.js';
import { walk } from '../../src/model/node.js';
import { ariaRoleOf, isAriaRole } from '../../src/roles/aria.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { resolveSelector } from '../../src/query/resolve.js';

export interface LocatorAgreement {
  /** (role, name) pairs asked of both. */
  asked: number;
  agreed: number;
  /** `page: role "name": Playwright n, treewright m`, one per disagreement. */
  differences: string[];
}

/** Names longer than this are left out: a long name is a paragraph of running text, not how a locator names a control. */
const MAX_NAME = 80;

/** Up to `perPage` (role, name) pairs of the page's capture, in document order, each counted by both. */
export async function getByRoleAgreement(page: Page, label: string, perPage: number): Promise<LocatorAgreement> {
  const device = await webDevice(page);
  const snapshot = await device.snapshot();
  const index = indexSnapshot(snapshot);
  const pairs = new Map<string, { role: string; name: string }>();
  walk(snapshot, ({ node }) => {
    const role = ariaRoleOf(node);
    const name = index.name(node).trim();
    if (role && isAriaRole(role) && name && name.length <= MAX_NAME && pairs.size < perPage) pairs.set(`${role}\n${name}`, { role, name });
  });
  const out: LocatorAgreement = { asked: 0, agreed: 0, differences: [] };
  for (const { role, name } of pairs.values()) {
    const theirs = await page.getByRole(role as Parameters<Page['getByRole']>[0], { name, exact: true }).count();
    // Resolved on the one capture (the page is at rest): what count() finds on a capture of its own.
    const ours = resolveSelector(snapshot, device.getByRole(role, { name, exact: true }).selector).length;
    out.asked++;
    if (ours === theirs) out.agreed++;
    else out.differences.push(`${label}: ${role} ${JSON.stringify(name)}: Playwright ${theirs}, treewright ${ours}`);
  }
  return out;
}

export function sumAgreements(all: readonly LocatorAgreement[]): LocatorAgreement {
  return {
    asked: all.reduce((a, x) => a + x.asked, 0),
    agreed: all.reduce((a, x) => a + x.agreed, 0),
    differences: all.flatMap((x) => x.differences),
  };
}
