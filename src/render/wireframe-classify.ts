/**
 * Wireframe phase 3, classify (docs/design.md §8): what each node is drawn as (clickable, tokenized,
 * hidden, its golden-diff mark) and which nodes the overlays mark (failing, obscuring, findings).
 */
import type { Node } from '../model/schema.js';
import type { Severity } from '../common/finding.js';
import { takesTap } from '../facts/node-facts.js';
import type { Item } from './wireframe-collect.js';
import type { DiffMark, WireframeOptions } from './wireframe.js';

const DEFAULT_MAX_TITLES = 2000;
const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const DIFF_CLASS: Record<DiffMark, string> = { added: 'da', removed: 'dr', changed: 'dc', moved: 'dm' };

export interface Marks {
  failing: ReadonlySet<string>;
  obscurer: string | null;
  diff: ReadonlyMap<string, DiffMark> | null;
  /** Badge number per node with findings (findingBadges), and its worst severity. */
  badges: ReadonlyMap<string, number>;
  worst: ReadonlyMap<string, Severity>;
  /** The marked nodes' items, by id (only built when an overlay needs them). */
  byId: ReadonlyMap<string, Item>;
  /** Every node gets a hover title (small drawings); else only marked ones. */
  titles: boolean;
  marked(id: string): boolean;
}

/**
 * The badge number of each node that has findings: nodes numbered 1, 2, … in the order of their first
 * finding. The wireframe draws these numbers; a report's findings table shows the same ones.
 */
export function findingBadges(findings: ReadonlyArray<{ nodeId: string | null }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) if (f.nodeId !== null && !out.has(f.nodeId)) out.set(f.nodeId, out.size + 1);
  return out;
}

export function classify(items: readonly Item[], options: WireframeOptions): Marks {
  const failing = new Set(options.failing ?? []);
  const obscurer = options.obscuredBy ?? null;
  const diff = options.diff ?? null;
  const badges = options.findings ? findingBadges(options.findings) : new Map<string, number>();
  const worst = new Map<string, Severity>();
  for (const f of options.findings ?? []) {
    if (f.nodeId === null) continue;
    const prev = worst.get(f.nodeId);
    if (prev === undefined || SEVERITY_RANK[f.severity] < SEVERITY_RANK[prev]) worst.set(f.nodeId, f.severity);
  }
  const marked = (id: string) => failing.has(id) || id === obscurer || worst.has(id) || (diff !== null && diff.has(id));
  const byId = new Map<string, Item>();
  if (failing.size || obscurer !== null || worst.size) {
    for (const it of items) if (marked(it.node.id)) byId.set(it.node.id, it);
  }
  return { failing, obscurer, diff, badges, worst, byId, titles: items.length <= (options.maxTitles ?? DEFAULT_MAX_TITLES), marked };
}

/** A node's CSS classes: outlined (`n`), clickable (`c`), tokenized (`t`), hidden (`h`), its diff mark. */
export function nodeClass(n: Node, diff: ReadonlyMap<string, DiffMark> | null): string {
  let cls = 'n';
  if (takesTap(n)) cls += ' c';
  const dt = n.designToken;
  if (dt && (dt.tokens.length > 0 || Object.keys(dt.resolved).length > 0)) cls += ' t';
  if (!n.visible) cls += ' h';
  const d = diff?.get(n.id);
  if (d) cls += ' ' + DIFF_CLASS[d];
  return cls;
}
