/**
 * SVG wireframes of a snapshot or of one node's subtree: every node's visible rect (bounds cut by what clips them) drawn to scale
 * in the roots' unit (mixed units: the largest px root's px, see wireframe-collect.ts rootScales),
 * windows in z-order (bottom first), clickable nodes outlined, tokenized nodes tinted, and overlays for what a report needs to show — the failing node, the node (and window)
 * that obscures it, accessibility / drift findings as numbered badges, golden-diff colours.
 *
 * Deterministic: the same input gives the same bytes (no randomness, no clocks, numbers rounded to
 * two decimals, element order = document order). Every app string is XML-escaped; nothing from the app
 * is ever placed in an attribute but `data-id`, which is escaped too. Linear in the node count: one
 * pass to collect, one to draw, labels thinned on a coarse occupancy grid so a 10,000-node screen stays
 * readable (and renders in a few ms).
 */
import type { Node, Snapshot } from '../model/schema.js';
import { mergedView } from '../facts/merged-view.js';
import { outlineLine } from '../outline/outline.js';
import type { Severity } from '../common/finding.js';
import { canvasOf } from './wireframe-canvas.js';
import { classify } from './wireframe-classify.js';
import { collect } from './wireframe-collect.js';
import { emit } from './wireframe-emit.js';

export { findingBadges } from './wireframe-classify.js';

export type DiffMark = 'added' | 'removed' | 'changed' | 'moved';

export interface WireframeOptions {
  /** Draw only this node's subtree (by id), on its own canvas: coordinates rebased to its top-left. */
  subtree?: string | null;
  /** Nodes the failure is about (highlighted red). */
  failing?: readonly string[];
  /** The node that takes the touch instead: drawn hatched orange, its window framed when that is another window than the failing node's. */
  obscuredBy?: string | null;
  /** The a11y / drift overlay: each node with findings gets its worst severity's colour and a badge number. */
  findings?: ReadonlyArray<{ nodeId: string | null; severity: Severity }>;
  /** Golden-diff mode: node id → how it differs. */
  diff?: ReadonlyMap<string, DiffMark>;
  /** Display width in CSS px (the drawing keeps its aspect ratio). Default 360. */
  width?: number;
  /** A tall drawing is narrowed until it is at most this high (but never below 160 px wide). Default 640. */
  maxHeight?: number;
  /** Most labels drawn (thinned: the topmost that fit win). Default 250. */
  maxLabels?: number;
  /** Nodes get a hover tooltip (their outline line) when the drawing has at most this many. Default 2,000. */
  maxTitles?: number;
  /** Accessible name of the picture. */
  title?: string;
  /**
   * false: draw and name the raw tree. Default true: the merged view (docs/design.md §8), as the outline
   * prints it: a control's tooltip heads it by the role it took, and its role child is not drawn.
   */
  merged?: boolean;
}

/**
 * Renders the wireframe as one SVG document (also valid inline in HTML), in four phases, one file
 * each: collect (which windows and nodes) → canvas (extent and display size) → classify (each node's
 * classes, the overlays' marks) → emit (the SVG text, labels last).
 */
export function renderWireframe(snapshot: Snapshot, options: WireframeOptions = {}): string {
  const mv = options.merged === false ? null : mergedView(snapshot);
  const view = mv && mv.mergedCount > 0 ? mv : null;
  const hidden = view ? (n: Node) => {
    const i = view.orderOf(n);
    return i !== undefined && view.mergedInto(i) >= 0;
  } : null;
  const merged = view !== null;
  const collected = collect(snapshot, options.subtree, hidden);
  const line = (n: Node) => outlineLine(n, { snapshot, merged });
  return emit(collected, canvasOf(collected, options), classify(collected.items, options), options, line);
}
