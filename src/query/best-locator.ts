/**
 * The best locator for one node on one snapshot (docs/design.md §6.1): the locator a person would
 * write, ranked as Playwright's locator generator ranks its candidates (packages/injected
 * selectorGenerator.ts): a test id first, then role + name, placeholder, label, alt text, text, title,
 * a role alone, and `nth()` last; a candidate that matches several nodes is narrowed by a chain from
 * an ancestor's own best locator (two levels at most) or by its position. Every answer is checked by
 * resolving it on the snapshot: it finds exactly the node. Pure.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { mergedView } from '../facts/merged-view.js';
import { shownText } from '../facts/node-facts.js';
import { ariaRoleOf } from '../roles/aria.js';
import { altTextOf, labelOf, placeholderOf, testIdOf, titleOf } from './get-by.js';
import { resolveSelector } from './resolve.js';
import { selectorToCode, type Selector, type Step } from './selector.js';
import { indexSnapshot, type SnapshotIndex } from './snapshot-index.js';
import { unmergedStep } from './locator.js';

/** One step of a candidate with its cost (lower is better), Playwright's SelectorToken. */
interface Token {
  step: Step;
  score: number;
}

// Playwright's scores (lower is better); an exact string costs EXACT_PENALTY more than the same one
// matched loosely, and a text-like score grows with the length of what it quotes.
const TEXT_SCORE_RANGE = 10;
const EXACT_PENALTY = TEXT_SCORE_RANGE / 2;
const SCORE = {
  testId: 1,
  beginPenalized: 50,
  roleWithName: 100,
  placeholder: 120,
  label: 140,
  altText: 160,
  text: 180,
  title: 200,
  endPenalized: 300,
  roleWithoutName: 510,
  nth: 10_000,
  fallback: 10_000_000,
} as const;
/** Playwright never writes nth(6) or beyond: past that a position says little about the node. */
const MAX_NTH = 5;
/** Text longer than this is not quoted whole (Playwright's limit). */
const MAX_TEXT = 80;

export interface BestLocator {
  selector: Selector;
  /** The code form, e.g. `getByRole('button', { name: 'Send' })`. */
  code: string;
  /** Playwright's combined score (lower is better): position-weighted sum of the steps' scores. */
  score: number;
}

/**
 * The best locator for `node` in `snapshot`; it resolves to exactly that node. A node the merged view
 * folds into its control (docs/design.md §4) is searched for in the unmerged tree (`merged: false`).
 * When no getBy* locator, chain or position finds it, its id (`byId`) does.
 */
export function bestLocator(snapshot: Snapshot, node: Node): BestLocator {
  const index = indexSnapshot(snapshot);
  const i = index.order.get(node);
  if (i === undefined) throw new RangeError(`bestLocator: node ${node.id} is not in this snapshot`);
  const gen = new Generator(snapshot, index, mergedView(snapshot).mergedInto(i) >= 0);
  const tokens = gen.generate(i, false, false) ?? [gen.unmerged({ step: { kind: 'id', id: node.id }, score: SCORE.fallback })];
  const selector = tokens.map((t) => t.step);
  return { selector, code: selectorToCode(selector), score: combineScores(tokens) };
}

/** The score of a chain of tokens: each step weighs as many times as there are steps from it to the end (Playwright's combineScores). */
function combineScores(tokens: readonly Token[]): number {
  let score = 0;
  for (let i = 0; i < tokens.length; i++) score += tokens[i]!.score * (tokens.length - i);
  return score;
}

class Generator {
  /** Best tokens per node, for ancestors, with text allowed and without. */
  private readonly cache = { text: new Map<number, Token[] | null>(), noText: new Map<number, Token[] | null>() };

  constructor(private readonly snapshot: Snapshot, private readonly index: SnapshotIndex, private readonly unmergedTree: boolean) {}

  unmerged(t: Token): Token {
    return this.unmergedTree ? { step: unmergedStep(t.step), score: t.score } : t;
  }

  /** Playwright's generateSelectorFor: null when no candidate matches the node within reach. */
  generate(target: number, recursive: boolean, noText: boolean): Token[] | null {
    const node = this.index.nodes[target]!;
    let result: Token[] | null = null;
    const update = (c: Token[]) => {
      if (!result || combineScores(c) < combineScores(result)) result = c;
    };
    const candidates = this.candidates(target, !recursive, noText).sort((a, b) => combineScores(a.tokens) - combineScores(b.tokens));
    for (const { tokens, text } of candidates) {
      const found = resolveSelector(this.snapshot, tokens.map((t) => t.step));
      const at = found.indexOf(node);
      if (at < 0) continue;
      if (found.length === 1) {
        // Sorted by score: nothing after this one can do better.
        update(tokens);
        break;
      }
      if (at > MAX_NTH) continue;
      update([...tokens, nth(at)]);
      if (recursive) continue;
      // A chain from an ancestor: its best locator, then this candidate among its descendants.
      for (let p = this.parentOf(target); p >= 0; p = this.parentOf(p)) {
        const end = this.index.ends[p]!;
        const inside = found.filter((n) => {
          const o = this.index.order.get(n)!;
          return o > p && o < end;
        });
        const k = inside.indexOf(node);
        if (inside.length > MAX_NTH || k < 0 || (k === at && inside.length > 1)) continue;
        const inParent = inside.length === 1 ? tokens : [...tokens, nth(k)];
        if (result && combineScores([{ step: tokens[0]!.step, score: 1 }, ...inParent]) >= combineScores(result)) continue;
        // Text in the target's locator: the ancestor's must not quote text too.
        const cache = noText || text ? this.cache.noText : this.cache.text;
        let parent = cache.get(p);
        if (parent === undefined) {
          parent = this.generate(p, true, noText || text);
          cache.set(p, parent);
        }
        if (parent) update([...parent, ...inParent]);
      }
    }
    return result;
  }

  private parentOf(i: number): number {
    const p = this.index.parent.get(this.index.nodes[i]!);
    return p ? this.index.order.get(p)! : -1;
  }

  /** Playwright's buildTextCandidates and buildNoTextCandidates for a semantics node. */
  private candidates(i: number, isTarget: boolean, noText: boolean): { tokens: Token[]; text: boolean }[] {
    const n = this.index.nodes[i]!;
    const out: { tokens: Token[]; text: boolean }[] = [];
    const one = (step: Step, score: number, text: boolean) => out.push({ tokens: [this.unmerged({ step, score: penalised(score, step) })], text });
    const testId = testIdOf(n);
    if (testId) one({ kind: 'testId', id: testId }, SCORE.testId, false);
    // Placeholder and label are the node's own, not its content: allowed when text is not.
    const byText = (kind: 'placeholder' | 'label' | 'altText' | 'title', value: string | null, score: number, text: boolean) => {
      if (!value) return;
      one({ kind, text: value, exact: true }, score + EXACT_PENALTY, text);
      for (const alt of textAlternatives(value)) one({ kind, text: alt.text, exact: false }, score - alt.bonus, text);
    };
    byText('placeholder', placeholderOf(n), SCORE.placeholder, false);
    byText('label', labelOf(n), SCORE.label, false);
    if (!noText) {
      byText('title', titleOf(n), SCORE.title, true);
      byText('altText', altTextOf(n), SCORE.altText, true);
      const own = shownText(n);
      if (own && isTarget) {
        if (own.length <= MAX_TEXT) one({ kind: 'text', text: own, exact: true, getBy: true }, SCORE.text + EXACT_PENALTY, true);
        for (const alt of textAlternatives(own)) one({ kind: 'text', text: alt.text, exact: false, getBy: true }, SCORE.text - alt.bonus, true);
      }
    }
    const view = mergedView(this.snapshot);
    const aria = ariaRoleOf({ kind: n.kind, role: this.unmergedTree ? n.role : view.roleAt(i), rawRole: n.rawRole });
    if (aria && aria !== 'none' && aria !== 'presentation') {
      const name = this.index.nameAt(i);
      const usable = name !== '' && !/^\p{Co}+$/u.test(name) && !(noText && nameFromContent(n));
      const role = (options: { name?: string; exact?: boolean }): Step => ({ kind: 'role', role: aria, options, aria: true });
      if (usable) {
        one(role({ name, exact: true }), SCORE.roleWithName + EXACT_PENALTY, false);
        for (const alt of textAlternatives(name)) one(role({ name: alt.text }), SCORE.roleWithName - alt.bonus, false);
      } else {
        one(role({}), SCORE.roleWithoutName, false);
        const content = noText ? '' : this.index.textContentAt(i).replace(/\s+/g, ' ').trim();
        for (const alt of content ? textAlternatives(content) : []) {
          const filter: Step = { kind: 'filter', options: { hasText: alt.text } };
          out.push({ tokens: [this.unmerged({ step: role({}), score: SCORE.roleWithoutName }), { step: filter, score: penalised(SCORE.text - alt.bonus, filter) }], text: true });
        }
      }
    }
    return out;
  }
}

function nth(index: number): Token {
  return { step: { kind: 'nth', index }, score: SCORE.nth };
}

/** Whether a node's accessible name comes from its content rather than a label of its own. */
function nameFromContent(n: Node): boolean {
  return n.kind === 'web' ? n.platform.nameFrom === 'contents' : !n.contentDescription;
}

/** A text-like score grows by one per ten characters of what the step quotes, up to the text range (Playwright's penalizeScoreForLength). */
function penalised(score: number, step: Step): number {
  if (score <= SCORE.beginPenalized || score >= SCORE.endPenalized) return score;
  return score + Math.min(TEXT_SCORE_RANGE, Math.floor(selectorToCode([step]).length / 10));
}

/**
 * The loose forms of a text worth trying (Playwright's suitableTextAlternatives): without a leading
 * or trailing number (a count or price that changes), the text itself when short, else cut at a word
 * boundary to 80 and to 30 characters. `bonus` lowers the score of the shorter forms.
 */
export function textAlternatives(text: string): { text: string; bonus: number }[] {
  let out: { text: string; bonus: number }[] = [];
  const leading = /^([\d.,]+)[^.,\w]/.exec(text);
  if (leading) {
    const alt = trimWordBoundary(text.slice(leading[1]!.length).trimStart(), 80);
    out.push({ text: alt, bonus: alt.length <= 30 ? 2 : 1 });
  }
  const trailing = /[^.,\w]([\d.,]+)$/.exec(text);
  if (trailing) {
    const alt = trimWordBoundary(text.slice(0, text.length - trailing[1]!.length).trimEnd(), 80);
    out.push({ text: alt, bonus: alt.length <= 30 ? 2 : 1 });
  }
  if (text.length <= 30) out.push({ text, bonus: 0 });
  else out.push({ text: trimWordBoundary(text, 80), bonus: 0 }, { text: trimWordBoundary(text, 30), bonus: 1 });
  out = out.filter((a) => a.text);
  if (!out.length) out.push({ text: text.slice(0, 80), bonus: 0 });
  return out;
}

function trimWordBoundary(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const m = /^(.*)\b(.+?)$/s.exec(cut);
  return m ? m[1]!.trimEnd() : '';
}
