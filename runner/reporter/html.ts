/**
 * The report page: one self-contained HTML file (inline CSS, inline SVG, a little inline script for the
 * filters; no network, no external files; works from file://). Every string from the app or the tests
 * goes through escapeXml; a Content-Security-Policy allows only the page's own script (by hash), so
 * even a missed escape could not run anything. Deterministic for the same model: failure sections hold
 * no timings (those sit in `.dur` spans), so a sharded-and-merged run renders the same sections.
 */
import { createHash } from 'node:crypto';
import { escapeXml as esc } from '../../src/render/escape.js';
import { failureWireframe, outlineMarks, type FailureReport } from '../../src/render/failure-report.js';
import { goldenWireframes, type GoldenReport } from '../../src/render/golden-report.js';
import { alignGolden, lines as goldenLines, type GoldenRow } from '../../src/render/golden-align.js';
import { findingBadges } from '../../src/render/wireframe.js';
import { driftRow, DRIFT_COLUMNS } from '../../src/render/drift-table.js';
import type { Finding } from '../../src/common/finding.js';
import { countModel, type CodeFrame, type ReportAttempt, type ReportFailure, type ReportModel, type ReportStep, type ReportTest } from './model.js';
import { summaryText } from './summary.js';

const CSS = `
:root{--fg:#1f2937;--mute:#6b7280;--line:#e5e7eb;--bg:#f8fafc;--card:#fff;--red:#dc2626;--green:#16a34a;--amber:#d97706;--blue:#2563eb}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid var(--line);padding:10px 20px}
h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:0}h3{font-size:14px;margin:0 0 6px}h4{font-size:13px;margin:8px 0 4px;color:var(--mute)}
.summary{margin:0 0 8px;color:var(--mute)}
.filters{display:flex;gap:14px;flex-wrap:wrap;align-items:center}.filters input[type=search]{min-width:220px}
.counts{display:flex;gap:6px;flex-wrap:wrap;margin:0 0 8px}.counts button{font:inherit;font-size:12px;border:1px solid var(--line);background:#fff;border-radius:12px;padding:1px 9px;cursor:pointer}
.counts button[aria-pressed=true]{border-color:var(--fg);font-weight:600}
main{padding:14px 20px}
.tw-test{scroll-margin-top:150px;background:var(--card);border:1px solid var(--line);border-radius:8px;margin:0 0 10px}
.tw-test>details>summary{cursor:pointer;padding:8px 12px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.tw-test>details>div{padding:0 12px 12px}
.st{font-weight:600;font-size:12px;padding:1px 7px;border-radius:10px;color:#fff;background:var(--mute)}
.st.passed{background:var(--green)}.st.failed,.st.timedOut,.st.interrupted{background:var(--red)}.st.flaky{background:var(--amber)}.st.expected-failure{background:var(--green)}.st.skipped{background:#9ca3af}
.loc,.dur{color:var(--mute);font-size:12px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
pre{background:#f3f4f6;border-radius:6px;padding:8px;overflow:auto;margin:4px 0;white-space:pre}
.steps ol{margin:4px 0;padding-left:22px}.steps li{margin:2px 0}
.step-err{color:var(--red);white-space:pre-wrap}
.receipt{color:var(--mute);font-size:12px}.receipt .chg{color:var(--blue);font-weight:600}
.tw-failure{border:1px solid #fecaca;border-left:4px solid var(--red);border-radius:6px;padding:10px;margin:10px 0;background:#fff}
.kv{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}.kv dt{color:var(--mute)}.kv dd{margin:0}
.tw-body{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
figure{margin:0}figcaption{color:var(--mute);font-size:12px;margin-top:4px;max-width:380px}
.wf{max-height:720px;overflow:auto;border:1px solid var(--line);border-radius:6px;background:#fff}
.tw-outline{flex:1;min-width:320px}.tw-outline pre{max-height:720px;position:relative}
mark.m-fail.tw-focus{outline:2px solid var(--red);outline-offset:1px}
mark{border-radius:3px;padding:0 2px}mark.m-fail{background:#fecaca}mark.m-obs{background:#fed7aa}mark.m-error{background:#fecaca}mark.m-warning{background:#fde68a}mark.m-info{background:#bfdbfe}mark.m-also{background:#fee2e2}
table{border-collapse:collapse;margin:6px 0;font-size:12px}th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}th{background:#f3f4f6}
.sev-error{color:var(--red);font-weight:600}.sev-warning{color:var(--amber);font-weight:600}.sev-info{color:var(--blue)}
.tw-golden{display:flex;gap:8px 16px;flex-wrap:wrap;align-items:flex-start}
.tw-golden figure{display:flex;flex-direction:column;max-width:100%}.tw-golden .gcap{order:-1;margin:0 0 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:360px}
.wf{width:max-content;max-width:100%}.glegend{flex-basis:100%;margin:0;color:var(--mute);font-size:12px}.tw-golden pre.diff{flex-basis:100%}
.tw-sbs-wrap{max-height:720px;overflow:auto;border:1px solid var(--line);border-radius:6px;margin:8px 0;background:#fff}
.tw-sbs{border-collapse:collapse;width:100%;table-layout:fixed;margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.tw-sbs col.ln{width:4.5em}.tw-sbs th{position:sticky;top:0;z-index:1}
.tw-sbs td{border:0;border-right:1px solid var(--line);padding:0 6px;white-space:pre-wrap;word-break:break-all}
.tw-sbs td.ln{color:var(--mute);text-align:right;user-select:none}.tw-sbs td.pad{background:repeating-linear-gradient(135deg,#f3f4f6 0 4px,#fff 4px 8px)}
.tw-sbs tr.k-removed td.l{background:#fee2e2}.tw-sbs tr.k-added td.r{background:#dcfce7}.tw-sbs tr.k-changed td.l,.tw-sbs tr.k-changed td.r{background:#fef3c7}.tw-sbs tr.k-moved td.l,.tw-sbs tr.k-moved td.r{background:#e0f2fe}
.tw-sbs tr.fold td{background:#f3f4f6;color:var(--mute);text-align:center;cursor:pointer;font-style:italic}
.diff .add{color:var(--green)}.diff .rem{color:var(--red)}.diff .chg{color:var(--amber)}
.legend span{display:inline-block;margin-right:8px}.lgs{display:inline-block;width:10px;height:10px;border:2px solid;margin-right:3px;vertical-align:-1px}
.note{color:var(--mute);font-style:italic}
.errors pre{white-space:pre-wrap;color:#7f1d1d}
.tw-frame{margin:0 0 8px}.tw-frame .loc{margin-bottom:2px}.code-frame .cf-ctx{color:var(--mute)}.code-frame .cf-at{background:#fee2e2;color:#7f1d1d;font-weight:600;display:inline-block;min-width:100%}.code-frame .cf-caret{color:var(--red);font-weight:700}
`;

/**
 * Filters (failed only, status, project, rule, file, title; the status counts are buttons for the
 * status filter), the outline panel scrolled to its failing node whenever a failure comes into view,
 * and folded unchanged golden lines that unfold on a click. Plain DOM, no network, works from file://.
 */
const SCRIPT = `(function(){
var d=document,q=d.getElementById('tw-q'),f=d.getElementById('tw-failed'),st=d.getElementById('tw-status'),pr=d.getElementById('tw-project'),r=d.getElementById('tw-rule'),fl=d.getElementById('tw-file'),n=d.getElementById('tw-count');
function has(el,a,v){return (' '+(el.getAttribute(a)||'')+' ').indexOf(' '+v+' ')>=0;}
function centre(box,el){var b=box.getBoundingClientRect(),e=el.getBoundingClientRect();if(!b.height)return;
box.scrollTop+=e.top-b.top-(box.clientHeight-e.height)/2;box.scrollLeft+=Math.min(e.left-b.left-8,0);}
function focus(root){var o=root.querySelectorAll('.tw-outline pre');for(var i=0;i<o.length;i++){var m=o[i].querySelector('mark.m-fail')||o[i].querySelector('mark');if(m){m.classList.add('tw-focus');centre(o[i],m);}}}
function apply(){var tests=d.querySelectorAll('article.tw-test'),shown=0,text=q.value.toLowerCase();
for(var i=0;i<tests.length;i++){var t=tests[i];
var ok=(!f.checked||t.getAttribute('data-failed')==='1')&&(!st.value||t.getAttribute('data-outcome')===st.value)&&(!pr.value||t.getAttribute('data-project')===pr.value)&&(!r.value||has(t,'data-rules',r.value))&&(!fl.value||t.getAttribute('data-file')===fl.value)&&(!text||(t.getAttribute('data-title')||'').indexOf(text)>=0);
t.hidden=!ok;if(ok)shown++;
var s=t.querySelectorAll('section.tw-failure');for(var j=0;j<s.length;j++)s[j].hidden=!!r.value&&!has(s[j],'data-rules',r.value);}
var b=d.querySelectorAll('.counts button');for(var k=0;k<b.length;k++)b[k].setAttribute('aria-pressed',String(b[k].getAttribute('data-outcome')===st.value));
n.textContent=shown+' of '+tests.length+' tests shown';focus(d);}
[q,st,pr,r,fl].forEach(function(e){e.addEventListener('input',apply);e.addEventListener('change',apply);});f.addEventListener('change',apply);
d.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('.counts button');if(b){var v=b.getAttribute('data-outcome');st.value=st.value===v?'':v;apply();return;}
var fo=e.target.closest&&e.target.closest('tr.fold');if(fo){var tb=fo.parentNode;tb.nextElementSibling.hidden=false;tb.hidden=true;}});
d.addEventListener('toggle',function(e){if(e.target.open)focus(e.target);},true);
apply();})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
const CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${SCRIPT_HASH}'`;

function token(s: string): string {
  return s.replace(/\s+/g, '_');
}

function duration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms)}ms`;
}

/** Rules a failure is about: its matcher and every finding's rule and golden change kind (filter tokens). */
function rulesOf(f: FailureReport): string[] {
  const out = new Set<string>([f.matcher]);
  for (const x of f.findings) out.add(x.rule);
  for (const c of f.golden?.changes ?? []) out.add(`golden-${c.kind}`);
  return [...out].map(token);
}

function statusOf(t: ReportTest): string {
  return t.flaky ? 'flaky' : t.expectedFailure ? 'expected-failure' : t.status;
}

/** The statuses the status filter offers, in order: every test has exactly one (timed out and interrupted count as failed). */
export const OUTCOMES = ['passed', 'failed', 'flaky', 'skipped', 'expected-failure'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A test's status for the filter: the same buckets as the summary's counts (countModel), expected failures apart. */
export function outcomeOf(t: ReportTest): Outcome {
  return t.flaky ? 'flaky' : t.failed ? 'failed' : t.status === 'skipped' ? 'skipped' : t.expectedFailure ? 'expected-failure' : 'passed';
}

function renderSteps(steps: readonly ReportStep[]): string {
  if (!steps.length) return '';
  const items = steps.map((s) => {
    const r = s.receipt;
    const receipt = r
      ? `<div class="receipt">${esc(r.action)} via ${esc(r.via)} on <code>${esc(r.node)}</code> · generation ${esc(r.before)} → ${esc(r.after ?? 'not captured')} · ${r.changed ? '<span class="chg">screen changed</span>' : r.changed === null ? 'not captured after' : 'no change'}${r.message ? ` · ${esc(r.message)}` : ''}</div>`
      : '';
    const err = s.error ? `<div class="step-err">${esc(s.error.split('\n')[0] ?? '')}</div>` : '';
    return `<li><code>${esc(s.title)}</code> <span class="dur">${duration(s.durationMs)}</span>${receipt}${err}${renderSteps(s.steps)}</li>`;
  });
  return `<ol>${items.join('')}</ol>`;
}

const MARK_CLASS: Record<string, string> = { 'failing node': 'm-fail', 'also matched': 'm-also', 'obscures the failing node': 'm-obs' };

function renderOutline(f: FailureReport): string {
  if (!f.outline) return '';
  const marks = outlineMarks(f);
  const lines = f.outline.lines.map((l, i) => {
    const id = f.outline!.ids[i];
    const m = id != null ? marks.get(id) : undefined;
    if (!m) return esc(l);
    const cls = MARK_CLASS[m] ?? `m-${m.split(' ')[0]}`;
    return `<mark class="${cls}" title="${esc(m)}">${esc(l)}</mark>`;
  });
  const ex = f.excerpt && f.excerpt.keptNodes < f.excerpt.totalNodes ? `<p class="note">Excerpt: ${f.excerpt.keptNodes} of ${f.excerpt.totalNodes} nodes (the failing node, what obscures it and the findings' nodes are always kept).</p>` : '';
  return `<div class="tw-outline"><h4>Outline${f.view === 'subtree' ? ' (the locator\'s subtree)' : ''}</h4><pre class="outline">${lines.join('\n')}</pre>${ex}</div>`;
}

const LEGEND =
  '<span><i class="lgs" style="border-color:#dc2626;background:#fecaca"></i>failing</span>' +
  '<span><i class="lgs" style="border-color:#ea580c;background:#fed7aa"></i>obscuring node / window</span>' +
  '<span><i class="lgs" style="border-color:#2563eb"></i>clickable</span>' +
  '<span><i class="lgs" style="border-color:#aab2bd;background:#ede9fe"></i>tokenized</span>';

function renderWireframeFigure(f: FailureReport): string {
  const svg = failureWireframe(f);
  if (!svg) return '';
  return `<figure class="tw-wireframe"><div class="wf">${svg}</div><figcaption class="legend">${LEGEND}${f.findings.length ? '<span>numbered: nodes with findings</span>' : ''}</figcaption></figure>`;
}

function renderFindings(findings: readonly Finding[], total: number): string {
  const a11y = findings.filter((x) => x.check !== 'drift');
  if (!a11y.length) return '';
  const badges = findingBadges(findings);
  const rows = a11y.map((x) => `<tr><td>${x.nodeId !== null && badges.has(x.nodeId) ? badges.get(x.nodeId) : ''}</td><td class="sev-${x.severity}">${x.severity}</td><td>${esc(x.rule)}</td><td><code>${esc(x.node ?? (x.rootId ? `root ${x.rootId}` : 'screen'))}</code></td><td>${esc(x.message)}</td></tr>`);
  const more = total > findings.length ? `<p class="note">${total - findings.length} more findings left out.</p>` : '';
  return `<h4>Findings</h4><table class="findings"><thead><tr><th>#</th><th>severity</th><th>rule</th><th>node</th><th>message</th></tr></thead><tbody>${rows.join('')}</tbody></table>${more}`;
}

function renderDrift(findings: readonly Finding[]): string {
  const drift = findings.filter((x) => x.check === 'drift');
  if (!drift.length) return '';
  const badges = findingBadges(findings);
  const head = ['#', ...DRIFT_COLUMNS].map((c) => `<th>${esc(c)}</th>`).join('');
  const rows = drift.map((x) => `<tr class="sev-row-${x.severity}"><td>${x.nodeId !== null && badges.has(x.nodeId) ? badges.get(x.nodeId) : ''}</td>${driftRow(x).map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`);
  return `<h4>Token drift</h4><table class="drift"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderGolden(g: GoldenReport): string {
  const pair = goldenWireframes(g);
  const cls = (t: string) => (t.startsWith('+') ? 'add' : t.startsWith('-') ? 'rem' : 'chg');
  const diff = g.changes.map((c) => `<span class="${cls(c.text)}">${esc(c.text)}</span>`).join('\n');
  const figures = pair
    ? // One-line captions above the pictures, so both pictures start on the same line.
      `<figure><figcaption class="gcap" title="${esc(g.path)}">golden <code>${esc(g.path)}</code></figcaption><div class="wf">${pair.expected}</div></figure>` +
      `<figure><figcaption class="gcap">actual</figcaption><div class="wf">${pair.actual}</div></figure>` +
      '<p class="legend glegend"><span><i class="lgs" style="border-color:#b91c1c;background:#fecaca"></i>removed</span><span><i class="lgs" style="border-color:#15803d;background:#bbf7d0"></i>added</span><span><i class="lgs" style="border-color:#b45309;background:#fde68a"></i>changed</span><span><i class="lgs" style="border-color:#0369a1;background:#bae6fd"></i>moved</span></p>'
    : '';
  return `<h4>Golden diff: ${g.totalChanges} change${g.totalChanges === 1 ? '' : 's'}</h4><div class="tw-golden">${figures}<pre class="diff">${diff}</pre></div>${renderAligned(g)}${g.note ? `<p class="note">${esc(g.note)}</p>` : ''}`;
}

/** Unchanged lines kept around each change; longer unchanged runs fold into one row (click to unfold). */
const CONTEXT_LINES = 3;

/** The golden and actual texts side by side, row by row (src/render/golden-align.ts). */
function renderAligned(g: GoldenReport): string {
  const rows = alignGolden(g);
  if (!rows || g.expected === null || g.actual === null) return '';
  const left = goldenLines(g.expected), right = goldenLines(g.actual);
  const cell = (n: number | null, text: readonly string[], side: 'l' | 'r') =>
    n === null ? '<td class="ln pad"></td><td class="pad"></td>' : `<td class="ln">${n}</td><td class="${side}">${esc(text[n - 1] ?? '')}</td>`;
  const tr = (r: GoldenRow) => `<tr class="k-${r.kind}">${cell(r.left, left, 'l')}${cell(r.right, right, 'r')}</tr>`;
  // Rows within CONTEXT_LINES of a change are shown; each longer unchanged run is folded.
  const near = new Uint8Array(rows.length);
  rows.forEach((r, i) => {
    if (r.kind === 'same') return;
    for (let k = Math.max(0, i - CONTEXT_LINES); k <= Math.min(rows.length - 1, i + CONTEXT_LINES); k++) near[k] = 1;
  });
  const out: string[] = [];
  let open: string[] = [];
  const flush = () => {
    if (!open.length) return;
    out.push(open.length <= 2 ? `<tbody>${open.join('')}</tbody>` : `<tbody><tr class="fold"><td colspan="4">… ${open.length} unchanged lines …</td></tr></tbody><tbody hidden>${open.join('')}</tbody>`);
    open = [];
  };
  let shown: string[] = [];
  rows.forEach((r, i) => {
    if (near[i]) { flush(); shown.push(tr(r)); return; }
    if (shown.length) { out.push(`<tbody>${shown.join('')}</tbody>`); shown = []; }
    open.push(tr(r));
  });
  flush();
  if (shown.length) out.push(`<tbody>${shown.join('')}</tbody>`);
  return `<div class="tw-sbs-wrap"><table class="tw-sbs"><colgroup><col class="ln"><col><col class="ln"><col></colgroup><thead><tr><th colspan="2">golden <code>${esc(g.path)}</code></th><th colspan="2">actual</th></tr></thead>${out.join('')}</table></div>`;
}

/** The user's `file:line` and the source around it, the failing line marked and a caret under its column. */
function renderFrame(c: CodeFrame | undefined): string {
  if (!c) return '';
  const at = `${c.file}:${c.line}:${c.column}`;
  if (!c.lines) return `<div class="tw-frame"><div class="loc"><code>${esc(at)}</code> <span class="note">(source not shown: ${esc(c.missing ?? 'unavailable')})</span></div></div>`;
  const width = String(c.lines[c.lines.length - 1]!.line).length;
  const rows = c.lines.map((l) => {
    const n = String(l.line).padStart(width);
    if (l.line !== c.line) return `<span class="cf-ctx">  ${n} | ${esc(l.text)}</span>`;
    const caret = `  ${' '.repeat(width)} | ${l.text.slice(0, Math.max(0, c.column - 1)).replace(/[^\t]/g, ' ')}^`;
    return `<span class="cf-at">&gt; ${n} | ${esc(l.text)}</span>\n<span class="cf-caret">${esc(caret)}</span>`;
  });
  return `<div class="tw-frame"><div class="loc"><code>${esc(at)}</code></div><pre class="code-frame">${rows.join('\n')}</pre></div>`;
}

function renderFailure(f: ReportFailure): string {
  const kv = [
    ['Locator', `<code>${esc(f.locator)}</code>`],
    ['Expected', esc(f.expected)],
    ['Received', esc(f.received)],
  ];
  // The panels the failure's data calls for (FailureReport.panels), in page order.
  const on = new Set(f.panels);
  const details = on.has('details') ? `<pre class="details">${esc(f.details.join('\n'))}</pre>` : '';
  return (
    `<section class="tw-failure" data-matcher="${esc(token(f.matcher))}" data-panels="${esc(f.panels.join(' '))}" data-view="${esc(f.view)}" data-rules="${esc(rulesOf(f).join(' '))}">` +
    `<h3><code>${esc(f.call)}</code></h3>` +
    renderFrame(f.frame) +
    `<dl class="kv">${kv.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>` +
    (on.has('wireframe') || on.has('outline') ? `<div class="tw-body">${on.has('wireframe') ? renderWireframeFigure(f) : ''}${on.has('outline') ? renderOutline(f) : ''}</div>` : '') +
    (on.has('findings') ? renderFindings(f.findings, f.totalFindings) : '') +
    (on.has('drift') ? renderDrift(f.findings) : '') +
    (on.has('golden') && f.golden ? renderGolden(f.golden) : '') +
    details +
    '</section>'
  );
}

function renderAttempt(a: ReportAttempt, label: string | null): string {
  const failures = a.failures.map(renderFailure).join('');
  // Playwright's own messages, for failures no treewright section explains (a thrown error, a page assertion).
  const errors = a.errors.length ? `<details class="errors"${a.failures.length ? '' : ' open'}><summary>Error${a.errors.length > 1 ? 's' : ''} (as Playwright reports ${a.errors.length > 1 ? 'them' : 'it'})</summary>${a.errors.map((e) => `<pre>${esc(e)}</pre>`).join('')}</details>` : '';
  const steps = a.steps.length ? `<div class="steps"><h4>Steps</h4>${renderSteps(a.steps)}</div>` : '';
  return `${label ? `<h4>${esc(label)}</h4>` : ''}${steps}${failures}${errors}`;
}

/** A stable per-test anchor (file, project, title path), usable as #fragment across runs. */
export function anchorOf(t: ReportTest): string {
  return 't-' + t.key.split(String.fromCharCode(0)).join('--').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 120);
}

function renderTest(t: ReportTest): string {
  const rules = new Set<string>();
  for (const a of t.attempts) for (const f of a.failures) for (const r of rulesOf(f)) rules.add(r);
  const status = statusOf(t);
  const multi = t.attempts.length > 1;
  const body = t.attempts.map((a, i) => renderAttempt(a, multi ? `Attempt ${i + 1} of ${t.attempts.length} (retry #${a.retry}): ${a.status}` : null)).join('');
  const title = t.title.join(' › ');
  return (
    `<article class="tw-test" id="${esc(anchorOf(t))}" data-status="${esc(status)}" data-outcome="${outcomeOf(t)}" data-project="${esc(t.project)}" data-failed="${t.failed ? 1 : 0}" data-file="${esc(t.file)}" data-rules="${esc([...rules].join(' '))}" data-title="${esc(`${t.file} ${title}`.toLowerCase())}">` +
    `<details${t.failed ? ' open' : ''}><summary><span class="st ${esc(status)}">${esc(status)}</span><h2>${esc(title)}</h2><a class="anchor" href="#${esc(anchorOf(t))}" title="link to this test">#</a>` +
    `<span class="loc">${esc(t.file)}:${t.line}${t.project ? ` · ${esc(t.project)}` : ''}</span> <span class="dur">${duration(t.durationMs)}</span></summary>` +
    `<div>${body || '<p class="note">No steps recorded.</p>'}</div></details></article>`
  );
}

/** The whole page for a model. */
export function renderReportHtml(model: ReportModel): string {
  const counts = countModel(model);
  const rules = new Set<string>();
  const files = new Set<string>();
  const projects = new Set<string>();
  const byOutcome = new Map<Outcome, number>(OUTCOMES.map((o) => [o, 0]));
  for (const t of model.tests) {
    files.add(t.file);
    if (t.project) projects.add(t.project);
    byOutcome.set(outcomeOf(t), byOutcome.get(outcomeOf(t))! + 1);
    for (const a of t.attempts) for (const f of a.failures) for (const r of rulesOf(f)) rules.add(r);
  }
  const options = (values: Iterable<string>, all: string) => [`<option value="">${all}</option>`, ...[...values].sort().map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(model.title)}</title>
<style>${CSS}</style></head>
<body>
<header><h1>${esc(model.title)}</h1><p class="summary">${esc(summaryText(counts, null))}</p>
<div class="counts" role="group" aria-label="Counts by status">${OUTCOMES.map((o) => `<button type="button" data-outcome="${o}" aria-pressed="false"><span class="st ${o}">${o}</span> ${byOutcome.get(o)}</button>`).join('')}</div>
<div class="filters">
<label><input type="checkbox" id="tw-failed"> Failed only</label>
<label>Status <select id="tw-status"><option value="">All statuses (${model.tests.length})</option>${OUTCOMES.map((o) => `<option value="${o}">${o} (${byOutcome.get(o)})</option>`).join('')}</select></label>
<label>Project <select id="tw-project">${options(projects, 'All projects')}</select></label>
<label>Rule <select id="tw-rule">${options(rules, 'All rules')}</select></label>
<label>File <select id="tw-file">${options(files, 'All files')}</select></label>
<label>Test <input type="search" id="tw-q" placeholder="filter by title"></label>
<span id="tw-count" class="loc"></span>
</div></header>
<main>
${model.tests.map(renderTest).join('\n')}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}
