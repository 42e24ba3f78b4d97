/**
 * The accessibility audit (DESIGN §8): the Android Accessibility Test Framework's checks as rules with
 * stable ids, severities and messages that give the measured value against the threshold, in dp via
 * each root's density. Linear in the node count: one context pass (a11y-context.ts), one pass of the
 * per-node rules, and the duplicate rules grouped through maps (a11y-rules.ts).
 *
 * Severities: each rule has ATF's (A11Y_RULES); `rules` in the options replaces it or turns the rule
 * off. Where ATF itself is unsure it reports one step lower (a small target whose big clickable
 * ancestor may take the touch; duplicate text on non-clickable nodes only; an image without a
 * description that no screen reader stops on; a colour value that cannot be read), and so do we,
 * relative to the configured severity.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { SEVERITY_ORDER, type Finding, type Severity } from './finding.js';
import { outlineLine } from '../render/outline.js';
import { TargetError } from '../errors.js';
import { AuditContext } from './a11y-context.js';
import {
  A11Y_RULE_IDS, A11Y_RULES, DEFAULT_A11Y_THRESHOLDS, DuplicateBounds, DuplicateText, editableContentDescription, redundantDescription,
  meetsTarget, speakableText, textContrast, touchTarget, type A11yRuleId, type A11yThresholds, type Hit,
} from './a11y-rules.js';

export { A11Y_RULE_IDS, A11Y_RULES, DEFAULT_A11Y_THRESHOLDS, type A11yRuleId, type A11yRuleInfo, type A11yThresholds } from './a11y-rules.js';

export type RuleSetting = Severity | 'off';

export interface A11yOptions {
  /** Per rule: a severity replacing the default, or 'off'. Rules not named keep their default. */
  rules?: Partial<Record<A11yRuleId, RuleSetting>>;
  thresholds?: Partial<A11yThresholds>;
  /**
   * Audit only this node's subtree. The rest of the screen is still context: a node inside that
   * shares its text or bounds with one outside is reported.
   */
  within?: Node;
  /** Nodes (with their subtrees) never reported. They remain context for the duplicate rules. */
  ignore?: (node: Node) => boolean;
}

const SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'info', 'off'];
const LOWER: Record<Severity, Severity> = { error: 'warning', warning: 'info', info: 'info' };
const RULE_RANK = new Map<string, number>(A11Y_RULE_IDS.map((id, k) => [id, k]));

type NodeRule = (c: AuditContext, i: number) => Hit | null;
const NODE_RULES: ReadonlyArray<[A11yRuleId, NodeRule]> = [
  ['touch-target', touchTarget],
  ['text-contrast', textContrast],
  ['speakable-text', speakableText],
  ['editable-content-description', editableContentDescription],
  ['redundant-description', redundantDescription],
];

/**
 * Every accessibility finding on the snapshot (all roots), sorted by severity, then document order,
 * then rule. Pure: the same snapshot and options give the same findings.
 */
export function audit(snapshot: Snapshot, options: A11yOptions = {}): Finding[] {
  const severity = ruleSeverities(options.rules);
  const thresholds = checkThresholds(options.thresholds);
  if (options.ignore !== undefined && typeof options.ignore !== 'function') {
    throw new TargetError('invalid_arguments', 'audit: `ignore` must be a function (node) => boolean', { hint: 'In toPassA11y, pass locators: { ignore: [device.byTag(…)] }.' });
  }
  const c = new AuditContext(snapshot, {
    thresholds,
    within: options.within,
    ignore: options.ignore,
    meetsTarget,
  });

  const active = NODE_RULES.filter(([id]) => severity[id] !== 'off').map(([, rule]) => rule);
  // The duplicate rules see the whole screen (every root's nodes) and report only reportable ones; the
  // other rules see reportable nodes. One loop over the nodes for all of them.
  const text = severity['duplicate-speakable-text'] !== 'off' ? new DuplicateText(c) : null;
  const bounds = severity['duplicate-clickable-bounds'] !== 'off' ? new DuplicateBounds(c) : null;
  const hits: Hit[] = [];
  for (let i = 0; i < c.nodes.length; i++) {
    if (c.reportable(i)) {
      for (const rule of active) {
        const hit = rule(c, i);
        if (hit) hits.push(hit);
      }
    }
    text?.add(c, i);
    bounds?.add(c, i);
  }
  text?.settle(c, hits);
  bounds?.settle(c, hits);

  if (severity['text-contrast'] !== 'off') {
    for (const [i, bad] of c.badColors) {
      if (!c.reportable(i)) continue;
      hits.push({
        rule: 'text-contrast', at: i, demoted: true,
        message: `cannot check contrast: ${bad.map((b) => `${b.key} ${JSON.stringify(b.value)}`).join(', ')} ${bad.length === 1 ? 'is not a colour' : 'are not colours'} (#RGB, #RRGGBB or #AARRGGBB)`,
        measured: bad.map((b) => b.value).join(', '),
        data: { unreadable: bad },
      });
    }
  }

  const ranked = hits.map((h) => {
    const configured = severity[h.rule] as Severity;
    return { h, severity: h.demoted ? LOWER[configured] : configured };
  });
  ranked.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.h.at - b.h.at || RULE_RANK.get(a.h.rule)! - RULE_RANK.get(b.h.rule)!);
  return ranked.map(({ h, severity: sev }) => toFinding(c, h, sev));
}

function toFinding(c: AuditContext, h: Hit, severity: Severity): Finding {
  const node = c.nodes[h.at]!;
  const f: Finding = {
    check: 'a11y',
    rule: h.rule,
    severity,
    nodeId: node.id,
    rootId: c.rootOf(h.at).rootId,
    node: outlineLine(node),
    message: h.message,
  };
  if (h.measured !== undefined) f.measured = h.measured;
  if (h.threshold !== undefined) f.threshold = h.threshold;
  if (h.data !== undefined) f.data = h.data;
  return f;
}

function ruleSeverities(rules: A11yOptions['rules']): Record<A11yRuleId, RuleSetting> {
  const out = Object.fromEntries(A11Y_RULE_IDS.map((id) => [id, A11Y_RULES[id].severity])) as Record<A11yRuleId, RuleSetting>;
  if (rules === undefined) return out;
  if (rules === null || typeof rules !== 'object') {
    throw new TargetError('invalid_arguments', 'a11y options: `rules` must be an object of rule id → severity', { hint: `e.g. { rules: { 'touch-target': 'warning' } }` });
  }
  for (const [id, setting] of Object.entries(rules)) {
    if (!RULE_RANK.has(id)) {
      throw new TargetError('invalid_arguments', `a11y options: unknown rule ${JSON.stringify(id)}`, { hint: `Rules are: ${A11Y_RULE_IDS.join(', ')}.` });
    }
    if (setting === undefined) continue;
    if (!SETTINGS.includes(setting)) {
      throw new TargetError('invalid_arguments', `a11y options: rule ${JSON.stringify(id)} set to ${JSON.stringify(setting)}`, { hint: `Use one of ${SETTINGS.map((s) => `'${s}'`).join(', ')}.` });
    }
    out[id as A11yRuleId] = setting;
  }
  return out;
}

function checkThresholds(t: A11yOptions['thresholds']): A11yThresholds {
  const out = { ...DEFAULT_A11Y_THRESHOLDS };
  if (t === undefined) return out;
  for (const [key, value] of Object.entries(t)) {
    if (!(key in out)) {
      throw new TargetError('invalid_arguments', `a11y options: unknown threshold ${JSON.stringify(key)}`, { hint: `Thresholds are: ${Object.keys(out).join(', ')}.` });
    }
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new TargetError('invalid_arguments', `a11y options: threshold ${key} must be a positive number, got ${JSON.stringify(value)}`, { hint: `The default is ${out[key as keyof A11yThresholds]}.` });
    }
    out[key as keyof A11yThresholds] = value;
  }
  return out;
}
