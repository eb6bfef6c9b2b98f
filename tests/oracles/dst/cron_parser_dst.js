// The cron-parser DST oracle: reads cases as JSON lines on stdin ({"id", "expr",
// "tz", "from", "n"}) and writes {"id", "next": [...]} with n chained next()
// answers of the cron-parser installed in the directory given (4.x's
// parseExpression or 5.x's CronExpressionParser.parse), or {"id", "error"}; an
// error part-way keeps the answers before it.
'use strict';
const path = require('path');
const lib = require(path.resolve(process.argv[2], 'node_modules', 'cron-parser'));
const parse = lib.parseExpression ? (e, o) => lib.parseExpression(e, o) : (e, o) => lib.CronExpressionParser.parse(e, o);
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(Boolean);
const out = [];
for (const line of lines) {
  const c = JSON.parse(line);
  let it;
  try {
    it = parse(c.expr, { currentDate: new Date(c.from), tz: c.tz });
  } catch (e) {
    out.push(JSON.stringify({ id: c.id, error: String(e.message || e) }));
    continue;
  }
  const next = [];
  let error;
  for (let i = 0; i < c.n; i++) {
    try {
      const d = it.next();
      next.push((d.toDate ? d.toDate() : d).toISOString());
    } catch (e) {
      error = String(e.message || e);
      break;
    }
  }
  out.push(JSON.stringify(error ? { id: c.id, next, partial: error } : { id: c.id, next }));
}
process.stdout.write(out.join('\n') + '\n');
