import type { Finding } from './finding.js';

/**
 * One finding as one line, for a matcher message or a line reporter:
 * `error touch-target  Button #1 tag=icon [clickable] — 15.2×15.2 dp < 48×48 dp`.
 */
export function findingLine(f: Finding): string {
  return `${f.severity} ${f.rule}  ${f.node ?? (f.rootId ? `root ${f.rootId}` : 'screen')} — ${f.message}`;
}
