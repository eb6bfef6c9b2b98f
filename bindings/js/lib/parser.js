'use strict';
// cron-parser 4's `cron-parser/lib/parser`: parseExpression, fieldsToExpression, parseString, parseFile.
module.exports = require('../cron-parser4.js').CronParser;
