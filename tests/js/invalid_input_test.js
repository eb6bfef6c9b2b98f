// Invalid and empty inputs as cron-parser treats them: Invalid Date, NaN, '',
// 0, null, undefined (and a few more) for currentDate, startDate, endDate and
// tz, through the package's 5.x API against cron-parser 5.10 and through its
// 4.x API against cron-parser 4.9, all in one process: the same answer (next
// and prev) or the same refusal, word for word. A yearly expression keeps the
// answers for "now" stable while both run.
// Usage: node invalid_input_test.js PACKAGE_DIR ORACLE5_DIR ORACLE4_DIR
'use strict';
const path = require('path');
const [packageDir, oracle5, oracle4] = process.argv.slice(2);
const mine = require(path.resolve(packageDir));
const five = require(path.resolve(oracle5, 'node_modules/cron-parser'));
const four = require(path.resolve(oracle4, 'node_modules/cron-parser'));

const values = {
  'Invalid Date': () => new Date(NaN), NaN: () => NaN, "''": () => '', 0: () => 0, null: () => null,
  undefined: () => undefined, false: () => false, "'garbage'": () => 'garbage', '1e20': () => 1e20,
  "'2021-06-01T12:00:00Z'": () => '2021-06-01T12:00:00Z', 'a Date': () => new Date('2019-06-01T12:00:00Z'),
};
const zones = { ...values, "'America/New_York'": () => 'America/New_York', "'Nowhere/Else'": () => 'Nowhere/Else' };
function outcome(parse, options) {
  const take = (f) => { try { return f().toISOString(); } catch (e) { return `throws ${e.message}`; } };
  try {
    const a = parse(options()), b = parse(options());
    return `next ${take(() => a.next())}, prev ${take(() => b.prev())}`;
  } catch (e) {
    return `parse throws ${e.constructor.name}: ${e.message}`;
  }
}
let passed = 0;
const failed = [];
const apis = [
  ['5', (o) => five.CronExpressionParser.parse('0 0 1 1 *', o), (o) => mine.CronExpressionParser.parse('0 0 1 1 *', o)],
  ['4', (o) => four.parseExpression('0 0 1 1 *', o), (o) => mine.parseExpression('0 0 1 1 *', o)],
];
const base = { currentDate: '2020-06-01T12:00:00Z', tz: 'UTC' };
for (const [major, theirs, ours] of apis)
  for (const key of ['currentDate', 'startDate', 'endDate', 'tz'])
    for (const [name, value] of Object.entries(key === 'tz' ? zones : values)) {
      for (const rest of [base, { tz: 'Europe/Berlin' }, {}]) {
        const options = () => ({ ...rest, [key]: value() });
        const a = outcome(theirs, options), b = outcome(ours, options);
        const id = `cron-parser ${major}: ${key}=${name} with ${JSON.stringify(rest)}`;
        if (a === b) passed++;
        else failed.push(`${id}\n      cron-parser: ${a}\n      package:     ${b}`);
      }
    }
console.log(`invalid input as cron-parser 5 and 4: ${passed} same, ${failed.length} differ`);
for (const f of failed) console.log(`FAIL ${f}`);
process.exitCode = failed.length ? 1 : 0;
