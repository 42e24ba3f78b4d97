/**
 * Wireframe phase 4, emit (docs/design.md §8): the SVG text. Windows bottom first, each node's rect in
 * document order, then the overlays on top of every window (obscuring window and node, findings,
 * failing nodes, the tap cross, badges), then the labels. Every app string is XML-escaped.
 */
import type { Node, Root } from '../model/schema.js';
import type { Severity } from '../common/finding.js';
import { isEmptyRect, rectCentre } from '../common/geometry.js';
import { escapeXml } from './escape.js';
import { FONT_PX, num, outside, rectAttrs, type Canvas } from './wireframe-canvas.js';
import { nodeClass, type Marks } from './wireframe-classify.js';
import type { Collected, Item } from './wireframe-collect.js';
import { labels, type FixedLabel } from './wireframe-labels.js';
import type { WireframeOptions } from './wireframe.js';

const DEFAULT_MAX_LABELS = 250;
const SEVERITY_CLASS: Record<Severity, string> = { error: 'e', warning: 'w', info: 'i' };

const STYLE =
  '.tw-wf{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}' +
  '.tw-wf rect{vector-effect:non-scaling-stroke}' +
  '.tw-wf .bg{fill:#fbfbfc;stroke:#c9ced6}' +
  '.tw-wf .win{fill:#fff;stroke:#6b7280;stroke-width:1.5}' +
  '.tw-wf .scrim{fill:#111827;fill-opacity:.18}' +
  '.tw-wf .n{fill:none;stroke:#aab2bd;stroke-width:.75}' +
  '.tw-wf .c{stroke:#2563eb;stroke-width:1.25}' +
  '.tw-wf .t{fill:#8b5cf6;fill-opacity:.12}' +
  '.tw-wf .h{stroke-dasharray:3 2}' +
  '.tw-wf .da{fill:#16a34a;fill-opacity:.3;stroke:#15803d;stroke-width:2}' +
  '.tw-wf .dr{fill:#dc2626;fill-opacity:.28;stroke:#b91c1c;stroke-width:2}' +
  '.tw-wf .dc{fill:#f59e0b;fill-opacity:.3;stroke:#b45309;stroke-width:2}' +
  '.tw-wf .dm{fill:#0ea5e9;fill-opacity:.25;stroke:#0369a1;stroke-width:2}' +
  '.tw-wf .fl{fill:#ef4444;fill-opacity:.18;stroke:#dc2626;stroke-width:3}' +
  '.tw-wf .ob{fill:#f97316;fill-opacity:.25;stroke:#ea580c;stroke-width:3;stroke-dasharray:6 3}' +
  '.tw-wf .ow{fill:none;stroke:#ea580c;stroke-width:2;stroke-dasharray:10 5}' +
  '.tw-wf .se{fill:none;stroke:#dc2626;stroke-width:2.5}' +
  '.tw-wf .sw{fill:none;stroke:#d97706;stroke-width:2.5}' +
  '.tw-wf .si{fill:none;stroke:#2563eb;stroke-width:2;stroke-dasharray:4 2}' +
  '.tw-wf .bd circle{stroke:#fff;stroke-width:1}' +
  '.tw-wf .bd text{fill:#fff;font-weight:700;text-anchor:middle}' +
  '.tw-wf .bde circle{fill:#dc2626}.tw-wf .bdw circle{fill:#d97706}.tw-wf .bdi circle{fill:#2563eb}' +
  '.tw-wf .tap{stroke:#dc2626;stroke-width:2;vector-effect:non-scaling-stroke}' +
  '.tw-wf .lb{fill:#1f2937}.tw-wf .wl{fill:#4b5563;font-style:italic}.tw-wf .ol{fill:#9a3412;font-weight:700}';

/** `line` names a node in a tooltip: its outline line, in the view drawn. */
export function emit(c: Collected, cv: Canvas, m: Marks, options: WireframeOptions, line: (n: Node) => string): string {
  const { W, H } = cv;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="tw-wf" viewBox="0 0 ${num(W)} ${num(H)}" width="${num(cv.widthPx)}" height="${num(cv.heightPx)}" font-size="${num(FONT_PX * cv.unitsPerPx)}" role="img">`,
    `<title>${escapeXml(options.title ?? 'wireframe')}</title>`,
    `<style>${STYLE}</style>`,
    `<rect class="bg" x="0" y="0" width="${num(W)}" height="${num(H)}"/>`,
  );
  const winLabels = windows(c, cv, m, out, line);
  overlays(cv, m, out, winLabels, line);
  out.push(labels(c.items, winLabels, { x0: cv.x0, y0: cv.y0, s: cv.s, widthPx: cv.widthPx, heightPx: cv.heightPx, max: options.maxLabels ?? DEFAULT_MAX_LABELS }));
  out.push('</svg>');
  return out.join('\n');
}

/** Each window (scrim under a modal, frame, its nodes); answers the window labels to place. */
function windows(c: Collected, cv: Canvas, m: Marks, out: string[], line: (n: Node) => string): FixedLabel[] {
  const multi = c.screen && c.roots.length > 1;
  const winLabels: FixedLabel[] = [];
  let k = 0;
  c.roots.forEach((root, w) => {
    const f = c.scales[w]!;
    // A touch-modal window dims what lies beneath it: the reader sees why taps there go nowhere.
    if (c.screen && w > 0 && root.touchModal) out.push(`<rect class="scrim" x="0" y="0" width="${num(cv.W)}" height="${num(cv.H)}"/>`);
    const rb = root.node.bounds;
    if (c.screen && !isEmptyRect(rb)) {
      out.push(`<rect class="win" ${rectAttrs(cv, rb, f)}/>`);
      if (multi) {
        const off = root.windowOffset;
        const what = `window ${root.rootId}${root.label !== null ? ` "${root.label}"` : ''}${off.x || off.y ? ` @${off.x},${off.y}` : ''}${root.touchModal ? ' (modal)' : ''}`;
        winLabels.push({ x: rb.x * f - cv.x0, y: rb.y * f - cv.y0, text: what, cls: 'wl' });
      }
    }
    out.push(`<g data-root="${escapeXml(root.rootId)}">`);
    for (; k < c.items.length && c.items[k]!.w === w; k++) {
      const n = c.items[k]!.node;
      const b = c.items[k]!.rect;
      if (isEmptyRect(b) || outside(cv, b, f)) continue;
      const head = `<rect class="${nodeClass(n, m.diff)}" ${rectAttrs(cv, b, f)} data-id="${escapeXml(n.id)}"`;
      out.push(m.titles || m.marked(n.id) ? `${head}><title>${escapeXml(line(n))}</title></rect>` : `${head}/>`);
    }
    out.push('</g>');
  });
  return winLabels;
}

/** The overlays, on top of every window. */
function overlays(cv: Canvas, m: Marks, out: string[], winLabels: FixedLabel[], line: (n: Node) => string): void {
  const { x0, y0, unitsPerPx } = cv;
  const ob = m.obscurer !== null ? m.byId.get(m.obscurer) : undefined;
  if (ob) {
    const rb = ob.root.node.bounds;
    // The obscuring window is framed only when it is another window than the failing node's (a dialog
    // over the screen); a node of the same window (an overlay sibling) is drawn alone, below.
    let failingRoot: Root | undefined;
    for (const id of m.failing) { failingRoot = m.byId.get(id)?.root; if (failingRoot) break; }
    if (failingRoot !== ob.root) {
      if (!isEmptyRect(rb) && ob.root.node !== ob.node) out.push(`<rect class="ow" ${rectAttrs(cv, rb, ob.f)}/>`);
      winLabels.push({ x: rb.x * ob.f - x0, y: (rb.y + rb.height) * ob.f - y0 - FONT_PX * 1.4 * unitsPerPx, text: `obscuring window ${ob.root.rootId}`, cls: 'ol' });
    }
    if (!isEmptyRect(ob.rect)) out.push(`<rect class="ob" ${rectAttrs(cv, ob.rect, ob.f)} data-id="${escapeXml(ob.node.id)}"><title>${escapeXml('obscured by: ' + line(ob.node))}</title></rect>`);
  }
  for (const [id, sev] of m.worst) {
    const it = m.byId.get(id);
    if (!it || isEmptyRect(it.rect)) continue;
    out.push(`<rect class="s${SEVERITY_CLASS[sev]}" ${rectAttrs(cv, it.rect, it.f)} data-id="${escapeXml(id)}"/>`);
  }
  let firstFailing: Item | undefined;
  for (const id of m.failing) {
    const it = m.byId.get(id);
    if (!it) continue;
    firstFailing ??= it;
    const b = it.rect;
    if (!isEmptyRect(b)) out.push(`<rect class="fl" ${rectAttrs(cv, b, it.f)} data-id="${escapeXml(id)}"><title>${escapeXml('failing: ' + line(it.node))}</title></rect>`);
  }
  // Where a tap on the failing node lands, when something else takes it.
  if (ob && firstFailing && !isEmptyRect(firstFailing.rect)) {
    const c = rectCentre(firstFailing.rect), f = firstFailing.f;
    const cx = c.x * f - x0, cy = c.y * f - y0, r = 7 * unitsPerPx;
    out.push(`<path class="tap" d="M${num(cx - r)} ${num(cy)}H${num(cx + r)}M${num(cx)} ${num(cy - r)}V${num(cy + r)}"/>`);
  }
  for (const [id, n] of m.badges) {
    const it = m.byId.get(id);
    if (!it || isEmptyRect(it.rect)) continue;
    const b = it.rect, f = it.f, r = 7 * unitsPerPx;
    const cx = Math.min((b.x + b.width) * f - x0, cv.W - r), cy = Math.max(b.y * f - y0, r);
    out.push(`<g class="bd bd${SEVERITY_CLASS[m.worst.get(id)!]}"><circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"/><text x="${num(cx)}" y="${num(cy + 3.5 * unitsPerPx)}">${n}</text></g>`);
  }
}
