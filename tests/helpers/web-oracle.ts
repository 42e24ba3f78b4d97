import type { Page } from '@playwright/test';
import { analyzeReachability, outlineLine, walk, type Snapshot } from '../../src/index.js';

/** One node where treewright's `hittable` and Chromium's hit test disagree. */
export interface HitDisagreement {
  page: string;
  node: string;
  tap: { x: number; y: number };
  treewright: boolean;
  /** What document.elementFromPoint(tap) returned. */
  chromium: string;
}

export interface HitComparison {
  compared: number;
  agreed: number;
  disagreements: HitDisagreement[];
}

/**
 * The engine as ground truth: for every node treewright says accepts touch and whose tap point is in
 * the viewport, is `hittable` the same as Chromium's document.elementFromPoint(tap) (through shadow
 * roots) being the node's element or inside it?
 */
export async function compareHittability(page: Page, snapshot: Snapshot, label: string): Promise<HitComparison> {
  const reach = analyzeReachability(snapshot);
  const vp = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
  const cdp = await page.context().newCDPSession(page);
  const out: HitComparison = { compared: 0, agreed: 0, disagreements: [] };
  const targets: Array<{ node: Parameters<typeof outlineLine>[0]; tap: { x: number; y: number }; hittable: boolean; id: number }> = [];
  walk(snapshot, ({ node }) => {
    const r = reach.get(node);
    if (!r.acceptsTouch || !r.tap || typeof node.platform.backendNodeId !== 'number') return;
    if (r.tap.x < 0 || r.tap.y < 0 || r.tap.x >= vp.w || r.tap.y >= vp.h) return;
    targets.push({ node, tap: r.tap, hittable: r.hittable === true, id: node.platform.backendNodeId });
  });
  // Every target is asked at once (the page does not change in between); the answers are counted in target order.
  const answers = await Promise.all(targets.map(async (t) => {
    const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: t.id })) as { object: { objectId?: string } };
    const r = (await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      returnByValue: true,
      arguments: [{ value: t.tap.x }, { value: t.tap.y }],
      functionDeclaration: `function (x, y) {
        const el = this.nodeType === 1 ? this : this.nodeType === 9 ? this.documentElement : this.parentElement;
        // Deep, as Chromium hit-tests: elementFromPoint answers a shadow host for what is inside its
        // shadow tree (retargeting), so the shadow root is asked in turn, as Playwright's hit check does.
        // The tap is in the page's viewport; a node in a child frame is hit-tested in its frame's own.
        for (let w = window; w.frameElement; w = w.parent) {
          const f = w.frameElement, r = f.getBoundingClientRect();
          x -= r.left + f.clientLeft; y -= r.top + f.clientTop;
        }
        let hit = document.elementFromPoint(x, y);
        for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); hit && inner && inner !== hit; inner = hit.shadowRoot?.elementFromPoint(x, y)) hit = inner;
        const name = (e) => e ? '<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '') + '>' + (e.textContent || '').trim().slice(0, 30) : 'nothing';
        return { inside: !!hit && !!el && (hit === el || el.contains(hit)), hit: name(hit) };
      }`,
    })) as { result: { value: { inside: boolean; hit: string } } };
    return r.result.value;
  }));
  for (const [k, t] of targets.entries()) {
    const chromium = answers[k]!;
    out.compared++;
    if (chromium.inside === t.hittable) out.agreed++;
    else out.disagreements.push({ page: label, node: outlineLine(t.node, { reach }), tap: t.tap, treewright: t.hittable, chromium: chromium.hit });
  }
  await cdp.detach();
  return out;
}
