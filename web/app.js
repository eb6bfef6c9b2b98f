'use strict';
// The playground: the form's state lives in the URL fragment, every change asks
// the worker (worker.js: fuzzycron in WebAssembly) and renders its answer. A
// request the worker does not answer within the time bound ends the worker.
const TIME_BOUND_MS = 2000;
const $ = (id) => document.getElementById(id);
const fields = ['expr', 'dialect', 'seed', 'host', 'tz', 'dst'];

let worker = null, pending = new Map(), counter = 0;
function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (event) => {
    if (event.data.ready) {
      $('version').textContent = event.data.version;
      return;
    }
    const p = pending.get(event.data.id);
    if (!p) return;
    pending.delete(event.data.id);
    clearTimeout(p.timer);
    event.data.ok ? p.resolve(event.data.result) : p.reject(event.data.error);
  };
}
function ask(request) {
  return new Promise((resolve, reject) => {
    const id = ++counter;
    const timer = setTimeout(() => {  // too long: a fresh worker for the next request
      pending.delete(id);
      worker.terminate();
      for (const p of pending.values()) p.reject({ message: 'interrupted' });
      pending.clear();
      startWorker();
      reject({ message: `no answer within ${TIME_BOUND_MS / 1000} s: the input was stopped` });
    }, TIME_BOUND_MS);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, ...request });
  });
}

// ---- state <-> URL fragment
function state() {
  const s = {};
  for (const f of fields) s[f] = $(f).value;
  return s;
}
function writeFragment(s) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v) params.set(k, v);
  history.replaceState(null, '', '#' + params.toString());
  $('share').href = location.href;
}
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const f of fields) if (params.has(f)) $(f).value = params.get(f);
}

function options(s) {
  const o = { dialect: s.dialect, tz: s.tz || 'UTC' };
  const seed = [];
  if (s.host) seed.push(s.host);
  if (s.seed) seed.push(s.seed);
  if (seed.length) o.seed = seed;
  if (s.dst) o.dst = s.dst;
  return o;
}

// ---- rendering
function distance(ms) {
  const future = ms >= 0, a = Math.abs(ms) / 1000;
  const units = [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]];
  const parts = [];
  let rest = Math.floor(a);
  for (const [u, n] of units) {
    if (rest >= n && parts.length < 2) { parts.push(Math.floor(rest / n) + u); rest %= n; }
  }
  const text = parts.join(' ') || '0s';
  return future ? `in ${text}` : `${text} ago`;
}
function inZone(ms, tz) {
  try {
    return new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
      second: '2-digit', timeZoneName: 'short',
    }).format(new Date(ms));
  } catch (e) {
    return new Date(ms).toISOString();
  }
}
function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
function item(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  parent.appendChild(e);
  return e;
}

function showError(error, expr) {
  $('error').textContent = error ? error.message + (error.column ? ` (column ${error.column})` : '') : '';
  const u = $('underline');
  clear(u);
  u.dataset.column = error && error.column ? String(error.column) : '';
  if (error && error.column > 0 && !error.line) {
    const at = error.column - 1;
    u.appendChild(document.createTextNode(expr.slice(0, at)));
    item(u, 'mark', expr.slice(at, at + 1) || ' ');  // the character the column names
  }
}

function render(s, r, now) {
  $('explanation').textContent = r.explain.sentences.join(' ');
  $('resolved').textContent = r.info.resolved !== s.expr ? `Resolved: ${r.info.resolved}` : '';
  const list = $('fields');
  clear(list);
  for (const f of r.explain.fields) item(list, 'li', `${f.field} ${f.text}: ${f.meaning}`);
  $('zone-head').textContent = r.info.zone;
  const body = $('times').tBodies[0];
  clear(body);
  const rows = [...r.prev.slice().reverse().map((t) => ['previous', t]), ...r.next.map((t) => ['next', t])];
  for (const [kind, t] of rows) {
    const tr = item(body, 'tr');
    tr.className = kind;
    tr.dataset.ms = String(t);
    item(tr, 'td', kind);
    item(tr, 'td', inZone(t, r.info.zone));
    item(tr, 'td', new Date(t).toISOString().replace('.000Z', 'Z'));
    item(tr, 'td', distance(t - now));
  }
  if (!rows.length) item(item(body, 'tr'), 'td', 'never fires');
  const findings = $('findings');
  clear(findings);
  for (const f of r.lint) {
    const li = item(findings, 'li');
    li.dataset.code = f.code;
    item(li, 'span', `${f.code} ${f.severity}`, `severity ${f.severity}`);
    item(li, 'span', ` ${f.message} `);
    if (f.rewrite) {
      const b = item(li, 'button', `Use ${f.rewrite}`);
      b.type = 'button';
      b.className = 'apply';
      b.onclick = () => { $('expr').value = f.rewrite; update(); $('expr').focus(); };
    }
  }
  if (!r.lint.length) item(findings, 'li', 'no findings');
}

let latest = 0;
async function update() {
  const s = state();
  writeFragment(s);
  const mine = ++latest, now = Date.now();
  try {
    const r = await ask({ kind: 'expression', expr: s.expr, options: options(s), from: now });
    if (mine !== latest) return;
    showError(null, s.expr);
    render(s, r, now);
  } catch (e) {
    if (mine !== latest) return;
    showError(e, s.expr);
    for (const id of ['explanation', 'resolved']) $(id).textContent = '';
    clear($('fields'));
    clear($('times').tBodies[0]);
    clear($('findings'));
  }
}

async function showSpread() {
  const s = state();
  const hosts = Math.max(1, Math.min(500, Number($('hosts').value) || 1));
  const names = Array.from({ length: hosts }, (_, i) => `host-${i + 1}`);
  const from = Date.UTC(2026, 0, 1);
  try {
    const r = await ask({ kind: 'spread', crontab: $('crontab').value, options: { dialect: s.dialect, tz: s.tz || 'UTC' },
                          spread: { hosts: names, from, window: 3600000, resolution: 1000 } });
    $('spread-figures').textContent =
      `${r.entries} entries on ${r.hosts} hosts, over an hour: busiest second ${r.before.peak} before hashing, ` +
      `${r.after.peak} after (mean ${r.after.mean.toFixed(2)})` + (r.errors.length ? `; ${r.errors.length} lines in error` : '');
    $('spread-plot').innerHTML = r.svg;  // the library's own SVG
  } catch (e) {
    $('spread-figures').textContent = e.message;
    clear($('spread-plot'));
  }
}

readFragment();
startWorker();
for (const f of fields) $(f).addEventListener('input', update);
window.addEventListener('hashchange', () => { readFragment(); update(); });
$('spread-run').addEventListener('click', showSpread);
if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('sw.js').catch(() => {});
update();
