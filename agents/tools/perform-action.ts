import { z } from 'zod';
import type { Snapshot } from '../../src/model/schema.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { snapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { actOnce, makeReceipt } from '../../src/devices/actions.js';
import type { LocatorAction, Receipt } from '../../src/query/action.js';
import type { Device } from '../../src/devices/device.js';
import { TargetError, isTreewrightError, type TreewrightError } from '../../src/errors.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/parse-locator.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { MAX_CANDIDATES } from '../../src/query/strict.js';
import { selectorToCode, type Selector } from '../../src/query/selector.js';
import { outlineLine } from '../../src/outline/outline.js';
import { locatorFor } from '../export.js';
import type { Session } from '../session.js';
import { defineTool } from '../tool.js';
import { GenerationSchema, matchLine } from './common.js';
import { deltaLines, deltaSummary } from './delta.js';

const LOCATOR_ACTIONS = ['click', 'longClick', 'tap', 'fill', 'clear', 'pressEnter', 'scrollBy', 'scrollToIndex', 'bringIntoView', 'focus', 'dismiss', 'expand', 'collapse'] as const;
/** Changed-node lines a receipt lists before it counts the rest. */
const RECEIPT_CHANGE_LINES = 30;

export const performActionTool = defineTool({
  name: 'perform_action',
  description:
    'Performs an action on one node and answers a receipt: the call as code, the node acted on, the generation before and after, and what changed. '
    + "Address the node with a locator (as in find_nodes; it must match exactly one node) or with target { id, generation } from an answer you read: "
    + 'then the action is refused as stale_generation if the screen changed since. '
    + 'Actions: click, longClick, tap (a coordinate tap), fill (text), clear, pressEnter, scrollBy (dx, dy), scrollToIndex (index), bringIntoView, focus, dismiss, expand, collapse, and back (no target). '
    + 'The node must be visible, enabled, and for touches hittable; otherwise nothing happens and the error says why '
    + '(target_not_found, target_ambiguous with candidates, target_disabled, not_hittable with obscuredBy, action_unavailable). '
    + 'Use when the task needs the app to change: typing, pressing, scrolling, navigating.',
  input: z.strictObject({
    locator: LocatorInputSchema.optional(),
    target: z.strictObject({ id: z.string().min(1), generation: GenerationSchema }).optional().describe('a node id and the generation it was read in'),
    action: z.enum([...LOCATOR_ACTIONS, 'back']),
    text: z.string().optional().describe('fill: the text'),
    dx: z.number().finite().optional().describe('scrollBy: horizontal distance, in the root\'s unit'),
    dy: z.number().finite().optional().describe('scrollBy: vertical distance'),
    index: z.number().int().min(0).optional().describe('scrollToIndex: the item index'),
    generation: GenerationSchema.optional().describe('with a locator: refuse unless the screen is still at this generation'),
    timeoutMs: z.number().int().min(100).max(60_000).default(1000).describe('how long to wait for the node to become actionable'),
  }),
  output: z.object({
    call: z.string(),
    action: z.string(),
    nodeId: z.string().nullable(),
    node: z.string().nullable().describe('the node acted on, as an outline line'),
    via: z.string(),
    before: GenerationSchema,
    after: GenerationSchema,
    changed: z.boolean(),
    changes: z.array(z.string()).describe('what changed, one line per node: + added, ~ changed, - removed'),
    message: z.string().optional(),
  }),
  annotations: { title: 'Perform an action', readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async handler(args, session) {
    if (args.action === 'back') {
      if (args.locator !== undefined || args.target !== undefined) invalid('back acts on the device: give neither locator nor target');
      return back(session);
    }
    if ((args.locator === undefined) === (args.target === undefined)) invalid('give exactly one of locator or target { id, generation }');
    if (args.target && args.generation !== undefined) invalid('generation goes inside target; the top-level generation is for locators');
    const action = toLocatorAction({ ...args, action: args.action });
    const device = await session.device();
    const tracker = new Tracker(session);
    const selector: Selector = args.target ? [{ kind: 'id', id: args.target.id }] : locatorFromInput(args.locator!);
    const exact = args.target?.generation ?? args.generation;
    const what = args.target ? `node #${args.target.id}` : selectorToCode(selector);
    // With an exact generation the action is never re-resolved onto a newer screen: the agent addressed what it saw.
    const pinned = exact !== undefined ? { generation: exact, stale: (current: string) => stale(what, exact, current) } : undefined;
    const { ready, after, message } = await actOnce(device.driver, () => tracker.capture(), selector, action, { timeout: args.timeoutMs, ...(pinned ? { pinned } : {}) })
      .catch((e) => { throw tracker.enrich(e, selector); });
    // An id is an address for this screen only; the test gets a locator that finds the same node.
    const logged = args.target ? locatorFor(ready.snapshot, ready.node) : selector;
    const receipt = makeReceipt({ selector: logged, action, ready, after, message });
    device.receipts.push(receipt);
    session.log({ kind: 'action', selector: logged, action });
    return receiptAnswer(receipt, ready.snapshot, after, matchLine(ready.node, analyzeReachability(ready.snapshot)), action.kind);
  },
});

function invalid(message: string): never {
  throw new TargetError('invalid_arguments', `perform_action: ${message}`, { hint: "e.g. { locator: \"byTag('email')\", action: 'fill', text: 'ada@example.com' } or { target: { id: '42', generation: '17' }, action: 'click' }" });
}

function toLocatorAction(a: { action: (typeof LOCATOR_ACTIONS)[number]; text?: string | undefined; dx?: number | undefined; dy?: number | undefined; index?: number | undefined }): LocatorAction {
  const extra = (name: string, allowed: boolean) => { if (!allowed) invalid(`${name} does not apply to ${a.action}`); };
  extra('text', a.text === undefined || a.action === 'fill');
  extra('dx / dy', (a.dx === undefined && a.dy === undefined) || a.action === 'scrollBy');
  extra('index', a.index === undefined || a.action === 'scrollToIndex');
  switch (a.action) {
    case 'fill':
      if (a.text === undefined) invalid('fill needs text');
      return { kind: 'fill', text: a.text };
    case 'scrollBy':
      if (a.dx === undefined && a.dy === undefined) invalid('scrollBy needs dx and / or dy');
      return { kind: 'scrollBy', dx: a.dx ?? 0, dy: a.dy ?? 0 };
    case 'scrollToIndex':
      if (a.index === undefined) invalid('scrollToIndex needs index');
      return { kind: 'scrollToIndex', index: a.index };
    default:
      return { kind: a.action };
  }
}

function stale(what: string, expected: string, current: string): TargetError {
  return new TargetError('stale_generation', `${what} was addressed in generation ${expected}; the screen is now at generation ${current}`, {
    expected, current,
    hint: `Nothing was done. Read the screen again (get_tree { since: '${expected}' } shows what changed) and address the node in generation ${current}.`,
  });
}

/** Remembers the last capture the action made (for error details). */
class Tracker {
  last: Snapshot | null = null;
  constructor(private readonly session: Session) {}

  async capture(): Promise<Snapshot> {
    this.last = await this.session.capture();
    return this.last;
  }

  /** Adds what an agent needs to the rejection: the candidates, the node in the way, the node's own actions. */
  enrich(e: unknown, selector: Selector): unknown {
    if (!isTreewrightError(e) || !this.last) return e;
    const err = e as TreewrightError;
    const snapshot = this.last;
    const reach = analyzeReachability(snapshot);
    const nodes = err.code === 'stale_generation' ? [] : resolveSelector(snapshot, selector);
    if (err.code === 'target_ambiguous') {
      err.details.candidates = nodes.slice(0, MAX_CANDIDATES).map((n) => matchLine(n, reach));
      err.details.count = nodes.length;
    } else if (nodes.length === 1) {
      const node = nodes[0]!;
      const r = reach.get(node);
      err.details.node ??= matchLine(node, reach);
      if (err.code === 'not_hittable' && r.obscuredBy) {
        err.details.obscuredBy = outlineLine(r.obscuredBy, { reach });
        err.details.obscuredById = r.obscuredBy.id;
      }
      if (err.code === 'action_unavailable') err.details.offers = [...node.actions];
    }
    err.details.generation ??= snapshot.generation;
    return err;
  }
}

async function back(session: Session) {
  const device: Device = await session.device();
  const before = await session.capture();
  await device.back();
  const after = await session.capture();
  session.log({ kind: 'back' });
  return receiptAnswer({ call: 'device.back()', node: '', nodeId: '', via: device.driver.back ? 'semantic' : 'keys', before: before.generation, after: after.generation, changed: before.generation !== after.generation }, before, after, null, 'back');
}

function receiptAnswer(r: Omit<Receipt, 'locator' | 'action'>, before: Snapshot, after: Snapshot, nodeLine: string | null, action: string) {
  const delta = snapshotDelta(before, after);
  const changes = r.changed ? deltaLines(delta, after, RECEIPT_CHANGE_LINES) : [];
  const lines = [
    `performed ${r.call}${nodeLine ? ` on ${nodeLine}` : ''} via ${r.via}`,
    r.changed ? `generation ${r.before} → ${r.after} · ${deltaSummary(delta)}` : `generation ${r.after} · nothing changed on screen`,
    // The app's own words, on one line: a message cannot start lines of its own in the answer.
    ...(r.message ? [`note: ${/[\r\n\u2028\u2029]/.test(r.message) ? JSON.stringify(r.message) : r.message}`] : []),
    ...changes,
  ];
  return {
    value: {
      call: r.call, action, nodeId: r.nodeId || null, node: r.node || null, via: r.via,
      before: r.before, after: r.after, changed: r.changed, changes, ...(r.message ? { message: r.message } : {}),
    },
    text: lines.join('\n'),
    appData: true,
  };
}
