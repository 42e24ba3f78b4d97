// import each module of a graph in post-order, recording CPU per module (own cost)
import { readFileSync } from 'node:fs';
const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter(l => l.startsWith('esm '));
const kids = new Map();
for (const l of lines) { const [, u, p] = l.split(' '); if (!kids.has(p)) kids.set(p, []); if (!kids.get(p).includes(u)) kids.get(p).push(u); }
const order = []; const seen = new Set();
const visit = (u) => { if (seen.has(u)) return; seen.add(u); for (const k of kids.get(u) ?? []) visit(k); order.push(u); };
visit(process.argv[3]);
let last = process.cpuUsage(); const res = [];
for (const u of order) { if (u.startsWith('node:')) continue; await import(u); const c = process.cpuUsage(); res.push([(c.user + c.system - last.user - last.system) / 1000, u]); last = c; }
const grp = new Map();
for (const [t, u] of res) { const g = u.includes('/node_modules/') ? u.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1') : u.replace(/.*\/startup\//, ''); grp.set(g, (grp.get(g) ?? 0) + t); }
for (const [g, t] of [...grp].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[4] ?? 40))) console.log(t.toFixed(1).padStart(6), g);
console.log('sum', res.reduce((a, b) => a + b[0], 0).toFixed(0), 'modules', res.length);
