/**
 * The accessibility rules (docs/design.md §8), one function each, in the Android Accessibility Test Framework's
 * terms, with each platform's own thresholds and units where its source differs (roles/platforms.ts;
 * each rule's `source` names where it comes from). Each reads the facts computed for one node in the context's linear pass (a11y-context.ts),
 * testing the node's kind bits before it touches the node, and returns a hit or null; the two duplicate
 * rules group nodes through hash tables and settle once at the end. What each rule skips and how severe
 * it is follows ATF (its public checks, read for their behaviour); where we differ, the rule says why.
 */
import type { Node } from '../model/schema.js';
import type { Severity } from '../common/finding.js';
import { normalizeWhitespace } from '../query/text.js';
import { F, type AuditContext, type Contrast } from './a11y-context.js';
import { ACTIONABLE, CLICK_LIKE, FACT } from '../facts/node-facts.js';
import { parseFontWeight, parseLength } from '../common/values.js';
import { PLATFORMS } from '../roles/platforms.js';
import { isMenuSeparator, MAC_WINDOW_BUTTONS } from '../roles/apple.js';

export const A11Y_RULE_IDS = [
  'touch-target',
  'text-contrast',
  'speakable-text',
  'duplicate-speakable-text',
  'editable-content-description',
  'duplicate-clickable-bounds',
  'redundant-description',
  'unknown-density',
  // Web pages (a11y-web.ts: WCAG where it differs from ATF; text-contrast is shared by name).
  'target-size',
  'accessible-name',
  'contrast-unknown',
] as const;
export type A11yRuleId = (typeof A11Y_RULE_IDS)[number];

export interface A11yRuleInfo {
  id: A11yRuleId;
  /** The severity a finding gets unless the options change it (ATF's result type). */
  severity: Severity;
  /** ATF's check this rule follows. */
  atf: string;
  title: string;
  /** Where the rule and its numbers come from, per platform where they differ (roles/platforms.ts). */
  source: string;
}

const ATF = 'Android Accessibility Test Framework';
const NATIVE_TOUCH = `Android: ${PLATFORMS.android.touchTarget!.source}; iOS: ${PLATFORMS.ios.touchTarget!.source}; macOS and desktop Compose: none (pointer platforms)`;

export const A11Y_RULES: Readonly<Record<A11yRuleId, A11yRuleInfo>> = {
  'touch-target': {
    id: 'touch-target', severity: 'error', atf: 'TouchTargetSizeCheck',
    title: 'touch targets at least 48×48 dp on Android (32 dp against a screen edge) and 44×44 pt on iOS; macOS and desktop Compose are pointer platforms and have no touch-target rule',
    source: NATIVE_TOUCH,
  },
  'text-contrast': { id: 'text-contrast', severity: 'error', atf: 'TextContrastCheck', title: 'text contrast at least 4.5:1 (3:1 for large text)', source: `WCAG 2.2 SC 1.4.3 Contrast (Minimum), as the ${ATF}'s TextContrastCheck applies it` },
  'speakable-text': { id: 'speakable-text', severity: 'error', atf: 'SpeakableTextPresentCheck', title: 'focusable and image nodes have speakable text', source: `${ATF}, SpeakableTextPresentCheck; WCAG 2.2 SC 4.1.2 Name, Role, Value; on Apple platforms what VoiceOver speaks (label, else value)` },
  'duplicate-speakable-text': { id: 'duplicate-speakable-text', severity: 'warning', atf: 'DuplicateSpeakableTextCheck', title: 'clickable nodes do not share their speakable text', source: `${ATF}, DuplicateSpeakableTextCheck` },
  'editable-content-description': { id: 'editable-content-description', severity: 'error', atf: 'EditableContentDescCheck', title: 'editable fields have no content description', source: `${ATF}, EditableContentDescCheck` },
  'duplicate-clickable-bounds': { id: 'duplicate-clickable-bounds', severity: 'error', atf: 'DuplicateClickableBoundsCheck', title: 'clickable nodes do not share their bounds', source: `${ATF}, DuplicateClickableBoundsCheck` },
  'redundant-description': { id: 'redundant-description', severity: 'warning', atf: 'RedundantDescriptionCheck', title: 'descriptions do not repeat the type, state or action', source: `${ATF}, RedundantDescriptionCheck` },
  // Not an ATF check: ATF reads the density from the device. One finding per px window whose density
  // nobody supplied (a uiautomator dump), because every size rule then judges px as if they were dp.
  'unknown-density': { id: 'unknown-density', severity: 'warning', atf: '(none: ATF reads the device density)', title: 'the screen density is known, so sizes can be judged in dp', source: 'treewright: the size rules need px per dp' },
  'target-size': { id: 'target-size', severity: 'error', atf: '(web: WCAG 2.5.8 Target Size (Minimum); axe-core target-size)', title: 'pointer targets at least 24×24 CSS px, or spaced so a 24 px circle around each meets no other; targets in running text exempt', source: PLATFORMS.web.touchTarget!.source },
  'accessible-name': { id: 'accessible-name', severity: 'error', atf: '(web: WCAG 4.1.2 / 1.1.1; axe-core button-name, link-name, image-alt, label and the other name rules)', title: 'buttons, links, images, form fields and selects have an accessible name (Chromium\'s accname)', source: 'WCAG 2.2 SC 4.1.2 Name, Role, Value and SC 1.1.1 Non-text Content' },
  'contrast-unknown': { id: 'contrast-unknown', severity: 'info', atf: '(web: WCAG 1.4.3, not computable)', title: 'text whose background cannot be told (image, gradient) is named for a manual check', source: 'WCAG 2.2 SC 1.4.3 Contrast (Minimum)' },
};

export interface A11yThresholds {
  /** Android: minimum touch target side, dp (ATF: 48). */
  touchTargetDp: number;
  /** Android: minimum side for a target against a screen edge, in that dimension, dp (ATF: 32). */
  touchTargetEdgeDp: number;
  /** iOS: minimum touch target side, pt (Apple's HIG: 44). */
  touchTargetPt: number;
  /** Minimum contrast ratio of normal text (WCAG AA: 4.5). */
  contrast: number;
  /** Minimum contrast ratio of large text, ≥ 18 sp or ≥ 14 sp bold (WCAG AA: 3). */
  contrastLarge: number;
  /** Web pages: minimum target side, CSS px (WCAG 2.5.8: 24). */
  targetSizePx: number;
}

export const DEFAULT_A11Y_THRESHOLDS: Readonly<A11yThresholds> = {
  touchTargetDp: PLATFORMS.android.touchTarget!.min,
  touchTargetEdgeDp: PLATFORMS.android.touchTarget!.edgeMin!,
  touchTargetPt: PLATFORMS.ios.touchTarget!.min,
  contrast: 4.5,
  contrastLarge: 3,
  targetSizePx: PLATFORMS.web.touchTarget!.min,
};

/** What a finding says beyond its rule, severity and node. */
export interface FindingBody {
  message: string;
  measured?: number | string;
  threshold?: number | string;
  data?: Record<string, unknown>;
}

/**
 * A per-node rule in two steps: `judge` gives a small verdict (null: passes or not checked);
 * `describe` turns a verdict into words, once, for the findings that are reported.
 */
export interface NodeRule<V> {
  id: A11yRuleId;
  judge(c: AuditContext, i: number): V | null;
  /**
   * One step below the rule's severity, where ATF itself is unsure: a small target that a big clickable
   * ancestor may serve, or that is clipped but big enough unclipped; an unlabelled image no screen
   * reader stops on; a toggle that speaks only its state. (The duplicate rules demote duplicate text on
   * non-clickable nodes only; the audit, a colour value it cannot read.)
   */
  demoted(v: V): boolean;
  describe(c: AuditContext, i: number, v: V): FindingBody;
}

/** How the duplicate rules report: one finding at node `at`. */
export type Emit = (rule: A11yRuleId, at: number, demoted: boolean, body: FindingBody) => void;

/** ATF compares against the tolerance, so a 4.495 ratio passes 4.5. */
const CONTRAST_TOLERANCE = 0.01;
/** Bounds within half a unit of the window's edge touch it (px values may be fractional). */
const EDGE_SLACK = 0.5;

/** 15.238 → "15.2", 48 → "48" (fmt(v, 2): 4.4781 → "4.48"). */
export function fmt(v: number, digits = 1): string {
  const scale = digits === 1 ? 10 : 10 ** digits;
  return String(Math.round(v * scale) / scale);
}

// ── touch-target ────────────────────────────────────────────────────────────────────────────────

/** A platform's touch-target minimum (roles/platforms.ts, replaced by the thresholds), in its unit. */
export interface TargetMinimum {
  unit: 'dp' | 'pt';
  min: number;
  /** Against a screen edge, in that dimension; null where the platform's source gives the edge nothing. */
  edgeMin: number | null;
}

/**
 * The touch-target minimum of node i's window, by its platform (a11y-platform.ts): Android 48 dp
 * (32 dp against a screen edge, ATF), iOS 44 pt (Apple's HIG, no edge rule); null on the pointer
 * platforms (macOS, desktop Compose), which have no touch-target rule.
 */
export function targetMinimum(c: AuditContext, i: number): TargetMinimum | null {
  const platform = c.platformOf(i);
  if (platform === 'android') return { unit: 'dp', min: c.thresholds.touchTargetDp, edgeMin: c.thresholds.touchTargetEdgeDp };
  if (platform === 'ios') return { unit: 'pt', min: c.thresholds.touchTargetPt, edgeMin: null };
  return null;
}

interface TargetSize {
  /** The size in the platform's unit. */
  w: number;
  h: number;
  reqW: number;
  reqH: number;
  unit: TargetMinimum['unit'];
  edgeX: boolean;
  edgeY: boolean;
  ok: boolean;
}

/**
 * The node's on-screen size in its platform's unit against its required size. ATF's conventions,
 * kept for points too: sizes are the root's unit ÷ its density (px → dp; pt and dp are density 1),
 * rounded to whole units before the comparison (47.6 dp passes 48); on Android a target touching the
 * left or right edge of its window needs only the edge minimum in width, one touching the top or
 * bottom only in height. Asked only for nodes whose platform has a minimum.
 */
export function targetSize(c: AuditContext, i: number, w = c.facts.vw[i]!, h = c.facts.vh[i]!): TargetSize {
  const m = targetMinimum(c, i)!;
  const density = c.rootOf(i).density;
  const wu = w / density, hu = h / density;
  const edgeX = m.edgeMin !== null && atEdgeX(c, i), edgeY = m.edgeMin !== null && atEdgeY(c, i);
  const reqW = required(m, edgeX), reqH = required(m, edgeY);
  return { w: wu, h: hu, reqW, reqH, unit: m.unit, edgeX, edgeY, ok: Math.round(wu) >= reqW && Math.round(hu) >= reqH };
}

/** targetSize(c, i).ok, from the facts store's bounds columns: asked for every click-like node. True where no minimum applies. */
export function meetsTarget(c: AuditContext, i: number): boolean {
  const m = targetMinimum(c, i);
  if (m === null) return true;
  const density = c.rootOf(i).density;
  return Math.round(c.facts.vw[i]! / density) >= required(m, m.edgeMin !== null && atEdgeX(c, i)) && Math.round(c.facts.vh[i]! / density) >= required(m, m.edgeMin !== null && atEdgeY(c, i));
}

function required(m: TargetMinimum, atEdge: boolean): number {
  return atEdge && m.edgeMin !== null ? m.edgeMin : m.min;
}
// The visible rects from the facts store's columns, so no node is touched.
function atEdgeX(c: AuditContext, i: number): boolean {
  const { vx: bx, vw: bw } = c.facts, s = c.facts.rootStart[c.rootIndex[i]!]!;
  return Math.abs(bx[i]! - bx[s]!) < EDGE_SLACK || Math.abs(bx[i]! + bw[i]! - (bx[s]! + bw[s]!)) < EDGE_SLACK;
}
function atEdgeY(c: AuditContext, i: number): boolean {
  const { vy: by, vh: bh } = c.facts, s = c.facts.rootStart[c.rootIndex[i]!]!;
  return Math.abs(by[i]! - by[s]!) < EDGE_SLACK || Math.abs(by[i]! + bh[i]! - (by[s]! + bh[s]!)) < EDGE_SLACK;
}

/** Whether a node is clipped by an ancestor: its unclipped layout box is larger than what is on screen. */
function clipped(n: Node): boolean {
  return n.layoutBounds !== null && (n.layoutBounds.width > n.bounds.width + EDGE_SLACK || n.layoutBounds.height > n.bounds.height + EDGE_SLACK);
}

/**
 * Clickable, long-clickable, editable or Click-action nodes on screen, on the platforms that have a
 * touch-target minimum (targetMinimum: Android and iOS; not macOS or desktop Compose, where a pointer
 * aims), in the platform's unit (dp, pt). Measured on the visible rect (the facts store's: bounds cut
 * by the scrollers, lists and windows that clip them), as ATF measures boundsInScreen. Skipped, as ATF
 * does: invisible or fully off-screen nodes, and a target cut by its scroller's edge (FACT.CUT,
 * facts/clip.ts) or clipped inside a scrollable ancestor. Such a target is not judged at all rather
 * than by what it would measure scrolled into view: many sources (Android's boundsInScreen) give only
 * the part on screen, so that size is unknown, and judging the part would flag every row a list cuts;
 * it is judged once scrolled fully into view.
 * Demoted to warning, as ATF does: a clickable (long-clickable) ancestor that meets its own minimum may
 * take the touch; a node clipped by a non-scrolling ancestor whose unclipped size would pass.
 */
const TOUCH_FAILS = 1, TOUCH_BIG_ANCESTOR = 2, TOUCH_CLIPPED_OK = 4;

export const touchTarget: NodeRule<number> = {
  id: 'touch-target',
  judge(c, i) {
    if (!c.isAny(i, CLICK_LIKE) || !c.is(i, FACT.ON_SCREEN) || c.targetOk[i] || targetMinimum(c, i) === null) return null;
    const n = c.nodes[i]!;
    const flags = c.flags[i]!;
    const isClipped = clipped(n);
    if (isClipped && flags & F.UNDER_SCROLLABLE) return null;
    if (c.is(i, FACT.CUT)) return null; // cut by its scroller's edge: judged once scrolled into view (above)
    let v = TOUCH_FAILS;
    if ((c.is(i, FACT.CLICK) && flags & F.BIG_CLICK_ANCESTOR) || (c.is(i, FACT.LONG_CLICK) && flags & F.BIG_LONG_CLICK_ANCESTOR)) v |= TOUCH_BIG_ANCESTOR;
    if (isClipped && targetSize(c, i, n.layoutBounds!.width, n.layoutBounds!.height).ok) v |= TOUCH_CLIPPED_OK;
    return v;
  },
  demoted: (v) => (v & (TOUCH_BIG_ANCESTOR | TOUCH_CLIPPED_OK)) !== 0,
  describe(c, i, v) {
    const n = c.nodes[i]!;
    const s = targetSize(c, i);
    const notes: string[] = [];
    if (s.edgeX || s.edgeY) notes.push(`against the ${[s.edgeX ? 'left/right' : '', s.edgeY ? 'top/bottom' : ''].filter(Boolean).join(' and ')} edge of its window`);
    if (v & TOUCH_BIG_ANCESTOR) notes.push('a clickable ancestor of sufficient size may handle the touch');
    if (v & TOUCH_CLIPPED_OK) {
      const u = targetSize(c, i, n.layoutBounds!.width, n.layoutBounds!.height);
      notes.push(`clipped by an ancestor (unclipped ${fmt(u.w)}×${fmt(u.h)} ${s.unit})`);
    }
    const measured = `${fmt(s.w)}×${fmt(s.h)} ${s.unit}`;
    const threshold = `${s.reqW}×${s.reqH} ${s.unit}`;
    return {
      message: `${measured} < ${threshold}${notes.length ? ` (${notes.join('; ')})` : ''}`,
      measured, threshold,
      data: { unit: s.unit, width: round2(s.w), height: round2(s.h), requiredWidth: s.reqW, requiredHeight: s.reqH },
    };
  },
};

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

// ── text-contrast ───────────────────────────────────────────────────────────────────────────────

/**
 * A font size in sp, read by values.ts's parseLength ("22sp", "22.0sp", "22.0.sp", ".5sp"; a bare
 * number is sp): sp, dp and pt as sp (font scale 1), px ÷ the root's density; em or nonsense → null.
 */
function fontSizeSp(v: string | undefined, density: number): number | null {
  if (v === undefined) return null;
  const t = v.trim();
  const l = parseLength(/\d$/.test(t) ? `${t}sp` : t);
  if (!l || l.value <= 0 || l.unit === 'em') return null;
  return l.unit === 'px' ? l.value / density : l.value;
}

/** Android's Typeface.BOLD: weight ≥ 700, in any spelling values.ts's parseFontWeight reads. */
function isBold(v: string | undefined): boolean {
  const w = v === undefined ? null : parseFontWeight(v);
  return w !== null && w >= 700;
}

/**
 * Text on its background, from resolved design-token colours (a11y-context.ts names the keys). Skipped,
 * as ATF does: invisible or disabled nodes, nodes without text or hint, and nodes whose text or
 * background colour is unknown (ATF: "could not get" — not a finding). Unlike ATF, translucent colours
 * are composited (text over its background, a background over what lies beneath) instead of not run.
 */
interface ContrastVerdict {
  contrast: Contrast;
  required: number;
  sp: number | null;
  bold: boolean;
  large: boolean;
}

export const textContrast: NodeRule<ContrastVerdict> = {
  id: 'text-contrast',
  judge(c, i) {
    if (!(c.flags[i]! & F.TEXT_ON_COLOURS) || !c.is(i, FACT.ON_SCREEN)) return null;
    const n = c.nodes[i]!;
    if (!n.enabled) return null;
    const contrast = c.contrast(i)!;
    const ratio = contrast.ratio;
    // Most text passes whatever its size: then its font need not be read.
    if (Math.max(c.thresholds.contrast, c.thresholds.contrastLarge) - ratio <= CONTRAST_TOLERANCE) return null;
    const resolved = n.designToken?.resolved ?? {};
    const sp = fontSizeSp(resolved.fontSize, c.rootOf(i).density);
    const bold = isBold(resolved.fontWeight);
    const large = sp !== null && (sp >= 18 || (sp >= 14 && bold));
    const required = large ? c.thresholds.contrastLarge : c.thresholds.contrast;
    if (required - ratio <= CONTRAST_TOLERANCE) return null;
    return { contrast, required, sp, bold, large };
  },
  demoted: () => false,
  describe(_c, _i, { contrast: { fg, ratio, names }, required, sp, bold, large }) {
    const fgText = names.fg + (fg.a < 1 ? ` (shown as ${names.shown})` : '');
    const size = sp === null ? '' : `, ${fmt(sp)}sp${bold ? ' bold' : ''}${large ? ': large text' : ''}`;
    return {
      message: `contrast ${fmt(ratio, 2)}:1 < ${fmt(required, 2)}:1 (${fgText} on ${names.bg}${size})`,
      measured: round2(ratio), threshold: required,
      data: { foreground: names.fg, shownForeground: names.shown, background: names.bg, largeText: large, fontSizeSp: sp },
    };
  },
};

// ── speakable-text ──────────────────────────────────────────────────────────────────────────────

/**
 * What a screen reader would speak for the node: its accessible name as the platform's screen reader
 * composes it (the facts store: TalkBack's merge of non-focusable descendants, VoiceOver's label, else
 * value), else its hint; a macOS window button, which has neither, by its subrole (roles/apple.ts).
 */
export function speakable(c: AuditContext, i: number): string {
  const n = c.nodes[i]!;
  const said = c.index.nameAt(i) || n.hint || '';
  if (said || c.platformOf(i) !== 'macos' || n.tag === null) return normalizeWhitespace(said);
  return MAC_WINDOW_BUTTONS.get(n.tag) ?? '';
}

/**
 * A node a screen reader stops on, or an image, without anything to speak. Checked: visible nodes that
 * are actionable (clickable, long-clickable, focusable, editable, a Click action) or have role Button or
 * Image. Skipped, as ATF does: a container that has actionable descendants and nothing to say itself
 * (TalkBack skips it and stops on the descendants); a non-actionable node inside an actionable one (its
 * text belongs to that focus stop). An explicit empty description ("") on a non-actionable node marks
 * it decorative. Skipped on macOS: a menu separator (roles/apple.ts isMenuSeparator), a line VoiceOver
 * passes over. One step less severe: a toggle whose only speech is its state (ATF counts "Checked" as
 * speakable text and passes it; we still say it is unlabelled), and a non-actionable image without a
 * description (TalkBack does not stop on it, but it may carry meaning).
 */
export const speakableText: NodeRule<'unlabelled' | 'image' | 'inert' | 'toggle'> = {
  id: 'speakable-text',
  judge(c, i) {
    const role = c.role(i);
    if (!c.is(i, FACT.ON_SCREEN) || !(c.isAny(i, ACTIONABLE) || role === 'Button' || role === 'Image')) return null;
    const n = c.nodes[i]!;
    // A macOS menu separator is a line between items, not content: VoiceOver skips it.
    if (c.platformOf(i) === 'macos' && isMenuSeparator(n)) return null;
    // A node no one can operate or focus is only ever a warning: a screen reader does not stop on it
    // (an inert Button-role node, an unlabelled image), whatever its role says.
    const actionable = c.isAny(i, ACTIONABLE);
    const flags = c.flags[i]!;
    if (!actionable && (flags & F.UNDER_ACTIONABLE || n.contentDescription === '')) return null;
    if (speakable(c, i)) return null;
    if (actionable && flags & F.ACTIONABLE_DESCENDANT) return null;
    return !actionable ? (role === 'Image' ? 'image' : 'inert') : n.toggle !== null ? 'toggle' : 'unlabelled';
  },
  demoted: (v) => v !== 'unlabelled',
  describe(c, i, v) {
    const apple = c.platformOf(i) === 'ios' || c.platformOf(i) === 'macos';
    if (v === 'image') {
      return { message: apple
        ? 'image without a label (give it an accessibilityLabel, or hide it from VoiceOver with isAccessibilityElement = false if it is decorative)'
        : 'image without a description (give it one, or an empty description "" if it is decorative)' };
    }
    if (v === 'inert') return { message: `${c.nodes[i]!.role ?? 'node'} without speakable text that nothing can operate or focus (a screen reader skips it; if it is a control, make it actionable and label it)` };
    if (v === 'toggle') return { message: `toggle without a label: a screen reader says only its state ("${c.nodes[i]!.toggle}"), not what it turns on or off` };
    return { message: apple
      ? 'no speakable text: no label, title, value or placeholder, and no descendant text merges into it'
      : 'no speakable text: no description, text or hint, and no descendant text merges into it' };
  },
};

// ── editable-content-description ────────────────────────────────────────────────────────────────

/** An editable field labelled by a content description (ATF: error; a screen reader then never reads what was typed). */
export const editableContentDescription: NodeRule<string> = {
  id: 'editable-content-description',
  judge(c, i) {
    if (!c.is(i, FACT.DESCRIBED) || !(c.is(i, FACT.EDITABLE) || c.role(i) === 'TextField')) return null;
    return c.nodes[i]!.contentDescription!.trim() || null;
  },
  demoted: () => false,
  describe: (_c, _i, desc) => ({
    message: `editable field has a content description ${JSON.stringify(desc)}; label it with a hint or a separate label instead`,
    measured: desc,
  }),
};

// ── redundant-description ───────────────────────────────────────────────────────────────────────

/** ATF's English word lists: the item type, its state and the action, which TalkBack announces itself. */
const REDUNDANT_KIND = new Map<string, 'type' | 'state' | 'action'>([
  ['button', 'type'], ['checkbox', 'type'], ['check box', 'type'],
  ['checked', 'state'], ['unchecked', 'state'], ['selected', 'state'], ['unselected', 'state'],
  ['click', 'action'], ['tap', 'action'], ['swipe', 'action'],
]);
/** All the words in one pass; `check\s+box` also matches a line break or double space between the two. */
const REDUNDANT_WORDS = '\\b(button|checkbox|check\\s+box|unchecked|checked|unselected|selected|click|tap|swipe)\\b';
const REDUNDANT_ANY = new RegExp(REDUNDANT_WORDS, 'i');
const REDUNDANT_ALL = new RegExp(REDUNDANT_WORDS, 'gi');

/** A visible node's description containing a type, state or action word (ATF: warning). One hit per node. */
export const redundantDescription: NodeRule<string> = {
  id: 'redundant-description',
  judge(c, i) {
    if (!c.is(i, FACT.DESCRIBED | FACT.ON_SCREEN)) return null;
    const desc = c.nodes[i]!.contentDescription!;
    return REDUNDANT_ANY.test(desc) ? desc : null;
  },
  demoted: () => false,
  describe(_c, _i, desc) {
    const found: string[] = [];
    for (const m of desc.matchAll(REDUNDANT_ALL)) {
      const word = m[1]!.toLowerCase().replace(/\s+/, ' ');
      if (!found.includes(word)) found.push(word);
    }
    const kinds = [...new Set(found.map((w) => REDUNDANT_KIND.get(w)!))];
    return {
      message: `description ${JSON.stringify(desc)} contains ${found.map((w) => `"${w}"`).join(', ')}, which the screen reader already announces (${kinds.join(', ')})`,
      measured: desc,
      data: { words: found },
    };
  },
};

// ── duplicates ──────────────────────────────────────────────────────────────────────────────────

function othersList(c: AuditContext, others: readonly number[]): string {
  return others.slice(0, 5).map((o) => `#${c.nodes[o]!.id}`).join(', ') + (others.length > 5 ? ', …' : '');
}

/** Members of the groups that have two or more, in document order, keyed by their first member. */
function repeatedGroups(added: readonly number[], firstOf: Int32Array, size: Uint32Array): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const i of added) {
    const f = firstOf[i]!;
    if (size[f]! < 2) continue;
    const g = out.get(f);
    if (g) g.push(i);
    else out.set(f, [i]);
  }
  return out;
}

/**
 * Groups nodes by speakable text, per window (ATF looks at the active window: one screen). Members are
 * the nodes a screen reader stops on: actionable ones, and non-actionable ones with a label of their own
 * outside any actionable ancestor (text inside an actionable node is spoken as part of it). On Apple
 * platforms a non-actionable element that holds others is a container (an alert, a group): VoiceOver
 * stops on its elements, not on it, so it is no member. On macOS each menu is a context of its own:
 * a menu opens alone, so its items are compared with each other, not with the window or the other menus.
 */
export class DuplicateText {
  /** Per context (a window's root node, or a macOS menu): text → its first member. The texts are the index's own strings: no key is built. */
  private readonly first = new Map<number, Map<string, number>>();
  /** Each node's context, filled in document order (add is called for every node, parents first). */
  private readonly contextOf: Int32Array;
  private readonly firstOf: Int32Array;
  private readonly size: Uint32Array;
  private readonly added: number[] = [];
  constructor(c: AuditContext) {
    this.contextOf = new Int32Array(c.nodes.length);
    this.firstOf = new Int32Array(c.nodes.length);
    this.size = new Uint32Array(c.nodes.length);
  }
  add(c: AuditContext, i: number): void {
    const p = c.facts.parent[i]!;
    const platform = c.platformOf(i);
    const context = p < 0 || (platform === 'macos' && c.role(i) === 'Menu') ? i : this.contextOf[p]!;
    this.contextOf[i] = context;
    if (!c.is(i, FACT.ON_SCREEN)) return;
    const actionable = c.isAny(i, ACTIONABLE);
    if (!actionable && c.flags[i]! & F.UNDER_ACTIONABLE) return;
    if (!actionable && (platform === 'ios' || platform === 'macos') && c.facts.ends[i]! > i + 1) return;
    const text = speakable(c, i);
    if (!text) return;
    let map = this.first.get(context);
    if (!map) this.first.set(context, (map = new Map()));
    let f = map.get(text);
    if (f === undefined) map.set(text, (f = i));
    this.firstOf[i] = f;
    this.size[f]!++;
    this.added.push(i);
  }
  /**
   * ATF: per shared text, one warning on the first clickable member in scope; when no member in scope
   * is clickable, one info on the first in-scope member. The other members count screen-wide.
   */
  settle(c: AuditContext, emit: Emit): void {
    for (const members of repeatedGroups(this.added, this.firstOf, this.size).values()) {
      const reportable = members.filter((i) => c.reportable(i));
      if (!reportable.length) continue;
      const clickable = reportable.find((i) => c.is(i, FACT.CLICK));
      const at = clickable ?? reportable[0]!;
      const others = members.filter((i) => i !== at);
      const text = speakable(c, at);
      emit('duplicate-speakable-text', at, clickable === undefined, {
        message: `${JSON.stringify(text)} is also spoken for ${others.length} other node${others.length === 1 ? '' : 's'} on this screen (${othersList(c, others)})`,
        measured: others.length + 1, threshold: 1,
        data: { text, others: others.map((o) => c.nodes[o]!.id) },
      });
    }
  }
}

/** One step of a murmur-style hash over a coordinate (halves kept: px bounds may end in .5). */
function mix(h: number, v: number): number {
  h = Math.imul(h ^ Math.trunc(v * 2), 0xcc9e2d51);
  return h ^ (h >>> 15);
}

/**
 * Groups visible clickable / long-clickable nodes by exact bounds, per window. ATF: two nodes conflict
 * when they share a kind of click; one error per group, on the first member in scope. The grouping is
 * an open-addressing hash table over the node positions, so no key string is built per node.
 */
export class DuplicateBounds {
  private readonly table: Int32Array;
  private readonly mask: number;
  private readonly firstOf: Int32Array;
  private readonly size: Uint32Array;
  private readonly added: number[] = [];
  constructor(c: AuditContext) {
    let cap = 16;
    while (cap < c.nodes.length * 2) cap *= 2;
    this.table = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.firstOf = new Int32Array(c.nodes.length);
    this.size = new Uint32Array(c.nodes.length);
  }
  add(c: AuditContext, i: number): void {
    if (!c.isAny(i, FACT.CLICK | FACT.LONG_CLICK) || !c.is(i, FACT.ON_SCREEN)) return;
    // The facts store's bounds columns (the nodes' own numbers), so no node is touched.
    const { bx, by, bw, bh } = c.facts;
    const x = bx[i]!, y = by[i]!, w = bw[i]!, ht = bh[i]!, root = c.rootIndex[i]!;
    let h = mix(mix(mix(mix(Math.imul(root + 1, 0x9e3779b1), x), y), w), ht);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = (h ^ (h >>> 13)) & this.mask;
    for (;;) {
      const f = this.table[h]!;
      if (f === -1) {
        this.table[h] = i;
        this.firstOf[i] = i;
        break;
      }
      if (c.rootIndex[f] === root && bx[f] === x && by[f] === y && bw[f] === w && bh[f] === ht) {
        this.firstOf[i] = f;
        break;
      }
      h = (h + 1) & this.mask;
    }
    this.size[this.firstOf[i]!]!++;
    this.added.push(i);
  }
  settle(c: AuditContext, emit: Emit): void {
    for (const members of repeatedGroups(this.added, this.firstOf, this.size).values()) {
      const clicks = members.filter((i) => c.is(i, FACT.CLICK)).length;
      const longs = members.filter((i) => c.is(i, FACT.LONG_CLICK)).length;
      const conflicting = members.filter((i) => (clicks > 1 && c.is(i, FACT.CLICK)) || (longs > 1 && c.is(i, FACT.LONG_CLICK)));
      const at = conflicting.find((i) => c.reportable(i));
      if (at === undefined) continue;
      const others = conflicting.filter((i) => i !== at);
      const b = c.nodes[at]!.bounds;
      const box = `[${fmt(b.x)},${fmt(b.y)} ${fmt(b.width)}×${fmt(b.height)}]`;
      emit('duplicate-clickable-bounds', at, false, {
        message: `same bounds ${box} as ${others.length} other clickable node${others.length === 1 ? '' : 's'} (${othersList(c, others)}); only one of them takes the touch`,
        measured: others.length + 1, threshold: 1,
        data: { bounds: { ...b }, others: others.map((o) => c.nodes[o]!.id) },
      });
    }
  }
}
