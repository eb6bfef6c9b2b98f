'use strict';
// cron-parser 4's `cron-parser/lib/expression`.
module.exports = require('../cron-parser4.js').CronExpression;
