// Issue 32, leftover: a snapshot whose JSON would pass the engine's longest string is a typed
// too_large (what, where, the one thing to do next), never a bare RangeError — in `snapshotToJson`
// itself, and so in `inspect --format json` and in the failure report a matcher attaches.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { importCmp } from '../../src/formats/cmp.js';
import { buildFailureReport } from '../../src/render/failure-report.js';
import { attachReport } from '../../matchers/report-attach.js';
import type { Snapshot } from '../../src/model/schema.js';

/**
 * The home tree with a note of 2^28 characters in two nodes' platform fields (one flat string, shared;
 * the outline does not print it): its JSON needs more than 2^29 characters, past V8's longest string.
 */
function tooLong(): Snapshot {
  const s = importCmp(readFileSync('fixtures/trees/home.json', 'utf8'), { where: 'home.json', capturedAt: '2026-01-01T00:00:00.000Z' });
  const long = Buffer.alloc(2 ** 28, 'x').toString('latin1');
  for (const n of s.roots[0]!.node.children.slice(0, 2)) n.platform = { ...n.platform, note: long };
  return s;
}

// One test: writing 2^29 characters to find they do not fit is the slow part, so it is done once.
test('a snapshot JSON over the longest string is a typed too_large; the failure report is attached without it, with a note saying why', async () => {
  test.setTimeout(300_000);
  const s = tooLong();
  const report = buildFailureReport({ matcher: 'toHaveText', target: 'device', locator: 'device', expected: '"a"', received: '"b"', snapshot: s, view: 'screen' });
  const attached: Array<{ name: string; body: string }> = [];
  await attachReport({ attach: async (name: string, o: { body: string | Buffer }) => { attached.push({ name, body: String(o.body) }); } } as never, report);
  const names = attached.map((a) => a.name);
  expect(names).toContain('treewright-toHaveText');
  expect(names).toContain('toHaveText-outline.txt');
  expect(names).not.toContain('toHaveText-snapshot.json');
  expect(JSON.parse(attached.find((a) => a.name === 'treewright-toHaveText')!.body).snapshot).toBeNull();
  // The note is the typed error's message: where (the source), what, and the one thing to do next.
  const note = attached.find((a) => a.name === 'toHaveText-snapshot-too-large.txt')?.body ?? '';
  expect(note.startsWith(`${s.source}: the snapshot is too large to write as one JSON text (`)).toBe(true);
  expect(note).toContain('\n  → Write a smaller part of the screen');
});

