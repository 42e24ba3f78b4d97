import { altTextOf, labelOf, placeholderOf, titleOf } from './get-by.js';
import type { Node, Snapshot } from '../model/schema.js';
import { editDistance } from '../common/edit-distance.js';
import { outlineLine } from '../outline/outline.js';
import { mergedView, type MergedView } from '../facts/merged-view.js';
import { moreTextShown, shownText } from '../facts/node-facts.js';
import { indexSnapshot, type SnapshotIndex } from './snapshot-index.js';
import { searchesMerged, type CombineStep, type Selector, type Step } from './selector.js';
import { normalizeWhitespace, type TextPattern } from './text.js';

/** At most this many near matches are listed. */
export const MAX_NEAR = 5;

/** One node that almost matched, and why it is listed. */
export interface NearMatch {
  node: Node;
  why: string;
  /** The node's outline line in the view the locator searched (merged unless it asked for `merged: false`). */
  line: string;
}

/** What a locator that matched nothing comes close to on one capture: data for the "no node" messages. */
export interface NoMatchReport {
  near: NearMatch[];
  /** Every normalised role of a visible node with its count, most frequent first. */
  roles: Array<{ role: string; count: number }>;
}

type SearchStep = Exclude<Step, CombineStep>;

/** The last step that searches (what the locator was looking for when it came up empty). */
function lastSearch(selector: Selector): SearchStep | null {
  for (let i = selector.length - 1; i >= 0; i--) {
    const s = selector[i]!;
    if (s.kind !== 'filter' && s.kind !== 'nth' && s.kind !== 'or' && s.kind !== 'and') return s;
  }
  return null;
}

/** Edits allowed for a near match: one per four characters, at least one (drift's token suggestions use the same rule). */
function limitFor(s: string): number {
  return Math.max(1, Math.floor(s.length / 4));
}

/** Distance between the wanted string and a node's string; a contained string is a match (0), not a near one. */
function distance(wanted: string, actual: string | null | undefined): number {
  if (!actual) return Infinity;
  const a = normalizeWhitespace(actual).toLowerCase();
  const w = normalizeWhitespace(wanted).toLowerCase();
  if (!a || !w) return Infinity;
  const cap = limitFor(w) + 1;
  if (Math.abs(a.length - w.length) >= cap) return Infinity;
  const d = editDistance(w, a, cap);
  return d < cap ? d : Infinity;
}

/** The role a node reads as in the view searched: a control by the role it took in the merged view. */
function roleOf(n: Node, i: number, view: MergedView | null): string | null {
  return (view ? view.roleAt(i) : n.role) ?? n.rawRole ?? null;
}

function textOf(p: TextPattern): string | null {
  return typeof p === 'string' ? p : null;
}

function edits(d: number): string {
  return d === 1 ? '1 character differs' : `${d} characters differ`;
}

/**
 * The closest candidates for a locator that resolved to nothing: nodes of the same role with other
 * names, the same text under another role (or as a description), strings within a few edits
 * (`'Создатъ'` for `'Создать'`), near tags; and the roles on screen. Read in the view the locator
 * searched (the merged view unless it asked for `merged: false`): a role child merged into its control
 * is never a candidate, and a control is named by the role it took. Pure; one pass over the capture.
 */
export function noMatchReport(snapshot: Snapshot, selector: Selector): NoMatchReport {
  const index = indexSnapshot(snapshot);
  const step = lastSearch(selector);
  const merged = searchesMerged(selector);
  const mv = merged ? mergedView(snapshot) : null;
  const view = mv && mv.mergedCount > 0 ? mv : null;
  const scored: Array<Omit<NearMatch, 'line'> & { score: number }> = [];
  const counts = new Map<string, number>();
  for (let i = 0; i < index.nodes.length; i++) {
    const n = index.nodes[i]!;
    if (view && view.mergedInto(i) >= 0) continue;
    // Normalised roles only: raw classes (android.widget.FrameLayout) say nothing a locator would use.
    const role = view ? view.roleAt(i) : n.role;
    if (role && n.visible) counts.set(role, (counts.get(role) ?? 0) + 1);
    const hit = step ? nearness(step, n, i, index, view) : null;
    if (hit) scored.push({ node: n, ...hit });
  }
  scored.sort((a, b) => a.score - b.score);
  const roles = [...counts].map(([role, count]) => ({ role, count })).sort((a, b) => b.count - a.count || (a.role < b.role ? -1 : 1));
  return { near: scored.slice(0, MAX_NEAR).map(({ node, why }) => ({ node, why, line: outlineLine(node, { snapshot, merged }) })), roles };
}

/** Why this node is close to what the step wants, with a score (lower is closer), or null. */
function nearness(step: SearchStep, n: Node, i: number, index: SnapshotIndex, view: MergedView | null): { why: string; score: number } | null {
  switch (step.kind) {
    case 'role': {
      const role = roleOf(n, i, view);
      const sameRole = !!role && (role.toLowerCase() === step.role.toLowerCase() || n.rawRole?.toLowerCase() === step.role.toLowerCase());
      const wanted = step.options.name !== undefined ? textOf(step.options.name) : null;
      const name = index.nameAt(i);
      if (sameRole) {
        if (!n.visible && !step.options.includeHidden) return { why: 'same role, but hidden (pass includeHidden: true)', score: 1 };
        if (wanted !== null) {
          const d = distance(wanted, name);
          if (d < Infinity) return { why: `same role, name ${edits(d)}`, score: d };
          return name ? { why: 'same role, another name', score: 10 } : null;
        }
        return { why: 'same role, other options (checked / disabled / selected)', score: 5 };
      }
      if (wanted !== null && name) {
        const d = normalizeWhitespace(name).toLowerCase().includes(normalizeWhitespace(wanted).toLowerCase()) ? 0 : distance(wanted, name);
        if (d < Infinity && role) return { why: `${d === 0 ? 'same name' : `name ${edits(d)}`}, role ${role}`, score: 3 + d };
      }
      if (wanted === null && role && n.visible) {
        const d = distance(step.role, role);
        if (d < Infinity) return { why: `role ${role} (${edits(d)})`, score: 6 + d };
      }
      return null;
    }
    case 'text': case 'desc': {
      const wanted = textOf(step.text);
      if (wanted === null) return null;
      const own = step.kind === 'text' ? [n.text, moreTextShown(n)] : [n.contentDescription];
      const other = step.kind === 'text' ? n.contentDescription : shownText(n);
      let best = Infinity;
      for (const s of own) best = Math.min(best, distance(wanted, s));
      if (best < Infinity) return { why: `${step.kind === 'text' ? 'text' : 'description'} ${edits(best)}`, score: best };
      if (other && (normalizeWhitespace(other).toLowerCase().includes(normalizeWhitespace(wanted).toLowerCase()) || distance(wanted, other) < Infinity)) {
        return { why: step.kind === 'text' ? `as a content description (use byDesc)` : 'as text (use byText)', score: 2 };
      }
      return null;
    }
    case 'tag': {
      const d = distance(step.tag, n.tag);
      return d < Infinity ? { why: `tag ${edits(d)}`, score: d } : null;
    }
    case 'testId': {
      if (typeof step.id !== 'string') return null;
      const d = distance(step.id, n.tag);
      return d < Infinity ? { why: `test id ${edits(d)}`, score: d } : null;
    }
    case 'label': case 'placeholder': case 'altText': case 'title': {
      const wanted = textOf(step.text);
      const read = { label: labelOf, placeholder: placeholderOf, altText: altTextOf, title: titleOf }[step.kind](n);
      const d = wanted === null ? Infinity : distance(wanted, read);
      return d < Infinity ? { why: `${step.kind} ${edits(d)}`, score: d } : null;
    }
    case 'id':
      return null;
  }
}

/** The report as message lines: numbered near matches (outline lines) and the roles on screen. */
export function noMatchLines(report: NoMatchReport): string[] {
  const lines: string[] = [];
  if (report.near.length) {
    lines.push('Closest:');
    report.near.forEach((m, k) => lines.push(`    ${k + 1}) ${m.line}  (${m.why})`));
  } else {
    lines.push('Nothing close to it on screen.');
  }
  if (report.roles.length) lines.push(`Roles on screen: ${report.roles.slice(0, 12).map((r) => `${r.role} ×${r.count}`).join(', ')}${report.roles.length > 12 ? ', …' : ''}`);
  return lines;
}
