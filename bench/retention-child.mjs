// Run with `node --expose-gc`: imports a large uiautomator dump, drops the text, then the snapshot, and
// prints (as one JSON line) how much of the heap each step leaves above the baseline, in MB. The dump is
// built to expose retention: 10,000 custom View classes (each a new entry in the class-name cache) and
// 4,000 spaces before each element, so the text is ~44 MB while the tree it holds is a few MB — a kept
// slice of the text shows as the whole text. `node --expose-gc retention-child.mjs cmp` does the same with
// a cmp tree v1 JSON text (every string the import keeps must be a copy, not a slice of the text), padded
// with whitespace between members to the same size. Used by tests/formats/retention.spec.ts and bench/heap.ts.
import { importCmp, importUiautomator } from 'treewright/core';

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

function cmpTree() {
  const kids = [];
  for (let i = 0; i < N; i++) {
    kids.push(`${PAD}{"testTag":"com.example:id/row_${i}","text":"Row number ${i} with a title","contentDescription":null,"role":"CustomRowView${i}","clickable":true,"disabled":false,"bounds":{"x":0,"y":${i},"width":1080,"height":1},"designToken":{"tokens":["Token number ${i}"],"resolved":{"color-facet-${i}":"#0A2540 and more ${i}"}},"children":[]}`);
  }
  return `{"schemaVersion":1,"source":"headless-jvm","root":{"testTag":null,"text":null,"contentDescription":null,"bounds":{"x":0,"y":0,"width":1080,"height":2400},"designToken":null,"children":[${kids.join(',')}]}}`;
}

const cmp = process.argv[2] === 'cmp';
collect();
const baseline = heapMb();
let xml = cmp ? cmpTree() : dump();
const inputMb = xml.length / 1e6;
let snapshot = cmp ? importCmp(xml) : importUiautomator(xml, { density: 2.625 });
const nodes = snapshot.roots[0].node.children.length + 1;
xml = null;
collect();
const heldWithSnapshot = heapMb() - baseline;
snapshot = null;
collect();
const afterDrop = heapMb() - baseline;
console.log(JSON.stringify({ inputMb, nodes, heldWithSnapshot, afterDrop }));
