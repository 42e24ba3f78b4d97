/**
 * Aria snapshots of any snapshot (docs/design.md §9.1): print one, and match a template against one.
 * The pieces are aria-tree.ts (the tree, from the merged view), aria-parse.ts, aria-match.ts and
 * aria-print.ts; this is what a locator, a device and the matcher call.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { ariaTree } from './aria-tree.js';
import { printAriaTree } from './aria-print.js';
import { parseAriaTemplate } from './aria-parse.js';
import { findAriaMatch } from './aria-match.js';
import type { AriaTemplateNode } from './aria-syntax.js';

/** The aria snapshot of a whole snapshot, or of one node's subtree (`within`). */
export function ariaSnapshotText(snapshot: Snapshot, within?: Node, opts: { regex?: boolean } = {}): string {
  return printAriaTree(ariaTree(snapshot, within), opts);
}

export interface AriaSnapshotMatch {
  pass: boolean;
  /** The scope's aria snapshot, as printed (what a failure shows as received). */
  received: string;
  /** The same with changing content as regexes: what `-u` writes. */
  rebaseline: string;
}

/** A template (text or parsed) against a snapshot's screen, or `within` a node's subtree. */
export function matchAriaSnapshot(template: string | AriaTemplateNode, snapshot: Snapshot, opts: { within?: Node; where?: string } = {}): AriaSnapshotMatch {
  const t = typeof template === 'string' ? parseAriaTemplate(template, { where: opts.where ?? 'template' }) : template;
  const tree = ariaTree(snapshot, opts.within);
  return {
    pass: findAriaMatch(tree, t) !== null,
    received: printAriaTree(tree),
    rebaseline: printAriaTree(tree, { regex: true }),
  };
}

/** A template as Playwright shows it: blank lines dropped, the common indentation removed. */
export function unshiftTemplate(text: string): string {
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim());
  const indent = Math.min(...lines.map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}
