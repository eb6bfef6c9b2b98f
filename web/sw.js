// Offline once loaded: the page's few files are kept and served from the cache
// (the engine is fuzzycron-wasm.wasm, with the zone database inside, and its glue).
const CACHE = 'fuzzycron-playground-v2';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'fuzzycron-wasm.js', 'fuzzycron-wasm.wasm'];
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES))));
self.addEventListener('fetch', (e) => {
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
