/**
 * The accessibility rules on a web page, in WCAG's terms where they differ from Android's ATF (DESIGN
 * §8): target size 24×24 CSS px with 2.5.8's spacing exception, text contrast (1.4.3) from Chromium's
 * computed colours and the effective background the importer found through the DOM ancestors (a
 * separate `info` finding where it cannot be told: a background image or gradient), and accessible
 * names (4.1.2, 1.1.1) as Chromium computes them, for buttons, links, images, form fields and selects.
 * Checked against axe-core's own verdicts (tests/web/axe.spec.ts). Pure.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { outlineLine } from '../outline/outline.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import { contrastRatio, compositeOver, formatColor, type Rgba } from '../common/color.js';
import type { Finding, Severity } from '../common/finding.js';
import { SEVERITY_ORDER } from '../common/finding.js';
import { SIZE_TARGET_ROLES, WEB_ROLES } from '../roles/web.js';

export const WEB_RULE_IDS = ['target-size', 'text-contrast', 'contrast-unknown', 'accessible-name'] as const;
export type WebRuleId = (typeof WEB_RULE_IDS)[number];

export interface WebThresholds {
  /** WCAG 2.5.8: 24 CSS px. */
  targetSizePx: number;
  contrast: number;
  contrastLarge: number;
}

/** Whether the snapshot is a web page (the web rules apply instead of ATF's). */
export function isWebSnapshot(snapshot: Snapshot): boolean {
  return snapshot.roots.length > 0 && snapshot.roots.every((r) => r.node.kind === 'web');
}

export interface WebAuditInput {
  severity: Record<string, Severity | 'off'>;
  thresholds: WebThresholds;
  within?: Node | undefined;
  ignore?: ((node: Node) => boolean) | undefined;
}

const rgba = (v: unknown): Rgba | null =>
  Array.isArray(v) && v.length >= 3 ? { r: Number(v[0]), g: Number(v[1]), b: Number(v[2]), a: v.length > 3 ? Number(v[3]) : 1 } : null;

const exposed = (n: Node) => n.platform.axIgnored === undefined;

/** Every web finding, sorted by severity, document order, then rule. */
export function auditWeb(snapshot: Snapshot, input: WebAuditInput): Finding[] {
  const index = indexSnapshot(snapshot);
  const nodes = index.nodes;
  const n = nodes.length;
  // Scope and ignore, by document order; disabled subtrees (contrast does not apply to inactive UI).
  const from = input.within ? index.order.get(input.within) ?? 0 : 0;
  const to = input.within ? index.subtreeEnd.get(input.within) ?? n : n;
  const ignored = new Uint8Array(n), disabled = new Uint8Array(n), hidden = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const m = nodes[i]!, p = index.parent.get(m);
    const pi = p ? index.order.get(p)! : -1;
    ignored[i] = (pi >= 0 && ignored[pi]) || input.ignore?.(m) ? 1 : 0;
    disabled[i] = (pi >= 0 && disabled[pi]) || !m.enabled ? 1 : 0;
    hidden[i] = (pi >= 0 && hidden[pi]) || !m.visible ? 1 : 0;
  }
  const reportable = (i: number) => i >= from && i < to && !ignored[i];
  const out: Array<{ f: Finding; at: number }> = [];
  const add = (rule: WebRuleId, i: number, body: Omit<Finding, 'check' | 'rule' | 'severity' | 'nodeId' | 'rootId' | 'node'>) => {
    const sev = input.severity[rule];
    if (!sev || sev === 'off' || !reportable(i)) return;
    const node = nodes[i]!;
    out.push({ at: i, f: { check: 'a11y', rule, severity: sev, nodeId: node.id, rootId: index.root.get(node)!.rootId, node: outlineLine(node), ...body } });
  };

  // Targets: exposed, enabled, shown widgets with a box.
  const targets: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = nodes[i]!;
    const box = m.layoutBounds;
    // On screen (nobody aims at a target scrolled or clipped out of view), sized by its whole box.
    if (!exposed(m) || hidden[i] || disabled[i] || !box || box.width <= 0 || box.height <= 0 || m.bounds.width <= 0 || m.bounds.height <= 0) continue;
    if (m.rawRole && SIZE_TARGET_ROLES.has(m.rawRole) && m.focusable) targets.push(i);
  }

  for (let i = 0; i < n; i++) {
    const m = nodes[i]!;
    if (!exposed(m) || hidden[i]) continue;
    // accessible-name
    // An <input type=button|submit|reset|image> is a button whatever role it was given.
    const what = m.platform.element === 'input' && /^(button|submit|reset|image)$/.test(String(m.platform.inputType)) ? 'a button'
      : m.rawRole ? WEB_ROLES.get(m.rawRole)?.needsName : undefined;
    if (what && !(m.contentDescription ?? '').trim() && !(m.rawRole === 'image' && m.platform.element === 'svg' && !m.focusable)) {
      add('accessible-name', i, {
        message: `${what} without an accessible name (Chromium computes none: no content, label, aria-label, aria-labelledby or title)`,
        measured: '""', threshold: 'a non-empty name',
        data: { role: m.rawRole, wcag: m.rawRole === 'image' || m.rawRole === 'img' ? '1.1.1' : '4.1.2' },
      });
    }
    // text-contrast / contrast-unknown
    if (m.rawRole === 'StaticText' && (m.text ?? '').trim() && !disabled[i] && m.bounds.width > 0 && m.bounds.height > 0) {
      const fg = rgba(m.platform.color), bg = rgba(m.platform.background);
      if (typeof m.platform.contrastUnknown === 'string') {
        add('contrast-unknown', i, { message: `cannot tell the text's contrast: it is drawn over ${m.platform.contrastUnknown}`, data: { reason: m.platform.contrastUnknown } });
      } else if (fg && bg) {
        const shown = compositeOver(fg, bg);
        const ratio = contrastRatio(shown, bg);
        const px = typeof m.platform.fontSizePx === 'number' ? m.platform.fontSizePx : 16;
        const weight = typeof m.platform.fontWeight === 'number' ? m.platform.fontWeight : 400;
        // WCAG large text: 18 pt (24 CSS px), or 14 pt (18.66 px) bold.
        const large = px >= 24 || (px >= 18.66 && weight >= 700);
        const required = large ? input.thresholds.contrastLarge : input.thresholds.contrast;
        if (required - ratio > 0.005) {
          add('text-contrast', i, {
            message: `contrast ${ratio.toFixed(2)}:1 < ${required}:1 (${formatColor(shown)} on ${formatColor(bg)}, ${px}px${weight >= 700 ? ' bold' : ''}${large ? ': large text' : ''})`,
            measured: Math.round(ratio * 100) / 100, threshold: required,
            data: { foreground: formatColor(shown), background: formatColor(bg), largeText: large, fontSizePx: px, wcag: '1.4.3' },
          });
        }
      }
    }
  }

  targetSize(index, targets, input.thresholds.targetSizePx, (i, body) => add('target-size', i, body));

  out.sort((a, b) => SEVERITY_ORDER[a.f.severity] - SEVERITY_ORDER[b.f.severity] || a.at - b.at || WEB_RULE_IDS.indexOf(a.f.rule as WebRuleId) - WEB_RULE_IDS.indexOf(b.f.rule as WebRuleId));
  return out.map((x) => x.f);
}

/**
 * WCAG 2.5.8: a target at least `min`×`min`, or an undersized one whose `min`-diameter circle around its
 * centre meets no other target and no other undersized target's circle. Targets nested in each other
 * (a link around an image) are not each other's neighbours. Neighbours are found through a grid of
 * `min`-sized cells, so the rule stays near linear.
 */
function targetSize(index: ReturnType<typeof indexSnapshot>, targets: number[], min: number, report: (i: number, body: Omit<Finding, 'check' | 'rule' | 'severity' | 'nodeId' | 'rootId' | 'node'>) => void): void {
  const r = min / 2;
  const box = (i: number) => index.nodes[i]!.layoutBounds!;
  const small = (i: number) => box(i).width < min - 0.01 || box(i).height < min - 0.01;
  const nested = (a: number, b: number) => (a < b ? b < index.ends[a]! : a < index.ends[b]!);
  const grid = new Map<string, number[]>();
  for (const t of targets) {
    const b = box(t);
    const x2 = Math.floor((b.x + b.width) / min), y2 = Math.floor((b.y + b.height) / min);
    // A huge target spans many cells; cap it: it is never small and only its edges near a small one matter.
    if ((x2 - Math.floor(b.x / min) + 1) * (y2 - Math.floor(b.y / min) + 1) > 4096) continue;
    for (let cx = Math.floor(b.x / min); cx <= x2; cx++) for (let cy = Math.floor(b.y / min); cy <= y2; cy++) {
      const k = `${cx},${cy}`;
      (grid.get(k) ?? grid.set(k, []).get(k)!).push(t);
    }
  }
  for (const t of targets) {
    if (!small(t)) continue;
    const b = box(t);
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    let conflict: number | null = null;
    const seen = new Set<number>();
    for (let gx = Math.floor((cx - 2 * r) / min); gx <= Math.floor((cx + 2 * r) / min) && conflict === null; gx++) {
      for (let gy = Math.floor((cy - 2 * r) / min); gy <= Math.floor((cy + 2 * r) / min) && conflict === null; gy++) {
        for (const o of grid.get(`${gx},${gy}`) ?? []) {
          if (o === t || seen.has(o) || nested(t, o)) continue;
          seen.add(o);
          const ob = box(o);
          // The circle meets the other target's box…
          const dx = Math.max(ob.x - cx, 0, cx - (ob.x + ob.width)), dy = Math.max(ob.y - cy, 0, cy - (ob.y + ob.height));
          if (dx * dx + dy * dy < r * r - 0.01) { conflict = o; break; }
          // …or the other undersized target's circle.
          if (small(o)) {
            const ox = ob.x + ob.width / 2, oy = ob.y + ob.height / 2;
            if ((ox - cx) ** 2 + (oy - cy) ** 2 < (2 * r) ** 2 - 0.01) { conflict = o; break; }
          }
        }
      }
    }
    if (conflict === null) continue;
    const size = `${fmt(b.width)}×${fmt(b.height)}`;
    report(t, {
      message: `target ${size} CSS px < ${min}×${min}, and its ${min} px circle meets ${outlineLine(index.nodes[conflict]!)} (WCAG 2.5.8 spacing)`,
      measured: size, threshold: `${min}×${min}`,
      data: { width: b.width, height: b.height, neighbour: index.nodes[conflict]!.id, wcag: '2.5.8' },
    });
  }
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}
