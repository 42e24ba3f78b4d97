import { z } from 'zod';
import type { Snapshot } from '../../src/model/schema.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { snapshotDelta } from '../../src/analysis/snapshot-delta.js';
import { actOnce, makeReceipt } from '../../src/devices/actions.js';
import { ACTION_KINDS, LOCATOR_ACTIONS, actionList, type ActionKind, type LocatorAction, type Receipt } from '../../src/query/action.js';
import type { Device } from '../../src/devices/device.js';
import { TargetError, isTreewrightError } from '../../src/errors.js';
import { LocatorInputSchema, locatorFromInput } from '../../src/query/locator-json.js';
import { resolveSelector } from '../../src/query/resolve.js';
import { MAX_CANDIDATES } from '../../src/query/strict.js';
import { searchesMerged, selectorToCode, type Selector } from '../../src/query/selector.js';
import { outlineLine } from '../../src/outline/outline.js';
import { locatorFor } from '../export.js';
import type { Session } from '../session.js';
import { defineTool } from '../tool.js';
import { checkAnswerSize, MAX_FILL_CHARS } from '../limits.js';
import { GenerationSchema, matchLine } from './common.js';
import { deltaLines, deltaSummary } from './delta.js';

/** Changed-node lines a receipt lists before it counts the rest. */
const RECEIPT_CHANGE_LINES = 30;

export const performActionTool = defineTool({
  name: 'perform_action',
  description:
    'Performs an action on one node and answers a receipt: the call as code, the node acted on, the generation before and after, and what changed. '
    + "Address the node with a locator (as in find_nodes; it must match exactly one node) or with target { id, generation } from an answer you read: "
    + 'then the action is refused as stale_generation if the screen changed since. '
    + `Actions: ${actionList()}, and back (no target). `
    + 'The node must be visible, enabled, and for touches hittable; otherwise nothing happens and the error says why '
    + '(target_not_found, target_ambiguous with candidates, target_disabled, not_hittable with obscuredBy, action_unavailable). '
    + 'Use when the task needs the app to change: typing, pressing, scrolling, navigating.',
  input: z.strictObject({
    locator: LocatorInputSchema.optional(),
    target: z.strictObject({ id: z.string().min(1), generation: GenerationSchema }).optional().describe('a node id and the generation it was read in'),
    action: z.enum([...ACTION_KINDS, 'back']),
    text: z.string().optional().describe('fill: the text'),
    dx: z.number().finite().optional().describe('scrollBy: horizontal distance, in the root\'s unit'),
    dy: z.number().finite().optional().describe('scrollBy: vertical distance'),
    index: z.number().int().min(0).optional().describe('scrollToIndex: the item index'),
    key: z.string().min(1).optional().describe("press: the key, as Playwright names it ('Enter', 'Tab', 'ArrowDown')"),
    checked: z.boolean().optional().describe('setChecked: the state to set'),
    option: z.string().min(1).optional().describe('selectOption: the value or label to choose'),
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
    summary: z.string().describe('what changed, counted (the change lines themselves are the text content)'),
    message: z.string().optional(),
  }),
  annotations: { title: 'Perform an action', readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async handler(args, session) {
    if (args.action === 'back') {
      if (args.locator !== undefined || args.target !== undefined) invalid('back acts on the device: give neither locator nor target');
      return back(session);
    }
    if ((args.locator === undefined) === (args.target === undefined)) invalid('give exactly one of locator or target { id, generation }');
    // Sizes first: nothing is sent to the app for a text no answer could show back.
    if (args.text !== undefined) checkAnswerSize('perform_action', 'the fill text', args.text.length, MAX_FILL_CHARS, 'Fill a shorter text; nothing was typed.');
    if (args.target && args.generation !== undefined) invalid('generation goes inside target; the top-level generation is for locators');
    const action = toLocatorAction({ ...args, action: args.action });
    const device = await session.device();
    const tracker = new Tracker(session);
    const selector: Selector = args.target ? [{ kind: 'id', id: args.target.id }] : locatorFromInput(args.locator!);
    const exact = args.target?.generation ?? args.generation;
    const what = args.target ? `node #${args.target.id}` : selectorToCode(selector);
    // With an exact generation the action is never re-resolved onto a newer screen: the agent addressed what it saw.
    const pinned = exact !== undefined ? { generation: exact, stale: (current: string) => stale(what, exact, current), snapshot: session.seen(exact) ?? null } : undefined;
    const { ready, after, message } = await actOnce(device.driver, () => tracker.capture(), selector, action, { timeout: args.timeoutMs, previous: device.lastSnapshot(), ...(pinned ? { pinned } : {}) })
      .catch((e) => { throw tracker.enrich(e, selector); });
    // An id is an address for this screen only; the test gets a locator that finds the same node.
    const logged = args.target ? locatorFor(ready.snapshot, ready.node) : selector;
    const receipt = makeReceipt({ selector: logged, action, ready, after, message });
    device.receipts.push(receipt);
    session.log({ kind: 'action', selector: logged, action });
    return receiptAnswer(receipt, ready.snapshot, after, matchLine({ snapshot: ready.snapshot, merged: searchesMerged(selector) }, ready.node, analyzeReachability(ready.snapshot)), action.kind);
  },
});

function invalid(message: string): never {
  throw new TargetError('invalid_arguments', `perform_action: ${message}`, { hint: "e.g. { locator: \"byTag('email')\", action: 'fill', text: 'ada@example.com' } or { target: { id: '42', generation: '17' }, action: 'click' }" });
}

/** The tool's argument fields, each with the table arguments it carries (dx and dy are one pair), in the order they are checked. */
const ARG_FIELDS: ReadonlyArray<[string, ReadonlyArray<string>]> = [
  ['text', ['text']], ['key', ['key']], ['checked', ['checked']], ['option', ['option']], ['dx / dy', ['dx', 'dy']], ['index', ['index']],
];

/** The locator action the tool's fields name: each action takes the arguments its table entry lists (LOCATOR_ACTIONS), no others. */
function toLocatorAction(a: {
  action: ActionKind; text?: string | undefined; dx?: number | undefined; dy?: number | undefined; index?: number | undefined;
  key?: string | undefined; checked?: boolean | undefined; option?: string | undefined;
}): LocatorAction {
  const args: ReadonlyArray<string> = LOCATOR_ACTIONS[a.action].args;
  const given = a as unknown as Record<string, unknown>;
  for (const [name, keys] of ARG_FIELDS) {
    if (keys.some((k) => given[k] !== undefined) && !keys.some((k) => args.includes(k))) invalid(`${name} does not apply to ${a.action}`);
  }
  // scrollBy's pair: either half may be left out (0), not both.
  if (a.action === 'scrollBy') {
    if (a.dx === undefined && a.dy === undefined) invalid('scrollBy needs dx and / or dy');
    return { kind: 'scrollBy', dx: a.dx ?? 0, dy: a.dy ?? 0 };
  }
  const action: Record<string, unknown> = { kind: a.action };
  for (const k of args) {
    if (given[k] === undefined) invalid(`${a.action} needs ${k}`);
    action[k] = given[k];
  }
  return action as LocatorAction;
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
    const snapshot = this.last;
    const reach = analyzeReachability(snapshot);
    const nodes = e.code === 'stale_generation' ? [] : resolveSelector(snapshot, selector);
    const generation = { generation: e.details.generation ?? snapshot.generation };
    const view = { snapshot, merged: searchesMerged(selector) };
    if (e.code === 'target_ambiguous') {
      return e.withDetails({ candidates: nodes.slice(0, MAX_CANDIDATES).map((n) => matchLine(view, n, reach)), count: nodes.length, ...generation });
    }
    if (nodes.length !== 1) return e.withDetails(generation);
    const node = nodes[0]!;
    const r = reach.get(node);
    const nodeLine = { node: e.details.node ?? matchLine(view, node, reach) };
    if (e.code === 'not_hittable') {
      return e.withDetails({ ...nodeLine, ...(r.obscuredBy ? { obscuredBy: outlineLine(r.obscuredBy, { reach, ...view }), obscuredById: r.obscuredBy.id } : {}), ...generation });
    }
    if (e.code === 'action_unavailable') return e.withDetails({ ...nodeLine, offers: [...node.actions], ...generation });
    return e.withDetails({ ...nodeLine, ...generation });
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

function receiptAnswer(r: Omit<Receipt, 'locator' | 'action'> & { after: string; changed: boolean }, before: Snapshot, after: Snapshot, nodeLine: string | null, action: string) {
  const delta = snapshotDelta(before, after);
  const changes = r.changed ? deltaLines(delta, after, RECEIPT_CHANGE_LINES) : [];
  const summary = r.changed ? deltaSummary(delta) : 'nothing changed on screen';
  // One short line (the call, the node's id, the generations, the counts), then what changed, one line
  // per node: the node's full outline line is in the value, and the agent read it before acting.
  const lines = [
    `${r.call}${r.nodeId ? ` on #${r.nodeId}` : ''} via ${r.via} · generation ${r.changed ? `${r.before} → ${r.after}` : r.after} · ${summary}`,
    // The app's own words, on one line: a message cannot start lines of its own in the answer.
    ...(r.message ? [`note: ${/[\r\n\u2028\u2029]/.test(r.message) ? JSON.stringify(r.message) : r.message}`] : []),
    ...changes,
  ];
  return {
    value: {
      call: r.call, action, nodeId: r.nodeId || null, node: r.node || null, via: r.via,
      before: r.before, after: r.after, changed: r.changed, summary, ...(r.message ? { message: r.message } : {}),
    },
    text: lines.join('\n'),
    appData: true,
  };
}
