import type { Node, Snapshot } from '../model/schema.js';
import { walk } from '../model/node.js';
import { jetwhaleAddress, jetwhaleFromValue } from '../formats/jetwhale.js';
import { DeviceError, isTreewrightError, reasonOf } from '../errors.js';
import { isObject } from '../formats/read.js';
import { backByDismiss } from './agent-back.js';
import { McpConnection, toolJson } from './mcp-client.js';
import type { McpDriverOptions } from './moui.js';
import { type Driver, type PerformResult, type SemanticRequest } from './driver.js';

/** JetWhale's plugin prefix: its host lists the semantics tools under qualified names. */
export const JETWHALE_PREFIX = 'com.kitakkun.jetwhale.semantics';
const TOOLS = ['getNodeTree', 'nodeAt', 'performNodeAction'] as const;
type Tool = (typeof TOOLS)[number];

/**
 * An app with JetWhale's Compose Semantics Inspector, over MCP: captures are `getNodeTree`
 * (merged, JSON, invisible nodes included so a lazy list's off-screen rows read as hidden rather
 * than absent, as in-process), actions are `performNodeAction` on the rootId / nodeId pair the
 * importer keeps for each node. JetWhale has no generations: the action layer's fresh capture
 * just before acting is the guard.
 */
export class JetWhaleDriver implements Driver {
  readonly kind = 'jetwhale';
  readonly description: string;
  private conn: McpConnection | null = null;
  /** The name each tool is called by: qualified when the server lists it so, else plain. */
  private readonly names = new Map<Tool, string>();

  constructor(private readonly options: McpDriverOptions) {
    this.description = options.url ? `jetwhale:${options.url}` : `jetwhale:stdio:${(options.command ?? []).join(' ')}`;
  }

  async open(): Promise<void> {
    const conn = await McpConnection.open(this.options, { ...this.options, where: this.description, protocol: 'JetWhale' });
    const missing: string[] = [];
    for (const t of TOOLS) {
      const name = [`${JETWHALE_PREFIX}.${t}`, t].find((n) => conn.tools.includes(n));
      if (name) this.names.set(t, name);
      else missing.push(`${JETWHALE_PREFIX}.${t}`);
    }
    // nodeAt is optional; without capture and actions this is not a JetWhale app.
    const needed = missing.filter((m) => !m.endsWith('.nodeAt'));
    if (needed.length) {
      await conn.close();
      throw new DeviceError('device_error', `connect: the MCP server is not a JetWhale semantics agent: it lacks ${needed.join(', ')} (it offers ${conn.tools.join(', ') || 'no tools'})`, {
        where: this.description, stage: 'connect', hint: 'Point the source at the JetWhale host\'s MCP endpoint, with the semantics plugin installed.',
      });
    }
    this.conn = conn;
  }

  get connection(): McpConnection {
    if (!this.conn) throw new DeviceError('device_unreachable', 'not connected: call open() first', { where: this.description, stage: 'connect' });
    return this.conn;
  }

  private async call(tool: Tool, args: Record<string, unknown>): Promise<unknown> {
    const name = this.names.get(tool);
    if (!name) throw new DeviceError('action_unavailable', `${tool}: this JetWhale server does not offer it`, { where: this.description, stage: tool });
    const result = await this.connection.call(name, args, tool);
    return toolJson(result, { where: this.description, stage: tool, protocol: 'JetWhale' });
  }

  async capture(): Promise<Snapshot> {
    const value = await this.call('getNodeTree', { merged: true, includeInvisible: true, format: 'json' });
    try {
      return jetwhaleFromValue(value, { where: this.description });
    } catch (e) {
      throw isTreewrightError(e) ? new DeviceError('device_error', `getNodeTree: the answer is not a JetWhale tree: ${reasonOf(e, this.description)}`, {
        where: this.description, stage: 'getNodeTree', hint: 'The server does not speak the JetWhale protocol treewright expects; check its version.',
      }) : e;
    }
  }

  readonly live = true;

  async perform(target: { snapshot: Snapshot; node: Node; rootId: string }, req: SemanticRequest): Promise<PerformResult> {
    const { rootId, nodeId } = jetwhaleAddress({ rootId: target.rootId }, target.node);
    const value = await this.call('performNodeAction', {
      rootId, nodeId, action: req.action,
      ...(req.text !== undefined ? { text: req.text } : {}),
      ...(req.index !== undefined ? { index: req.index } : {}),
      ...(req.dx !== undefined ? { scrollX: req.dx } : {}),
      ...(req.dy !== undefined ? { scrollY: req.dy } : {}),
    });
    if (!isObject(value) || typeof value.performed !== 'boolean') {
      throw new DeviceError('device_error', `performNodeAction: the answer ${JSON.stringify(value)?.slice(0, 120)} lacks "performed"`, { where: this.description, stage: 'performNodeAction' });
    }
    return { performed: value.performed, ...(typeof value.message === 'string' && value.message ? { message: value.message } : {}) };
  }

  /**
   * Which node a tap at a screen point would reach (JetWhale's own hit test), looked up in a fresh
   * capture; null when nothing there takes touch.
   */
  async nodeAt(x: number, y: number): Promise<{ rootId: string; nodeId: number; node: Node | null } | null> {
    const value = await this.call('nodeAt', { x: Math.round(x), y: Math.round(y) });
    if (!isObject(value) || !('node' in value)) {
      throw new DeviceError('device_error', `nodeAt: the answer ${JSON.stringify(value)?.slice(0, 120)} lacks "node"`, { where: this.description, stage: 'nodeAt' });
    }
    const hit = value.node;
    if (hit === null) return null;
    if (!isObject(hit) || typeof hit.rootId !== 'string' || !Number.isInteger(Number(hit.id))) {
      throw new DeviceError('device_error', `nodeAt: the node ${JSON.stringify(hit)?.slice(0, 120)} lacks its rootId / id`, { where: this.description, stage: 'nodeAt' });
    }
    const address = { rootId: hit.rootId, nodeId: Number(hit.id) };
    let node: Node | null = null;
    walk(await this.capture(), ({ node: n, root }) => {
      const a = jetwhaleAddress(root, n);
      if (a.rootId === address.rootId && a.nodeId === address.nodeId) node = n;
    });
    return { ...address, node };
  }

  /** JetWhale has no back key: back() dismisses the topmost modal window that offers Dismiss. */
  async back(): Promise<void> {
    await backByDismiss(this as JetWhaleDriver & Required<Pick<Driver, 'perform'>>);
  }

  async close(): Promise<void> {
    await this.conn?.close();
  }
}
