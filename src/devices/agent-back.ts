import type { Node, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';
import { DeviceError } from '../errors.js';
import { isStale } from './actions.js';
import type { Driver } from './driver.js';

/**
 * The node a system back would close on an agent protocol that has no back key: the topmost
 * modal surface (a touch-modal window, or a node MoUI marks `state.modal`) that offers Dismiss.
 * Null when nothing modal is open, since going up a screen is the app's own navigation.
 */
export function backTarget(snapshot: Snapshot): { node: Node; rootId: string } | null {
  let found: { node: Node; rootId: string } | null = null;
  const modalDepth: number[] = [];
  walk(snapshot, ({ node, root, depth }) => {
    while (modalDepth.length && modalDepth[modalDepth.length - 1]! >= depth) modalDepth.pop();
    const modal = (node.platform.state as { modal?: unknown } | undefined)?.modal === true;
    if (modal) modalDepth.push(depth);
    // Walk order is drawing order, bottom to top: the last hit is the topmost.
    if ((root.touchModal || modalDepth.length) && node.actions.includes('Dismiss')) found = { node, rootId: root.rootId };
  });
  return found;
}

/**
 * back() for a semantic-only driver: Dismiss on the topmost modal surface, from a fresh capture,
 * re-resolved if the app changed in between. With nothing modal open, a clear error.
 */
export async function backByDismiss(driver: Required<Pick<Driver, 'capture' | 'perform'>> & Pick<Driver, 'description' | 'kind'>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const snapshot = await driver.capture();
    const target = backTarget(snapshot);
    if (!target) {
      throw new DeviceError('action_unavailable', `back(): the ${driver.kind} protocol has no system back, and nothing modal on screen offers Dismiss`, {
        where: driver.description,
        stage: 'back',
        hint: 'Click the screen\'s own navigate-up control, or use a driver with key events (reference, adb) for a system back.',
      });
    }
    try {
      const r = await driver.perform({ snapshot, ...target }, { action: 'Dismiss' });
      if (!r.performed) throw new DeviceError('action_unavailable', `back(): Dismiss was not performed: ${r.message ?? 'the app refused it'}`, { where: driver.description, stage: 'back' });
      return;
    } catch (e) {
      if (isStale(e) && attempt < 3) continue;
      throw e;
    }
  }
}
