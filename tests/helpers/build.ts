import { makeNode } from '../../src/model/node.js';
import { makeSnapshot } from '../../src/model/serialize.js';
import type { Node, NodeFields, Root, Snapshot } from '../../src/model/schema.js';
import { Device } from '../../src/devices/device.js';
import { type Driver } from '../../src/devices/driver.js';

let nextId = 1;
/** Terse node builder for tests: n({ text: 'x', bounds: r(0,0,10,10) }, [children]). */
export function n(fields: Partial<NodeFields> = {}, children: Node[] = []): Node {
  return makeNode(fields.id ?? String(nextId++), fields, children);
}
export function r(x: number, y: number, width: number, height: number) {
  return { x, y, width, height };
}
export function root(node: Node, extra: Partial<Root> = {}): Root {
  return { rootId: extra.rootId ?? `root-${nextId++}`, label: null, unit: 'px', density: 1, windowOffset: { x: 0, y: 0 }, touchModal: false, ...extra, node };
}
export function snap(...roots: Root[]): Snapshot {
  return makeSnapshot({ source: 'test', roots, capturedAt: '2026-01-01T00:00:00.000Z' });
}

/** A driver that serves a scripted sequence of snapshots (the last one repeats), counting captures. */
export class ScriptedDriver implements Driver {
  readonly kind = 'scripted';
  readonly description = 'scripted:test';
  captures = 0;
  constructor(private readonly frames: Snapshot[] | (() => Snapshot)) {}
  async capture(): Promise<Snapshot> {
    this.captures++;
    if (typeof this.frames === 'function') return this.frames();
    return this.frames[Math.min(this.captures - 1, this.frames.length - 1)]!;
  }
  async close() {}
}

export function deviceOf(...frames: Snapshot[]): Device {
  return new Device(new ScriptedDriver(frames));
}
