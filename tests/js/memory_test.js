// Memory held by synchronous loops (not timed): 300,000 parses with one next()
// each, in one synchronous loop with no turn of the event loop (so no
// finalizer can run), over 1,000 distinct expressions (four times the cache) in and out of zones and
// through both cron-parser APIs and fuzzycron's own, grow the process's RSS by
// less than 64 MiB: the compiled schedules are owned by a bounded cache, not by
// the garbage collector.
// Usage: node memory_test.js PACKAGE_DIR
'use strict';
const path = require('path');
const pkg = require(path.resolve(process.argv[2]));
const MiB = 1 << 20;
const at = new Date('2026-01-01T00:00:00Z');
function round(i) {
  const expr = `${i % 60} ${(i / 60 | 0) % 24} * * ${(i / 1440 | 0) % 2 ? '1-5' : '*'}`;
  const tz = i % 3 === 0 ? undefined : i % 3 === 1 ? 'America/New_York' : 'Europe/Berlin';
  switch (i % 3) {
    case 0: return pkg.CronExpressionParser.parse(expr, { tz, currentDate: at }).next();
    case 1: return pkg.parseExpression(expr, { tz, currentDate: at }).next();
    default: return pkg.parse(expr, { tz }).next(at);
  }
}
for (let i = 0; i < 5000; i++) round(i);  // the module loaded, the cache full, the heap warm
const before = process.memoryUsage().rss;
let last;
for (let i = 0; i < 300000; i++) last = round(i % 1000);
const grown = (process.memoryUsage().rss - before) / MiB;
console.log(`300,000 parses + next() in one synchronous loop: RSS grew by ${grown.toFixed(1)} MiB (limit 64), last ${last.toISOString()}`);
process.exitCode = grown < 64 ? 0 : 1;
