// treewright's getByRole and getByText against Playwright's own on the same page: for each role and
// accessible name (each text) a fresh capture of the page holds, getByRole(role, { name, exact: true })
// (getByText(text, { exact: true })) counts its matches on both sides. Playwright computes roles and
// names in its injected script, treewright reads Chromium's: where they differ, the line says which
// page, role and name. Used by tests/web/locator-agreement.spec.ts and bench/web.ts.
import type { Page } from '@playwright/test';
import { webDevice } from '../../src/devices/web-open.js';
import { walk } from '../../src/model/node.js';
import { ariaRoleOf, isAriaRole } from '../../src/roles/aria.js';
import { indexSnapshot } from '../../src/query/snapshot-index.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { normalizeWhitespace } from '../../src/query/text.js';

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
  return countBoth([...pairs.values()], ({ role, name }) => ({
    what: `${label}: ${role} ${JSON.stringify(name)}`,
    theirs: page.getByRole(role as Parameters<Page['getByRole']>[0], { name, exact: true }).count(),
    ours: resolveSelector(snapshot, device.getByRole(role, { name, exact: true }).selector).length,
  }));
}

/**
 * Each item counted by both sides, one after the other (Playwright's counts are asked of the live page;
 * ours are resolved on the one capture taken at rest, what count() finds on a capture of its own).
 */
async function countBoth<T>(items: readonly T[], count: (item: T) => { what: string; theirs: Promise<number>; ours: number }): Promise<LocatorAgreement> {
  const out: LocatorAgreement = { asked: 0, agreed: 0, differences: [] };
  for (const item of items) {
    const c = count(item);
    const theirs = await c.theirs;
    out.asked++;
    if (c.ours === theirs) out.agreed++;
    else out.differences.push(`${c.what}: Playwright ${theirs}, treewright ${c.ours}`);
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

/**
 * Up to `perPage` texts of the page's capture (its text runs, in document order), each counted by
 * getByText(text, { exact: true }) on both sides. Playwright's count is of its visible matches: its
 * locators also find what the page does not render (display: none), which a capture, like Chromium's
 * accessibility tree, does not hold. An option of a shown <select> is held (Chromium's tree lists a
 * closed select's options) though Playwright does not call it visible: it is counted too.
 */
export async function getByTextAgreement(page: Page, label: string, perPage: number): Promise<LocatorAgreement> {
  const device = await webDevice(page);
  const snapshot = await device.snapshot();
  const texts = new Set<string>();
  walk(snapshot, ({ node }) => {
    const text = node.kind === 'web' && node.rawRole === 'StaticText' ? normalizeWhitespace(node.text ?? '') : '';
    if (text.length > 1 && text.length <= MAX_NAME && texts.size < perPage) texts.add(text);
  });
  return countBoth([...texts], (text) => ({
    what: `${label}: ${JSON.stringify(text)}`,
    theirs: heldMatches(page, text),
    ours: resolveSelector(snapshot, device.getByText(text, { exact: true }).selector).length,
  }));
}

/** Playwright's getByText(text, { exact: true }) matches a capture can hold: the visible ones, and the hidden options of a shown <select>. */
async function heldMatches(page: Page, text: string): Promise<number> {
  const matches = page.getByText(text, { exact: true });
  const visible = await matches.filter({ visible: true }).count();
  const options = await matches.filter({ visible: false }).and(page.locator('option')).evaluateAll((els) =>
    els.filter((o) => o.closest('select')?.checkVisibility() === true).length);
  return visible + options;
}
