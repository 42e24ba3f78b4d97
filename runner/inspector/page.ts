// The inspector's page: one static HTML document with its script inline (no build step, no
// dependency). It polls the session's state, draws the wireframe beside the outline, highlights a
// hovered node in both, and shows the picked node's facts and best locator. Everything from the app
// is set as text (textContent), never parsed as HTML; the wireframe SVG is escaped by its renderer.
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>treewright inspector</title>
<style>
  :root { font: 13px/1.4 system-ui, sans-serif; color: #1b1b1f; }
  body { margin: 0; display: grid; grid-template-rows: auto auto 1fr; height: 100vh; }
  header { display: flex; gap: 16px; align-items: center; padding: 6px 12px; background: #f3f3f6; border-bottom: 1px solid #ddd; }
  header b { font-size: 14px; }
  #banner { display: none; padding: 8px 12px; background: #fde8e8; color: #8a1010; border-bottom: 1px solid #f5b5b5; white-space: pre-wrap; }
  #banner.on { display: block; }
  main { display: grid; grid-template-columns: auto minmax(260px, 1fr) 380px; gap: 8px; padding: 8px; min-height: 0; }
  section { overflow: auto; min-height: 0; }
  #wire svg { display: block; }
  #wire rect[data-id] { cursor: pointer; }
  #wire rect.hl { stroke: #1464f4 !important; stroke-width: 3 !important; fill: rgba(20, 100, 244, 0.15) !important; }
  #wire rect.pk { stroke: #e0006c !important; stroke-width: 3 !important; }
  #outline { font: 12px/1.35 ui-monospace, monospace; white-space: pre; }
  .row { cursor: pointer; padding: 0 4px; }
  .row.win { color: #666; cursor: default; }
  .row.hl { background: #dbe7ff; }
  .row.pk { background: #ffd6ea; }
  .row.delta { border-left: 3px solid #f0a000; }
  h3 { margin: 10px 0 4px; font-size: 13px; }
  dl { display: grid; grid-template-columns: 110px 1fr; margin: 0; }
  dt { color: #666; } dd { margin: 0; word-break: break-word; }
  code { font: 12px ui-monospace, monospace; background: #f3f3f6; padding: 2px 4px; word-break: break-all; }
  button { font: inherit; }
  #findings li { cursor: pointer; } #findings li:hover { text-decoration: underline; }
  .error { color: #b00020; } .warning { color: #a05a00; } .info { color: #555; }
  #lines { font: 12px ui-monospace, monospace; white-space: pre; background: #f8f8fa; padding: 4px; min-height: 2em; }
  #msg { color: #555; }
</style>
</head>
<body>
<header>
  <b>treewright inspector</b>
  <span>source <code id="source"></code></span>
  <span>generation <code id="generation">–</code></span>
  <span>captures <span id="captures">0</span></span>
  <label><input type="checkbox" id="record"> record</label>
  <span id="msg"></span>
</header>
<div id="banner" role="alert"></div>
<main>
  <section id="wire" aria-label="wireframe"></section>
  <section id="outline" aria-label="outline"></section>
  <section id="side">
    <div id="picked" hidden>
      <h3>Locator</h3>
      <div><code id="locator"></code> <button id="copy">Copy</button></div>
      <h3>Facts</h3>
      <dl id="facts"></dl>
      <div id="acting">
        <h3>Act</h3>
        <button data-act="click">Click</button>
        <input id="fill-text" placeholder="text to fill" size="14"> <button data-act="fill">Fill</button>
        <button data-act="check">Check</button> <button data-act="uncheck">Uncheck</button>
        <button data-act="scroll">Scroll</button>
      </div>
      <h3>Expect</h3>
      <button data-expect="visible">toBeVisible</button>
      <button data-expect="text">toHaveText</button>
      <button data-expect="checked">toBeChecked</button>
    </div>
    <h3>Recorded</h3>
    <div id="lines"></div>
    <div><input id="save-path" value="tests/recorded.spec.ts" size="24"> <button id="save">Save spec</button> <button id="clear">Clear</button></div>
    <h3>A11y findings (<span id="finding-count">0</span>)</h3>
    <ol id="findings"></ol>
  </section>
</main>
<script>
'use strict';
const $ = (id) => document.getElementById(id);
let version = -1, picked = null, state = null;

function say(text) { $('msg').textContent = text; }

async function api(path, body) {
  const res = await fetch(path, body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || res.statusText);
  return json;
}

function each(selector, fn) { document.querySelectorAll(selector).forEach(fn); }
function byId(id) { return '[data-id="' + CSS.escape(id) + '"]'; }

function mark(cls, id) {
  each('.' + cls, (el) => el.classList.remove(cls));
  if (id !== null) each('#wire rect' + byId(id) + ', .row' + byId(id), (el) => el.classList.add(cls));
}

function render(s) {
  state = s;
  $('source').textContent = s.source;
  $('captures').textContent = String(s.captures);
  $('banner').textContent = s.error ? 'Device lost: ' + s.error + '\\nRetrying…' : '';
  $('banner').classList.toggle('on', !!s.error);
  $('record').checked = s.recording;
  $('lines').textContent = s.lines.join('\\n');
  $('acting').hidden = !s.canAct;
  const sc = s.screen;
  if (!sc) return;
  $('generation').textContent = sc.generation;
  $('wire').innerHTML = sc.svg;
  const delta = new Set([...sc.delta.added, ...sc.delta.changed]);
  const out = $('outline');
  out.textContent = '';
  for (const r of sc.rows) {
    const div = document.createElement('div');
    div.className = 'row' + (r.id === null ? ' win' : '') + (r.id !== null && delta.has(r.id) ? ' delta' : '');
    if (r.id !== null) div.dataset.id = r.id;
    div.textContent = '  '.repeat(r.depth) + (r.id === null ? '' : '- ') + r.line;
    out.appendChild(div);
  }
  $('finding-count').textContent = String(sc.findings.length);
  const list = $('findings');
  list.textContent = '';
  for (const f of sc.findings) {
    const li = document.createElement('li');
    li.className = f.severity;
    li.textContent = f.rule + ': ' + f.message;
    if (f.nodeId !== null) li.dataset.node = f.nodeId;
    list.appendChild(li);
  }
  if (picked !== null) pick(picked, false);
}

async function poll() {
  try {
    const s = await api('api/state?since=' + version);
    if (!s.same) { version = s.version; render(s); }
  } catch (e) {
    $('banner').textContent = 'The inspector is not answering: ' + e.message;
    $('banner').classList.add('on');
  }
  setTimeout(poll, 400);
}

async function pick(id, scroll = true) {
  picked = id;
  mark('pk', id);
  let v;
  try { v = await api('api/node?id=' + encodeURIComponent(id)); } catch (e) {
    // Gone after a capture (the screen moved on): the panel goes; the last action's result stays shown.
    $('picked').hidden = true; picked = null; mark('pk', null); if (scroll) say('That node is gone from this capture.'); return;
  }
  $('picked').hidden = false;
  $('picked').dataset.id = id;
  $('locator').textContent = v.locator;
  const facts = $('facts');
  facts.textContent = '';
  const add = (k, val) => {
    const dt = document.createElement('dt'); dt.textContent = k;
    const dd = document.createElement('dd'); dd.textContent = val; dd.dataset.fact = k;
    facts.append(dt, dd);
  };
  add('role', v.role ?? '—');
  add('name', v.name || '—');
  const st = [v.state.enabled ? 'enabled' : 'disabled', v.state.visible ? 'visible' : 'hidden'];
  for (const [k, x] of Object.entries(v.state)) if (k !== 'enabled' && k !== 'visible' && x !== null && x !== false) st.push(x === true ? k : k + '=' + x);
  add('state', st.join(', '));
  add('visible rect', v.rect.x + ',' + v.rect.y + ' ' + v.rect.width + '×' + v.rect.height + ' ' + v.unit);
  add('tap point', v.tap ? v.tap.x + ',' + v.tap.y : 'none (not on screen)');
  add('hittable', v.hittable === null ? '—' : String(v.hittable));
  add('covered by', v.coveredBy ?? 'nothing');
  add('line', v.line);
  $('picked').querySelector('[data-expect="checked"]').disabled = v.expects.checked === null;
  $('picked').querySelector('[data-expect="text"]').disabled = v.expects.text === null;
  if (scroll) document.querySelector('.row' + byId(id))?.scrollIntoView({ block: 'nearest' });
}

document.addEventListener('mouseover', (e) => {
  const el = e.target.closest && e.target.closest('#wire rect[data-id], .row[data-id]');
  mark('hl', el ? el.dataset.id : null);
});
document.addEventListener('click', async (e) => {
  const t = e.target;
  const node = t.closest && t.closest('#wire rect[data-id], .row[data-id]');
  if (node) { pick(node.dataset.id); return; }
  const finding = t.closest && t.closest('#findings li[data-node]');
  if (finding) { pick(finding.dataset.node); return; }
  if (t.dataset.act && picked !== null) {
    say('performing ' + t.dataset.act + '…');
    try {
      const r = await api('api/act', { id: picked, action: t.dataset.act, text: $('fill-text').value });
      say('done: ' + r.line + ' (' + r.via + ')');
    } catch (err) { say('failed: ' + err.message); }
    return;
  }
  if (t.dataset.expect && picked !== null) {
    try { const r = await api('api/expect', { id: picked, kind: t.dataset.expect }); say('added: ' + r.line); } catch (err) { say('failed: ' + err.message); }
  }
});
$('copy').addEventListener('click', async () => {
  const text = $('locator').textContent;
  try { await navigator.clipboard.writeText(text); say('copied'); } catch {
    const r = document.createRange(); r.selectNodeContents($('locator'));
    const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r);
    say(document.execCommand('copy') ? 'copied' : 'select and copy the locator');
  }
});
$('record').addEventListener('change', (e) => { api('api/record', { on: e.target.checked }).catch((err) => say('failed: ' + err.message)); });
$('clear').addEventListener('click', () => { api('api/record', { clear: true }).catch((err) => say('failed: ' + err.message)); });
$('save').addEventListener('click', async () => {
  try { const r = await api('api/save', { path: $('save-path').value }); say('saved ' + r.path); } catch (err) { say('failed: ' + err.message); }
});
poll();
</script>
</body>
</html>
`;
