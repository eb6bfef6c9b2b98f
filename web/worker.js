// The playground's engine: fuzzycron in WebAssembly, in a worker so that no
// input can freeze the page (the page ends a request that takes too long by
// ending the worker). One request in, one answer out.
importScripts('fuzzycron-wasm.js');
const fc = {};
createFuzzycron(fc);  // WASM_ASYNC_COMPILATION=0: fuzzycron-wasm.wasm read and compiled when the call returns

function answer(text) {
  const r = JSON.parse(text);
  if (r && r.error) throw r.error;
  return r;
}

function schedule(expr, options, from) {
  const s = new fc.Schedule(expr, JSON.stringify(options));
  try {
    const error = s.error();
    if (error) throw JSON.parse(error).error;
    const info = JSON.parse(s.info());
    const next = [], prev = [];
    let t = from;
    for (let i = 0; i < 5; i++) { t = s.next(t); if (Number.isNaN(t)) break; next.push(t); }
    t = from;
    for (let i = 0; i < 3; i++) { t = s.prev(t); if (Number.isNaN(t)) break; prev.push(t); }
    return { info, next, prev };
  } finally {
    s.delete();
  }
}

onmessage = (event) => {
  const { id, kind, expr, options, from, crontab, spread } = event.data;
  let reply;
  try {
    if (kind === 'expression') {
      const result = schedule(expr, options, from);
      result.explain = answer(fc.explain(expr, JSON.stringify(options)));
      result.lint = answer(fc.lint(expr, JSON.stringify({ ...options, from })));
      reply = { id, ok: true, result };
    } else if (kind === 'spread') {
      reply = { id, ok: true, result: answer(fc.spread(crontab, JSON.stringify({ ...options, ...spread }))) };
    } else {
      reply = { id, ok: false, error: { message: `unknown request ${kind}` } };
    }
  } catch (e) {
    reply = { id, ok: false, error: e && e.message !== undefined ? e : { message: String(e) } };
  }
  postMessage(reply);
};
postMessage({ ready: true, version: fc.version() });
