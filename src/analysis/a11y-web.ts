/**
 * The accessibility rules on a web page, in WCAG 2.2's terms where they differ from Android's ATF
 * (docs/design.md §8), each with the axe-core rule that judges the same elements; checked against
 * axe-core run live on the same pages (tests/helpers/axe-compare.ts, bench/web.ts):
 * - target-size: WCAG 2.5.8 Target Size (Minimum), axe `target-size`. 24×24 CSS px or 2.5.8's spacing
 *   exception; targets in running text are exempt (targetSize below says how each is picked).
 * - text-contrast: WCAG 1.4.3 Contrast (Minimum), axe `color-contrast`. Chromium's computed colours
 *   over the effective background the importer found through the DOM ancestors, with the text's
 *   shadows (withShadows below).
 * - contrast-unknown: WCAG 1.4.3 where it cannot be computed (a background image or gradient): `info`.
 * - accessible-name: WCAG 4.1.2 Name, Role, Value and 1.1.1 Non-text Content, axe `button-name`,
 *   `input-button-name`, `link-name`, `image-alt`, `role-img-alt`, `svg-img-alt`, `input-image-alt`,
 *   `label`, `select-name`, `aria-input-field-name`, `aria-command-name`, `aria-toggle-field-name`
 *   (nameNeed below). Names are Chromium's, used as they are. Pure.
 */
import type { Node, Snapshot } from '../model/schema.js';
import { outlineLine } from '../outline/outline.js';
import { indexSnapshot } from '../query/snapshot-index.js';
import { contrastRatio, compositeOver, formatColor, type Rgba } from '../common/color.js';
import type { Finding, Severity } from '../common/finding.js';
import { SEVERITY_ORDER } from '../common/finding.js';
import { WIDGET_ROLES, WEB_ROLES } from '../roles/web.js';

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

  // Targets (WCAG 2.5.8, as axe-core's target-size picks them): exposed, enabled, shown, focusable
  // widgets with a box, wherever the page is scrolled (the page is judged, not the viewport). Every
  // target is a neighbour; a target is judged unless it sits in running text (the inline exception) or
  // is a widget kept out of the tab order inside one in it (a composite's inner part: the composite is
  // the target).
  const targets: number[] = [], judged: number[] = [];
  const tabbable = (m: Node) => m.focusable && !(typeof m.platform.tabIndex === 'number' && m.platform.tabIndex < 0);
  for (let i = 0; i < n; i++) {
    const m = nodes[i]!;
    const box = m.layoutBounds;
    if (!exposed(m) || hidden[i] || disabled[i] || !box || box.width <= 0 || box.height <= 0) continue;
    if (!m.rawRole || !WIDGET_ROLES.has(m.rawRole) || !m.focusable || m.platform.element === 'area') continue;
    targets.push(i);
    if (m.platform.inTextBlock === true) continue;
    if (!tabbable(m) && widgetAncestorInTabOrder(index, m, tabbable)) continue;
    judged.push(i);
  }

  for (let i = 0; i < n; i++) {
    const m = nodes[i]!;
    if (!exposed(m) || hidden[i]) continue;
    const need = nameNeed(m);
    if (need && !named(m) && !(need.visibleText && hasVisibleText(index, i, hidden))) {
      add('accessible-name', i, {
        message: `${need.what} without an accessible name (Chromium computes none${m.platform.nameAttribute === 'type' ? ' but its type\'s default' : ''}: no ${need.visibleText ? 'visible text, ' : ''}label, aria-label, aria-labelledby${need.what.includes('image') ? ', alt' : ''} or title)`,
        measured: JSON.stringify(m.contentDescription ?? ''), threshold: 'a non-empty name',
        data: { role: m.rawRole, element: m.platform.element ?? null, wcag: need.wcag, axe: need.axe },
      });
    }
    // text-contrast / contrast-unknown
    // Wherever the page is scrolled: the page is judged, not the viewport.
    if (m.rawRole === 'StaticText' && (m.text ?? '').trim() && !disabled[i] && m.layoutBounds && m.layoutBounds.width > 0 && m.layoutBounds.height > 0) {
      const fg = rgba(m.platform.color), bg = rgba(m.platform.background);
      if (typeof m.platform.contrastUnknown === 'string') {
        add('contrast-unknown', i, { message: `cannot tell the text's contrast: it is drawn over ${m.platform.contrastUnknown}`, data: { reason: m.platform.contrastUnknown } });
      } else if (fg && bg) {
        const px = typeof m.platform.fontSizePx === 'number' ? m.platform.fontSizePx : 16;
        const lit = withShadows(fg, bg, Array.isArray(m.platform.textShadows) ? m.platform.textShadows as Shadow[] : [], px);
        if (lit === null) continue;
        const shown = compositeOver(fg, lit.bg);
        const ratio = lit.ratio;
        const weight = typeof m.platform.fontWeight === 'number' ? m.platform.fontWeight : 400;
        // WCAG large text: 18 pt (24 CSS px), or 14 pt (18.66 px) bold.
        const large = px >= 24 || (px >= 18.66 && weight >= 700);
        const required = large ? input.thresholds.contrastLarge : input.thresholds.contrast;
        if (required - ratio > 0.005) {
          add('text-contrast', i, {
            message: `contrast ${ratio.toFixed(2)}:1 < ${required}:1 (${formatColor(shown)} on ${formatColor(lit.bg)}${lit.shadow ? ` with a ${formatColor(lit.shadow)} text-shadow` : ''}, ${px}px${weight >= 700 ? ' bold' : ''}${large ? ': large text' : ''})`,
            measured: Math.round(ratio * 100) / 100, threshold: required,
            data: { foreground: formatColor(shown), background: formatColor(lit.bg), largeText: large, fontSizePx: px, wcag: '1.4.3' },
          });
        }
      }
    }
  }

  targetSize(index, targets, judged, input.thresholds.targetSizePx, (i, body) => add('target-size', i, body));

  out.sort((a, b) => SEVERITY_ORDER[a.f.severity] - SEVERITY_ORDER[b.f.severity] || a.at - b.at || WEB_RULE_IDS.indexOf(a.f.rule as WebRuleId) - WEB_RULE_IDS.indexOf(b.f.rule as WebRuleId));
  return out.map((x) => x.f);
}

type Index = ReturnType<typeof indexSnapshot>;

type Shadow = { color: [number, number, number, number]; x: number; y: number; blur: number };

/** One colour over another as axe-core flattens shadows (straight alpha over what lies beneath). */
function flatten(top: Rgba, under: Rgba): Rgba {
  const a = top.a;
  return { r: (1 - a) * under.r + a * top.r, g: (1 - a) * under.g + a * top.g, b: (1 - a) * under.b + a * top.b, a: top.a + under.a * (1 - top.a) };
}

/**
 * The colours a text's shadows lend it, as axe-core reads them (getTextShadowColors): a shadow blurred
 * at least `minRatio` em is a glow, faded by its blur (none when offset beyond its blur); thinner ones
 * are an outline only where one colour surrounds the glyphs on all four sides (0.5 px offsets and up;
 * more solid the more of them, opaque beyond 1.5 px). Shadows blurred `maxRatio` em or more are left
 * out. null: an outline on two or three sides, which no single colour stands for.
 */
function shadowColors(shadows: readonly Shadow[], px: number, minRatio: number, maxRatio: number, anyEdges: boolean): Rgba[] | null {
  const out: Rgba[] = [];
  let thin: Shadow[] = [];
  const outline = (): boolean => {
    const byColor = new Map<string, { color: Rgba; sides: number[][] }>();
    for (const s of thin) {
      const key = s.color.join(',');
      const g = byColor.get(key) ?? byColor.set(key, { color: rgba(s.color)!, sides: [[], [], [], []] }).get(key)!;
      if (s.x > 0.5) g.sides[1]!.push(s.x); else if (-s.x > 0.5) g.sides[3]!.push(-s.x);
      if (s.y > 0.5) g.sides[2]!.push(s.y); else if (-s.y > 0.5) g.sides[0]!.push(-s.y);
    }
    thin = [];
    for (const { color, sides } of byColor.values()) {
      const edges = sides.filter((x) => x.length).length;
      if (edges > 1 && edges < 4 && !anyEdges) return false;
      if (edges !== 4) continue;
      const solid = sides.every((x) => x.every((o) => o > 1.5));
      const density = sides.reduce((d, x) => d + x.length / 4, 0);
      out.push(solid ? color : { ...color, a: 1 - 0.54 ** density });
    }
    return true;
  };
  const size = Math.trunc(px);
  for (const s of shadows) {
    if (s.blur >= size * maxRatio) continue;
    if (s.blur < size * minRatio) { thin.push(s); continue; }
    if (thin.length && !outline()) return null;
    const c = rgba(s.color)!;
    // A shadow pushed further right or down than it is blurred stands apart from the glyphs.
    out.push(s.x > s.blur || s.y > s.blur
      ? { r: 0, g: 0, b: 0, a: 0 }
      : { ...c, a: c.a * (s.blur === 0 ? 1 : 0.185 / (s.blur / size + 0.4)) });
  }
  if (thin.length && !outline()) return null;
  return out;
}

/**
 * Text contrast with its shadows (WCAG 1.4.3 as axe-core's color-contrast weighs them): wide glows
 * (0.2 em and more) tint the background; outlines and narrower glows are a third colour, and the text
 * passes when any two of text, shadow and background differ enough. null: shadows no colour stands for.
 */
function withShadows(fg: Rgba, bg: Rgba, shadows: readonly Shadow[], px: number): { bg: Rgba; ratio: number; shadow: Rgba | null } | null {
  if (!shadows.length) return { bg, ratio: contrastRatio(compositeOver(fg, bg), bg), shadow: null };
  const under = shadowColors(shadows, px, 0.2, Infinity, true) ?? [];
  const back = under.length ? flatten(under.reduce(flatten), bg) : bg;
  const near = shadowColors(shadows, px, 0.001, 0.2, false);
  if (near === null) return null;
  const shown = compositeOver(fg, back);
  const plain = contrastRatio(shown, back);
  if (!near.length) return { bg: back, ratio: plain, shadow: null };
  const shadow = [...near, back].reduce(flatten);
  return { bg: back, ratio: Math.max(plain, contrastRatio(shadow, back), contrastRatio(shown, shadow)), shadow };
}

/** Whether a widget ancestor of `m` is in the tab order (axe-core: then `m`, kept out of it, is part of that widget). */
function widgetAncestorInTabOrder(index: Index, m: Node, tabbable: (m: Node) => boolean): boolean {
  for (let p = index.parent.get(m); p; p = index.parent.get(p)) {
    if (p.rawRole && WIDGET_ROLES.has(p.rawRole) && tabbable(p)) return true;
  }
  return false;
}

const IMAGE_ROLE_ATTRIBUTE = /^\s*(img|image|graphics-document|graphics-symbol)(\s|$)/;

interface NameNeed {
  /** How the finding calls the node. */
  what: string;
  wcag: '1.1.1' | '4.1.2';
  /** The axe-core rule that judges the same elements. */
  axe: string;
  /** Visible text inside it is a name to a sighted user (axe-core's has-visible-text: buttons and links). */
  visibleText: boolean;
}

/**
 * Which exposed nodes need a name, by element where HTML fixes the job whatever role is given (a
 * <button>, an <img>, an image or button <input>: axe-core's button-name, image-alt, input-image-alt,
 * input-button-name), else by Chromium's role (roles/web.ts needsName: links, form fields, selects,
 * tabs, menu items, options). An image needs one when it is an <img> or says role="img" (an <svg>
 * Chromium calls an image by its own default is not asked; svg-img-alt, role-img-alt); an image CSS
 * generates (`content: url(…)` on a pseudo-element) has no element to name and is decoration.
 */
function nameNeed(m: Node): NameNeed | null {
  const element = typeof m.platform.element === 'string' ? m.platform.element : '';
  const role = m.rawRole ?? '';
  if (element === 'input' && /^(button|submit|reset|image)$/.test(String(m.platform.inputType))) {
    return m.platform.inputType === 'image'
      ? { what: 'an image button', wcag: '1.1.1', axe: 'input-image-alt', visibleText: false }
      : { what: 'a button', wcag: '4.1.2', axe: 'input-button-name', visibleText: false };
  }
  if (element === 'button') return { what: 'a button', wcag: '4.1.2', axe: 'button-name', visibleText: true };
  const explicitImage = IMAGE_ROLE_ATTRIBUTE.test(String(m.platform.roleAttribute ?? ''));
  if (element === 'img' || explicitImage) return { what: 'an image', wcag: '1.1.1', axe: element === 'img' ? 'image-alt' : element === 'svg' ? 'svg-img-alt' : 'role-img-alt', visibleText: false };
  if (role === 'image' || role === 'img') return null;
  const what = WEB_ROLES.get(role)?.needsName;
  if (!what) return null;
  return { what, wcag: '4.1.2', axe: role === 'link' ? 'link-name' : 'aria-name', visibleText: role === 'link' || role === 'button' };
}

/** Chromium's name, unless it is only an image button's default ("Submit": its type, no text alternative). */
function named(m: Node): boolean {
  return !!(m.contentDescription ?? '').trim() && !(m.platform.inputType === 'image' && m.platform.nameAttribute === 'type');
}

/** Shown text in the node's subtree (a link around a heading or an article shows its words even where its name leaves them out). */
function hasVisibleText(index: Index, i: number, hidden: Uint8Array): boolean {
  for (let k = i + 1; k < index.ends[i]!; k++) {
    const t = index.nodes[k]!;
    if (t.rawRole === 'StaticText' && !hidden[k] && (t.text ?? '').trim()) return true;
  }
  return false;
}

/**
 * WCAG 2.5.8: a target at least `min`×`min`, or an undersized one whose `min`-diameter circle around its
 * centre meets no other target and no other undersized target's circle. A target inside another (a
 * button inside a link) has the outer one as its neighbour: its centre lies in it, so a pointer meant
 * for one may take the other; the outer one is not judged against what it holds. Neighbours are found through a grid of
 * `min`-sized cells, so the rule stays near linear.
 */
function targetSize(index: ReturnType<typeof indexSnapshot>, targets: number[], judged: number[], min: number, report: (i: number, body: Omit<Finding, 'check' | 'rule' | 'severity' | 'nodeId' | 'rootId' | 'node'>) => void): void {
  const r = min / 2;
  const box = (i: number) => index.nodes[i]!.layoutBounds!;
  const small = (i: number) => box(i).width < min - 0.01 || box(i).height < min - 0.01;
  const fixedAt = (i: number) => index.nodes[i]!.platform.fixed === true;
  // o inside t: part of what t's box holds, not a neighbour of it.
  const inside = (t: number, o: number) => t < o && o < index.ends[t]!;
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
  for (const t of judged) {
    if (!small(t)) continue;
    const b = box(t);
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    let conflict: number | null = null;
    const seen = new Set<number>();
    for (let gx = Math.floor((cx - 2 * r) / min); gx <= Math.floor((cx + 2 * r) / min) && conflict === null; gx++) {
      for (let gy = Math.floor((cy - 2 * r) / min); gy <= Math.floor((cy + 2 * r) / min) && conflict === null; gy++) {
        for (const o of grid.get(`${gx},${gy}`) ?? []) {
          // A fixed target and a scrolling one are near each other only at one scroll position.
          if (o === t || seen.has(o) || inside(t, o) || fixedAt(o) !== fixedAt(t)) continue;
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
