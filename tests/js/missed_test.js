// Schedule.missed (catch-up as a library call, fuzzycron/missed.h) through the
// npm package: each policy on an hourly schedule and an anchored interval, as
// the C++ header's example, Go's and Java's tests say; a bad policy refused.
// Usage: node missed_test.js PACKAGE_DIR
'use strict';
const assert = require('assert');
const path = require('path');
const fuzzycron = require(path.resolve(process.argv[2]));

const last = new Date('2026-03-01T08:00:00Z');
const now = new Date('2026-03-01T12:30:00Z');
const hour = (h) => `2026-03-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const iso = (m) => ({ ...m, run: m.run.map((d) => d.toISOString()) });
const hourly = fuzzycron.parse('0 * * * *');
assert.deepStrictEqual(iso(hourly.missed(last, now)), { run: [], missed: 4, skipped: 4, capped: false });
assert.deepStrictEqual(iso(hourly.missed(last, now, { catchUp: 'latest' })),
  { run: [hour(12)], missed: 4, skipped: 3, capped: false });
assert.deepStrictEqual(iso(hourly.missed(last, now, { catchUp: 'all', limit: 2 })).run, [hour(11), hour(12)]);
assert.deepStrictEqual(iso(hourly.missed(last, now, { catchUp: 'all', limit: 10, startingDeadline: '90m' })).run,
  [hour(11), hour(12)]);
assert.deepStrictEqual(iso(hourly.missed(last, now, { catchUp: 'all', limit: 10, startingDeadline: 5_400_000 })).run,
  [hour(11), hour(12)]);
const every = fuzzycron.parse('@every 90m from 2026-03-01T00:00Z', { dialect: 'standard' });
assert.deepStrictEqual(iso(every.missed(last, now, { catchUp: 'latest' })).run, [hour(12)]);
assert.throws(() => hourly.missed(last, now, { catchUp: 'sometimes' }),
  (e) => e instanceof fuzzycron.FuzzycronError && /catchUp: use skip, latest or all/.test(e.message));
assert.throws(() => hourly.missed(last, now, { catchUp: 'all', limit: 0 }), fuzzycron.FuzzycronError);
console.log('missed: 8 passed');
