/**
 * uiautomator XML import throughput: synthetic dumps of 5,000 and 50,000 nodes (linearity) and
 * the real dumps in fixtures/uiautomator, side by side with the cmp-inspector's converter (the
 * "peer"), loaded from TREEWRIGHT_PEER_UIAUTOMATOR (default uiautomator.mjs in bench/peer-lib.ts's folder) — its code
 * is never part of this repository. Median of several timed samples after a warm-up.
 *
 *   npx tsx bench/import-xml.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadPeerExport, peerHowTo } from './peer-lib.js';
import { timeAll } from './timing.js';
import { asRead, mbps } from './stats.js';
import { importUiautomator } from '../src/formats/uiautomator.js';
import { countNodes } from '../src/model/node.js';
import { syntheticDump } from './synthetic-xml.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, '..', 'fixtures', 'uiautomator');
const SAMPLES = 9;

type Convert = (xml: string) => unknown;

const fmt = (v: number, w = 8, d = 1) => v.toFixed(d).padStart(w);

async function loadPeer(): Promise<{ convert: Convert | null; path: string }> {
  const override = process.env.TREEWRIGHT_PEER_UIAUTOMATOR;
  const { fn, path } = await loadPeerExport<Convert>('uiautomator.mjs', 'convertUiautomatorXml', override ? resolve(override) : undefined);
  return { convert: fn, path };
}

const ours: Convert = (xml) => importUiautomator(xml, { capturedAt: '1970-01-01T00:00:00.000Z' });

export async function run(): Promise<void> {
  const peer = await loadPeer();
  console.log('uiautomator XML import (MB = 10^6 bytes of UTF-8 per CPU second; median of %d samples after warm-up)', SAMPLES);
  if (peer.convert) console.log(`peer: cmp-inspector convertUiautomatorXml from ${peer.path} (converts the first window only)`);
  else {
    console.log(`peer: not found at ${peer.path} — peer column skipped.`);
    for (const line of peerHowTo(['uiautomator.mjs'])) console.log(line);
    console.log('  (or set TREEWRIGHT_PEER_UIAUTOMATOR=/path/to/uiautomator.mjs)');
  }

  // Real dumps, side by side.
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml')).sort();
  console.log(`\nreal dumps (${FIXTURES})`);
  console.log('  file                     bytes  nodes  windows   ours MB/s' + (peer.convert ? '   peer MB/s   ours/peer' : ''));
  let bytesAll = 0, oursAll = 0, peerAll = 0;
  for (const f of files) {
    const xml = readFileSync(join(FIXTURES, f), 'utf8');
    const snap = importUiautomator(xml);
    const bytes = Buffer.byteLength(xml);
    const [ms, pms] = timeAll(peer.convert ? [{ f: ours, input: xml }, { f: peer.convert, input: xml }] : [{ f: ours, input: xml }]);
    bytesAll += bytes; oursAll += ms!;
    let line = `  ${f.padEnd(22)} ${String(bytes).padStart(7)} ${String(countNodes(snap)).padStart(6)} ${String(snap.roots.length).padStart(8)} ${fmt(mbps(bytes, ms!), 11)}`;
    if (pms !== undefined) {
      peerAll += pms;
      line += ` ${fmt(mbps(bytes, pms), 11)} ${fmt(pms / ms!, 11, 2)}`;
    }
    console.log(line);
  }
  let total = `  ${'all (sum of times)'.padEnd(22)} ${String(bytesAll).padStart(7)} ${''.padStart(6)} ${''.padStart(8)} ${fmt(mbps(bytesAll, oursAll), 11)}`;
  if (peer.convert) total += ` ${fmt(mbps(bytesAll, peerAll), 11)} ${fmt(peerAll / oursAll, 11, 2)}`;
  console.log(total);
  if (peer.convert) {
    const r = peerAll / oursAll;
    console.log(`  throughput ours / peer on the real dumps: ${r.toFixed(2)}× (target ≥ 1.5×): ${r >= 1.5 ? 'OK' : 'BELOW TARGET'}`);
  }

  // Synthetic: linearity in node count (5k and 50k timed interleaved).
  console.log('\nsynthetic dumps (4 windows: status bar, app with a long list, navigation bar, dialog)');
  console.log('  nodes      bytes   ours ms   ours MB/s' + (peer.convert ? '   peer ms   peer MB/s' : ''));
  const sizes = [5_000, 50_000];
  const inputs = sizes.map((n) => {
    const xml = asRead(syntheticDump(n, { seed: 7 }));
    const nodes = countNodes(importUiautomator(xml));
    if (nodes !== n) throw new Error(`synthetic dump of ${n} nodes imported as ${nodes}`);
    return xml;
  });
  // Each sample imports 50,000 nodes either way (10 × 5k or 1 × 50k), so both carry the same GC load.
  const reps = sizes.map((n) => 50_000 / n);
  const times = timeAll(inputs.map((input, i) => ({ f: ours, input, reps: reps[i] })));
  const peerTimes = peer.convert ? timeAll(inputs.map((input, i) => ({ f: peer.convert!, input, reps: reps[i] }))) : [];
  sizes.forEach((n, i) => {
    const bytes = Buffer.byteLength(inputs[i]!);
    let line = `  ${String(n).padStart(6)} ${String(bytes).padStart(10)} ${fmt(times[i]!, 9, 2)} ${fmt(mbps(bytes, times[i]!), 11)}`;
    if (peerTimes[i] !== undefined) line += ` ${fmt(peerTimes[i]!, 9, 2)} ${fmt(mbps(bytes, peerTimes[i]!), 11)}`;
    console.log(line);
  });
  const ratio = times[1]! / times[0]!;
  console.log(`  50k / 5k time ratio: ${ratio.toFixed(2)} for 10× the nodes (linear if ≤ 12): ${ratio <= 12 ? 'OK' : 'NOT LINEAR'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  run().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
