// The DOM nodes of a page's main document in DOMSnapshot.captureSnapshot's order, on both sides: Chromium
// lists them depth first with an open shadow root's children right after its host (the root itself not
// listed) and its ::before / ::after / ::marker boxes as nodes of their own; the page's own walk is the
// same without those. Joined by position, a node the page holds gets its backend node id with one
// snapshot and one in-page call, instead of a DevTools call per node.
import type { CDPSession } from '@playwright/test';
export { WALK_DOM } from '../../src/devices/web-inpage-capture.js';

/** The main document's nodes as Chromium's DOM snapshot lists them, pseudo-element boxes left out: names and backend ids. */
export async function snapshotOrder(cdp: CDPSession): Promise<{ names: string[]; ids: number[] }> {
  const snap = (await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] })) as unknown as {
    documents: Array<{ nodes: { nodeName?: number[]; backendNodeId?: number[] } }>;
    strings: string[];
  };
  const d = snap.documents[0]!;
  const names: string[] = [], ids: number[] = [];
  (d.nodes.nodeName ?? []).forEach((k, i) => {
    const name = snap.strings[k] ?? '';
    if (name.startsWith('::')) return;
    names.push(name);
    ids.push(d.nodes.backendNodeId![i]!);
  });
  return { names, ids };
}

/**
 * Waits until the page's DOM has not changed for a moment (at most a few seconds): a page that changes
 * while it is read (a feed loading articles) is read again once it is still.
 */
export async function quiet(cdp: CDPSession): Promise<void> {
  await cdp.send('Runtime.evaluate', { awaitPromise: true, expression: `new Promise((done) => {
    let timer = 0;
    const stop = () => { observer.disconnect(); clearTimeout(limit); done(); };
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(stop, 100); });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    timer = setTimeout(stop, 100);
    const limit = setTimeout(stop, 3000);
  })` });
}

/** The snapshot order: the names and backend ids of the main document's nodes (snapshotOrder). */
export type SnapshotOrder = Awaited<ReturnType<typeof snapshotOrder>>;

/**
 * A read of a page that may change under it: read again once the page is still (quiet), four reads at
 * most. `read` answers null when the page changed while it read; null here when it kept changing.
 */
export async function readStill<T>(cdp: CDPSession, read: () => Promise<T | null>): Promise<T | null> {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt > 0) await quiet(cdp);
    const answer = await read();
    if (answer !== null) return answer;
  }
  return null;
}

/**
 * The DOM snapshot's order and an in-page read joined to it by position (`read` answers the names of the
 * nodes it walked, in the page's walk order): a page that changed between the two is read again once it
 * is still (readStill). Null when it kept changing.
 */
export function readJoined<T extends { names: readonly string[] }>(cdp: CDPSession, read: (order: SnapshotOrder) => Promise<T>): Promise<{ order: SnapshotOrder; answer: T } | null> {
  return readStill(cdp, async () => {
    const order = await snapshotOrder(cdp);
    const answer = await read(order);
    return sameOrder(answer.names, order.names) ? { order, answer } : null;
  });
}

/** Whether the page's walk (its node names, in order) is the snapshot's: else the page changed between the two reads. */
export function sameOrder(walked: readonly string[], names: readonly string[]): boolean {
  return walked.length === names.length && walked.every((n, k) => n === names[k]);
}

/** In the page, on one node: its start tag, or a text node's text in quotes, for naming it in a disagreement. */
const DESCRIBE = `function () {
  if (this.nodeType === 3) return JSON.stringify(this.data.replace(/\\s+/g, ' ').slice(0, 60));
  if (this.nodeType === 9) return '#document';
  const html = this.outerHTML || '';
  return html.slice(0, Math.min(html.indexOf('>') + 1 || 120, 120));
}`;

/** A node by its backend id, as DESCRIBE names it (`backend node N` when it is gone). */
export async function describeNode(cdp: CDPSession, backendNodeId: number): Promise<string> {
  const gone = `backend node ${backendNodeId}`;
  const r = (await cdp.send('DOM.resolveNode', { backendNodeId }).catch(() => null)) as { object?: { objectId?: string } } | null;
  if (!r?.object?.objectId) return gone;
  const v = (await cdp.send('Runtime.callFunctionOn', { objectId: r.object.objectId, functionDeclaration: DESCRIBE, returnByValue: true }).catch(() => null)) as { result?: { value?: string } } | null;
  return v?.result?.value ?? gone;
}
