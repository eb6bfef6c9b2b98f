// The package as a guest in an application's process: it installs no
// process-wide listeners, defines no globals, never exits the process, and an
// application's own uncaughtException handler sees an error thrown through the
// package (and the process lives on). Errors are Error subclasses; the
// cron-parser APIs say cron-parser's words and keep fuzzycron's as .fuzzycron.
// Usage: node citizen_test.js PACKAGE_DIR
'use strict';
const path = require('path');
const assert = require('assert');

const events = ['uncaughtException', 'unhandledRejection', 'exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'warning'];
const listenersBefore = events.map((e) => process.listenerCount(e));
const globalsBefore = new Set(Object.getOwnPropertyNames(globalThis));
const exit = process.exit;
process.exit = (code) => { throw new Error(`the package called process.exit(${code})`); };

const pkg = require(path.resolve(process.argv[2]));
// Use every entry point once so that the module is loaded and has compiled something.
pkg.parse('H * * * *', { seed: 'x' }).next();
pkg.CronExpressionParser.parse('*/5 * * * *', { tz: 'Europe/Berlin' }).next();
pkg.parseExpression('*/5 * * * *', { tz: 'UTC', iterator: true }).next();
pkg.explain('0 9 * * 1-5');
const errors = [];
for (const f of [() => pkg.parse('61 * * * *'), () => pkg.CronExpressionParser.parse('61 * * * *'),
  () => pkg.parseExpression('61 * * * *'), () => pkg.CronExpressionParser.parse('0 * * * *', { tz: 'Nowhere/Else' }).next()]) {
  try { f(); errors.push(null); } catch (e) { errors.push(e); }
}

const checks = [];
const check = (name, f) => { try { f(); checks.push([name, null]); } catch (e) { checks.push([name, e]); } };
check('no process listeners added', () =>
  assert.deepStrictEqual(events.map((e) => process.listenerCount(e)), listenersBefore));
check('no globals added', () =>
  assert.deepStrictEqual(Object.getOwnPropertyNames(globalThis).filter((n) => !globalsBefore.has(n)), []));
check('every rejection is an Error', () => errors.forEach((e, i) => assert.ok(e instanceof Error, `case ${i}: ${e}`)));
check("fuzzycron's own API says fuzzycron's text", () => assert.match(errors[0].message, /column 1/));
check("cron-parser 5's API says cron-parser's words, fuzzycron's kept", () => {
  assert.strictEqual(errors[1].message, 'Constraint error, got value 61 expected range 0-59');
  assert.ok(errors[1].fuzzycron && errors[1].fuzzycron !== errors[1].message);
});
check("cron-parser 4's API says cron-parser's words", () =>
  assert.strictEqual(errors[2].message, 'Constraint error, got value 61 expected range 0-59'));

// The application's own handler receives an error thrown through the package
// from a timer, and the process continues to the next turn.
let handled = null;
process.on('uncaughtException', (e) => { handled = e; });
setTimeout(() => pkg.CronExpressionParser.parse('not a cron'), 0);
setTimeout(() => {
  check("the app's handler got the package's error", () => assert.ok(handled instanceof Error, String(handled)));
  Promise.reject(new Error('an app rejection'));  // with no unhandledRejection listener of the package...
  process.on('unhandledRejection', () => {
    setImmediate(() => {  // ...the app's own handler is the one called
      process.exit = exit;
      let failed = 0;
      for (const [name, e] of checks) {
        console.log(`${e ? 'FAIL' : 'ok  '} ${name}${e ? ': ' + e.message : ''}`);
        if (e) failed++;
      }
      console.log(`good citizen: ${checks.length - failed} passed, ${failed} failed`);
      process.exitCode = failed ? 1 : 0;
    });
  });
}, 10);
