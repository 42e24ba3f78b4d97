import type { z } from 'zod';
import { lazySchema, onFirstCall, zod } from '../model/lazy-schema.js';
import type { Node, Snapshot } from '../model/schema.js';
import { applyMouiDelta, mouiFromValue } from '../formats/moui.js';
import { DeviceError, FormatError, isTreewrightError, reasonOf } from '../errors.js';
import { backByDismiss } from './agent-back.js';
import { McpConnection, mouiEnvelope, type McpEndpoint } from './mcp-client.js';
import { type Driver, type PerformResult, type SemanticRequest } from './driver.js';

export interface McpDriverOptions extends McpEndpoint {
  /** Per-call timeout, ms. */
  timeout?: number;
  /** How long connecting may take (spawning a stdio server included), ms. */
  connectTimeout?: number;
  /** Working directory of a stdio server. */
  cwd?: string;
  /** Largest answer read, bytes (default MAX_ANSWER_BYTES, devices/answer-limits.ts). */
  maxBytes?: number;
}

/**
 * MoUI's perform_action receipt, as the protocol spells it (the reference app's MoUI server answers
 * with it too). Equal generations are valid and do not mean an effect finished. A `pending_work` that
 * is not `true` (absent, or not a boolean) reads as false.
 */
const mouiReceiptSchema = onFirstCall(() => {
  const z = zod();
  return z.object({
    before: z.string(),
    after: z.string(),
    pending_work: z.unknown().transform((v) => v === true),
  });
});
export const MouiReceiptSchema = lazySchema(mouiReceiptSchema);
export type MouiReceipt = z.output<typeof MouiReceiptSchema>;

export type MouiWireAction =
  | { kind: 'activate' | 'focus' | 'submit' | 'dismiss' | 'expand' | 'collapse' }
  | { kind: 'set_text'; value: string }
  | { kind: 'scroll'; direction: 'up' | 'down' | 'left' | 'right' };

/**
 * A MoUI request for one of our semantic actions, or why MoUI cannot express it. MoUI scrolls by
 * direction (a page), not by distance: the larger of dx / dy picks the direction.
 */
export function mouiAction(req: SemanticRequest): { action: MouiWireAction; note?: string } | { unavailable: string } {
  switch (req.action) {
    case 'Click': return { action: { kind: 'activate' } };
    case 'SetText': return { action: { kind: 'set_text', value: req.text ?? '' } };
    case 'RequestFocus': return { action: { kind: 'focus' } };
    case 'ImeAction': return { action: { kind: 'submit' } };
    case 'Dismiss': return { action: { kind: 'dismiss' } };
    case 'Expand': return { action: { kind: 'expand' } };
    case 'Collapse': return { action: { kind: 'collapse' } };
    case 'ScrollBy': {
      const dx = req.dx ?? 0;
      const dy = req.dy ?? 0;
      if (dx === 0 && dy === 0) return { unavailable: 'scrollBy(0, 0) has no direction, and MoUI scrolls by direction' };
      const direction = Math.abs(dy) >= Math.abs(dx) ? (dy > 0 ? 'down' : 'up') : dx > 0 ? 'right' : 'left';
      return { action: { kind: 'scroll', direction }, note: `MoUI scrolls by direction, not distance: scrolled ${direction} by one page (asked for ${dx}, ${dy})` };
    }
    default:
      return { unavailable: `MoUI has no ${req.action} action (it offers activate, focus, set_text, submit, scroll, dismiss, expand, collapse, …)` };
  }
}

/**
 * An app speaking MoUI's agent protocol over MCP: `read_semantics` and `perform_action`.
 * Captures read `since` the last generation and apply the delta (or `unchanged`) to the previous
 * snapshot, so repeated captures cost what changed. Every action names its target by node id and
 * is guarded by the generation of the capture the node came from: if the app has moved on, MoUI
 * rejects it as stale without dispatching, and the action layer re-resolves.
 */
export class MouiDriver implements Driver {
  readonly kind = 'moui';
  /** perform_action carries an exact-generation precondition: MoUI refuses a stale target without dispatching. */
  readonly guardsGeneration = true;
  readonly description: string;
  /** The receipt of the last perform_action. */
  lastReceipt: MouiReceipt | null = null;
  private conn: McpConnection | null = null;
  private last: Snapshot | null = null;

  constructor(private readonly options: McpDriverOptions) {
    this.description = options.url ? `moui:${options.url}` : `moui:stdio:${(options.command ?? []).join(' ')}`;
  }

  /** Connects and checks the server offers MoUI's two tools. */
  async open(): Promise<void> {
    this.conn = await McpConnection.open(this.options, {
      ...this.options, where: this.description, protocol: 'MoUI', requiredTools: ['read_semantics', 'perform_action'],
    });
  }

  /** The MCP session (its `pid` for a stdio server). */
  get connection(): McpConnection {
    if (!this.conn) throw new DeviceError('device_unreachable', 'not connected: call open() first', { where: this.description, stage: 'connect' });
    return this.conn;
  }

  async capture(): Promise<Snapshot> {
    const prev = this.last;
    try {
      this.last = await this.read(prev);
    } catch (e) {
      // A delta that does not fit (a restarted runtime, a cursor mix-up): a full read recovers.
      if (!prev || !(e instanceof FormatError)) throw e;
      this.last = await this.read(null);
    }
    return this.last;
  }

  private async read(prev: Snapshot | null): Promise<Snapshot> {
    const stage = 'read_semantics';
    const result = await this.connection.call('read_semantics', prev ? { since: prev.generation } : {}, stage);
    const value = mouiEnvelope(result, { where: this.description, stage });
    try {
      return prev ? applyMouiDelta(prev, value, { where: this.description }) : mouiFromValue(value, { where: this.description });
    } catch (e) {
      if (prev) throw e; // retried once with a full read
      throw isTreewrightError(e) ? new DeviceError('device_error', `${stage}: the answer is not a MoUI read: ${reasonOf(e, this.description)}`, { where: this.description, stage, hint: 'The server does not speak the MoUI protocol treewright expects; check its version.' }) : e;
    }
  }

  readonly live = true;

  async perform(target: { snapshot: Snapshot; node: Node }, req: SemanticRequest): Promise<PerformResult & { receipt?: MouiReceipt }> {
    const mapped = mouiAction(req);
    if ('unavailable' in mapped) return { performed: false, message: mapped.unavailable };
    const stage = 'perform_action';
    const result = await this.connection.call('perform_action', {
      target: { kind: 'node_id', id: target.node.id },
      action: mapped.action,
      precondition: { kind: 'exact', generation: target.snapshot.generation },
    }, stage);
    const value = mouiEnvelope(result, { where: this.description, stage });
    const parsed = MouiReceiptSchema.safeParse(value);
    if (!parsed.success) {
      throw new DeviceError('device_error', `${stage}: the receipt ${JSON.stringify(value)?.slice(0, 120)} lacks before / after generations`, { where: this.description, stage });
    }
    const receipt = parsed.data;
    this.lastReceipt = receipt;
    const notes = [mapped.note, receipt.pending_work ? 'the app reports pending work (an asynchronous effect may still be running)' : undefined].filter(Boolean);
    return { performed: true, receipt, ...(notes.length ? { message: notes.join('; ') } : {}) };
  }

  /** MoUI has no back key: back() dismisses the topmost modal node that offers dismiss. */
  async back(): Promise<void> {
    await backByDismiss(this as MouiDriver & Required<Pick<Driver, 'perform'>>);
  }

  async close(): Promise<void> {
    await this.conn?.close();
  }
}
