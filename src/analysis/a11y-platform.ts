/**
 * Which platform's rules judge each window of a snapshot (roles/platforms.ts holds the rules). A
 * snapshot says where it came from in its source label (formats/source-label.ts: the wire format and
 * its producer) and in its windows' units and node kinds, and that is all this reads:
 * - a web page (every node kind `web`): web;
 * - an Appium Mac2 source (format `mac2`): macOS;
 * - a window in points, or of Apple nodes (XCUITest, UIAutomation, WebDriverAgent, idb, Maestro on
 *   iOS, JetWhale's iOS roots): iOS;
 * - a cmp-inspector tree whose producer names a desktop (`source: "desktop"`): desktop Compose;
 * - anything else (uiautomator, Maestro on Android, MoUI, JetWhale, cmp-inspector's headless-jvm and
 *   live-android): Android. A headless JVM tree stands for the common UI that ships on Android too, so
 *   it keeps Android's rules; a desktop-only app says so with the audit's `platform` option.
 */
import type { Root, Snapshot } from '../model/schema.js';
import { parseSourceLabel } from '../formats/source-label.js';
import { A11Y_PLATFORMS, type A11yPlatform } from '../roles/platforms.js';
import { TargetError } from '../errors.js';

/** The platforms a native (non-web) tree can be judged as: the audit's `platform` option. */
export type NativePlatform = Exclude<A11yPlatform, 'web'>;
/** The values of the audit's `platform` option (verify's `--platform`, the MCP check tool's `platform`). */
export const NATIVE_PLATFORMS = A11Y_PLATFORMS.filter((p): p is NativePlatform => p !== 'web') as [NativePlatform, ...NativePlatform[]];
const NATIVE: readonly string[] = NATIVE_PLATFORMS;

/**
 * The platform of each root of the snapshot, by its index in `roots`; `forced` (the audit's option)
 * wins over what a native window tells. A web page is judged by the web's rules whatever is forced:
 * its sizes are CSS px and its facts are Chromium's, which no native rule reads.
 */
export function rootPlatforms(snapshot: Snapshot, forced?: NativePlatform): A11yPlatform[] {
  if (forced !== undefined && !NATIVE.includes(forced)) {
    throw new TargetError('invalid_arguments', `a11y options: unknown platform ${JSON.stringify(forced)}`, { hint: `Platforms are: ${NATIVE.join(', ')} (a web page is judged by the web's rules).` });
  }
  const label = parseSourceLabel(snapshot.source);
  return snapshot.roots.map((root) => (root.node.kind === 'web' ? 'web' : forced ?? rootPlatform(root, label?.format ?? null, label?.producer ?? null)));
}

function rootPlatform(root: Root, format: string | null, producer: string | null): A11yPlatform {
  if (root.node.kind === 'web') return 'web';
  if (format === 'mac2') return 'macos';
  if (root.unit === 'pt' || root.node.kind === 'apple') return 'ios';
  if (format === 'cmp-v1' && producer !== null && /desktop/i.test(producer)) return 'desktop';
  return 'android';
}
