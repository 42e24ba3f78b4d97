// Screens and images shared by tests/matchers/golden.spec.ts and the specs it generates and runs in a
// child Playwright (imported there by absolute path), so baselines written by the harness and captures
// made by the child come from the same code.
import { PNG } from 'pngjs';
import { Device } from '../../src/devices/device.js';
import type { Snapshot } from '../../src/model/schema.js';
import { n, r, root, snap, ScriptedDriver } from '../helpers/build.js';

/** A home screen: a title, a card with a label, a clock; `dy` shifts the card (layout noise). */
export function screen(opts: { title?: string; clock?: string; dy?: number } = {}): Snapshot {
  const dy = opts.dy ?? 0;
  return snap(root(n({ id: '1', tag: 'home_root', bounds: r(0, 0, 360, 800) }, [
    n({ id: '2', tag: 'title', text: opts.title ?? 'Home', bounds: r(16, 16, 328, 40) }),
    n({ id: '3', tag: 'card', role: 'Button', contentDescription: 'First card', clickable: true, actions: ['Click'], bounds: r(16, 100 + dy, 328, 120) }, [
      n({ id: '4', text: 'Card One', bounds: r(32, 116 + dy, 200, 24) }),
    ]),
    n({ id: '5', tag: 'clock', text: opts.clock ?? '09:41', bounds: r(300, 0, 60, 16) }),
  ]), { rootId: 'main' }));
}

/** A w×h PNG of one colour with `dots` black pixels in its first row. */
export function png(rgb: [number, number, number], dots = 0, w = 20, h = 10): Buffer {
  const img = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) img.data.set([...rgb, 255], i * 4);
  for (let i = 0; i < dots; i++) img.data.set([0, 0, 0, 255], i * 4);
  return PNG.sync.write(img);
}

/** A device with pixels whose screenshot() is its own (a subclass), serving one screen and one image. */
export class PixelDevice extends Device {
  constructor(private readonly image: Buffer, frame: Snapshot = screen()) {
    super(new ScriptedDriver([frame]));
  }

  override async screenshot(): Promise<Buffer> {
    return this.image;
  }
}
