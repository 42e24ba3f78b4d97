// Run with `node --expose-gc --no-allocation-site-pretenuring --min-semi-space-size=64 --max-semi-space-size=64`
// (no tenured allocation sites, so what is measured is what the code keeps, not where the engine chose
// to make objects; a young generation large enough that a call rarely meets a young collection while its
// tree is in use). Imports a cmp tree capture after capture, reads each as a job does (audit, locator
// query, reachability, the lazy generation), keeps nothing, and prints (one JSON line) what the old
// generation gained per call, in MB, beside what a kept snapshot holds. A snapshot that dies young
// promotes ~nothing. One that the old generation points into (an accessor closure, a WeakMap entry's
// value, a closure two scopes deep) is copied and promoted by young collections and freed only by a
// full one. Run by bench/heap.ts (npm run bench -- heap), which reports it: it is no gate.
import v8 from 'node:v8';
import { analyzeReachability, audit, importCmp, parseLocator, resolveSelector } from 'treewright/core';

const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const N = 3_000;
const CALLS = 60;
const heapMb = () => process.memoryUsage().heapUsed / 1e6;

function cmpTree() {
  const kids = [];
  for (let i = 0; i < N; i++) {
    kids.push(`{"testTag":"row_${i}","text":"Row ${i} — ряд ${i}","contentDescription":null,"role":"Button","clickable":true,"disabled":false,"bounds":{"x":0,"y":${i * 48},"width":1080,"height":${i % 7 === 0 ? 20 : 48}},"designToken":{"tokens":["Primary"],"resolved":{"containerColor":"#0A2540","contentColor":"#${i % 5 === 0 ? '1A2A3A' : 'FFFFFF'}"}},"children":[]}`);
  }
  return `{"schemaVersion":1,"source":"headless-jvm","root":{"testTag":"list","text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":1080,"height":${N * 48}},"designToken":null,"children":[${kids.join(',')}]}}`;
}

const text = cmpTree();
const row = parseLocator('byRole("Button", { name: "Row 17 — ряд 17" })');
const JOBS = {
  import: () => {},
  audit: (s) => audit(s),
  query: (s) => resolveSelector(s, row),
  reachability: (s) => analyzeReachability(s).get(s.roots[0].node.children[5]),
  generation: (s) => s.generation,
};

const oldMb = () => v8.getHeapSpaceStatistics().find((x) => x.space_name === 'old_space').space_used_size / 1e6;

// Steady state, as a process reading capture after capture runs: calls back to back, no forced
// collection (a forced full one makes the engine drop and re-optimise code, which changes what it
// keeps). What the old generation gains per call (its growth between calls; a full collection's drop
// is not counted) is what the young collections promoted.
const out = { nodes: N + 1, calls: CALLS, treeMb: 0, promotedMbPerCall: {} };
gc(); gc();
const before = heapMb();
let kept = importCmp(text);
for (const job of Object.values(JOBS)) job(kept);
gc(); gc();
out.treeMb = heapMb() - before; // what a kept snapshot holds, with what the jobs derived from it
if (kept.roots.length !== 1) throw new Error('the probe tree did not import');
kept = null;
for (const [name, job] of Object.entries(JOBS)) {
  for (let k = 0; k < 20; k++) job(importCmp(text)); // warm: the optimised code is what users run
  let promoted = 0;
  let old = oldMb();
  for (let r = 0; r < CALLS; r++) {
    job(importCmp(text));
    const now = oldMb();
    if (now > old) promoted += now - old;
    old = now;
  }
  out.promotedMbPerCall[name] = promoted / CALLS;
}
console.log(JSON.stringify(out));
