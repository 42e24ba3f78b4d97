import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect as base } from '@playwright/test';
import { matchers } from '../../matchers/index.js';
import { connect } from '../../src/devices/connect.js';
import { importTree } from '../../src/formats/index.js';
import { analyzeReachability } from '../../src/facts/reachability.js';
import { FACT, nodeFacts } from '../../src/facts/node-facts.js';
import { audit } from '../../src/analysis/a11y.js';
import { walk } from '../../src/model/node.js';
import type { Node, Snapshot } from '../../src/model/schema.js';
import { clickable, node, rect, snapshotOf, win } from './reach-helpers.js';

const expect = base.extend(matchers);

/*
 * Visible rects (facts/clip.ts) on the real captures of issue 30 (fixtures/ = /work/shared/corpus):
 * a node is cut by the scrollers, lists and windows above it and by the bars drawn over a scroller's edge.
 */

const read = (file: string, density?: number): Snapshot => importTree(readFileSync(path.join(import.meta.dirname, '../../fixtures', file), 'utf8'), density ? { density } : {});
function find(s: Snapshot, test: (n: Node) => boolean): Node {
  let found: Node | null = null;
  walk(s, ({ node: n }) => { if (!found && test(n)) found = n; });
  if (!found) throw new Error('no such node');
  return found;
}
const visibleRect = (s: Snapshot, n: Node) => {
  const f = nodeFacts(s), i = f.orderOf(n)!;
  return { x: f.vx[i], y: f.vy[i], width: f.vw[i], height: f.vh[i] };
};

test('MeetMe (XCUITest): a cell running past its Table’s bottom is cut there; its tap point lies in the table’s visible part', () => {
  const s = read('ios/xcuitest-meetme-consent-table.xml');
  const cell = find(s, (n) => n.contentDescription === 'We and our partners process data to provide:' && n.rawRole === 'XCUIElementTypeCell');
  expect(cell.bounds).toEqual({ x: 20, y: 450, width: 335, height: 59 });
  // The Table spans y 120–464.
  expect(visibleRect(s, cell)).toEqual({ x: 20, y: 450, width: 335, height: 14 });
  const r = analyzeReachability(s).get(cell);
  expect(r.tap).toEqual({ x: 188, y: 457 });
  // A Cell is not stated clickable in an XCUITest source, so hittability is not asked of it.
  expect(r.hittable).toBe(null);
  // Nothing below the table's edge is reached through it any more.
  expect(analyzeReachability(s).nodeAt(188, 480)).not.toBe(cell);
});

test('016 (Compose): the "You said Test alert" bubble scrolled under the top app bar is neither visible nor hittable; the one below it is', async () => {
  const d = await connect('file:fixtures/uiautomator/016.xml', { density: 2.625 });
  // The bubble (y 23–102) lies above its message list's top (y 64) and under the top app bar (y 0–173).
  const bubble = d.byDesc('You said  Test alert Mon 12:37 pm .');
  await expect(bubble).toBeHidden({ timeout: 0 });
  await expect(bubble).not.toBeVisible({ timeout: 0 });
  await expect(bubble).not.toBeHittable({ timeout: 0 });
  // A.Keval's "Test alert" (y 124–205) shows below the bar from y 173 on: visible, and a tap there reaches it.
  const other = d.byDesc('A.Keval said  Test alert Mon 12:37 pm .');
  await expect(other).toBeVisible({ timeout: 0 });
  const s = read('uiautomator/016.xml');
  const row = find(s, (n) => n.contentDescription === 'A.Keval said  Test alert Mon 12:37 pm .');
  expect(visibleRect(s, row)).toEqual({ x: 41, y: 173, width: 129, height: 15 });
  // The message list itself shows between the bars: below the top app bar, above the compose bar.
  const list = find(s, (n) => n.tag === 'message_list');
  expect(visibleRect(s, list)).toEqual({ x: 0, y: 173, width: 720, height: 1477 - 173 });
  await d.close();
});

test('touch-target: a row cut by its list’s edge is not judged (028 LinearLayout #139 and img_fav #142, 013 View #22)', () => {
  for (const [file, ids] of [['uiautomator/028.xml', ['139', '142']], ['uiautomator/013.xml', ['22']]] as const) {
    const s = read(file, 2.625);
    const f = nodeFacts(s);
    for (const id of ids) {
      const n = find(s, (x) => x.id === id);
      expect(f.is(f.orderOf(n)!, FACT.CUT), `${file} #${id} is cut by its list's edge`).toBe(true);
    }
    const findings = audit(s).filter((x) => x.rule === 'touch-target');
    for (const id of ids) expect(findings.filter((x) => x.nodeId === id), `${file} #${id}`).toEqual([]);
  }
});

test('a row wholly inside its list is not cut; one running past either end is', () => {
  const inside = clickable(rect(0, 100, 100, 40));
  const pastTop = clickable(rect(0, 80, 100, 40));
  const pastBottom = clickable(rect(0, 280, 100, 40));
  const list = node({ scrollable: true, bounds: rect(0, 90, 100, 210) }, [pastTop, inside, pastBottom]);
  const s = snapshotOf(win(node({ bounds: rect(0, 0, 100, 400) }, [list])));
  const f = nodeFacts(s);
  expect([pastTop, inside, pastBottom].map((n) => f.is(f.orderOf(n)!, FACT.CUT))).toEqual([true, false, true]);
  expect(visibleRect(s, pastTop)).toEqual({ x: 0, y: 90, width: 100, height: 30 });
  expect(visibleRect(s, pastBottom)).toEqual({ x: 0, y: 280, width: 100, height: 20 });
  // A plain container clips nothing: a child drawn outside it is still reached (Compose delivers touches there).
  const outside = clickable(rect(0, 300, 100, 40));
  const s2 = snapshotOf(win(node({ bounds: rect(0, 0, 100, 400) }, [node({ bounds: rect(0, 0, 100, 100) }, [outside])])));
  expect(analyzeReachability(s2).get(outside)).toMatchObject({ hittable: true, tap: { x: 50, y: 320 } });
});
