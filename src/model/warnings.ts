import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from './lazy-schema.js';

/**
 * Snapshot warnings as data (docs/design.md §4.1): what an importer or a device could not do but
 * worked around. A warning is `{ code, message }`; the code is stable and is what code reads (a
 * check asks `hasWarning(snapshot, 'unknown-density')`), the message is composed here from typed
 * fields and is only ever shown, never parsed back. One table: a new warning is one entry below
 * (its code, its fields as the composer's parameter, its sentence).
 */

/** The head of the unknown-density sentence; kept so people searching for the old text still find it. */
export const DENSITY_WARNING = 'uiautomator dumps carry no screen density';

/** Ids as a short quoted list, the first ten then how many more: how warnings and errors name many nodes. */
export function quoteIds(ids: readonly string[]): string {
  const shown = ids.slice(0, 10).map((id) => `"${id}"`).join(', ');
  return ids.length > 10 ? `${shown} and ${ids.length - 10} more` : shown;
}

/** Where a density is given, named in the warning (`adb shell wm density` says it; 420 dpi is 2.625). */
const DENSITY_HOW = "give it as --density <px per dp> (treewright inspect / verify), { density } in connect() or a source { kind: 'file', path, density } in test.use";

const COMPOSE = {
  /** A px capture with no density (a uiautomator dump, a Maestro Android hierarchy): dp checks judge px as dp. */
  'unknown-density': (f: { capture: 'uiautomator' | 'maestro-android' }) => f.capture === 'uiautomator'
    ? `${DENSITY_WARNING}: sizes are device px with density 1, so dp-based checks (touch target size) need the density: ${DENSITY_HOW}`
    : `${DENSITY_WARNING}: a Maestro Android hierarchy is in device px with no density, so dp-based checks need the density: ${DENSITY_HOW}`,
  'display-rotated': (f: { rotation: number }) =>
    `display rotation ${f.rotation} (${f.rotation * 90}°): bounds are in the rotated display's coordinates`,
  'no-window': (_: Record<string, never>) => 'the dump holds no window: <hierarchy> is empty',
  'secret-dropped': (f: { nodeId: string }) => `password field ${f.nodeId} carried its contents; they were dropped`,
  'empty-accessibility-tree': (f: { rootId: string }) => `${f.rootId}: the accessibility tree is empty`,
  'frame-not-captured': (f: { url: string }) =>
    `frame ${f.url} is not captured: it is cross-origin (another process); its content is missing from the tree`,
  'nodes-unreachable': (f: { rootId: string; ids: readonly string[] }) =>
    `${f.ids.length} node(s) not reachable from root "${f.rootId}" were left out: ${quoteIds(f.ids)}`,
  'delta-removes-unknown': (f: { nodeId: string }) => `delta removes node ${f.nodeId}, which the previous snapshot did not have`,
  'duplicate-semantic-id': (f: { semanticId: unknown; nodes: readonly unknown[] | null }) =>
    `duplicate semantic id ${JSON.stringify(f.semanticId)} on nodes ${f.nodes ? f.nodes.join(', ') : '?'}; actions through it are rejected`,
  /** A MoUI snapshot issue of a kind treewright does not know, quoted as JSON. */
  'source-issue': (f: { issue: string }) => `MoUI snapshot issue: ${f.issue}`,
  /** A warning the source itself sent (JetWhale's `warnings`), quoted as it came. */
  'source-warning': (f: { text: string }) => f.text,
  'flat-hierarchy': (_: Record<string, never>) =>
    'idb ui describe-all (flat): the list carries no hierarchy; every element after the first is read as a child of the first (the application)',
  'failed-command-screen': (f: { command: number }) => `Maestro commands file: the screen of command ${f.command} (the last that failed)`,
  'root-without-content': (f: { rootId: string; label: string | null }) =>
    `root "${f.rootId}"${f.label ? ` (${f.label})` : ''} has no content yet and was not imported`,
  'node-id-shared': (f: { wireId: string; firstRoot: string; rootId: string; id: string }) =>
    `node id ${f.wireId} is used in roots "${f.firstRoot}" and "${f.rootId}"; the one in "${f.rootId}" is addressed as ${f.id}`,
  'adb-forward-failed': (f: { reason: string; base: string }) =>
    `adb forward failed (${f.reason}); ${f.base} answered directly, so the connection goes on without it`,
  'no-process-start': (f: { base: string }) =>
    `${f.base}/inspect/health has no processStartedAtMs: an app restart between two actions cannot be noticed`,
  /** A string warning read from a snapshot file written before warnings had codes (§4.1). */
  legacy: (f: { text: string }) => f.text,
} satisfies Record<string, (fields: never) => string>;

export type WarningCode = keyof typeof COMPOSE;
/** The typed fields a warning's message is composed from. */
export type WarningFields<C extends WarningCode> = Parameters<(typeof COMPOSE)[C]>[0];

export const WARNING_CODES = Object.keys(COMPOSE) as [WarningCode, ...WarningCode[]];
const warningCodeSchema = onFirstCall(() => zod().enum(WARNING_CODES));
export const WarningCodeSchema = lazySchema(warningCodeSchema);

/** WarningSchema itself, built at the first call: what the snapshot's schema holds (lazy-schema.ts). */
export const warningSchema = onFirstCall(() => zod().object({
  /** Stable: what code matches on. */
  code: warningCodeSchema(),
  /** For people: composed from the warning's fields, never parsed. */
  message: zod().string(),
}));
export const WarningSchema = lazySchema(warningSchema);
export type Warning = z.infer<typeof WarningSchema>;

/** A warning with its message composed from its fields. */
export function warning<C extends WarningCode>(code: C, fields: WarningFields<C>): Warning {
  return { code, message: (COMPOSE[code] as (f: WarningFields<C>) => string)(fields) };
}

/** True when the warnings hold one with this code. */
export function hasWarning(s: { readonly warnings: readonly Warning[] }, code: WarningCode): boolean {
  return s.warnings.some((w) => w.code === code);
}

/**
 * A warning as read from treewright's own JSON: an object is checked by WarningSchema by the caller;
 * a bare string (a file written before warnings had codes) is `legacy`, except the one old sentence a
 * check depends on: the unknown-density warning, recognised by the constant head it always began
 * with, so an old saved dump still reads as density unknown (§4.1). This is the only place a
 * warning's text is looked at, and only for files older than the codes.
 */
export function upgradeLegacyWarning(text: string): Warning {
  return { code: text.startsWith(DENSITY_WARNING) ? 'unknown-density' : 'legacy', message: text };
}
