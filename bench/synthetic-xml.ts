/**
 * Realistic uiautomator dumps of an exact node count, for the XML import benchmark: a status-bar
 * and a navigation-bar window (SystemUI), an app window (decor layouts, toolbar, a scrolling list
 * of rows — icon, title + subtitle, trailing button or switch — with nested cards every few rows)
 * and a floating dialog on top. Deterministic for a seed. Built iteratively, like the dumps
 * uiautomator writes: one line, every attribute, in uiautomator's attribute order.
 */
import { prng } from './prng.js';

export interface SyntheticDumpOptions {
  seed?: number;
  /** Appium page-source form: elements named after their class, `displayed` instead of `visible-to-user`. */
  appium?: boolean;
}

/** Nodes the fixed parts take (windows, decor, toolbar, dialog); `n` must be at least this. */
export const SYNTHETIC_DUMP_MIN_NODES = 24;

const W = 1080, H = 2400, STATUS = 63, NAV = 126;
const PKG = 'com.example.mail';
const WORDS = ['inbox', 'settings', 'photo', 'album', 'message', 'invoice', 'travel', 'music', 'note', 'draft',
  'meeting', 'recipe', 'update', 'report', 'ticket', 'order', 'review', 'backup', 'alarm', 'contact'];

interface Attrs {
  cls: string;
  pkg?: string;
  text?: string;
  id?: string;
  desc?: string;
  bounds: [number, number, number, number];
  clickable?: boolean;
  longClickable?: boolean;
  scrollable?: boolean;
  focusable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  selected?: boolean;
  hint?: string;
}


function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

class DumpWriter {
  readonly out: string[] = [];
  count = 0;
  private readonly open: string[] = [];
  private readonly index: number[] = [0];
  constructor(private readonly appium: boolean) {}

  private tag(a: Attrs, selfClose: boolean): void {
    const idx = this.index[this.index.length - 1]!;
    this.index[this.index.length - 1] = idx + 1;
    const b = (v: boolean | undefined) => (v ? 'true' : 'false');
    const [x1, y1, x2, y2] = a.bounds;
    const name = this.appium ? a.cls : 'node';
    this.out.push(`<${name} index="${idx}" text="${esc(a.text ?? '')}" resource-id="${a.id ?? ''}" class="${a.cls}" package="${a.pkg ?? PKG}" content-desc="${esc(a.desc ?? '')}" checkable="${b(a.checkable)}" checked="${b(a.checked)}" clickable="${b(a.clickable)}" enabled="true" focusable="${b(a.focusable ?? a.clickable)}" focused="false" scrollable="${b(a.scrollable)}" long-clickable="${b(a.longClickable)}" password="false" selected="${b(a.selected)}" ${this.appium ? 'displayed' : 'visible-to-user'}="true" bounds="[${x1},${y1}][${x2},${y2}]" drawing-order="${idx + 1}" hint="${esc(a.hint ?? '')}"${selfClose ? ' />' : '>'}`);
    this.count++;
  }
  leaf(a: Attrs): void { this.tag(a, true); }
  push(a: Attrs): void { this.tag(a, false); this.open.push(this.appium ? a.cls : 'node'); this.index.push(0); }
  pop(): void { this.out.push(`</${this.open.pop()!}>`); this.index.pop(); }
}

/** A dump of exactly `n` nodes (elements under <hierarchy>). */
export function syntheticDump(n: number, opts: SyntheticDumpOptions = {}): string {
  if (n < SYNTHETIC_DUMP_MIN_NODES) throw new RangeError(`syntheticDump needs at least ${SYNTHETIC_DUMP_MIN_NODES} nodes, got ${n}`);
  const rnd = prng(opts.seed ?? 1);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const w = new DumpWriter(opts.appium ?? false);
  w.out.push(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`);

  // App window: decor (3) + toolbar (4) + list (1) = 8 nodes before the rows.
  w.push({ cls: 'android.widget.FrameLayout', bounds: [0, 0, W, H] });
  w.push({ cls: 'android.widget.LinearLayout', bounds: [0, 0, W, H] });
  w.push({ cls: 'android.widget.FrameLayout', id: 'android:id/content', bounds: [0, STATUS, W, H - NAV] });
  w.push({ cls: 'android.view.ViewGroup', id: `${PKG}:id/toolbar`, bounds: [0, STATUS, W, STATUS + 147] });
  w.leaf({ cls: 'android.widget.ImageButton', desc: 'Navigate up', clickable: true, bounds: [0, STATUS, 147, STATUS + 147] });
  w.leaf({ cls: 'android.widget.TextView', text: 'Inbox', id: `${PKG}:id/title`, bounds: [189, STATUS + 40, 600, STATUS + 107] });
  w.leaf({ cls: 'android.widget.ImageButton', desc: 'Search', id: `${PKG}:id/search`, clickable: true, bounds: [933, STATUS, W, STATUS + 147] });
  w.pop();
  w.push({ cls: 'androidx.recyclerview.widget.RecyclerView', id: `${PKG}:id/list`, scrollable: true, focusable: true, bounds: [0, STATUS + 147, W, H - NAV] });

  // Fixed tail: list/decor closes, then status bar (2), nav bar (4), dialog (10).
  const tail = 16;
  let y = STATUS + 147;
  let row = 0;
  while (n - w.count - tail > 0) {
    const left = n - w.count - tail;
    // Rows continue below the fold, as in a full-page capture (a dump of this size is no phone screen).
    const top = y, bottom = y + 200;
    if (left >= 12 && row % 5 === 4) {
      // A card: heading, body, and a row of chips inside a nested horizontal list (12 nodes).
      w.push({ cls: 'android.widget.FrameLayout', id: `${PKG}:id/card`, bounds: [32, top, W - 32, bottom] });
      w.push({ cls: 'android.widget.LinearLayout', bounds: [32, top, W - 32, bottom] });
      w.leaf({ cls: 'android.widget.TextView', text: `${word()} & ${word()}`, bounds: [64, top, W - 64, top + 60] });
      w.leaf({ cls: 'android.widget.TextView', text: `${word()}\n${word()} ${row}`, bounds: [64, top + 60, W - 64, top + 120] });
      w.push({ cls: 'android.widget.HorizontalScrollView', scrollable: true, bounds: [32, top + 120, W - 32, bottom] });
      w.push({ cls: 'android.widget.LinearLayout', bounds: [32, top + 120, W - 32, bottom] });
      for (let k = 0; k < 6; k++) w.leaf({ cls: 'android.widget.Button', text: word(), clickable: true, bounds: [32 + k * 170, top + 120, 32 + k * 170 + 160, bottom] });
      w.pop(); w.pop(); w.pop(); w.pop();
    } else if (left >= 6) {
      // A row: container, icon, two-line text block, trailing button or switch (6 nodes).
      const toggle = row % 3 === 0;
      w.push({ cls: 'android.widget.LinearLayout', id: `${PKG}:id/row`, clickable: true, longClickable: true, bounds: [0, top, W, bottom] });
      w.leaf({ cls: 'android.widget.ImageView', id: `${PKG}:id/avatar`, desc: `${word()} avatar`, bounds: [42, top + 40, 168, top + 166] });
      w.push({ cls: 'android.widget.LinearLayout', bounds: [210, top, 860, bottom] });
      w.leaf({ cls: 'android.widget.TextView', id: `${PKG}:id/subject`, text: `${word()} ${word()} #${row}`, bounds: [210, top + 30, 860, top + 100] });
      w.leaf({ cls: 'android.widget.TextView', id: `${PKG}:id/snippet`, text: `${word()} <${word()}> ${word()}`, bounds: [210, top + 110, 860, top + 170] });
      w.pop();
      if (toggle) w.leaf({ cls: 'android.widget.Switch', checkable: true, checked: row % 2 === 0, clickable: true, text: 'ON', bounds: [900, top + 60, 1038, top + 140] });
      else w.leaf({ cls: 'android.widget.Button', id: `${PKG}:id/action`, text: 'Reply', clickable: true, bounds: [880, top + 50, 1038, top + 150] });
      w.pop();
    } else {
      w.leaf({ cls: 'android.widget.TextView', text: word(), bounds: [0, top, W, bottom] });
    }
    y += 200;
    row++;
  }
  w.pop(); w.pop(); w.pop(); w.pop(); // list, content, decor LinearLayout, window

  w.push({ cls: 'android.widget.FrameLayout', pkg: 'com.android.systemui', bounds: [0, 0, W, STATUS] });
  w.leaf({ cls: 'android.widget.TextView', pkg: 'com.android.systemui', id: 'com.android.systemui:id/clock', text: '12:30', bounds: [42, 0, 180, STATUS] });
  w.pop();
  w.push({ cls: 'android.widget.FrameLayout', pkg: 'com.android.systemui', bounds: [0, H - NAV, W, H] });
  for (const [desc, x] of [['Back', 180], ['Home', 480], ['Overview', 780]] as const) {
    w.leaf({ cls: 'android.widget.ImageView', pkg: 'com.android.systemui', desc, clickable: true, bounds: [x, H - NAV, x + 120, H] });
  }
  w.pop();

  // A floating AlertDialog (10 nodes).
  const d = [80, 900, W - 80, 1500] as [number, number, number, number];
  w.push({ cls: 'android.widget.FrameLayout', bounds: d });
  w.push({ cls: 'android.widget.FrameLayout', id: 'android:id/content', bounds: d });
  w.push({ cls: 'android.widget.LinearLayout', id: `${PKG}:id/parentPanel`, bounds: d });
  w.leaf({ cls: 'android.widget.TextView', id: `${PKG}:id/alertTitle`, text: 'Discard draft?', bounds: [140, 960, 900, 1040] });
  w.leaf({ cls: 'android.widget.TextView', id: 'android:id/message', text: 'Your changes will be lost.', bounds: [140, 1060, 900, 1200] });
  w.leaf({ cls: 'android.widget.EditText', id: `${PKG}:id/reason`, text: 'Reason', hint: 'Reason', clickable: true, bounds: [140, 1210, 900, 1300] });
  w.push({ cls: 'android.widget.LinearLayout', id: `${PKG}:id/buttonPanel`, bounds: [80, 1340, W - 80, 1500] });
  w.leaf({ cls: 'android.widget.Button', id: 'android:id/button2', text: 'Cancel', clickable: true, bounds: [500, 1360, 720, 1480] });
  w.leaf({ cls: 'android.widget.Button', id: 'android:id/button1', text: 'Discard', clickable: true, bounds: [740, 1360, 980, 1480] });
  w.leaf({ cls: 'android.widget.CheckBox', text: "Don't ask again", checkable: true, clickable: true, bounds: [140, 1300, 500, 1340] });
  w.pop(); w.pop(); w.pop(); w.pop();

  w.out.push('</hierarchy>');
  if (w.count !== n) throw new Error(`syntheticDump: built ${w.count} nodes, wanted ${n}`);
  return w.out.join('');
}
