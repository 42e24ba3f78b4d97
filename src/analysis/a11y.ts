/**
 * The accessibility audit (docs/design.md §8): the Android Accessibility Test Framework's checks as rules with
 * stable ids, severities and messages that give the measured value against the threshold, each window
 * judged by its platform's rules and in its unit (roles/platforms.ts, a11y-platform.ts: dp via the
 * root's density on Android, pt on Apple; no touch-target rule on the pointer platforms); a web page
 * by WCAG (a11y-web.ts). Linear in the node count: one context pass (a11y-context.ts), then one pass in
 * which every node meets the per-node rules and the duplicate rules' hash tables (a11y-rules.ts).
 *
 * Severities: each rule has ATF's (A11Y_RULES); `rules` in the options replaces it or turns the rule
 * off. Where ATF itself is unsure it reports one step lower, and so do we, relative to the configured
 * severity: a small target that a big clickable ancestor may serve, or that is clipped but big enough
 * unclipped; duplicate text on non-clickable nodes only; an unlabelled image no screen reader stops on;
 * a toggle that speaks only its state; a colour value that cannot be read.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { SEVERITY_ORDER, type Finding, type Severity } from '../common/finding.js';
import { outlineLine } from '../outline/outline.js';
import { TargetError } from '../errors.js';
import { AuditContext, F } from './a11y-context.js';
import { densityUnknown } from '../formats/density.js';
import { auditWeb, isWebSnapshot } from './a11y-web.js';
import { rootPlatforms, type NativePlatform } from './a11y-platform.js';
import {
  A11Y_RULE_IDS, A11Y_RULES, DEFAULT_A11Y_THRESHOLDS, DuplicateBounds, DuplicateText, editableContentDescription, redundantDescription,
  meetsTarget, speakableText, textContrast, touchTarget, type A11yRuleId, type A11yThresholds, type FindingBody, type NodeRule,
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
  /** false: findings name their node as the raw tree prints it (the rules still judge the merged view). */
  merged?: boolean;
  /**
   * Judge every window by this platform's rules instead of the one the snapshot tells
   * (a11y-platform.ts): e.g. 'desktop' for a desktop-only Compose app, whose tree does not say so.
   * A web page is always judged by the web's rules.
   */
  platform?: NativePlatform;
}

const SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'info', 'off'];
const LOWER: Record<Severity, Severity> = { error: 'warning', warning: 'info', info: 'info' };
const RULE_RANK = new Map<string, number>(A11Y_RULE_IDS.map((id, k) => [id, k]));

/** Verdict types differ per rule; a rule only ever sees its own verdicts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyNodeRule = NodeRule<any>;
const NODE_RULES: readonly AnyNodeRule[] = [touchTarget, textContrast, speakableText, editableContentDescription, redundantDescription];
const NODE_RULE_BY_ID = new Map(NODE_RULES.map((r) => [r.id, r]));

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
  // A web page is judged by WCAG where it differs from ATF (a11y-web.ts).
  if (isWebSnapshot(snapshot)) {
    return auditWeb(snapshot, { severity, thresholds, within: options.within, ignore: options.ignore });
  }
  const c = new AuditContext(snapshot, {
    thresholds,
    platforms: rootPlatforms(snapshot, options.platform),
    within: options.within,
    ignore: options.ignore,
    meetsTarget,
  });

  // A hit keeps the node rule's verdict until the end: words are made only for what is reported.
  interface Hit { rule: A11yRuleId; at: number; severity: Severity; detail: { verdict: unknown } | FindingBody }
  const hits: Hit[] = [];
  const add = (rule: A11yRuleId, at: number, demoted: boolean, detail: { verdict: unknown } | FindingBody) => {
    const configured = severity[rule] as Severity;
    hits.push({ rule, at, severity: demoted ? LOWER[configured] : configured, detail });
  };

  const active = NODE_RULES.filter((r) => severity[r.id] !== 'off');
  // The duplicate rules see the whole screen (every root's nodes) and report only reportable ones; the
  // other rules see reportable nodes. One loop over the nodes for all of them.
  const text = severity['duplicate-speakable-text'] !== 'off' ? new DuplicateText(c) : null;
  const bounds = severity['duplicate-clickable-bounds'] !== 'off' ? new DuplicateBounds(c) : null;
  for (let i = 0; i < c.nodes.length; i++) {
    if (c.reportable(i)) {
      for (const rule of active) {
        const v = rule.judge(c, i);
        if (v !== null) add(rule.id, i, rule.demoted(v), { verdict: v });
      }
    }
    text?.add(c, i);
    bounds?.add(c, i);
  }
  text?.settle(c, add);
  bounds?.settle(c, add);

  if (severity['unknown-density'] !== 'off') unknownDensity(snapshot, c, add);

  if (severity['text-contrast'] !== 'off') {
    for (const [i, bad] of c.badColors) {
      if (!c.reportable(i)) continue;
      add('text-contrast', i, true, {
        message: `cannot check contrast: ${bad.map((b) => `${b.key} ${JSON.stringify(b.value)}`).join(', ')} ${bad.length === 1 ? 'is not a colour' : 'are not colours'} (#RGB, #RRGGBB or #AARRGGBB)`,
        measured: bad.map((b) => b.value).join(', '),
        data: { unreadable: bad },
      });
    }
  }

  hits.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.at - b.at || RULE_RANK.get(a.rule)! - RULE_RANK.get(b.rule)!);
  // A node with several findings is named by one outline line.
  const lines = new Map<number, string>();
  return hits.map((h) => {
    const body = 'verdict' in h.detail ? NODE_RULE_BY_ID.get(h.rule)!.describe(c, h.at, h.detail.verdict) : h.detail;
    let line = lines.get(h.at);
    if (line === undefined) lines.set(h.at, (line = outlineLine(c.nodes[h.at]!, { snapshot, merged: options.merged !== false })));
    return toFinding(c, h.rule, h.at, h.severity, body, line);
  });
}

/**
 * One finding per px window at density 1 when the snapshot says its density is unknown (its
 * `unknown-density` warning, §4.1; a driver or `--density` that sets it drops the warning or
 * the density 1). The size rules still run: they judge px as dp, and this says so.
 */
function unknownDensity(snapshot: Snapshot, c: AuditContext, add: (rule: A11yRuleId, at: number, demoted: boolean, body: FindingBody) => void): void {
  if (!densityUnknown(snapshot)) return;
  // `within` narrows the audit to one window; the finding sits on that window's root node.
  const only = c.scopeStart < c.nodes.length && (c.scopeStart > 0 || c.scopeEnd < c.nodes.length) ? c.rootIndex[c.scopeStart]! : -1;
  c.roots.forEach((root, k) => {
    if (root.unit !== 'px' || root.density !== 1 || (only >= 0 && k !== only)) return;
    const at = c.index.facts.rootStart[k]!;
    if (c.flags[at]! & F.IGNORED) return;
    add('unknown-density', at, false, {
      message: `window ${root.rootId}: the screen density is unknown (the capture carries none), so sizes are judged as if 1 px = 1 dp and touch targets look larger than they are; ` +
        'pass the device density (`treewright verify --density <px per dp>`, e.g. 2.625 for 420 dpi) or capture through the adb driver, which reads `wm density`',
      measured: 'density 1 (unknown)',
      data: { unit: root.unit, density: root.density },
    });
  });
}

function toFinding(c: AuditContext, rule: A11yRuleId, at: number, severity: Severity, body: FindingBody, line: string): Finding {
  const node = c.nodes[at]!;
  const f: Finding = {
    check: 'a11y',
    rule,
    severity,
    nodeId: node.id,
    rootId: c.rootOf(at).rootId,
    node: line,
    message: body.message,
  };
  if (body.measured !== undefined) f.measured = body.measured;
  if (body.threshold !== undefined) f.threshold = body.threshold;
  if (body.data !== undefined) f.data = body.data;
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
