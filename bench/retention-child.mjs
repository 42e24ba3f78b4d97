// Run with `node --expose-gc`: imports a large uiautomator dump, drops the text, then the snapshot, and
// prints (as one JSON line) how much of the heap each step leaves above the baseline, in MB. The dump is
// built to expose retention: 10,000 custom View classes (each a new entry in the class-name cache) and
// 4,000 spaces before each element, so the text is ~44 MB while the tree it holds is a few MB — a kept
// slice of the text shows as the whole text. Used by tests/formats/retention.spec.ts and bench/heap.ts.
import { importUiautomator } from 'treewright/core';

const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const N = 10_000;
const PAD = ' '.repeat(4000);
const heapMb = () => process.memoryUsage().heapUsed / 1e6;
const collect = () => { gc(); gc(); };

function dump() {
  const attrs = 'package="com.example" content-desc="" checkable="false" checked="false" enabled="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false"';
  const parts = [`<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" ${attrs} clickable="false" focusable="false" bounds="[0,0][1080,2400]">`];
  for (let i = 0; i < N; i++) {
    parts.push(`${PAD}<node index="${i}" text="Row number ${i} with a title" resource-id="com.example:id/row_${i}" class="com.example.widget.CustomRowView${i}" ${attrs} clickable="true" focusable="true" bounds="[0,${i}][1080,${i + 1}]" />`);
  }
  parts.push('</node></hierarchy>');
  return parts.join('');
}

collect();
const baseline = heapMb();
let xml = dump();
const inputMb = xml.length / 1e6;
let snapshot = importUiautomator(xml, { density: 2.625 });
const nodes = snapshot.roots[0].node.children.length + 1;
xml = null;
collect();
const heldWithSnapshot = heapMb() - baseline;
snapshot = null;
collect();
const afterDrop = heapMb() - baseline;
console.log(JSON.stringify({ inputMb, nodes, heldWithSnapshot, afterDrop }));
